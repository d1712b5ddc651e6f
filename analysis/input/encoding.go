package input

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// Facts is what a conversion of a text's encoding needs to know of the
// whole text before its first game is written. The text is read as the
// parser reads it: valid UTF-8 sequences as UTF-8, every other byte as
// Windows-1252 (a file may hold games of both, as concatenated exports
// do). A byte-order mark is a character like any other, but one that
// Latin1Writer drops rather than fails on.
type Facts struct {
	UTF8  bool // valid UTF-8 (else some bytes are read as Windows-1252)
	ASCII bool // only ASCII bytes
	Multi bool // holds a UTF-8 sequence of a character beyond ASCII
	// Bad is the first character of a UTF-8 sequence that Windows-1252
	// cannot hold (not a byte-order mark), with its 1-based line and
	// column (in characters); Bad is 0 if there is none.
	Bad       rune
	Line, Col int
}

// ScanFacts reads r to its end and returns the facts of its text.
func ScanFacts(r io.Reader) (Facts, error) {
	tf := Facts{UTF8: true, ASCII: true}
	br := bufio.NewReaderSize(r, 1<<16)
	line, col := 1, 1
	for {
		c, size, err := br.ReadRune()
		if err == io.EOF {
			return tf, nil
		}
		if err != nil {
			return tf, err
		}
		if c >= utf8.RuneSelf || (c == utf8.RuneError && size == 1) {
			tf.ASCII = false
		}
		switch {
		case c == utf8.RuneError && size == 1:
			tf.UTF8 = false
		case c == '\n':
			line, col = line+1, 0
		case size > 1:
			tf.Multi = true
			if _, ok := syntax.EncodeLatin1(c); !ok && tf.Bad == 0 && c != '\uFEFF' {
				tf.Bad, tf.Line, tf.Col = c, line, col
			}
		}
		col++
	}
}

// ScanFile returns the facts of the text of the file at path
// (decompressed, as Open reads it), reading it once to its end.
func ScanFile(path string) (Facts, error) {
	in, err := Open(path)
	if err != nil {
		return Facts{}, err
	}
	defer in.Close()
	return ScanFacts(in)
}

// A UTF8Reader reads a text that is not valid UTF-8 as UTF-8, the way
// the parser reads it (syntax.Decode): valid UTF-8 sequences as they
// are, and every other byte as Windows-1252. A file that joins a UTF-8
// game and a Latin-1 one keeps the letters of both.
type UTF8Reader struct {
	r    io.Reader
	raw  [32 << 10]byte
	held int // bytes at the start of raw: a sequence the last read cut
	err  error
	dec  []byte // decoded bytes
	buf  []byte // the part of dec not yet returned
}

// NewUTF8Reader returns a UTF8Reader of r.
func NewUTF8Reader(r io.Reader) *UTF8Reader { return &UTF8Reader{r: r} }

// Read reads the text as UTF-8. A sequence that a read of r cuts is
// decided with the bytes that follow it.
func (l *UTF8Reader) Read(p []byte) (int, error) {
	for len(l.buf) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		n, err := l.r.Read(l.raw[l.held:])
		src := l.raw[:l.held+n]
		l.held, l.err = 0, err
		l.dec = l.dec[:0]
		for i := 0; i < len(src); {
			c := src[i]
			if c < utf8.RuneSelf {
				l.dec = append(l.dec, c)
				i++
				continue
			}
			if err == nil && !utf8.FullRune(src[i:]) {
				// The read may have cut a sequence: decide with the
				// bytes that follow.
				l.held = copy(l.raw[:], src[i:])
				break
			}
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				l.dec = utf8.AppendRune(l.dec, syntax.DecodeByte(c))
			} else {
				l.dec = append(l.dec, src[i:i+size]...)
			}
			i += size
		}
		l.buf = l.dec
	}
	n := copy(p, l.buf)
	l.buf = l.buf[n:]
	return n, nil
}

// A Latin1Writer writes UTF-8 text as Windows-1252 (Latin-1). A
// character that has no byte there is an error (ScanFacts finds them
// first); a byte-order mark is dropped; a byte that is not UTF-8 (a
// Latin-1 game of a mixed file) is written as it is. Flush writes what a
// last Write left pending.
type Latin1Writer struct {
	w       io.Writer
	pending []byte // the start of a character cut by the last Write
	out     []byte
}

// NewLatin1Writer returns a Latin1Writer to w.
func NewLatin1Writer(w io.Writer) *Latin1Writer { return &Latin1Writer{w: w} }

// Write writes p in Windows-1252, keeping back the start of a character
// that p cuts.
func (l *Latin1Writer) Write(p []byte) (int, error) {
	n := len(p)
	if len(l.pending) > 0 {
		p = append(l.pending, p...)
		l.pending = nil
	}
	l.out = l.out[:0]
	for len(p) > 0 {
		c, size := utf8.DecodeRune(p)
		if c == utf8.RuneError && size <= 1 && !utf8.FullRune(p) {
			l.pending = append([]byte(nil), p...)
			break
		}
		switch b, ok := syntax.EncodeLatin1(c); {
		case c == utf8.RuneError && size == 1:
			l.out = append(l.out, p[0])
		case c == '\uFEFF':
			// A byte-order mark means nothing in Windows-1252.
		case !ok:
			return 0, fmt.Errorf("character %q (U+%04X) cannot be written in Latin-1", c, c)
		default:
			l.out = append(l.out, b)
		}
		p = p[size:]
	}
	if _, err := l.w.Write(l.out); err != nil {
		return 0, err
	}
	return n, nil
}

// Flush writes the bytes a last Write left pending, which no byte
// completed: bytes of a Latin-1 game, as they are.
func (l *Latin1Writer) Flush() error {
	p := l.pending
	l.pending = nil
	if len(p) == 0 {
		return nil
	}
	_, err := l.w.Write(p)
	return err
}
