package cescacs

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refCheckMark is the check indicator of the side to move by the
// definition (§5.3): the attackers of its king, and mate when no
// pseudo-legal move leaves the king unattacked.
func refCheckMark(p *Position) CheckMark {
	c := p.Check()
	if c != NoCheck && len(slowLegalMoves(p)) == 0 {
		return CheckMate
	}
	return c
}

// compareFast checks the fast paths of p against the slow reference: the
// legal moves (evasion filter and pin shortcut), whether a legal move
// exists (early exits), the check indicator with mate, and Status.
func compareFast(t *testing.T, p *Position, where string) (check CheckMark) {
	t.Helper()
	slow := slowLegalMoves(p)
	if moves := p.LegalMoves(nil); !slices.Equal(moves, slow) {
		t.Fatalf("%s: %s: LegalMoves %v, slow %v", where, p.PDTL(nil), moves, slow)
	}
	if got, want := p.HasLegalMove(), len(slow) > 0; got != want {
		t.Fatalf("%s: %s: HasLegalMove %v, want %v", where, p.PDTL(nil), got, want)
	}
	want := refCheckMark(p)
	if got := p.checkMark(); got != want {
		t.Fatalf("%s: %s: checkMark %v, want %v", where, p.PDTL(nil), got, want)
	}
	st := p.Status()
	inCheck := p.Check() != NoCheck
	if st.Check != p.Check() || st.Checkmate != (want == CheckMate) || st.Stalemate != (!inCheck && len(slow) == 0) {
		t.Fatalf("%s: %s: Status %+v, want check %v, %d legal moves", where, p.PDTL(nil), st, want, len(slow))
	}
	return want
}

// TestCheckFastPath asserts that the fast legality, check and mate
// decisions equal the slow reference on every position of the vector
// file, on every position one move after them, and on the positions of
// seeded random games that prefer checking moves (so that checks,
// double checks and mates are frequent). The indicator written after a
// move, checkAfter, is compared too.
func TestCheckFastPath(t *testing.T) {
	positions, checks, doubles, mates := 0, 0, 0, 0
	visit := func(p *Position, where string) {
		positions++
		switch compareFast(t, p, where) {
		case NoCheck:
		case CheckDouble:
			doubles++
			checks++
		case CheckMate:
			mates++
			checks++
		default:
			checks++
		}
	}
	for i, v := range readJSONL[vector](t, "vectors-sample.jsonl") {
		p, _ := ParsePDTL(v.PDTL, nil)
		visit(&p, "vector")
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			if got, want := p.checkAfter(m), refCheckMark(&q); got != want {
				t.Fatalf("vector %d: %s: %v gives %v, want %v", i+1, v.PDTL, m, got, want)
			}
			visit(&q, "after a vector")
		}
	}
	games := 80
	if testing.Short() {
		games = 16
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for g := range games {
		p := InitialPosition()
		for ply := 0; ply < 400; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 || p.Status().Over() {
				break
			}
			var checking []Move
			for _, m := range moves {
				q := p
				q.Play(m)
				if got, want := p.checkAfter(m), refCheckMark(&q); got != want {
					t.Fatalf("game %d ply %d: %s: %v gives %v, want %v", g, ply, p.PDTL(nil), m, got, want)
				}
				if q.InCheck() {
					checking = append(checking, m)
					visit(&q, "a check")
				}
			}
			m := moves[rng.IntN(len(moves))]
			if len(checking) > 0 && rng.IntN(3) > 0 {
				m = checking[rng.IntN(len(checking))]
			}
			p.Play(m)
			visit(&p, "game")
		}
	}
	if checks < 5000 || doubles < 100 || mates < 20 {
		t.Fatalf("only %d checks, %d double checks and %d mates among %d positions", checks, doubles, mates, positions)
	}
	t.Logf("%d positions compared, %d in check, %d double checks, %d mates", positions, checks, doubles, mates)
}
