package cescacs

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// refCheckers returns the pieces attacking the king of the side to
// move, found by scanning the board (up to two).
func refCheckers(p *Position) []Hex {
	var at [2]Hex
	return at[:p.scanAttacks(p.king[p.turn&1], p.turn.Other(), at[:])]
}

// refLegalMoves is LegalMoves by the definition: every pseudo-legal move
// is played and the king tested; the check is found by a board scan.
func refLegalMoves(p *Position) []Move {
	var out []Move
	for _, m := range p.pseudoMoves(nil, len(refCheckers(p)) > 0) {
		if p.legal(m) {
			out = append(out, m)
		}
	}
	return out
}

// refCheckMark is the check indicator of the side to move by the
// definition (§5.3): the attackers of its king, and mate when no
// pseudo-legal move leaves the king unattacked.
func refCheckMark(p *Position) CheckMark {
	c := classifyCheck(p.king[p.turn&1], refCheckers(p))
	if c != NoCheck && len(refLegalMoves(p)) == 0 {
		return CheckMate
	}
	return c
}

// compareFast checks the fast paths of p against the slow reference: the
// check state and awaiting pawns Play keeps, the legal moves (evasion filter and pin
// shortcut), whether a legal move exists (early exits), the check
// indicator with mate, and Status.
func compareFast(t *testing.T, p *Position, where string) (check CheckMark) {
	t.Helper()
	if p.chk != p.scanCheck() {
		t.Fatalf("%s: %s: check state %+v, by a scan %+v", where, p.PDTL(nil), p.chk, p.scanCheck())
	}
	if p.awaiting != p.scanAwaiting() {
		t.Fatalf("%s: %s: awaiting pawns %v, by a scan %v", where, p.PDTL(nil), p.awaiting, p.scanAwaiting())
	}
	slow := refLegalMoves(p)
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
	inCheck := len(refCheckers(p)) > 0
	if st.Check != classifyCheck(p.king[p.turn&1], refCheckers(p)) || st.Checkmate != (want == CheckMate) || st.Stalemate != (!inCheck && len(slow) == 0) {
		t.Fatalf("%s: %s: Status %+v, want check %v, %d legal moves", where, p.PDTL(nil), st, want, len(slow))
	}
	return want
}

// TestCheckFastPath asserts that the fast legality, check and mate
// decisions equal the slow reference on every position of the vector
// file, on every position one move after them, and on the positions of
// seeded random games that prefer checking moves (so that checks,
// double checks and mates are frequent). The indicator a move deserves,
// checkAfter, is compared too, and FindingsAfter with Findings.
func TestCheckFastPath(t *testing.T) {
	positions, checks, doubles, mates, awaiting := 0, 0, 0, 0, 0
	visit := func(p *Position, where string) {
		positions++
		if p.awaiting != [2]bool{} {
			awaiting++
		}
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
		for j, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			if got, want := p.checkAfter(m), refCheckMark(&q); got != want {
				t.Fatalf("vector %d: %s: %v gives %v, want %v", i+1, v.PDTL, m, got, want)
			}
			n, _ := ParseMove(m.String()+CheckMark((i+j)%6).String(), nil)
			if got, want := p.FindingsAfter(&n, m, &q), p.Findings(n, m); !reflect.DeepEqual(got, want) {
				t.Fatalf("vector %d: %s: FindingsAfter %v, Findings %v", i+1, v.PDTL, got, want)
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
	if checks < 5000 || doubles < 50 || mates < 20 || awaiting < 10 {
		t.Fatalf("only %d checks, %d double checks, %d mates and %d awaiting pawns among %d positions", checks, doubles, mates, awaiting, positions)
	}
	t.Logf("%d positions compared, %d in check, %d double checks, %d mates, %d with an awaiting pawn", positions, checks, doubles, mates, awaiting)
}

// FuzzCheckState plays the moves the fuzzer picks from a PDTL position
// (illegal positions included, such as the side not to move in check)
// and compares, at every ply, the check state Play keeps and the fast
// legality, check and mate decisions with the slow reference.
func FuzzCheckState(f *testing.F) {
	for _, s := range []string{
		initialPDTL, ex10PDTL, ex16PDTL, ex17PDTL,
		"/27:1k/25:r2r/3:R2R/1:DK/ w RKRrkr - 0 1",
		"/27:1k/23:p5/21:1P6/1:1K/ w - - 0 30",
		// The black king is in check, White to move (an illegal position).
		"/27:1k/21:4R3/3:R3/1:1K/ w - - 0 1",
	} {
		f.Add(s, []byte{0, 7, 3, 250, 19, 4, 88, 1})
	}
	f.Fuzz(func(t *testing.T, s string, picks []byte) {
		p, _ := ParsePDTL(s, nil)
		if !p.king[White].Valid() || !p.king[Black].Valid() {
			return
		}
		compareFast(t, &p, "start")
		for i, b := range picks {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 || i >= 40 {
				return
			}
			m := moves[int(b)%len(moves)]
			q := p
			q.Play(m)
			if got, want := p.checkAfter(m), refCheckMark(&q); got != want {
				t.Fatalf("%s: %v gives %v, want %v", p.PDTL(nil), m, got, want)
			}
			p = q
			compareFast(t, &p, "ply")
		}
	})
}

// TestCheckStateExposed plays from a position whose side not to move is
// in check, where Play cannot follow the move alone.
func TestCheckStateExposed(t *testing.T) {
	p, probs := ParsePDTL("/27:1k/21:4R3/3:R3/1:1K/ w - - 0 1", nil)
	if len(probs) == 0 || !p.chk.exposed {
		t.Fatalf("not read as exposed: %+v, %v", p.chk, probs)
	}
	for _, m := range p.LegalMoves(nil) {
		q := p
		q.Play(m)
		compareFast(t, &q, m.String())
	}
}

// TestGenTo checks that genTo gives the moves of genFrom that land on
// the hex asked, castlings aside, for every own piece and every hex of
// the positions of seeded random games.
func TestGenTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	compared := 0
	for range 5 {
		p := InitialPosition()
		for ply := 0; ply < 200; ply++ {
			for from := Hex(0); from < NumHexes; from++ {
				if pc := p.board[from]; pc == NoPiece || pc.Color() != p.turn {
					continue
				}
				all := p.genFrom(nil, from, p.InCheck())
				for to := Hex(0); to < NumHexes; to++ {
					var want []Move
					for _, m := range all {
						if m.To == to && m.Kind != MoveCastling {
							want = append(want, m)
						}
					}
					if got := p.genTo(nil, from, to, p.InCheck()); !slices.Equal(got, want) {
						t.Fatalf("%s: %v to %v: genTo %v, genFrom %v", p.PDTL(nil), from, to, got, want)
					}
					compared++
				}
			}
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d origins and destinations compared", compared)
}
