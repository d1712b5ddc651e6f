package lsp_test

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestStripActionsLiteralSupport: the strip source actions are edits, so
// they are offered only to a client that takes CodeAction literals
// (codeActionLiteralSupport); "source.strip" asks for every one of them,
// and each is offered only when it strips something.
func TestStripActionsLiteralSupport(t *testing.T) {
	const text = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 { [%clk 0:05:00] fine } e5 $1 *\n"
	literals := map[string]any{"textDocument": map[string]any{"codeAction": map[string]any{
		"codeActionLiteralSupport": map[string]any{"codeActionKind": map[string]any{"valueSet": []string{"source"}}}}}}
	for _, tc := range []struct {
		name string
		caps any
		want []string
	}{
		{"commands only", nil, nil},
		{"literals", literals, []string{"source.strip.comments", "source.strip.commands", "source.strip.clk", "source.strip.nags"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t, lsptest.Options{Capabilities: tc.caps})
			c.Initialize(nil)
			const uri = "file:///strip.pgn"
			c.Open(uri, text)
			c.Settle()
			var actions []protocol.CodeAction
			if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
				"textDocument": protocol.TextDocumentIdentifier{URI: uri},
				"range":        lsptest.RangeOf(t, text, "e5"),
				"context":      map[string]any{"diagnostics": []any{}, "only": []string{"source.strip"}},
			}, &actions); err != nil {
				t.Fatalf("codeAction: %v", err)
			}
			var kinds []string
			for _, a := range actions {
				kinds = append(kinds, string(a.Kind))
				if a.Edit == nil {
					t.Errorf("%s: no edit", a.Kind)
				}
			}
			if !slices.Equal(kinds, tc.want) {
				t.Errorf("kinds %q, want %q", kinds, tc.want)
			}
		})
	}
}
