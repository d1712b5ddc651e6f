package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestRemoveDuplicateFix: the quick fix of a near-duplicate removes the
// truncated copy and adds to the longer game the tags only the copy
// has; found from the diagnostic's related information, or, from a
// client that does not send it back, from its message.
func TestRemoveDuplicateFix(t *testing.T) {
	const moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n" +
		"11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7"
	long := "[Event \"E\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n[Result \"1-0\"]\n\n" + moves + " 21. Qe3 1-0\n\n"
	short := "[Event \"E\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n[Result \"*\"]\n[Annotator \"Z\"]\n\n" + moves + " *\n"
	text := long + short
	want := strings.Replace(long, "[Result \"1-0\"]\n", "[Result \"1-0\"]\n[Annotator \"Z\"]\n", 1)

	c := start(t, lsptest.Options{})
	c.Initialize(nil)
	const uri = "file:///dups.pgn"
	c.Open(uri, text)
	c.Settle()
	last, _ := c.Last(uri)
	var near *protocol.Diagnostic
	for i, d := range last.Diagnostics {
		if d.Code == "near-duplicate-game" {
			near = &last.Diagnostics[i]
		}
	}
	if near == nil {
		t.Fatalf("no near-duplicate-game: %s", last.Raw)
	}
	withoutRelated := *near
	withoutRelated.RelatedInformation = nil
	for _, d := range []protocol.Diagnostic{*near, withoutRelated} {
		var actions []protocol.CodeAction
		if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
			"textDocument": protocol.TextDocumentIdentifier{URI: uri},
			"range":        d.Range,
			"context":      map[string]any{"diagnostics": []protocol.Diagnostic{d}},
		}, &actions); err != nil {
			t.Fatalf("codeAction: %v", err)
		}
		var quick *protocol.CodeAction
		for i, a := range actions {
			if a.Title == "Remove this duplicate (keep the longer copy)" {
				quick = &actions[i]
			}
		}
		if quick == nil || quick.Edit == nil {
			b, _ := json.Marshal(actions)
			t.Fatalf("no removal among %s", b)
		}
		got, err := lsptest.ApplyEdits(text, quick.Edit.Changes[uri])
		if err != nil || got != want {
			t.Errorf("related %v: the fix gives\n%s\nwant\n%s (%v)", d.RelatedInformation != nil, got, want, err)
		}
	}
}
