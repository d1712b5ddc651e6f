// Package players tells when two spellings of a player's name, as the
// White and Black tags of PGN games write it, may name the same player.
//
// Real databases spell one player several ways: "Le, Quang Liem",
// "Le,Quang Liem" and "Le Quang Liem"; "Carlsen,M" beside "Carlsen,
// Magnus"; "Bauer, JH." beside "Bauer, Johann"; "Morphy, Paul " with a
// trailing blank. Key gives the spelling with case, blanks, commas and
// periods aside, Same also matches initials and missing given names.
// The rule is deliberately narrow, so that it does not take two people
// for one ("Polgar, Judit" and "Polgar, Susan", "Carlsen, Magnus" and
// "Carlsen, Mikhail" stay apart), and knows nothing of transliterations
// ("Korchnoi" and "Kortschnoj") or misspellings.
//
// Print is the rule in 16 bytes, for callers that keep a fingerprint of
// each game instead of its tags (package duplicates).
package players

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unknown reports whether a tag value names no player: "?" or "-",
// blanks aside, or nothing but blanks, commas and periods (an empty
// value, as callers take a missing tag).
func Unknown(name string) bool {
	switch strings.TrimSpace(name) {
	case "?", "-":
		return true
	}
	return strings.IndexFunc(name, func(r rune) bool { return !separator(r) }) < 0
}

// separator reports whether r separates the words of a name.
func separator(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '.' }

// words splits a name into its words, lower-cased, at blanks, commas and
// periods, and returns how many of them form the surname: those before
// the first comma, or the first word when there is no comma. A given
// name of two or three capitals before a period ("Bauer, JH.") is read
// as the initials it stands for ("j", "h").
func words(name string) (ws []string, surname int) {
	surname = 1
	comma := false
	rest := name
	for rest != "" {
		i := strings.IndexFunc(rest, separator)
		if i < 0 {
			i = len(rest)
		}
		w := rest[:i]
		rest = rest[i:]
		if w != "" {
			if comma && len(ws) >= surname && glued(w) && strings.HasPrefix(rest, ".") {
				for _, r := range strings.ToLower(w) {
					ws = append(ws, string(r))
				}
			} else {
				ws = append(ws, strings.ToLower(w))
			}
		}
		if rest == "" {
			break
		}
		r, n := utf8.DecodeRuneInString(rest)
		if r == ',' && !comma && len(ws) > 0 {
			comma, surname = true, len(ws)
		}
		rest = rest[n:]
	}
	return ws, min(surname, len(ws))
}

// glued reports whether a word is two or three capital letters.
func glued(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n == 2 || n == 3
}

// initial reports whether a word is an initial: a single letter.
func initial(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return n == len(w) && unicode.IsLetter(r)
}

// first returns the first letter of a word.
func first(w string) rune {
	r, _ := utf8.DecodeRuneInString(w)
	return r
}

// Key returns the name in a canonical form: lower case, words separated
// by one space, commas and periods dropped ("Le,Quang Liem" and
// "Le Quang Liem." give "le quang liem"; "Bauer, JH." gives "bauer j
// h"). Names with the same key are spellings of one name. Key of an
// Unknown name is "".
func Key(name string) string {
	if Unknown(name) {
		return ""
	}
	ws, _ := words(name)
	return strings.Join(ws, " ")
}

// Same reports whether two names, known ones (see Unknown), may be
// spellings of the same player's name. They are when
//
//   - their Keys are equal: case, blanks, commas and periods aside
//     ("Le, Quang Liem", "Le,Quang Liem", "le quang liem"); or
//   - they have the same surname, and their given names agree as far as
//     both go: each given name equal to the one at its place in the
//     other name, or an initial of it ("Carlsen,M" and "Carlsen,
//     Magnus"; "Le, Q. L." and "Le, Quang Liem"; "Bauer, JH." and
//     "Bauer, Johann"; "Pillsbury, Harry" and "Pillsbury, Harry
//     Nelson"; "Tal" and "Tal, Mihail").
//
// The surname is the words before the first comma, or the first word
// of a name without one ("Le Quang Liem", "Carlsen M"). Names in
// another order ("Magnus Carlsen" and "Carlsen, Magnus") or with given
// names that differ ("Carlsen, Magnus" and "Carlsen, Mikhail") are
// other players, for all this function knows. An unknown name is the
// same as no other. Same is symmetric but not transitive: "Carlsen, M"
// may be "Carlsen, Magnus" and "Carlsen, Mikhail", which are not one
// player; which of several is meant is the caller's to decide.
func Same(a, b string) bool {
	if Unknown(a) || Unknown(b) {
		return false
	}
	wa, sa := words(a)
	wb, sb := words(b)
	if slices.Equal(wa, wb) {
		return true
	}
	if sa != sb || !slices.Equal(wa[:sa], wb[:sb]) {
		return false
	}
	ga, gb := wa[sa:], wb[sb:]
	for i := range min(len(ga), len(gb)) {
		x, y := ga[i], gb[i]
		if x != y && !(initial(x) || initial(y)) || first(x) != first(y) {
			return false
		}
	}
	return true
}

// maxGiven is the number of given names a Print keeps.
const maxGiven = 4

// Print is a name reduced to what Same compares, in 16 bytes: hashes of
// its Key and of its surname, and the first letters of its first four
// given names, with short hashes of them. Two prints compare as Same
// compares their names, but for hash collisions and given names past
// the fourth, which are not compared. The zero Print is an unknown
// name.
type Print struct {
	key     uint32 // hash of the Key; 0 for an unknown name
	surname uint32 // hash of the surname
	// given holds the first maxGiven given names, 16 bits each from the
	// lowest: whether it is an initial (bit 15), a code of its first
	// letter (bits 7-14, never 0) and a hash of the word (bits 0-6); 0
	// past the last.
	given uint64
}

// PrintOf returns the print of a name.
func PrintOf(name string) Print {
	if Unknown(name) {
		return Print{}
	}
	ws, surname := words(name)
	key, sur := newHash(), newHash()
	for i, w := range ws {
		key.word(w)
		if i < surname {
			sur.word(w)
		}
	}
	p := Print{key: key.sum() | 1, surname: sur.sum()}
	for i, w := range ws[surname:min(len(ws), surname+maxGiven)] {
		h := newHash()
		h.word(w)
		c := uint64(letter(first(w)))<<7 | uint64(h.sum()&0x7F)
		if initial(w) {
			c |= 1 << 15
		}
		p.given |= c << (16 * i)
	}
	return p
}

// letter returns a byte that stands for a letter, never 0: the letter
// itself in ASCII, else 0x80 and a 7-bit hash of it.
func letter(r rune) uint8 {
	if r > 0 && r < 0x80 {
		return uint8(r)
	}
	return 0x80 | uint8(uint32(r)*2654435761>>25)
}

// Known reports whether p is the print of a known name.
func (p Print) Known() bool { return p.key != 0 }

// Same reports whether the names of p and q may name the same player,
// as Same does for the names.
func (p Print) Same(q Print) bool {
	switch {
	case !p.Known() || !q.Known():
		return false
	case p.key == q.key:
		return true
	case p.surname != q.surname:
		return false
	}
	for i := range maxGiven {
		x, y := uint16(p.given>>(16*i)), uint16(q.given>>(16*i))
		if x == 0 || y == 0 {
			break
		}
		initial := (x|y)&(1<<15) != 0
		if x != y && !initial || uint8(x>>7) != uint8(y>>7) {
			return false
		}
	}
	return true
}

// hash is FNV-1a over the words of a name.
type hash uint32

func newHash() hash { return 2166136261 }

// word adds a word and its end.
func (h *hash) word(w string) {
	for i := range len(w) {
		*h ^= hash(w[i])
		*h *= 16777619
	}
	*h ^= ' '
	*h *= 16777619
}

func (h hash) sum() uint32 { return uint32(h) }
