package input

// Parallel bzip2 decoding. One stream of compress/bzip2 decodes about
// 24 MB/s of text, slower than the check itself, so the blocks of a
// bzip2 file are decoded on several goroutines, as pbzip2 and lbzip2 do,
// still by compress/bzip2: each block is handed to it as a stream of one
// block of its own.
//
// A bzip2 file is one or more streams: "BZh" and a level digit, blocks,
// each starting with the 48-bit magic 0x314159265359 and its CRC, at any
// bit offset, then the end magic 0x177245385090, the stream's combined
// CRC and padding to a byte. A scanner cuts the file at every occurrence
// of either magic; workers decode the pieces that start with a block
// magic, speculatively; the reader parses the streams' structure as
// compress/bzip2 does, in order, and takes each block's text from its
// worker. A magic can occur by chance inside a block, so a piece that
// fails after its decoder ran out of its bits is tried again joined to
// the next piece (as lbzip2 does); the block CRC that compress/bzip2
// checks tells a wrong cut from a right one. The reader fails wherever
// compress/bzip2 reading the whole file would fail, with its errors.

import (
	"bytes"
	"compress/bzip2"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
)

const (
	bz2BlockMagic = 0x314159265359
	bz2EndMagic   = 0x177245385090
	bz2MagicMask  = 1<<48 - 1

	// bz2MaxBlock bounds the compressed size of a block, and so the
	// memory of a piece: bzip2 writes at most about 0.9 MiB (level 9,
	// incompressible data), and compress/bzip2 reads at most 900,001
	// symbols of 20 bits and their selectors, under 2.3 MiB. A longer
	// block is reported corrupt.
	bz2MaxBlock = 3 << 20

	// A block's text goes to the reader in chunks of blockSize bytes (as
	// the decompressor's), at most bz2Chunks of them ahead of the reader
	// per block; the scanner reads blockSize bytes of the file at a time.
	bz2Chunks = 8

	// bz2Workers bounds the workers: each block in flight holds a table
	// of compress/bzip2 (3.6 MB at level 9) and up to bz2Chunks chunks,
	// and a few workers already decode faster than the check reads.
	bz2Workers = 4
)

// errBlockTooLong is a block longer than bz2MaxBlock.
var errBlockTooLong = fmt.Errorf("bzip2 data invalid: block longer than %d MiB", bz2MaxBlock>>20)

// errOverrun is a speculative block decoding that read past its piece:
// its text is not the block's, and must not be passed on.
var errOverrun = errors.New("bzip2 block decoded past its piece")

// A bz2Segment is a piece of the file between two magics: bits
// [start, end) of the file, the first bit of a byte being its highest.
type bz2Segment struct {
	start, end int64
	data       []byte    // the file's bytes start/8 to (end+7)/8
	job        *bz2Job   // the decoding of the block that starts here, or nil
	cancel     sync.Once // stops job
}

// A bz2Job decodes bits [start, end) of the file as one block, on a
// goroutine of its own or a worker's.
type bz2Job struct {
	start, end int64
	data       []byte // as in bz2Segment, for bits [start, end)
	level      byte   // of the stream, as the scanner tells it for its jobs
	pieces     int    // segments joined: the reader's held[:pieces]

	out  chan []byte   // the text, in chunks; closed at the end
	full chan struct{} // closed when out fills before the end
	stop chan struct{} // closed to cancel
	done chan struct{} // closed at the end, after out, err and beyond

	err    error // nil when the block and its CRC are right
	beyond bool  // err came after the decoder read past the block's bits
	filled bool  // full is closed (the worker's own)
}

// newBz2Job returns a job decoding the segments segs, joined, at level.
func newBz2Job(segs []*bz2Segment, level byte) *bz2Job {
	first, last := segs[0], segs[len(segs)-1]
	j := &bz2Job{
		start: first.start, end: last.end, level: level, pieces: len(segs),
		out:  make(chan []byte, bz2Chunks),
		full: make(chan struct{}),
		stop: make(chan struct{}),
		done: make(chan struct{}),
	}
	if len(segs) == 1 {
		j.data = first.data
		return j
	}
	// A segment's last byte holds the first bits of the next one.
	for _, s := range segs[:len(segs)-1] {
		j.data = append(j.data, s.data[:s.end/8-s.start/8]...)
	}
	j.data = append(j.data, last.data...)
	return j
}

// bzip2Reader reads the text of a bzip2 file, decoding its blocks in
// parallel.
type bzip2Reader struct {
	scan  *bz2Scanner
	segs  <-chan *bz2Segment // from the scanner, in order
	quit  chan struct{}      // closed by Close: every goroutine stops
	stop  sync.Once
	chunk chan []byte // chunks of text free for reuse

	held    []*bz2Segment // segments received and not passed yet
	pos     int64         // bit where parsing stands
	begun   bool          // the first header has been read
	level   byte          // of the current stream
	crc     uint32        // the combined CRC of its blocks so far
	job     *bz2Job       // the block whose text is being read, or nil
	passing bool          // some of job's text was returned
	text    []byte        // of job's text, what Read has not returned
	buf     []byte        // the chunk text is in, to reuse
	err     error         // the end: io.EOF or the failure
}

// newBzip2Reader returns the text of the bzip2 file r, decoded by
// runtime.GOMAXPROCS(0) workers, bz2Workers at most. The caller must
// Close it.
func newBzip2Reader(r io.Reader) *bzip2Reader {
	workers := min(max(1, runtime.GOMAXPROCS(0)), bz2Workers)
	inFlight := 2 * workers
	segs := make(chan *bz2Segment, inFlight)
	jobs := make(chan *bz2Job, inFlight)
	d := &bzip2Reader{
		segs:  segs,
		quit:  make(chan struct{}),
		chunk: make(chan []byte, inFlight*bz2Chunks),
	}
	d.scan = &bz2Scanner{r: r, segs: segs, jobs: jobs, quit: d.quit}
	go d.scan.run()
	for range workers {
		go d.work(jobs)
	}
	return d
}

// Close stops the scanner and the workers; it does not wait for them.
func (d *bzip2Reader) Close() error {
	d.stop.Do(func() { close(d.quit) })
	return nil
}

// Read returns the text, in order; its error is io.EOF at the end of the
// file, where the data fails an *ArchiveError with only its Offset (a
// byte of the file near the failure: the reader reads ahead, so the bytes
// read say nothing of it) and Err (compress/bzip2's error, or
// io.ErrUnexpectedEOF) set, or the file's read error.
func (d *bzip2Reader) Read(p []byte) (int, error) {
	for len(d.text) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		if d.buf != nil {
			d.putChunk(d.buf)
			d.buf = nil
		}
		if d.job == nil {
			d.err = d.advance()
			continue
		}
		d.buf, d.err = d.next()
		d.text = d.buf
	}
	n := copy(p, d.text)
	d.text = d.text[n:]
	return n, nil
}

// work decodes the jobs the scanner starts, in their order, until Close.
// Taken in order, the oldest unfinished job always has a worker: the
// others may wait for the reader, it never waits for them.
func (d *bzip2Reader) work(jobs <-chan *bz2Job) {
	for {
		select {
		case j := <-jobs:
			d.decode(j)
		case <-d.quit:
			return
		}
	}
}

// decode runs j: compress/bzip2 decodes its bits as a stream of one
// block, into chunks sent on j.out.
func (d *bzip2Reader) decode(j *bz2Job) {
	defer close(j.done)
	defer close(j.out)
	select {
	case <-j.stop:
		return
	default:
	}
	stream, whole := blockStream(j.data, uint(j.start%8), j.end-j.start, j.level)
	src := bytes.NewReader(stream)
	dec := &blockReader{dec: bzip2.NewReader(src), src: src, whole: whole}
	for {
		select {
		case <-j.stop: // cancelled, or the reader closed: no more text
			return
		case <-d.quit:
			return
		default:
		}
		c := d.getChunk()
		n, err := fill(dec, c)
		if n > 0 && !j.send(c[:n], d.quit) {
			return
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			j.err, j.beyond = err, err == errOverrun || dec.read() > whole
			return
		}
	}
}

// A blockReader reads the stream of one block (blockStream), and fails
// with errOverrun if the block's data ran past its bits.
type blockReader struct {
	dec   io.Reader
	src   *bytes.Reader // the stream
	whole int64         // its bytes that hold only the header and the block
	begun bool          // text has come
}

// read returns the bytes of the stream that the decoder has read.
func (b *blockReader) read() int64 { return b.src.Size() - int64(b.src.Len()) }

// Read returns the block's text, or errOverrun.
func (b *blockReader) Read(p []byte) (int, error) {
	n, err := b.dec.Read(p)
	if n > 0 && !b.begun {
		b.begun = true
		// compress/bzip2 decodes all the block's data before its
		// text, reading no byte ahead: a byte past the one that the
		// block shares with the end magic is a read past the block.
		if b.read() > b.whole+1 {
			return 0, errOverrun
		}
	}
	return n, err
}

// send passes c to the reader, unless j or the reader is stopped first.
// When j.out is full it closes j.full first, so that the reader takes
// the text of a block too large to hold before the block is verified.
func (j *bz2Job) send(c []byte, quit <-chan struct{}) bool {
	select {
	case j.out <- c:
		return true
	default:
	}
	if !j.filled {
		j.filled = true
		close(j.full)
	}
	select {
	case j.out <- c:
		return true
	case <-j.stop:
	case <-quit:
	}
	return false
}

// fill reads dec into c until c is full or dec ends.
func fill(dec io.Reader, c []byte) (int, error) {
	n := 0
	var err error
	for n < len(c) && err == nil {
		var m int
		m, err = dec.Read(c[n:])
		n += m
	}
	return n, err
}

// getChunk returns a chunk for a block's text, reused if one is free.
func (d *bzip2Reader) getChunk() []byte {
	select {
	case c := <-d.chunk:
		return c
	default:
		return make([]byte, blockSize)
	}
}

// putChunk keeps c for reuse, if there is room.
func (d *bzip2Reader) putChunk(c []byte) {
	select {
	case d.chunk <- c[:cap(c)]:
	default:
	}
}

// next returns the next chunk of the current block's text. At the
// block's end it moves on (a nil chunk), or it fails.
func (d *bzip2Reader) next() ([]byte, error) {
	j := d.job
	if !d.passing {
		// Hold the text until the block is verified, unless it is
		// too large to hold.
		select {
		case <-j.done:
		case <-j.full:
		}
		select {
		case <-j.done:
			if j.err != nil {
				return nil, d.retry()
			}
		default:
		}
		d.passing = true
	}
	if c, ok := <-j.out; ok {
		return c, nil
	}
	if j.err != nil {
		return nil, d.blockFailure(j)
	}
	d.crc = d.crc<<1 | d.crc>>31 ^ uint32(bitsAt(j.data, uint(j.start%8)+48, 32))
	d.pos = j.end
	d.job, d.passing = nil, false
	return nil, nil
}

// retry deals with a block that failed before any of its text was
// returned: when the decoder had read past its bits, it tries again
// with the next segment joined, in case the segment ended at a magic
// that is part of the block's data.
func (d *bzip2Reader) retry() error {
	j := d.job
	for c := range j.out {
		d.putChunk(c)
	}
	if !j.beyond {
		return d.blockFailure(j)
	}
	if err := d.hold(j.pieces); err != nil {
		return d.blockEnd(j, err)
	}
	if d.held[j.pieces].end/8-j.start/8 > bz2MaxBlock {
		return &ArchiveError{Offset: j.start / 8, Err: errBlockTooLong}
	}
	d.cancel(d.held[j.pieces])
	d.job = newBz2Job(d.held[:j.pieces+1], d.level)
	// Not a worker's: the workers may all wait for the reader.
	go d.decode(d.job)
	return nil
}

// blockFailure returns the error of j, a block that cannot be decoded.
func (d *bzip2Reader) blockFailure(j *bz2Job) error {
	if j.beyond {
		// compress/bzip2 would have read on: if the file ends
		// there, it would have found it truncated.
		if err := d.hold(j.pieces); err != nil {
			return d.blockEnd(j, err)
		}
	}
	return &ArchiveError{Offset: j.start / 8, Err: j.err}
}

// blockEnd returns the error of the file ending (err, from hold) within
// the block j: a read error as it is, else a truncation.
func (d *bzip2Reader) blockEnd(j *bz2Job, err error) error {
	if err != io.EOF {
		return err
	}
	return &ArchiveError{Offset: d.scan.size, Err: io.ErrUnexpectedEOF}
}

// hold receives segments until the reader holds more than n, and
// returns io.EOF if the file ends first, or the file's read error.
func (d *bzip2Reader) hold(n int) error {
	for len(d.held) <= n {
		s, ok := <-d.segs
		if !ok {
			if d.scan.err != nil {
				return d.scan.err
			}
			return io.EOF
		}
		d.held = append(d.held, s)
	}
	return nil
}

// cancel stops the speculative decoding of s, if any.
func (d *bzip2Reader) cancel(s *bz2Segment) {
	if s.job != nil {
		s.cancel.Do(func() { close(s.job.stop) })
	}
}

// advance parses the stream structure at pos, as compress/bzip2 does,
// up to the next block, whose decoding it takes on, or to the end.
func (d *bzip2Reader) advance() error {
	if !d.begun {
		d.begun = true
		if m, err := d.bits(16); err != nil || m != 'B'<<8|'Z' {
			return d.structural(err, "bad magic value")
		}
		if err := d.header(); err != nil {
			return err
		}
	}
	m, err := d.bits(48)
	switch {
	case err != nil:
		return d.structural(err, "")
	case m == bz2BlockMagic:
		d.startBlock()
		return nil
	case m == bz2EndMagic:
		return d.endStream()
	}
	return d.structural(nil, "bad magic value found")
}

// header reads the rest of a stream header after "BZ": "h" and the
// level.
func (d *bzip2Reader) header() error {
	if h, err := d.bits(8); err != nil || h != 'h' {
		return d.structural(err, "non-Huffman entropy encoding")
	}
	level, err := d.bits(8)
	if err != nil || level < '1' || level > '9' {
		return d.structural(err, "invalid compression level")
	}
	d.level, d.crc = byte(level), 0
	return nil
}

// startBlock takes on the block whose magic bits just read: the scanner
// cut the file at the magic, and bits dropped the segments before, so
// held[0] starts there. Its speculative job is used if the scanner told
// the stream's level right.
func (d *bzip2Reader) startBlock() {
	s := d.held[0]
	if s.job != nil && s.job.level == d.level {
		d.job = s.job
		return
	}
	d.cancel(s)
	d.job = newBz2Job(d.held[:1], d.level)
	go d.decode(d.job)
}

// endStream reads the end of a stream after its magic: the combined
// CRC, the padding, then the next stream's header or the end of the
// file.
func (d *bzip2Reader) endStream() error {
	crc, err := d.bits(32)
	if err != nil {
		return d.structural(err, "")
	}
	if uint32(crc) != d.crc {
		return d.structural(nil, "file checksum mismatch")
	}
	d.pos = (d.pos + 7) &^ 7
	switch end, err := d.atEnd(); {
	case err != nil:
		return err
	case end:
		return io.EOF
	}
	if m, err := d.bits(16); err != nil || m != 'B'<<8|'Z' {
		return d.structural(err, "bad magic value in continuation file")
	}
	return d.header()
}

// atEnd reports whether the file ends at pos.
func (d *bzip2Reader) atEnd() (bool, error) {
	for i := 0; ; i++ {
		switch err := d.hold(i); {
		case err == io.EOF:
			return true, nil
		case err != nil:
			return false, err
		}
		if d.held[i].end > d.pos {
			return false, nil
		}
	}
}

// structural returns the failure of the data at pos: err if reading
// failed (a read error as it is, the end of the file as a truncation),
// else compress/bzip2's StructuralError of that text.
func (d *bzip2Reader) structural(err error, text string) error {
	switch {
	case err == io.EOF:
		return &ArchiveError{Offset: d.scan.size, Err: io.ErrUnexpectedEOF}
	case err != nil:
		return err
	}
	return &ArchiveError{Offset: (d.pos + 7) / 8, Err: bzip2.StructuralError(text)}
}

// bits reads the next n bits (n <= 64) at pos from the held segments,
// receiving more as needed; it returns io.EOF at the end of the file.
// It first drops the segments that end before pos, which are passed.
func (d *bzip2Reader) bits(n int) (uint64, error) {
	for len(d.held) > 0 && d.held[0].end <= d.pos {
		d.cancel(d.held[0])
		d.held = d.held[1:]
	}
	var v uint64
	i := 0
	for k := 0; k < n; k++ {
		for i == len(d.held) || d.held[i].end <= d.pos {
			if i < len(d.held) {
				i++
				continue
			}
			if err := d.hold(i); err != nil {
				return 0, err
			}
		}
		s := d.held[i]
		v = v<<1 | bitsAt(s.data, uint(s.start%8)+uint(d.pos-s.start), 1)
		d.pos++
	}
	return v, nil
}

// bitsAt returns the n bits (n <= 57) of data from bit off on, zeros
// past its end (a segment too short for a block still makes a stream,
// which fails).
func bitsAt(data []byte, off uint, n uint) uint64 {
	var w [8]byte
	if int(off/8) < len(data) {
		copy(w[:], data[off/8:])
	}
	return binary.BigEndian.Uint64(w[:]) << (off % 8) >> (64 - n)
}

// blockStream returns a bzip2 stream of the single block in bits
// [shift, shift+n) of data (from its magic on, at level), and the number
// of whole bytes of the stream that hold only the header and the block:
// the block's bits, shifted to follow the header, then an end magic
// whose combined CRC is the block's own (for one block it is).
func blockStream(data []byte, shift uint, n int64, level byte) ([]byte, int64) {
	out := make([]byte, 4, 4+n/8+12)
	copy(out, "BZh")
	out[3] = level
	whole := n / 8
	if shift == 0 {
		out = append(out, data[:whole]...)
	} else {
		for i := range whole {
			out = append(out, data[i]<<shift|data[i+1]>>(8-shift))
		}
	}
	var w bitWriter
	w.out = out
	w.write(bitsAt(data, shift+uint(whole*8), uint(n%8)), uint(n%8))
	w.write(bz2EndMagic, 48)
	w.write(bitsAt(data, shift+48, 32), 32)
	return w.flush(), 4 + whole
}

// bitWriter appends bits to out, the highest bit of a byte first.
type bitWriter struct {
	out  []byte
	acc  uint64 // pending bits, in the low n
	nacc uint
}

// write appends the n low bits of v (n <= 48).
func (w *bitWriter) write(v uint64, n uint) {
	w.acc = w.acc<<n | v&(1<<n-1)
	w.nacc += n
	for w.nacc >= 8 {
		w.nacc -= 8
		w.out = append(w.out, byte(w.acc>>w.nacc))
	}
}

// flush pads the last byte with zeros and returns the bytes.
func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc<<(8-w.nacc)))
		w.nacc = 0
	}
	return w.out
}

// bz2Scanner reads the file, cuts it at every occurrence of a block or
// end magic, at any bit offset, and starts the decoding of each segment
// that starts with a block magic.
type bz2Scanner struct {
	r    io.Reader
	segs chan<- *bz2Segment
	jobs chan<- *bz2Job
	quit <-chan struct{}

	buf   []byte // the file from byte base on
	base  int64
	eof   bool
	start int64  // bit where the current segment starts
	kind  uint64 // the magic at start, or 0
	level byte   // the level of start's stream, as far as it can be told
	next  int64  // the next bit to look for a magic at

	// Set before segs is closed:
	size int64 // the file's size, when the scanner reached its end
	err  error // the read error that stopped the scanner
}

// bz2Maybe tells the bytes that can follow the first byte of a magic,
// at any bit offset: the second byte of a magic's 48 bits always lies
// in it.
var bz2Maybe = func() (maybe [256]bool) {
	for k := range 8 {
		maybe[bz2BlockMagic>>(32+k)&0xff] = true
		maybe[bz2EndMagic>>(32+k)&0xff] = true
	}
	return maybe
}()

// run scans the file to its end, a read error, or Close.
func (s *bz2Scanner) run() {
	defer close(s.segs)
	s.level, s.next = '9', 1
	for {
		end := (s.base + int64(len(s.buf))) * 8
		limit := min(end-47, s.start+bz2MaxBlock*8)
		c, kind := s.find(limit)
		switch {
		case kind != 0:
			if !s.cut(c, kind) {
				return
			}
		case limit == s.start+bz2MaxBlock*8:
			// Too long for a block: the reader will say so.
			if !s.cut(limit, 0) {
				return
			}
		case s.eof:
			s.size = end / 8
			s.cut(end, 0)
			return
		default:
			if s.err = s.fill(); s.err != nil {
				return
			}
		}
	}
}

// find returns the first bit from next on, below limit, where a magic
// starts, and the magic, or 0 if there is none.
func (s *bz2Scanner) find(limit int64) (int64, uint64) {
	for s.next < limit {
		i := s.next/8 - s.base
		end := min(limit, (s.next/8+1)*8)
		if bz2Maybe[s.buf[i+1]] {
			var w [8]byte
			copy(w[:], s.buf[i:])
			word := binary.BigEndian.Uint64(w[:])
			for c := s.next; c < end; c++ {
				if m := word >> (16 - c%8) & bz2MagicMask; m == bz2BlockMagic || m == bz2EndMagic {
					return c, m
				}
			}
		}
		s.next = end
	}
	return 0, 0
}

// cut ends the current segment at bit c, where one starting with the
// magic kind (0 for none) begins, and sends it, with its job if it is a
// block. It returns false if the reader was closed.
func (s *bz2Scanner) cut(c int64, kind uint64) bool {
	if c > s.start {
		seg := &bz2Segment{start: s.start, end: c}
		seg.data = bytes.Clone(s.buf[s.start/8-s.base : (c+7)/8-s.base])
		if s.kind == bz2BlockMagic {
			seg.job = newBz2Job([]*bz2Segment{seg}, s.level)
			select {
			case s.jobs <- seg.job:
			case <-s.quit:
				return false
			}
		}
		select {
		case s.segs <- seg:
		case <-s.quit:
			return false
		}
	}
	if level, ok := s.headerLevel(c); kind == bz2BlockMagic && ok {
		s.level = level
	}
	s.start, s.kind, s.next = c, kind, c+1
	if kind == 0 {
		s.next = c // not looked at yet
	}
	n := copy(s.buf, s.buf[c/8-s.base:])
	s.buf, s.base = s.buf[:n], c/8
	return true
}

// headerLevel returns the level of the stream header that ends at bit
// c, if there is one where a header can be: at the start of the file,
// or after the end of a stream in the current segment.
func (s *bz2Scanner) headerLevel(c int64) (byte, bool) {
	h := c - 32
	atStart := h == 0 && s.start == 0
	afterEnd := s.kind == bz2EndMagic && h == (s.start+80+7)&^7
	if !atStart && !afterEnd {
		return 0, false
	}
	b := s.buf[h/8-s.base:]
	if string(b[:3]) != "BZh" || b[3] < '1' || b[3] > '9' {
		return 0, false
	}
	return b[3], true
}

// fill reads more of the file; at its end it sets eof.
func (s *bz2Scanner) fill() error {
	s.buf = slices.Grow(s.buf, blockSize)
	n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
	s.buf = s.buf[:len(s.buf)+n]
	if err == io.EOF {
		s.eof = true
		return nil
	}
	return err
}
