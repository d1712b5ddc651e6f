package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestRuneCount holds the word-at-a-time count to utf8's, with the first
// non-ASCII byte at every offset of the first words.
func TestRuneCount(t *testing.T) {
	ascii := strings.Repeat("1. e4 e5 2. Nf3 ", 3)
	for _, tail := range []string{"", "é", "\xe9", "∞x", "\xff\xfe", "Ł1"} {
		for n := range len(ascii) {
			s := ascii[:n] + tail + ascii[:n%7]
			if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
				t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
			}
		}
	}
}
