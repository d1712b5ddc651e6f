package lsp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestHoverPerClient: a hover follows what the client shows. Plain text
// (no Markdown at all) for a client whose hover.contentFormat lacks
// markdown, as eglot's, or puts plaintext first (the client's order is
// its preference); Markdown for terminal clients; both with a first line
// that says what the move does, then the text board; the board image
// first for VS Code (by clientInfo) or when pgnls.hover.images is on,
// never when it is off.
func TestHoverPerClient(t *testing.T) {
	formats := func(f ...string) any {
		return map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": f}}}
	}
	markdown, plaintext := formats("markdown", "plaintext"), formats("plaintext")
	const plainFirst = "Move 2. Nf3 — White knight from g1 to f3.\n\n8 r n b q k b n r\n"
	const markdownFirst = "**Move 2. Nf3** — White knight from g1 to f3.\n\n```text\n8 r n b q k b n r\n"
	for _, tc := range []struct {
		name, client string
		caps         any
		images       string
		kind         protocol.MarkupKind
		prefix       string
	}{
		{"eglot", "Eglot", plaintext, "", protocol.PlainText, plainFirst},
		{"plaintext preferred", "Neovim", formats("plaintext", "markdown"), "", protocol.PlainText, plainFirst},
		{"no formats", "lsptest", formats(), "", protocol.PlainText, plainFirst},
		{"neovim", "Neovim", markdown, "", protocol.Markdown, markdownFirst},
		{"vscode", "Visual Studio Code", markdown, "", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"code-server", "code-server", markdown, "", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"images on", "Neovim", markdown, "on", protocol.Markdown, "![board](data:image/svg+xml;base64,"},
		{"images off", "Visual Studio Code", markdown, "off", protocol.Markdown, markdownFirst},
		{"images on, plain client", "Eglot", plaintext, "on", protocol.PlainText, plainFirst},
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
				if tc.kind == protocol.PlainText && strings.ContainsAny(v, "*`|") || strings.Contains(v, "\n---\n") && tc.kind == protocol.PlainText {
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

// TestCapByClient: the publication limit by default is the client's (by
// clientInfo): VS Code shows at most 1,000, eglot converts each position
// by counting lines and gets 100, others 2,000; a maxDiagnostics setting
// wins.
func TestCapByClient(t *testing.T) {
	var b strings.Builder
	for range 1500 {
		b.WriteString("[Event \"x\"]\n\n1. e4 e5 *\n\n")
	}
	text := b.String()
	for _, tt := range []struct {
		client   string
		settings map[string]any
		want     int
	}{
		{"Visual Studio Code", nil, 1000},
		{"Eglot", nil, 100},
		{"Neovim", nil, 1500},
		{"Eglot", map[string]any{"maxDiagnostics": 5}, 5},
	} {
		synctest.Test(t, func(t *testing.T) {
			c := start(t, lsptest.Options{ClientName: tt.client, Serve: lsp.ServeForTest})
			c.Initialize(tt.settings)
			const uri = "file:///big.pgn"
			c.Open(uri, text)
			c.Settle()
			if last, _ := c.Last(uri); len(last.Diagnostics) != tt.want {
				t.Errorf("%s with settings %v: %d diagnostics published, want %d", tt.client, tt.settings, len(last.Diagnostics), tt.want)
			}
		})
	}
}

// TestCapTellsTotalWhenUnchanged: the publication that completes a big
// analysis may hold the same capped selection as the partial one before
// it, and is then not sent again; the user must still be told the true
// total. An analyzer reports a warning per game and holds the last game
// until the test lets it go, so that the partial publication (every
// batchInterval) is certain to come first, with all but one warning;
// the limit, 10, keeps the first games' warnings in both.
func TestCapTellsTotalWhenUnchanged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const games = 1200
		release := make(chan struct{})
		gated := &analysis.Analyzer{
			Name:  "gated",
			Doc:   "Test analyzer holding the last game.",
			Codes: []analysis.CodeInfo{{Code: "test-game", Severity: analysis.Warning, Doc: "A game."}},
			Run: func(p *analysis.Pass) {
				if ev, _ := p.Game.TagValue("Event"); ev == fmt.Sprintf("g%d", games-1) {
					<-release
				}
				p.Report(analysis.Diagnostic{Span: p.Game.Tags[0].Sp, Severity: analysis.Warning, Code: "test-game", Message: "a game"})
			},
		}
		c := start(t, lsptest.Options{Serve: lsp.ServeWithAnalyzers(gated)})
		c.Initialize(map[string]any{"maxDiagnostics": 10})
		const uri = "file:///big.pgn"
		c.Open(uri, bigText(games))
		messages := func() []string {
			var msgs []string
			for _, raw := range c.Notifications(protocol.MethodWindowShowMessage) {
				var m protocol.ShowMessageParams
				if err := json.Unmarshal(raw, &m); err != nil {
					t.Fatal(err)
				}
				msgs = append(msgs, m.Message)
			}
			return msgs
		}

		// The debounce, then partial publications while the last game is
		// held.
		time.Sleep(time.Second)
		synctest.Wait()
		msgs := messages()
		if len(msgs) != 1 || !strings.Contains(msgs[0], fmt.Sprintf("has at least %d diagnostics; 10 are shown", games-1)) {
			t.Fatalf("messages during the analysis %q, want one saying at least %d", msgs, games-1)
		}
		partial, _ := c.Last(uri)
		pubs := len(c.Publications(uri))

		close(release)
		time.Sleep(time.Second)
		synctest.Wait()
		var done bool
		if err := c.Call(lsp.MethodTestAnalysed, protocol.TextDocumentIdentifier{URI: uri}, &done); err != nil || !done {
			t.Fatalf("the analysis did not complete (%v)", err)
		}
		last, _ := c.Last(uri)
		if n := len(c.Publications(uri)); n != pubs || !bytes.Equal(last.Raw, partial.Raw) || len(last.Diagnostics) != 10 {
			t.Fatalf("%d publications after the analysis (%d before), %d diagnostics; the test wants the complete one unchanged, so not sent", n, pubs, len(last.Diagnostics))
		}
		msgs = messages()
		if len(msgs) != 2 || !strings.Contains(msgs[1], fmt.Sprintf("has %d diagnostics; 10 are shown", games)) {
			t.Errorf("messages %q, want the last to give the true total, %d", msgs, games)
		}
	})
}

// TestEditorDecoding: an editor that decoded a Latin-1 file as UTF-8
// sends U+FFFD for its letters; the server, which sees the file on disk
// is not UTF-8, reports an error on the first line (listed first by every
// client) naming the first damaged line and how many characters a save
// would destroy, tells the user once in a window message, computes no
// edit of the document (formatting, fix actions, completion) and in VS
// Code offers the extension's command to reopen the file wherever the
// cursor is. Once the text is right again, edits come back. A U+FFFD in a
// file that is UTF-8 on disk is no such accident.
func TestEditorDecoding(t *testing.T) {
	dir := t.TempDir()
	latin1 := filepath.Join(dir, "latin1.pgn")
	if err := os.WriteFile(latin1, []byte("[Event \"Z\xfcrich\"]\n[White \"M\xfcller\"]\n\n1.e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	utf8File := filepath.Join(dir, "utf8.pgn")
	const decoded = "[Event \"Z\uFFFDrich\"]\n[White \"M\uFFFDller\"]\n\n1.e4 *\n"
	const right = "[Event \"Zürich\"]\n[White \"Müller\"]\n\n1.e4 *\n"
	if err := os.WriteFile(utf8File, []byte(decoded), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, client := range []string{"Visual Studio Code", "Neovim"} {
		t.Run(client, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := start(t, lsptest.Options{ClientName: client, Serve: lsp.ServeForTest})
				c.Initialize(nil)
				uri := protocol.DocumentURI("file://" + latin1)
				c.Open(uri, decoded)
				c.Settle()
				checkDamaged(t, c, uri, client == "Visual Studio Code")

				// Reopened right (a full change to the right text):
				// no diagnostic, edits again, no new message.
				c.Change(uri, lsptest.Replace(protocol.Range{End: protocol.Position{Line: 5}}, right))
				c.Settle()
				if found := decodingErrors(c, uri); len(found) != 0 {
					t.Errorf("after the reopen as Windows-1252: editor-decoding %+v", found)
				}
				if edits := formatEdits(t, c, uri); len(edits) == 0 {
					t.Error("the right text is not formatted")
				}
				if n := len(c.Notifications(protocol.MethodWindowShowMessage)); n != 2 {
					t.Errorf("%d window messages, want the two of the damaged text only", n)
				}

				// Reopened as UTF-8 again: damaged anew, told anew.
				c.Change(uri, lsptest.Replace(protocol.Range{End: protocol.Position{Line: 5}}, decoded))
				c.Settle()
				if found := decodingErrors(c, uri); len(found) != 1 {
					t.Errorf("after the reopen as UTF-8: editor-decoding %+v", found)
				}
				if n := len(c.Notifications(protocol.MethodWindowShowMessage)); n != 3 {
					t.Errorf("%d window messages, want a third for the new damage", n)
				}

				other := protocol.DocumentURI("file://" + utf8File)
				c.Open(other, decoded)
				c.Settle()
				if found := decodingErrors(c, other); len(found) != 0 {
					t.Errorf("editor-decoding on a file that is UTF-8 on disk: %+v", found)
				}
				if edits := formatEdits(t, c, other); len(edits) == 0 {
					t.Error("a file that is UTF-8 on disk, with U+FFFD, is not formatted")
				}
			})
		})
	}
}

// checkDamaged checks what the server does with uri, open with the
// damaged text of TestEditorDecoding.
func checkDamaged(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI, vscode bool) {
	t.Helper()
	found := decodingErrors(c, uri)
	if len(found) != 1 || found[0].Range.Start != (protocol.Position{}) || found[0].Range.End != (protocol.Position{Character: 16}) ||
		found[0].Severity != protocol.DiagnosticSeverityError ||
		!strings.Contains(found[0].Message, "line 1 shows U+FFFD, and saving will destroy 2 characters") ||
		len(found[0].RelatedInformation) != 1 || found[0].RelatedInformation[0].Location.Range.Start != (protocol.Position{Line: 0, Character: 9}) {
		t.Fatalf("editor-decoding diagnostics %+v", found)
	}
	last, _ := c.Last(uri)
	if last.Diagnostics[0].Code != "editor-decoding" {
		t.Errorf("first diagnostic %+v, want editor-decoding", last.Diagnostics[0])
	}
	msgs := c.Notifications(protocol.MethodWindowShowMessage)
	var m protocol.ShowMessageParams
	if len(msgs) != 1 || json.Unmarshal(msgs[0], &m) != nil || m.Type != protocol.MessageTypeWarning ||
		!strings.Contains(m.Message, "latin1.pgn is not UTF-8") || !strings.Contains(m.Message, "line 1 shows U+FFFD") {
		t.Errorf("window messages %s, want one warning naming the file and line 1", msgs)
	}

	if edits := formatEdits(t, c, uri); len(edits) != 0 {
		t.Errorf("formatting of a damaged document: %+v", edits)
	}
	msgs = c.Notifications(protocol.MethodWindowShowMessage)
	if len(msgs) != 2 || json.Unmarshal(msgs[1], &m) != nil || m.Type != protocol.MessageTypeError || !strings.Contains(m.Message, "no formatting of latin1.pgn") {
		t.Errorf("window messages %s, want a second saying why nothing is formatted", msgs)
	}

	// Code actions at the move (not at the diagnostic), with no context:
	// only the reopen command, in VS Code; no fix, no source action.
	var actions []struct {
		Title   string                  `json:"title"`
		Edit    *protocol.WorkspaceEdit `json:"edit"`
		Command *protocol.Command       `json:"command"`
	}
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": protocol.Range{Start: protocol.Position{Line: 3}, End: protocol.Position{Line: 3, Character: 4}},
		"context": map[string]any{"diagnostics": []any{}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	switch {
	case vscode && (len(actions) != 1 || actions[0].Command == nil || actions[0].Command.Command != "pgnls.reopenWithEncoding" || actions[0].Edit != nil):
		t.Errorf("code actions %+v, want the reopen command only", actions)
	case !vscode && len(actions) != 0:
		t.Errorf("code actions %+v, want none", actions)
	}

	var list protocol.CompletionList
	if err := c.Call(protocol.MethodTextDocumentCompletion, map[string]any{
		"textDocument": map[string]any{"uri": uri}, "position": protocol.Position{Line: 3, Character: 2},
	}, &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Items) != 0 {
		t.Errorf("%d completion items in a damaged document", len(list.Items))
	}
}

// decodingErrors returns the editor-decoding diagnostics last published
// for uri.
func decodingErrors(c *lsptest.Client, uri protocol.DocumentURI) []protocol.Diagnostic {
	last, _ := c.Last(uri)
	var found []protocol.Diagnostic
	for _, d := range last.Diagnostics {
		if d.Code == "editor-decoding" {
			found = append(found, d)
		}
	}
	return found
}

// formatEdits returns the server's formatting of uri.
func formatEdits(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI) []protocol.TextEdit {
	t.Helper()
	var edits []protocol.TextEdit
	if err := c.Call(protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits); err != nil {
		t.Fatal(err)
	}
	return edits
}

// TestFormattingTellsWhatWasLeft: formatting says, in a window message,
// which games it left as they were and why, at the line and column
// (in characters) of what stopped it: the unclosed comment, the illegal
// move.
func TestFormattingTellsWhatWasLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///f.pgn"
		c.Open(uri, "[Event \"a\"]\n\n1.e4 e5 *\n\n[Event \"é\"]\n\n1. e4 e5 {é} 2. Ke3 *\n\n[Event \"b\"]\n\n1. e4 { never closed\n")
		c.Settle()
		var edits []protocol.TextEdit
		if err := c.Call(protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits); err != nil {
			t.Fatal(err)
		}
		if len(edits) == 0 {
			t.Error("the first game was not formatted")
		}
		var msgs []string
		for _, raw := range c.Notifications(protocol.MethodWindowShowMessage) {
			var m protocol.ShowMessageParams
			json.Unmarshal(raw, &m)
			msgs = append(msgs, m.Message)
		}
		want := "pgnls: 2 games were left as they were: line 7, column 17: move Ke3 is not legal; line 11, column 7: syntax error: comment is not closed"
		if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) {
			t.Errorf("messages %q", msgs)
		}
	})
}

// TestCompletionPerClient: a completion item takes the shape the client
// asked for. A tag name completed after "[" in a client that takes
// snippets (VS Code, Neovim 0.11+, the Neovim plugin on 0.7-0.10) is a
// snippet that writes the whole tag, `[Name ""]` with the cursor between
// the quotes; a client that takes none gets plain text that ends inside
// the opening quote. Documentation is Markdown only for a client whose
// first documentationFormat is markdown, and plain text holds no
// Markdown at all (no emphasis, no backticks).
func TestCompletionPerClient(t *testing.T) {
	caps := func(snippets bool, formats ...string) any {
		item := map[string]any{"snippetSupport": snippets}
		if formats != nil {
			item["documentationFormat"] = formats
		}
		return map[string]any{"textDocument": map[string]any{"completion": map[string]any{"completionItem": item}}}
	}
	for _, tc := range []struct {
		name    string
		caps    any
		newText string
		format  protocol.InsertTextFormat // 0: left out (plain text)
		docKind protocol.MarkupKind
	}{
		{"neovim 0.7", caps(false, "markdown", "plaintext"), `WhiteFideId "`, 0, protocol.Markdown},
		{"snippets", caps(true, "markdown", "plaintext"), `WhiteFideId "${1:}"]$0`, protocol.InsertTextFormatSnippet, protocol.Markdown},
		{"plain documentation", caps(true, "plaintext"), `WhiteFideId "${1:}"]$0`, protocol.InsertTextFormatSnippet, protocol.PlainText},
		{"plain text preferred", caps(false, "plaintext", "markdown"), `WhiteFideId "`, 0, protocol.PlainText},
		{"no formats", caps(false), `WhiteFideId "`, 0, protocol.PlainText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := start(t, lsptest.Options{Capabilities: tc.caps})
				c.Initialize(nil)
				const uri = "file:///c.pgn"
				text := "[Event \"x\"]\n[WhiteF\n\n1. e4 *\n"
				c.Open(uri, text)
				c.Settle()
				var list struct {
					Items []struct {
						Label            string                    `json:"label"`
						InsertTextFormat protocol.InsertTextFormat `json:"insertTextFormat"`
						TextEdit         protocol.TextEdit         `json:"textEdit"`
						Documentation    *protocol.MarkupContent   `json:"documentation"`
					} `json:"items"`
				}
				if err := c.Call(protocol.MethodTextDocumentCompletion, positionAt(uri, lsptest.RangeOf(t, text, "[WhiteF").End), &list); err != nil {
					t.Fatal(err)
				}
				found := false
				for _, it := range list.Items {
					if it.Label != "WhiteFideId" {
						continue
					}
					found = true
					if it.TextEdit.NewText != tc.newText || it.InsertTextFormat != tc.format {
						t.Errorf("text edit %q (format %v), want %q (format %v)", it.TextEdit.NewText, it.InsertTextFormat, tc.newText, tc.format)
					}
					if it.Documentation == nil || it.Documentation.Kind != tc.docKind {
						t.Fatalf("documentation %+v, want %s", it.Documentation, tc.docKind)
					}
					if tc.docKind == protocol.PlainText && strings.ContainsAny(it.Documentation.Value, "*`") {
						t.Errorf("plain documentation holds Markdown: %q", it.Documentation.Value)
					}
				}
				if !found {
					t.Errorf("no WhiteFideId among %d items", len(list.Items))
				}
			})
		})
	}
}
