package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// quoteText quotes a piece of source text for a message, shortened to
// about 40 characters.
func quoteText(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		n := 0
		for i := range s {
			if n == 37 {
				s = s[:i] + "..."
				break
			}
			n++
		}
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return "'" + s + "'"
}

// quoteBytes names control bytes, e.g. "U+0000".
func quoteBytes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s) && i < 4; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "U+%04X", s[i])
	}
	if len(s) > 4 {
		b.WriteString(" ...")
	}
	return b.String()
}
