package workspace

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Text writes the explorer for terminal boards: the games reaching the
// position and their score, a line per move played from it with its
// games and score (White wins / draws / Black wins, in percent), and the
// latest games with the move each played and its file and line. "" when
// no game reaches the position.
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
		fmt.Fprintf(&b, "  %s → %s  (%s:%d)\n", h.Game.Name, next, filepath.Base(h.At.Path), h.At.Line+1)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

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
