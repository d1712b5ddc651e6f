package chess

import (
	"math/bits"
	"strconv"
)

// FEN returns the Forsyth-Edwards Notation of p. Castling rights are
// written as KQkq, except that in Chess960 positions a right whose rook
// is not the outermost one on its side is written as its file letter
// (X-FEN). Crazyhouse pockets follow the placement in brackets, with
// '~' after each promoted piece ("[QRn]"); the three-check counters, the
// checks each side still has to give, come before the clocks ("3+3"),
// as python-chess writes them.
func (p *Position) FEN() string { return string(p.AppendFEN(make([]byte, 0, 90))) }

// AppendFEN appends the FEN of p (see FEN) to b and returns the extended
// slice: a caller writing the positions of many moves reuses one buffer.
func (p *Position) AppendFEN(b []byte) []byte {
	// The board, a square at a time: each square's letter from the
	// pieces' bitboards, 0 for an empty square.
	var board [64]byte
	for t := Pawn; t <= King; t++ {
		for c := White; c <= Black; c++ {
			ch := NewPiece(c, t).FENChar()
			for bb := p.pieces[t-1] & p.colors[c]; bb != 0; bb &= bb - 1 {
				board[bb.first()] = ch
			}
		}
	}
	occupied := p.colors[White] | p.colors[Black]
	for rank := 7; rank >= 0; rank-- {
		// The rank's pieces, file by file, and the empty squares
		// between them counted.
		file := 0
		for row := uint8(occupied >> (8 * rank)); row != 0; row &= row - 1 {
			f := bits.TrailingZeros8(row)
			if f > file {
				b = append(b, byte('0'+f-file))
			}
			sq := SquareAt(f, rank)
			b = append(b, board[sq])
			if p.variant == Crazyhouse && p.promoted.Has(sq) {
				b = append(b, '~')
			}
			file = f + 1
		}
		if file < 8 {
			b = append(b, byte('0'+8-file))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	if p.variant == Crazyhouse {
		b = append(b, '[')
		for _, c := range []Color{White, Black} {
			for t := Queen; t >= Pawn; t-- {
				for range p.pockets[c][t-1] {
					b = append(b, NewPiece(c, t).FENChar())
				}
			}
		}
		b = append(b, ']')
	}
	b = append(b, ' ', "wb"[p.side])
	b = append(b, ' ')
	n := len(b)
	for _, c := range []Color{White, Black} {
		for i, rook := range p.castle[c] {
			if rook == NoSquare {
				continue
			}
			letter := "KQ"[i]
			rooks := p.of(c, Rook) & rankBB(rook.Rank())
			outer := rooks &^ (rook.bb()<<1 - 1) // rooks beyond rook towards h
			if i == 1 {
				outer = rooks & (rook.bb() - 1)
			}
			if p.chess960 && outer != 0 {
				letter = byte('A' + rook.File())
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			b = append(b, letter)
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	b = append(b, ' ')
	b = append(b, p.ep.String()...)
	b = append(b, ' ')
	if p.variant == ThreeCheck {
		b = append(b, '0'+p.checks[White], '+', '0'+p.checks[Black], ' ')
	}
	b = strconv.AppendInt(b, int64(p.halfmove), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(p.fullmove), 10)
}
