package cescacs

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// slowLegalMoves is LegalMoves without the pin shortcut: every
// pseudo-legal move is played and the king tested.
func slowLegalMoves(p *Position) []Move {
	var out []Move
	for _, m := range p.pseudoMoves(nil, p.InCheck()) {
		if p.legal(m) {
			out = append(out, m)
		}
	}
	return out
}

// checkInvariants verifies the bookkeeping of p against its board.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	var count [2][numKinds]int8
	var bishops [2][3]int8
	king := [2]Hex{NoHex, NoHex}
	for h := Hex(0); h < NumHexes; h++ {
		pc := p.board[h]
		if pc == NoPiece {
			continue
		}
		count[pc.Color()][pc.Kind()]++
		if pc.Kind() == Bishop {
			bishops[pc.Color()][h.Color()]++
		}
		if pc.Kind() == King {
			king[pc.Color()] = h
		}
	}
	if count != p.count || bishops != p.bishops || king != p.king {
		t.Fatalf("%s: bookkeeping out of step", p.PDTL(nil))
	}
	for c := White; c <= Black; c++ {
		r := p.rights[c]
		if r != 0 && (r&rightKing == 0 || p.board[kingHome[c]] != MakePiece(c, King)) ||
			r&rightKingRook != 0 && p.board[kingRookHome[c]] != MakePiece(c, Rook) ||
			r&rightQueenRook != 0 && p.board[queenRookHome[c]] != MakePiece(c, Rook) {
			t.Fatalf("%s: rights %b of %v without their pieces", p.PDTL(nil), r, c)
		}
	}
}

// TestRandomGames plays seeded random games, preferring special moves,
// and checks at every ply: the pin shortcut against the slow generator,
// the bookkeeping, the PDTL round trip and the notation round trip.
func TestRandomGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 12
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range games {
		p := InitialPosition()
		for ply := 0; ply < 300; ply++ {
			checkInvariants(t, &p)
			moves := p.LegalMoves(nil)
			slow := slowLegalMoves(&p)
			if !slices.Equal(moves, slow) {
				t.Fatalf("game %d ply %d %s: shortcut %v, slow %v", g, ply, p.PDTL(nil), moves, slow)
			}
			q, probs := ParsePDTL(p.PDTL(nil), nil)
			if HasError(probs) || q != p && p.sp.kind != spScornful {
				t.Fatalf("game %d ply %d: PDTL round trip of %s: %v", g, ply, p.PDTL(nil), probs)
			}
			if len(moves) == 0 || p.Status().Over() {
				break
			}
			m := moves[rng.IntN(len(moves))]
			for range 3 {
				if m.Kind != MoveOrdinary || m.Promotion != NoKind || m.Captured != NoKind {
					break
				}
				m = moves[rng.IntN(len(moves))]
			}
			s := p.Notation(m, nil, StyleE)
			n, probs := ParseMove(s, nil)
			if got, err := p.Resolve(n); len(probs) > 0 || err != nil || got != m {
				t.Fatalf("game %d ply %d %s: %s resolves to %v, %v, %v", g, ply, p.PDTL(nil), s, got, err, probs)
			}
			if got, err := p.Coherent(n); err != nil || got != m {
				t.Fatalf("game %d ply %d %s: %s is read as %v, %v", g, ply, p.PDTL(nil), s, got, err)
			}
			p.Play(m)
		}
	}
}

// TestRandomCoherentGames plays seeded random games of coherent moves
// that the rules mostly forbid (any piece of the side to move to any
// hex, with any separator), as the minimal reader applies them, and
// checks the bookkeeping at every ply.
func TestRandomCoherentGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(3, 4))
	seps := []string{"-", "×", "@", "@@"}
	for range games {
		p := InitialPosition()
		for ply := 0; ply < 200; ply++ {
			checkInvariants(t, &p)
			var own []Hex
			for h := Hex(0); h < NumHexes; h++ {
				if pc := p.board[h]; pc != NoPiece && pc.Color() == p.turn {
					own = append(own, h)
				}
			}
			played := false
			for try := 0; try < 200 && !played; try++ {
				from := own[rng.IntN(len(own))]
				to := Hex(rng.IntN(NumHexes))
				pc := p.board[from]
				s := ""
				if pc.Kind() != Pawn {
					s = string(pc.Kind().Letter())
				}
				s += from.String() + seps[rng.IntN(len(seps))]
				if v := p.board[to]; v != NoPiece && v.Kind() != Pawn && v.Kind() != King {
					s += string(v.Kind().Letter())
				}
				s += to.String()
				if pc.Kind() == Pawn && to.IsPromotion(p.turn) {
					s += "=D"
				}
				switch rng.IntN(20) {
				case 0:
					s = "KRK-HIO"
				case 1:
					s = "KRR-FEE"
				}
				n, _ := ParseMove(s, nil)
				m, err := p.Coherent(n)
				if err != nil {
					continue
				}
				p.Play(m)
				played = true
			}
			if !played {
				break
			}
		}
	}
}
