package duplicates

import (
	"encoding/binary"
	"errors"
	"unsafe"

	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/spill"
)

// Place is where a game is in the streams of the caller of a Finder,
// which keeps it with the game's fingerprint (on disk too) to report the
// game and the one it repeats, and to read either again.
type Place struct {
	Stream int32 // the caller's number of the stream
	// Again tells that the game can be read again: the Finder's Line
	// is asked for its main line, else never.
	Again  bool
	Number int64 // the game's index in its stream, from 0
	Offset int64 // where its text starts in the stream, in bytes
	Size   int32 // the length of its text
	// Where a diagnostic on the game goes: 1-based lines and columns
	// (in the caller's unit), the end exclusive.
	Line, EndLine int64
	Col, EndCol   int32
}

// Finder finds the games that repeat earlier ones among games added in
// order, as an Index does, in bounded memory: while its fingerprints
// take less than half its budget it is an Index, and finds what a game
// repeats when the game is added; then it spills: it writes them to
// sorted runs on disk (package spill) and finds what each game added
// from then on repeats only at the end (Finish), by merging the runs
// sorted by main line (duplicates) and then by first NearPlies
// half-moves (near-duplicates, with the same candidates as Index.Add:
// the last maxCandidates of the earlier games sharing them). Its
// findings are exactly an Index's, whatever its budget.
//
// To confirm that a game begins a shorter one (Extended) it needs the
// game's Line, which Add gets while the game is at hand; a game added
// after the spill is read again at the end when it can be (Place.Again),
// and else its Line is kept on disk when an earlier game may share its
// first NearPlies half-moves (a Bloom filter of those tells).
type Finder struct {
	// Line returns Line of the game at p whose fingerprint is fp, read
	// again, or false when it cannot be (the text changed since). It is
	// asked only for games with p.Again, to confirm a near-duplicate; a
	// nil Line reads none again.
	Line func(p Place, fp Fingerprint) ([]uint64, bool)
	// DuplicatesOnly makes the Finder find duplicates only, never
	// near-duplicates, and save the work and the files of those. Set it
	// before the first Add.
	DuplicatesOnly bool

	budget int64
	dir    *spill.Dir
	seq    int64 // games added
	first  int64 // the first game added after the spill; seq until then

	// Until the spill.
	index   Index
	places  []Place // by Ref
	current func() []uint64

	// After it.
	spilled  bool
	all      *spill.Sorter[record]
	lines    *spill.Log // Lines of games that cannot be read again
	prefixes bloom
	counts   [Extended + 1]int // findings of the Index before, and at the end, by kind
	err      error
}

// NewFinder returns a Finder whose fingerprints take about budget bytes
// of memory at most, spilling to files in dir beyond.
func NewFinder(budget int64, dir *spill.Dir) *Finder {
	x := &Finder{budget: budget, dir: dir}
	x.index.Line = func(ref Ref, fp Fingerprint) ([]uint64, bool) {
		if ref == len(x.places)-1 && x.current != nil {
			return x.current(), true
		}
		return x.again(x.places[ref], fp)
	}
	return x
}

// gameBytes is about what a game takes in an Index and its Place, maps
// and slices grown: a measure of the memory of the fingerprints held
// (TestFinderMemory checks it).
const gameBytes = 360

// Add records the game at p with fingerprint fp (see Of) and returns how
// it repeats a game added before it, and where that game is, as Index.Add
// does; or nothing once the Finder has spilled, and Finish finds it
// then. line returns the game's Line; it is called at most once, during
// Add.
func (x *Finder) Add(fp Fingerprint, p Place, line func() []uint64) (Finding, Place) {
	seq := x.seq
	x.seq++
	if !x.spilled {
		x.index.DuplicatesOnly = x.DuplicatesOnly
		x.places = append(x.places, p)
		x.current = line
		found := x.index.Add(len(x.places)-1, fp)
		x.current = nil
		var other Place
		if found.Kind != None {
			other = x.places[found.Other]
		}
		x.first = x.seq
		if int64(len(x.places))*gameBytes > x.budget/2 {
			x.spill()
		}
		return found, other
	}
	r := record{fp: fp, place: p, seq: seq, line: -1}
	if x.DuplicatesOnly {
		x.all.Add(r)
		return Finding{}, Place{}
	}
	if fp.Plies > NearPlies && !p.Again && x.prefixes.has(fp.Prefix) {
		// An earlier game shares its first NearPlies half-moves, maybe:
		// keep its Line to confirm that it begins that game.
		l := line()
		b := make([]byte, 0, 8*len(l))
		for _, h := range l {
			b = binary.LittleEndian.AppendUint64(b, h)
		}
		r.line = x.lines.Append(b)
	}
	if fp.Plies >= NearPlies {
		x.prefixes.add(fp.Prefix)
	}
	x.all.Add(r)
	return Finding{}, Place{}
}

// spill moves the games of the Index to sorted runs.
func (x *Finder) spill() {
	x.spilled = true
	x.all = spill.NewSorter(x.dir, x.budget/2, recordFormat)
	x.lines = spill.NewLog(x.dir)
	if !x.DuplicatesOnly {
		x.prefixes = newBloom(x.budget / 16)
	}
	for i, e := range x.index.games {
		x.all.Add(record{fp: e.fp, place: x.places[e.ref], seq: int64(i), line: -1})
		if e.fp.Plies >= NearPlies && !x.DuplicatesOnly {
			x.prefixes.add(e.fp.Prefix)
		}
	}
	x.counts = x.index.counts
	x.index, x.places = Index{Line: x.index.Line}, nil
}

// Spilled reports whether the fingerprints outgrew the budget: findings
// of the games added since come at Finish.
func (x *Finder) Spilled() bool { return x.spilled }

// Counts returns how many games were added, and how many of them were
// found duplicates and near-duplicates so far (all of them after
// Finish).
func (x *Finder) Counts() (games, duplicates, near int) {
	d, n := x.index.Counts()
	return int(x.seq), d + x.counts[Duplicate], n + x.counts[Truncated] + x.counts[Extended]
}

// Finish finds what the games added after the spill repeat, and calls
// emit with each of them that repeats an earlier game, in the order they
// were added, with its finding (without Other) and where the other game
// is. It removes the Finder's files; the Finder must not be used after.
// The error is one of the files, which may have cut the findings short.
func (x *Finder) Finish(emit func(p Place, f Finding, other Place)) error {
	if !x.spilled {
		return nil
	}
	defer x.Close()
	all := x.all.Sort()
	defer all.Close()
	x.all = nil
	cands := spill.NewSorter(x.dir, x.budget/4, byPrefix)
	defer cands.Close()
	late := spill.NewSorter(x.dir, x.budget/4, lateFormat)
	defer late.Close()

	// Duplicates: the games of one main line, the first one first.
	first := record{seq: -1}
	for r, ok := all.Next(); ok; r, ok = all.Next() {
		if first.seq >= 0 && r.fp.id() == first.fp.id() {
			if r.seq >= x.first {
				x.counts[Duplicate]++
				late.Add(lateOf(r, Duplicate, first))
			}
			continue
		}
		first = r
		if r.fp.Plies >= NearPlies && !x.DuplicatesOnly {
			cands.Add(r)
		}
	}
	if err := all.Err(); err != nil {
		return err
	}
	all.Close()

	// Near-duplicates: among the first games of their main lines sharing
	// their first NearPlies half-moves, in order.
	cr := cands.Sort()
	defer cr.Close()
	var window []record // the last maxCandidates games of the group
	for r, ok := cr.Next(); ok; r, ok = cr.Next() {
		if len(window) > 0 && window[0].fp.Prefix != r.fp.Prefix {
			window = window[:0]
		}
		if r.seq >= x.first {
			k, y, ok := near(r.fp, func() []uint64 { return x.mine(r) }, window,
				func(c record) Fingerprint { return c.fp },
				func(c record) ([]uint64, bool) { return x.again(c.place, c.fp) })
			if ok {
				x.counts[k]++
				late.Add(lateOf(r, k, y))
			}
		}
		if len(window) == maxCandidates {
			copy(window, window[1:])
			window = window[:maxCandidates-1]
		}
		window = append(window, r)
	}
	if err := errors.Join(cr.Err(), x.err, x.lines.Err()); err != nil {
		return err
	}
	cr.Close()

	lr := late.Sort()
	defer lr.Close()
	for l, ok := lr.Next(); ok; l, ok = lr.Next() {
		emit(l.place, l.f, l.other)
	}
	return lr.Err()
}

// mine returns the Line of the game of r, from disk or read again.
func (x *Finder) mine(r record) []uint64 {
	switch {
	case r.line >= 0:
		b := make([]byte, 8*(int(r.fp.Plies)-NearPlies+1))
		if err := x.lines.ReadAt(b, r.line); err != nil {
			x.err = errors.Join(x.err, err)
			return nil
		}
		l := make([]uint64, len(b)/8)
		for i := range l {
			l[i] = binary.LittleEndian.Uint64(b[8*i:])
		}
		return l
	}
	l, _ := x.again(r.place, r.fp)
	return l
}

// again returns the Line of the game at p read again, if it can be.
func (x *Finder) again(p Place, fp Fingerprint) ([]uint64, bool) {
	if !p.Again || x.Line == nil {
		return nil, false
	}
	return x.Line(p, fp)
}

// Close removes the Finder's files, if any.
func (x *Finder) Close() {
	if x.all != nil {
		x.all.Close()
		x.all = nil
	}
	if x.lines != nil {
		x.lines.Close()
	}
}

// record is what a Finder keeps of a game after the spill.
type record struct {
	fp    Fingerprint
	place Place
	seq   int64 // the order it was added in
	line  int64 // the offset of its Line in Finder.lines, or -1
}

// The encodings of a Fingerprint (without Mark) and of a Place.
const (
	fingerprintSize = 8*3 + 4 + 2*players.PrintSize + 4*(len(tagNames)+1)
	placeSize       = 4 + 1 + 8 + 8 + 4 + 8 + 8 + 4 + 4
	recordSize      = fingerprintSize + placeSize + 8 + 8
	lateSize        = 8 + 2*placeSize + 1 + 4 + 4 + 2
)

// enc writes and reads little-endian numbers at a moving offset.
type enc struct {
	b []byte
	i int
}

func (e *enc) u64(v uint64) { binary.LittleEndian.PutUint64(e.b[e.i:], v); e.i += 8 }
func (e *enc) u32(v uint32) { binary.LittleEndian.PutUint32(e.b[e.i:], v); e.i += 4 }
func (e *enc) u16(v uint16) { binary.LittleEndian.PutUint16(e.b[e.i:], v); e.i += 2 }
func (e *enc) u8(v uint8)   { e.b[e.i] = v; e.i++ }
func (e *enc) get64() uint64 {
	v := binary.LittleEndian.Uint64(e.b[e.i:])
	e.i += 8
	return v
}
func (e *enc) get32() uint32 {
	v := binary.LittleEndian.Uint32(e.b[e.i:])
	e.i += 4
	return v
}
func (e *enc) get16() uint16 {
	v := binary.LittleEndian.Uint16(e.b[e.i:])
	e.i += 2
	return v
}
func (e *enc) get8() uint8 { e.i++; return e.b[e.i-1] }

func (e *enc) fingerprint(fp *Fingerprint) {
	e.u64(fp.Moves)
	e.u64(fp.Check)
	e.u64(fp.Prefix)
	e.u32(uint32(fp.Plies))
	for _, p := range fp.Players {
		p.AppendBinary(e.b[e.i:e.i])
		e.i += players.PrintSize
	}
	for _, t := range fp.Tags {
		e.u32(t)
	}
}

func (e *enc) getFingerprint(fp *Fingerprint) {
	fp.Moves, fp.Check, fp.Prefix = e.get64(), e.get64(), e.get64()
	fp.Plies = int32(e.get32())
	for i := range fp.Players {
		fp.Players[i].UnmarshalBinary(e.b[e.i:])
		e.i += players.PrintSize
	}
	for i := range fp.Tags {
		fp.Tags[i] = e.get32()
	}
}

func (e *enc) place(p *Place) {
	e.u32(uint32(p.Stream))
	again := uint8(0)
	if p.Again {
		again = 1
	}
	e.u8(again)
	e.u64(uint64(p.Number))
	e.u64(uint64(p.Offset))
	e.u32(uint32(p.Size))
	e.u64(uint64(p.Line))
	e.u64(uint64(p.EndLine))
	e.u32(uint32(p.Col))
	e.u32(uint32(p.EndCol))
}

func (e *enc) getPlace(p *Place) {
	p.Stream = int32(e.get32())
	p.Again = e.get8() != 0
	p.Number, p.Offset = int64(e.get64()), int64(e.get64())
	p.Size = int32(e.get32())
	p.Line, p.EndLine = int64(e.get64()), int64(e.get64())
	p.Col, p.EndCol = int32(e.get32()), int32(e.get32())
}

func putRecord(b []byte, r *record) {
	e := enc{b: b}
	e.fingerprint(&r.fp)
	e.place(&r.place)
	e.u64(uint64(r.seq))
	e.u64(uint64(r.line))
}

func getRecord(b []byte, r *record) {
	e := enc{b: b}
	e.getFingerprint(&r.fp)
	e.getPlace(&r.place)
	r.seq, r.line = int64(e.get64()), int64(e.get64())
}

// compare64 orders two numbers.
func compare64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// recordFormat orders records by main line, then in the order added.
var recordFormat = spill.Format[record]{
	Size: recordSize, Put: putRecord, Get: getRecord,
	Compare: func(a, b *record) int {
		if c := compare64(a.fp.Moves, b.fp.Moves); c != 0 {
			return c
		}
		if c := compare64(a.fp.Check, b.fp.Check); c != 0 {
			return c
		}
		return compare64(uint64(a.seq), uint64(b.seq))
	},
}

// byPrefix orders records by their first NearPlies half-moves, then in
// the order added.
var byPrefix = spill.Format[record]{
	Size: recordSize, Put: putRecord, Get: getRecord,
	Compare: func(a, b *record) int {
		if c := compare64(a.fp.Prefix, b.fp.Prefix); c != 0 {
			return c
		}
		return compare64(uint64(a.seq), uint64(b.seq))
	},
}

// late is a finding made at the end, of the game at place, added seq-th.
type late struct {
	seq          int64
	place, other Place
	f            Finding
}

func lateOf(r record, k Kind, other record) late {
	return late{seq: r.seq, place: r.place, other: other.place, f: finding(k, r.fp, other.fp)}
}

var lateFormat = spill.Format[late]{
	Size: lateSize,
	Put: func(b []byte, l *late) {
		e := enc{b: b}
		e.u64(uint64(l.seq))
		e.place(&l.place)
		e.place(&l.other)
		e.u8(uint8(l.f.Kind))
		e.u32(uint32(l.f.Plies))
		e.u32(uint32(l.f.OtherPlies))
		e.u16(uint16(l.f.Differ))
	},
	Get: func(b []byte, l *late) {
		e := enc{b: b}
		l.seq = int64(e.get64())
		e.getPlace(&l.place)
		e.getPlace(&l.other)
		l.f.Kind = Kind(e.get8())
		l.f.Plies, l.f.OtherPlies = int(int32(e.get32())), int(int32(e.get32()))
		l.f.Differ = Tags(e.get16())
	},
	Compare: func(a, b *late) int { return compare64(uint64(a.seq), uint64(b.seq)) },
}

// bloom is a Bloom filter of hashes: has is false for a hash never
// added, and true for one added (and, rarely, for others).
type bloom []uint64

// newBloom returns a filter of about size bytes (at least 64).
func newBloom(size int64) bloom {
	return make(bloom, max(size/int64(unsafe.Sizeof(uint64(0))), 8))
}

// bits returns the three bits of h.
func (f bloom) bits(h uint64) [3]uint64 {
	n := uint64(len(f)) * 64
	h2 := h>>32 | h<<32 | 1
	return [3]uint64{h % n, (h + h2) % n, (h + 2*h2) % n}
}

func (f bloom) add(h uint64) {
	for _, b := range f.bits(h) {
		f[b/64] |= 1 << (b % 64)
	}
}

func (f bloom) has(h uint64) bool {
	for _, b := range f.bits(h) {
		if f[b/64]&(1<<(b%64)) == 0 {
			return false
		}
	}
	return true
}
