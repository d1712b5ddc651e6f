package lsp_test

import (
	"strings"
	"testing"
	"testing/synctest"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestHoverPerClient: a hover follows what the client shows. Plain text
// (no Markdown) for a client whose hover.contentFormat lacks markdown,
// as eglot's; Markdown with the text board first for terminal clients;
// the board image first for VS Code (by clientInfo) or when
// pgnls.hover.images is on, never when it is off.
func TestHoverPerClient(t *testing.T) {
	markdown := map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown", "plaintext"}}}}
	plaintext := map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"plaintext"}}}}
	for _, tc := range []struct {
		name, client string
		caps         any
		images       string
		kind         protocol.MarkupKind
		prefix       string
	}{
		{"eglot", "Eglot", plaintext, "", protocol.PlainText, "8 r n b q k b n r\n"},
		{"neovim", "Neovim", markdown, "", protocol.Markdown, "```text\n8 r n b q k b n r\n"},
		{"vscode", "Visual Studio Code", markdown, "", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"code-server", "code-server", markdown, "", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"images on", "Neovim", markdown, "on", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"images off", "Visual Studio Code", markdown, "off", protocol.Markdown, "```text\n"},
		{"images on, plain client", "Eglot", plaintext, "on", protocol.PlainText, "8 r n b q k b n r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := start(t, lsptest.Options{ClientName: tc.client, Capabilities: tc.caps})
				var init any
				if tc.images != "" {
					init = map[string]any{"hover": map[string]any{"images": tc.images}}
				}
				c.Initialize(init)
				const uri = "file:///h.pgn"
				text := "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n"
				c.Open(uri, text)
				c.Settle()
				var hover protocol.Hover
				if err := c.Call(protocol.MethodTextDocumentHover, positionAt(uri, lsptest.RangeOf(t, text, "Nf3").Start), &hover); err != nil {
					t.Fatal(err)
				}
				v := hover.Contents.Value
				if hover.Contents.Kind != tc.kind || !strings.HasPrefix(v, tc.prefix) {
					t.Errorf("hover %s starting %q, want %s starting %q", hover.Contents.Kind, v[:min(len(v), 50)], tc.kind, tc.prefix)
				}
				if tc.kind == protocol.PlainText && strings.ContainsAny(v, "*`") {
					t.Errorf("plain-text hover holds Markdown: %q", v)
				}
				if !strings.Contains(v, "White knight from g1 to f3") {
					t.Errorf("no description in %q", v)
				}
			})
		})
	}
}
