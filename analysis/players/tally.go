package players

import (
	"cmp"
	"encoding/binary"
	"hash/maphash"

	"github.com/pgnls/pgnls/analysis/spill"
)

// Tally counts the spellings of the players' names of a collection as
// Names does, and tells the variants, in bounded memory: a run over the
// files of a database with hundreds of thousands of players (pgnls
// check). It holds the spellings of up to its budget in memory; past it
// their counts go, with where each was first seen, to a sort on disk by
// surname (analysis/spill). The variants are then worked out a surname
// at a time, which is exact: Names joins spellings of one surname only,
// or those a line of the names file joins, whose surnames are sorted
// together.
type Tally struct {
	file    *Names // the names file read, or nil
	dir     *spill.Dir
	budget  int64
	seed    maphash.Seed
	log     *spill.Log // spelling and place of each record sorted
	sorter  *spill.Sorter[tallyRec]
	mem     map[string]*tallyEntry
	memSize int64
	seq     int64             // spellings added to mem so far
	joined  map[string]string // surname → the surname it is sorted with (names file lines)
	err     error
}

// tallyEntry is a spelling held in memory: its count since it entered,
// and when and where it was first seen then.
type tallyEntry struct {
	count int64
	seq   int64
	place []byte
}

// tallyRec is a spelling's count sorted by group (the hash of its
// surname, or of the one a names file line sorts it with), then by when
// it was first seen; its text and place are in the log.
type tallyRec struct {
	group, seq, count, off int64
	n                      int32
}

var tallyFormat = spill.Format[tallyRec]{
	Size: 4*8 + 4,
	Put: func(b []byte, r *tallyRec) {
		le := binary.LittleEndian
		le.PutUint64(b[0:], uint64(r.group))
		le.PutUint64(b[8:], uint64(r.seq))
		le.PutUint64(b[16:], uint64(r.count))
		le.PutUint64(b[24:], uint64(r.off))
		le.PutUint32(b[32:], uint32(r.n))
	},
	Get: func(b []byte, r *tallyRec) {
		le := binary.LittleEndian
		r.group, r.seq, r.count, r.off = int64(le.Uint64(b[0:])), int64(le.Uint64(b[8:])), int64(le.Uint64(b[16:])), int64(le.Uint64(b[24:]))
		r.n = int32(le.Uint32(b[32:]))
	},
	Compare: func(a, b *tallyRec) int { return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.seq, b.seq)) },
}

// NewTally returns a Tally with the names file of file (nil: none) that
// keeps about budget bytes in memory and spills to dir.
func NewTally(file *Names, dir *spill.Dir, budget int64) *Tally {
	t := &Tally{file: file, dir: dir, budget: max(budget, 1), seed: maphash.MakeSeed(), mem: map[string]*tallyEntry{}}
	t.log = spill.NewLog(dir)
	t.sorter = spill.NewSorter(dir, max(budget/2, 1), tallyFormat)
	if file != nil {
		// The surnames of a line of the names file are sorted together.
		t.joined = map[string]string{}
		var root func(s string) string
		root = func(s string) string {
			if r, ok := t.joined[s]; ok && r != s {
				r = root(r)
				t.joined[s] = r
				return r
			}
			return s
		}
		for canon, spellings := range file.listed {
			a := root(surnameOf(canon))
			for _, s := range spellings {
				if b := root(surnameOf(s)); b != a {
					t.joined[b] = a
				}
			}
			t.joined[a] = a
		}
		for s := range t.joined {
			t.joined[s] = root(s)
		}
	}
	return t
}

// Add counts one more occurrence of a spelling (unknown names are left
// out); place is called when the Tally must keep where it was seen, and
// returns it as the caller will read it back (Variants).
func (t *Tally) Add(name string, place func() []byte) {
	if Unknown(name) {
		return
	}
	if e := t.mem[name]; e != nil {
		e.count++
		return
	}
	p := place()
	t.mem[name] = &tallyEntry{count: 1, seq: t.seq, place: p}
	t.seq++
	t.memSize += int64(len(name)+len(p)) + 96
	if t.memSize > t.budget/2 {
		t.flush()
	}
}

// group returns the group a spelling is sorted in.
func (t *Tally) group(name string) int64 {
	sur := surnameOf(name)
	if r, ok := t.joined[sur]; ok {
		sur = r
	}
	return int64(maphash.String(t.seed, sur))
}

// flush sorts the spellings held in memory.
func (t *Tally) flush() {
	var b []byte
	for name, e := range t.mem {
		b = binary.AppendUvarint(b[:0], uint64(len(name)))
		b = append(b, name...)
		b = append(b, e.place...)
		off := t.log.Append(b)
		t.sorter.Add(tallyRec{group: t.group(name), seq: e.seq, count: e.count, off: off, n: int32(len(b))})
	}
	clear(t.mem)
	t.memSize = 0
}

// Variants calls yield, in the order the spellings were first seen, with
// each spelling that is a variant of another across the collection, the
// place given where it was first seen, its canonical spelling and the
// message of its diagnostic (Names.Message); then it releases the Tally.
// The error is that of a file of the sort.
func (t *Tally) Variants(yield func(place []byte, name, canon, message string)) error {
	t.flush()
	r := t.sorter.Sort()
	defer r.Close()
	defer t.log.Close()
	out := spill.NewSorter(t.dir, max(t.budget/2, 1), tallyFormat)
	msgs := spill.NewLog(t.dir)
	defer msgs.Close()
	var group []tallyRec
	flushGroup := func() {
		if len(group) > 0 {
			t.resolve(group, out, msgs)
			group = group[:0]
		}
	}
	for rec, ok := r.Next(); ok; rec, ok = r.Next() {
		if len(group) > 0 && group[0].group != rec.group {
			flushGroup()
		}
		group = append(group, rec)
	}
	flushGroup()
	if err := cmp.Or(r.Err(), t.err); err != nil {
		return err
	}
	res := out.Sort()
	defer res.Close()
	for rec, ok := res.Next(); ok; rec, ok = res.Next() {
		b := make([]byte, rec.n)
		if err := msgs.ReadAt(b, rec.off); err != nil {
			return err
		}
		name, b := readString(b)
		canon, b := readString(b)
		message, place := readString(b)
		yield(place, name, canon, message)
	}
	return res.Err()
}

// resolve works out the variants of one group of spellings, sorted by
// when each first entered the memory, and sorts their diagnostics by
// when they were first seen.
func (t *Tally) resolve(group []tallyRec, out *spill.Sorter[tallyRec], msgs *spill.Log) {
	var n Names
	if t.file != nil {
		n.file = t.file.file
	}
	first := map[string]int64{}
	places := map[string][]byte{}
	for _, rec := range group {
		b := make([]byte, rec.n)
		if err := t.log.ReadAt(b, rec.off); err != nil {
			t.err = cmp.Or(t.err, err)
			return
		}
		name, place := readString(b)
		if _, ok := first[name]; !ok {
			first[name], places[name] = rec.seq, place
		}
		n.addCount(name, int(rec.count))
	}
	var b []byte
	for _, name := range n.order {
		canon, ok := n.Canonical(name)
		if !ok {
			continue
		}
		b = binary.AppendUvarint(b[:0], uint64(len(name)))
		b = append(b, name...)
		b = binary.AppendUvarint(b, uint64(len(canon)))
		b = append(b, canon...)
		m := n.Message(name, canon)
		b = binary.AppendUvarint(b, uint64(len(m)))
		b = append(b, m...)
		b = append(b, places[name]...)
		off := msgs.Append(b)
		out.Add(tallyRec{seq: first[name], off: off, n: int32(len(b))})
	}
}

// readString reads a string written with its length as a uvarint before
// it, and returns it and the bytes after.
func readString(b []byte) (string, []byte) {
	l, k := binary.Uvarint(b)
	if k <= 0 || uint64(len(b)-k) < l {
		return "", nil
	}
	return string(b[k : k+int(l)]), b[k+int(l):]
}
