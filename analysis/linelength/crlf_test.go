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
