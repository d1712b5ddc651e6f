package format

import (
	"strings"
	"unicode/utf8"
)

// filler fills lines greedily with words up to a width, never breaking a
// word. "(" sticks to the word after it and ")" to the word before it;
// the last word is placed lazily so that a ")" can still join it.
type filler struct {
	width   int
	nl      string
	out     strings.Builder
	line    strings.Builder
	lineLen int    // characters on the current line
	last    string // the word not yet placed
	has     bool   // last is set
	opens   int    // "(" waiting for the next word
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
	if f.lineLen > 0 {
		if f.lineLen+1+n > f.width {
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
