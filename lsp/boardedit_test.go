package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// boardEditResult is the answer to pgnls.play and pgnls.editGame.
type boardEditResult struct {
	Applied  bool              `json:"applied"`
	Position protocol.Position `json:"position"`
}

// playAt sends pgnls.play (or pgnls.editGame with args) at pos, applies
// the edit the server asks the client to apply, sends it back as a
// didChange, and returns the new text and the answer.
func editAt(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI, text, command string, args map[string]any) (string, boardEditResult) {
	t.Helper()
	before := len(c.Requests(protocol.MethodWorkspaceApplyEdit))
	var res boardEditResult
	if err := c.Call(protocol.MethodWorkspaceExecuteCommand, map[string]any{"command": command, "arguments": []any{args}}, &res); err != nil {
		t.Fatalf("%s %v: %v", command, args, err)
	}
	reqs := c.Requests(protocol.MethodWorkspaceApplyEdit)
	if !res.Applied {
		if len(reqs) != before {
			t.Fatalf("%s: an edit was sent but not applied", command)
		}
		return text, res
	}
	var p protocol.ApplyWorkspaceEditParams
	if err := json.Unmarshal(reqs[len(reqs)-1], &p); err != nil {
		t.Fatal(err)
	}
	out, err := lsptest.ApplyEdits(text, p.Edit.Changes[uri])
	if err != nil {
		t.Fatal(err)
	}
	c.Change(uri, lsptest.Edit{Text: out})
	return out, res
}

func TestBoardEdits(t *testing.T) {
	c := lsptest.Start(t, lsptest.Options{})
	init := c.Initialize(nil)
	if init.Capabilities.ExecuteCommandProvider == nil || !strings.Contains(strings.Join(init.Capabilities.ExecuteCommandProvider.Commands, " "), "pgnls.play") {
		t.Fatalf("no pgnls.play command in %+v", init.Capabilities.ExecuteCommandProvider)
	}
	const uri = "file:///edit.pgn"
	text := "[Event \"é\"]\r\n\r\n1. e4 e5 2. Nf3 *\r\n"
	c.Open(uri, text)
	at := func(sub string) protocol.Position { return lsptest.RangeOf(t, text, sub).Start }
	doc := protocol.TextDocumentIdentifier{URI: uri}

	// Legal moves after 1. e4, for completion of the play command.
	var moves []struct{ SAN, UCI string }
	if err := c.Call("pgnls/legalMoves", map[string]any{"textDocument": doc, "position": at("e4")}, &moves); err != nil {
		t.Fatal(err)
	}
	if len(moves) != 20 || !strings.Contains(strings.Join(func() []string {
		var s []string
		for _, m := range moves {
			s = append(s, m.SAN+"/"+m.UCI)
		}
		return s
	}(), " "), "c5/c7c5") {
		t.Errorf("legal moves after 1. e4: %+v", moves)
	}

	// Play c5 (in UCI) at e4: a variation opens after e5.
	var res boardEditResult
	text, res = editAt(t, c, uri, text, "pgnls.play", map[string]any{"textDocument": doc, "position": at("e4"), "move": "c7c5"})
	if want := "[Event \"é\"]\r\n\r\n1. e4 e5 (1... c5) 2. Nf3 *\r\n"; text != want {
		t.Fatalf("after play c7c5: %q, want %q", text, want)
	}
	if res.Position != at("c5") {
		t.Errorf("cursor at %+v, want %+v (c5)", res.Position, at("c5"))
	}
	// Playing e5 there steps onto it: no edit.
	if _, res = editAt(t, c, uri, text, "pgnls.play", map[string]any{"textDocument": doc, "position": at("e4"), "move": "e5"}); res.Applied || res.Position != at("e5") {
		t.Errorf("play e5 at e4: %+v, want the cursor on e5 and no edit", res)
	}

	// The code actions at c5.
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": doc, "range": protocol.Range{Start: at("c5"), End: at("c5")},
		"context": map[string]any{"diagnostics": []any{}, "only": []string{"refactor"}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	var titles []string
	var promote *protocol.Command
	for _, a := range actions {
		titles = append(titles, a.Title)
		if strings.HasPrefix(a.Title, "Promote variation") {
			promote = a.Command
		}
	}
	for _, want := range []string{"Promote variation", "Delete variation", "Delete from here", "Add NAG !", "Add NAG ?!", "Add NAG =", "Add comment"} {
		if !strings.Contains("\n"+strings.Join(titles, "\n"), "\n"+want) {
			t.Errorf("no action %q among %q", want, titles)
		}
	}
	if promote == nil {
		t.Fatal("no promote action")
	}
	raw, _ := json.Marshal(promote.Arguments[0])
	var args map[string]any
	_ = json.Unmarshal(raw, &args)
	text, _ = editAt(t, c, uri, text, promote.Command, args)
	if want := "[Event \"é\"]\r\n\r\n1. e4 c5 (1... e5 2. Nf3) *\r\n"; text != want {
		t.Errorf("after promote: %q, want %q", text, want)
	}
	// A comment with a letter outside ASCII.
	text, _ = editAt(t, c, uri, text, "pgnls.editGame", map[string]any{"textDocument": doc, "position": lsptest.RangeOf(t, text, "c5").Start, "op": "comment", "comment": "très bien"})
	if want := "[Event \"é\"]\r\n\r\n1. e4 c5 {très bien} (1... e5 2. Nf3) *\r\n"; text != want {
		t.Errorf("after comment: %q, want %q", text, want)
	}
	// An illegal move is an error, and nothing is applied.
	n := len(c.Requests(protocol.MethodWorkspaceApplyEdit))
	err := c.Call(protocol.MethodWorkspaceExecuteCommand, map[string]any{"command": "pgnls.play", "arguments": []any{map[string]any{"textDocument": doc, "position": lsptest.RangeOf(t, text, "c5").Start, "move": "Nf6"}}}, nil)
	if err == nil || len(c.Requests(protocol.MethodWorkspaceApplyEdit)) != n {
		t.Errorf("illegal move: err %v, %d edits sent", err, len(c.Requests(protocol.MethodWorkspaceApplyEdit))-n)
	}
}

// TestBoardPlaysCTL: every play of a C'escacs board (pgnls/board's plays)
// is a move pgnls.play takes there and writes as its text, so a board
// that sends them plays exactly what it showed.
func TestBoardPlaysCTL(t *testing.T) {
	c := lsptest.Start(t, lsptest.Options{})
	c.Initialize(nil)
	const uri = "file:///play.ctl-pgn"
	text := "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"2026-12-08\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n" +
		"[PDTL \"/27:1k/26:1P1/3:3R/1:1K/ w KR- - 0 1\"]\n\n*\n"
	c.Open(uri, text)
	at := lsptest.RangeOf(t, text, "*\n").Start
	var b struct {
		Plays []struct{ From, To, Move string } `json:"plays"`
	}
	if err := c.Call("pgnls/board", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at}, &b); err != nil {
		t.Fatal(err)
	}
	if len(b.Plays) < 50 {
		t.Fatalf("%d plays, want the king's, the rook's and the pawn's moves", len(b.Plays))
	}
	for _, p := range b.Plays {
		// A move's text names its hexes, but for a castling.
		if !strings.HasPrefix(p.Move, "KR") && (!strings.Contains(p.Move, p.From) || !strings.Contains(p.Move, p.To)) {
			t.Errorf("play %+v: the hexes are not the move's", p)
		}
		got, res := editAt(t, c, uri, text, "pgnls.play", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at, "move": p.Move})
		if want := "\n\n1. " + p.Move + ":\n*\n"; !res.Applied || !strings.HasSuffix(got, want) {
			t.Errorf("play %+v: %q, want it to end %q", p, got, want)
		}
		c.Change(uri, lsptest.Edit{Text: text})
	}
}
