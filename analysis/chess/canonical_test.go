package chess

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// spellings returns ways of writing m in p: its SAN and the same with
// other check marks, with and without 'x', with more or less of the
// origin, with other promotion spellings, and a few garbled ones.
func spellings(p *Position, m Move) []string {
	san := p.SAN(m)
	body := strings.TrimRight(san, "+#")
	out := []string{san, body, body + "+", body + "#", body + "++", body + "!"}
	from := m.From().String()
	for _, b := range []string{body, strings.Replace(body, "x", "", 1)} {
		if b == "" {
			continue
		}
		rest := b
		lead := ""
		if c := b[0]; c >= 'A' && c <= 'Z' {
			lead, rest = b[:1], b[1:]
		}
		// The origin: as written, or a file, a rank or the square more.
		dest := m.To().String()
		i := strings.LastIndex(rest, dest)
		if i < 0 {
			continue
		}
		tail := rest[i:]
		mark := ""
		if !strings.Contains(b, "x") && p.colors[p.side.Other()].Has(m.To()) {
			mark = "x"
		}
		for _, origin := range []string{"", from[:1], from[1:], from} {
			out = append(out, lead+origin+tail, lead+origin+"x"+tail, lead+origin+mark+tail)
		}
		out = append(out, "P"+b, strings.ToLower(b), b+"=Q", strings.Replace(b, "=", "", 1))
	}
	return out
}

// TestPlayCanonical holds PlayCanonical to ParseSAN, Resolve, Lint and
// Make: on every legal move of positions of random games (from the
// perft suite's positions too) written in many ways, it plays exactly
// the spellings that those read without error and without a finding,
// but castling, and plays them alike; the canonical SAN of every other
// move takes it.
func TestPlayCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var starts []Position
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen, c.chess960)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	for _, fen := range []string{
		"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",                             // promotions
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                             // en passant
		"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",                             // en passant that uncovers the king
		"6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1",                           // mate with a rook of two
		"N6k/8/1N6/8/8/8/8/N3N1K1 w - - 0 1",                            // four knights
		"7k/8/8/2Q3Q1/8/8/2Q5/6K1 w - - 0 1",                            // three queens
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                          // castling
		"4k3/8/8/8/8/8/3n4/4K2R w K - 0 1",                              // in check
		"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", // mate in one
	} {
		p, err := ParseFEN(fen, false)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	played, games, plies := 0, len(starts), 100
	if testing.Short() {
		plies = 30
	}
	for game := range games {
		p := starts[game%len(starts)]
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				for _, s := range spellings(&p, m) {
					if samePlay(t, &p, s) && s == p.SAN(m) {
						played++
					}
				}
			}
			p = p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if played < 1000 {
		t.Fatalf("only %d moves played on the canonical path", played)
	}
}

// samePlay compares PlayCanonical on s in p with the general reading and
// reports whether it played s.
func samePlay(t *testing.T, p *Position, s string) bool {
	t.Helper()
	var q Position
	fastSAN, fastMove, ok := p.PlayCanonical(s, &q)
	want := false
	san, err := ParseSAN(s)
	var m Move
	if err == nil {
		var rerr *ResolveError
		m, rerr = p.Resolve(san)
		want = rerr == nil && !m.IsCastle() && !san.Null && p.Lint(san, m) == nil
	}
	canonical := p.SAN(m) == s
	switch {
	case ok != want:
		t.Fatalf("%s: %q: PlayCanonical reports %v, the general reading %v (error %v)", p.FEN(), s, ok, want, err)
	case !ok:
		return false
	case fastSAN != san || fastMove != m:
		t.Fatalf("%s: %q: PlayCanonical read %+v %v, the general reading %+v %v", p.FEN(), s, fastSAN, fastMove, san, m)
	case q != p.Make(m):
		after := p.Make(m)
		t.Fatalf("%s: %q: PlayCanonical's position %s, Make's %s", p.FEN(), s, q.FEN(), after.FEN())
	case !canonical:
		t.Fatalf("%s: %q played, but its SAN is %s", p.FEN(), s, p.SAN(m))
	}
	return true
}
