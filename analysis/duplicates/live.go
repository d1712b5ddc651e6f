package duplicates

import "slices"

// Live finds the repeated games of a document that changes, as an Index
// finds those of a file read once, but games come and go in any order:
// an update costs in proportion to the games it removes and adds, and to
// the findings it changes, never to the games of the document.
//
// It keeps, by main line (both its hashes), the games with it in file
// order, the first of which is the one the others duplicate; and, by
// first NearPlies half-moves (Fingerprint.Prefix), the games that are
// the first with their main lines, in file order, among which a game
// looks for the one it is a near-duplicate of (as Index.Add does). The
// caller says what the order is (Order): the games are its own (G, such
// as a place in its table of chunks), and their order is compared, not
// numbered, so that a game inserted before others renumbers nothing.
//
// An update is Remove of the games that went, ordered as in the version
// before, then Add of those that came, ordered as in the new version,
// then Settle; the games kept keep their relative order.
type Live[G comparable] struct {
	full   groups[lineID, G] // the main line -> the games with it, in file order
	prefix groups[uint64, G] // Prefix -> the first games of their main lines with at least NearPlies half-moves, in file order
	found  map[G]Repeat[G]

	// Of the update under way.
	lines  map[lineID][]uint64 // the main line -> Line of the games with it, when read
	firsts map[lineID]first[G] // the main line -> the first game with it before the update, for those it changes
	added  map[G]struct{}      // games added
	near   map[G]struct{}      // games whose near-duplicate is to be looked for again
	before func(a, b G) bool
}

// Repeat is how a game repeats an earlier one: the kind, and Of, the
// earlier game. The rest of the finding follows from the fingerprints
// of the two (Finding), so that it is not kept per game.
type Repeat[G comparable] struct {
	Of   G
	Kind Kind
}

// Finding returns the finding of r, without Other, for a game with
// fingerprint fp whose earlier game has fingerprint of.
func (r Repeat[G]) Finding(fp, of Fingerprint) Finding { return finding(r.Kind, fp, of) }

// Order is what Live needs of a version of the caller's games: the
// fingerprint of each and their order.
type Order[G comparable] struct {
	Print  func(G) Fingerprint
	Before func(a, b G) bool
}

func (x *Live[G]) init() {
	if x.found == nil {
		x.full.init()
		x.prefix.init()
		x.found = make(map[G]Repeat[G])
	}
	if x.firsts == nil {
		x.firsts, x.added, x.near = make(map[lineID]first[G]), make(map[G]struct{}), make(map[G]struct{})
		x.lines = make(map[lineID][]uint64)
	}
}

// Len returns the number of games found repeating an earlier one.
func (x *Live[G]) Len() int { return len(x.found) }

// Found returns how g repeats an earlier game, if it does.
func (x *Live[G]) Found(g G) (Repeat[G], bool) {
	r, ok := x.found[g]
	return r, ok
}

// search returns where g is, or goes, in the file-ordered list l.
func (x *Live[G]) search(l []G, g G) (int, bool) {
	k, _ := slices.BinarySearchFunc(l, g, x.compare)
	return k, k < len(l) && l[k] == g
}

// compare orders a and b as x.before does.
func (x *Live[G]) compare(a, b G) int {
	if x.before(a, b) {
		return -1
	}
	if x.before(b, a) {
		return 1
	}
	return 0
}

// place returns the fingerprint of g, the games with its main line (in
// one, for a lone game) and where g is, or goes, among them.
func (x *Live[G]) place(g G, o Order[G], one *[1]G) (fp Fingerprint, l []G, k int, ok bool) {
	fp = o.Print(g)
	l = x.full.get(fp.id(), one)
	k, ok = x.search(l, g)
	return fp, l, k, ok
}

// Remove takes games out, ordered as in the version they were in; o
// gives their fingerprints and that order. changed is called with each
// game whose finding goes.
func (x *Live[G]) Remove(games []G, o Order[G], changed func(G)) {
	x.init()
	x.before = o.Before
	for _, g := range games {
		var one [1]G
		fp, l, k, ok := x.place(g, o, &one)
		if !ok {
			continue
		}
		x.touch(fp.id(), l)
		l = slices.Delete(l, k, k+1)
		x.full.set(fp.id(), l)
		if k == 0 {
			x.unprefix(g, fp)
			if len(l) > 0 {
				x.enprefix(l[0], o.Print(l[0]))
			}
		}
		if _, ok := x.found[g]; ok {
			delete(x.found, g)
			changed(g)
		}
		delete(x.near, g)
		delete(x.added, g)
	}
}

// Add puts games in, ordered as in the version they are in, which the
// games already in share; o gives their fingerprints and that order.
// Settle then finds what they repeat.
func (x *Live[G]) Add(games []G, o Order[G]) {
	x.init()
	x.before = o.Before
	for _, g := range games {
		var one [1]G
		fp, l, k, ok := x.place(g, o, &one)
		if ok {
			continue
		}
		x.touch(fp.id(), l)
		x.added[g] = struct{}{}
		if k == 0 && len(l) > 0 {
			x.unprefix(l[0], o.Print(l[0]))
		}
		x.full.set(fp.id(), slices.Insert(l, k, g))
		if k == 0 {
			x.enprefix(g, fp)
		}
	}
}

// touch records the first game with main line id before the update, l
// being the games with it, when the update first changes them.
func (x *Live[G]) touch(id lineID, l []G) {
	if _, ok := x.firsts[id]; ok {
		return
	}
	var f first[G]
	if len(l) > 0 {
		f = first[G]{l[0], true}
	}
	x.firsts[id] = f
}

// first is the first game with a main line, if any.
type first[G comparable] struct {
	g  G
	ok bool
}

// groups is games by a hash, each group in file order. A group of one
// game, by far the most common (a main line, or the first NearPlies
// half-moves of the first game with it, in a database with few
// repeats), is kept without a slice.
type groups[K, G comparable] struct {
	one  map[K]G
	many map[K][]G // groups of two games or more
}

func (m *groups[K, G]) init() {
	m.one, m.many = make(map[K]G), make(map[K][]G)
}

// get returns the group of h, a lone game in one.
func (m *groups[K, G]) get(h K, one *[1]G) []G {
	if g, ok := m.one[h]; ok {
		one[0] = g
		return one[:]
	}
	return m.many[h]
}

// set makes l the group of h.
func (m *groups[K, G]) set(h K, l []G) {
	switch len(l) {
	case 0:
		delete(m.one, h)
		delete(m.many, h)
	case 1:
		m.one[h] = l[0]
		delete(m.many, h)
	default:
		delete(m.one, h)
		m.many[h] = l
	}
}

// enprefix records g, now the first game with its main line, among
// those sharing its first NearPlies half-moves, and marks the games
// whose near-duplicate may change.
func (x *Live[G]) enprefix(g G, fp Fingerprint) {
	x.near[g] = struct{}{}
	if fp.Plies < NearPlies {
		return
	}
	var one [1]G
	l := x.prefix.get(fp.Prefix, &one)
	k, _ := x.search(l, g)
	l = slices.Insert(l, k, g)
	x.prefix.set(fp.Prefix, l)
	x.after(l, k+1)
}

// unprefix takes g, no longer the first game with its main line, out of
// the games sharing its first NearPlies half-moves.
func (x *Live[G]) unprefix(g G, fp Fingerprint) {
	if fp.Plies < NearPlies {
		return
	}
	var one [1]G
	l := x.prefix.get(fp.Prefix, &one)
	k, ok := x.search(l, g)
	if !ok {
		return
	}
	l = slices.Delete(l, k, k+1)
	x.prefix.set(fp.Prefix, l)
	x.after(l, k)
}

// after marks the games of l from k on whose candidates (the
// maxCandidates before them) changed.
func (x *Live[G]) after(l []G, k int) {
	for _, g := range l[k:min(len(l), k+maxCandidates)] {
		x.near[g] = struct{}{}
	}
}

// Settle finds what the games the update added, and those whose earlier
// games it changed, repeat, in the version the last Add was given
// (o, with line returning Line of a game, or false when it cannot be
// read again). changed is called with each game whose finding changes.
func (x *Live[G]) Settle(o Order[G], line func(G) ([]uint64, bool), changed func(G)) {
	x.init()
	x.before = o.Before
	set := func(g G, r Repeat[G], ok bool) {
		old, had := x.found[g]
		switch {
		case ok && (!had || old != r):
			x.found[g] = r
			changed(g)
		case !ok && had:
			delete(x.found, g)
			changed(g)
		}
	}
	for id, before := range x.firsts {
		var one [1]G
		l := x.full.get(id, &one)
		if len(l) == 0 {
			continue
		}
		for _, g := range l[1:] {
			if _, ok := x.added[g]; ok || !before.ok || l[0] != before.g {
				set(g, Repeat[G]{l[0], Duplicate}, true)
			}
		}
	}
	lineOf := func(g G, fp Fingerprint) ([]uint64, bool) {
		if l, ok := x.lines[fp.id()]; ok {
			return l, true
		}
		l, ok := line(g)
		if ok {
			x.lines[fp.id()] = l
		}
		return l, ok
	}
	// In file order: reading a game's line may parse its part of the
	// document again, and neighbours share that part.
	games := make([]G, 0, len(x.near))
	for g := range x.near {
		games = append(games, g)
	}
	slices.SortFunc(games, x.compare)
	for _, g := range games {
		fp := o.Print(g)
		var one, two [1]G
		if l := x.full.get(fp.id(), &one); len(l) == 0 || l[0] != g {
			continue // gone, or a duplicate
		}
		if fp.Plies < NearPlies {
			set(g, Repeat[G]{}, false)
			continue
		}
		cands := x.prefix.get(fp.Prefix, &two)
		k, _ := x.search(cands, g)
		kind, y, ok := near(fp, func() []uint64 { l, _ := lineOf(g, fp); return l }, cands[:k], o.Print,
			func(y G) ([]uint64, bool) { return lineOf(y, o.Print(y)) })
		if !ok {
			set(g, Repeat[G]{}, false)
			continue
		}
		set(g, Repeat[G]{y, kind}, true)
	}
	x.firsts, x.added, x.near, x.lines = nil, nil, nil, nil
	x.before = nil
}
