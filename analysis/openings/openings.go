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
	"iter"
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
	side  chess.Color // to move
	path  []uint64    // the key hashes of the positions of Moves, while the data set is read
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

// shape is a pawn structure with the side to move: a position with the
// pawns of a named one but the other side to move is not a transposition
// into it (1. e4 c6 2. d4 d5 3. e5 c5 4. dxc5 e6, White to move, has the
// very men of the French Steinitz 1. e4 e6 2. d4 d5 3. e5 c5 4. dxc5,
// Black to move).
type shape struct {
	pawns pawns
	side  chess.Color
}

// table is the data set, read.
type table struct {
	all []Opening
	// byKey gives the named position of a position, by the hash of its
	// key (chess.Key.Hash; the key itself is checked). filter has the bit
	// filterBit of each of those hashes set: most positions of a game
	// have no name, and the filter tells so without the map.
	byKey  map[uint64]*Opening
	filter [1 << filterBits / 64]uint64
	byCode map[string]*Set
	// byName gives the sets by name and by family, folded (see fold);
	// made on first use (names) since only Opening tags need it.
	byName     map[string]*Set
	byNameOnce sync.Once
	// through gives, for each named position, the named positions whose
	// lines pass through it or end on it.
	through map[*Opening][]*Opening
	minMen  int // the fewest men on the board of a named position
	// homes has the bit of each set of pawns on their start squares
	// (see home) that holds those of a named position: pawns never go
	// back, so once a line's is not in it, no later position is named.
	homes [1 << 16 / 64]uint64
}

// data returns the data set, read on first use.
var data = sync.OnceValue(load)

// load reads the embedded files. A line whose moves do not replay (none
// does: TestData holds the data set to it) is left out.
func load() *table {
	t := &table{
		all: make([]Opening, 0, 4096), byKey: make(map[uint64]*Opening, 4096), byCode: make(map[string]*Set, 500),
		through: make(map[*Opening][]*Opening, 4096), minMen: 32,
	}
	played := make(map[string]step, 8192) // by the moves that reach it
	for _, volume := range []string{volumeA, volumeB, volumeC, volumeD, volumeE} {
		_, volume, _ = strings.Cut(volume, "\n") // the header
		for line := range strings.Lines(volume) {
			eco, rest, ok1 := strings.Cut(strings.TrimRight(line, "\r\n"), "\t")
			name, moves, ok2 := strings.Cut(rest, "\t")
			if !ok1 || !ok2 {
				continue
			}
			t.add(Opening{ECO: eco, Name: name, Moves: moves}, played)
		}
	}
	// The maps point into all, which no longer grows.
	for i := range t.all {
		o := &t.all[i]
		addTo(t.byCode, o.ECO, o)
		if h := o.key.Hash(); t.byKey[h] == nil {
			t.byKey[h] = o // the first name of a position wins
			b := filterBit(h)
			t.filter[b/64] |= 1 << (b % 64)
		}
	}
	t.closeHomes()
	for i := range t.all {
		o := &t.all[i]
		for _, h := range o.path {
			if n := t.byKey[h]; n != nil {
				t.through[n] = append(t.through[n], o)
			}
		}
		o.path = nil
	}
	return t
}

// names returns byName, made on first use.
func (t *table) names() map[string]*Set {
	t.byNameOnce.Do(func() {
		t.byName = make(map[string]*Set, 4096)
		for i := range t.all {
			o := &t.all[i]
			name, family := fold(o.Name), fold(o.Family())
			addTo(t.byName, name, o)
			if family != name {
				addTo(t.byName, family, o)
			}
		}
	})
	return t.byName
}

// addTo adds o to the set of key k of sets.
func addTo(sets map[string]*Set, k string, o *Opening) {
	s := sets[k]
	if s == nil {
		s = &Set{}
		sets[k] = s
	}
	s.Openings = append(s.Openings, o)
	if sh := (shape{o.pawns, o.side}); !slices.Contains(s.shapes, sh) {
		s.shapes = append(s.shapes, sh)
	}
}

// add replays the line of o and records it.
func (t *table) add(o Opening, played map[string]step) {
	o.path = make([]uint64, 0, 2*strings.Count(o.Moves, "."))
	pos, plies := chess.StartPosition(), 0
	// The lines share their beginnings: each is played once.
	for i, w := range fieldsAt(o.Moves) {
		if strings.HasSuffix(w, ".") {
			continue
		}
		prefix := o.Moves[:i+len(w)]
		st, ok := played[prefix]
		if !ok {
			san, err := chess.ParseSAN(w)
			if err != nil {
				return
			}
			m, rerr := pos.Resolve(san)
			if rerr != nil {
				return
			}
			st.pos = pos.Make(m)
			st.hash = st.pos.Key().Hash()
			played[prefix] = st
		}
		pos = st.pos
		o.path = append(o.path, st.hash)
		plies++
	}
	o.Plies, o.key, o.pawns, o.side = plies, pos.Key(), pawnsOf(&pos), pos.SideToMove()
	t.all = append(t.all, o)
	h := home(o.pawns)
	t.homes[h/64] |= 1 << (h % 64)
	t.minMen = min(t.minMen, men(&pos))
}

// step is a position of a line of the data set, while it is read.
type step struct {
	pos  chess.Position
	hash uint64 // of its key
}

// fieldsAt returns the blank-separated fields of s, in order, with
// their offsets.
func fieldsAt(s string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i := 0; i < len(s); {
			if s[i] == ' ' {
				i++
				continue
			}
			j := i
			for j < len(s) && s[j] != ' ' {
				j++
			}
			if !yield(i, s[i:j]) {
				return
			}
			i = j
		}
	}
}

// home returns the pawns of a structure that stand on their start
// squares: White's second rank in the low byte, Black's seventh in the
// high one.
func home(ps pawns) uint16 {
	return uint16(ps[0]>>8&0xff | ps[1]>>48&0xff<<8)
}

// closeHomes sets in homes, which holds the home pawns of the named
// positions, every set that holds one of them.
func (t *table) closeHomes() {
	for bit := range 16 {
		for m := range 1 << 16 {
			if sub := m &^ (1 << bit); sub != m && t.homes[sub/64]&(1<<(sub%64)) != 0 {
				t.homes[m/64] |= 1 << (m % 64)
			}
		}
	}
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

// ByCode returns the named positions of an ECO code, in the data set's
// order; none for a code it does not use.
func ByCode(eco string) []*Opening { return CodeSet(eco).list() }

// Set is a set of named positions: those of an ECO code, or of a name.
type Set struct {
	Openings []*Opening // in the data set's order
	shapes   []shape    // the pawn structures of Openings with their sides to move, each once
}

// list returns s.Openings; nil for a nil set.
func (s *Set) list() []*Opening {
	if s == nil {
		return nil
	}
	return s.Openings
}

// CodeSet returns the set of named positions of an ECO code; nil for a
// code the data set does not use.
func CodeSet(eco string) *Set { return data().byCode[eco] }

// At returns the opening named at position p, or nil.
func At(p *chess.Position) *Opening { return data().at(p) }

func (t *table) at(p *chess.Position) *Opening {
	k := p.Key()
	h := k.Hash()
	if b := filterBit(h); t.filter[b/64]&(1<<(b%64)) == 0 {
		return nil
	}
	if o := t.byKey[h]; o != nil && o.key == k {
		return o
	}
	return nil
}

// filterBits is the size of the filter of table.byKey: 2^17 bits, of
// which the 3,807 named positions set about 3%.
const filterBits = 17

func filterBit(h uint64) uint64 { return h >> (64 - filterBits) }

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
// start and keeps the last named one, and whether it reaches the pawn
// structure of a named position of each of the sets it watches (see
// Agrees).
type Line struct {
	t       *table
	last    *Opening
	reached []*Opening
	sets    []*Set
	seen    []bool // for each set, whether the line reached one of its pawn structures, the same side to move
	done    bool   // no later position can be named: too few men are left
}

// NewLine returns a Line at the start, which has no name, watching the
// sets of named positions.
func NewLine(sets ...*Set) *Line {
	return &Line{t: data(), sets: sets, seen: make([]bool, len(sets))}
}

// Play records the position p reached by the next move of the line. It
// reports whether a later position may still be named, so that a caller
// may stop there.
func (l *Line) Play(p *chess.Position) bool {
	if l.done {
		return false
	}
	ps := pawnsOf(p)
	if h := home(ps); men(p) < l.t.minMen || l.t.homes[h/64]&(1<<(h%64)) == 0 {
		// Neither captures nor pawn moves can be undone: no later
		// position has more men, or more pawns on their start squares.
		l.done = true
		return false
	}
	if o := l.t.at(p); o != nil {
		if o != l.last {
			l.reached = append(l.reached, o)
		}
		l.last = o
	}
	if len(l.sets) > 0 {
		for i, s := range l.sets {
			l.seen[i] = l.seen[i] || s != nil && slices.Contains(s.shapes, shape{ps, p.SideToMove()})
		}
	}
	return true
}

// Opening returns the last named position of the line so far, or nil.
func (l *Line) Opening() *Opening { return l.last }

// Reached returns the named positions the line has reached, in order.
func (l *Line) Reached() []*Opening { return l.reached }

// Agrees reports whether a named position of set i (of those NewLine
// watches) agrees with the line: the line reaches it; or its line passes
// through the last named position the line reaches (it is more precise
// than the data set can tell of the line); or the line reaches its pawn
// structure with the same side to move (a transposition the data set
// does not list). It is true
// when the line reaches no named position, which nothing contradicts.
func (l *Line) Agrees(i int) bool {
	in := func(o *Opening) bool { return slices.Contains(l.sets[i].list(), o) }
	return l.last == nil || l.seen[i] || slices.ContainsFunc(l.reached, in) || slices.ContainsFunc(l.t.through[l.last], in)
}

// SharesFamily reports whether a named position of set i (of those
// NewLine watches) has the family of one the line reaches past the first
// two moves: ECO systems divide a family's lines differently ("E69" and
// "King's Indian Defense: Fianchetto Variation, Long Variation", E68 in
// the data set).
func (l *Line) SharesFamily(i int) bool {
	for _, r := range l.reached {
		if r.Plies >= 4 && slices.ContainsFunc(l.sets[i].list(), func(o *Opening) bool { return o.Family() == r.Family() }) {
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
	case variation != "" && t.names()[name+": "+fold(variation)] != nil:
		return splitName, name + ": " + fold(variation)
	case t.names()[name] == nil:
		return otherName, ""
	case strings.Contains(name, ":"):
		return wholeName, name
	}
	return familyName, name
}

// NameSet returns the set of named positions an Opening tag value (and a
// Variation tag value, "" when there is none) names: those of a family,
// or those of a whole name; nil for a name that is not one of the data
// set (see formOf).
func NameSet(opening, variation string) *Set {
	if form, name := formOf(opening, variation); form != otherName {
		return data().names()[name]
	}
	return nil
}
