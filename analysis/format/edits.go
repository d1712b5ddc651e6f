package format

import (
	"context"

	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/syntax"
)

// Layout lays games out one after another as File does, and reports
// each game whose text changes with the text it gets: its formatted text
// (or its own text, if it was left as it was) plus the line ends that
// separate it from the next game. Those belong to whichever of the two
// was formatted, the first one if both were, so that a game left as it
// was never changes. This is how formatting becomes edits of a file.
type Layout struct {
	j       *Joiner
	changed func(start syntax.Pos, old, new string)
	has     bool // a game is pending
	prev    laidGame
}

// laidGame is a game laid out whose separator after it is not known yet.
type laidGame struct {
	start     syntax.Pos
	old, text string
	formatted bool
}

// NewLayout returns a Layout of games of dialect d that calls changed
// with the file-absolute start, the old text and the new text of each
// game that changes, in order.
func NewLayout(d syntax.Dialect, changed func(start syntax.Pos, old, new string)) *Layout {
	return &Layout{j: NewJoiner(nil, d), changed: changed}
}

// Keep lays out game g, which is kept as it is and never reported: the
// game before a range of games being formatted, or the one after it.
func (l *Layout) Keep(g *syntax.Game) {
	sep, _, _ := l.j.Next(g, Result{Text: g.Text, Skipped: "kept"})
	if l.has && l.prev.formatted {
		l.prev.text += sep
	}
	l.flush()
}

// Add lays out game g, starting at file offset start, with res, the
// result of formatting it.
func (l *Layout) Add(start syntax.Pos, g *syntax.Game, res Result) {
	sep, text, formatted := l.j.Next(g, res)
	if l.has && l.prev.formatted {
		l.prev.text += sep
	} else {
		text = sep + text
	}
	l.flush()
	l.prev, l.has = laidGame{start: start, old: g.Text, text: text, formatted: formatted}, true
}

// Flush reports the last game added, if it changes. Call it at the end,
// or call Keep with the game that follows.
func (l *Layout) Flush() { l.flush() }

func (l *Layout) flush() {
	if l.has && l.prev.text != l.prev.old {
		l.changed(l.prev.start, l.prev.old, l.prev.text)
	}
	l.has = false
}

// Left is a game that formatting left as it was because of a problem
// in it (Result.Broken).
type Left struct {
	Index  int    // the game's index in the file
	Reason string // Result.Skipped
}

// Edits returns the file-absolute edits that put the games [from, to) of
// f in export form, as File would lay them out, in order; inside a
// changed game they cover only the lines, and bytes, that change (see
// diff.Edits), and a game that cannot be formatted gets none: those are
// listed in left. It stops early, with partial edits, once ctx is done.
func Edits(ctx context.Context, f *syntax.File, opts Options, from, to int) (edits []syntax.Edit, left []Left) {
	l := NewLayout(f.Dialect, func(start syntax.Pos, old, new string) {
		edits = append(edits, diff.Shift(diff.Edits(old, new), start)...)
	})
	if from > 0 {
		l.Keep(f.Game(from - 1).Game)
	}
	for i := from; i < to; i++ {
		if ctx.Err() != nil {
			return edits, left
		}
		r := f.Game(i)
		res := Game(r.Game, f.Dialect, opts)
		if res.Broken {
			left = append(left, Left{i, res.Skipped})
		}
		l.Add(r.Start, r.Game, res)
	}
	if to > from && to < f.NumGames() {
		l.Keep(f.Game(to).Game)
	}
	l.Flush()
	return edits, left
}
