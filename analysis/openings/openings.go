// Package openings names chess openings. It embeds the opening names data
// set of the lichess project (data/, CC0: see data/README.md and
// data/COPYING.txt) and classifies a line of moves as the data set's
// authors advise: by the last named position the line reaches. Positions
// are compared by key (chess.Key: the placement, side to move, castling
// rights and a capturable en passant square), not by move order, so a
// line that transposes into a named position gets its name.
//
// The data set is read and its lines replayed on first use only (some
// 10 ms), so a program that never asks for an opening pays nothing for
// it.
package openings

import (
	_ "embed" // the data set
	"slices"
	"strings"
	"sync"

	"github.com/pgnls/pgnls/analysis/chess"
)

// The files of the data set, one per ECO volume.
var (
	//go:embed data/a.tsv
	volumeA string
	//go:embed data/b.tsv
	volumeB string
	//go:embed data/c.tsv
	volumeC string
	//go:embed data/d.tsv
	volumeD string
	//go:embed data/e.tsv
	volumeE string
)

// Opening is a named position of the data set.
type Opening struct {
	ECO   string // the ECO code, A00 to E99
	Name  string // "Family: Variation, Subvariation", such as "Sicilian Defense: Najdorf Variation"
	Moves string // the moves that reach it from the start, "1. e4 c5 2. Nf3 d6 …"
	Plies int    // how many half-moves Moves holds
	key   chess.Key
	pawns pawns
	path  []chess.Key // the keys of the positions of Moves, while the data set is read
}

// Family returns the part of the name before its colon, "Sicilian
// Defense" for "Sicilian Defense: Najdorf Variation".
func (o *Opening) Family() string {
	f, _, _ := strings.Cut(o.Name, ":")
	return f
}

// Variation returns the part of the name after its colon, "Najdorf
// Variation, Adams Attack" for "Sicilian Defense: Najdorf Variation,
// Adams Attack"; "" for a family's own name.
func (o *Opening) Variation() string {
	_, v, _ := strings.Cut(o.Name, ":")
	return strings.TrimSpace(v)
}

// pawns is the pawn structure of a position: the squares of the white
// and the black pawns.
type pawns [2]chess.Bitboard

func pawnsOf(p *chess.Position) pawns {
	return pawns{p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)}
}

// table is the data set, read.
type table struct {
	all    []Opening
	byKey  map[chess.Key]*Opening
	byCode map[string][]*Opening
	// through gives, for each position a line of the data set passes
	// through or ends on, the named positions those lines end on.
	through map[chess.Key][]*Opening
	// structures gives, for each pawn structure, the named positions
	// with it.
	structures map[pawns][]*Opening
	names      map[string]bool // the names and families, folded (see fold)
	minMen     int             // the fewest men on the board of a named position
}

// data returns the data set, read on first use.
var data = sync.OnceValue(load)

// load reads the embedded files. A line whose moves do not replay (none
// does: TestData holds the data set to it) is left out.
func load() *table {
	t := &table{
		byKey: make(map[chess.Key]*Opening, 4096), byCode: make(map[string][]*Opening, 500),
		through: make(map[chess.Key][]*Opening, 8192), structures: make(map[pawns][]*Opening, 4096),
		names: make(map[string]bool, 4096), minMen: 32,
	}
	for _, volume := range []string{volumeA, volumeB, volumeC, volumeD, volumeE} {
		_, volume, _ = strings.Cut(volume, "\n") // the header
		for line := range strings.Lines(volume) {
			eco, rest, ok1 := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
			name, moves, ok2 := strings.Cut(rest, "\t")
			if !ok1 || !ok2 {
				continue
			}
			t.add(Opening{ECO: eco, Name: name, Moves: moves})
		}
	}
	// The maps point into all, which no longer grows.
	for i := range t.all {
		o := &t.all[i]
		t.byCode[o.ECO] = append(t.byCode[o.ECO], o)
		t.structures[o.pawns] = append(t.structures[o.pawns], o)
		for _, k := range o.path {
			t.through[k] = append(t.through[k], o)
		}
		o.path = nil
	}
	for i := range t.all {
		if o := &t.all[i]; t.byKey[o.key] == nil {
			t.byKey[o.key] = o // the first name of a position wins
		}
	}
	return t
}

// add replays the line of o and records it.
func (t *table) add(o Opening) {
	pos, plies, ok := play(o.Moves, func(p *chess.Position) { o.path = append(o.path, p.Key()) })
	if !ok {
		return
	}
	o.Plies, o.key, o.pawns = plies, pos.Key(), pawnsOf(&pos)
	t.all = append(t.all, o)
	t.names[fold(o.Name)] = true
	t.names[fold(o.Family())] = true
	t.minMen = min(t.minMen, men(&pos))
}

// play replays moves, "1. e4 c5 2. Nf3", from the standard start, and
// calls visit (if not nil) with the position after each move.
func play(moves string, visit func(*chess.Position)) (chess.Position, int, bool) {
	pos := chess.StartPosition()
	plies := 0
	for w := range strings.FieldsSeq(moves) {
		if strings.HasSuffix(w, ".") {
			continue
		}
		san, err := chess.ParseSAN(w)
		if err != nil {
			return pos, 0, false
		}
		m, rerr := pos.Resolve(san)
		if rerr != nil {
			return pos, 0, false
		}
		pos = pos.Make(m)
		plies++
		if visit != nil {
			visit(&pos)
		}
	}
	return pos, plies, true
}

// men counts the pieces and pawns on the board.
func men(p *chess.Position) int {
	n := 0
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for t := chess.Pawn; t <= chess.King; t++ {
			n += p.Pieces(c, t).Count()
		}
	}
	return n
}

// All returns every named position, in the data set's order (by ECO
// code, then name).
func All() []Opening { return data().all }

// ByCode returns the named positions of an ECO code, in the data set's
// order; none for a code it does not use.
func ByCode(eco string) []*Opening { return data().byCode[eco] }

// At returns the opening named at position p, or nil.
func At(p *chess.Position) *Opening { return data().byKey[p.Key()] }

// fold returns s in lower case, without accents and with "defence" spelt
// "defense", so that names written by hand compare with the data set's.
func fold(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Map(func(r rune) rune {
		switch r {
		case 'á', 'à', 'â', 'ä':
			return 'a'
		case 'é', 'è', 'ê', 'ë':
			return 'e'
		case 'í', 'ï':
			return 'i'
		case 'ó', 'ö', 'ô':
			return 'o'
		case 'ú', 'ü':
			return 'u'
		case 'ñ':
			return 'n'
		case 'ç':
			return 'c'
		case '’':
			return '\''
		}
		return r
	}, s)
	return strings.ReplaceAll(s, "defence", "defense")
}

// Line follows the positions of a line of moves played from the standard
// start and keeps the last named one. The zero Line is at the start,
// which has no name.
type Line struct {
	last    *Opening
	reached []*Opening
	pawns   []pawns
	done    bool // no later position can be named: too few men are left
}

// Play records the position p reached by the next move of the line. It
// reports whether a later position may still be named, so that a caller
// may stop there.
func (l *Line) Play(p *chess.Position) bool {
	if l.done {
		return false
	}
	t := data()
	if men(p) < t.minMen {
		// Captures cannot be undone: no later position has more men.
		l.done = true
		return false
	}
	if o := t.byKey[p.Key()]; o != nil {
		if o != l.last {
			l.reached = append(l.reached, o)
		}
		l.last = o
	}
	l.pawns = append(l.pawns, pawnsOf(p))
	return true
}

// Opening returns the last named position of the line so far, or nil.
func (l *Line) Opening() *Opening { return l.last }

// Reached returns the named positions the line has reached, in order.
func (l *Line) Reached() []*Opening { return l.reached }

// agrees reports whether a named position that match accepts agrees
// with the line: the line reaches it; or its line passes through the last
// named position the line reaches (it is more precise than the data set
// can tell of the line); or the line reaches its pawn structure (a
// transposition the data set does not list). It is true when the line
// reaches no named position, which nothing contradicts.
func (l *Line) agrees(match func(*Opening) bool) bool {
	if l.last == nil || slices.ContainsFunc(l.reached, match) {
		return true
	}
	t := data()
	if slices.ContainsFunc(t.through[l.last.key], match) {
		return true
	}
	for _, p := range l.pawns {
		if slices.ContainsFunc(t.structures[p], match) {
			return true
		}
	}
	return false
}

// Consistent reports whether the ECO code eco agrees with the line (see
// agrees): the data set gives it to a position the line reaches, to a
// line through its last named position, or to a line ending with a pawn
// structure the line reaches; or it gives it to a position of the family
// of one the line reaches past the first two moves (ECO systems divide a
// family's lines differently: "E69" and "King's Indian Defense:
// Fianchetto Variation, Long Variation", E68 in the data set).
func (l *Line) Consistent(eco string) bool {
	if l.agrees(func(o *Opening) bool { return o.ECO == eco }) {
		return true
	}
	for _, r := range l.reached {
		if r.Plies >= 4 && slices.ContainsFunc(ByCode(eco), func(o *Opening) bool { return o.Family() == r.Family() }) {
			return true
		}
	}
	return false
}

// nameForm tells how Opening and Variation tags name an opening of the
// data set.
type nameForm uint8

const (
	otherName  nameForm = iota // not a name of the data set
	familyName                 // Opening holds a family: "Ruy Lopez"
	wholeName                  // Opening holds a whole name: "Ruy Lopez: Berlin Defense"
	splitName                  // Opening holds a family, Variation the rest of a whole name
)

// formOf returns how the values of an Opening tag and a Variation tag
// ("" when there is none) name an opening, and the name, folded. Only
// names of the data set count (letter case, accents and the spelling
// "defence" aside): the names of other systems ("Spanish", "QGD",
// "Sicilian: Najdorf, 6.Bg5") differ from the data set's without being
// wrong.
func formOf(opening, variation string) (nameForm, string) {
	t := data()
	name := fold(opening)
	switch {
	case variation != "" && t.names[name+": "+fold(variation)]:
		return splitName, name + ": " + fold(variation)
	case !t.names[name]:
		return otherName, ""
	case strings.Contains(name, ":"):
		return wholeName, name
	}
	return familyName, name
}

// NameConsistent reports whether an Opening tag value (and a Variation
// tag value, "" when there is none) agrees with the line as Consistent
// judges an ECO code: a family must be the family of an agreeing named
// position, a whole name its name. judged is false for a name that is
// not one of the data set (see formOf).
func (l *Line) NameConsistent(opening, variation string) (judged, ok bool) {
	form, name := formOf(opening, variation)
	if form == otherName {
		return false, true
	}
	return true, l.agrees(func(o *Opening) bool {
		if form == familyName {
			return fold(o.Family()) == name
		}
		return fold(o.Name) == name
	})
}
