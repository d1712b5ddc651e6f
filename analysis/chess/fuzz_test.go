package chess

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

var fuzzPositions = []struct {
	fen      string
	chess960 bool
}{
	{StartFEN, false},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
	{"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", false},
	{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", false},
	{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true},
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{
		"e4", "exd5", "e8=Q+", "Nf3", "Nbd2", "R1e2", "Qh4xe1#", "O-O", "O-O-O", "--", "Z0", "0000",
		"0-0", "o-o-o", "O\u2013O", "Ng1-f3", "Ng1\u2014f3", "e2e4", "g1f3", "e7e8q", "e8Q", "e8(Q)",
		"e8/Q", "exd6e.p.", "e:d5", "Pe4", "Sf3", "e9", "", "++", "b1c3", "axb8=N", "Ke1g1", "e1h1",
	} {
		f.Add(s)
	}
	positions := make([]Position, len(fuzzPositions))
	for i, fp := range fuzzPositions {
		positions[i] = mustFEN(f, fp.fen, fp.chess960)
	}
	f.Fuzz(func(t *testing.T, s string) {
		san, err := ParseSAN(s)
		if err != nil {
			var e *SANError
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > e.End || e.End > len(s) {
				t.Fatalf("ParseSAN(%q) error %#v has a bad range", s, err)
			}
			return
		}
		for i := range positions {
			p := &positions[i]
			m, rerr := p.Resolve(san)
			if rerr != nil {
				if rerr.Msg == "" {
					t.Fatalf("%s: Resolve(%q) error without message", p.FEN(), s)
				}
				continue
			}
			if m != NullMove && !slices.Contains(p.LegalMoves(), m) {
				t.Fatalf("%s: Resolve(%q) = %v, not a legal move", p.FEN(), s, m)
			}
			after := p.Make(m)
			if a, b := p.Lint(san, m), p.LintAfter(san, m, &after); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: Lint(%q) = %v but LintAfter = %v", p.FEN(), s, a, b)
			}
			for _, finding := range p.Lint(san, m) {
				if finding.Canonical != p.SAN(m) {
					t.Fatalf("%s: Lint(%q) canonical %q != SAN %q", p.FEN(), s, finding.Canonical, p.SAN(m))
				}
			}
			canonical := p.SAN(m)
			san2, err := ParseSAN(canonical)
			if err != nil {
				t.Fatalf("%s: ParseSAN(SAN(%q) = %q): %v", p.FEN(), s, canonical, err)
			}
			if m2, rerr := p.Resolve(san2); rerr != nil || m2 != m {
				t.Fatalf("%s: %q resolves to %v but its SAN %q to %v, %v", p.FEN(), s, m, canonical, m2, rerr)
			}
			if lint := p.Lint(san2, m); lint != nil {
				t.Fatalf("%s: canonical %q has findings %v", p.FEN(), canonical, lint)
			}
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, fp := range fuzzPositions {
		f.Add(fp.fen, fp.chess960)
	}
	for _, s := range []string{
		"", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
		"4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/R3K2R w HAha - 0 0", "rnbqkbnr/8/8/8/8/8/8/8/8 w",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/8/8/44/8/4K3", "r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/4q3/3n4/8/r3K3 w - - 0 1",
		"4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1", "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pn] b KQkq - 0 6", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0",
		"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
		"8/P7/8/8/8/8/8/7k w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, chess960 bool) {
		checkVariantFEN(t, s, chess960)
		p, problems := CheckFEN(s, chess960)
		sound, usable := true, true
		for _, e := range problems {
			if e.Offset < 0 || e.Offset > e.End || e.End > len(s) || e.Msg == "" {
				t.Fatalf("CheckFEN(%q) problem %#v has a bad range", s, e)
			}
			if fix := e.Fix; fix != nil && (fix.Offset < 0 || fix.Offset > fix.End || fix.End > len(s) || fix.Title == "") {
				t.Fatalf("CheckFEN(%q) problem %#v has a bad fix %+v", s, e, *fix)
			}
			sound = sound && e.Kind == FENWarning
			usable = usable && e.Usable()
		}
		if !usable {
			return
		}
		checkFixes(t, s, chess960, p, problems)
		if q, _ := CheckFEN(p.FEN(), chess960); q != p {
			t.Fatalf("FEN round trip of %q: %q", s, p.FEN())
		}
		if q, err := ParseFEN(p.FEN(), chess960); sound && (err != nil || q != p) {
			t.Fatalf("FEN round trip of %q: %q, %v", s, p.FEN(), err)
		}
		_ = p.Status()
		for _, m := range p.LegalMoves() {
			canonical := p.SAN(m)
			san, err := ParseSAN(canonical)
			if err != nil {
				t.Fatalf("%s: ParseSAN(%q): %v", p.FEN(), canonical, err)
			}
			if m2, rerr := p.Resolve(san); rerr != nil || m2 != m {
				t.Fatalf("%s: SAN %q of %v resolves to %v, %v", p.FEN(), canonical, m, m2, rerr)
			}
			next := p.Make(m)
			if _, err := ParseFEN(next.FEN(), chess960); sound && err != nil {
				t.Fatalf("%s: after %s: invalid FEN %q: %v", p.FEN(), canonical, next.FEN(), err)
			}
		}
	})
}

// FuzzVariantGame plays a game of one of the variants, each move chosen
// among the legal ones by a byte of the input, and checks every move by
// writing and reading it back: its SAN and its coordinate form resolve
// to it, Lint finds nothing in its SAN, and the FEN of every position
// reads back to the same position. A game that stops for lack of legal
// moves must have an outcome.
func FuzzVariantGame(f *testing.F) {
	for _, v := range Variants {
		f.Add(uint8(v), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
		f.Add(uint8(v), []byte("the quick brown fox jumps over the lazy dog, again and again and again"))
	}
	f.Fuzz(func(t *testing.T, v uint8, choices []byte) {
		variant := Variants[int(v)%len(Variants)]
		p := VariantStart(variant)
		var buf [512]Move
		for i, c := range choices {
			if i == 400 {
				break
			}
			moves := p.AppendLegalMoves(buf[:0])
			if len(moves) == 0 {
				if p.Outcome().Result == "" {
					t.Fatalf("%v %s: no legal move but no outcome", variant, p.FEN())
				}
				return
			}
			if q, err := ParseVariantFEN(p.FEN(), variant, p.Chess960()); err != nil || q != p {
				t.Fatalf("%v: FEN round trip of %s: %v (got %s)", variant, p.FEN(), err, q.FEN())
			}
			m := moves[int(c)%len(moves)]
			for _, s := range []string{p.SAN(m), p.UCI(m)} {
				san, err := ParseSAN(s)
				if err != nil {
					t.Fatalf("%v %s: ParseSAN(%q): %v", variant, p.FEN(), s, err)
				}
				got, rerr := p.Resolve(san)
				if rerr != nil || got != m {
					t.Fatalf("%v %s: Resolve(%q) = %v, %v; want %v", variant, p.FEN(), s, got, rerr, m)
				}
				if s == p.SAN(m) && p.Lint(san, m) != nil {
					t.Fatalf("%v %s: Lint(%q) = %v, want nothing", variant, p.FEN(), s, p.Lint(san, m))
				}
			}
			p = p.Make(m)
		}
	})
}

// checkVariantFEN reads s as a FEN of every variant but orthodox chess
// and Chess960 (FuzzParseFEN checks those): problems must have sound
// ranges, a usable position must write a FEN that reads back to it, and
// the SAN of each of its legal moves must resolve to the move.
func checkVariantFEN(t *testing.T, s string, chess960 bool) {
	for _, v := range Variants[Crazyhouse:] {
		p, problems := CheckVariantFEN(s, v, chess960)
		usable := true
		for _, e := range problems {
			if e.Offset < 0 || e.Offset > e.End || e.End > len(s) || e.Msg == "" {
				t.Fatalf("%v: CheckVariantFEN(%q) problem %#v has a bad range", v, s, e)
			}
			usable = usable && e.Usable()
		}
		if !usable {
			continue
		}
		if q, _ := CheckVariantFEN(p.FEN(), v, chess960); q != p {
			t.Fatalf("%v: FEN round trip of %q: %q, then %q", v, s, p.FEN(), q.FEN())
		}
		_ = p.Outcome()
		for _, m := range p.LegalMoves() {
			canonical := p.SAN(m)
			san, err := ParseSAN(canonical)
			if err != nil {
				t.Fatalf("%v %s: ParseSAN(%q): %v", v, p.FEN(), canonical, err)
			}
			if m2, rerr := p.Resolve(san); rerr != nil || m2 != m {
				t.Fatalf("%v %s: SAN %q of %v resolves to %v, %v", v, p.FEN(), canonical, m, m2, rerr)
			}
		}
	}
}
