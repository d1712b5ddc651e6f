package spill_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis/spill"
)

// rec is a test record: a key, and the order it was added in.
type rec struct{ key, seq uint64 }

var format = spill.Format[rec]{
	Size: 16,
	Put: func(b []byte, r *rec) {
		binary.LittleEndian.PutUint64(b, r.key)
		binary.LittleEndian.PutUint64(b[8:], r.seq)
	},
	Get: func(b []byte, r *rec) {
		r.key, r.seq = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
	},
	// By key only: records of equal keys must come out in the order they
	// were added (by seq).
	Compare: func(a, b *rec) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	},
}

// keyed is format with its order as a number: its Sorter sorts by radix.
var keyed = func() spill.Format[rec] {
	f := format
	f.Key = func(r *rec) uint64 { return r.key }
	return f
}()

// withTempDir points TMPDIR at an empty directory of the test and
// returns it.
func withTempDir(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	return tmp
}

// empty fails the test unless dir holds nothing.
func empty(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) > 0 {
		t.Errorf("%s holds %d entries, first %s", dir, len(ents), ents[0].Name())
	}
}

// TestSorter: whatever the budget (from one record in memory, which
// merges in many passes, to all of them), the records come out sorted,
// ties in the order they were added, read one by one (Next) or written
// (WriteTo) by a Sorter Reset for them, and the files are gone after
// Close.
//
// With Format.Key (sorted by radix) likewise, on keys of a few values,
// of any 64 bits, and of 64 bits sharing their high bytes.
func TestSorter(t *testing.T) {
	tmp := withTempDir(t)
	rng := rand.New(rand.NewPCG(3, 4))
	type kind struct {
		name   string
		format spill.Format[rec]
		extra  int // bytes per record besides the record
		key    func(n int) uint64
	}
	few := func(n int) uint64 { return rng.Uint64N(uint64(n/3 + 1)) }
	for _, k := range []kind{
		{"compare", format, 4, few},
		{"radix few", keyed, 24, few},
		{"radix any", keyed, 24, func(int) uint64 { return rng.Uint64() >> rng.IntN(64) }},
		{"radix high", keyed, 24, func(int) uint64 { return 0xABCD<<48 | rng.Uint64N(1<<40)&^0xFF00 }},
	} {
		for _, n := range []int{0, 1, 2, 17, 1000, 5000} {
			sorterCase(t, k.name, k.format, k.extra, n, k.key)
		}
	}
	empty(t, tmp)
}

// sorterCase sorts n records of keys from key in f at several budgets
// and fails when they come out in any other order than a stable sort's;
// a record takes extra bytes to sort besides itself.
func sorterCase(t *testing.T, name string, f spill.Format[rec], extra, n int, key func(n int) uint64) {
	t.Helper()
	var in []rec
	for i := range n {
		in = append(in, rec{key: key(n), seq: uint64(i)})
	}
	want := slices.Clone(in)
	slices.SortStableFunc(want, func(a, b rec) int { return format.Compare(&a, &b) })
	for _, budget := range []int64{1, 16 * 7, 1 << 10, 4 << 10, 1 << 30} {
		if int64(16*n)/budget > 200 {
			continue // hundreds of runs: slow, and no more telling
		}
		dir := spill.NewDir()
		s := spill.NewSorter(dir, budget, f)
		s.Grow(n / 2) // room for half of them at first
		for _, r := range in {
			s.Add(r)
		}
		spilled := s.Spilled()
		if want := budget < int64((16+extra)*n); spilled != want && n > 1 { // a record and what sorts it
			t.Errorf("%s: n=%d budget=%d: spilled %v", name, n, budget, spilled)
		}
		r := s.Sort()
		var got []rec
		for {
			x, ok := r.Next()
			if !ok {
				break
			}
			got = append(got, x)
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		if !slices.Equal(got, want) {
			t.Errorf("%s: n=%d budget=%d: %d records out of order (of %d)", name, n, budget, len(got), len(want))
		}
		// Again after Reset, the records written by WriteTo.
		s.Reset()
		for _, r := range in {
			s.Add(r)
		}
		r = s.Sort()
		var buf bytes.Buffer
		if m, err := r.WriteTo(&buf); err != nil || m != int64(16*n) {
			t.Fatalf("%s: n=%d budget=%d: WriteTo wrote %d bytes, %v", name, n, budget, m, err)
		}
		r.Close()
		got = got[:0]
		for b := buf.Bytes(); len(b) > 0; b = b[16:] {
			var x rec
			f.Get(b, &x)
			got = append(got, x)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: n=%d budget=%d: after Reset, WriteTo: %d records out of order (of %d)", name, n, budget, len(got), len(want))
		}
		if err := dir.Remove(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSorterReadError: a run that cannot be read back is an error, not
// fewer records.
func TestSorterReadError(t *testing.T) {
	withTempDir(t)
	dir := spill.NewDir()
	defer dir.Remove()
	s := spill.NewSorter(dir, 16, format)
	for i := range 100 {
		s.Add(rec{key: uint64(i % 7), seq: uint64(i)})
	}
	// Truncate every run: the merge meets a record cut short.
	ents, err := os.ReadDir(dir.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if err := os.Truncate(dir.Path()+"/"+e.Name(), 8); err != nil {
			t.Fatal(err)
		}
	}
	r := s.Sort()
	for {
		if _, ok := r.Next(); !ok {
			break
		}
	}
	if r.Err() == nil {
		t.Error("truncated runs read without an error")
	}
	r.Close()
}

// TestLog: what is appended is read back by offset, before and after
// more is appended.
func TestLog(t *testing.T) {
	tmp := withTempDir(t)
	dir := spill.NewDir()
	l := spill.NewLog(dir)
	var offs []int64
	var texts [][]byte
	for i := range 200 {
		b := make([]byte, i*37%500)
		for j := range b {
			b[j] = byte(i + j)
		}
		offs = append(offs, l.Append(b))
		texts = append(texts, b)
		if i%50 == 0 {
			got := make([]byte, len(texts[i/2]))
			if err := l.ReadAt(got, offs[i/2]); err != nil || !slices.Equal(got, texts[i/2]) {
				t.Fatalf("piece %d read back wrong (%v)", i/2, err)
			}
		}
	}
	for i, off := range offs {
		got := make([]byte, len(texts[i]))
		if err := l.ReadAt(got, off); err != nil || !slices.Equal(got, texts[i]) {
			t.Fatalf("piece %d read back wrong (%v)", i, err)
		}
	}
	// In order, from the Reader: every piece, then the end.
	r, err := l.Reader()
	if err != nil {
		t.Fatal(err)
	}
	all, err := io.ReadAll(r)
	if err != nil || !slices.Equal(all, slices.Concat(texts...)) {
		t.Fatalf("the Reader read %d bytes (%v), want %d", len(all), err, len(slices.Concat(texts...)))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	dir.Remove()
	empty(t, tmp)
}

// TestRemoveAll: RemoveAll removes the directories made and not removed
// yet, with their files, open or not, and they make no more files.
func TestRemoveAll(t *testing.T) {
	tmp := withTempDir(t)
	a, b, c := spill.NewDir(), spill.NewDir(), spill.NewDir()
	fa, err := a.Create("x")
	if err != nil {
		t.Fatal(err)
	}
	defer fa.Close()
	if _, err := fa.WriteString("spilled"); err != nil {
		t.Fatal(err)
	}
	fb, err := b.Create("y")
	if err != nil {
		t.Fatal(err)
	}
	fb.Close()
	if c.Path() != "" {
		t.Error("a Dir without files made a directory")
	}
	spill.RemoveAll()
	empty(t, tmp)
	if _, err := a.Create("z"); err != spill.ErrRemoved {
		t.Errorf("Create after RemoveAll: %v", err)
	}
	empty(t, tmp)
}
