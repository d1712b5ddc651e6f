package export

import (
	"context"
	"errors"
	"io"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Options say what an Exporter writes.
type Options struct {
	Moves bool     // one row per half-move of the main lines (MovesTable) instead of one per game
	Tags  []string // the tags with a column of their own in the games table; nil: DefaultTags
	Jobs  int      // games recorded at once; < 1: one per core
	// RowGroup is about how many bytes of values a Parquet row group
	// holds, in memory until it is written; 0: 32 MiB.
	RowGroup int
}

// Exporter writes the records of streams of games to one output, the
// games numbered from 1 across all of them.
type Exporter struct {
	opts  Options
	table Table
	rec   *Recorder
	w     Writer
	games int64
	row   []Value // the moves row being written
}

// ErrDialect is returned by Read for a stream that is not PGN: the
// records are those of standard chess and its lichess variants.
var ErrDialect = errors.New("only PGN games are exported (CTL-PGN records are not)")

// New returns an Exporter writing to w in format (one of Formats, or
// EPD, which writes the positions of the moves: Moves is implied).
func New(w io.Writer, format string, opts Options) (*Exporter, error) {
	if format == EPD {
		opts.Moves = true
	}
	games := GamesTable(opts.Tags)
	e := &Exporter{opts: opts, table: games, rec: NewRecorder(games, opts.Tags, opts.Moves)}
	if opts.Moves {
		e.table = MovesTable
		e.row = make([]Value, len(MovesTable.Columns))
	}
	var err error
	e.w, err = NewWriter(w, format, e.table, opts.RowGroup)
	return e, err
}

// Read writes the records of the games of gr, read from file name,
// recording them on every core (Options.Jobs) and writing them in file
// order with a bounded number of games in memory. A game with neither
// tags nor moves nor result (a comment between games) is no record. It
// returns the first write error, or ErrDialect.
func (e *Exporter) Read(ctx context.Context, gr *syntax.GameReader, name string) error {
	if gr.Dialect() != syntax.PGN {
		return ErrDialect
	}
	gr.DropTokens() // the records read the tree only
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var err error
	work := func(it *analysis.StreamItem[*Record]) {
		g := it.Game.Game
		if len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == nil {
			return
		}
		r := e.rec.Record(it.Game, name)
		it.Value = &r
	}
	emit := func(it *analysis.StreamItem[*Record]) {
		r := it.Value
		if r == nil || err != nil {
			return
		}
		e.games++
		r.Game[0] = Value{I: e.games}
		if !e.opts.Moves {
			err = e.w.Write(r.Game)
		}
		for i := range r.Moves {
			if err == nil {
				r.MoveRow(e.games, i, e.row)
				err = e.w.Write(e.row)
			}
		}
		if err != nil {
			cancel()
		}
	}
	analysis.EachGame(ctx, gr, e.opts.Jobs, nil, work, emit)
	return err
}

// Close writes what is buffered; it does not close the output.
func (e *Exporter) Close() error { return e.w.Close() }
