package format

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// filler fills lines greedily with words up to a width, never breaking a
// word. "(" sticks to the word after it and ")" to the word before it;
// the last word is placed lazily so that a ")" can still join it.
type filler struct {
	width   int
	nl      string
	bytes   bool // count bytes, not UTF-8 characters: the text is Latin-1
	out     strings.Builder
	line    strings.Builder
	lineLen int    // characters on the current line
	last    string // the word not yet placed
	has     bool   // last is set
	opens   int    // "(" waiting for the next word
	stuck   bool   // the next word goes on the current line, however long
}

// newFiller returns a filler for the movetext of g: lines of opts' width
// ended by nl, counted in the characters of g's encoding (one per byte
// when g is not valid UTF-8, which is then read as Latin-1).
func newFiller(g *syntax.Game, opts Options, nl string) *filler {
	return &filler{width: opts.width(), nl: nl, bytes: !utf8.ValidString(g.Text)}
}

// stick makes the next word go on the current line, however long it
// gets: text after a result that must stay on the result's line.
func (f *filler) stick() {
	f.place()
	f.stuck = true
}

// word adds a word.
func (f *filler) word(w string) {
	f.place()
	f.last, f.has = strings.Repeat("(", f.opens)+w, true
	f.opens = 0
}

// open starts a variation: "(" goes in front of the next word.
func (f *filler) open() { f.opens++ }

// close ends a variation: ")" sticks to the last word.
func (f *filler) close() {
	if f.opens > 0 { // an empty variation
		f.opens--
		f.word("()")
		return
	}
	if !f.has {
		f.word(")")
		return
	}
	f.last += ")"
}

// place puts the pending word on the current line or a new one.
func (f *filler) place() {
	if !f.has {
		return
	}
	n := utf8.RuneCountInString(f.last)
	if f.bytes {
		n = len(f.last)
	}
	stuck := f.stuck
	f.stuck = false
	if f.lineLen > 0 {
		if f.lineLen+1+n > f.width && !stuck {
			f.newline()
		} else {
			f.line.WriteByte(' ')
			f.lineLen++
		}
	}
	f.line.WriteString(f.last)
	f.lineLen += n
	f.has = false
}

// breakLine ends the current line (after a ";" comment, around "%").
func (f *filler) breakLine() {
	f.place()
	if f.lineLen > 0 {
		f.newline()
	}
}

func (f *filler) newline() {
	f.out.WriteString(f.line.String())
	f.out.WriteString(f.nl)
	f.line.Reset()
	f.lineLen = 0
}

// flush ends the last line.
func (f *filler) flush() { f.breakLine() }
