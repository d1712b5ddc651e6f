package lsp

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/lsp/wire"
)

// commandCopyGame is the command "copy game without…": the text of the
// game at a position, in export form without what a pgnls fmt --strip
// list names (comments, variations, NAGs, the [%clk] and [%eval]
// commands...), for the client to put on the clipboard. The document is
// not changed.
const commandCopyGame = "pgnls.copyGame"

// copyArgs is the argument of pgnls.copyGame: the game at Position of the
// document, without the items of Strip (format.ParseStrip: "comments",
// "variations", "nags", "clk,emt,eval", ...).
type copyArgs struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     protocol.Position               `json:"position"`
	Strip        string                          `json:"strip"`
}

// copyResult is the answer to pgnls.copyGame: the game's stripped text,
// in the document's line endings.
type copyResult struct {
	Text string `json:"text"`
}

// copyCommand runs commandCopyGame: the game is written by the code of
// pgnls fmt --strip (format.Game with Options.Strip), in the layout of
// the settings. A game the formatter cannot write is an error, with the
// reason: its text is not stripped.
func (s *server) copyCommand(p command) (any, error) {
	if len(p.Arguments) != 1 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes one argument", p.Command)
	}
	var a copyArgs
	if err := wire.Unmarshal(p.Arguments[0], &a); err != nil {
		return nil, err
	}
	strip, err := format.ParseStrip(a.Strip)
	if err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", p.Command, err)
	}
	doc := s.docs.Get(string(a.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(a.TextDocument.URI)
	}
	m := mapper{doc.File}
	off, _ := m.offset(a.Position)
	i := doc.File.GameAt(off)
	if i < 0 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: no game at %d:%d", p.Command, a.Position.Line+1, a.Position.Character+1)
	}
	opts := s.settings.formatOptions()
	opts.Strip = strip
	r := format.Game(doc.File.Game(i).Game, doc.File.Dialect, opts)
	if r.Skipped != "" {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "game %d cannot be copied stripped: %s", i+1, r.Skipped)
	}
	return copyResult{Text: r.Text}, nil
}
