package chess

import (
	"math/bits"
	"sync"
)

// Precomputed attack tables: the leapers' filled by init, the sliders'
// and the lines by buildTables on first use (see tables).
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard // [colour of the pawn][pawn square]

	// betweenBB[a][b] holds the squares strictly between a and b if they
	// share a rank, file or diagonal, and is empty otherwise.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] holds the whole line through a and b (edge to edge)
	// if they share a rank, file or diagonal, and is empty otherwise.
	lineBB [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [102400]Bitboard
	bishopTable  [5248]Bitboard
)

// A magic maps the relevant occupancy of a slider's square to an index
// in its attack table ("fancy" magic bitboards).
type magic struct {
	mask   Bitboard
	factor uint64
	offset uint32
	shift  uint8
}

func (m *magic) index(occ Bitboard) uint32 {
	return m.offset + uint32(uint64(occ&m.mask)*m.factor>>m.shift)
}

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	return rookTable[rookMagics[sq].index(occ)]
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	return bishopTable[bishopMagics[sq].index(occ)]
}

// attacksFrom returns the squares a piece of type t (not a pawn) on sq
// attacks given the occupancy occ.
func attacksFrom(t PieceType, sq Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return bishopAttacks(sq, occ)
	case Rook:
		return rookAttacks(sq, occ)
	case Queen:
		return bishopAttacks(sq, occ) | rookAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}

type direction struct{ df, dr int }

var (
	rookDirs   = [4]direction{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4]direction{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide computes slider attacks from sq the slow way, ray by ray.
func slide(sq Square, occ Bitboard, dirs *[4]direction) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		r := rays[rayIndex(d)][sq]
		if blockers := r & occ; blockers != 0 {
			// The nearest blocker is the lowest square on rays that go up
			// the board (or right along a rank), the highest otherwise.
			var b Square
			if d.dr > 0 || d.dr == 0 && d.df > 0 {
				b = Square(bits.TrailingZeros64(uint64(blockers)))
			} else {
				b = Square(63 - bits.LeadingZeros64(uint64(blockers)))
			}
			r &^= rays[rayIndex(d)][b]
		}
		att |= r
	}
	return att
}

// rays[rayIndex(d)][sq] holds the squares from sq (excluded) to the edge
// of the board in direction d, so that slide costs a few operations per
// direction, not a walk: building the magic tables at start-up is that
// much faster.
var rays [9][64]Bitboard

func rayIndex(d direction) int { return (d.df+1)*3 + d.dr + 1 }

func initRays() {
	for _, d := range append(rookDirs[:], bishopDirs[:]...) {
		for sq := A1; sq <= H8; sq++ {
			var r Bitboard
			for f, k := sq.File()+d.df, sq.Rank()+d.dr; f >= 0 && f < 8 && k >= 0 && k < 8; f, k = f+d.df, k+d.dr {
				r |= SquareAt(f, k).bb()
			}
			rays[rayIndex(d)][sq] = r
		}
	}
}

// leap returns the squares reached from sq by each of the given offsets.
func leap(sq Square, offsets []direction) Bitboard {
	var att Bitboard
	for _, d := range offsets {
		att |= SquareAt(sq.File()+d.df, sq.Rank()+d.dr).bb()
	}
	return att
}

func init() {
	initRays()
	knightOffsets := []direction{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingOffsets := []direction{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for sq := A1; sq <= H8; sq++ {
		knightAttacks[sq] = leap(sq, knightOffsets)
		kingAttacks[sq] = leap(sq, kingOffsets)
		pawnAttacks[White][sq] = leap(sq, []direction{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = leap(sq, []direction{{-1, -1}, {1, -1}})
	}
}

// tables builds the slider and line tables once. Every position with
// pieces comes from CheckFEN, which calls it, so the methods of Position
// read the tables without a check; a process that reads no PGN game
// (pgnls check on C'escacs records) does not pay the 20 million or so
// instructions of the magic tables.
var tables = sync.OnceFunc(buildTables)

func buildTables() {
	initMagics(rookTable[:], &rookMagics, &rookFactors, &rookDirs)
	initMagics(bishopTable[:], &bishopMagics, &bishopFactors, &bishopDirs)
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			switch {
			case a == b:
			case rookAttacks(a, 0).Has(b):
				lineBB[a][b] = rookAttacks(a, 0)&rookAttacks(b, 0) | a.bb() | b.bb()
				betweenBB[a][b] = rookAttacks(a, b.bb()) & rookAttacks(b, a.bb())
			case bishopAttacks(a, 0).Has(b):
				lineBB[a][b] = bishopAttacks(a, 0)&bishopAttacks(b, 0) | a.bb() | b.bb()
				betweenBB[a][b] = bishopAttacks(a, b.bb()) & bishopAttacks(b, a.bb())
			}
		}
	}
}

// initMagics fills table with the attack sets of a slider moving in
// dirs, indexed through magics built from the given factors.
func initMagics(table []Bitboard, magics *[64]magic, factors *[64]uint64, dirs *[4]direction) {
	offset := uint32(0)
	for sq := A1; sq <= H8; sq++ {
		edges := (rank1|rankBB(7))&^rankBB(sq.Rank()) | (fileA|fileBB(7))&^fileBB(sq.File())
		m := &magics[sq]
		m.mask = slide(sq, 0, dirs) &^ edges
		m.factor = factors[sq]
		m.shift = uint8(64 - m.mask.Count())
		m.offset = offset
		// Enumerate all subsets of the mask (Carry-Rippler).
		for b := Bitboard(0); ; {
			table[m.index(b)] = slide(sq, b, dirs)
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		offset += 1 << m.mask.Count()
	}
}
