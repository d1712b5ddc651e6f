package cescacs

import (
	"iter"
	"strconv"
)

// NumHexes is the number of hexes of the board.
const NumHexes = 169

// NumColumns and NumLines give the extent of the (column, line) coordinates.
const (
	NumColumns = 15
	NumLines   = 29
)

// columnLetters names the columns from left (index 0) to right (index 14).
const columnLetters = "PTABCDEFGHIKLXZ"

// A Hex is one of the 169 hexes of the board, as a compact index 0..168
// ordered by line (0 first) then by column. NoHex (and any value above 168)
// is not a hex.
type Hex uint8

// NoHex is the invalid hex, used for "none" and "off the board".
const NoHex Hex = 255

// hexColumn, hexLine and hexIndex convert between compact indices and
// coordinates (entries for invalid indices are -1 / NoHex); lineStart[l]
// is the first hex of line l and lineStart[NumLines] is NumHexes.
var hexColumn, hexLine, hexIndex, lineStart = buildHexes()

func buildHexes() (col, line [256]int8, index [NumColumns][NumLines]Hex, start [NumLines + 1]Hex) {
	for i := range col {
		col[i], line[i] = -1, -1
	}
	n := Hex(0)
	for l := range NumLines {
		start[l] = n
		for c := range NumColumns {
			index[c][l] = NoHex
			if onBoard(c, l) {
				index[c][l] = n
				col[n], line[n] = int8(c), int8(l)
				n++
			}
		}
	}
	start[NumLines] = n
	return col, line, index, start
}

// onBoard reports whether the coordinates (c, l) name a hex (§1.1).
func onBoard(c, l int) bool {
	if c < 0 || c >= NumColumns || l < 0 || l >= NumLines {
		return false
	}
	r := c - 7
	if r < 0 {
		r = -r
	}
	return r <= l && l <= 28-r && (l-r)%2 == 0
}

// HexAt returns the hex at column index c (0 = P … 14 = Z) and line l,
// and false if there is no such hex.
func HexAt(c, l int) (Hex, bool) {
	if uint(c) >= NumColumns || uint(l) >= NumLines {
		return NoHex, false
	}
	h := hexIndex[c][l] // NoHex off the board
	return h, h != NoHex
}

// Valid reports whether h is one of the 169 hexes.
func (h Hex) Valid() bool { return h < NumHexes }

// Column returns the column index of h (0 = P … 14 = Z), or -1 if h is
// not valid.
func (h Hex) Column() int { return int(hexColumn[h]) }

// Line returns the line number of h (0..28), or -1 if h is not valid.
func (h Hex) Line() int { return int(hexLine[h]) }

// String returns the notation of h, such as "F14", or "-" for an invalid hex.
func (h Hex) String() string {
	if !h.Valid() {
		return "-"
	}
	return string(columnLetters[h.Column()]) + strconv.Itoa(h.Line())
}

// appendHex appends the notation of h to b ("-" if h is not valid).
func appendHex(b []byte, h Hex) []byte {
	if !h.Valid() {
		return append(b, '-')
	}
	b = append(b, columnLetters[h.Column()])
	return strconv.AppendInt(b, int64(h.Line()), 10)
}

// ColumnIndex returns the index of the column letter b, or -1.
func ColumnIndex(b byte) int { return int(columnIndex[b]) }

// columnIndex[b] is the index of the column letter b, or -1.
var columnIndex = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := range len(columnLetters) {
		t[columnLetters[i]] = int8(i)
	}
	return t
}()

// ColumnLetter returns the letter of column index c (0..14).
func ColumnLetter(c int) byte { return columnLetters[c] }

// ParseHex parses the whole of s as a hex such as "F14" (column letter,
// then the line without leading zeros).
func ParseHex(s string) (Hex, bool) {
	h, n := scanHex(s)
	if n != len(s) || n == 0 {
		return NoHex, false
	}
	return h, h.Valid()
}

// scanHex reads a column letter and a line number at the start of s. It
// returns the hex (NoHex when the coordinates do not exist) and the number
// of bytes consumed, 0 if s does not start with a column letter and a digit.
// A line has at most two digits and no leading zero.
func scanHex(s string) (Hex, int) {
	if len(s) < 2 || !isDigit(s[1]) {
		return NoHex, 0
	}
	c := ColumnIndex(s[0])
	if c < 0 {
		return NoHex, 0
	}
	n := 2
	l := int(s[1] - '0')
	if l != 0 && len(s) > 2 && isDigit(s[2]) {
		l = l*10 + int(s[2]-'0')
		n = 3
	}
	h, _ := HexAt(c, l)
	return h, n
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// HexColor is one of the three hex colours (§1.3).
type HexColor uint8

// The three hex colours; the colour depends only on the line.
const (
	HexBlack  HexColor = iota // line ≡ 0 (mod 3)
	HexWhite                  // line ≡ 1 (mod 3)
	HexColour                 // line ≡ 2 (mod 3), the third tint
)

// String returns "black", "white" or "colour".
func (c HexColor) String() string {
	switch c {
	case HexBlack:
		return "black"
	case HexWhite:
		return "white"
	}
	return "colour"
}

// Color returns the colour of a valid hex h.
func (h Hex) Color() HexColor { return HexColor(h.Line() % 3) }

// A Direction is one of the 24 move vectors: 6 orthogonal, 6 diagonal and
// 12 knight jumps (§1.4).
type Direction uint8

// The orthogonal and diagonal directions, named as in E.
const (
	ColumnUp           Direction = iota // (0, +2)
	ColumnDown                          // (0, −2)
	FileUp                              // (+1, +1)
	FileDown                            // (+1, −1)
	FileInvUp                           // (−1, +1)
	FileInvDown                         // (−1, −1)
	TransversalLineInc                  // (+2, 0)
	TransversalLineDec                  // (−2, 0)
	LineUp                              // (+1, +3)
	LineDown                            // (+1, −3)
	LineInvUp                           // (−1, +3)
	LineInvDown                         // (−1, −3)
	// KnightFirst is the first of the 12 knight-jump directions,
	// KnightFirst+0 … KnightFirst+11.
	KnightFirst
)

// numDirections is the number of directions.
const numDirections = 24

var deltas = [numDirections][2]int8{
	{0, 2}, {0, -2}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
	{2, 0}, {-2, 0}, {1, 3}, {1, -3}, {-1, 3}, {-1, -3},
	{3, 1}, {3, -1}, {-3, 1}, {-3, -1}, {2, 4}, {1, 5},
	{2, -4}, {1, -5}, {-2, 4}, {-1, 5}, {-2, -4}, {-1, -5},
}

// opposite[d] is the direction of the vector −d.
var opposite = func() (o [numDirections]Direction) {
	for d, v := range deltas {
		for e, w := range deltas {
			if v[0] == -w[0] && v[1] == -w[1] {
				o[d] = Direction(e)
			}
		}
	}
	return o
}()

// Delta returns the (Δcolumn, Δline) vector of d.
func (d Direction) Delta() (dc, dl int) {
	return int(deltas[d%numDirections][0]), int(deltas[d%numDirections][1])
}

// Orthogonal reports whether d is one of the 6 orthogonal directions.
func (d Direction) Orthogonal() bool { return d < TransversalLineInc }

// Diagonal reports whether d is one of the 6 diagonal directions.
func (d Direction) Diagonal() bool { return d >= TransversalLineInc && d < KnightFirst }

// Knight reports whether d is one of the 12 knight-jump directions.
func (d Direction) Knight() bool { return d >= KnightFirst && d < numDirections }

// step[d][h] is the hex one vector d away from h, or NoHex. Rows are
// 256 wide so that indexing with any Hex, NoHex included, is safe and
// step[d][NoHex] is NoHex.
var step = buildSteps()

// Direction index ranges inside step.
const (
	orthoLo, orthoHi   = 0, 6
	diagLo, diagHi     = 6, 12
	knightLo, knightHi = 12, 24
)

func buildSteps() (t [numDirections][256]Hex) {
	for d := range t {
		for h := range 256 {
			t[d][h] = NoHex
			if h < NumHexes {
				c := int(hexColumn[h]) + int(deltas[d][0])
				l := int(hexLine[h]) + int(deltas[d][1])
				if to, ok := HexAt(c, l); ok {
					t[d][h] = to
				}
			}
		}
	}
	return t
}

// Step returns the hex one vector d away from h, or NoHex if it is off
// the board (or h is not valid).
func (h Hex) Step(d Direction) Hex {
	if d >= numDirections {
		return NoHex
	}
	return step[d][h]
}

// Ray yields the hexes reached by repeating d from h (h excluded) up to
// the edge of the board, ignoring pieces.
func (h Hex) Ray(d Direction) iter.Seq[Hex] {
	return func(yield func(Hex) bool) {
		if d >= numDirections {
			return
		}
		for t := step[d][h]; t != NoHex; t = step[d][t] {
			if !yield(t) {
				return
			}
		}
	}
}

// Adjacent reports whether a and b are one orthogonal or diagonal step
// apart (the 12 neighbours).
func Adjacent(a, b Hex) bool {
	for d := orthoLo; d < diagHi; d++ {
		if step[d][a] == b && b != NoHex {
			return true
		}
	}
	return false
}

// KnightApart reports whether a and b are one knight jump apart.
func KnightApart(a, b Hex) bool {
	for d := knightLo; d < knightHi; d++ {
		if step[d][a] == b && b != NoHex {
			return true
		}
	}
	return false
}

// mirror returns the hex reflected by l → 28 − l (same column).
func (h Hex) mirror() Hex {
	if !h.Valid() {
		return NoHex
	}
	return hexIndex[h.Column()][28-h.Line()]
}

// hexOf returns the hex of a valid text such as "F14"; it is only used
// for constant tables.
func hexOf(s string) Hex {
	h, ok := ParseHex(s)
	if !ok {
		panic("cescacs: bad hex constant " + s)
	}
	return h
}

// IsPromotion reports whether h is a promotion hex for side c: the last
// hex of its column for White, the first for Black (§1.5).
func (h Hex) IsPromotion(c Color) bool {
	if !h.Valid() {
		return false
	}
	if c == White {
		return step[ColumnUp][h] == NoHex
	}
	return step[ColumnDown][h] == NoHex
}

// IsTripleStep reports whether a pawn of side c standing on h may make a
// triple step (§3.2).
func (h Hex) IsTripleStep(c Color) bool {
	if !h.Valid() {
		return false
	}
	col, l := h.Column(), h.Line()
	if c == Black {
		l = 28 - l
	}
	switch {
	case col >= 3 && col <= 6:
		return l == col+1
	case col >= 8 && col <= 11:
		return l == 15-col
	}
	return false
}

// KingHome returns the home hex of the king of side c (G1 or G27).
func KingHome(c Color) Hex { return kingHome[c&1] }

// RookHome returns the home hex of side c's king's rook (I3, I25) when
// kingSide is true, of its queen's rook (C3, C25) otherwise.
func RookHome(c Color, kingSide bool) Hex {
	if kingSide {
		return kingRookHome[c&1]
	}
	return queenRookHome[c&1]
}

// LeapHexes returns the five landing hexes of the king's leap of side c
// (§4.2): I5 H6 F6 E5 D2 for White, I23 H22 F22 E23 D26 for Black.
func LeapHexes(c Color) [5]Hex { return leapHexes[c&1] }

var (
	kingHome      = [2]Hex{hexOf("G1"), hexOf("G27")}
	kingRookHome  = [2]Hex{hexOf("I3"), hexOf("I25")}
	queenRookHome = [2]Hex{hexOf("C3"), hexOf("C25")}
	leapHexes     = [2][5]Hex{
		{hexOf("I5"), hexOf("H6"), hexOf("F6"), hexOf("E5"), hexOf("D2")},
		{hexOf("I23"), hexOf("H22"), hexOf("F22"), hexOf("E23"), hexOf("D26")},
	}
)
