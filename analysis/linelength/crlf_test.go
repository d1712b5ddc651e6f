package linelength

import (
	"strings"
	"testing"
)

// TestCRBeforeLF holds crBeforeLF to the two counts it replaces.
func TestCRBeforeLF(t *testing.T) {
	for _, s := range []string{"", "a", "\r", "\n", "\r\n", "a\r\nb\r\n", "a\r\nb\r", "a\rb\r\n", "\r\r\n", "\r\n\r", "a\nb\n", "\n\r"} {
		want := strings.Count(s, "\r") == strings.Count(s, "\r\n")
		if got := crBeforeLF(s); got != want {
			t.Errorf("crBeforeLF(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestIsASCII puts one byte of 128 or more at every offset of texts
// around the word sizes isASCII reads.
func TestIsASCII(t *testing.T) {
	for n := range 80 {
		s := strings.Repeat("e4 Nf3 ", 12)[:n]
		if !isASCII(s) {
			t.Errorf("isASCII(%q) = false", s)
		}
		for i := range n {
			b := []byte(s)
			b[i] = 0x80 | byte(i)
			if isASCII(string(b)) {
				t.Errorf("isASCII(%q) = true", b)
			}
		}
	}
}
