package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// Formatting answers with per-game edits: a game whose export form equals
// its text gets none, a game that cannot be formatted (syntax errors, an
// illegal move) is never touched, and inside a changed game the edits
// cover only the lines, and bytes, that change (see diff.Edits), so that
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
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	if s.declineEdits(doc, "formatting") {
		return []protocol.TextEdit{}, nil
	}
	f := doc.File
	from, to := 0, f.NumGames()
	if ranged && p.Range != nil {
		from, to = gamesIn(f, mapper{f}.span(*p.Range))
	}
	// The edits are encoded as they come, game by game, into parts that
	// are sent as they are: a big document's formatting holds its JSON
	// once, not the new text of every game besides, nor the copies that
	// encoding []protocol.TextEdit and then the response around it make.
	opts := s.settings.formatOptions()
	m := mapper{f}
	result := wire.Parts{}.Append([]byte{'['})
	var buf []byte
	n := 0
	left := format.EachEdit(ctx, f, from, to, func(g *syntax.Game) format.Result { return format.Game(g, f.Dialect, opts) }, func(e syntax.Edit) {
		buf = buf[:0]
		if n > 0 {
			buf = append(buf, ',')
		}
		buf = wire.AppendTextEdit(buf, m.rangeOf(e.Span), e.New)
		result = result.Append(buf)
		n++
	})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if len(left) > 0 {
		s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: leftMessage(f, left)})
	}
	s.logger.Debug("formatting", zap.String("uri", doc.URI), zap.Int32("version", doc.Version),
		zap.Int("games", to-from), zap.Int("edits", n))
	return result.Append([]byte{']'}), nil
}

// leftMessage tells which games formatting left as they were, and why:
// the first three, each at the line and column (in characters, as the
// command line counts them) of what stopped it, and how many in all.
func leftMessage(f *syntax.File, left []format.Left) string {
	var b strings.Builder
	if len(left) == 1 {
		b.WriteString("pgnls: 1 game was left as it was: ")
	} else {
		fmt.Fprintf(&b, "pgnls: %d games were left as they were: ", len(left))
	}
	for k, l := range left {
		if k == 3 {
			fmt.Fprintf(&b, "; and %d more", len(left)-3)
			break
		}
		if k > 0 {
			b.WriteString("; ")
		}
		line := f.Position(l.At).Line
		col := utf8.RuneCountInString(f.Slice(syntax.Span{Start: f.LineStart(line), End: l.At})) + 1
		fmt.Fprintf(&b, "line %d, column %d: %s", line, col, l.Reason)
	}
	return b.String()
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

// textEdits converts file-absolute edits to protocol form; never nil.
func textEdits(m mapper, edits []syntax.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: m.rangeOf(e.Span), NewText: e.New})
	}
	return out
}
