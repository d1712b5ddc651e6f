package main

import (
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// charPos converts the file-absolute byte offset p of f to a 1-based line
// and a 1-based character column: every rune counts as one column, and so
// does every byte that is not valid UTF-8 (such bytes are read as
// Windows-1252, one character each).
func charPos(f *syntax.File, p syntax.Pos) (line, col int) {
	pos := f.Position(p)
	start := f.LineStart(pos.Line)
	end := start + syntax.Pos(pos.Col-1)
	return pos.Line, utf8.RuneCountInString(f.Slice(syntax.Span{Start: start, End: end})) + 1
}
