package lsp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestWorkspaceEdit checks that the workspace search answers for the
// text of the open documents: an edit changes the answers of references,
// of the explorer and of workspace/symbol; and that the first index is
// built with work-done progress.
func TestWorkspaceEdit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "a.pgn"), []byte("[White \"Disk\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c := lsptest.Start(t, lsptest.Options{
			Server:           lsp.Options{WorkspaceCache: t.TempDir()},
			WorkspaceFolders: []string{root},
			Capabilities:     map[string]any{"window": map[string]any{"workDoneProgress": true}},
		})
		c.Initialize(nil)
		const asker, edited = protocol.DocumentURI("file:///asker.pgn"), protocol.DocumentURI("file:///edited.pgn")
		c.Open(asker, "[White \"Asker\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n")
		c.Open(edited, "[White \"Before\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 0-1\n")
		c.WaitIndexed() // the build reads files, which the bubble's clock does not wait for
		c.Settle()
		if kinds := progressKinds(t, c); !slices.Equal(kinds, []string{"begin", "report", "end"}) {
			t.Errorf("progress of the index: %v, want begin, report, end", kinds)
		}
		nc6 := protocol.Position{Line: 2, Character: 16}
		refs := func() []string {
			var locs []protocol.Location
			params := map[string]any{"textDocument": map[string]any{"uri": asker}, "position": nc6, "context": map[string]bool{"includeDeclaration": false}}
			if err := c.Call(protocol.MethodTextDocumentReferences, params, &locs); err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, l := range locs {
				out = append(out, filepath.Base(string(l.URI)))
			}
			return out
		}
		explorer := func() (games int, moves string) {
			var b struct {
				Explorer struct {
					Games int `json:"games"`
					Moves []struct {
						SAN string `json:"san"`
					} `json:"moves"`
				} `json:"explorer"`
			}
			params := map[string]any{"textDocument": map[string]any{"uri": asker}, "position": nc6, "explorer": true}
			if err := c.Call("pgnls/board", params, &b); err != nil {
				t.Fatal(err)
			}
			var sans []string
			for _, m := range b.Explorer.Moves {
				sans = append(sans, m.SAN)
			}
			return b.Explorer.Games, strings.Join(sans, " ")
		}
		symbols := func(q string) int {
			var syms []json.RawMessage
			if err := c.Call(protocol.MethodWorkspaceSymbol, map[string]any{"query": q}, &syms); err != nil {
				t.Fatal(err)
			}
			return len(syms)
		}
		// The declaration (the move asked about) left out.
		if got, want := refs(), []string{"edited.pgn", "a.pgn"}; !slices.Equal(got, want) {
			t.Errorf("references before the edit: %q, want %q", got, want)
		}
		if games, moves := explorer(); games != 3 || moves != "Bb5 Bc4" {
			t.Errorf("explorer after Nc6 before the edit: %d games, moves %q", games, moves)
		}
		if n := symbols("before"); n != 1 {
			t.Errorf("%d games named Before", n)
		}
		// 2. d4 instead of 2. e4: edited.pgn no longer reaches the position.
		c.Change(edited, lsptest.Replace(protocol.Range{Start: protocol.Position{Line: 0, Character: 8}, End: protocol.Position{Line: 0, Character: 14}}, "After"),
			lsptest.Replace(protocol.Range{Start: protocol.Position{Line: 2, Character: 14}, End: protocol.Position{Line: 2, Character: 16}}, "d4"))
		if games, moves := explorer(); games != 2 || moves != "Bb5" {
			t.Errorf("explorer after Nc6 after the edit: %d games, moves %q", games, moves)
		}
		if got, want := refs(), []string{"a.pgn"}; !slices.Equal(got, want) {
			t.Errorf("references after the edit: %q, want %q", got, want)
		}
		if n, m := symbols("before"), symbols("after"); n != 0 || m != 1 {
			t.Errorf("after the edit, %d games named Before, %d After", n, m)
		}
		// Closed, it is searched no more (it is not in the folder).
		c.Close(edited)
		if n := symbols("White = After"); n != 0 {
			t.Errorf("a closed document still searched")
		}
	})
}
