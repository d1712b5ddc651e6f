package format

import (
	"slices"
	"strings"
	"testing"
)

// TestNextField holds nextField to strings.Fields, on texts with every
// kind of blank (Unicode's too) and bytes that are not UTF-8.
func TestNextField(t *testing.T) {
	for _, text := range []string{
		"", " ", "a", " a b  c ", "\t[Event\n\"x\"]\r\n", "a\u00a0b\u0085c\u2003d\u3000", "\xe9t\xe9 \xa0x", "{ [%clk 0:03:00] }", "\v\f a",
	} {
		var got []string
		for start, end := nextField(text, 0); start >= 0; start, end = nextField(text, end) {
			got = append(got, text[start:end])
		}
		if want := strings.Fields(text); !slices.Equal(got, want) {
			t.Errorf("%q: words %q, want %q", text, got, want)
		}
	}
}
