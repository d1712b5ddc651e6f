package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/lsp/lsptest"
	"go.lsp.dev/protocol"
)

// FuzzMessages sends an opened document and one arbitrary message (any
// method, any params, valid JSON or not) to an in-process server. The
// server must answer requests (a result or a JSON-RPC error) within the
// client's timeout, never log an error or panic, and then still answer a
// hover on the document.
func FuzzMessages(f *testing.F) {
	const uri = "file:///fuzz.pgn"
	pos := `{"textDocument":{"uri":"` + uri + `"},"position":{"line":2,"character":4}}`
	doc := `{"textDocument":{"uri":"` + uri + `"}}`
	text := "[Event \"f\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4 $1) Nc6 *\n"
	for _, seed := range [][2]string{
		{"textDocument/hover", pos},
		{"textDocument/completion", pos},
		{"textDocument/formatting", `{"textDocument":{"uri":"` + uri + `"},"options":{"tabSize":4,"insertSpaces":true}}`},
		{"textDocument/rangeFormatting", `{"textDocument":{"uri":"` + uri + `"},"range":{"start":{"line":9,"character":0},"end":{"line":0,"character":99}}}`},
		{"textDocument/codeAction", `{"textDocument":{"uri":"` + uri + `"},"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":5}},"context":{"diagnostics":[]}}`},
		{"textDocument/documentSymbol", doc},
		{"textDocument/foldingRange", doc},
		{"textDocument/semanticTokens/full", doc},
		{"textDocument/selectionRange", `{"textDocument":{"uri":"` + uri + `"},"positions":[{"line":2,"character":4},{"line":-1,"character":70000}]}`},
		{"textDocument/documentHighlight", pos},
		{"textDocument/didChange", `{"textDocument":{"uri":"` + uri + `","version":2},"contentChanges":[{"range":{"start":{"line":2,"character":8},"end":{"line":2,"character":3}},"text":"x"}]}`},
		{"textDocument/didChange", `{"textDocument":{"uri":"file:///other.pgn","version":0},"contentChanges":[{"text":"x"}]}`},
		{"textDocument/didClose", doc},
		{"workspace/didChangeConfiguration", `{"settings":{"pgnls":{"lineLength":"x"}}}`},
		{"$/cancelRequest", `{"id":1}`},
		{"no/such/method", `[1,2]`},
		{"", pos}, // go.lsp.dev/jsonrpc2 takes it for a response (see lsp/wire)
		{"textDocument/hover", `{"textDocument":{"uri":7}}`},
		{"textDocument/hover", `not json`},
	} {
		f.Add(text, seed[0], seed[1])
	}
	f.Add("[Variant \"C'escacs\"]\n\n1. H6-H12, I23-I19:\n*\n", "textDocument/completion", pos)
	f.Fuzz(func(t *testing.T, text, method, params string) {
		switch method {
		case "exit", "shutdown", "initialize":
			return // they end or restart the session by design
		}
		c := lsptest.Start(t, lsptest.Options{})
		c.Initialize(nil)
		c.Open(uri, text)
		raw := json.RawMessage(params)
		if !json.Valid(raw) {
			raw, _ = json.Marshal(params)
		}
		if strings.HasPrefix(method, "$/") || strings.Contains(method, "/did") {
			c.Notify(method, raw)
		} else {
			_ = c.Call(method, raw, nil) // a result or a JSON-RPC error
		}
		var hover *protocol.Hover
		if err := c.Call("textDocument/hover", json.RawMessage(pos), &hover); err != nil && !strings.Contains(err.Error(), "not open") {
			t.Fatalf("hover after %s: %v", method, err)
		}
	})
}
