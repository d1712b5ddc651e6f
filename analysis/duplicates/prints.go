package duplicates

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/pgnls/pgnls/syntax"
)

// printsMagic starts a file of fingerprints; the number is its version.
const printsMagic = "pgnls fingerprints 1\n"

// The frames of a file of fingerprints.
const (
	frameStream = 'S'
	frameGame   = 'G'
)

// maxName bounds the names of a file of fingerprints, and maxLine the
// hashes of a Line, so that a damaged file cannot ask for any memory.
const (
	maxName = 1 << 16
	maxLine = 1 << 24
)

// PrintWriter writes a file of fingerprints: the streams of games checked
// and, for each game with a fingerprint, the fingerprint and its Place,
// and its Line when the game cannot be read again. Such files, written by
// processes that each check part of an archive, are read back in order by
// a PrintReader to find the games that repeat others across the parts
// (pgnls check --fingerprints, then --duplicates-from). The format is
// pgnls's own, versioned by its first line; numbers are little-endian.
type PrintWriter struct {
	w       *bufio.Writer
	streams int32
	buf     []byte
	err     error
}

// NewPrintWriter returns a PrintWriter writing to w.
func NewPrintWriter(w io.Writer) *PrintWriter {
	pw := &PrintWriter{w: bufio.NewWriterSize(w, 1<<16)}
	_, pw.err = pw.w.WriteString(printsMagic)
	return pw
}

// Stream starts a stream of games: path as diagnostics name it, name as
// messages do, its dialect, and whether its games can be read again
// (from path).
func (pw *PrintWriter) Stream(path, name string, d syntax.Dialect, again bool) {
	b := append(pw.buf[:0], frameStream, byte(d), boolByte(again))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(path)))
	b = append(b, path...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(name)))
	b = append(b, name...)
	pw.write(b)
	pw.streams++
}

// Game writes a game of the last stream started: its fingerprint (Mark
// aside), its place (Stream aside: the last stream) and line, its Line
// if it cannot be read again (else nil).
func (pw *PrintWriter) Game(fp Fingerprint, p Place, line []uint64) {
	p.Stream = pw.streams - 1
	b := append(pw.buf[:0], frameGame)
	n := len(b)
	b = append(b, make([]byte, fingerprintSize+placeSize)...)
	e := enc{b: b, i: n}
	e.fingerprint(&fp)
	e.place(&p)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(line)))
	for _, h := range line {
		b = binary.LittleEndian.AppendUint64(b, h)
	}
	pw.write(b)
}

func (pw *PrintWriter) write(b []byte) {
	pw.buf = b
	if pw.err == nil {
		_, pw.err = pw.w.Write(b)
	}
}

// Flush writes what is buffered and returns the first error of the
// writer.
func (pw *PrintWriter) Flush() error {
	if pw.err == nil {
		pw.err = pw.w.Flush()
	}
	return pw.err
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// PrintReader reads a file of fingerprints written by a PrintWriter.
type PrintReader struct {
	r    *bufio.Reader
	name string // of the file, for errors
	err  error
}

// PrintStream is a stream of games of a file of fingerprints.
type PrintStream struct {
	Path, Name string
	Dialect    syntax.Dialect
	Again      bool
}

// PrintGame is a game of a file of fingerprints: Place.Stream is the
// index of its stream among the file's.
type PrintGame struct {
	Fingerprint Fingerprint
	Place       Place
	Line        []uint64 // nil when the game can be read again
}

// NewPrintReader returns a PrintReader of r, the file name.
func NewPrintReader(r io.Reader, name string) *PrintReader {
	pr := &PrintReader{r: bufio.NewReaderSize(r, 1<<16), name: name}
	head := make([]byte, len(printsMagic))
	if _, err := io.ReadFull(pr.r, head); err != nil || string(head) != printsMagic {
		pr.err = fmt.Errorf("%s: not a file of fingerprints of this version of pgnls (pgnls check --fingerprints)", name)
	}
	return pr
}

// Next returns the next stream or game of the file: s when it starts a
// stream, else g; ok is false at the end or on an error (Err).
func (pr *PrintReader) Next() (s *PrintStream, g *PrintGame, ok bool) {
	if pr.err != nil {
		return nil, nil, false
	}
	kind, err := pr.r.ReadByte()
	if err == io.EOF {
		return nil, nil, false
	}
	if err != nil {
		pr.fail(err)
		return nil, nil, false
	}
	switch kind {
	case frameStream:
		s = new(PrintStream)
		var head [2]byte
		pr.read(head[:])
		s.Dialect, s.Again = syntax.Dialect(head[0]), head[1] != 0
		s.Path, s.Name = string(pr.bytes(maxName, 1)), string(pr.bytes(maxName, 1))
		return s, nil, pr.err == nil
	case frameGame:
		g = new(PrintGame)
		b := pr.read(make([]byte, fingerprintSize+placeSize))
		if pr.err != nil {
			return nil, nil, false
		}
		e := enc{b: b}
		e.getFingerprint(&g.Fingerprint)
		e.getPlace(&g.Place)
		if l := pr.bytes(maxLine, 8); len(l) > 0 {
			g.Line = make([]uint64, len(l)/8)
			for i := range g.Line {
				g.Line[i] = binary.LittleEndian.Uint64(l[8*i:])
			}
		}
		return nil, g, pr.err == nil
	}
	pr.fail(fmt.Errorf("unknown frame %q", kind))
	return nil, nil, false
}

// read fills b from the file.
func (pr *PrintReader) read(b []byte) []byte {
	if pr.err == nil {
		if _, err := io.ReadFull(pr.r, b); err != nil {
			pr.fail(err)
		}
	}
	return b
}

// bytes reads a length, at most limit, and that many items of size
// bytes.
func (pr *PrintReader) bytes(limit, size int) []byte {
	var n [4]byte
	pr.read(n[:])
	k := int(binary.LittleEndian.Uint32(n[:]))
	if pr.err != nil || k == 0 {
		return nil
	}
	if k > limit {
		pr.fail(errors.New("a length past the limit"))
		return nil
	}
	return pr.read(make([]byte, k*size))
}

func (pr *PrintReader) fail(err error) {
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	pr.err = fmt.Errorf("%s: a damaged file of fingerprints: %w", pr.name, err)
}

// Err returns the error that stopped the reading, if any.
func (pr *PrintReader) Err() error { return pr.err }
