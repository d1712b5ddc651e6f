package format

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// Filler fills lines greedily with words up to a width, never breaking a
// word, writing them to out as they come. "(" sticks to the word after it
// and ")" to the word before it; the last word is placed lazily so that a
// ")" can still join it. It is the one line filler of pgnls: the
// formatter's, and the board edits' (package query) when they write a
// line again. A word may hold line breaks (a comment written on several
// lines, kept as it is): its first line counts for the width, and the
// next word goes after its last line.
type Filler struct {
	width   int
	nl      string
	bytes   bool // count bytes, not UTF-8 characters: the text is Latin-1
	out     *strings.Builder
	lineLen int // characters on the current line
	// The word not yet placed: opens "(", then "{" when brace is set,
	// text, "}" when unbrace is set (a comment's braces around its first
	// and last words), then closes ")".
	text           string
	opens, closes  int
	brace, unbrace bool
	has            bool // a word is pending
	opening        int  // "(" waiting for the next word
	stuck          bool // the next word goes on the current line, however long
	glued          bool // the next word follows the current column without a blank
}

// NewFiller returns a filler writing to out lines of at most width
// characters ended by nl, counted in the characters of the text's
// encoding (one per byte when latin1 is set, for a text that is not
// valid UTF-8 and is then read as Latin-1).
func NewFiller(out *strings.Builder, width int, nl string, latin1 bool) *Filler {
	return &Filler{width: width, nl: nl, bytes: latin1, out: out}
}

// StartAt makes the first word go at column col of a line already
// begun (the text before it is not the filler's), with no blank before
// it.
func (f *Filler) StartAt(col int) {
	f.lineLen, f.glued = col, true
}

// Place writes the pending word out, so that out ends with it.
func (f *Filler) Place() { f.place() }

// latin1 reports whether the text of g is read as Latin-1 (it is not
// valid UTF-8), so that a Filler counts its characters in bytes.
func latin1(g *syntax.Game) bool { return !utf8.ValidString(g.Text) }

// Stick makes the next word go on the current line, however long it
// gets: text after a result that must stay on the result's line.
func (f *Filler) Stick() {
	f.place()
	f.stuck = true
}

// Word adds a word.
func (f *Filler) Word(w string) { f.Braced(w, false, false) }

// Braced adds a word of a comment, with "{" before it when open is set
// and "}" after it when close is, without joining them.
func (f *Filler) Braced(w string, open, close bool) {
	f.place()
	f.text, f.has = w, true
	f.brace, f.unbrace = open, close
	f.opens, f.closes = f.opening, 0
	f.opening = 0
}

// Open starts a variation: "(" goes in front of the next word.
func (f *Filler) Open() { f.opening++ }

// Close ends a variation: ")" sticks to the last word.
func (f *Filler) Close() {
	if f.opening > 0 { // an empty variation
		f.opening--
		f.Word("()")
		return
	}
	if !f.has {
		f.Word(")")
		return
	}
	f.closes++
}

// place puts the pending word on the current line or a new one.
func (f *Filler) place() {
	if !f.has {
		return
	}
	text, last := f.text, ""
	i, ascii := lineBreak(text)
	if i >= 0 {
		j := strings.LastIndexAny(text, "\r\n")
		text, last = text[:i], text[j+1:]
	}
	n := f.opens + len(text)
	if !ascii && !f.bytes {
		n = f.opens + utf8.RuneCountInString(text)
	}
	if f.brace {
		n++
	}
	if last == "" {
		n += f.closes
		if f.unbrace {
			n++
		}
	}
	stuck, glued := f.stuck, f.glued
	f.stuck, f.glued = false, false
	switch {
	case glued:
	case f.lineLen > 0:
		if f.lineLen+1+n > f.width && !stuck {
			f.newline()
		} else {
			f.out.WriteByte(' ')
			f.lineLen++
		}
	}
	for range f.opens {
		f.out.WriteByte('(')
	}
	if f.brace {
		f.out.WriteByte('{')
	}
	f.out.WriteString(f.text)
	if f.unbrace {
		f.out.WriteByte('}')
	}
	for range f.closes {
		f.out.WriteByte(')')
	}
	f.lineLen += n
	if f.text != text {
		// The word ends on a line of its own.
		f.lineLen = f.chars(last) + f.closes
		if f.unbrace {
			f.lineLen++
		}
	}
	f.has = false
}

// lineBreak returns the offset of the first "\r" or "\n" of w, or -1
// (strings.IndexAny's result), and whether w is ASCII before it: one
// byte loop for both (the words are short, and IndexAny looks each of
// their runes up in its set with a call).
func lineBreak(w string) (int, bool) {
	ascii := true
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case c == '\n' || c == '\r':
			return i, ascii
		}
	}
	return -1, ascii
}

// chars returns the number of characters of w: its bytes when the text
// is Latin-1 or w is ASCII (moves, numbers and most words), else its
// UTF-8 characters.
func (f *Filler) chars(w string) int {
	if !f.bytes {
		for i := 0; i < len(w); i++ {
			if w[i] >= utf8.RuneSelf {
				return utf8.RuneCountInString(w)
			}
		}
	}
	return len(w)
}

// BreakLine ends the current line (after a ";" comment, around "%").
func (f *Filler) BreakLine() {
	f.place()
	if f.lineLen > 0 {
		f.newline()
	}
}

// newline ends the current line.
func (f *Filler) newline() {
	f.out.WriteString(f.nl)
	f.lineLen = 0
}

// Flush ends the last line.
func (f *Filler) Flush() { f.BreakLine() }

// numbers holds the strings of the move numbers ("12.", "12...") and NAGs
// ("$12") the printer writes most, made once instead of at every move.
var numbers = sync.OnceValue(func() *numberTexts {
	t := new(numberTexts)
	for i := range len(t.white) {
		n := strconv.Itoa(i)
		t.white[i], t.black[i], t.nag[i] = n+".", n+"...", "$"+n
	}
	return t
})

// numberTexts are the texts of the numbers up to 511.
type numberTexts struct{ white, black, nag [512]string }

// numberText returns "n." or, for Black, "n...", the text of move number n.
func numberText(n int, black bool) string {
	if t := numbers(); n >= 0 && n < len(t.white) {
		if black {
			return t.black[n]
		}
		return t.white[n]
	}
	if black {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// nagText returns "$n".
func nagText(n int) string {
	if t := numbers(); n >= 0 && n < len(t.nag) {
		return t.nag[n]
	}
	return "$" + strconv.Itoa(n)
}
