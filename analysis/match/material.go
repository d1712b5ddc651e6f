package match

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
)

// countKind is how a piece count is constrained.
type countKind uint8

const (
	cExact     countKind = iota // exactly n
	cAtLeast                    // n or more
	cAtMost                     // n or fewer
	cAny                        // any number
	cSame                       // as many as the other side
	cDiffer                     // not as many as the other side
	cMore                       // at least n more than the other side
	cLess                       // at least n fewer
	cMoreExact                  // exactly n more
	cLessExact                  // exactly n fewer
)

// countCons is the constraint on one kind of piece of one side.
type countCons struct {
	kind countKind
	n    int
}

func (c countCons) holds(mine, theirs int) bool {
	switch c.kind {
	case cExact:
		return mine == c.n
	case cAtLeast:
		return mine >= c.n
	case cAtMost:
		return mine <= c.n
	case cAny:
		return true
	case cSame:
		return mine == theirs
	case cDiffer:
		return mine != theirs
	case cMore:
		return mine >= theirs+c.n
	case cLess:
		return mine <= theirs-c.n
	case cMoreExact:
		return mine == theirs+c.n
	case cLessExact:
		return mine == theirs-c.n
	}
	return false
}

// An alphabet of material: the letters of a dialect's pieces, in the
// order of the counts, kings left out (each side has one).
type alphabet struct {
	letters string // upper case, one per kind counted
	minor   int    // index of the minor-piece letter L (bishops and knights), or -1
	minors  [2]int // the kinds L counts together
}

var (
	chessLetters = alphabet{letters: "PNBRQL", minor: 5, minors: [2]int{1, 2}}
	// C'escacs: pawn, elephant, bishop (J), knight, pegasus (G), rook,
	// wyvern (V), queen (D).
	ctlLetters = alphabet{letters: "PEJNGRVD", minor: -1}
)

// sideSpec is the material of one side: a constraint per kind, the kinds
// not named having none of their pieces.
type sideSpec struct {
	cons  []countCons // by kind of the alphabet
	named []bool
}

// materialSpec is a --material value in one alphabet.
type materialSpec struct {
	text   string
	hold   int // half-moves the balance must last: positions in a row, less one
	sides  [2]*sideSpec
	either bool // the sides may be either colour
	al     *alphabet
}

// materialDefaultHold is how many half-moves a balance must last when
// the spec does not say, as pgn-extract's default: so that a position in
// the middle of an exchange does not count.
const materialDefaultHold = 2

// parseMaterial reads a --material value in the alphabet al: an
// optional number of half-moves the balance must last, then the
// material of one side, "vs" (or blanks), and the other side's. Each
// side is piece letters, each followed by an optional count: a digit
// (exactly), d+ (d or more), d- (d or fewer), * (any), + (one or more),
// = or # (as many as the other side, or not), d> or d< (at least d more
// or fewer than the other side), d>= or d<= (exactly d more or fewer).
// A letter written twice counts twice (RR is two rooks). K may be
// written, and is ignored.
func parseMaterial(source, s string, al *alphabet, either bool) (*materialSpec, error) {
	m := &materialSpec{text: s, hold: materialDefaultHold, either: either, al: al}
	type part struct {
		text string
		off  int
	}
	var parts []part
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			parts = append(parts, part{s[i:j], i})
		}
		i = j
	}
	if len(parts) > 0 {
		if n, err := strconv.Atoi(parts[0].text); err == nil {
			if n < 0 || n > 10000 {
				return nil, errorf(source, s, parts[0].off, "%d half-moves: want 0 to 10000", n)
			}
			m.hold = n
			parts = parts[1:]
		}
	}
	var sides []part
	for i, p := range parts {
		if strings.EqualFold(p.text, "vs") || strings.EqualFold(p.text, "v") {
			if i == 0 || i != len(parts)-2 {
				return nil, errorf(source, s, p.off, "vs goes between the two sides: KRP vs KR")
			}
			continue
		}
		sides = append(sides, p)
	}
	switch len(sides) {
	case 0:
		return nil, errorf(source, s, len(s), "no material given: want the pieces of the sides, such as KRP vs KR")
	case 1, 2:
	default:
		return nil, errorf(source, s, sides[2].off, "more than two sides")
	}
	for i, p := range sides {
		side, err := parseSide(source, s, p.off, p.text, al)
		if err != nil {
			return nil, err
		}
		m.sides[i] = side
	}
	return m, nil
}

// parseSide reads the material of one side.
func parseSide(source, s string, off int, text string, al *alphabet) (*sideSpec, error) {
	n := len(al.letters)
	side := &sideSpec{cons: make([]countCons, n), named: make([]bool, n)}
	for i := 0; i < len(text); {
		c := text[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c == 'K' {
			i++
			continue
		}
		k := strings.IndexByte(al.letters, c)
		if k < 0 {
			return nil, errorf(source, s, off+i, "%q is not a piece letter (%s)", text[i], strings.Join(strings.Split("K"+al.letters, ""), " "))
		}
		i++
		d, digits := 0, 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' && digits < 3 {
			d = 10*d + int(text[i]-'0')
			i++
			digits++
		}
		cons := countCons{kind: cExact, n: d}
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, ">="):
			cons, i = countCons{cMoreExact, orOne(d, digits)}, i+2
		case strings.HasPrefix(rest, "<="):
			cons, i = countCons{cLessExact, orOne(d, digits)}, i+2
		case strings.HasPrefix(rest, ">"):
			cons, i = countCons{cMore, orOne(d, digits)}, i+1
		case strings.HasPrefix(rest, "<"):
			cons, i = countCons{cLess, orOne(d, digits)}, i+1
		case strings.HasPrefix(rest, "+"):
			cons, i = countCons{cAtLeast, orOne(d, digits)}, i+1
		case strings.HasPrefix(rest, "-"):
			if digits == 0 {
				return nil, errorf(source, s, off+i, "- needs a number before it: R2- is two rooks or fewer")
			}
			cons, i = countCons{cAtMost, d}, i+1
		case strings.HasPrefix(rest, "*"), strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "#"):
			if digits > 0 {
				return nil, errorf(source, s, off+i, "%c takes no number", rest[0])
			}
			cons = countCons{kind: map[byte]countKind{'*': cAny, '=': cSame, '#': cDiffer}[rest[0]]}
			i++
		case digits == 0:
			// A bare letter: one piece, and one more for each repeat.
			if side.named[k] {
				if side.cons[k].kind != cExact {
					return nil, errorf(source, s, off+i-1, "%c given twice", c)
				}
				side.cons[k].n++
				continue
			}
			cons = countCons{cExact, 1}
		}
		if side.named[k] {
			return nil, errorf(source, s, off+i-1, "%c given twice", c)
		}
		side.cons[k], side.named[k] = cons, true
	}
	return side, nil
}

func orOne(d, digits int) int {
	if digits == 0 {
		return 1
	}
	return d
}

// counts are the pieces of both sides, by colour and kind of an alphabet.
type counts [2][8]int

func chessCounts(p *chess.Position) counts {
	var n counts
	for c := chess.White; c <= chess.Black; c++ {
		for i, t := range [...]chess.PieceType{chess.Pawn, chess.Knight, chess.Bishop, chess.Rook, chess.Queen} {
			n[c][i] = p.Pieces(c, t).Count()
		}
		n[c][5] = n[c][1] + n[c][2]
	}
	return n
}

var ctlKinds = [...]cescacs.Kind{cescacs.Pawn, cescacs.Elephant, cescacs.Bishop, cescacs.Knight, cescacs.Pegasus, cescacs.Rook, cescacs.Wyvern, cescacs.Queen}

func ctlCounts(p *cescacs.Position) counts {
	var n counts
	for c := range 2 {
		for i, k := range ctlKinds {
			n[c][i] = p.Count(cescacs.Color(c), k)
		}
	}
	return n
}

// holds reports whether the balance holds in a position with counts n.
func (m *materialSpec) holds(n *counts) bool {
	if m.sidesHold(n[0][:], n[1][:]) {
		return true
	}
	return m.either && m.sidesHold(n[1][:], n[0][:])
}

// sidesHold reports whether the first side has a's pieces and the second
// b's.
func (m *materialSpec) sidesHold(a, b []int) bool {
	return m.sideHolds(m.sides[0], a, b) && (m.sides[1] == nil || m.sideHolds(m.sides[1], b, a))
}

func (m *materialSpec) sideHolds(s *sideSpec, mine, theirs []int) bool {
	al := m.al
	minor := al.minor >= 0 && s.named[al.minor]
	for k := range s.cons {
		switch {
		case s.named[k]:
			if !s.cons[k].holds(mine[k], theirs[k]) {
				return false
			}
		case k == al.minor:
		case minor && (k == al.minors[0] || k == al.minors[1]):
			// Counted by L.
		case mine[k] != 0:
			return false
		}
	}
	return true
}
