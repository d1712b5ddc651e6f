package cescacs

import (
	"strings"
	"testing"
)

const (
	ex10PDTL = "/26:1P1/13:6k1/9:2r5/4:2J2/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 30"
	ex16PDTL = "/28:v/27:1k/26:gjg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/10:1d5/9:4J3/8:3G3/7:2N5/6:2P1P2/5:PP2PP/4:PE1EP/3:R1NR/2:G2/1:DK/0:V/ b RKRrkr - 3 16"
	ex17PDTL = "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b KRrkr - 2 20"
)

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		pdtl    string
		before  []string // moves played first
		move    string
		kind    ResolveErrorKind
		msg     string // a substring of the message
		text    string // the text the error covers
		fix     string
		hasMove bool // the move is still identified
	}{
		{initialPDTL, nil, "F15-F17", ErrInvalidNotation, "not a move", "", "", false},
		{initialPDTL, nil, "NF2-C13", ErrNoPiece, "no white knight on F2: it holds a white bishop", "NF2", "", false},
		{initialPDTL, nil, "NG25-I21", ErrNoPiece, "holds a black knight", "NG25", "", false},
		{initialPDTL, nil, "NF14-I15", ErrNoPiece, "holds nothing", "NF14", "", false},
		{initialPDTL, nil, "RC3-C7", ErrPathBlocked, "blocked on C5 by a white pawn", "RC3-C7", "", false},
		{initialPDTL, nil, "ED4-D8", ErrPathBlocked, "needs D6 empty", "ED4-D8", "", false},
		{initialPDTL, nil, "NG3-C11", ErrPathBlocked, "needs E7 empty", "NG3-C11", "", false},
		{initialPDTL, nil, "NE3-E7", ErrDestinationOccupied, "E7 holds a white pawn", "E7", "", false},
		{initialPDTL, nil, "KG1-H6", ErrDestinationOccupied, "H6 holds a white pawn", "H6", "", false},
		{initialPDTL, nil, "A5-A11", ErrIllegalMove, "triple-steps only from", "A5-A11", "", false},
		{initialPDTL, nil, "NE3-F14", ErrIllegalMove, "a knight cannot move from E3 to F14", "NE3-F14", "", false},
		{initialPDTL, nil, "F8@E11", ErrEnPassantUnavailable, "no en-passant", "F8@E11", "", false},
		{initialPDTL, nil, "F8@G9", ErrSeparatorMismatch, "not a capture", "@", "-", true},
		{initialPDTL, nil, "F8×G11", ErrIllegalMove, "only to capture", "G11", "", false},
		{initialPDTL, nil, "G7×G11", ErrSeparatorMismatch, "not a capture", "×", "-", true},
		{initialPDTL, nil, "KRK-HIO", ErrCastling, "path is blocked on I5", "KRK-HIO", "", false},
		{ex10PDTL, nil, "F26-E27", ErrPromotionMissing, "must promote: =J", "", "", false},
		{ex10PDTL, nil, "F26-E27=D", ErrPromotionUnavailable, "every white queen is on the board", "=D", "", false},
		{ex10PDTL, nil, "F26-F28=J", ErrPromotionUnavailable, "awaits promotion", "=J", "=&", false},
		{ex10PDTL, nil, "F26-E27=&", ErrPromotionAvailable, "must promote: =J", "=&", "", false},
		{"/26:1P1/14:k6/4:2J2/1:1K/ w -- - 0 40", nil, "F26-F28=J", ErrPromotionBishopColor, "bishop of the white hexes", "=J", "", false},
		{initialPDTL, nil, "G7-G11=D", ErrPromotionUnexpected, "G11 is not a promotion hex", "=D", "<delete>", false},
		{ex10PDTL, []string{"F26-F28=&", "RC9×RC3"}, "KG1-H2", ErrForcedPromotion, "F28=R", "KG1-H2", "F28=R", false},
		{ex10PDTL, []string{"F26-F28=&", "RC9×RC3"}, "F28=D", ErrPromotionUnavailable, "F28=R", "=D", "", false},
		{ex10PDTL, nil, "F26=D", ErrNotAwaiting, "not on a promotion hex", "F26=D", "", false},
		{ex17PDTL, nil, "GL5×EE5", ErrWrongVictim, "a pegasus, not an elephant", "E", "G", true},
		{ex17PDTL, nil, "GL5×E5", ErrWrongVictim, "must be written", "", "G", true},
		{ex17PDTL, nil, "GL5-GE5", ErrSeparatorMismatch, "is a capture", "-", "×", true},
		{"/20:3k3/18:3n3/12:4K2/10:3R3/ w - - 0 10", nil, "KH12-G13", ErrKingExposed, "would leave the white king in check", "KH12-G13", "", false},
		{ex16PDTL, []string{"DB10-D10"}, "A5-A7", ErrKingExposed, "does not parry", "A5-A7", "", false},
		{"/27:1k/14:3K3/ w - - 0 1", nil, "KF14-H18", ErrIllegalMove, "first move", "KF14-H18", "", false},
		{"/27:1k/6:3n3/1:1K/ w K - 0 10", nil, "KG1-I5", ErrIllegalMove, "while in check", "KG1-I5", "", false},
		{"/27:1k/5:r5/3:R3/1:1K/ w RK - 0 10", nil, "KRD-DD+", ErrKingExposed, "leave the king in check", "KRD-DD", "", false},
		{"/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1", nil, "KRK-II", ErrCastling, "I5 is attacked", "KRK-II", "", false},
		{"/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1", nil, "KRD-DE", ErrCastling, "blocked on E1", "KRD-DE", "", false},
		{"/27:1k/25:r2r/3:R3/1:DK/ w RKRrkr - 0 1", nil, "KRK-HH", ErrCastling, "king's rook has moved", "KRK-HH", "", false},
		{"/27:1k/25:r2r/3:R2R/1:1K/ w -rkr - 0 1", nil, "KRK-HH", ErrCastling, "king has moved", "KRK-HH", "", false},
		{"/27:1k/25:3J/20:3RR2/19:1N6/1:1K/ w - - 0 50", []string{"NA19-C23"}, "KG27-F26", ErrNoMoves, "stalemate", "KG27-F26", "", false},
	}
	for _, tc := range tests {
		p := mustPDTL(t, tc.pdtl)
		play(t, &p, tc.before...)
		n, _ := ParseMove(tc.move, nil)
		m, err := p.Resolve(n)
		if err == nil {
			t.Errorf("%s: resolved to %v", tc.move, m)
			continue
		}
		if err.Kind != tc.kind || !strings.Contains(err.Msg, tc.msg) {
			t.Errorf("%s: error %v %q, want %v containing %q", tc.move, err.Kind, err.Msg, tc.kind, tc.msg)
		}
		if got := tc.move[err.Offset:err.End]; got != tc.text {
			t.Errorf("%s: error covers %q, want %q", tc.move, got, tc.text)
		}
		wantFix := strings.TrimSuffix(tc.fix, "<delete>")
		if err.Fix != wantFix || err.HasFix != (tc.fix != "") {
			t.Errorf("%s: fix %q (%v), want %q", tc.move, err.Fix, err.HasFix, tc.fix)
		}
		if m.IsZero() == tc.hasMove {
			t.Errorf("%s: move %v, identified %v", tc.move, m, tc.hasMove)
		}
	}
}

func TestFindings(t *testing.T) {
	tests := []struct {
		pdtl  string
		move  string
		code  string
		sev   Severity
		text  string
		fix   string
		clean bool
	}{
		{pdtl: ex16PDTL, move: "DB10-D10+∞", clean: true},
		{pdtl: ex16PDTL, move: "DB10-D10", code: CodeCheckMissing, sev: SeverityWarning, text: "", fix: "+∞"},
		{pdtl: ex16PDTL, move: "DB10-D10+", code: CodeCheckRefine, sev: SeverityHint, text: "+", fix: "+∞"},
		{pdtl: ex16PDTL, move: "DB10-D10+^", code: CodeCheckWrong, sev: SeverityWarning, text: "+^", fix: "+∞"},
		{pdtl: ex16PDTL, move: "DB10-D10#", code: CodeMateFalse, sev: SeverityError, text: "#", fix: "+∞"},
		{pdtl: ex17PDTL, move: "GL5×GE5+∞", code: CodeCheckWrong, sev: SeverityWarning, text: "+∞", fix: "+^"},
		{pdtl: ex17PDTL, move: "GL5×GE5++", code: CodeCheckWrong, sev: SeverityWarning, text: "++", fix: "+^"},
		{pdtl: initialPDTL, move: "G7-G11+", code: CodeCheckNone, sev: SeverityWarning, text: "+", fix: ""},
		{pdtl: initialPDTL, move: "G7-G11#", code: CodeMateFalse, sev: SeverityError, text: "#", fix: ""},
		{pdtl: "/27:1k/20:3r3/14:3K3/ b K - 0 10", move: "RF20-F16^+", clean: true},
	}
	fool := "/28:v/27:dk/26:gj1/25:rn1r/24:pejep/23:ppee1p/22:2pjp2/21:3pp3/20:3p3/19:5p2/15:2J5/12:4P2/10:5P1/9:4nP2/8:3PE2/7:3PP1P1/6:2P4/5:PPEE1g/4:PEJ2/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr K10@6-8 0 6"
	tests = append(tests,
		struct {
			pdtl, move, code string
			sev              Severity
			text, fix        string
			clean            bool
		}{fool, "GL5-H6+^", CodeCheckWrong, SeverityWarning, "+^", "#", false},
		struct {
			pdtl, move, code string
			sev              Severity
			text, fix        string
			clean            bool
		}{fool, "GL5-H6", CodeCheckMissing, SeverityWarning, "", "#", false},
	)
	for _, tc := range tests {
		p := mustPDTL(t, tc.pdtl)
		n, _ := ParseMove(tc.move, nil)
		m, err := p.Resolve(n)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		f := p.Findings(n, m)
		if tc.clean {
			if len(f) > 0 {
				t.Errorf("%s: %v", tc.move, f)
			}
			continue
		}
		if len(f) != 1 {
			t.Errorf("%s: findings %v", tc.move, f)
			continue
		}
		pr := findProblem(t, tc.move, f, tc.code, tc.text)
		if pr.Code != "" && (pr.Severity != tc.sev || pr.Fix != tc.fix || !pr.HasFix) {
			t.Errorf("%s: %v fix %q, want %v %q", tc.move, pr, pr.Fix, tc.sev, tc.fix)
		}
	}
}

// TestResolveEveryLegalMove checks, on the vectors, that the canonical
// text of every legal move resolves to that move without findings, in
// every style and alphabet.
func TestResolveEveryLegalMove(t *testing.T) {
	vectors := readJSONL[vector](t, "vectors-sample.jsonl")
	if testing.Short() {
		vectors = vectors[:min(len(vectors), 100)]
	}
	alphabets := []*Alphabet{nil, mustAlphabet(t, "A@J, C@N, T@R"), mustAlphabet(t, "FAN")}
	for _, v := range vectors {
		p, _ := ParsePDTL(v.PDTL, nil)
		for _, m := range p.LegalMoves(nil) {
			for _, a := range alphabets {
				for _, style := range []Style{StyleE, StyleASCII, StyleUnicode} {
					s := p.Notation(m, a, style)
					n, probs := ParseMove(s, a)
					if len(probs) > 0 {
						t.Fatalf("%s: ParseMove(%q): %v", v.PDTL, s, probs)
					}
					got, err := p.Resolve(n)
					if err != nil || got != m {
						t.Fatalf("%s: Resolve(%q) = %v, %v; want %v", v.PDTL, s, got, err, m)
					}
					if c, err := p.Coherent(n); err != nil || c != m {
						t.Fatalf("%s: Coherent(%q) = %v, %v; want %v", v.PDTL, s, c, err, m)
					}
					if f := p.Findings(n, got); len(f) > 0 {
						t.Fatalf("%s: %s: findings %v", v.PDTL, s, f)
					}
				}
			}
		}
	}
}
