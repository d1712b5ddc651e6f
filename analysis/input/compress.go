package input

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/pgnls/pgnls/syntax"
)

// A Compression is a compressed-file format whose text Open reads.
type Compression struct {
	Name string // as messages name it: "gzip"
	Ext  string // the file name extension that selects it: ".gz"
}

// Compressions returns the formats Open reads, in the order their first
// bytes are tried: gzip, bzip2, xz and zstd.
func Compressions() []Compression {
	cs := make([]Compression, len(compressions))
	for i, c := range compressions {
		cs[i] = Compression{c.name, c.ext}
	}
	return cs
}

// A compression is a compressed-file format and its decoder.
type compression struct {
	name  string // as messages name it: "gzip"
	ext   string // the file name extension that selects it: ".gz"
	magic func(head []byte) bool
	open  func(r io.Reader) (io.ReadCloser, error)
}

// compressions lists the formats read: by their extension when a name
// ends in one, else by their first bytes.
var compressions = []compression{
	{"gzip", ".gz", prefix("\x1f\x8b"), func(r io.Reader) (io.ReadCloser, error) {
		return gzip.NewReader(r) // reads every member of a concatenation
	}},
	{"bzip2", ".bz2", isBzip2, func(r io.Reader) (io.ReadCloser, error) {
		// Its blocks decoded in parallel: one stream of
		// compress/bzip2 is slower than the check (bzip2.go).
		return newBzip2Reader(r), nil
	}},
	{"xz", ".xz", prefix("\xfd7zXZ\x00"), func(r io.Reader) (io.ReadCloser, error) {
		d, err := xz.NewReader(r)
		return io.NopCloser(d), err
	}},
	{"zstd", ".zst", prefix("\x28\xb5\x2f\xfd"), func(r io.Reader) (io.ReadCloser, error) {
		// One decoder goroutine: decompressing runs on a goroutine of
		// its own already (see decompressor), and the analysis takes
		// the other cores.
		d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		return d.IOReadCloser(), nil
	}},
}

func prefix(magic string) func([]byte) bool {
	return func(head []byte) bool { return bytes.HasPrefix(head, []byte(magic)) }
}

// isBzip2 recognizes a bzip2 stream: "BZh", the block size digit, and
// the magic of a first block or of the end of an empty stream.
func isBzip2(head []byte) bool {
	return len(head) >= 10 && string(head[:3]) == "BZh" && '1' <= head[3] && head[3] <= '9' &&
		(string(head[4:10]) == "\x31\x41\x59\x26\x53\x59" || string(head[4:10]) == "\x17\x72\x45\x38\x50\x90")
}

// compressionOf returns the format that a file name's extension selects,
// or nil.
func compressionOf(name string) *compression {
	ext := filepath.Ext(name)
	for i := range compressions {
		if strings.EqualFold(ext, compressions[i].ext) {
			return &compressions[i]
		}
	}
	return nil
}

// TextName returns name without the extension of a compression, as the
// name of the text inside (games.pgn for games.pgn.gz), so that the
// dialect is still told by the .ctl-pgn extension.
func TextName(name string) string {
	if compressionOf(name) != nil {
		return strings.TrimSuffix(name, filepath.Ext(name))
	}
	return name
}

// A Text is the text of an input, a game file or a stream: the bytes
// themselves, or the decompressed text of an archive, read ahead on a
// goroutine of its own, so that decompressing and analysing run on
// different cores. Its bytes are those of the file, in the file's
// encoding: the parser reads UTF-8 and, byte by byte, Windows-1252
// (syntax.Decode), and a writer that copies them keeps the encoding.
type Text struct {
	io.Reader
	// Name is the name the text was opened with: the path, or a name
	// such as "<stdin>" for a stream.
	Name string
	// Compression names the format the text was decompressed from
	// ("gzip", "bzip2", "xz" or "zstd"), or is "" for a plain file.
	Compression string
	closers     []func() error
}

// Close stops the decompression, if any, and closes the file.
func (t *Text) Close() error {
	var err error
	for _, c := range t.closers {
		err = errors.Join(err, c())
	}
	return err
}

// Open opens the file at path and returns its text. A file whose
// name ends in .gz, .bz2, .xz or .zst is decompressed (it must be in
// that format); a file with another name is decompressed when its first
// bytes are those of one of the formats, and is read as it is else.
// Decompression streams: memory does not grow with the file. A corrupt
// or truncated archive is a read error naming the file and the offset of
// the failure. The caller must Close the reader.
func Open(path string) (*Text, error) { return OpenThrough(path, nil) }

// OpenThrough is Open with the file's bytes read through wrap (nil:
// none), which is given the file and its size (0 when it is not a
// regular file): a counter of the bytes read, for a progress line.
func OpenThrough(path string, wrap func(f io.Reader, size int64) io.Reader) (*Text, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	var r io.Reader = f
	if wrap != nil {
		var size int64
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
		r = wrap(f, size)
	}
	t, err := NewText(path, r)
	if err != nil {
		f.Close()
		return nil, err
	}
	t.closers = append(t.closers, f.Close)
	return t, nil
}

// NewText returns the text of r, the contents of the file name (a name
// such as "<stdin>" for standard input), decompressed as Open does: by
// its name's extension, else by its first bytes. It reads standard
// input, or any stream, as a file. Close stops the decompression; it
// does not close r. Its only error is r's, when the first bytes cannot
// be read.
func NewText(name string, r io.Reader) (*Text, error) {
	cr := &countingReader{r: r}
	br := bufio.NewReaderSize(cr, 1<<16)
	c := compressionOf(name)
	if c == nil {
		head, err := br.Peek(10)
		if err != nil && err != io.EOF {
			return nil, err
		}
		for i := range compressions {
			if compressions[i].magic(head) {
				c = &compressions[i]
				break
			}
		}
	}
	if c == nil {
		return &Text{Reader: br, Name: name}, nil
	}
	d := newDecompressor(name, *c, cr, br)
	return &Text{Reader: d, Name: name, Compression: c.name, closers: []func() error{d.close}}, nil
}

// countingReader counts the bytes read from r and keeps its error, to
// tell a failing file from a corrupt archive.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// Decompressed text goes from the decoding goroutine to the reader in
// blocks of blockSize bytes, at most blocks of them at a time.
const (
	blockSize = 256 << 10
	blocks    = 4
)

// decompressor reads the decompressed text of an archive, which a
// goroutine of its own decodes ahead into a few blocks.
type decompressor struct {
	full chan block    // decoded blocks, in order; closed after the last
	free chan []byte   // blocks the reader is done with
	done chan struct{} // closed by close: the goroutine stops
	stop sync.Once
	cur  block // the block being read
	off  int   // bytes of cur.data read
}

// block is a run of decompressed text and, on the last block, the error
// that ended the text (io.EOF at its proper end).
type block struct {
	data []byte
	err  error
}

// newDecompressor starts decoding br, the buffered text of the archive
// name, in format c; cr counts the bytes read under br.
func newDecompressor(name string, c compression, cr *countingReader, br *bufio.Reader) *decompressor {
	d := &decompressor{
		full: make(chan block, blocks),
		free: make(chan []byte, blocks),
		done: make(chan struct{}),
	}
	for range blocks {
		d.free <- make([]byte, blockSize)
	}
	go d.decode(name, c, cr, br)
	return d
}

// decode runs on its own goroutine: it fills free blocks with decoded
// text until the archive ends, fails, or close is called.
func (d *decompressor) decode(name string, c compression, cr *countingReader, br *bufio.Reader) {
	defer close(d.full)
	var text int64 // bytes of text decoded so far
	fail := func(err error) error {
		// The decoder has consumed what was read, less what br holds,
		// unless it reads ahead and tells where the data fails (bzip2):
		// then the file may still be being read, and cr is not looked
		// at.
		var at *ArchiveError
		if errors.As(err, &at) {
			return archiveFailure(name, c.name, at.Offset, text, at.Err)
		}
		if cr.err != nil {
			return fmt.Errorf("%s: %w", name, cr.err) // the file, not the archive
		}
		return archiveFailure(name, c.name, cr.n-int64(br.Buffered()), text, err)
	}
	dec, err := c.open(br)
	if err != nil {
		d.send(block{err: fail(err)})
		return
	}
	defer dec.Close()
	for {
		var buf []byte
		select {
		case buf = <-d.free:
		case <-d.done:
			return
		}
		var n int
		n, err = fill(dec, buf)
		text += int64(n)
		switch {
		case err == io.EOF:
		case err != nil:
			err = fail(err)
		}
		if !d.send(block{buf[:n], err}) || err != nil {
			return
		}
	}
}

// send hands b to the reader, unless close was called first.
func (d *decompressor) send(b block) bool {
	select {
	case d.full <- b:
		return true
	case <-d.done:
		return false
	}
}

func (d *decompressor) Read(p []byte) (int, error) {
	for d.off == len(d.cur.data) {
		if d.cur.err != nil {
			return 0, d.cur.err
		}
		if d.cur.data != nil {
			d.free <- d.cur.data[:cap(d.cur.data)]
		}
		b, ok := <-d.full
		if !ok {
			return 0, io.EOF
		}
		d.cur, d.off = b, 0
	}
	n := copy(p, d.cur.data[d.off:])
	d.off += n
	return n, nil
}

// close stops the decoding goroutine; it does not wait for it.
func (d *decompressor) close() error {
	d.stop.Do(func() { close(d.done) })
	return nil
}

// archiveFailure returns the ArchiveError of err, the failure of the
// decoder of the archive name in format, near byte offset of the file,
// after text bytes of text.
func archiveFailure(name, format string, offset, text int64, err error) *ArchiveError {
	what := "corrupt"
	if errors.Is(err, io.ErrUnexpectedEOF) {
		what = "truncated"
	}
	return &ArchiveError{Name: name, Format: format, What: what, Offset: offset, Text: text, Err: err}
}

// An ArchiveError is a compressed file that cannot be read to its end:
// the error a Text's Read returns after the text decoded before the
// damage. It is not io.ErrUnexpectedEOF, whatever its cause, and does
// not unwrap to it, so that no reader takes a truncated archive for a
// short text.
type ArchiveError struct {
	Name   string // the text's name
	Format string // the compression: "gzip", "bzip2", "xz" or "zstd"
	What   string // "corrupt" or "truncated"
	Offset int64  // bytes of the file the decoder had read when it failed
	Text   int64  // bytes of text decoded before
	Err    error  // the decoder's error
}

// Error says where the archive fails: "games.pgn.gz: truncated gzip data
// at byte 20000 of the file, after 72003 bytes of text: unexpected EOF".
func (e *ArchiveError) Error() string {
	return fmt.Sprintf("%s: %s %s data at byte %d of the file, after %d bytes of text: %v", e.Name, e.What, e.Format, e.Offset, e.Text, e.Err)
}

// Games returns a reader of the games of r, the text of the input name,
// game by game with a bounded window of text in memory. The dialect is
// d, or, with auto set, told by name (without the extension of a
// compression: games.ctl-pgn.gz is CTL-PGN) and the first tag, as
// syntax.DetectDialect does.
func Games(r io.Reader, name string, d syntax.Dialect, auto bool) *syntax.GameReader {
	return syntax.NewGameReader(bufio.NewReaderSize(r, 1<<16), TextName(name), d, auto)
}

// Games returns a reader of the games of t (see Games).
func (t *Text) Games(d syntax.Dialect, auto bool) *syntax.GameReader {
	return Games(t, t.Name, d, auto)
}
