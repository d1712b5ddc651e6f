package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/synctest"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
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

// TestCapKeepsErrors: a file with more diagnostics than VS Code shows (a
// missing roster tag in each of 1,500 games) and one illegal move in its
// last game. VS Code (by clientInfo) gets at most 1,000, the illegal move
// among them; the user is told the true total once the analysis is
// complete, and before that only that there are at least so many.
func TestCapKeepsErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{ClientName: "Visual Studio Code", Serve: lsp.ServeForTest})
		c.Initialize(nil)
		const uri = "file:///big.pgn"
		var b strings.Builder
		for range 1499 {
			b.WriteString("[Event \"x\"]\n\n1. e4 e5 *\n\n")
		}
		b.WriteString("[Event \"x\"]\n\n1. e4 Ke7 *\n")
		c.Open(uri, b.String())
		c.Settle()
		last, _ := c.Last(uri)
		illegal := 0
		for _, d := range last.Diagnostics {
			if d.Code == "illegal-move" {
				illegal++
			}
		}
		if len(last.Diagnostics) > 1000 || illegal != 1 {
			t.Errorf("published %d diagnostics, %d illegal moves; want at most 1000 with the illegal move", len(last.Diagnostics), illegal)
		}
		var msgs []string
		for _, raw := range c.Notifications(protocol.MethodWindowShowMessage) {
			var m protocol.ShowMessageParams
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			msgs = append(msgs, m.Message)
		}
		if len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1], "has 1501 diagnostics; 1000 are shown") {
			t.Errorf("messages %q, want the last to give the true total, 1501", msgs)
		}
		for _, m := range msgs[:max(len(msgs)-1, 0)] {
			if !strings.Contains(m, "at least") {
				t.Errorf("a message before the analysis was complete: %q", m)
			}
		}
	})
}
