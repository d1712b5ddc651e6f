package workspace

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Text writes the explorer for terminal boards: the games reaching the
// position and their score, a line per move played from it with its
// games and score (White wins / draws / Black wins, in percent), and the
// latest games with the move each played and its file and line, each cut
// to textWidth characters (a side window widens to its longest line). ""
// when no game reaches the position.
func (x *Explorer) Text() string {
	if x.Games == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Explorer: %s reach this position, %s\n", plural(x.Games, "game"), x.Score.percent())
	width := 0
	for _, m := range x.Moves {
		width = max(width, len(m.Move))
	}
	for _, m := range x.Moves {
		fmt.Fprintf(&b, "  %-*s %6d  %s\n", width, m.Move, m.Games, m.Score.percent())
	}
	if len(x.Recent) > 0 {
		b.WriteString("Latest:\n")
	}
	for _, h := range x.Recent {
		next := h.Next
		if next == "" {
			next = "end"
		}
		where := fmt.Sprintf(" → %s  (%s:%d)", next, filepath.Base(h.At.Path), h.At.Line+1)
		name := h.Game.Name
		if room := textWidth - 2 - utf8.RuneCountInString(where); utf8.RuneCountInString(name) > room {
			name = string([]rune(name)[:max(room-1, 0)]) + "…"
		}
		b.WriteString("  " + name + where + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// textWidth is the most characters of a line of Text about a game: no
// more than the FEN line of the board before it.
const textWidth = 60

// percent writes a score as "+W% =D% -B%" of its games.
func (s Score) percent() string {
	pct := func(n int) int { return (n*200 + s.Games) / (2 * s.Games) }
	return fmt.Sprintf("+%d%% =%d%% -%d%%", pct(s.WhiteWins), pct(s.Draws), pct(s.BlackWins))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
