package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestBackgroundRequestsPinVersion: whole-document requests run off the
// worker, but each answers for the version current when it arrived, not
// for the edits that follow it.
func TestBackgroundRequestsPinVersion(t *testing.T) {
	c := start(t, lsptest.Options{})
	c.Initialize(nil)
	const uri = "file:///pin.pgn"
	text := strings.Repeat("[Event \"Old\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n", 200)
	c.Open(uri, text)
	doc := protocol.TextDocumentIdentifier{URI: uri}
	for range 5 {
		pending := c.Send(c.NextID(), protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: doc})
		c.Change(uri, lsptest.Edit{Text: strings.ReplaceAll(text, "Old", "New")})
		var res json.RawMessage
		if err := pending.Wait(&res); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(res), "New") || !strings.Contains(string(res), "Old") {
			t.Fatalf("documentSymbol answered for a later version: %.200s", res)
		}
		c.Change(uri, lsptest.Edit{Text: text})
	}
}

// TestFullTokensDeclinedWhenBig: a document over 1 MB gets null for its
// full semantic tokens, and its ranges are still tokenized; a small one
// gets its full tokens.
func TestFullTokensDeclinedWhenBig(t *testing.T) {
	c := start(t, lsptest.Options{})
	c.Initialize(nil)
	game := "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
	for _, tc := range []struct {
		games int
		null  bool
	}{{10, false}, {(1<<20)/len(game) + 1, true}} {
		uri := protocol.DocumentURI("file:///t" + strings.Repeat("x", tc.games%7) + ".pgn")
		c.Open(uri, strings.Repeat(game, tc.games))
		doc := map[string]any{"uri": uri}
		var full json.RawMessage
		if err := c.Call(protocol.MethodSemanticTokensFull, map[string]any{"textDocument": doc}, &full); err != nil {
			t.Fatal(err)
		}
		if got := len(full) == 0 || string(full) == "null"; got != tc.null {
			t.Errorf("%d games: full tokens null = %v, want %v (%.80s)", tc.games, got, tc.null, full)
		}
		var rng protocol.SemanticTokens
		if err := c.Call(protocol.MethodSemanticTokensRange, map[string]any{"textDocument": doc,
			"range": protocol.Range{End: protocol.Position{Line: 40}}}, &rng); err != nil {
			t.Fatal(err)
		}
		if len(rng.Data) == 0 {
			t.Errorf("%d games: no tokens in the range", tc.games)
		}
	}
}
