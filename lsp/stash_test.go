package lsp_test

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestStashedParams sends big notifications, whose params the stream
// decodes itself (lowered threshold): an open, a change of the whole text,
// a change with ranges, one before initialize (dropped) and one of a
// method the server does not know; the server's text must equal the
// client's and nothing may stay in the stash.
func TestStashedParams(t *testing.T) {
	defer lsp.SetStashBytes(64)()
	c := start(t, lsptest.Options{Serve: lsp.ServeForTest})
	big := strings.Repeat("[Event \"é \\\" 🩐\"]\n[Result \"*\"]\n\n1. e4 { a\tb } *\n\n", 20)
	c.Notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: "file:///early.pgn", Text: big}})
	c.Initialize(nil)
	const uri = "file:///big.pgn"
	c.Open(uri, big)
	check := func(want string) {
		t.Helper()
		if got := serverText(t, c, uri); got == nil || got.Text != want {
			t.Fatalf("server text differs from the client's")
		}
		var n int
		if err := c.Call(lsp.MethodTestStashed, nil, &n); err != nil || n != 0 {
			t.Fatalf("%d params left in the stash (%v)", n, err)
		}
	}
	check(big)
	text := strings.ReplaceAll(big, "e4", "d4")
	c.Change(uri, lsptest.Edit{Text: text}) // the whole text
	check(text)
	c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "d4"), strings.Repeat("x", 100)))
	text = strings.Replace(text, "d4", strings.Repeat("x", 100), 1)
	check(text)
	c.Notify("pgnls/unknown", map[string]string{"big": big})
	check(text)
	if got := serverText(t, c, "file:///early.pgn"); got != nil {
		t.Error("a didOpen before initialize was not dropped")
	}
}
