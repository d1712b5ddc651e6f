package match

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error is a criterion that cannot be read: what it is, its text, and
// where in the text the problem is, as go/scanner's errors place theirs.
type Error struct {
	Source string // the criterion: "--where", "--fen", "--moves", ...
	Text   string // its text
	Offset int    // byte offset of the problem in Text (len(Text): at its end)
	Msg    string
}

// Column returns the 1-based column of the problem in Text, counting
// characters.
func (e *Error) Column() int {
	off := min(max(e.Offset, 0), len(e.Text))
	return utf8.RuneCountInString(e.Text[:off]) + 1
}

// Error returns "SOURCE: column N: MSG".
func (e *Error) Error() string {
	return fmt.Sprintf("%s: column %d: %s", e.Source, e.Column(), e.Msg)
}

// Caret returns the text on one line and a caret under the column of the
// problem on the next, for messages on a terminal. Tabs and line ends in
// the text are shown as spaces, so that the caret stays under its
// character.
func (e *Error) Caret() string {
	text := strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, e.Text)
	return text + "\n" + strings.Repeat(" ", e.Column()-1) + "^"
}

// errorf returns an *Error of source at offset off of text.
func errorf(source, text string, off int, format string, args ...any) *Error {
	return &Error{Source: source, Text: text, Offset: off, Msg: fmt.Sprintf(format, args...)}
}
