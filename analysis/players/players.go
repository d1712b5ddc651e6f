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
	"encoding/binary"
	"errors"
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
	return onlySeparators(name)
}

// separator reports whether r separates the words of a name.
func separator(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '.' }

// words returns the words of a name, lower-cased (see scan), and how
// many of them form the surname.
func words(name string) (ws []string, surname int) {
	scan(name, func(w string, sur bool) {
		ws = append(ws, strings.ToLower(w))
		if sur {
			surname++
		}
	})
	return ws, surname
}

// scan calls f with each word of a name as it is written, and whether
// it belongs to the surname. Words are separated by blanks, commas and
// periods; the surname is the words before the first comma (when words
// come before it), else the first word. A given name of two or three
// capitals before a period ("Bauer, JH.") is the initials it stands
// for, passed one by one ("J", "H").
func scan(name string, f func(w string, surname bool)) {
	comma := strings.IndexByte(name, ',')
	if comma >= 0 && onlySeparators(name[:comma]) {
		comma = -1
	}
	n := 0
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		if separator(r) {
			i += size
			continue
		}
		j := len(name)
		if k := strings.IndexFunc(name[i:], separator); k >= 0 {
			j = i + k
		}
		w := name[i:j]
		surname := comma >= 0 && i < comma || comma < 0 && n == 0
		if comma >= 0 && !surname && glued(w) && j < len(name) && name[j] == '.' {
			for k, r := range w {
				f(w[k:k+utf8.RuneLen(r)], false)
				n++
			}
		} else {
			f(w, surname)
			n++
		}
		i = j
	}
}

// onlySeparators reports whether s holds nothing but separators.
func onlySeparators(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !separator(r) }) < 0
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
	key, sur := newHash(), newHash()
	var given uint64
	n := 0 // given names
	scan(name, func(w string, surname bool) {
		h := newHash()
		for _, r := range w {
			h.rune(unicode.ToLower(r))
		}
		h.end()
		key.word(h)
		if surname {
			sur.word(h)
			return
		}
		if n < maxGiven {
			c := uint64(letter(unicode.ToLower(first(w))))<<7 | uint64(h.sum()&0x7F)
			if initial(w) {
				c |= 1 << 15
			}
			given |= c << (16 * n)
		}
		n++
	})
	return Print{key: key.sum() | 1, surname: sur.sum(), given: given}
}

// letter returns a byte that stands for a letter, never 0: the letter
// itself in ASCII, else 0x80 and a 7-bit hash of it.
func letter(r rune) uint8 {
	if r > 0 && r < 0x80 {
		return uint8(r)
	}
	return 0x80 | uint8(uint32(r)*2654435761>>25)
}

// PrintSize is the length of a Print's binary form (AppendBinary).
const PrintSize = 16

// AppendBinary appends the binary form of p, PrintSize bytes, to b, for
// callers that keep prints on disk.
func (p Print) AppendBinary(b []byte) ([]byte, error) {
	b = binary.LittleEndian.AppendUint32(b, p.key)
	b = binary.LittleEndian.AppendUint32(b, p.surname)
	return binary.LittleEndian.AppendUint64(b, p.given), nil
}

// UnmarshalBinary sets p from its binary form, the first PrintSize bytes
// of b.
func (p *Print) UnmarshalBinary(b []byte) error {
	if len(b) < PrintSize {
		return errors.New("players: a print takes 16 bytes")
	}
	p.key, p.surname = binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])
	p.given = binary.LittleEndian.Uint64(b[8:])
	return nil
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

// hash is FNV-1a over the bytes of a word, or over the hashes of the
// words of a name.
type hash uint32

func newHash() hash { return 2166136261 }

func (h *hash) byte(b byte) {
	*h ^= hash(b)
	*h *= 16777619
}

// rune adds a rune, UTF-8 encoded.
func (h *hash) rune(r rune) {
	if r < utf8.RuneSelf {
		h.byte(byte(r))
		return
	}
	var buf [utf8.UTFMax]byte
	for _, b := range buf[:utf8.EncodeRune(buf[:], r)] {
		h.byte(b)
	}
}

// end ends a word.
func (h *hash) end() { h.byte(' ') }

// word adds the hash of a word.
func (h *hash) word(w hash) {
	for i := range 4 {
		h.byte(byte(w >> (8 * i)))
	}
}

func (h hash) sum() uint32 { return uint32(h) }
