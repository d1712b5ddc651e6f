package input

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// bzip2Program compresses data with the bzip2 program at level (1 to
// 9), since Go has no bzip2 encoder. Without the program the test is
// skipped, except in CI, where it fails: .ci/run installs it.
func bzip2Program(t testing.TB, level int, data []byte) []byte {
	t.Helper()
	if _, err := exec.LookPath("bzip2"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("the bzip2 program is missing: .ci/run installs it")
		}
		t.Skip("the bzip2 program is missing")
	}
	cmd := exec.Command("bzip2", "-c", "-"+strconv.Itoa(level))
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bzip2 -%d: %v: %s", level, err, stderr.Bytes())
	}
	return out
}

// readBzip2 reads data with the parallel reader, at most limit bytes of
// text.
func readBzip2(data []byte, limit int64) ([]byte, error) {
	r := newBzip2Reader(bytes.NewReader(data))
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, limit))
}

// readBzip2Stdlib reads data with compress/bzip2 alone, at most limit
// bytes of text.
func readBzip2Stdlib(data []byte, limit int64) ([]byte, error) {
	return io.ReadAll(io.LimitReader(bzip2.NewReader(bytes.NewReader(data)), limit))
}

// randomBytes returns n bytes of random data, the same for the same
// seed.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestBzip2Equivalence checks that the parallel reader reads exactly
// what compress/bzip2 reads, for archives of one block and of many, of
// every level, and for concatenated streams of different levels.
func TestBzip2Equivalence(t *testing.T) {
	text := gamesText(t, 3<<20)
	small := text[:400<<10]
	inputs := map[string][]byte{
		"empty":        bzip2Program(t, 9, nil),
		"one byte":     bzip2Program(t, 9, []byte("x")),
		"random":       bzip2Program(t, 1, randomBytes(300<<10, 1)),
		"repetitive":   bzip2Program(t, 9, bytes.Repeat([]byte("x"), 3<<20)),
		"text -1":      bzip2Program(t, 1, text),
		"text -9":      bzip2Program(t, 9, text),
		"short blocks": bzip2Program(t, 1, bytes.Repeat([]byte("ab"), 200<<10)),
	}
	var levels []byte
	for level := 1; level <= 9; level++ {
		data := bzip2Program(t, level, small)
		inputs["level "+strconv.Itoa(level)] = data
		levels = append(levels, data...)
	}
	inputs["levels 1 to 9"] = levels
	inputs["concatenated"] = bytes.Join([][]byte{inputs["text -1"], inputs["empty"], inputs["random"], inputs["level 9"], inputs["empty"]}, nil)
	for name, data := range inputs {
		want, err := readBzip2Stdlib(data, 1<<30)
		if err != nil {
			t.Fatalf("%s: compress/bzip2: %v", name, err)
		}
		got, err := readBzip2(data, 1<<30)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: read %d bytes, %v; want the %d bytes of compress/bzip2", name, len(got), err, len(want))
		}
	}
	// One worker: the reader still reads, decoding one block at a time.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	if got, err := readBzip2(inputs["text -1"], 1<<30); err != nil || !bytes.Equal(got, text) {
		t.Errorf("GOMAXPROCS 1: read %d bytes, %v; want the %d bytes of the text", len(got), err, len(text))
	}
}

// TestBzip2ChanceMagic cuts a block in two at bits that are no magic,
// as a magic occurring by chance inside its data makes the scanner do:
// the reader must find that the first piece is no block and decode the
// two as one.
func TestBzip2ChanceMagic(t *testing.T) {
	text := gamesText(t, 500<<10)
	data := bzip2Program(t, 1, text)
	segs := scanBzip2(t, data)
	var blocks int
	for i, s := range segs {
		if s.job == nil {
			continue
		}
		blocks++
		for _, at := range []int64{81, (s.end - s.start) / 2, s.end - s.start - 3} {
			cut := splitSegment(segs, i, s.start+at)
			got, err := readSegments(cut, int64(len(data)))
			if err != nil || !bytes.Equal(got, text) {
				t.Errorf("block %d cut at bit %d of %d: read %d bytes, %v; want the %d bytes of the text", blocks, at, s.end-s.start, len(got), err, len(text))
			}
		}
	}
	if blocks < 4 {
		t.Errorf("%d blocks; the test wants several", blocks)
	}
}

// scanBzip2 returns the segments that the scanner cuts data into.
func scanBzip2(t *testing.T, data []byte) []*bz2Segment {
	t.Helper()
	segs := make(chan *bz2Segment)
	jobs := make(chan *bz2Job, 1000)
	s := &bz2Scanner{r: bytes.NewReader(data), segs: segs, jobs: jobs, quit: make(chan struct{})}
	go s.run()
	var all []*bz2Segment
	for seg := range segs {
		all = append(all, seg)
	}
	if s.err != nil {
		t.Fatal(s.err)
	}
	return all
}

// splitSegment returns segs, with segs[i] cut in two at bit at, without
// speculative jobs: the reader starts its own.
func splitSegment(segs []*bz2Segment, i int, at int64) []*bz2Segment {
	var out []*bz2Segment
	for k, s := range segs {
		if k != i {
			out = append(out, &bz2Segment{start: s.start, end: s.end, data: s.data})
			continue
		}
		out = append(out,
			&bz2Segment{start: s.start, end: at, data: s.data[:(at+7)/8-s.start/8]},
			&bz2Segment{start: at, end: s.end, data: s.data[at/8-s.start/8:]})
	}
	return out
}

// readSegments reads the text of segs, a file of size bytes cut up, with
// a reader whose scanner is replaced by them.
func readSegments(segs []*bz2Segment, size int64) ([]byte, error) {
	ch := make(chan *bz2Segment, len(segs))
	for _, s := range segs {
		ch <- s
	}
	close(ch)
	d := &bzip2Reader{segs: ch, scan: &bz2Scanner{size: size}, quit: make(chan struct{}), chunk: make(chan []byte, 4)}
	defer d.Close()
	return io.ReadAll(d)
}

// TestBzip2Broken checks the errors of damaged archives: every text
// decoded before the damage comes first, a truncation is one, and the
// failure is placed in the file.
func TestBzip2Broken(t *testing.T) {
	text := gamesText(t, 500<<10)
	data := bzip2Program(t, 1, text)
	two := append(bytes.Clone(data), data...)
	for _, tc := range []struct {
		name      string
		data      []byte
		truncated bool
	}{
		{"cut in a block", data[:len(data)/2], true},
		{"cut in the end magic", data[:len(data)-6], true},
		{"cut in the second header", two[:len(data)+2], true},
		{"one byte after", append(bytes.Clone(data), 'B'), true},
		{"garbage after", append(bytes.Clone(data), "garbage"...), false},
		{"bad level", append(bytes.Clone(data), "BZh0"...), false},
		{"bad stream CRC", flipByte(data, len(data)-2), false},
		{"corrupt block", flipByte(data, len(data)/2), false},
		{"corrupt first block", flipByte(data, 100), false},
	} {
		want, wantErr := readBzip2Stdlib(tc.data, 1<<30)
		got, err := readBzip2(tc.data, 1<<30)
		var at *ArchiveError
		if wantErr == nil || !errors.As(err, &at) {
			t.Errorf("%s: %v (compress/bzip2: %v); want an archive error", tc.name, err, wantErr)
			continue
		}
		if errors.Is(at.Err, io.ErrUnexpectedEOF) != tc.truncated || errors.Is(wantErr, io.ErrUnexpectedEOF) != tc.truncated {
			t.Errorf("%s: %v (compress/bzip2: %v); want truncated %v", tc.name, err, wantErr, tc.truncated)
		}
		if at.Offset <= 0 || at.Offset > int64(len(tc.data)) {
			t.Errorf("%s: offset %d of %d bytes", tc.name, at.Offset, len(tc.data))
		}
		// Whole blocks before the damage, never the damaged block's
		// text: at least what compress/bzip2 read less a block, at
		// most what it read.
		if !bytes.HasPrefix(want, got) || len(got) < len(want)-100<<10 {
			t.Errorf("%s: read %d bytes, compress/bzip2 %d", tc.name, len(got), len(want))
		}
	}
}

// flipByte returns a copy of data with the byte at i inverted.
func flipByte(data []byte, i int) []byte {
	data = bytes.Clone(data)
	data[i] ^= 0xff
	return data
}

// TestBzip2Memory reads 100 MB of one repeated byte, whose blocks each
// expand to about 45 MB: the memory in use must stay far below that,
// since each block's text is held in a few chunks at a time.
func TestBzip2Memory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	const size = 100 << 20
	data := bzip2Program(t, 9, bytes.Repeat([]byte{'a'}, size))
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak.Store(max(peak.Load(), m.HeapInuse))
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	r := newBzip2Reader(bytes.NewReader(data))
	n, err := io.Copy(io.Discard, r)
	r.Close()
	close(stop)
	<-sampled
	if err != nil || n != size {
		t.Fatalf("read %d bytes, %v; want %d", n, err, size)
	}
	if p := peak.Load(); p > 64<<20 {
		t.Errorf("%d MB of heap in use at the peak; want less than 64", p>>20)
	}
	t.Logf("%d bytes compressed; peak heap in use %.1f MB", len(data), float64(peak.Load())/(1<<20))
}

// TestBzip2Close checks that closing the reader before the end stops
// its goroutines.
func TestBzip2Close(t *testing.T) {
	data := bzip2Program(t, 1, gamesText(t, 2<<20))
	before := runtime.NumGoroutine()
	r := newBzip2Reader(bytes.NewReader(data))
	if _, err := io.ReadFull(r, make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	r.Close()
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Close, %d before", runtime.NumGoroutine(), before)
		}
	}
}

// TestBzip2EndMagic checks what the reader relies on to trust a
// decoded block: no shift of the end magic by fewer than 8 bits matches
// it, so a block whose data ran into the end magic that blockStream
// appends cannot be followed by that magic.
func TestBzip2EndMagic(t *testing.T) {
	for d := 1; d < 8; d++ {
		if bz2EndMagic>>d == bz2EndMagic&(1<<(48-d)-1) {
			t.Errorf("the end magic repeats after %d bits", d)
		}
	}
}

// FuzzBzip2Split reads arbitrary bytes with the parallel reader and with
// compress/bzip2: where compress/bzip2 reads a text, the parallel reader
// must read the same; where it fails, the parallel reader must fail
// too, though maybe elsewhere.
func FuzzBzip2Split(f *testing.F) {
	for _, name := range []string{"games.pgn.bz2", "blocks.bz2"} {
		data, err := os.ReadFile("../../testdata/compress/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(append(bytes.Clone(data), data...))
		f.Add(data[:len(data)-5])
	}
	f.Add([]byte("BZh9\x17\x72\x45\x38\x50\x90\x00\x00\x00\x00")) // no block
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 16 << 20 // a few bytes of bzip2 make 45 MB of text
		want, wantErr := readBzip2Stdlib(data, limit)
		got, err := readBzip2(data, limit)
		switch {
		case wantErr != nil:
			if err == nil {
				t.Fatalf("read %d bytes without error; compress/bzip2 fails after %d: %v", len(got), len(want), wantErr)
			}
		case len(want) == limit:
			// compress/bzip2 may fail past the limit, and the
			// parallel reader sooner; only a text read compares.
			if err == nil && !bytes.Equal(got, want) {
				t.Fatalf("read %d bytes that differ from compress/bzip2's", len(got))
			}
		case err != nil || !bytes.Equal(got, want):
			t.Fatalf("read %d bytes, %v; compress/bzip2 reads %d", len(got), err, len(want))
		}
	})
}
