package cescacs

import (
	"strings"
	"testing"
)

// findProblem returns the problem with the given code whose range covers
// exactly text in src, failing the test if there is none.
func findProblem(t *testing.T, src string, probs []Problem, code, text string) Problem {
	t.Helper()
	for _, p := range probs {
		if p.Code == code && p.Offset >= 0 && p.End <= len(src) && p.Offset <= p.End && src[p.Offset:p.End] == text {
			return p
		}
	}
	t.Errorf("%q: no %s problem on %q; got %v", src, code, text, probs)
	return Problem{}
}

func TestPDTLRedefineExamples(t *testing.T) {
	tests := []struct{ redefine, pdtl string }{
		{"A@J, T@R, C@N", "/28:v/27:dk/26:gag/25:tcct/24:peaep/23:ppeepp/22:2pap2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PAP2/5:PPEEPP/4:PEAEP/3:TCCT/2:GAG/1:DK/0:V/ w TKTtkt - 0 1"},
		{"B@J, W@V, Q@D", "/28:w/27:qk/26:gbg/25:rnnr/24:pebep/23:ppeepp/22:2pbp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PBP2/5:PPEEPP/4:PEBEP/3:RNNR/2:GBG/1:QK/0:W/ w RKRrkr - 0 1"},
		{"FAN", "/28:🩒/27:♛♚/26:🩓♝🩓/25:♜♞♞♜/24:♟☗♝☗♟/23:♟♟☗☗♟♟/22:2♟♝♟2/21:3♟♟3/20:3♟3/8:3♙3/7:3♙♙3/6:2♙♗♙2/5:♙♙☖☖♙♙/4:♙☖♗☖♙/3:♖♘♘♖/2:🩐♗🩐/1:♕♔/0:🩏/ w ♖♔♖♜♚♜ - 0 1"},
	}
	for _, tc := range tests {
		a, probs := ParseRedefine(tc.redefine)
		if len(probs) > 0 {
			t.Fatalf("ParseRedefine(%q): %v", tc.redefine, probs)
		}
		p, probs := ParsePDTL(tc.pdtl, a)
		if len(probs) > 0 {
			t.Errorf("%s: %v", tc.redefine, probs)
		}
		if p != InitialPosition() {
			t.Errorf("%s: not the initial position: %s", tc.redefine, p.PDTL(nil))
		}
		if got := p.PDTL(a); got != tc.pdtl {
			t.Errorf("%s: round trip\n got %s\nwant %s", tc.redefine, got, tc.pdtl)
		}
		// Read without the Redefine: accepted with warnings.
		q, probs := ParsePDTL(tc.pdtl, nil)
		if q != p || len(probs) == 0 || HasError(probs) {
			t.Errorf("%s without Redefine: %v", tc.redefine, probs)
		}
		// With the standard letters: the initial PDTL (§6.8, §8.9).
		if got, ok := StandardPDTL(tc.pdtl, a); !ok || got != initialPDTL {
			t.Errorf("%s: StandardPDTL = %s, %v", tc.redefine, got, ok)
		}
	}
}

// TestPDTLTolerances reads non-canonical forms and checks the canonical
// rewriting and the problem reported.
func TestPDTLTolerances(t *testing.T) {
	tests := []struct {
		in, out   string
		code      string // expected problem code ("" = none)
		text      string // the text it covers
		sev       Severity
		fix       string
		wantFixed bool
	}{
		// S's example: five fields, E's KR while the king's rook has left I3.
		{"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b KRrkr - 2",
			"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b Krkr - 2 ?",
			CodePDTLCastlingPiece, "R", SeverityWarning, "", false},
		{"/27:1k/25:r2r/1:1K/ w rkr - 0 1", "/27:1k/25:r2r/1:1K/ w -rkr - 0 1", CodePDTLCastlingEForm, "rkr", SeverityHint, "-rkr", true},
		{"/27:1k/3:R2R/1:1K/ b RKR - 0 1", "/27:1k/3:R2R/1:1K/ b RKR- - 0 1", CodePDTLCastlingEForm, "RKR", SeverityHint, "RKR-", true},
		{"/27:1k/1:1K/ w - - 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLCastlingEForm, "-", SeverityHint, "--", true},
		{"/27:1k/11:4P3/1:1K/ b -- P@G9[G11] 0 1", "/27:1k/11:4P3/1:1K/ b -- G11@9 0 1", CodePDTLSpecialEForm, "P@G9[G11]", SeverityWarning, "G11@9", true},
		{"/27:1k/13:4P3/1:1K/ b -- P@G9,11[G13] 0 1", "/27:1k/13:4P3/1:1K/ b -- G13@9-11 0 1", CodePDTLSpecialEForm, "P@G9,11[G13]", SeverityWarning, "G13@9-11", true},
		{"/27:1k/13:4P3/1:1K/ b -- G13@11-9 0 1", "/27:1k/13:4P3/1:1K/ b -- G13@9-11 0 1", "", "", 0, "", false},
		{"/27:1k/13:4P3/1:1K/ b -- G13@9‐11 0 1", "/27:1k/13:4P3/1:1K/ b -- G13@9-11 0 1", CodePDTLHyphen, "G13@9‐11", SeverityHint, "G13@9-11", true},
		// U+2010 where a field has '-', as the specification's prose writes it.
		{"/27:1k/1:1K/ w ‐‐ - 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLHyphen, "‐", SeverityHint, "-", true},
		{"/27:1k/25:r2r/1:1K/ w ‐rkr - 0 1", "/27:1k/25:r2r/1:1K/ w -rkr - 0 1", CodePDTLHyphen, "‐", SeverityHint, "-", true},
		{"/27:1k/1:1K/ w -- ‐ 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLHyphen, "‐", SeverityHint, "-", true},
		{"/27:1k/1:1K/ w -- - ‐ 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLClock, "‐", SeverityHint, "0", true},
		{"/27:1k/1:1K/ w -- - 0 ‐", "/27:1k/1:1K/ w -- - 0 ?", CodePDTLMoveNumber, "‐", SeverityHint, "?", true},
		{"/27:1k/16:3P3/1:1K/ b -- P@F15[F16] 0 1", "/27:1k/16:3P3/1:1K/ b -- - 0 1", CodePDTLSpecial, "P@F15[F16]", SeverityWarning, "-", true},
		{"/27:1k/14:3p3/13:4P3/1:1K/ w - G13@F14 0 11", "/27:1k/14:3p3/13:4P3/1:1K/ w -- F14 0 11", CodePDTLSpecialEForm, "G13@F14", SeverityWarning, "F14", true},
		{"/27:1k/1:1K/ w -- - - -", "/27:1k/1:1K/ w -- - 0 ?", CodePDTLMoveNumber, "-", SeverityHint, "?", true},
		{"/27:1k/1:1K/ w -- - - ?", "/27:1k/1:1K/ w -- - 0 ?", CodePDTLClock, "-", SeverityHint, "0", true},
		{"/1:1K/27:1k/ w -- - 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLLineOrder, "27:1k", SeverityWarning, "", false},
		{"/27:1k/20:3p/1:1K/ w -- - 0 1", "/27:1k/20:3p3/1:1K/ w -- - 0 1", CodePDTLLineShort, "", SeverityWarning, "3", true},
		{"/27:1k/20:21p3/1:1K/ w -- - 0 1", "/27:1k/20:3p3/1:1K/ w -- - 0 1", CodePDTLEmptyRun, "21", SeverityWarning, "", false},
		{"/27:1k/1:1K/  w -- - 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLFields, "  ", SeverityWarning, " ", true},
		{"/27:1k/1:1K w -- - 0 1", "/27:1k/1:1K/ w -- - 0 1", CodePDTLPlacement, "", SeverityWarning, "/", true},
		{"/27:1k/14:3a3/1:1K/ w -- - 0 1", "/27:1k/14:3j3/1:1K/ w -- - 0 1", CodePDTLLetters, "a", SeverityWarning, "j", true},
		{"/27:1k/8:3🩐3/1:1K/ w -- - 0 1", "/27:1k/8:3G3/1:1K/ w -- - 0 1", CodePDTLLetters, "🩐", SeverityWarning, "G", true},
		{"/27:1k/14:3K3/ w K - 0 1", "/27:1k/14:3K3/ w -- - 0 1", CodePDTLCastlingPiece, "K", SeverityWarning, "", false},
	}
	for _, tc := range tests {
		p, probs := ParsePDTL(tc.in, nil)
		if got := p.PDTL(nil); got != tc.out {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, got, tc.out)
		}
		if tc.code == "" {
			if len(probs) > 0 {
				t.Errorf("%q: unexpected %v", tc.in, probs)
			}
			continue
		}
		pr := findProblem(t, tc.in, probs, tc.code, tc.text)
		if pr.Code != "" && (pr.Severity != tc.sev || pr.HasFix != tc.wantFixed || pr.Fix != tc.fix) {
			t.Errorf("%q: %v (fix %q %v), want severity %v fix %q", tc.in, pr, pr.Fix, pr.HasFix, tc.sev, tc.fix)
		}
		if HasError(probs) {
			t.Errorf("%q: errors %v", tc.in, probs)
		}
	}
}

func TestPDTLErrors(t *testing.T) {
	tests := []struct{ in, code, text string }{
		{"/27:1k/1:1K/22:2K4/ w -- - 0 1", CodePDTLKings, "K"},
		{"/1:1K/ w -- - 0 1", CodePDTLKings, "/1:1K/ w -- - 0 1"},
		{"/27:1k/14:RRR4/1:1K/ w -- - 0 1", CodePDTLPieceCount, "R"},
		{"/27:1k/16:J6/14:J6/13:J7/10:J6/1:1K/ w -- - 0 1", CodePDTLPieceCount, ""},
		{"/27:1k/14:J1J4/1:1K/ w -- - 0 1", CodePDTLBishopColor, "J"},
		{"/27:1k/20:3p4/1:1K/ w -- - 0 1", CodePDTLLineOverflow, "4"},
		{"/27:1k/20:3p3p/1:1K/ w -- - 0 1", CodePDTLLineOverflow, "p"},
		{"/27:1k/20:3h3/1:1K/ w -- - 0 1", CodePDTLPiece, "h"},
		{"/29:1/27:1k/1:1K/ w -- - 0 1", CodePDTLLineNumber, "29"},
		{"/27:1k/27:1k/1:1K/ w -- - 0 1", CodePDTLLineNumber, "27"},
		{"/27:1k/20:303/1:1K/ w -- - 0 1", CodePDTLEmptyRun, "0"},
		{"/27:1k/1:1K/ x -- - 0 1", CodePDTLTurn, "x"},
		{"/27:1k/1:1K/ w RR - 0 1", CodePDTLCastling, "RR"},
		{"/27:1k/1:1K/ w -- Z99 0 1", CodePDTLSpecial, "Z99"},
		{"/27:1k/1:1K/ w -- G13 0 1", CodePDTLSpecial, "G13"},
		{"/27:1k/13:4P3/1:1K/ b -- G13@9 0 1", CodePDTLSpecial, "G13@9"},
		{"/27:1k/1:1K/ w -- - x 1", CodePDTLClock, "x"},
		{"/27:1k/1:1K/ w -- - 0 1 extra", CodePDTLTrailing, " extra"[1:]},
		{"/27:1k/1:1K/ w", CodePDTLFields, ""},
	}
	for _, tc := range tests {
		_, probs := ParsePDTL(tc.in, nil)
		if tc.text == "" {
			found := false
			for _, p := range probs {
				found = found || p.Code == tc.code && p.Severity == SeverityError
			}
			if !found {
				t.Errorf("%q: no %s error in %v", tc.in, tc.code, probs)
			}
			continue
		}
		if p := findProblem(t, tc.in, probs, tc.code, tc.text); p.Code != "" && p.Severity != SeverityError {
			t.Errorf("%q: %v is not an error", tc.in, p)
		}
	}
}

func TestPDTLWarnings(t *testing.T) {
	for _, tc := range []struct{ in, code, text string }{
		{"/27:1k/3:2P1/1:1K/ w -- - 0 1", CodePDTLUnlikely, "P"},
		{"/27:1k/21:4R3/1:1K/ w -- - 0 1", CodePDTLNotToMoveInCheck, "/27:1k/21:4R3/1:1K/ w -- - 0 1"},
	} {
		_, probs := ParsePDTL(tc.in, nil)
		findProblem(t, tc.in, probs, tc.code, tc.text)
	}
}

// TestPDTLRoundTripVectors is in vectors_test.go; here the examples of §11
// written in E's spelling must be stable once rewritten.
func TestPDTLRewriteStable(t *testing.T) {
	for _, s := range []string{
		initialPDTL,
		"/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppe1pp/22:2pjp2/21:4p3/20:3e3/16:3P3/13:4P3/12:3p3/8:3E3/6:2PJP2/5:PPE1PP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr P@G9,11[G13] 0 5",
		"/26:2n/24:1kVJp/23:3epp/22:2eN3/20:2jpen1/19:4p3/17:6N1/16:4p2/12:1P5/8:1d5/7:4P3/6:1G2P2/5:3EPP/4:3EP/3:3R/2:1JG/1:1K/ w KR - 11 54",
	} {
		p, _ := ParsePDTL(s, nil)
		out := p.PDTL(nil)
		q, probs := ParsePDTL(out, nil)
		if len(probs) > 0 || q != p || q.PDTL(nil) != out {
			t.Errorf("%s -> %s: %v", s, out, probs)
		}
		if strings.Contains(out, "P@") {
			t.Errorf("E spelling kept: %s", out)
		}
	}
}
