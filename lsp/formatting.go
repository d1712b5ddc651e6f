package lsp

import (
	"context"
	"encoding/json"
	"io"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// Formatting answers with per-game edits: a game whose export form equals
// its text gets none, a game that cannot be formatted (syntax errors, an
// illegal move) is never touched, and inside a changed game the edits
// cover only the lines, and bytes, that change (see diffEdits), so that
// cursors and undo history survive format-on-save.

// formattingParams is DocumentFormattingParams and
// DocumentRangeFormattingParams; the client's FormattingOptions (tab
// size, spaces) do not apply to PGN and are ignored.
type formattingParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        *protocol.Range                 `json:"range"`
}

func (s *server) formatting(ctx context.Context, params json.RawMessage) (any, error) {
	return s.format(ctx, params, false)
}

// rangeFormatting formats the games that the range touches, whole.
func (s *server) rangeFormatting(ctx context.Context, params json.RawMessage) (any, error) {
	return s.format(ctx, params, true)
}

func (s *server) format(ctx context.Context, params json.RawMessage, ranged bool) (any, error) {
	var p formattingParams
	if err := unmarshal(params, &p); err != nil {
		return nil, err
	}
	doc := s.store.get(p.TextDocument.URI)
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	f := doc.file
	from, to := 0, f.NumGames()
	if ranged && p.Range != nil {
		from, to = gamesIn(f, mapper{f}.span(*p.Range))
	}
	edits := formatEdits(ctx, f, s.settings.formatOptions(), from, to)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	s.logger.Debug("formatting", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
		zap.Int("games", to-from), zap.Int("edits", len(edits)))
	return textEdits(mapper{f}, edits), nil
}

// gamesIn returns the range [from, to) of the games that span touches. An
// empty span touches the game it is in; a span ending at a game's first
// byte does not touch that game.
func gamesIn(f *syntax.File, span syntax.Span) (from, to int) {
	if f.NumGames() == 0 {
		return 0, 0
	}
	from = f.GameAt(span.Start)
	last := f.GameAt(span.End)
	if span.End > span.Start && last > from && f.Game(last).Start >= span.End {
		last--
	}
	return from, last + 1
}

// formatEdits returns the file-absolute edits that put the games [from,
// to) of f in export form, as format.File would lay them out, in order.
// It stops early, with partial edits, once ctx is done.
func formatEdits(ctx context.Context, f *syntax.File, opts format.Options, from, to int) []syntax.Edit {
	var edits []syntax.Edit
	for _, g := range formatGames(ctx, f, opts, from, to) {
		r := f.Game(g.index)
		for _, e := range diffEdits(r.Game.Text, g.text) {
			edits = append(edits, syntax.Edit{Start: r.Start + e.Start, End: r.Start + e.End, New: e.New})
		}
	}
	return edits
}

// newGame is the formatted text of one game.
type newGame struct {
	index int
	text  string
}

// formatGames formats the games [from, to) of f and returns the new text
// of each game whose text changes. It lays the games out with a
// format.Joiner, as format.File does, and splits that output into games:
// each game's text plus the line ends that separate it from the next
// game, which belong to whichever of the two was formatted (the first one
// if both were), so that a game left as it was never gets an edit. Games
// outside [from, to) count as left as they were.
func formatGames(ctx context.Context, f *syntax.File, opts format.Options, from, to int) []newGame {
	var out []newGame
	var prev newGame       // the previous game's new text
	var prevOld string     // and its old text
	prevFormatted := false // prev was formatted
	flush := func() {
		if prev.text != prevOld {
			out = append(out, prev)
		}
	}
	j := format.NewJoiner(io.Discard, f.Dialect)
	if from > 0 {
		g := f.Game(from - 1).Game
		j.Next(g, format.Result{Text: g.Text, Skipped: "outside the range"})
	}
	for i := from; i < to; i++ {
		if ctx.Err() != nil {
			return out
		}
		g := f.Game(i).Game
		sep, text, formatted := j.Next(g, format.Game(g, f.Dialect, opts))
		if prevFormatted {
			prev.text += sep
		} else {
			text = sep + text
		}
		if i > from {
			flush()
		}
		prev, prevOld, prevFormatted = newGame{i, text}, g.Text, formatted
	}
	if to > from {
		if to < f.NumGames() && prevFormatted {
			// The next game is kept as it is: the separator is ours.
			next := f.Game(to).Game
			sep, _, _ := j.Next(next, format.Result{Text: next.Text, Skipped: "outside the range"})
			prev.text += sep
		}
		flush()
	}
	return out
}

// textEdits converts file-absolute edits to protocol form; never nil.
func textEdits(m mapper, edits []syntax.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: m.rangeOf(syntax.Span{Start: e.Start, End: e.End}), NewText: e.New})
	}
	return out
}
