package cescacs

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

func checkOffsets(t *testing.T, src string, probs []Problem) {
	t.Helper()
	for _, p := range probs {
		if p.Offset < 0 || p.End < p.Offset || p.End > len(src) {
			t.Fatalf("%q: problem out of range: %v", src, p)
		}
		if !utf8.ValidString(src) {
			continue
		}
		if !utf8.ValidString(src[p.Offset:p.End]) {
			t.Fatalf("%q: problem splits a character: %v", src, p)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"A5-A7", "NE3-C13", "E13×JF16", "E13*JF16", "E13xJF16", "E7–E13", "E7‐E13", "F12@@G9", "B24@VA21",
		"F26-F28=D", "F26-F28=&", "F28=R+∞", "KRK-HIO", "KRK-HIOO", "KRR-FEE", "KRD-FG+∞", "KTK-HIO", "KRK-HI",
		"GL5-H6#", "VF24-D26++", "RF20-F16^+", "PE7-E13", "AF6-C15", "♘E3-C13", "E13×🩐F16", "F15-F17", "",
		"NE3-C13 !", "KG1×JF6", "K", "KR", "G", "=", "E7-E13=", "@@", "A23@DT22", "P17-P21=D", "T22@DP19",
	} {
		f.Add(s, 0)
	}
	alphabets := []*Alphabet{nil, alphabetOf("A@J, C@N, T@R"), FANAlphabet(), alphabetOf("B@J, W@V, Q@D")}
	positions := []Position{InitialPosition()}
	for _, s := range []string{ex10PDTL, ex16PDTL, ex17PDTL, "/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1", "/27:1k/23:p5/21:1P6/1:1K/ w - - 0 30"} {
		p, _ := ParsePDTL(s, nil)
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, s string, ai int) {
		a := alphabets[uint(ai)%uint(len(alphabets))]
		n, probs := ParseMove(s, a)
		checkOffsets(t, s, probs)
		for _, p := range positions {
			if m, err := p.Resolve(n); err == nil {
				p.Findings(n, m)
			} else if err.Offset < 0 || err.End < err.Offset || err.End > len(s) {
				t.Fatalf("%q: resolve error out of range: %+v", s, err)
			}
			// The minimal reader plays whatever is coherent.
			if m, err := p.Coherent(n); err == nil {
				q := p
				q.Play(m)
			} else if err.Offset < 0 || err.End < err.Offset || err.End > len(s) {
				t.Fatalf("%q: coherence error out of range: %+v", s, err)
			}
		}
		if n.Kind == NotationInvalid {
			return
		}
		if out, ok := StandardMove(s, a); ok {
			if again, ok := StandardMove(out, nil); !ok || again != out {
				t.Fatalf("%q -> %q -> %q, %v", s, out, again, ok)
			}
		}
		for _, style := range []Style{StyleE, StyleASCII, StyleUnicode} {
			out := n.Format(a, style)
			n2, _ := ParseMove(out, a)
			if !n2.same(n) {
				t.Fatalf("%q -> %q: reparsed %+v, want %+v", s, out, n2, n)
			}
			if out2 := n2.Format(a, style); out2 != out {
				t.Fatalf("%q -> %q -> %q", s, out, out2)
			}
		}
	})
}

func FuzzParsePDTL(f *testing.F) {
	for _, s := range []string{
		initialPDTL, ex10PDTL, ex16PDTL, ex17PDTL,
		"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b KRrkr - 2",
		"/27:1k/13:4P3/1:1K/ b -- P@G9,11[G13] 0 1", "/27:1k/14:3p3/13:4P3/1:1K/ w - G13@F14 0 11",
		"/27:1k/13:4P3/1:1K/ b -- G13@9‐11 - -", "/1:1K/27:1k/ w rkr - 0 ?", "/27:1k/20:3p/1:1K/ w -- - 0 1",
		"/28:🩒/27:♛♚/26:🩓♝🩓/25:♜♞♞♜/24:♟☗♝☗♟/23:♟♟☗☗♟♟/22:2♟♝♟2/21:3♟♟3/20:3♟3/8:3♙3/7:3♙♙3/6:2♙♗♙2/5:♙♙☖☖♙♙/4:♙☖♗☖♙/3:♖♘♘♖/2:🩐♗🩐/1:♕♔/0:🩏/ w ♖♔♖♜♚♜ - 0 1",
		"/28:v/27:dk/26:gag/25:tcct/24:peaep/23:ppeepp/22:2pap2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PAP2/5:PPEEPP/4:PEAEP/3:TCCT/2:GAG/1:DK/0:V/ w TKTtkt - 0 1",
		"", "/", "//", "/x:/", "/28:9/ w", "/1:KK/27:kk/ b RKRrkr - 0 1",
		"/27:1k/25:r2r/1:1K/ w ‐rkr ‐ ‐ ‐", "/27:1k/14:3p3/13:3PP3/1:1K/ w -- F14 0 11",
	} {
		f.Add(s, 0)
	}
	alphabets := []*Alphabet{nil, alphabetOf("A@J, C@N, T@R"), FANAlphabet()}
	f.Fuzz(func(t *testing.T, s string, ai int) {
		a := alphabets[uint(ai)%uint(len(alphabets))]
		p, probs := ParsePDTL(s, a)
		checkOffsets(t, s, probs)
		out := p.PDTL(a)
		p2, probs2 := ParsePDTL(out, a)
		out2 := p2.PDTL(a)
		if out2 != out {
			t.Fatalf("%q -> %q -> %q", s, out, out2)
		}
		if p3, _ := ParsePDTL(out2, a); p3 != p2 {
			t.Fatalf("%q: unstable position", out2)
		}
		if len(probs) == 0 && p2 != p {
			t.Fatalf("%q -> %q: position changed (%v)", s, out, probs2)
		}
		if std, ok := StandardPDTL(s, a); ok {
			if again, ok := StandardPDTL(std, nil); !ok || again != std {
				t.Fatalf("%q -> %q -> %q, %v", s, std, again, ok)
			}
		}
		// The engine must cope with whatever was read.
		p.Status()
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			q.PDTL(a)
		}
	})
}

// alphabetOf returns the alphabet of a valid Redefine value.
func alphabetOf(redefine string) *Alphabet {
	a, _ := ParseRedefine(redefine)
	return a
}

// TestGarbageValuesDoNotPanic feeds arbitrary Notation and Move values,
// as a careless caller might build them, to the position methods.
func TestGarbageValuesDoNotPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	base := InitialPosition()
	b := func() uint8 { return uint8(rng.UintN(256)) }
	for range 20000 {
		n := Notation{Kind: NotationKind(b() % 5), Mover: Kind(b()), From: Hex(b()), To: Hex(b()), Sep: Separator(b()),
			Victim: Kind(b()), Promotion: Kind(b()), Castle: CastleID(b()), Check: CheckMark(b())}
		p := base
		if m, err := p.Resolve(n); err == nil {
			p.Findings(n, m)
		}
		_ = n.Format(nil, Style(b()))
		m := Move{From: Hex(b()), To: Hex(b()), Piece: Kind(b()), Captured: Kind(b()), Promotion: Kind(b()), Kind: MoveKind(b()), Castle: CastleID(b())}
		_ = p.Notation(m, FANAlphabet(), StyleUnicode)
		_ = m.String()
		p.Play(m)
		_ = p.PDTL(nil)
		_ = p.Status()
	}
}
