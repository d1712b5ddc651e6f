package lsp_test

import (
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestAddTagsAction: the source action source.addTags adds the opening
// tags and PlyCount the game at the cursor lacks, as pgnls fix --add.
func TestAddTagsAction(t *testing.T) {
	const text = "[Event \"x\"]\n[ECO \"B12\"]\n\n1. e4 c6 2. d4 d5 3. e5 c5 4. dxc5 e6 *\n"
	const want = "[Event \"x\"]\n[ECO \"B12\"]\n[Opening \"Caro-Kann Defense\"]\n[Variation \"Advance Variation, Botvinnik-Carls Defense\"]\n[PlyCount \"8\"]\n\n1. e4 c6 2. d4 d5 3. e5 c5 4. dxc5 e6 *\n"
	c := start(t, lsptest.Options{})
	c.Initialize(nil)
	const uri = "file:///add.pgn"
	c.Open(uri, text)
	c.Settle()
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": protocol.TextDocumentIdentifier{URI: uri},
		"range":        lsptest.RangeOf(t, text, "e4"),
		"context":      map[string]any{"diagnostics": []any{}, "only": []string{"source.addTags"}},
	}, &actions); err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	if len(actions) != 1 || actions[0].Title != "Add Opening, Variation, PlyCount" || actions[0].Edit == nil {
		t.Fatalf("actions %+v", actions)
	}
	got, err := lsptest.ApplyEdits(text, actions[0].Edit.Changes[uri])
	if err != nil || got != want {
		t.Errorf("added:\n%s\nwant:\n%s (%v)", got, want, err)
	}
}
