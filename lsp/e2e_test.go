package lsp_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// procConn joins a process's standard output (read) and input (write).
type procConn struct {
	io.Reader
	io.WriteCloser
	out io.Closer
}

func (p procConn) Close() error {
	return errors.Join(p.WriteCloser.Close(), p.out.Close())
}

// startBinary starts cmd, a `pgnls serve` command, and connects an
// lsptest client to its standard input and output. The returned buffer
// collects its standard error.
func startBinary(t testing.TB, cmd *exec.Cmd, opts lsptest.Options) (*exec.Cmd, *lsptest.Client, *bytes.Buffer) {
	t.Helper()
	// Pipes of our own, so that cmd.Wait does not close what the client
	// still reads.
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := new(bytes.Buffer)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	c := lsptest.Connect(t, procConn{outR, inW, outR}, func() int {
		err := cmd.Wait()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			t.Errorf("wait: %v", err)
			return -1
		}
		return 0
	}, opts)
	return cmd, c, stderr
}

// TestBinary builds cmd/pgnls and drives the real binary over stdio
// through a whole editing session, as an editor would.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "pgnls")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/pgnls/pgnls/cmd/pgnls").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	logFile := filepath.Join(dir, "pgnls.log")
	_, c, stderr := startBinary(t, exec.Command(bin, "serve", "--log", logFile), lsptest.Options{
		Timeout: 30 * time.Second,
		Capabilities: map[string]any{
			"workspace":    map[string]any{"configuration": true},
			"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown"}}},
		},
		Settings: map[string]any{"lineLength": 79},
	})
	res := c.Initialize(nil)
	if res.ServerInfo == nil || res.ServerInfo.Name != "pgnls" {
		t.Fatalf("serverInfo = %+v", res.ServerInfo)
	}

	const uri = "file:///session.pgn"
	text := "[Site \"?\"]\n[Event \"e2e\"]\n[Date \"2024.01.01\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n1. e4 e5 2. *\n"
	c.Open(uri, text)
	c.WaitDiagnostics(uri, 1)

	// Type a move, one character at a time, as an editor sends it.
	at := lsptest.RangeOf(t, text, "2. ").End
	var v int32
	for i, ch := range []string{"K", "e", "3", " "} {
		pos := protocol.Position{Line: at.Line, Character: at.Character + uint32(i)}
		v = c.Change(uri, lsptest.Replace(protocol.Range{Start: pos, End: pos}, ch))
	}
	text = strings.Replace(text, "2. *", "2. Ke3 *", 1)
	c.WaitDiagnostics(uri, v)
	final := waitFor(t, c, uri, func(p lsptest.Published) bool { return hasCode(p, "illegal-move") })
	if final.Version != uint32(v) || !hasCode(final, "tag-order") {
		t.Fatalf("diagnostics after typing Ke3: %s", final.Raw)
	}

	// Replace the illegal move.
	v = c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "Ke3"), "Nf3"))
	text = strings.Replace(text, "Ke3", "Nf3", 1)
	waitFor(t, c, uri, func(p lsptest.Published) bool { return p.Version == uint32(v) && !hasCode(p, "illegal-move") })

	var hover protocol.Hover
	if err := c.Call(protocol.MethodTextDocumentHover, positionAt(uri, lsptest.RangeOf(t, text, "Nf3").Start), &hover); err != nil {
		t.Fatalf("hover: %v", err)
	}
	if hover.Contents.Kind != protocol.Markdown || !strings.Contains(hover.Contents.Value, "knight") {
		t.Errorf("hover on Nf3 = %+v", hover.Contents)
	}

	var list protocol.CompletionList
	if err := c.Call(protocol.MethodTextDocumentCompletion, positionAt(uri, lsptest.RangeOf(t, text, "Nf3 ").End), &list); err != nil {
		t.Fatalf("completion: %v", err)
	}
	if !hasLabel(list, "Nc6") {
		t.Errorf("completion after 2. Nf3 lacks Nc6: %d items", len(list.Items))
	}

	last, _ := c.Last(uri)
	var fix *protocol.Diagnostic
	for _, d := range last.Diagnostics {
		if d.Code == "tag-order" {
			fix = &d
		}
	}
	if fix == nil {
		t.Fatalf("no tag-order diagnostic: %s", last.Raw)
	}
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": protocol.TextDocumentIdentifier{URI: uri},
		"range":        fix.Range,
		"context":      map[string]any{"diagnostics": []protocol.Diagnostic{*fix}},
	}, &actions); err != nil {
		t.Fatalf("codeAction: %v", err)
	}
	var quick *protocol.CodeAction
	for i, a := range actions {
		if a.Kind == protocol.QuickFix {
			quick = &actions[i]
		}
	}
	if quick == nil || quick.Edit == nil {
		t.Fatalf("no quick fix for tag-order among %+v", actions)
	}
	fixed, err := lsptest.ApplyEdits(text, quick.Edit.Changes[uri])
	if err != nil || !strings.HasPrefix(fixed, "[Event \"e2e\"]\n[Site \"?\"]\n") {
		t.Errorf("quick fix gives %q (%v)", fixed, err)
	}

	var edits []protocol.TextEdit
	if err := c.Call(protocol.MethodTextDocumentFormatting, map[string]any{
		"textDocument": protocol.TextDocumentIdentifier{URI: uri},
		"options":      map[string]any{"tabSize": 4, "insertSpaces": true},
	}, &edits); err != nil {
		t.Fatalf("formatting: %v", err)
	}
	formatted, err := lsptest.ApplyEdits(text, edits)
	want := "[Event \"e2e\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n"
	if err != nil || formatted != want {
		t.Errorf("formatted text = %q (%v), want %q", formatted, err, want)
	}
	// The editor applies the edits: the server's text must follow.
	changes := make([]lsptest.Edit, 0, len(edits))
	for i := len(edits) - 1; i >= 0; i-- { // back to front: each range stays valid
		changes = append(changes, lsptest.Replace(edits[i].Range, edits[i].NewText))
	}
	v = c.Change(uri, changes...)
	p := waitFor(t, c, uri, func(p lsptest.Published) bool { return p.Version == uint32(v) && len(p.Diagnostics) == 0 })
	if len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics after formatting: %s", p.Raw)
	}

	c.Close(uri)
	if p := c.WaitDiagnostics(uri, 0); len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics after didClose: %s", p.Raw)
	}
	if err := c.Shutdown(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if code := c.Exit(); code != 0 {
		t.Errorf("exit code = %d, want 0", code)
	}
	if stderr.Len() > 0 {
		t.Errorf("the server wrote to stderr although --log was given:\n%s", stderr.String())
	}
	if fi, err := os.Stat(logFile); err != nil || fi.Size() == 0 {
		t.Errorf("no log written to %s (%v)", logFile, err)
	}
}

// waitFor polls the latest publication for uri until ok accepts it.
func waitFor(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI, ok func(lsptest.Published) bool) lsptest.Published {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if p, found := c.Last(uri); found && ok(p) {
			return p
		}
		if time.Now().After(deadline) {
			p, _ := c.Last(uri)
			t.Fatalf("timed out waiting for diagnostics; last: %s", p.Raw)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func hasCode(p lsptest.Published, code string) bool {
	for _, d := range p.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

func hasLabel(list protocol.CompletionList, label string) bool {
	for _, it := range list.Items {
		if it.Label == label {
			return true
		}
	}
	return false
}

func positionAt(uri protocol.DocumentURI, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: p}
}
