package cescacs

import "testing"

func mustAlphabet(t *testing.T, redefine string) *Alphabet {
	t.Helper()
	if redefine == "" {
		return nil
	}
	a, probs := ParseRedefine(redefine)
	if len(probs) > 0 {
		t.Fatalf("ParseRedefine(%q): %v", redefine, probs)
	}
	return a
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in, redefine string
		kind         NotationKind
		canon        string // Format with the same alphabet, StyleE
		code, text   string // expected problem ("" = none)
		sev          Severity
		fix          string
	}{
		{in: "A5-A7", kind: NotationMove, canon: "A5-A7"},
		{in: "NE3-C13", kind: NotationMove, canon: "NE3-C13"},
		{in: "E13×JF16", kind: NotationMove, canon: "E13×JF16"},
		{in: "E13*JF16", kind: NotationMove, canon: "E13×JF16"},
		{in: "E13xJF16", kind: NotationMove, canon: "E13×JF16", code: CodeMoveCaptureX, text: "x", sev: SeverityError, fix: "×"},
		{in: "E7–E13", kind: NotationMove, canon: "E7-E13", code: CodeMoveEnDash, text: "–", sev: SeverityWarning, fix: "-"},
		{in: "E7‐E13", kind: NotationMove, canon: "E7-E13"},
		{in: "F12@@G9", kind: NotationMove, canon: "F12@@G9"},
		{in: "C15@B12", kind: NotationMove, canon: "C15@B12"},
		{in: "B24@VA21", kind: NotationMove, canon: "B24@VA21"},
		{in: "F26-F28=D", kind: NotationMove, canon: "F26-F28=D"},
		{in: "F26-F28=&", kind: NotationMove, canon: "F26-F28=&"},
		{in: "G25×NF28=V", kind: NotationMove, canon: "G25×NF28=V"},
		{in: "F28=R", kind: NotationDeferred, canon: "F28=R"},
		{in: "F28=R+∞", kind: NotationDeferred, canon: "F28=R+∞"},
		{in: "KRK-HIO", kind: NotationCastling, canon: "KRK-HIO"},
		{in: "KRK-HIOO", kind: NotationCastling, canon: "KRK-HIOO"},
		{in: "KRR-FEE", kind: NotationCastling, canon: "KRR-FEE"},
		{in: "KRD-FG+∞", kind: NotationCastling, canon: "KRD-FG+∞"},
		{in: "KRD‐DE", kind: NotationCastling, canon: "KRD-DE"},
		{in: "KTK-HIO", redefine: "T@R", kind: NotationCastling, canon: "KTK-HIO"},
		{in: "KTT-EEF", redefine: "T@R", kind: NotationCastling, canon: "KTT-EEF"},
		{in: "KTK-HIO", kind: NotationCastling, canon: "KRK-HIO", code: CodeMoveLetters, text: "T", sev: SeverityError, fix: "R"},
		{in: "KRK-HIO", redefine: "T@R", kind: NotationCastling, canon: "KTK-HIO", code: CodeMoveLetters, text: "R", sev: SeverityError, fix: "T"},
		{in: "KRK-HI", kind: NotationInvalid, code: CodeMoveCastlingName, text: "KRK-HI", sev: SeverityError},
		{in: "KRD-II", kind: NotationInvalid, code: CodeMoveCastlingName, text: "KRD-II", sev: SeverityError},
		{in: "GL5-H6#", kind: NotationMove, canon: "GL5-H6#"},
		{in: "VF24-D26++", kind: NotationMove, canon: "VF24-D26++"},
		{in: "RF20-F16+^", kind: NotationMove, canon: "RF20-F16+^"},
		{in: "RF20-F16^+", kind: NotationMove, canon: "RF20-F16+^", code: CodeMoveLegacyCheck, text: "^+", sev: SeverityWarning, fix: "+^"},
		{in: "DB10-D10+", kind: NotationMove, canon: "DB10-D10+"},
		{in: "PE7-E13", kind: NotationMove, canon: "E7-E13", code: CodeMovePawnLetter, text: "P", sev: SeverityWarning, fix: ""},
		{in: "P17-P21=D", kind: NotationMove, canon: "P17-P21=D"},
		{in: "AF6-C15", redefine: "A@J, C@N, T@R", kind: NotationMove, canon: "AF6-C15"},
		{in: "A5-A7", redefine: "A@J", kind: NotationMove, canon: "A5-A7"},
		{in: "AF6-C15", kind: NotationMove, canon: "JF6-C15", code: CodeMoveLetters, text: "A", sev: SeverityError, fix: "J"},
		{in: "JF6-C15", redefine: "A@J", kind: NotationMove, canon: "AF6-C15", code: CodeMoveLetters, text: "J", sev: SeverityError, fix: "A"},
		{in: "CE3-A11", redefine: "C@N", kind: NotationMove, canon: "CE3-A11"},
		{in: "E13×CF16", redefine: "C@N", kind: NotationMove, canon: "E13×CF16"},
		{in: "♘E3-C13", redefine: "FAN", kind: NotationMove, canon: "♘E3-C13"},
		{in: "E13×🩐F16", redefine: "FAN", kind: NotationMove, canon: "E13×🩐F16"},
		{in: "♞E3-C13", redefine: "FAN", kind: NotationMove, canon: "♘E3-C13", code: CodeMoveLetters, text: "♞", sev: SeverityWarning, fix: "♘"},
		{in: "NE3-C13", redefine: "FAN", kind: NotationMove, canon: "♘E3-C13", code: CodeMoveLetters, text: "N", sev: SeverityError, fix: "♘"},
		{in: "KRK-HIO", redefine: "FAN", kind: NotationCastling, canon: "KRK-HIO"},
		{in: "nE3-C13", kind: NotationMove, canon: "NE3-C13", code: CodeMoveLetters, text: "n", sev: SeverityError, fix: "N"},
		{in: "F15-F17", kind: NotationInvalid, code: CodeMoveHex, text: "F15", sev: SeverityError},
		{in: "F14-F29", kind: NotationInvalid, code: CodeMoveHex, text: "F29", sev: SeverityError},
		{in: "NE3-C13 !", kind: NotationMove, canon: "NE3-C13", code: CodeMoveTrailing, text: " !", sev: SeverityError, fix: ""},
		{in: "", kind: NotationInvalid, code: CodeMoveSyntax, text: "", sev: SeverityError},
		{in: "Q", kind: NotationInvalid, code: CodeMoveSyntax, text: "", sev: SeverityError},
		{in: "NE3", kind: NotationInvalid, code: CodeMoveSyntax, text: "", sev: SeverityError},
		{in: "E13×PF16", kind: NotationMove, canon: "E13×PF16", code: CodeMoveSyntax, text: "P", sev: SeverityError, fix: ""},
		{in: "E7-E13=E", kind: NotationMove, canon: "E7-E13=E", code: CodeMoveSyntax, text: "=E", sev: SeverityError},
		{in: "GL5-GE5", kind: NotationMove, canon: "GL5-GE5", code: CodeMoveSyntax, text: "-", sev: SeverityError, fix: "×"},
		{in: "NE3=D", kind: NotationInvalid, code: CodeMoveSyntax, text: "=D", sev: SeverityError},
	}
	for _, tc := range tests {
		a := mustAlphabet(t, tc.redefine)
		n, probs := ParseMove(tc.in, a)
		if n.Kind != tc.kind {
			t.Errorf("ParseMove(%q): kind %v, want %v (%v)", tc.in, n.Kind, tc.kind, probs)
			continue
		}
		if got := n.Format(a, StyleE); got != tc.canon {
			t.Errorf("ParseMove(%q).Format = %q, want %q", tc.in, got, tc.canon)
		}
		if tc.code == "" {
			if len(probs) > 0 {
				t.Errorf("ParseMove(%q): unexpected %v", tc.in, probs)
			}
			continue
		}
		pr := findProblem(t, tc.in, probs, tc.code, tc.text)
		if pr.Code != "" && (pr.Severity != tc.sev || pr.Fix != tc.fix) {
			t.Errorf("ParseMove(%q): %v fix %q, want %v fix %q", tc.in, pr, pr.Fix, tc.sev, tc.fix)
		}
	}
}

func TestNotationSpans(t *testing.T) {
	const s = "GL5×GE5+^"
	n, _ := ParseMove(s, nil)
	for name, tc := range map[string]struct {
		sp   Span
		want string
	}{
		"mover": {n.MoverSpan, "G"}, "from": {n.FromSpan, "L5"}, "sep": {n.SepSpan, "×"},
		"victim": {n.VictimSpan, "G"}, "to": {n.ToSpan, "E5"}, "promotion": {n.PromotionSpan, ""}, "check": {n.CheckSpan, "+^"},
	} {
		if got := s[tc.sp.Offset:tc.sp.End]; got != tc.want {
			t.Errorf("%s span %q, want %q", name, got, tc.want)
		}
	}
}

func TestNotationStyles(t *testing.T) {
	p := mustPDTL(t, "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b KRrkr - 2 20")
	n, _ := ParseMove("GL5×GE5", nil)
	m, err := p.Resolve(n)
	if err != nil {
		t.Fatal(err)
	}
	for style, want := range map[Style]string{StyleE: "GL5×GE5+^", StyleASCII: "GL5*GE5+^", StyleUnicode: "GL5×GE5+^"} {
		if got := p.Notation(m, nil, style); got != want {
			t.Errorf("style %d: %s, want %s", style, got, want)
		}
	}
	n, _ = ParseMove("KG27-E27", nil)
	m, _ = p.Resolve(n)
	for style, want := range map[Style]string{StyleE: "KG27-E27", StyleASCII: "KG27-E27", StyleUnicode: "KG27‐E27"} {
		if got := p.Notation(m, nil, style); got != want {
			t.Errorf("style %d: %s, want %s", style, got, want)
		}
	}
	a := mustAlphabet(t, "FAN")
	if got := p.Notation(m, a, StyleE); got != "♔G27-E27" {
		t.Errorf("FAN: %s", got)
	}
	if got := p.Notation(m, mustAlphabet(t, "T@R"), StyleUnicode); got != "KG27‐E27" {
		t.Errorf("T@R: %s", got)
	}
	c := mustPDTL(t, "/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1")
	n, _ = ParseMove("KRD-FG", nil)
	m, _ = c.Resolve(n)
	if got := c.Notation(m, mustAlphabet(t, "T@R"), StyleUnicode); got != "KTD‐FG+∞" {
		t.Errorf("castling T@R unicode: %s", got)
	}
}

func TestValuationNAG(t *testing.T) {
	for i, g := range []string{"!", "?", "!!", "??", "!?", "?!", "◇"} {
		if ValuationNAG(g) != i+1 || ValuationGlyph(i+1) != g {
			t.Errorf("%s: %d %q", g, ValuationNAG(g), ValuationGlyph(i+1))
		}
	}
	if ValuationNAG("!!!") != 0 || ValuationGlyph(8) != "" || ValuationGlyph(0) != "" {
		t.Error("unknown glyphs")
	}
}

func TestParseRedefine(t *testing.T) {
	tests := []struct {
		in, canon  string
		code, text string
		sev        Severity
	}{
		{in: "A@J, C@N, T@R", canon: "A@J, C@N, T@R"},
		{in: "B@J, Q@D, W@V", canon: "B@J, W@V, Q@D"},
		{in: "L@J,S@N,T@R,W@V", canon: "L@J, S@N, T@R, W@V"},
		{in: "FAN", canon: "FAN"},
		{in: `A@J, T@R", C@N`, canon: "A@J, C@N, T@R", code: CodeRedefineStrayQuote, text: `"`, sev: SeverityWarning},
		{in: "H@E", canon: "", code: CodeRedefineUnsupported, text: "H@E", sev: SeverityError},
		{in: "A@J, M@D", canon: "A@J", code: CodeRedefineUnsupported, text: "M@D", sev: SeverityError},
		{in: "A@J, B@J", canon: "A@J", code: CodeRedefineDuplicate, text: "B@J", sev: SeverityError},
		{in: "A@N", canon: "", code: CodeRedefineUnknownPair, text: "A@N", sev: SeverityError},
		{in: "X@J", canon: "", code: CodeRedefineUnknownPair, text: "X@J", sev: SeverityError},
		{in: "AJ", canon: "", code: CodeRedefineSyntax, text: "AJ", sev: SeverityError},
		{in: "FAN, A@J", canon: "A@J", code: CodeRedefineFANMixed, text: "FAN", sev: SeverityError},
		{in: "", canon: "", code: CodeRedefineEmpty, text: "", sev: SeverityError},
	}
	for _, tc := range tests {
		a, probs := ParseRedefine(tc.in)
		if got := a.String(); got != tc.canon {
			t.Errorf("ParseRedefine(%q) = %q, want %q", tc.in, got, tc.canon)
		}
		if tc.code == "" {
			if len(probs) > 0 {
				t.Errorf("ParseRedefine(%q): %v", tc.in, probs)
			}
			continue
		}
		if pr := findProblem(t, tc.in, probs, tc.code, tc.text); pr.Code != "" && pr.Severity != tc.sev {
			t.Errorf("ParseRedefine(%q): %v", tc.in, pr)
		}
	}
}

func TestAlphabetLookup(t *testing.T) {
	a := mustAlphabet(t, "A@J, T@R")
	for _, tc := range []struct {
		r       rune
		k       Kind
		c       Color
		inForce bool
	}{
		{'A', Bishop, White, true}, {'a', Bishop, Black, true}, {'J', Bishop, White, false}, {'t', Rook, Black, true},
		{'R', Rook, White, false}, {'W', Wyvern, White, false}, {'♞', Knight, Black, false}, {'p', Pawn, Black, true},
		{'H', NoKind, White, false}, {'x', NoKind, White, false},
	} {
		k, c, in := a.Lookup(tc.r)
		if k != tc.k || (k != NoKind && c != tc.c) || in != tc.inForce {
			t.Errorf("Lookup(%q) = %v %v %v", tc.r, k, c, in)
		}
	}
	if got := a.PieceSymbol(MakePiece(Black, Rook)); got != "t" {
		t.Errorf("PieceSymbol = %q", got)
	}
	if got := FANAlphabet().PieceSymbol(MakePiece(Black, Pegasus)); got != "\U0001FA53" {
		t.Errorf("FAN black pegasus = %q", got)
	}
	if got := FANAlphabet().Symbol(Wyvern); got != "\U0001FA4F" {
		t.Errorf("FAN wyvern = %q", got)
	}
}

// TestHasFAN: a glyph of either colour, inside or outside the BMP, is
// FAN; letters and other symbols are not.
func TestHasFAN(t *testing.T) {
	for s, want := range map[string]bool{
		"/1:♔/ w - - 0 1": true, "/0:\U0001FA4F/": true, "/27:1\U0001FA53/": true, "☗": true,
		"/28:v/27:dk/ w RKRrkr - 0 1": false, "E7‐E13×F16 …": false, "": false,
	} {
		if got := HasFAN(s); got != want {
			t.Errorf("HasFAN(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestStandardMove writes moves of the alphabets of Redefine in the
// standard letters, every other byte kept.
func TestStandardMove(t *testing.T) {
	for _, tc := range []struct{ redefine, in, want string }{
		{"A@J, T@R, C@N", "AF6-C15", "JF6-C15"},
		{"A@J, T@R, C@N", "CE3×AC13+∞ !", ""},
		{"", "AF6-C15", ""},
		{"T@R", "RC3-C7", ""},
		{"A@J, T@R, C@N", "CE3×AC13+∞", "NE3×JC13+∞"},
		{"A@J, T@R, C@N", "KTK-HIO", "KRK-HIO"},
		{"A@J, T@R, C@N", "KTT-FEE+^", "KRR-FEE+^"},
		{"A@J, T@R, C@N", "KTD‐DE", "KRD‐DE"},
		{"B@J, W@V, Q@D", "F26-F28=Q", "F26-F28=D"},
		{"B@J, W@V, Q@D", "WF0×BF6^+", "VF0×JF6^+"},
		{"FAN", "♗F6-C15", "JF6-C15"},
		{"FAN", "E13×♘F16", "E13×NF16"},
		{"FAN", "♙E7-E13", "PE7-E13"},
		{"FAN", "F28=♖", "F28=R"},
		{"FAN", "♚G27-H26", "KG27-H26"},
		{"FAN", "KRK-HIO", "KRK-HIO"},
		{"", "JF6-C15", "JF6-C15"},
		{"", "E7‐E13", "E7‐E13"},
		{"", "zz", ""},
	} {
		var a *Alphabet
		if tc.redefine != "" {
			a = mustAlphabet(t, tc.redefine)
		}
		got, ok := StandardMove(tc.in, a)
		if ok != (tc.want != "") || ok && got != tc.want {
			t.Errorf("%s: StandardMove(%q) = %q, %v; want %q", tc.redefine, tc.in, got, ok, tc.want)
		}
	}
}
