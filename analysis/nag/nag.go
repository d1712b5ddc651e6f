// Package nag is the table of Numeric Annotation Glyphs $0..$255 and of
// the suffix glyphs (! ? !! ?? !? ?! and CTL-PGN's ◇) that stand for some
// of them. Hover, completion and the NAG checks read it.
package nag

import "strconv"

// Source names where a NAG's meaning comes from.
type Source uint8

// Sources of NAG meanings.
const (
	Unassigned Source = iota // no agreed meaning
	Standard                 // PGN standard (1994), section 10, $0..$139
	Informant                // Chess Informant symbols as adopted by ChessBase and Scid
	Scid                     // Scid / ChessBase extended symbols
	CTLPGN                   // CTL-PGN valuation glyph (◇ = $7)
)

// String names the source for hover text.
func (s Source) String() string {
	switch s {
	case Standard:
		return "PGN standard (1994), section 10"
	case Informant:
		return "Chess Informant symbols (ChessBase, Scid)"
	case Scid:
		return "Scid / ChessBase extension"
	case CTLPGN:
		return "CTL-PGN specification §7.3"
	}
	return "not assigned by any standard"
}

// Info describes one NAG.
type Info struct {
	Value  int
	Text   string // meaning; "" when unassigned
	Symbol string // usual typographic symbol, if any
	Source Source
}

// Lookup returns the description of $n for 0 <= n <= 255; ok is false
// outside that range.
func Lookup(n int) (Info, bool) {
	if n < 0 || n > 255 {
		return Info{}, false
	}
	e := table[n]
	return Info{Value: n, Text: e.text, Symbol: e.sym, Source: e.src}, true
}

// Title returns "$n: meaning (source)" for hover and completion.
func (i Info) Title() string {
	s := "$" + strconv.Itoa(i.Value)
	if i.Text == "" {
		return s + ": no standard meaning"
	}
	s += ": " + i.Text
	if i.Symbol != "" {
		s += " (" + i.Symbol + ")"
	}
	return s
}

// Glyphs maps each suffix annotation glyph to its NAG value. PGN import
// format accepts the first six; CTL-PGN adds ◇ for $7.
var Glyphs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "◇": 7}

// GlyphFor returns the suffix glyph that stands for $n, or "".
func GlyphFor(n int) string {
	for g, v := range Glyphs {
		if v == n && g != "◇" {
			return g
		}
	}
	return ""
}

// IsMoveAssessment reports whether $n judges the move itself ($1..$9);
// a move should carry at most one of them.
func IsMoveAssessment(n int) bool { return n >= 1 && n <= 9 }

type entry struct {
	text, sym string
	src       Source
}

var table [256]entry

func init() {
	for i, t := range standard {
		table[i] = entry{t.text, t.sym, Standard}
	}
	for n, t := range extended {
		table[n] = t
	}
}
