package lsp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
	"github.com/pgnls/pgnls/syntax"
)

// slowAnalyzer takes a millisecond of (virtual) time per game and reports
// the game's first move.
var slowAnalyzer = &analysis.Analyzer{
	Name:  "slow",
	Doc:   "Test analyzer taking time.",
	Codes: []analysis.CodeInfo{{Code: "test-first", Severity: analysis.Hint, Doc: "First move."}},
	Run: func(p *analysis.Pass) {
		time.Sleep(time.Millisecond)
		for _, e := range p.Game.Moves {
			if mv, ok := e.(*syntax.Move); ok {
				p.Report(analysis.Diagnostic{Span: mv.Sp, Severity: analysis.Hint, Code: "test-first", Message: mv.Text})
				return
			}
		}
	},
}

func bigText(games int) string {
	var b strings.Builder
	for i := range games {
		fmt.Fprintf(&b, "[Event \"g%d\"]\n\n1. e4 e5 *\n\n", i)
	}
	return b.String()
}

// progressKinds returns the kinds of the $/progress notifications sent.
func progressKinds(t *testing.T, c *lsptest.Client) []string {
	var kinds []string
	for _, raw := range c.Notifications(protocol.MethodProgress) {
		var p struct {
			Token string
			Value struct{ Kind, Message string }
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, p.Value.Kind)
	}
	return kinds
}

// TestProgress checks the first analysis of a big document: work-done
// progress, and results published in batches before the end.
func TestProgress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{
			Serve:        lsp.ServeWithAnalyzers(slowAnalyzer),
			Capabilities: map[string]any{"window": map[string]any{"workDoneProgress": true}},
		})
		c.Initialize(nil)
		const uri = "file:///big.pgn"
		const games = 1200
		c.Open(uri, bigText(games))
		c.Settle()
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if n := len(c.Requests(protocol.MethodWorkDoneProgressCreate)); n != 1 {
			t.Fatalf("%d window/workDoneProgress/create requests, want 1", n)
		}
		kinds := progressKinds(t, c)
		if len(kinds) < 3 || kinds[0] != "begin" || kinds[1] != "report" || kinds[len(kinds)-1] != "end" {
			t.Errorf("progress kinds = %v, want begin, report..., end", kinds)
		}
		pubs := c.Publications(uri)
		var counts []int
		for _, p := range pubs {
			counts = append(counts, len(p.Diagnostics))
		}
		if len(pubs) < 3 || counts[len(counts)-1] != games {
			t.Fatalf("diagnostics counts per publication = %v, want partial batches, then %d", counts, games)
		}
		if mid := counts[1]; mid == 0 || mid == games {
			t.Errorf("the first batch has %d of %d results, want some", mid, games)
		}
	})
}

// TestProgressCancel checks that cancelling the progress stops the
// analysis and publishes what was done.
func TestProgressCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{
			Serve:        lsp.ServeWithAnalyzers(slowAnalyzer),
			Capabilities: map[string]any{"window": map[string]any{"workDoneProgress": true}},
		})
		c.Initialize(nil)
		const uri = "file:///big.pgn"
		const games = 1600
		c.Open(uri, bigText(games))
		time.Sleep(500 * time.Millisecond) // debounce and a batch or two
		synctest.Wait()
		var p struct{ Token string }
		if ns := c.Notifications(protocol.MethodProgress); len(ns) == 0 || json.Unmarshal(ns[0], &p) != nil {
			t.Fatal("no progress begun")
		}
		c.Notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": p.Token})
		time.Sleep(5 * time.Second)
		synctest.Wait()
		kinds := progressKinds(t, c)
		if kinds[len(kinds)-1] != "end" {
			t.Fatalf("progress not ended: %v", kinds)
		}
		last, _ := c.Last(uri)
		if n := len(last.Diagnostics); n == 0 || n >= games {
			t.Errorf("%d results published after the cancellation, want some but not all %d", n, games)
		}
		// An edit analyses the rest.
		v := c.Change(uri, lsptest.Replace(protocol.Range{}, " "))
		c.WaitDiagnostics(uri, v)
		time.Sleep(10 * time.Second)
		synctest.Wait()
		last, _ = c.Last(uri)
		if n := len(last.Diagnostics); n != games {
			t.Errorf("%d results after the next edit, want %d", n, games)
		}
	})
}
