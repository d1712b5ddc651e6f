package syntax

import "sort"

// Edit replaces the bytes [Start, End) of a text with New. Offsets are
// file-absolute in the text before the edit.
type Edit struct {
	Start, End Pos
	New        string
}

// Apply returns text with e applied. It expects 0 <= Start <= End <= len(text).
func (e Edit) Apply(text string) string {
	return text[:e.Start] + e.New + text[e.End:]
}

// Reparse returns the file after edit e. Only the games the edit touches
// (and the one before them, whose end may depend on them) are parsed
// again; every other game is shared with old by pointer and only its start
// offset moves. The result equals Parse of the edited text. changed lists
// the indices of the games parsed anew, in the new file.
//
// An edit outside 0 <= Start <= End <= len(old.Text) is clamped.
func Reparse(old *File, e Edit) (f *File, changed []int) {
	n := Pos(len(old.Text))
	e.Start = min(max(e.Start, 0), n)
	e.End = min(max(e.End, e.Start), n)
	text := e.Apply(old.Text)
	f = &File{Name: old.Name, Text: text, Dialect: old.Dialect}
	if len(old.Games) == 0 {
		f.Games = parseGames(text, 0, old.Dialect, nil)
		return f, indices(0, len(f.Games))
	}
	delta := Pos(len(e.New)) - (e.End - e.Start)
	k := old.GameAt(max(e.Start-1, 0))
	if k > 0 {
		k--
	}
	reuse := len(old.Games)
	stop := func(b int) bool {
		// The byte before the boundary must be unchanged too: the scanner
		// looks one byte behind a token.
		ob := Pos(b) - delta
		if ob < e.End+1 || Pos(b) < e.Start+Pos(len(e.New))+1 {
			return false
		}
		j := sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Start >= ob })
		if j < len(old.Games) && old.Games[j].Start == ob {
			reuse = j
			return true
		}
		return false
	}
	fresh := parseGames(text, int(old.Games[k].Start), old.Dialect, stop)
	games := make([]GameRef, 0, k+len(fresh)+len(old.Games)-reuse)
	games = append(games, old.Games[:k]...)
	games = append(games, fresh...)
	for _, r := range old.Games[reuse:] {
		games = append(games, GameRef{Start: r.Start + delta, Game: r.Game})
	}
	f.Games = games
	return f, indices(k, k+len(fresh))
}

func indices(from, to int) []int {
	out := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}
