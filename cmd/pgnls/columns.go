package main

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// charPos converts the game-relative byte offset p of a streamed game to a
// 1-based line and a 1-based character column: every rune counts as one
// column, and so does every byte that is not valid UTF-8 (such bytes are
// read as Windows-1252, one character each).
func charPos(g syntax.StreamGame, p syntax.Pos) (line, col int) {
	return g.Position(p).Line, runeCount(g.LineText(p)) + 1
}

// runeCount is utf8.RuneCountInString, eight bytes at a time over the
// ASCII start of s (most lines are ASCII, and the long ones that
// line-over-import-limit reports column 255 of cost a byte loop
// otherwise).
func runeCount(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if binary.LittleEndian.Uint64([]byte(s[i:i+8]))&0x8080808080808080 != 0 {
			break
		}
	}
	return i + utf8.RuneCountInString(s[i:])
}
