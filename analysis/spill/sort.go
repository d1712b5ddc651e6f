package spill

import (
	"bufio"
	"errors"
	"io"
	"os"
	"slices"
	"unsafe"
)

// Format is how a Sorter stores and orders records of type T.
type Format[T any] struct {
	// Size is the length of an encoded record, in bytes.
	Size int
	// Put encodes t into b, of length Size; Get decodes b into t. A
	// record must come back from Get as Put had it, as far as Compare
	// and the caller look.
	Put func(b []byte, t *T)
	Get func(b []byte, t *T)
	// Compare orders records as cmp.Compare does. Records that compare
	// equal come out in the order they were added.
	Compare func(a, b *T) int
	// Key, when set, is the order of Compare as a number:
	// Compare(a, b) == cmp.Compare(Key(a), Key(b)) for every a and b. The
	// records in memory are then sorted by radix, in time linear in
	// their number, for 20 more bytes of memory each.
	Key func(t *T) uint64
}

// Sorter sorts records of type T in bounded memory: it holds up to its
// budget of them in memory, and when they outgrow it writes them, sorted,
// to a run (a temporary file), then merges the runs when asked for the
// records in order. A Sorter that never outgrew its budget sorts in
// memory and writes nothing.
type Sorter[T any] struct {
	f      Format[T]
	dir    *Dir
	budget int64
	max    int // records held in memory
	buf    []T
	order  []int32 // buf's indices in order, once sorted
	// The radix sort's keys and its second buffers (Format.Key).
	keys, keys2 []uint64
	order2      []int32
	runs        []*os.File
	err         error
}

// Buffer sizes of the files of runs: a run is written and read through
// buffers of readBuffer bytes or less, so that merging fanIn runs at
// once takes no more than the budget.
const (
	readBuffer = 64 << 10
	minBuffer  = 4 << 10
	maxFanIn   = 64
)

// NewSorter returns a Sorter of records in format f that keeps up to
// budget bytes of them in memory (at least one record), and writes its
// runs in dir.
func NewSorter[T any](dir *Dir, budget int64, f Format[T]) *Sorter[T] {
	var zero T
	size := max(int64(unsafe.Sizeof(zero)), 1)
	// Each record also takes an int32 to sort it, and with Key its key
	// twice and another int32.
	size += 4
	if f.Key != nil {
		size += 8 + 8 + 4
	}
	return &Sorter[T]{f: f, dir: dir, budget: budget, max: int(max(budget/size, 1))}
}

// Add adds a record. An error writing a run is returned by the Reader of
// Sort.
func (s *Sorter[T]) Add(t T) {
	if len(s.buf) == s.max {
		s.spill()
	}
	if len(s.buf) == cap(s.buf) {
		s.buf = slices.Grow(s.buf, min(max(cap(s.buf), 64), s.max-len(s.buf)))
	}
	s.buf = append(s.buf, t)
}

// Grow makes room in memory for n more records (as many as the budget
// holds at most), for a caller that knows about how many it will add:
// the records then do not grow their buffer by copies.
func (s *Sorter[T]) Grow(n int) {
	s.buf = slices.Grow(s.buf, min(n, s.max-len(s.buf)))
}

// buffer returns the size of the buffers of run files, and how many runs
// are merged at once, for the budget.
func (s *Sorter[T]) buffer() (size, fanIn int) {
	size = int(min(readBuffer, max(minBuffer, s.budget/16)))
	fanIn = int(min(maxFanIn, max(2, s.budget/int64(size))))
	return size, fanIn
}

// sort orders the records in memory, through their indices, so that
// records of hundreds of bytes are not moved, and ties keep the order
// they were added in.
func (s *Sorter[T]) sort() {
	s.order = s.order[:0]
	for i := range s.buf {
		s.order = append(s.order, int32(i))
	}
	if s.f.Key != nil && len(s.buf) >= radixMin {
		s.radix()
		return
	}
	slices.SortFunc(s.order, func(i, j int32) int {
		if c := s.f.Compare(&s.buf[i], &s.buf[j]); c != 0 {
			return c
		}
		return int(i - j)
	})
}

// radixMin is the number of records from which sort sorts by radix
// when it can: below it, a comparison sort is as fast.
const radixMin = 256

// radix orders s.order (buf's indices in order) by the records' keys
// (Format.Key): a radix sort, a byte of the key at a time from the
// lowest, which keeps the order of equal keys. A byte that all the keys
// share is skipped.
func (s *Sorter[T]) radix() {
	n := len(s.buf)
	keys, keys2 := slices.Grow(s.keys[:0], n)[:n], slices.Grow(s.keys2[:0], n)[:n]
	order, order2 := s.order, slices.Grow(s.order2[:0], n)[:n]
	var counts [8][256]int
	for i := range s.buf {
		k := s.f.Key(&s.buf[i])
		keys[i] = k
		for d := range counts {
			counts[d][byte(k>>(8*d))]++
		}
	}
	for d := range counts {
		c, shift := &counts[d], 8*d
		if c[byte(keys[0]>>shift)] == n {
			continue
		}
		at := 0
		for b, m := range c {
			c[b], at = at, at+m
		}
		for i, k := range keys {
			b := byte(k >> shift)
			keys2[c[b]], order2[c[b]] = k, order[i]
			c[b]++
		}
		keys, keys2, order, order2 = keys2, keys, order2, order
	}
	s.keys, s.keys2, s.order, s.order2 = keys, keys2, order, order2
}

// spill writes the records in memory to a new run, sorted.
func (s *Sorter[T]) spill() {
	if len(s.buf) == 0 {
		return
	}
	s.sort()
	f, err := s.dir.Create("run")
	if err == nil {
		size, _ := s.buffer()
		r := Reader[T]{f: s.f, mem: s.buf, order: s.order}
		_, err = r.writeTo(f, size)
		s.runs = append(s.runs, f)
	}
	if err != nil && s.err == nil {
		s.err = err
	}
	clear(s.buf)
	s.buf = s.buf[:0]
}

// Close drops the records without sorting them and removes the runs,
// for a caller that stops early.
func (s *Sorter[T]) Close() {
	for _, f := range s.runs {
		f.Close()
		os.Remove(f.Name())
	}
	s.runs, s.buf, s.order, s.keys, s.keys2, s.order2 = nil, nil, nil, nil, nil, nil
}

// Spilled reports whether the records outgrew the budget: some are on
// disk.
func (s *Sorter[T]) Spilled() bool { return len(s.runs) > 0 }

// Sort ends the adding and returns the records in order. The Sorter must
// not be used after, unless Reset; the Reader's Close removes its files.
func (s *Sorter[T]) Sort() *Reader[T] {
	if len(s.runs) == 0 {
		s.sort()
		// The Sorter keeps its buffers for a Reset; they are the
		// Reader's until then.
		return &Reader[T]{f: s.f, mem: s.buf, order: s.order, err: s.err}
	}
	s.spill()
	s.buf, s.order, s.keys, s.keys2, s.order2 = nil, nil, nil, nil, nil // the memory goes to the buffers of the merge
	size, fanIn := s.buffer()
	runs := s.runs
	s.runs = nil
	// Merge passes: each merges consecutive groups of fanIn runs into
	// one, in order, so that records that compare equal keep the order
	// they were added in, until fanIn or fewer runs are left.
	for len(runs) > fanIn && s.err == nil {
		var next []*os.File
		for len(runs) > 0 && s.err == nil {
			k := min(fanIn, len(runs))
			f, err := s.mergeRun(runs[:k], size)
			runs = runs[k:]
			if err != nil {
				s.err = err
				break
			}
			next = append(next, f)
		}
		runs = append(next, runs...)
	}
	if s.err != nil {
		for _, f := range runs {
			f.Close()
			os.Remove(f.Name())
		}
		return &Reader[T]{err: s.err}
	}
	return &Reader[T]{f: s.f, m: newMerge(s.f, runs, size)}
}

// Reset empties the Sorter after Sort, for new records, keeping the
// memory it holds: a caller sorting one batch after another (a file
// after another) does not allocate and clear its buffers anew each time.
// The Reader of the last Sort must not be read after.
func (s *Sorter[T]) Reset() {
	for _, f := range s.runs {
		f.Close()
		os.Remove(f.Name())
	}
	s.runs, s.err = nil, nil
	s.buf, s.order = s.buf[:0], s.order[:0]
}

// mergeRun merges runs into a new run, and removes them.
func (s *Sorter[T]) mergeRun(runs []*os.File, size int) (*os.File, error) {
	if len(runs) == 1 {
		return runs[0], nil
	}
	m := newMerge(s.f, runs, size)
	defer m.close()
	f, err := s.dir.Create("run")
	if err != nil {
		return nil, err
	}
	r := Reader[T]{f: s.f, m: m}
	if _, err = r.writeTo(f, size); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// Reader returns the records of a Sorter in order.
type Reader[T any] struct {
	f     Format[T]
	mem   []T     // when nothing was spilled
	order []int32 // the indices of mem left, in order
	m     *merge[T]
	err   error
}

// Next returns the next record, or false after the last one or on an
// error (see Err).
func (r *Reader[T]) Next() (T, bool) {
	var zero T
	if r.err != nil {
		return zero, false
	}
	if r.m == nil {
		if len(r.order) == 0 {
			return zero, false
		}
		t := r.mem[r.order[0]]
		r.order = r.order[1:]
		return t, true
	}
	t, ok := r.m.next()
	if !ok {
		r.err = r.m.err
	}
	return t, ok
}

// WriteTo writes the records left to w in order, each encoded by the
// Format's Put, and returns the number of bytes written: what reading
// them one by one with Next and encoding them does, without copying each
// record out, in writes of readBuffer bytes.
func (r *Reader[T]) WriteTo(w io.Writer) (int64, error) {
	return r.writeTo(w, readBuffer)
}

// writeTo is WriteTo in writes of about chunk bytes.
func (r *Reader[T]) writeTo(w io.Writer, chunk int) (int64, error) {
	size := r.f.Size
	buf := make([]byte, 0, max(chunk/size, 1)*size)
	var t T // the merge's record, one for all: Put's pointer escapes
	var n int64
	flush := func() error {
		m, err := w.Write(buf)
		n += int64(m)
		buf = buf[:0]
		return err
	}
	for r.err == nil {
		if len(buf) == cap(buf) {
			if err := flush(); err != nil {
				return n, err
			}
		}
		if r.m == nil {
			if len(r.order) == 0 {
				break
			}
			k := min(len(r.order), (cap(buf)-len(buf))/size)
			for _, i := range r.order[:k] {
				at := len(buf)
				buf = buf[:at+size]
				r.f.Put(buf[at:], &r.mem[i])
			}
			r.order = r.order[k:]
			continue
		}
		var ok bool
		if t, ok = r.m.next(); !ok {
			r.err = r.m.err
			break
		}
		at := len(buf)
		buf = buf[:at+size]
		r.f.Put(buf[at:], &t)
	}
	if r.err != nil {
		return n, r.err
	}
	return n, flush()
}

// Err returns the error that stopped the records, if any: a run that
// could not be written or read back.
func (r *Reader[T]) Err() error { return r.err }

// Close releases the records and removes the files of the runs.
func (r *Reader[T]) Close() error {
	r.mem, r.order = nil, nil
	if r.m != nil {
		r.m.close()
		r.m = nil
	}
	return nil
}

// merge reads runs in order, a k-way merge through a binary heap.
type merge[T any] struct {
	f    Format[T]
	srcs []*source[T]
	heap []int // indices of srcs with a record, by their record
	err  error
}

type source[T any] struct {
	f   *os.File
	r   *bufio.Reader
	cur T
}

func newMerge[T any](f Format[T], runs []*os.File, size int) *merge[T] {
	m := &merge[T]{f: f}
	for _, file := range runs {
		src := &source[T]{f: file}
		if _, err := file.Seek(0, io.SeekStart); err != nil {
			m.err = errors.Join(m.err, err)
		}
		src.r = bufio.NewReaderSize(file, max(size, f.Size)) // Peek needs a record's room
		m.srcs = append(m.srcs, src)
	}
	for i := range m.srcs {
		if m.advance(i) {
			m.push(i)
		}
	}
	return m
}

// advance reads the next record of source i; false at its end.
func (m *merge[T]) advance(i int) bool {
	src := m.srcs[i]
	b, err := src.r.Peek(m.f.Size) // read in place, not copied out
	if err != nil {
		switch {
		case err == io.EOF && len(b) > 0:
			m.err = errors.Join(m.err, io.ErrUnexpectedEOF)
		case err != io.EOF:
			m.err = errors.Join(m.err, err)
		}
		return false
	}
	m.f.Get(b, &src.cur)
	src.r.Discard(len(b))
	return true
}

// less orders sources by their record, then by their index (the order
// the runs were written in), so that the merge is stable.
func (m *merge[T]) less(i, j int) bool {
	if c := m.f.Compare(&m.srcs[i].cur, &m.srcs[j].cur); c != 0 {
		return c < 0
	}
	return i < j
}

func (m *merge[T]) push(i int) {
	m.heap = append(m.heap, i)
	k := len(m.heap) - 1
	for k > 0 {
		p := (k - 1) / 2
		if !m.less(m.heap[k], m.heap[p]) {
			break
		}
		m.heap[k], m.heap[p] = m.heap[p], m.heap[k]
		k = p
	}
}

// down restores the heap from its root.
func (m *merge[T]) down() {
	k, n := 0, len(m.heap)
	for {
		c := 2*k + 1
		if c >= n {
			return
		}
		if c+1 < n && m.less(m.heap[c+1], m.heap[c]) {
			c++
		}
		if !m.less(m.heap[c], m.heap[k]) {
			return
		}
		m.heap[k], m.heap[c] = m.heap[c], m.heap[k]
		k = c
	}
}

func (m *merge[T]) next() (T, bool) {
	var zero T
	if len(m.heap) == 0 || m.err != nil {
		return zero, false
	}
	i := m.heap[0]
	t := m.srcs[i].cur
	if m.advance(i) {
		m.down()
	} else {
		m.heap[0] = m.heap[len(m.heap)-1]
		m.heap = m.heap[:len(m.heap)-1]
		m.down()
	}
	return t, true
}

// close closes and removes the runs.
func (m *merge[T]) close() {
	for _, src := range m.srcs {
		src.f.Close()
		os.Remove(src.f.Name())
	}
	m.srcs, m.heap = nil, nil
}
