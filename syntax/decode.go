package syntax

import (
	"strings"
	"unicode/utf8"
)

// cp1252 maps the bytes 0x80..0x9F of Windows-1252 to runes; the other
// bytes of 0xA0..0xFF are Latin-1 and map to themselves.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// Decode returns s as valid UTF-8: valid sequences are kept, and every
// byte that is not part of one is read as Windows-1252. Files from older
// tools (PGN Mentor, ChessBase) are often Latin-1.
func Decode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(DecodeByte(s[i]))
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// DecodeByte reads one byte that is not valid UTF-8 as Windows-1252.
func DecodeByte(c byte) rune {
	if c >= 0x80 && c < 0xA0 {
		return cp1252[c-0x80]
	}
	return rune(c)
}

// EncodeLatin1 returns the Windows-1252 byte of r, the inverse of
// DecodeByte (and of ASCII), and whether r has one.
func EncodeLatin1(r rune) (byte, bool) {
	switch {
	case r < 0x80:
		return byte(r), true
	case r >= 0xA0 && r <= 0xFF:
		return byte(r), true
	}
	for i, c := range cp1252 {
		if c == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
}
