package format

import (
	"context"
	"runtime"
	"sync"

	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/syntax"
)

// Layout lays games out one after another as a Joiner does, and reports
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
	Index  int        // the game's index in the file
	Reason string     // Result.Skipped
	At     syntax.Pos // Result.At, file-absolute: where the problem is
}

// Edits returns the file-absolute edits that put the games [from, to) of
// f in export form, as a Joiner would lay them out, in order: at most one
// edit per game that changes, from its first changed byte to its last
// (see diff.Span), so that an edit never spans two games and the text
// around the changes keeps its cursors and marks. A game that cannot be
// formatted gets none: those are listed in left. Games are formatted on
// every core, a block at a time. It stops early, with partial edits, once
// ctx is done.
func Edits(ctx context.Context, f *syntax.File, opts Options, from, to int) (edits []syntax.Edit, left []Left) {
	return EditsOf(ctx, f, from, to, func(g *syntax.Game) Result { return Game(g, f.Dialect, opts) })
}

// EditsOf is Edits with the rewriting of each game given: rewrite
// returns a game's result as Game does, or its text edited in place
// (Result.Edited), which package fix gives. It runs on every core.
func EditsOf(ctx context.Context, f *syntax.File, from, to int, rewrite func(*syntax.Game) Result) (edits []syntax.Edit, left []Left) {
	left = EachEdit(ctx, f, from, to, rewrite, func(e syntax.Edit) { edits = append(edits, e) })
	return edits, left
}

// EachEdit is EditsOf calling yield with each edit, in order, as soon as
// it is known, instead of returning them all: a caller that encodes or
// writes the edits one by one (an editor's formatting of a big document)
// holds the new text of a few games at a time, not of every game.
func EachEdit(ctx context.Context, f *syntax.File, from, to int, rewrite func(*syntax.Game) Result, yield func(syntax.Edit)) (left []Left) {
	l := NewLayout(f.Dialect, func(start syntax.Pos, old, new string) {
		if e, ok := diff.Span(old, new); ok {
			e.Start, e.End = e.Start+start, e.End+start
			yield(e)
		}
	})
	if from > 0 {
		l.Keep(f.Game(from - 1).Game)
	}
	// A block is up to blockGames games of one chunk, [from, to): its
	// worker reads them with one parse of the chunk at most (a File.Game
	// per game parses the chunk again whenever the analyses running
	// meanwhile made the tree cache drop it), and keeps of each game, for
	// the layout, only its text (textOnly): the trees of a block pin its
	// chunk's parse, ten to twenty times its text, and up to 3*workers
	// blocks are in flight.
	type block struct {
		ref      syntax.ChunkRef
		from, to int
		games    []syntax.GameRef // textOnly
		res      []Result
		done     chan struct{}
	}
	const blockGames = 32
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *block)
	order := make(chan *block, 2*workers) // bounds the blocks in flight
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for b := range jobs {
				for k, r := range b.ref.Games() {
					if k >= b.to {
						break
					}
					if k >= b.from {
						b.res = append(b.res, rewrite(r.Game))
						b.games = append(b.games, syntax.GameRef{Start: r.Start, Game: textOnly(r.Game)})
					}
				}
				close(b.done)
			}
		})
	}
	go func() {
		defer close(order)
		defer close(jobs)
		for _, ref := range f.Chunks() {
			if ref.First >= to {
				break
			}
			for i := max(from, ref.First); i < min(to, ref.First+ref.Chunk.Len()) && ctx.Err() == nil; i += blockGames {
				b := &block{ref: ref, from: i, to: min(i+blockGames, to, ref.First+ref.Chunk.Len()), done: make(chan struct{})}
				order <- b
				jobs <- b
			}
		}
	}()
	i := from
	for b := range order {
		<-b.done
		for k, r := range b.games {
			if b.res[k].Broken {
				left = append(left, Left{Index: i, Reason: b.res[k].Skipped, At: r.Start + b.res[k].At})
			}
			l.Add(r.Start, r.Game, b.res[k])
			i++
		}
	}
	wg.Wait()
	if ctx.Err() != nil {
		return left
	}
	if to > from && to < f.NumGames() {
		l.Keep(f.Game(to).Game)
	}
	l.Flush()
	return left
}

// textOnly returns a game that holds g's text and nothing of its tree:
// all that a Layout reads of a game (its text, and from it its line
// ends), without pinning the parse g belongs to.
func textOnly(g *syntax.Game) *syntax.Game { return &syntax.Game{Text: g.Text} }
