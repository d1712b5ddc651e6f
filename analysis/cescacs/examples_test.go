package cescacs

import (
	"slices"
	"strings"
	"testing"
)

// mustPDTL parses a PDTL that may use E's spellings, failing on errors.
func mustPDTL(t *testing.T, s string) Position {
	t.Helper()
	p, probs := ParsePDTL(s, nil)
	for _, pr := range probs {
		if pr.Severity == SeverityError {
			t.Fatalf("ParsePDTL(%q): %v", s, pr)
		}
	}
	return p
}

// play resolves and plays the moves, failing on any resolve error.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		n, probs := ParseMove(s, nil)
		for _, pr := range probs {
			if pr.Severity == SeverityError {
				t.Fatalf("ParseMove(%q): %v", s, pr)
			}
		}
		m, err := p.Resolve(n)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.PDTL(nil), err)
		}
		p.Play(m)
	}
}

// movesFrom returns the sorted legal moves of p whose text starts with prefix.
func movesFrom(p *Position, prefix string) []string {
	var out []string
	for _, m := range moveStrings(p) {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

func sorted(s string) []string {
	f := strings.Fields(s)
	slices.Sort(f)
	return f
}

func expectMoves(t *testing.T, what string, got []string, want string) {
	t.Helper()
	if w := sorted(want); !slices.Equal(got, w) {
		t.Errorf("%s: %s", what, diffSorted(got, w))
	}
}

// expandPromotions turns "A21-T22=D|G|J" into "A21-T22=D A21-T22=G A21-T22=J".
func expandPromotions(s string) string {
	var out []string
	for _, f := range strings.Fields(s) {
		if i := strings.IndexByte(f, '='); i >= 0 && strings.Contains(f, "|") {
			for _, k := range strings.Split(f[i+1:], "|") {
				out = append(out, f[:i+1]+k)
			}
			continue
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

func TestExample1And2InitialPosition(t *testing.T) {
	p := InitialPosition()
	if got := p.PDTL(nil); got != initialPDTL {
		t.Errorf("PDTL = %s", got)
	}
	if p.Turn() != White || p.InCheck() {
		t.Errorf("turn %v, in check %v", p.Turn(), p.InCheck())
	}
	expectMoves(t, "initial moves", moveStrings(&p), `A5-A7 A5-A9 A5-B6 A5-T6 B4-B10 B4-B6 B4-B8 C5-B6 C5-C11 C5-C7 C5-C9 D6-C7 D6-D10 D6-D12 D6-D8
E7-D8 E7-E11 E7-E13 E7-E9 ED4-C7 EE5-D8 EG5-H8 EH4-I7 F8-E9 F8-F10 F8-F12 F8-G9 G7-G11 G7-G13
G7-G9 G7-H8 GD2-B6 GD2-C7 GH2-I7 GH2-K6 H6-H10 H6-H12 H6-H8 H6-I7 I5-I11 I5-I7 I5-I9 I5-K6
JF6-A21 JF6-B18 JF6-C15 JF6-D12 JF6-E9 JF6-G9 JF6-H12 JF6-I15 JF6-K18 JF6-L21 K4-K10 K4-K6 K4-K8
L5-K6 L5-L7 L5-L9 L5-X6 NE3-A11 NE3-C13 NE3-C7 NE3-D8 NG3-H8 NG3-I13 NG3-I7 NG3-L11`)
}

func TestExample3DoubleAndTripleStep(t *testing.T) {
	for move, want := range map[string]string{"G7-G11": " G11@9 0 1", "G7-G13": " G13@9-11 0 1"} {
		p := InitialPosition()
		play(t, &p, move)
		if got := p.PDTL(nil); !strings.HasSuffix(got, want) {
			t.Errorf("after %s: %s, want suffix %q", move, got, want)
		}
	}
}

func TestExample4To6EnPassant(t *testing.T) {
	tests := []struct {
		pdtl, from, moves, play, after string
	}{{
		pdtl: "/28:v/27:dk/26:gjg/25:rnnr/24:1e1ep/23:3epp/22:2p1p2/20:3p3/19:1p1jp3/18:2j4/17:3e4/16:1p5/15:2p5/14:1P5/13:2PP4/12:3E3/10:2J4/9:1P2J3/8:3N3/7:2E1P3/6:2P1P2/5:3EPP/4:3EP/3:R1NR/2:GJG/1:DK/0:V/ b RKRrkr P@B12[B14] 0 13",
		from: "C15", moves: "C15-D14 C15@B12", play: "C15@B12",
		after: "/28:v/27:dk/26:gjg/25:rnnr/24:1e1ep/23:3epp/22:2p1p2/20:3p3/19:1p1jp3/18:2j4/17:3e4/16:1p5/13:2PP4/12:1p1E3/10:2J4/9:1P2J3/8:3N3/7:2E1P3/6:2P1P2/5:3EPP/4:3EP/3:R1NR/2:GJG/1:DK/0:V/ w RKRrkr - 0 14",
	}, {
		pdtl: "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppe1pp/22:2pjp2/21:4p3/20:3e3/16:3P3/13:4P3/12:3p3/8:3E3/6:2PJP2/5:PPE1PP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr P@G9,11[G13] 0 5",
		from: "F12", moves: "F12-E11 F12-F10 F12-G11 F12@@G9", play: "F12@@G9",
		after: "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppe1pp/22:2pjp2/21:4p3/20:3e3/16:3P3/9:4p3/8:3E3/6:2PJP2/5:PPE1PP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 6",
	}, {
		pdtl: "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:p2epp/22:3jp2/21:4p3/20:3p3/16:2p4/15:2pP4/14:2P4/8:3P3/7:4P3/6:3JP2/5:P2EPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr P@D20,18[D16] 0 9",
		from: "E15", moves: "E15-E17 E15-E19 E15-F16 E15@D18",
	}}
	for _, tc := range tests {
		p := mustPDTL(t, tc.pdtl)
		expectMoves(t, tc.from, movesFrom(&p, tc.from), tc.moves)
		if tc.play != "" {
			play(t, &p, tc.play)
			if got := p.PDTL(nil); got != tc.after {
				t.Errorf("after %s:\n got %s\nwant %s", tc.play, got, tc.after)
			}
		}
	}
}

func TestExample7ScornfulPawn(t *testing.T) {
	p := mustPDTL(t, "/27:1k/15:4p3/13:4P3/1:1K/ b - - 0 10")
	expectMoves(t, "G15", movesFrom(&p, "G15"), "G15-F14 G15-H14")
	play(t, &p, "G15-F14")
	if got, want := p.PDTL(nil), "/27:1k/14:3p3/13:4P3/1:1K/ w -- F14 0 11"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	expectMoves(t, "G13", movesFrom(&p, "G13"), "G13-G15 G13-G17 G13-H14 G13@F14")
	play(t, &p, "G13@F14")
	if got, want := p.PDTL(nil), "/27:1k/14:3P3/1:1K/ b -- - 0 11"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// E's form of the record names the capturer.
	q := mustPDTL(t, "/27:1k/14:3p3/13:4P3/1:1K/ w - G13@F14 0 11")
	expectMoves(t, "G13 (E form)", movesFrom(&q, "G13"), "G13-G15 G13-G17 G13-H14 G13@F14")
}

// TestScornfulAmbiguous reads a PDTL scornful record that fits two
// scorned pawns: either may capture (§6.5, §12.1). A sidestep played on
// the board scorns only the pawn it faced.
func TestScornfulAmbiguous(t *testing.T) {
	const s = "/27:1k/14:3p3/13:3PP3/1:1K/ w -- F14 0 11"
	p, probs := ParsePDTL(s, nil)
	if pr := findProblem(t, s, probs, CodePDTLSpecial, "F14"); pr.Severity != SeverityHint || !strings.Contains(pr.Msg, "either may capture") {
		t.Errorf("ambiguity: %v", pr)
	}
	if _, scorned, ok := p.Scornful(); !ok || scorned != [2]Hex{mustHex(t, "E13"), mustHex(t, "G13")} {
		t.Errorf("Scornful() = %v, %v", scorned, ok)
	}
	expectMoves(t, "E13", movesFrom(&p, "E13"), "E13-D14 E13-E15 E13-E17 E13@F14")
	expectMoves(t, "G13", movesFrom(&p, "G13"), "G13-G15 G13-G17 G13-H14 G13@F14")
	for _, capture := range []string{"E13@F14", "G13@F14"} {
		q := p
		play(t, &q, capture)
		if got, want := q.PDTL(nil), "/27:1k/14:3P3/13:"+map[string]string{"E13@F14": "4P3", "G13@F14": "3P4"}[capture]+"/1:1K/ b -- - 0 11"; got != want {
			t.Errorf("after %s: got %s, want %s", capture, got, want)
		}
	}
	q := mustPDTL(t, "/27:1k/15:4p3/13:3PP3/1:1K/ b -- - 0 10")
	play(t, &q, "G15-F14")
	expectMoves(t, "E13 after G15-F14", movesFrom(&q, "E13"), "E13-D14 E13-E15 E13-E17")
	expectMoves(t, "G13 after G15-F14", movesFrom(&q, "G13"), "G13-G15 G13-G17 G13-H14 G13@F14")
}

func mustHex(t *testing.T, s string) Hex {
	t.Helper()
	h, ok := ParseHex(s)
	if !ok {
		t.Fatalf("bad hex %s", s)
	}
	return h
}

func TestExample8ScornfulPromotion(t *testing.T) {
	p := mustPDTL(t, "/27:1k/23:p5/21:1P6/1:1K/ w - - 0 30")
	expectMoves(t, "A21", movesFrom(&p, "A21"), expandPromotions("A21-B22 A21-T22=D|G|J|N|R|V"))
	play(t, &p, "A21-T22=D")
	expectMoves(t, "A23", movesFrom(&p, "A23"), "A23-A19 A23-A21 A23-B22 A23@DT22")
	play(t, &p, "A23@DT22")
	if p.Count(White, Queen) != 0 || p.At(hexOf("T22")) != MakePiece(Black, Pawn) {
		t.Errorf("after A23@DT22: %s", p.PDTL(nil))
	}
	for _, tc := range []struct{ pdtl, white, black string }{
		{"/27:1k/24:p4/22:1P5/1:1K/ w - - 0 30", "B22-A23=D", "B24@DA23"},
		{"/27:1k/22:p6/20:P6/1:1K/ w - - 0 30", "T20-P21=D", "T22@DP21"},
	} {
		p := mustPDTL(t, tc.pdtl)
		play(t, &p, tc.white, tc.black)
	}
}

func TestExample9EnPassantOfPromotedPiece(t *testing.T) {
	p := mustPDTL(t, "/27:1k/24:p4/19:1P6/1:1K/ w - - 0 30")
	expectMoves(t, "A19", movesFrom(&p, "A19"), expandPromotions("A19-A21 A19-A23=D|G|J|N|R|V A19-B20 A19-T20"))
	play(t, &p, "A19-A23=V")
	if got := p.PDTL(nil); !strings.Contains(got, " A23@21 ") {
		t.Errorf("after A19-A23=V: %s", got)
	}
	expectMoves(t, "B24", movesFrom(&p, "B24"), "B24-B18 B24-B20 B24-B22 B24-C23 B24@VA21")
	play(t, &p, "B24@VA21")
	if p.At(hexOf("A23")) != NoPiece || p.Count(White, Wyvern) != 0 {
		t.Errorf("after B24@VA21: %s", p.PDTL(nil))
	}
	q := mustPDTL(t, "/27:1k/22:p6/17:P7/1:1K/ w - - 0 30")
	play(t, &q, "P17-P21=D", "T22@DP19")
}

func TestExample10PromotionChoices(t *testing.T) {
	p := mustPDTL(t, "/26:1P1/13:6k1/9:2r5/4:2J2/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 30")
	expectMoves(t, "F26", movesFrom(&p, "F26"), "F26-E27=J F26-F28=& F26-G27=J")
	q := mustPDTL(t, "/26:1P1/14:k6/1:1K/ w - - 0 40")
	expectMoves(t, "F26", movesFrom(&q, "F26"), expandPromotions("F26-E27=D|G|J|N|R|V F26-F28=D|G|J|N|R|V F26-G27=D|G|J|N|R|V"))
	play(t, &q, "F26-F28=D")
	if got, want := q.PDTL(nil), "/28:D/14:k6/1:1K/ b -- - 0 40"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestExample11DeferredPromotion(t *testing.T) {
	p := mustPDTL(t, "/26:1P1/13:6k1/9:2r5/4:2J2/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 30")
	play(t, &p, "F26-F28=&", "RC9×RC3")
	expectMoves(t, "forced", moveStrings(&p), "F28=R")
	play(t, &p, "F28=R")
	if got := p.PDTL(nil); !strings.HasPrefix(got, "/28:R/13:6k1/4:2J2/3:rNNR/2:GJG/1:DK/0:V/ b ") {
		t.Errorf("after F28=R: %s", got)
	}
	// E's bare awaiting form resolves, with a warning.
	q := mustPDTL(t, "/26:1P1/13:6k1/9:2r5/4:2J2/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 30")
	n, _ := ParseMove("F26-F28", nil)
	m, err := q.Resolve(n)
	if err != nil || m.Promotion != Pawn {
		t.Fatalf("F26-F28: %v %v", m, err)
	}
	if f := q.Findings(n, m); len(f) != 1 || f[0].Code != CodeAwaitingSuffix || f[0].Fix != "=&" {
		t.Errorf("findings %v", f)
	}
}

func TestExample12KingLeap(t *testing.T) {
	p := mustPDTL(t, "/27:1k/6:3j3/1:1K/ w K - 0 10")
	expectMoves(t, "KG1", movesFrom(&p, "KG1"), "KG1-D2 KG1-E1 KG1-E5 KG1-F0 KG1-F2 KG1-F4 KG1-H2 KG1-H4 KG1-I5 KG1×JF6")
	play(t, &p, "KG1×JF6")
	if st := p.Status(); st.Draw != DrawInsufficientMaterial || st.Result != "1-1" {
		t.Errorf("after KG1×JF6: %+v", st)
	}
	q := mustPDTL(t, "/27:1k/6:3n3/1:1K/ w K - 0 10")
	if c := q.Check(); c != CheckAdjoining {
		t.Errorf("check %v", c)
	}
	expectMoves(t, "in check", moveStrings(&q), "KG1-F0 KG1-F2 KG1-F4 KG1-G3 KG1-H4")
}

func TestExample13AllCastlings(t *testing.T) {
	const pdtl = "/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1"
	p := mustPDTL(t, pdtl)
	expectMoves(t, "king", movesFrom(&p, "K"), `KG1-D2 KG1-E5 KG1-F0 KG1-F2 KG1-F4 KG1-F6 KG1-G3 KG1-H2 KG1-H4 KG1-H6
KRD-DD KRD-ED KRD-EF KRD-FE KRD-FG KRD-HG KRD-HH KRK-EE KRK-EF KRK-FE KRK-FG KRK-HG KRK-HH KRK-HIO KRK-HIOO
KRR-EEF KRR-FEE KRR-FGG KRR-HGG KRR-HIH`)
	table := []struct{ move, pieces string }{
		{"KRD-DD", "KD2 RD4"}, {"KRD-ED", "KE5 RD4"}, {"KRD-EF", "KE5 RF6"}, {"KRD-FE", "KF6 RE5"},
		{"KRD-FG+∞", "KF6 RG7"}, {"KRD-HG+∞", "KH6 RG7"}, {"KRD-HH", "KH6 RH8"}, {"KRK-EE", "KE5 RE7"},
		{"KRK-EF", "KE5 RF6"}, {"KRK-FE", "KF6 RE7"}, {"KRK-FG+∞", "KF6 RG5"}, {"KRK-HG+∞", "KH6 RG5"},
		{"KRK-HH", "KH6 RH4"}, {"KRK-HIO", "KH6 RI5"}, {"KRK-HIOO", "KH6 RI7"}, {"KRR-EEF", "KE5 RE7 RF6"},
		{"KRR-FEE", "KF6 RE7 RE5"}, {"KRR-FGG+∞", "KF6 RG5 RG7"}, {"KRR-HGG+∞", "KH6 RG5 RG7"}, {"KRR-HIH", "KH6 RI7 RH8"},
	}
	for _, tc := range table {
		q := mustPDTL(t, pdtl)
		n, probs := ParseMove(tc.move, nil)
		if len(probs) > 0 {
			t.Fatalf("%s: %v", tc.move, probs)
		}
		m, err := q.Resolve(n)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if got := q.Notation(m, nil, StyleE); got != tc.move {
			t.Errorf("notation %s, want %s", got, tc.move)
		}
		q.Play(m)
		for _, f := range strings.Fields(tc.pieces) {
			if q.At(hexOf(f[1:])) != MakePiece(White, Kind(strings.IndexByte(standardLetters, f[0]))) {
				t.Errorf("after %s: no %c on %s: %s", tc.move, f[0], f[1:], q.PDTL(nil))
			}
		}
		if got := q.PDTL(nil); !strings.Contains(got, " -rkr - 1 1") {
			t.Errorf("after %s: %s", tc.move, got)
		}
	}
	b := mustPDTL(t, "/27:1k/25:r2r/1:1K/ b Krkr - 0 1")
	var n int
	for _, m := range b.LegalMoves(nil) {
		if m.Kind == MoveCastling {
			n++
		}
	}
	if n != 24 {
		t.Errorf("Black castlings: %d, want 24", n)
	}
}

func TestExample14CastlingHIO(t *testing.T) {
	p := InitialPosition()
	play(t, &p, "H6-H10", "H22-H18", "I5-I9", "I23-I19", "EH4-H8", "EH24-H20")
	want := "/28:v/27:dk/26:gjg/25:rnnr/24:pej1p/23:ppee1p/22:2pj3/21:3pp3/20:3pe2/19:5p2/18:4p2/10:4P2/9:5P2/8:3PE2/7:3PP3/6:2PJ3/5:PPEE1P/4:PEJ1P/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 2 4"
	if got := p.PDTL(nil); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	expectMoves(t, "king", append(movesFrom(&p, "KG1"), movesFrom(&p, "KR")...), "KG1-H4 KG1-H6 KG1-I5 KRK-HH KRK-HIO KRK-HIOO KRK-IH KRK-II")
	play(t, &p, "KRK-HIOO", "KRK-HIO")
	want = "/28:v/27:d1/26:gjg/25:rnn1/24:pej1p/23:ppeerp/22:2pjk2/21:3pp3/20:3pe2/19:5p2/18:4p2/10:4P2/9:5P2/8:3PE2/7:3PPR2/6:2PJK2/5:PPEE1P/4:PEJ1P/3:RNN1/2:GJG/1:D1/0:V/ w -- - 4 5"
	if got := p.PDTL(nil); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestExample15BlackCastlingDE(t *testing.T) {
	p := mustPDTL(t, "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPD3/4:PE1EP/3:R3/2:2R/1:1K/0:V/ b KRrkr - 0 21")
	expectMoves(t, "king", append(movesFrom(&p, "KG27"), movesFrom(&p, "KR")...), "KG27-D26 KG27-E23 KG27-E27 KRD-DE")
	play(t, &p, "KRD-DE")
	if p.At(hexOf("D26")) != MakePiece(Black, King) || p.At(hexOf("E27")) != MakePiece(Black, Rook) {
		t.Errorf("after KRD-DE: %s", p.PDTL(nil))
	}
}

func TestExamples16To19Checks(t *testing.T) {
	tests := []struct{ pdtl, move, replies string }{
		{"/28:v/27:1k/26:gjg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/10:1d5/9:4J3/8:3G3/7:2N5/6:2P1P2/5:PP2PP/4:PE1EP/3:R1NR/2:G2/1:DK/0:V/ b RKRrkr - 3 16",
			"DB10-D10+∞", "D6-E7 DE1-E7 DE1-F4 ED4-E7 GD2-E7 KG1-F2 KG1-H2 NG3-E7 VF0-F4"},
		{"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b KRrkr - 2 20",
			"GL5×GE5+^", "DE1×GE5 GF8×GE5 KG1-F4 KG1-G3 RH2×GE5 VF0×GE5"},
		{"/27:1k/20:3r3/14:3K3/ b K - 0 10", "RF20-F16+^", "KF14-E11 KF14-E13 KF14-G11 KF14-G13 KF14×RF16"},
		{"/26:2n/24:1kVJp/23:3epp/22:2eN3/20:2jpen1/19:4p3/17:6N1/16:4p2/12:1P5/8:1d5/7:4P3/6:1G2P2/5:3EPP/4:3EP/3:3R/2:1JG/1:1K/ w KR - 11 54",
			"VF24-D26++", "KD24-E23"},
	}
	for _, tc := range tests {
		p := mustPDTL(t, tc.pdtl)
		n, _ := ParseMove(tc.move, nil)
		m, err := p.Resolve(n)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if got := p.Notation(m, nil, StyleE); got != tc.move {
			t.Errorf("notation %s, want %s", got, tc.move)
		}
		if f := p.Findings(n, m); len(f) > 0 {
			t.Errorf("%s: findings %v", tc.move, f)
		}
		p.Play(m)
		expectMoves(t, tc.move, moveStrings(&p), tc.replies)
	}
}

func TestExample20FoolsMate(t *testing.T) {
	p := InitialPosition()
	play(t, &p, "H6-H12", "I23-I19", "JF6-C15", "GH26-Z11", "L5-L7", "NG25-L17", "EH4-H8", "GZ11-L5", "I5-I9", "NL17-G9", "K4-K10")
	before := mustPDTL(t, "/28:v/27:dk/26:gj1/25:rn1r/24:pejep/23:ppee1p/22:2pjp2/21:3pp3/20:3p3/19:5p2/15:2J5/12:4P2/10:5P1/9:4nP2/8:3PE2/7:3PP1P1/6:2P4/5:PPEE1g/4:PEJ2/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr P@K6,8[K10] 0 6")
	if p != before {
		t.Errorf("position before 6…:\n got %s\nwant %s", p.PDTL(nil), before.PDTL(nil))
	}
	n, _ := ParseMove("GL5-H6#", nil)
	m, err := p.Resolve(n)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Notation(m, nil, StyleE); got != "GL5-H6#" {
		t.Errorf("notation %s", got)
	}
	p.Play(m)
	if st := p.Status(); !st.Checkmate || st.Result != "0-3" || st.Check != CheckAdjoining {
		t.Errorf("status %+v", st)
	}
	// The variation 5. K4-K10, GL5-H6+^ 6. KG1-H4, GH6×RI3 7. KH4×GI3.
	v := InitialPosition()
	play(t, &v, "H6-H12", "I23-I19", "JF6-C15", "GH26-Z11", "L5-L7", "NG25-L17", "EH4-H8", "GZ11-L5", "K4-K10", "GL5-H6+^", "KG1-H4", "GH6×RI3", "KH4×GI3")
}

func TestExample21StalemateWins(t *testing.T) {
	p := mustPDTL(t, "/27:1k/25:3J/20:3RR2/19:1N6/1:1K/ w - - 0 50")
	play(t, &p, "NA19-C23")
	if st := p.Status(); !st.Stalemate || st.Checkmate || st.Result != "2-1" {
		t.Errorf("status %+v", st)
	}
}

func TestExample22Draws(t *testing.T) {
	p := mustPDTL(t, "/27:1k/14:3K3/8:3G3/ w - - 0 80")
	play(t, &p, "GF8-A23")
	if st := p.Status(); st.Draw != DrawInsufficientMaterial || st.Result != "1-1" {
		t.Errorf("K+G vs K: %+v", st)
	}
	q := mustPDTL(t, "/27:1k/14:3K3/8:3R3/ w - - 149 80")
	if st := q.Status(); !st.Claimable || st.Over() {
		t.Errorf("clock 149: %+v", st)
	}
	play(t, &q, "RF8-F10")
	if st := q.Status(); st.Draw != DrawMoveLimit || st.Result != "1-1" {
		t.Errorf("clock 150: %+v", st)
	}
}

func TestExample23Mobility(t *testing.T) {
	tests := []struct {
		piece string
		count int
		moves string
	}{
		{"N", 24, "B22 B6 C13 C15 D10 D18 D24 D4 E19 E9 G19 G9 H10 H18 H24 H4 I13 I15 K22 K6 T12 T16 X12 X16"},
		{"G", 30, ""}, {"V", 54, ""}, {"D", 60, ""}, {"R", 42, ""},
		{"J", 18, "B14 C23 C5 D14 D20 D8 E11 E17 G11 G17 H14 H20 H8 I23 I5 K14 T14 X14"},
		{"E", 6, "E11 E17 F16 F18 G11 G17"},
	}
	for _, tc := range tests {
		p := mustPDTL(t, "/27:1k/14:3"+tc.piece+"3/1:1K/ w -- - 0 1")
		got := movesFrom(&p, tc.piece+"F14")
		if len(got) != tc.count {
			t.Errorf("%s on F14: %d moves, want %d", tc.piece, len(got), tc.count)
		}
		if tc.moves != "" {
			var want []string
			for _, h := range strings.Fields(tc.moves) {
				want = append(want, tc.piece+"F14-"+h)
			}
			expectMoves(t, tc.piece, got, strings.Join(want, " "))
		}
	}
}

// TestExample24RuleFaithful checks the positions where E contradicts the
// rules (§10.3), with the rule-faithful answers.
func TestExample24RuleFaithful(t *testing.T) {
	t.Run("a pinned knight attacks", func(t *testing.T) {
		p := mustPDTL(t, "/20:3k3/18:3n3/12:4K2/10:3R3/ w - - 0 10")
		for _, m := range moveStrings(&p) {
			if m == "KH12-G13" || m == "KH12-H14" {
				t.Errorf("%s is illegal", m)
			}
		}
	})
	t.Run("b double check by two sliders", func(t *testing.T) {
		p := mustPDTL(t, "/27:1k/24:2r2/14:1j1K3/ w - - 0 10")
		got := moveStrings(&p)
		if p.Check() != CheckDouble || len(got) != 8 || slices.Contains(got, "KF14-H14") {
			t.Errorf("check %v, moves %v", p.Check(), got)
		}
	})
	t.Run("c elephant two-step check", func(t *testing.T) {
		p := mustPDTL(t, "/20:3k3/16:3E3/8:3p3/1:1K/ b - - 0 10")
		got := moveStrings(&p)
		if p.Check() != CheckDistant || len(got) != 9 || len(movesFrom(&p, "K")) != 9 {
			t.Errorf("check %v, moves %v", p.Check(), got)
		}
	})
	t.Run("d castling into check", func(t *testing.T) {
		p := mustPDTL(t, "/27:1k/5:r5/3:R3/1:1K/ w RK - 0 10")
		if got := movesFrom(&p, "KRD-D"); len(got) != 0 {
			t.Errorf("castlings %v", got)
		}
		n, _ := ParseMove("KRD-DD", nil)
		if _, err := p.Resolve(n); err == nil || err.Kind != ErrKingExposed {
			t.Errorf("KRD-DD: %v", err)
		}
	})
	t.Run("e en passant exposing the king", func(t *testing.T) {
		p := mustPDTL(t, "/27:1k/19:5r2/17:4p3/16:3P3/15:3K4/ w - P@G19[G17] 0 11")
		if got := movesFrom(&p, "F16@"); len(got) != 0 {
			t.Errorf("%v", got)
		}
	})
	t.Run("f en passant of the checking pawn", func(t *testing.T) {
		p := mustPDTL(t, "/27:1k/17:4p3/16:3P3/14:3K3/ w - P@G19[G17] 0 11")
		got := moveStrings(&p)
		if p.Check() != CheckAdjoining || len(got) != 11 || !slices.Contains(got, "F16@G19") {
			t.Errorf("check %v, moves %v", p.Check(), got)
		}
	})
	t.Run("g no leap for a displaced king", func(t *testing.T) {
		p := mustPDTL(t, "/27:1k/14:3K3/ w - - 0 1")
		if got := moveStrings(&p); len(got) != 12 {
			t.Errorf("%v", got)
		}
	})
	t.Run("h no stale pins", func(t *testing.T) {
		p := mustPDTL(t, "/22:3k3/20:3j3/16:4K2/10:3R3/ b - - 0 10")
		play(t, &p, "KF22-E23")
		for _, m := range moveStrings(&p) {
			if m == "KH16-G17" || m == "KH16-H14" {
				t.Errorf("%s is illegal", m)
			}
		}
	})
}

func TestRepetitionKey(t *testing.T) {
	p := InitialPosition()
	start := p.RepetitionKey()
	play(t, &p, "NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25")
	if p.RepetitionKey() != start {
		t.Error("knight shuffle does not repeat the initial position")
	}
	// A useless en-passant record does not distinguish positions.
	q := mustPDTL(t, "/27:1k/11:4P3/1:1K/ b -- G11@9 0 1")
	r := mustPDTL(t, "/27:1k/11:4P3/1:1K/ b -- - 0 1")
	if q.RepetitionKey() != r.RepetitionKey() {
		t.Error("unusable en-passant record changes the key")
	}
	s := mustPDTL(t, "/27:1k/12:4p2/11:4P3/1:1K/ b -- G11@9 0 1")
	u := mustPDTL(t, "/27:1k/12:4p2/11:4P3/1:1K/ b -- - 0 1")
	if s.RepetitionKey() == u.RepetitionKey() {
		t.Error("usable en-passant record ignored")
	}
}
