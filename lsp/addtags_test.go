package lsp_test

import (
	"os"
	"path/filepath"
	"strings"
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

// TestPlayerNameVariantFix: a spelling of a name the document spells
// otherwise more often gets player-name-variant, whose quick fix writes
// the canonical spelling.
func TestPlayerNameVariantFix(t *testing.T) {
	game := func(white string) string {
		return "[Event \"x\"]\n[White \"" + white + "\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 e5 *\n\n"
	}
	text := game("Carlsen, Magnus") + game("Carlsen, Magnus") + game("Carlsen,M")
	c := start(t, lsptest.Options{})
	c.Initialize(nil)
	const uri = "file:///names.pgn"
	c.Open(uri, text)
	c.Settle()
	last, _ := c.Last(uri)
	var variant *protocol.Diagnostic
	for i, d := range last.Diagnostics {
		if d.Code == "player-name-variant" {
			variant = &last.Diagnostics[i]
		}
	}
	if variant == nil {
		t.Fatalf("no player-name-variant: %s", last.Raw)
	}
	if want := `"Carlsen,M" is another spelling of "Carlsen, Magnus": "Carlsen, Magnus" 2, "Carlsen,M" 1`; variant.Message != want {
		t.Errorf("message %q, want %q", variant.Message, want)
	}
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": protocol.TextDocumentIdentifier{URI: uri},
		"range":        variant.Range,
		"context":      map[string]any{"diagnostics": []protocol.Diagnostic{*variant}},
	}, &actions); err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	if len(actions) == 0 || actions[0].Edit == nil {
		t.Fatalf("actions %+v", actions)
	}
	got, err := lsptest.ApplyEdits(text, actions[0].Edit.Changes[uri])
	if want := game("Carlsen, Magnus") + game("Carlsen, Magnus") + game("Carlsen, Magnus"); err != nil || got != want {
		t.Errorf("fixed:\n%s\nwant:\n%s (%v)", got, want, err)
	}
}

// TestNamesFileOfWorkspace: .pgnls-names at the workspace root chooses
// the canonical spelling of player-name-variant.
func TestNamesFileOfWorkspace(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".pgnls-names"), []byte("Carlsen, Magnus Oen = Carlsen, Magnus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, lsptest.Options{RootURI: "file://" + filepath.ToSlash(dir)})
	c.Initialize(nil)
	const uri = "file:///names.pgn"
	c.Open(uri, "[Event \"x\"]\n[White \"Carlsen, Magnus\"]\n\n1. e4 *\n")
	c.Settle()
	last, _ := c.Last(uri)
	found := false
	for _, d := range last.Diagnostics {
		found = found || d.Code == "player-name-variant" && strings.Contains(d.Message, `another spelling of "Carlsen, Magnus Oen"`)
	}
	if !found {
		t.Errorf("no player-name-variant after the names file: %s", last.Raw)
	}
}
