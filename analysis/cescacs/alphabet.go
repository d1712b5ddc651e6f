package cescacs

import (
	"strings"
	"unicode/utf8"
)

// An Alphabet describes the piece symbols in force for a record (§2.1,
// §8.4): the standard letters, standard letters with some replaced by
// alternative letters, or the FAN glyphs. A nil *Alphabet means the
// standard letters. Alphabets are immutable.
type Alphabet struct {
	fan    bool
	letter [numKinds]byte // upper-case letter of each kind
}

var standardAlphabet = &Alphabet{letter: [numKinds]byte{0, 'P', 'E', 'J', 'N', 'G', 'R', 'V', 'D', 'K'}}

var fanAlphabet = &Alphabet{fan: true, letter: standardAlphabet.letter}

// StandardAlphabet returns the alphabet of the standard letters.
func StandardAlphabet() *Alphabet { return standardAlphabet }

// FANAlphabet returns the alphabet of the FAN glyphs (Redefine "FAN").
func FANAlphabet() *Alphabet { return fanAlphabet }

// alternatives maps each allowed alternative letter to the kind it names.
var alternatives = map[byte]Kind{
	'A': Bishop, 'B': Bishop, 'F': Bishop, 'L': Bishop,
	'C': Knight, 'S': Knight, 'T': Rook, 'W': Wyvern, 'Q': Queen,
}

// glyphs holds the white and black FAN glyph of each kind.
var glyphs = [numKinds][2]rune{
	Pawn:     {'♙', '♟'},
	Elephant: {'☖', '☗'},
	Bishop:   {'♗', '♝'},
	Knight:   {'♘', '♞'},
	Pegasus:  {'\U0001FA50', '\U0001FA53'},
	Rook:     {'♖', '♜'},
	Wyvern:   {'\U0001FA4F', '\U0001FA52'},
	Queen:    {'♕', '♛'},
	King:     {'♔', '♚'},
}

func (a *Alphabet) orStandard() *Alphabet {
	if a == nil {
		return standardAlphabet
	}
	return a
}

// FAN reports whether a is the FAN alphabet.
func (a *Alphabet) FAN() bool { return a != nil && a.fan }

// Symbol returns the neutral symbol of kind k used in moves: the letter in
// force, or the white glyph for FAN. It is "" for NoKind.
func (a *Alphabet) Symbol(k Kind) string {
	if k == NoKind || k >= numKinds {
		return ""
	}
	a = a.orStandard()
	if a.fan {
		return string(glyphs[k][White])
	}
	return string(a.letter[k])
}

// appendSymbol appends a.Symbol(k) to b.
func (a *Alphabet) appendSymbol(b []byte, k Kind) []byte {
	if k == NoKind || k >= numKinds {
		return b
	}
	if a.fan {
		return utf8.AppendRune(b, glyphs[k][White])
	}
	return append(b, a.letter[k])
}

// PieceSymbol returns the PDTL symbol of p: its letter, upper case for
// White and lower case for Black, or its coloured FAN glyph.
func (a *Alphabet) PieceSymbol(p Piece) string { return string(a.orStandard().pieceSymbol(p)) }

func (a *Alphabet) pieceSymbol(p Piece) rune {
	k := p.Kind()
	if k == NoKind || k >= numKinds {
		return '?'
	}
	if a.fan {
		return glyphs[k][p.Color()]
	}
	r := rune(a.letter[k])
	if p.Color() == Black {
		r += 'a' - 'A'
	}
	return r
}

// String returns the value of the Redefine tag describing a: "" for the
// standard letters, "FAN", or the pairs such as "A@J, C@N, T@R" in the
// order of the standard letters J, N, R, V, D.
func (a *Alphabet) String() string {
	a = a.orStandard()
	if a.fan {
		return "FAN"
	}
	var pairs []string
	for _, k := range [...]Kind{Bishop, Knight, Rook, Wyvern, Queen} {
		if a.letter[k] != standardLetters[k] {
			pairs = append(pairs, string(a.letter[k])+"@"+string(standardLetters[k]))
		}
	}
	return strings.Join(pairs, ", ")
}

// HasFAN reports whether s holds a FAN glyph of either colour: a PDTL
// given without the Redefine tag of a record (pgnls moves) is read in
// the FAN alphabet then.
func HasFAN(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf {
			if k, _, _ := fanAlphabet.lookup(r); k != NoKind {
				return true
			}
		}
	}
	return false
}

// Lookup reports which piece the symbol r denotes: its kind, its colour
// (from the case of a letter or from the glyph) and whether r belongs to
// the alphabet a. A symbol of another alphabet (an undeclared alternative
// letter, a replaced standard letter, a glyph without FAN) still yields
// its kind, with inForce false. k is NoKind if r is no piece symbol.
func (a *Alphabet) Lookup(r rune) (k Kind, c Color, inForce bool) {
	k, c, st := a.lookup(r)
	return k, c, k != NoKind && st == symInForce
}

// symbolStatus tells how a symbol relates to the alphabet in force.
type symbolStatus uint8

const (
	symInForce       symbolStatus = iota // the symbol of the alphabet in force
	symUndeclared                        // an alternative letter not declared by Redefine
	symReplaced                          // a standard letter replaced by Redefine
	symFANUndeclared                     // a FAN glyph without Redefine "FAN"
	symLetterInFAN                       // a letter while FAN is in force
	symBlackGlyph                        // a black glyph where the neutral white glyph is expected
	symUnknown                           // not a piece symbol
)

// lookup classifies the rune r as a piece symbol: its kind, its colour
// (from the case or the glyph) and its status with respect to a.
func (a *Alphabet) lookup(r rune) (Kind, Color, symbolStatus) {
	a = a.orStandard()
	if a == standardAlphabet && r < utf8.RuneSelf {
		// The common case, a letter of the standard alphabet: one
		// look-up in place of the search below.
		if e := standardSymbols[r]; e.k != NoKind {
			return e.k, e.c, symInForce
		}
	}
	if r >= utf8.RuneSelf { // the glyphs are all beyond ASCII
		for k := Pawn; k < numKinds; k++ {
			for c := range 2 {
				if glyphs[k][c] == r {
					if !a.fan {
						return k, Color(c), symFANUndeclared
					}
					return k, Color(c), symInForce
				}
			}
		}
		return NoKind, White, symUnknown
	}
	b, c := byte(r), White
	if 'a' <= b && b <= 'z' {
		b -= 'a' - 'A'
		c = Black
	}
	for k := Pawn; k < numKinds; k++ {
		if a.letter[k] == b {
			if a.fan {
				return k, c, symLetterInFAN
			}
			return k, c, symInForce
		}
	}
	if i := strings.IndexByte(standardLetters, b); i > 0 {
		st := symReplaced
		if a.fan {
			st = symLetterInFAN
		}
		return Kind(i), c, st
	}
	if k, ok := alternatives[b]; ok {
		st := symUndeclared
		if a.fan {
			st = symLetterInFAN
		}
		return k, c, st
	}
	return NoKind, White, symUnknown
}

// standardSymbols[b] is the kind and colour of the ASCII letter b in
// the standard alphabet, NoKind for other bytes: what lookup finds for
// them by its search.
var standardSymbols = func() (t [utf8.RuneSelf]struct {
	k Kind
	c Color
}) {
	for k := Pawn; k < numKinds; k++ {
		b := standardAlphabet.letter[k]
		t[b].k, t[b].c = k, White
		t[b+'a'-'A'].k, t[b+'a'-'A'].c = k, Black
	}
	return t
}()

// statusMessage describes a non-conforming symbol for diagnostics.
func (a *Alphabet) statusMessage(sym string, k Kind, st symbolStatus) string {
	a = a.orStandard()
	switch st {
	case symUndeclared:
		return "alternative letter " + sym + " used without [Redefine \"" + sym + "@" + string(standardLetters[k]) + "\"]"
	case symReplaced:
		return "letter " + sym + " is replaced by " + string(a.letter[k]) + " under [Redefine \"" + a.String() + "\"]"
	case symFANUndeclared:
		return "FAN glyph " + sym + " used without [Redefine \"FAN\"]"
	case symLetterInFAN:
		return "letter " + sym + " used while [Redefine \"FAN\"] is in force"
	case symBlackGlyph:
		return "moves use the white glyph " + a.Symbol(k) + " for both sides"
	}
	return "unknown piece symbol " + sym
}

// ParseRedefine parses the value of a Redefine tag: "FAN", or a list of
// Alt@Std pairs separated by commas (and spaces) from A@J, B@J, F@J, L@J,
// C@N, S@N, T@R, W@V, Q@D, at most one per standard letter. It always
// returns a usable alphabet (the valid pairs applied); problems carry byte
// offsets into value. A stray double quote, as in the specification's own
// example `A@J, T@R", C@N`, is ignored with a warning.
func ParseRedefine(value string) (*Alphabet, []Problem) {
	var probs []Problem
	trimmed := strings.TrimSpace(value)
	if trimmed == "FAN" {
		return fanAlphabet, nil
	}
	a := *standardAlphabet
	seen := [numKinds]bool{}
	items := 0
	for start := 0; start <= len(value); {
		end := strings.IndexByte(value[start:], ',')
		if end < 0 {
			end = len(value)
		} else {
			end += start
		}
		item, off := value[start:end], start
		start = end + 1
		// Drop blanks and stray quotes around the item.
		for len(item) > 0 && (item[0] == ' ' || item[0] == '\t' || item[0] == '"') {
			if item[0] == '"' {
				probs = append(probs, strayQuote(off))
			}
			item, off = item[1:], off+1
		}
		for len(item) > 0 && (item[len(item)-1] == ' ' || item[len(item)-1] == '\t' || item[len(item)-1] == '"') {
			if item[len(item)-1] == '"' {
				probs = append(probs, strayQuote(off+len(item)-1))
			}
			item = item[:len(item)-1]
		}
		if item == "" {
			if end < len(value) || items > 0 {
				probs = append(probs, Problem{Offset: off, End: off, Severity: SeverityWarning, Code: CodeRedefineSyntax, Msg: "empty item in Redefine list"})
			}
			continue
		}
		items++
		span := Problem{Offset: off, End: off + len(item)}
		switch {
		case item == "FAN":
			span.Severity, span.Code, span.Msg = SeverityError, CodeRedefineFANMixed, "FAN cannot be combined with letter pairs"
			probs = append(probs, span)
			continue
		case len(item) != 3 || item[1] != '@':
			span.Severity, span.Code, span.Msg = SeverityError, CodeRedefineSyntax, "expected a pair such as A@J, found "+quote(item)
			probs = append(probs, span)
			continue
		}
		alt, std := item[0], item[2]
		if alt == 'H' || alt == 'M' || std == 'M' {
			span.Severity, span.Code = SeverityError, CodeRedefineUnsupported
			span.Msg = "H (halberdier) is not a C'escacs letter; the elephant is always E"
			if alt == 'M' || std == 'M' {
				span.Msg = "M (almogàver) exists only in Grand C'escacs"
			}
			probs = append(probs, span)
			continue
		}
		k, ok := alternatives[alt]
		if !ok || standardLetters[k] != std {
			span.Severity, span.Code, span.Msg = SeverityError, CodeRedefineUnknownPair, "unknown Redefine pair "+item+" (allowed: A@J, B@J, F@J, L@J, C@N, S@N, T@R, W@V, Q@D)"
			probs = append(probs, span)
			continue
		}
		if seen[k] {
			span.Severity, span.Code, span.Msg = SeverityError, CodeRedefineDuplicate, "letter "+string(std)+" is already redefined"
			probs = append(probs, span)
			continue
		}
		seen[k] = true
		a.letter[k] = alt
	}
	if items == 0 {
		probs = append(probs, Problem{Offset: 0, End: len(value), Severity: SeverityError, Code: CodeRedefineEmpty, Msg: "empty Redefine value"})
	}
	if a == *standardAlphabet {
		return standardAlphabet, probs
	}
	return &a, probs
}

func strayQuote(off int) Problem {
	return Problem{Offset: off, End: off + 1, Severity: SeverityWarning, Code: CodeRedefineStrayQuote,
		Msg: "stray quote in Redefine value ignored", HasFix: true}
}

func quote(s string) string { return "\"" + s + "\"" }
