package match

import (
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
)

// A square's class: empty, or one of the twelve pieces.
const (
	classEmpty = 0
	numClasses = 13
)

// classSet is a set of square classes, bit i for class i.
type classSet uint16

const (
	anyClass   classSet = 1<<numClasses - 1
	anyPiece            = anyClass &^ 1
	whitePiece classSet = 0b1111110      // classes 1..6
	blackPiece classSet = 0b1111110 << 6 // classes 7..12
)

// classOf returns the class of a FEN piece letter, or -1.
func classOf(c byte) int {
	i := strings.IndexByte("PNBRQKpnbrqk", c)
	if i < 0 {
		return -1
	}
	return i + 1
}

// squareClass returns the class of a piece.
func squareClass(c chess.Color, t chess.PieceType) int { return int(c)*6 + int(t) }

// patElem is one element of a rank of a FEN pattern: a square of a set
// of classes, or '*', any number of squares.
type patElem struct {
	set  classSet
	star bool
}

// fenPattern is a position pattern in pgn-extract's FENPattern syntax.
// Ranks without '*' are tested on bitboards, all at once; the others
// square by square.
type fenPattern struct {
	text  string
	ranks [8][]patElem // ranks[0] is the eighth rank, as FEN writes it
	fixed [numClasses]chess.Bitboard
	loose []int // ranks (0 = eighth) with a '*'
	side  int   // -1 any, else the colour to move
}

// parsePattern reads a --fen-pattern value: eight ranks separated by
// '/', each of piece letters (KQRBNP for White, kqrbnp for Black), digits
// (that many empty squares), '?' (any square), '!' (any piece), 'A' (any
// white piece), 'a' (any black piece), '[...]' (any of the letters in
// it, A and a too) or '[^...]' (anything but them, an empty square
// included), and '*' (any number of squares, none included); optionally
// followed by the side to move, w or b.
func parsePattern(source, s string) (*fenPattern, error) {
	p := &fenPattern{text: s, side: -1}
	board := s
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		board = s[:i]
		rest := strings.TrimSpace(s[i:])
		switch rest {
		case "w":
			p.side = int(chess.White)
		case "b":
			p.side = int(chess.Black)
		case "":
		default:
			return nil, errorf(source, s, strings.Index(s, rest), "after the board, only the side to move (w or b) may follow")
		}
	}
	rank, off := 0, 0
	for i := 0; i <= len(board); i++ {
		if i < len(board) && board[i] != '/' {
			continue
		}
		if rank == 8 {
			return nil, errorf(source, s, off, "more than eight ranks")
		}
		elems, err := parseRank(source, s, off, board[off:i])
		if err != nil {
			return nil, err
		}
		p.ranks[rank] = elems
		rank++
		off = i + 1
	}
	if rank != 8 {
		return nil, errorf(source, s, len(board), "%d ranks: a pattern has eight, separated by /", rank)
	}
	p.compile()
	return p, nil
}

// parseRank reads one rank of a pattern, text, at offset off of s.
func parseRank(source, s string, off int, text string) ([]patElem, error) {
	var elems []patElem
	squares, stars := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '1' && c <= '8':
			for range int(c - '0') {
				elems = append(elems, patElem{set: 1 << classEmpty})
			}
			squares += int(c - '0')
		case c == '?':
			elems = append(elems, patElem{set: anyClass})
			squares++
		case c == '!':
			elems = append(elems, patElem{set: anyPiece})
			squares++
		case c == 'A':
			elems = append(elems, patElem{set: whitePiece})
			squares++
		case c == 'a':
			elems = append(elems, patElem{set: blackPiece})
			squares++
		case c == '*':
			if n := len(elems); n == 0 || !elems[n-1].star {
				elems = append(elems, patElem{star: true}) // "**" is "*"
			}
			stars = true
		case c == '[':
			j := strings.IndexByte(text[i:], ']')
			if j < 0 {
				return nil, errorf(source, s, off+i, "'[' not closed")
			}
			inner := text[i+1 : i+j]
			neg := strings.HasPrefix(inner, "^")
			inner = strings.TrimPrefix(inner, "^")
			if inner == "" {
				return nil, errorf(source, s, off+i, "empty set []")
			}
			var set classSet
			for k := range len(inner) {
				switch ch := inner[k]; {
				case ch == 'A':
					set |= whitePiece
				case ch == 'a':
					set |= blackPiece
				case classOf(ch) > 0:
					set |= 1 << classOf(ch)
				default:
					return nil, errorf(source, s, off+i+1+k+b2i(neg), "%q in a set: want piece letters (KQRBNPkqrbnp), A or a", ch)
				}
			}
			if neg {
				set = anyClass &^ set
			}
			elems = append(elems, patElem{set: set})
			squares++
			i += j
		case classOf(c) > 0:
			elems = append(elems, patElem{set: 1 << classOf(c)})
			squares++
		default:
			return nil, errorf(source, s, off+i, "%q in a FEN pattern: want piece letters, digits, ?, !, A, a, *, [...] or /", c)
		}
	}
	if squares > 8 || squares < 8 && !stars {
		return nil, errorf(source, s, off, "rank %q has %d squares, not 8", text, squares)
	}
	return elems, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compile fills fixed and loose: fixed[c] holds the squares that may have
// class c, every square of a loose rank included.
func (p *fenPattern) compile() {
	p.fixed = [numClasses]chess.Bitboard{}
	p.loose = p.loose[:0]
	for r, elems := range p.ranks {
		rank := 7 - r
		loose := false
		for _, e := range elems {
			loose = loose || e.star
		}
		if loose {
			p.loose = append(p.loose, r)
			for c := range numClasses {
				p.fixed[c] |= chess.Bitboard(0xff) << (8 * rank)
			}
			continue
		}
		for file, e := range elems {
			for c := range numClasses {
				if e.set&(1<<c) != 0 {
					p.fixed[c] |= 1 << (8*rank + file)
				}
			}
		}
	}
}

// swapped returns the pattern with the colours swapped: the board seen
// from the other side (the ranks in the other order) and each piece of
// the other colour, as pgn-extract's FENPatternI tries it.
func (p *fenPattern) swapped() *fenPattern {
	q := &fenPattern{text: p.text, side: p.side}
	if p.side >= 0 {
		q.side = 1 - p.side
	}
	for r, elems := range p.ranks {
		out := make([]patElem, len(elems))
		for i, e := range elems {
			out[i] = e
			if !e.star {
				s := e.set & 1
				s |= (e.set & whitePiece) << 6
				s |= (e.set & blackPiece) >> 6
				out[i].set = s
			}
		}
		q.ranks[7-r] = out
	}
	q.compile()
	return q
}

// at reports whether p matches the pattern.
func (pat *fenPattern) at(p *chess.Position) bool {
	if pat.side >= 0 && int(p.SideToMove()) != pat.side {
		return false
	}
	var occ chess.Bitboard
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			b := p.Pieces(c, t)
			if b&^pat.fixed[squareClass(c, t)] != 0 {
				return false
			}
			occ |= b
		}
	}
	if ^occ&^pat.fixed[classEmpty] != 0 {
		return false
	}
	for _, r := range pat.loose {
		var classes [8]int
		rank := 7 - r
		for f := range 8 {
			sq := chess.SquareAt(f, rank)
			if pc := p.PieceAt(sq); pc != chess.NoPiece {
				classes[f] = squareClass(pc.Color(), pc.Type())
			}
		}
		if !rankMatches(pat.ranks[r], classes[:]) {
			return false
		}
	}
	return true
}

// rankMatches reports whether the elements of a rank of a pattern match
// the classes of its squares, exactly all of them: the textbook dynamic
// programme of wildcard matching, in time elements × squares.
func rankMatches(elems []patElem, squares []int) bool {
	// ok[j]: the elements so far match the first j squares.
	var ok, next [9]bool
	ok[0] = true
	for _, e := range elems {
		next = [9]bool{}
		for j := 0; j <= len(squares); j++ {
			switch {
			case e.star:
				next[j] = ok[j] || j > 0 && next[j-1]
			case j > 0:
				next[j] = ok[j-1] && e.set&(1<<squares[j-1]) != 0
			}
		}
		ok = next
	}
	return ok[len(squares)]
}
