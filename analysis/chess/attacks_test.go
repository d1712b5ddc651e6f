package chess

import "testing"

// TestSliderAttacks checks the magic tables against the slow ray walk
// for every relevant occupancy of every square.
func TestSliderAttacks(t *testing.T) {
	tables()
	for _, c := range []struct {
		name    string
		magics  *[64]magic
		attacks func(Square, Bitboard) Bitboard
		dirs    *[4]direction
	}{
		{"rook", &rookMagics, rookAttacks, &rookDirs},
		{"bishop", &bishopMagics, bishopAttacks, &bishopDirs},
	} {
		for sq := A1; sq <= H8; sq++ {
			mask := c.magics[sq].mask
			for b := Bitboard(0); ; {
				// Squares outside the mask must not matter.
				occ := b | ^mask&0x0123456789abcdef&^sq.bb()
				if got, want := c.attacks(sq, occ), slide(sq, occ, c.dirs); got != want {
					t.Fatalf("%s attacks from %s with occupancy %#x = %#x, want %#x", c.name, sq, uint64(occ), uint64(got), uint64(want))
				}
				b = (b - mask) & mask
				if b == 0 {
					break
				}
			}
		}
	}
}

func TestLeaperAttacks(t *testing.T) {
	tables()
	tests := []struct {
		name string
		got  Bitboard
		want []Square
	}{
		{"knight a1", knightAttacks[A1], []Square{B3, C2}},
		{"knight e4", knightAttacks[E4], []Square{D2, F2, C3, G3, C5, G5, D6, F6}},
		{"king h8", kingAttacks[H8], []Square{G7, H7, G8}},
		{"white pawn a2", pawnAttacks[White][A2], []Square{B3}},
		{"black pawn e7", pawnAttacks[Black][E7], []Square{D6, F6}},
		{"between a1 h8", betweenBB[A1][H8], []Square{B2, C3, D4, E5, F6, G7}},
		{"between a1 b3", betweenBB[A1][B3], nil},
		{"line e1 e4", lineBB[E1][E4], []Square{E1, E2, E3, E4, E5, E6, E7, E8}},
	}
	for _, tt := range tests {
		var want Bitboard
		for _, sq := range tt.want {
			want |= sq.bb()
		}
		if tt.got != want {
			t.Errorf("%s = %v, want %v", tt.name, squareList(tt.got), squareList(want))
		}
	}
}
