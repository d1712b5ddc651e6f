package lsp_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/uci/ucitest"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestMain runs the test binary as the fake engine when asked (the
// engine the analysis tests set in pgnls.engine.path).
func TestMain(m *testing.M) {
	if os.Getenv(ucitest.EnvVar) == "1" {
		ucitest.Main()
	}
	os.Exit(m.Run())
}

// analyseClient starts a server whose engine is the fake one, with
// work-done progress; vars are set for the engine.
func analyseClient(t *testing.T, vars ...string) *lsptest.Client {
	t.Setenv(ucitest.EnvVar, "1") // for the engine the server starts
	for _, kv := range vars {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	c := start(t, lsptest.Options{
		Capabilities: map[string]any{"window": map[string]any{"workDoneProgress": true}},
	})
	c.Initialize(map[string]any{"engine": map[string]any{"path": os.Args[0], "depth": 2}})
	return c
}

const analyseText = "[Event \"One\"]\n\n1. e4 e5 2. Bc4 {the Italian} Nc6 *\n\n[Event \"Two\"]\n\n1. d4 d5 *\n"

// analyseAction returns the "Analyse game" action of the game at line.
func analyseAction(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI, line uint32, kind string) protocol.CodeAction {
	t.Helper()
	var actions []protocol.CodeAction
	err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line}},
		"context":      map[string]any{"diagnostics": []any{}, "only": []string{kind}},
	}, &actions)
	if err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || !strings.HasPrefix(actions[0].Title, "Analyse") || actions[0].Command == nil {
		t.Fatalf("code actions %+v, want one Analyse command", actions)
	}
	return actions[0]
}

// waitProgressEnd waits for the end of the analysis's progress and
// returns its message.
func waitProgressEnd(t *testing.T, c *lsptest.Client) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, raw := range c.Notifications(protocol.MethodProgress) {
			var p struct {
				Value struct{ Kind, Message string }
			}
			if json.Unmarshal(raw, &p) == nil && p.Value.Kind == "end" {
				return p.Value.Message
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the analysis's progress did not end")
	return ""
}

func TestAnalyseGame(t *testing.T) {
	c := analyseClient(t)
	const uri = "file:///games.pgn"
	c.Open(uri, analyseText)
	a := analyseAction(t, c, uri, 2, "source.analyse.game")
	if err := c.Call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, nil); err != nil {
		t.Fatal(err)
	}
	if msg := waitProgressEnd(t, c); msg != "1 game(s) annotated" {
		t.Errorf("progress ended with %q", msg)
	}
	edits := c.Requests(protocol.MethodWorkspaceApplyEdit)
	if len(edits) != 1 {
		t.Fatalf("%d workspace/applyEdit requests, want 1", len(edits))
	}
	var p struct {
		Label string
		Edit  protocol.WorkspaceEdit
	}
	if err := json.Unmarshal(edits[0], &p); err != nil {
		t.Fatal(err)
	}
	changes := p.Edit.Changes[uri]
	var texts []string
	for _, e := range changes {
		texts = append(texts, e.NewText)
		if e.Range.Start.Line != 2 {
			t.Errorf("edit %+v outside the first game's movetext", e)
		}
	}
	want := []string{" {[%eval 0.00]}", " {[%eval 0.00]}", "[%eval 1.00] ", " {[%eval 0.00]}"}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Errorf("edits %q, want %q", texts, want)
	}
}

func TestAnalyseDropsChangedGame(t *testing.T) {
	// The engine waits for a file: the first game is edited meanwhile,
	// and only the second one's analysis is applied.
	gate := t.TempDir() + "/go"
	c := analyseClient(t, "UCITEST_WAIT_FILE="+gate)
	const uri = "file:///games.pgn"
	c.Open(uri, analyseText)
	a := analyseAction(t, c, uri, 2, "source.analyse.file")
	if err := c.Call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, nil); err != nil {
		t.Fatal(err)
	}
	c.Change(uri, lsptest.Replace(protocol.Range{Start: protocol.Position{Line: 2}, End: protocol.Position{Line: 2, Character: 5}}, "1. d4"))
	c.Settle()
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if msg := waitProgressEnd(t, c); msg != "1 game(s) annotated" {
		t.Errorf("progress ended with %q, want one game annotated", msg)
	}
	var shown []string
	for _, raw := range c.Notifications(protocol.MethodWindowShowMessage) {
		var m protocol.ShowMessageParams
		json.Unmarshal(raw, &m)
		shown = append(shown, m.Message)
	}
	if !strings.Contains(strings.Join(shown, "\n"), "1 game(s) changed while the engine analysed them") {
		t.Errorf("messages %q, want the dropped game told", shown)
	}
	edits := c.Requests(protocol.MethodWorkspaceApplyEdit)
	if len(edits) != 1 {
		t.Fatalf("%d workspace/applyEdit requests, want 1", len(edits))
	}
	var p struct{ Edit protocol.WorkspaceEdit }
	json.Unmarshal(edits[0], &p)
	for _, e := range p.Edit.Changes[uri] {
		if e.Range.Start.Line != 6 {
			t.Errorf("edit %+v outside the second game", e)
		}
	}
}

func TestAnalyseCancel(t *testing.T) {
	// The engine waits for "stop", which only the cancellation sends.
	c := analyseClient(t, "UCITEST_MODE=wait-stop")
	const uri = "file:///games.pgn"
	c.Open(uri, analyseText)
	a := analyseAction(t, c, uri, 2, "source.analyse.game")
	if err := c.Call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: a.Command.Command, Arguments: a.Command.Arguments}, nil); err != nil {
		t.Fatal(err)
	}
	var token string
	for deadline := time.Now().Add(10 * time.Second); token == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, raw := range c.Notifications(protocol.MethodProgress) {
			var p struct{ Token string }
			if json.Unmarshal(raw, &p) == nil {
				token = p.Token
			}
		}
	}
	if token == "" {
		t.Fatal("no progress begun")
	}
	c.Notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": token})
	if msg := waitProgressEnd(t, c); !strings.HasPrefix(msg, "cancelled") {
		t.Errorf("progress ended with %q, want a cancellation", msg)
	}
	if n := len(c.Requests(protocol.MethodWorkspaceApplyEdit)); n != 0 {
		t.Errorf("%d edits applied after a cancellation before any game was done", n)
	}
}

func TestAnalyseNotForCTL(t *testing.T) {
	c := analyseClient(t)
	const uri = "file:///game.ctl-pgn"
	c.Open(uri, "[Event \"C'escacs\"]\n\n1. Pf4 *\n")
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": protocol.Range{},
		"context": map[string]any{"diagnostics": []any{}, "only": []string{"source.analyse"}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 0 {
		t.Errorf("actions %+v for CTL-PGN", actions)
	}
	err := c.Call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: "pgnls.analyseGame", Arguments: []any{uri, 0}}, nil)
	if err == nil || !strings.Contains(err.Error(), "no engine for C'escacs") {
		t.Errorf("executeCommand on CTL-PGN: %v", err)
	}
}

// TestHoverEval checks that hovering a move annotated by the engine
// tells its evaluation, its judgement and the better move.
func TestHoverEval(t *testing.T) {
	c := start(t, lsptest.Options{Capabilities: map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown"}}}}})
	c.Initialize(nil)
	const uri = "file:///g.pgn"
	text := "[Event \"E\"]\n\n1. e4 {[%eval 0.36]} e5 {[%eval 0.62,20]} 2. Bc4 $2 {[%eval -1.05]} (2. Nf3 Nc6) Nc6 *\n"
	c.Open(uri, text)
	for _, tc := range []struct{ at, want string }{
		{"Bc4", "Evaluation **-1.05** (White's point of view) · a mistake · better: **2. Nf3** (its first variation)"},
		{"e5", "Evaluation **0.62** at depth 20 (White's point of view)\n"},
		{"Nc6 *", ""},
	} {
		var hover protocol.Hover
		if err := c.Call(protocol.MethodTextDocumentHover, positionAt(uri, lsptest.RangeOf(t, text, tc.at).Start), &hover); err != nil {
			t.Fatal(err)
		}
		got := hover.Contents.Value
		if tc.want == "" && strings.Contains(got, "Evaluation") || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("hover on %s:\n%s\nwant %q", tc.at, got, tc.want)
		}
	}
}
