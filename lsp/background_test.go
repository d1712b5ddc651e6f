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
