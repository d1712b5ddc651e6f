package format

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// filler fills lines greedily with words up to a width, never breaking a
// word, writing them to out as they come. "(" sticks to the word after it
// and ")" to the word before it; the last word is placed lazily so that a
// ")" can still join it.
type filler struct {
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
}

// newFiller returns a filler writing the movetext of g to out: lines of
// opts' width ended by nl, counted in the characters of g's encoding (one
// per byte when latin1 is set, for a g that is not valid UTF-8 and is
// then read as Latin-1).
func newFiller(out *strings.Builder, opts Options, nl string, latin1 bool) *filler {
	return &filler{width: opts.width(), nl: nl, bytes: latin1, out: out}
}

// latin1 reports whether the text of g is read as Latin-1 (it is not
// valid UTF-8), so that a filler counts its characters in bytes.
func latin1(g *syntax.Game) bool { return !utf8.ValidString(g.Text) }

// stick makes the next word go on the current line, however long it
// gets: text after a result that must stay on the result's line.
func (f *filler) stick() {
	f.place()
	f.stuck = true
}

// word adds a word.
func (f *filler) word(w string) { f.braced(w, false, false) }

// braced adds a word of a comment, with "{" before it when open is set
// and "}" after it when close is, without joining them.
func (f *filler) braced(w string, open, close bool) {
	f.place()
	f.text, f.has = w, true
	f.brace, f.unbrace = open, close
	f.opens, f.closes = f.opening, 0
	f.opening = 0
}

// open starts a variation: "(" goes in front of the next word.
func (f *filler) open() { f.opening++ }

// close ends a variation: ")" sticks to the last word.
func (f *filler) close() {
	if f.opening > 0 { // an empty variation
		f.opening--
		f.word("()")
		return
	}
	if !f.has {
		f.word(")")
		return
	}
	f.closes++
}

// place puts the pending word on the current line or a new one.
func (f *filler) place() {
	if !f.has {
		return
	}
	n := f.opens + f.closes + f.chars(f.text)
	if f.brace {
		n++
	}
	if f.unbrace {
		n++
	}
	stuck := f.stuck
	f.stuck = false
	if f.lineLen > 0 {
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
	f.has = false
}

// chars returns the number of characters of w: its bytes when the text
// is Latin-1 or w is ASCII (moves, numbers and most words), else its
// UTF-8 characters.
func (f *filler) chars(w string) int {
	if !f.bytes {
		for i := 0; i < len(w); i++ {
			if w[i] >= utf8.RuneSelf {
				return utf8.RuneCountInString(w)
			}
		}
	}
	return len(w)
}

// breakLine ends the current line (after a ";" comment, around "%").
func (f *filler) breakLine() {
	f.place()
	if f.lineLen > 0 {
		f.newline()
	}
}

func (f *filler) newline() {
	f.out.WriteString(f.nl)
	f.lineLen = 0
}

// flush ends the last line.
func (f *filler) flush() { f.breakLine() }

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
