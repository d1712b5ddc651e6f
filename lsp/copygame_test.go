package lsp_test

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestCopyGame: pgnls.copyGame answers the game at the position without
// what the strip list names, as pgnls fmt --strip writes it, in the
// document's line endings; the document is not changed; a bad list and a
// position past the games are errors.
func TestCopyGame(t *testing.T) {
	c := lsptest.Start(t, lsptest.Options{})
	init := c.Initialize(nil)
	if p := init.Capabilities.ExecuteCommandProvider; p == nil || !strings.Contains(strings.Join(p.Commands, " "), "pgnls.copyGame") {
		t.Fatalf("no pgnls.copyGame command in %+v", p)
	}
	const uri = "file:///copy.pgn"
	const header = "[Event \"x\"]\r\n[Site \"?\"]\r\n[Date \"????.??.??\"]\r\n[Round \"?\"]\r\n[White \"A\"]\r\n[Black \"B\"]\r\n[Result \"*\"]\r\n\r\n"
	text := header + "1. e4 { [%clk 0:05:00] [%eval 0.3] best by test } e5 $1 (1... c5 { Sicilian }) 2. Nf3!? { [%clk 0:04:58] } *\r\n\r\n" +
		"[Event \"y\"]\r\n\r\n1. d4 { second } 1-0\r\n"
	c.Open(uri, text)
	doc := protocol.TextDocumentIdentifier{URI: uri}
	copyAt := func(pos protocol.Position, strip string) (string, error) {
		var res struct{ Text string }
		err := c.Call(protocol.MethodWorkspaceExecuteCommand, map[string]any{"command": "pgnls.copyGame", "arguments": []any{map[string]any{"textDocument": doc, "position": pos, "strip": strip}}}, &res)
		return res.Text, err
	}
	at := lsptest.RangeOf(t, text, "Nf3").Start
	for _, tc := range []struct{ strip, want string }{
		{"comments", "1. e4 e5 $1 (1... c5) 2. Nf3 $5 *\r\n"},
		{"variations", "1. e4 {[%clk 0:05:00] [%eval 0.3] best by test} 1... e5 $1 2. Nf3 $5 {[%clk\r\n0:04:58]} *\r\n"},
		{"nags", "1. e4 {[%clk 0:05:00] [%eval 0.3] best by test} 1... e5 (1... c5 {Sicilian}) 2.\r\nNf3 {[%clk 0:04:58]} *\r\n"},
		{"clk,emt,eval", "1. e4 {best by test} 1... e5 $1 (1... c5 {Sicilian}) 2. Nf3 $5 *\r\n"},
		{"comments,variations,nags", "1. e4 e5 2. Nf3 *\r\n"},
	} {
		got, err := copyAt(at, tc.strip)
		if err != nil {
			t.Errorf("%s: %v", tc.strip, err)
			continue
		}
		if got != header+tc.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tc.strip, got, header+tc.want)
		}
	}
	got, err := copyAt(lsptest.RangeOf(t, text, "second").Start, "comments")
	if err != nil || !strings.HasSuffix(got, "\r\n1. d4 1-0\r\n") || strings.Contains(got, "second") {
		t.Errorf("the second game: %q, %v", got, err)
	}
	if _, err := copyAt(at, "comments,sparkles"); err == nil || !strings.Contains(err.Error(), "sparkles") {
		t.Errorf("a bad strip list: %v", err)
	}
	if reqs := c.Requests(protocol.MethodWorkspaceApplyEdit); len(reqs) != 0 {
		t.Errorf("the document was edited: %s", reqs)
	}
}
