package main

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// Encodings fmt can write: the file's own (keep), or a conversion.
const (
	encKeep   = "keep"
	encUTF8   = "utf-8"
	encLatin1 = "latin-1"
)

// parseEncoding reads the --encoding flag.
func parseEncoding(s string) (string, bool) {
	switch s {
	case "keep", "":
		return encKeep, true
	case "utf-8", "utf8", "UTF-8":
		return encUTF8, true
	case "latin-1", "latin1", "iso-8859-1", "windows-1252", "cp1252", "Latin-1":
		return encLatin1, true
	}
	return "", false
}

// textFacts is what a conversion needs to know of a whole text before
// its first game is written. The text is read as check reads it: valid
// UTF-8 sequences as UTF-8, every other byte as Windows-1252 (a file
// may hold games of both, as concatenated exports do).
type textFacts struct {
	utf8  bool // valid UTF-8 (else some bytes are read as Windows-1252)
	ascii bool // only ASCII bytes
	multi bool // holds a UTF-8 sequence of a character beyond ASCII
	// The first character of a UTF-8 sequence that Windows-1252 cannot
	// hold, with its 1-based line and column (in characters); bad is 0
	// if none.
	bad       rune
	line, col int
}

// scanText reads r to its end and returns its facts.
func scanText(r io.Reader) (textFacts, error) {
	tf := textFacts{utf8: true, ascii: true}
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
			tf.ascii = false
		}
		switch {
		case c == utf8.RuneError && size == 1:
			tf.utf8 = false
		case c == '\n':
			line, col = line+1, 0
		case size > 1:
			tf.multi = true
			if _, ok := syntax.EncodeLatin1(c); !ok && tf.bad == 0 && c != '\uFEFF' {
				tf.bad, tf.line, tf.col = c, line, col
			}
		}
		col++
	}
}

// scanFile returns the facts of the text of the file at path
// (decompressed, as openText reads it).
func scanFile(path string) (textFacts, error) {
	in, err := openText(path)
	if err != nil {
		return textFacts{}, err
	}
	defer in.Close()
	return scanText(in)
}

// latin1Reader reads a text that is not valid UTF-8 as UTF-8, the way
// check reads it (syntax.Decode): valid UTF-8 sequences as they are, and
// every other byte as Windows-1252. A file that joins a UTF-8 game and a
// Latin-1 one keeps the letters of both.
type latin1Reader struct {
	r    io.Reader
	raw  [32 << 10]byte
	held int // bytes at the start of raw: a sequence the last read cut
	err  error
	dec  []byte // decoded bytes
	buf  []byte // the part of dec not yet returned
}

func (l *latin1Reader) Read(p []byte) (int, error) {
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

// latin1Writer writes UTF-8 text as Windows-1252. A character that has
// no byte there is an error (scanText finds them first); a byte that is
// not UTF-8 (a Latin-1 game of a mixed file) is written as it is. Flush
// writes what a last Write left pending.
type latin1Writer struct {
	w       io.Writer
	pending []byte // the start of a character cut by the last Write
	out     []byte
}

func (l *latin1Writer) Write(p []byte) (int, error) {
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
func (l *latin1Writer) Flush() error {
	p := l.pending
	l.pending = nil
	if len(p) == 0 {
		return nil
	}
	_, err := l.w.Write(p)
	return err
}
