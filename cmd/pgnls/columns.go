package main

import (
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// charPos converts the game-relative byte offset p of a streamed game to a
// 1-based line and a 1-based character column: every rune counts as one
// column, and so does every byte that is not valid UTF-8 (such bytes are
// read as Windows-1252, one character each).
func charPos(g syntax.StreamGame, p syntax.Pos) (line, col int) {
	return g.Position(p).Line, utf8.RuneCountInString(g.LineText(p)) + 1
}
