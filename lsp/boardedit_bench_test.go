package lsp_test

import (
	"encoding/json"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/lsp/lsptest"
	"github.com/pgnls/pgnls/syntax"
)

// BenchmarkPlayProcess measures the latency of a move played on the
// board of a 21 MB document, against the real binary (`pgnls serve` in a
// process of its own, as an editor runs it): from the client's
// pgnls.play request at the end of the main line of the middle game,
// through the server's workspace/applyEdit, the client's didChange of
// the edit, to the answer of pgnls/board at the move played, which shows
// it. Each move is then undone by a didChange outside the measurement,
// and the next is played after a pause, as a user plays after a moment.
func BenchmarkPlayProcess(b *testing.B) {
	const pause = 300 * time.Millisecond
	text := corpusText(b, 21<<20)
	bin := buildServer(b)
	_, c, _ := startBinary(b, exec.Command(bin, "serve", "--debounce", "1us"), lsptest.Options{
		RawDiagnostics: true,
		Timeout:        10 * time.Minute,
		Capabilities:   map[string]any{"window": map[string]any{"workDoneProgress": true}},
	})
	c.Initialize(nil)
	const uri = "file:///bench.pgn"
	c.Open(uri, text)
	waitQuiet(b, c, uri)

	// The end of the main line of a game in the middle, and a move
	// there.
	f := syntax.ParseCompact("bench.pgn", text, syntax.PGN, 1<<20)
	at, move := middlePlay(f)
	f = nil
	pos := lsptest.Position(text, int(at))
	doc := protocol.TextDocumentIdentifier{URI: uri}
	runtime.GC()

	var times []time.Duration
	for b.Loop() {
		t0 := time.Now()
		var res struct {
			Applied  bool              `json:"applied"`
			Position protocol.Position `json:"position"`
		}
		if err := c.Call(protocol.MethodWorkspaceExecuteCommand, map[string]any{
			"command":   "pgnls.play",
			"arguments": []any{map[string]any{"textDocument": doc, "position": pos, "move": move}},
		}, &res); err != nil {
			b.Fatal(err)
		}
		reqs := c.Requests(protocol.MethodWorkspaceApplyEdit)
		var p protocol.ApplyWorkspaceEditParams
		if err := json.Unmarshal(reqs[len(reqs)-1], &p); err != nil || !res.Applied {
			b.Fatalf("no edit applied: %v", err)
		}
		edit := p.Edit.Changes[uri][0]
		c.Change(uri, lsptest.Replace(edit.Range, edit.NewText))
		var board struct {
			Ply int `json:"ply"`
		}
		if err := c.Call("pgnls/board", map[string]any{"textDocument": doc, "position": res.Position}, &board); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		b.StopTimer()
		// Undo: the new text back to the old.
		start := lsptest.Offset(text, edit.Range.Start)
		end := lsptest.Offset(text, edit.Range.End)
		newText := text[:start] + edit.NewText + text[end:]
		undo := protocol.Range{Start: edit.Range.Start, End: lsptest.Position(newText, start+len(edit.NewText))}
		c.Change(uri, lsptest.Replace(undo, text[start:end]))
		// A user plays the next move after a moment, when the analysis
		// of the last one is over.
		time.Sleep(pause)
		b.StartTimer()
	}
	b.ReportMetric(median(times), "ms-median")
	b.ReportMetric(p99(times), "ms-p99")
	if err := c.Shutdown(); err != nil {
		b.Fatal(err)
	}
	c.Exit()
}

// BenchmarkPlay measures query.Play in process on the 21 MB document of
// BenchmarkPlayProcess: a move appended at the end of the main line of
// its middle game (the server's share of the latency, without the
// transport and the didChange).
func BenchmarkPlay(b *testing.B) {
	text := corpusText(b, 21<<20)
	f := syntax.ParseCompact("bench.pgn", text, syntax.PGN, 1<<20)
	at, move := middlePlay(f)
	for b.Loop() {
		if _, err := query.Play(f, at, move); err != nil {
			b.Fatal(err)
		}
	}
}

// middlePlay returns the last main-line move of the first game from the
// middle of f on that has one, and a legal move (UCI) to play after it.
func middlePlay(f *syntax.File) (at syntax.Pos, move string) {
	for i := f.NumGames() / 2; move == ""; i++ {
		r := f.Game(i)
		var last *syntax.Move
		for _, e := range r.Game.Moves {
			if mv, ok := e.(*syntax.Move); ok {
				last = mv
			}
		}
		if last == nil {
			continue
		}
		at = r.Start + last.Sp.Start
		if ms, err := query.LegalMoves(f, at); err == nil && len(ms) > 0 {
			move = ms[0].UCI
		}
	}
	return at, move
}
