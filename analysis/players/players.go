// Package players tells when two spellings of a player's name, as the
// White and Black tags of PGN games write it, name the same player.
//
// Real databases spell one player several ways: "Le, Quang Liem",
// "Le,Quang Liem" and "Le Quang Liem"; "Carlsen,M" beside "Carlsen,
// Magnus"; "Morphy, Paul " with a trailing blank. The rule here is
// deliberately narrow, so that it never takes two people for one
// ("Polgar, Judit" and "Polgar, Susan", "Carlsen, Magnus" and "Carlsen,
// Mikhail" stay apart): see Same.
//
// Print is the same rule in a few bytes, for callers that keep a
// fingerprint of each game instead of its tags (package duplicates).
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
// the first comma, or the first word when there is no comma.
func words(name string) (ws []string, surname int) {
	ws = strings.FieldsFunc(strings.ToLower(name), separator)
	surname = 1
	if i := strings.IndexByte(name, ','); i >= 0 {
		if n := len(strings.FieldsFunc(name[:i], separator)); n > 0 {
			surname = n
		}
	}
	return ws, min(surname, len(ws))
}

// initial reports whether a word is an initial: a single letter.
func initial(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return n == len(w) && unicode.IsLetter(r)
}

// Key returns the name in a canonical form: lower case, words separated
// by one space, commas and periods dropped ("Le,Quang Liem" and
// "Le Quang Liem." give "le quang liem"). Names with the same key name
// the same player; Same also matches initials. Key of an Unknown name is
// "".
func Key(name string) string {
	if Unknown(name) {
		return ""
	}
	ws, _ := words(name)
	return strings.Join(ws, " ")
}

// Same reports whether two names, known ones (see Unknown), are
// spellings of the same player's name. They are when
//
//   - their Keys are equal: case, blanks, commas and periods aside
//     ("Le, Quang Liem", "Le,Quang Liem", "le quang liem"); or
//   - they have the same surname and as many given names, the same
//     words in full, except that one of the two writes all its given
//     names as initials, each the first letter of the other's
//     ("Carlsen,M" and "Carlsen, Magnus"; "Le, Q. L." and "Le, Quang
//     Liem").
//
// The surname is the words before the first comma, or the first word
// of a name without one ("Le Quang Liem", "Carlsen M"). Nothing else is
// taken for a variant: a name in another order ("Magnus Carlsen"),
// given names that differ ("Carlsen, Magnus" and "Carlsen, Mikhail"), a
// missing given name ("Carlsen") or a mixture of initials and full
// given names on both sides are other players, for all this function
// knows. An unknown name is the same as no other.
func Same(a, b string) bool {
	if Unknown(a) || Unknown(b) {
		return false
	}
	wa, sa := words(a)
	wb, sb := words(b)
	switch {
	case slices.Equal(wa, wb):
		return true
	case len(wa) != len(wb) || sa != sb || sa == len(wa) || !slices.Equal(wa[:sa], wb[:sb]):
		return false
	case !initials(wa[sa:]) && !initials(wb[sb:]):
		return false
	}
	for i := sa; i < len(wa); i++ {
		if first(wa[i]) != first(wb[i]) {
			return false
		}
	}
	return true
}

// initials reports whether the words are all initials.
func initials(ws []string) bool {
	for _, w := range ws {
		if !initial(w) {
			return false
		}
	}
	return true
}

// first returns the first letter of a word.
func first(w string) rune {
	r, _ := utf8.DecodeRuneInString(w)
	return r
}

// Print is a name reduced to what Same compares, in 8 bytes: hashes of
// its Key and of its surname with the first letters of its given names.
// Two prints compare as Same compares their names, but for hash
// collisions (about one pair of names in four billion). The zero Print
// is an unknown name.
type Print struct {
	key   uint32 // hash of the Key; 0 for an unknown name
	loose uint32 // hash of the surname and given initials; its low bit set when the given names are all initials
}

// PrintOf returns the print of a name.
func PrintOf(name string) Print {
	if Unknown(name) {
		return Print{}
	}
	ws, surname := words(name)
	key := newHash()
	for _, w := range ws {
		key.word(w)
	}
	loose := newHash()
	for _, w := range ws[:surname] {
		loose.word(w)
	}
	loose.sep()
	for _, w := range ws[surname:] {
		loose.rune(first(w))
	}
	p := Print{key: key.sum() | 1, loose: loose.sum() &^ 1}
	if surname < len(ws) && initials(ws[surname:]) {
		p.loose |= 1
	}
	return p
}

// Known reports whether p is the print of a known name.
func (p Print) Known() bool { return p.key != 0 }

// Same reports whether the names of p and q name the same player, as
// Same does for the names.
func (p Print) Same(q Print) bool {
	switch {
	case !p.Known() || !q.Known():
		return false
	case p.key == q.key:
		return true
	}
	// The same surname and given initials, one side initials only.
	return p.loose|1 == q.loose|1 && (p.loose&1 != 0 || q.loose&1 != 0)
}

// hash is FNV-1a over the words of a name.
type hash uint32

func newHash() hash { return 2166136261 }

func (h *hash) byte(b byte) {
	*h ^= hash(b)
	*h *= 16777619
}

// word adds a word and its end.
func (h *hash) word(w string) {
	for i := range len(w) {
		h.byte(w[i])
	}
	h.byte(' ')
}

// rune adds a letter as a word of its own.
func (h *hash) rune(r rune) {
	var buf [utf8.UTFMax]byte
	h.word(string(buf[:utf8.EncodeRune(buf[:], r)]))
}

// sep marks the end of the surname.
func (h *hash) sep() { h.byte(',') }

func (h hash) sum() uint32 { return uint32(h) }
