package lsp

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// kindStrip is the parent kind of the strip source actions: a client's
// context.only of "source.strip" asks for all of them.
const kindStrip protocol.CodeActionKind = "source.strip"

// stripActionItems are the strip source actions, in the order they are
// offered: kind source.strip.ITEM, for the pgnls fmt --strip item ITEM.
var stripActionItems = []struct {
	item, title string
}{
	{"comments", "Strip comments"},
	{"commands", "Strip embedded commands ([%clk], [%eval], ...)"},
	{"clk", "Strip clocks ([%clk])"},
	{"eval", "Strip evaluations ([%eval])"},
	{"nags", "Strip NAGs"},
	{"variations", "Strip variations"},
	{"tags", "Strip tags but the roster's"},
}

// stripActions returns the source actions source.strip.ITEM ("Strip
// comments", ...) for the games that the range span of doc touches (the
// game at the cursor when it is empty): each writes those games as
// pgnls fmt --strip ITEM writes them (format.Edits with Options.Strip,
// in the layout of the settings), and changes no other game. An action
// is offered when it strips something, that is when its edits are not
// those of formatting the games alone. A request without a kind filter,
// which clients send at each move of the cursor, works them out only
// for selections up to fixAllMax bytes. Their edits are CodeAction
// literals: none is offered to a client that takes only Commands.
func (s *server) stripActions(ctx context.Context, doc *session.Document, span syntax.Span, only []protocol.CodeActionKind) []codeAction {
	if !s.client.actionLiterals || len(only) == 0 && span.End-span.Start > fixAllMax {
		return nil
	}
	f := doc.File
	from := f.GameAt(span.Start)
	last := from
	if span.End > span.Start {
		last = f.GameAt(span.End - 1)
	}
	if from < 0 {
		return nil
	}
	var actions []codeAction
	var plain []syntax.Edit
	plainDone := false
	for _, a := range stripActionItems {
		kind := kindStrip + protocol.CodeActionKind("."+a.item)
		if !wantKind(only, kind) {
			continue
		}
		strip, err := format.ParseStrip(a.item)
		if err != nil {
			panic(err) // the items are ParseStrip's
		}
		if !plainDone {
			plain, _ = format.Edits(ctx, f, s.settings.formatOptions(), from, last+1)
			plainDone = true
		}
		opts := s.settings.formatOptions()
		opts.Strip = strip
		edits, _ := format.Edits(ctx, f, opts, from, last+1)
		if ctx.Err() != nil {
			return nil
		}
		if len(edits) == 0 || slices.Equal(edits, plain) {
			continue
		}
		actions = append(actions, codeAction{Title: a.title, Kind: kind, Edit: workspaceEdit(doc, edits)})
	}
	return actions
}
