package lsp_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
	"unicode/utf16"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/lsp/lsptest"
	"github.com/pgnls/pgnls/syntax"
)

// BenchmarkRequestsProcess measures, against the real binary in a
// process of its own (as an editor runs it), the requests that must stay
// bounded on big documents (issue 14), each beside what `pgnls check`
// costs on the same text (check-ms: the whole process, run on a file):
//
//   - format/4MB: Format Document on a 4 MB file of real games
//     (format-ms), then the edits applied as editors apply them, in one
//     didChange in reverse order, until the answer to a hover sent right
//     after it (apply-ms); open-ms is the same from a didOpen of that
//     text, which the apply must not exceed. apply-fine-ms applies the
//     same formatting as the line-by-line edits a formatter could send
//     (fine-edits of them, about three per game), to show that the cost
//     of a didChange grows with its changes, not with changes × document.
//     Besides the whole run's, it reports the peak resident memory of
//     each phase over the file's size: the open until its analysis
//     settles (open-peak), the formatting request (format-peak), an
//     apply until its analysis settles (apply-peak), each including
//     what the process holds as the phase starts (the runtime gives
//     freed memory back to the system over minutes); and the idle
//     server's resident memory (idle-rss-MB), for the bound below 16 MB
//     (idle server plus 4x the document).
//   - whole/21MB: documentSymbol, foldingRange and full semantic tokens
//     on a 21 MB file, once the first documentSymbol and foldingRange
//     (first-outline-ms) have computed the outline of every
//     chunk.
//   - typing/21MB: a character typed in the middle game of the 21 MB
//     file, then the requests an editor sends after a keystroke (hover,
//     documentHighlight, codeAction, semantic tokens of the screen), all
//     at once: from the didChange to the last answer, median and p99.
//   - typing-outline/21MB: the same after a documentSymbol and a
//     foldingRange, as VS Code asks at once for its outline and
//     breadcrumbs: the outline's cache is then in memory while typing.
//   - open-outline/21MB: the 21 MB file opened and, at once, a
//     documentSymbol and a foldingRange, as VS Code sends them, while
//     the first analysis runs: from the didOpen to both answers
//     (open-outline-ms; the file is closed and opened again each
//     iteration).
//
// Every case reports the server's peak resident memory (VmHWM, opening
// included) as a multiple of the file's size. The big messages are
// encoded and framed before the clock starts (lsptest.Client.Encode): the
// client's encoding is no part of the server's cost.
func BenchmarkRequestsProcess(b *testing.B) {
	b.Run("format/4MB", func(b *testing.B) { benchmarkFormatProcess(b, corpusText(b, 4<<20)) })
	text21 := ""
	for _, what := range []string{"whole", "typing", "typing-outline", "open-outline"} {
		b.Run(what+"/21MB", func(b *testing.B) {
			if text21 == "" {
				text21 = corpusText(b, 21<<20)
			}
			benchmarkRequestsProcess(b, text21, what)
		})
	}
}

// serverProcess starts the real binary with its default settings and
// opens text as uri; it returns the process and its client.
func serverProcess(b *testing.B) (*exec.Cmd, *lsptest.Client) {
	cmd, c, _ := startBinary(b, exec.Command(buildServer(b), "serve"), lsptest.Options{
		RawDiagnostics: true,
		Timeout:        10 * time.Minute,
		Capabilities: map[string]any{"textDocument": map[string]any{
			"hover": map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
			// As VS Code, Neovim and Emacs declare.
			"documentSymbol": map[string]any{"hierarchicalDocumentSymbolSupport": true},
		}},
	})
	c.Initialize(nil)
	return cmd, c
}

// checkMillis runs `pgnls check` on text written to a file and returns
// the process's wall time in milliseconds (the fastest of three runs).
func checkMillis(b *testing.B, text string) float64 {
	path := filepath.Join(b.TempDir(), "check.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	best := time.Duration(1 << 62)
	for range 3 {
		t0 := time.Now()
		err := exec.Command(buildServer(b), "check", path).Run()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			b.Fatal(err)
		}
		best = min(best, time.Since(t0))
	}
	return ms(best)
}

// settle waits until the server has published diagnostics of uri and
// then nothing more for a second: its analysis is over.
func settle(b *testing.B, c *lsptest.Client, uri protocol.DocumentURI) {
	for n := -1; ; time.Sleep(time.Second) {
		m := len(c.Publications(uri))
		if m == n && m > 0 {
			return
		}
		n = m
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// middleMove returns the position of the first move of the middle game
// of text.
func middleMove(text string) protocol.Position {
	f := syntax.ParseCompact("bench.pgn", text, syntax.PGN, 1<<20)
	for i := f.NumGames() / 2; ; i++ {
		r := f.Game(i)
		for _, e := range r.Game.Moves {
			if mv, ok := e.(*syntax.Move); ok {
				return lsptest.Position(text, int(r.Start+mv.Sp.Start))
			}
		}
	}
}

func benchmarkFormatProcess(b *testing.B, text string) {
	const uri = "file:///bench.pgn"
	cmd, c := serverProcess(b)
	idle := rss(b, cmd.Process.Pid, "VmRSS")
	check := checkMillis(b, text)
	at := middleMove(text)
	hover := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: at}
	var open, format, apply, applyFine []time.Duration
	peak := newPeaks(b, cmd.Process.Pid)
	for b.Loop() {
		b.StopTimer()
		peak.end("between")
		open1 := c.Encode(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "pgn", Version: 1, Text: text}})
		t0 := time.Now()
		c.NotifyFrame(open1)
		if err := c.Call(protocol.MethodTextDocumentHover, hover, nil); err != nil {
			b.Fatal(err)
		}
		open = append(open, time.Since(t0))
		settle(b, c, uri)
		peak.end("open")
		b.StartTimer()

		t0 = time.Now()
		var edits []protocol.TextEdit
		if err := c.Call(protocol.MethodTextDocumentFormatting, map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"options":      map[string]any{"tabSize": 4, "insertSpaces": true},
		}, &edits); err != nil {
			b.Fatal(err)
		}
		format = append(format, time.Since(t0))
		b.StopTimer()
		peak.end("format")
		b.StartTimer()
		if len(edits) == 0 {
			b.Fatal("formatting gave no edits")
		}
		// Editors apply many edits last first, each in the text the
		// edits after it left.
		change := c.Encode(protocol.MethodTextDocumentDidChange, didChange(b, uri, edits))
		t0 = time.Now()
		c.NotifyFrame(change)
		if err := c.Call(protocol.MethodTextDocumentHover, hover, nil); err != nil {
			b.Fatal(err)
		}
		apply = append(apply, time.Since(t0))
		b.StopTimer()
		b.ReportMetric(float64(len(edits)), "edits")
		settle(b, c, uri)
		peak.end("apply")
		c.Close(uri)

		// Again, with the formatting as line-by-line edits.
		fine := fineEdits(text, edits)
		c.NotifyFrame(open1)
		settle(b, c, uri)
		peak.end("open")
		change = c.Encode(protocol.MethodTextDocumentDidChange, didChange(b, uri, fine))
		b.StartTimer()
		t0 = time.Now()
		c.NotifyFrame(change)
		if err := c.Call(protocol.MethodTextDocumentHover, hover, nil); err != nil {
			b.Fatal(err)
		}
		applyFine = append(applyFine, time.Since(t0))
		b.StopTimer()
		b.ReportMetric(float64(len(fine)), "fine-edits")
		settle(b, c, uri)
		peak.end("apply")
		c.Close(uri)
		b.StartTimer()
	}
	peak.end("between")
	b.ReportMetric(median(open), "open-ms")
	b.ReportMetric(median(format), "format-ms")
	b.ReportMetric(median(apply), "apply-ms")
	b.ReportMetric(median(applyFine), "apply-fine-ms")
	b.ReportMetric(check, "check-ms")
	n := float64(len(text))
	b.ReportMetric(peak.phase["open"]/n, "open-peak-rss/filesize")
	b.ReportMetric(peak.phase["format"]/n, "format-peak-rss/filesize")
	b.ReportMetric(peak.phase["apply"]/n, "apply-peak-rss/filesize")
	b.ReportMetric(peak.all/n, "peak-rss/filesize")
	b.ReportMetric(idle/(1<<20), "idle-rss-MB")
}

// marshal returns v as JSON, so that a client's encoding of a big
// message is not part of the server's time.
func marshal(b *testing.B, v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// didChange returns the params of a didChange of uri to version 2 that
// applies edits as editors apply many edits: last first, each in the
// text the ones after it left.
func didChange(b *testing.B, uri protocol.DocumentURI, edits []protocol.TextEdit) json.RawMessage {
	type change struct {
		Range protocol.Range `json:"range"`
		Text  string         `json:"text"`
	}
	changes := make([]change, 0, len(edits))
	for _, e := range slices.Backward(edits) {
		changes = append(changes, change{e.Range, e.NewText})
	}
	return marshal(b, map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": changes,
	})
}

// fineEdits splits edits (of text, ascending) into the line-by-line
// edits of diff.Edits.
func fineEdits(text string, edits []protocol.TextEdit) []protocol.TextEdit {
	lines := []int{0} // byte offset of each line's start
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
			lines = append(lines, i+1)
		}
	}
	offset := func(p protocol.Position) int {
		off := lines[p.Line]
		for units := uint32(0); units < p.Character; off++ {
			if text[off]&0xC0 != 0x80 {
				units++
				if text[off] >= 0xF0 {
					units++
				}
			}
		}
		for off < len(text) && text[off]&0xC0 == 0x80 {
			off++
		}
		return off
	}
	position := func(off int) protocol.Position {
		l, _ := slices.BinarySearch(lines, off+1)
		l--
		units := 0
		for _, r := range text[lines[l]:off] {
			units += len(utf16.Encode([]rune{r}))
		}
		return protocol.Position{Line: uint32(l), Character: uint32(units)}
	}
	var out []protocol.TextEdit
	for _, e := range edits {
		start, end := offset(e.Range.Start), offset(e.Range.End)
		for _, f := range diff.Edits(text[start:end], e.NewText) {
			out = append(out, protocol.TextEdit{
				Range:   protocol.Range{Start: position(start + int(f.Start)), End: position(start + int(f.End))},
				NewText: f.New,
			})
		}
	}
	return out
}

func median(ds []time.Duration) float64 {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ms(ds[len(ds)/2])
}

func p99(ds []time.Duration) float64 {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ms(ds[min(len(ds)-1, len(ds)*99/100)])
}

func benchmarkRequestsProcess(b *testing.B, text, what string) {
	const uri = "file:///bench.pgn"
	cmd, c := serverProcess(b)
	check := checkMillis(b, text)
	doc := map[string]any{"uri": uri}
	if what == "open-outline" {
		open := c.Encode(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "pgn", Version: 1, Text: text}})
		var times []time.Duration
		for b.Loop() {
			t0 := time.Now()
			c.NotifyFrame(open)
			pending := []*lsptest.Pending{
				c.Send(c.NextID(), protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": doc}),
				c.Send(c.NextID(), protocol.MethodTextDocumentFoldingRange, map[string]any{"textDocument": doc}),
			}
			for _, p := range pending {
				if err := p.Wait(nil); err != nil {
					b.Fatal(err)
				}
			}
			times = append(times, time.Since(t0))
			b.StopTimer()
			settle(b, c, uri)
			c.Close(uri)
			b.StartTimer()
		}
		b.ReportMetric(median(times), "open-outline-ms")
		b.ReportMetric(check, "check-ms")
		b.ReportMetric(rss(b, cmd.Process.Pid, "VmHWM")/float64(len(text)), "peak-rss/filesize")
		return
	}
	c.Open(uri, text)
	settle(b, c, uri)
	switch what {
	case "whole":
		times := map[string][]time.Duration{}
		methods := []string{protocol.MethodTextDocumentDocumentSymbol, protocol.MethodTextDocumentFoldingRange, protocol.MethodSemanticTokensFull}
		// The first requests compute the outline of every chunk.
		t0 := time.Now()
		for _, m := range methods[:2] {
			if err := c.Call(m, map[string]any{"textDocument": doc}, nil); err != nil {
				b.Fatal(err)
			}
		}
		first := time.Since(t0)
		for b.Loop() {
			for _, m := range methods {
				t0 := time.Now()
				if err := c.Call(m, map[string]any{"textDocument": doc}, nil); err != nil {
					b.Fatal(err)
				}
				times[m] = append(times[m], time.Since(t0))
			}
		}
		b.ReportMetric(ms(first), "first-outline-ms")
		b.ReportMetric(median(times[protocol.MethodTextDocumentDocumentSymbol]), "symbols-ms")
		b.ReportMetric(median(times[protocol.MethodTextDocumentFoldingRange]), "folding-ms")
		b.ReportMetric(median(times[protocol.MethodSemanticTokensFull]), "tokens-ms")
	case "typing", "typing-outline":
		if what == "typing-outline" {
			for _, m := range []string{protocol.MethodTextDocumentDocumentSymbol, protocol.MethodTextDocumentFoldingRange} {
				if err := c.Call(m, map[string]any{"textDocument": doc}, nil); err != nil {
					b.Fatal(err)
				}
			}
		}
		at := middleMove(text)
		screen := protocol.Range{Start: protocol.Position{Line: max(at.Line, 30) - 30}, End: protocol.Position{Line: at.Line + 30}}
		var times []time.Duration
		i := 0
		for b.Loop() {
			// Type a space before the move, or remove it again.
			t0 := time.Now()
			if i%2 == 0 {
				c.Change(uri, lsptest.Replace(protocol.Range{Start: at, End: at}, " "))
			} else {
				c.Change(uri, lsptest.Replace(protocol.Range{Start: at, End: protocol.Position{Line: at.Line, Character: at.Character + 1}}, ""))
			}
			pos := map[string]any{"textDocument": doc, "position": at}
			pending := []*lsptest.Pending{
				c.Send(c.NextID(), protocol.MethodTextDocumentHover, pos),
				c.Send(c.NextID(), protocol.MethodTextDocumentDocumentHighlight, pos),
				c.Send(c.NextID(), protocol.MethodTextDocumentCodeAction, map[string]any{
					"textDocument": doc, "range": protocol.Range{Start: at, End: at},
					"context": map[string]any{"diagnostics": []any{}},
				}),
				c.Send(c.NextID(), protocol.MethodSemanticTokensRange, map[string]any{"textDocument": doc, "range": screen}),
			}
			for _, p := range pending {
				if err := p.Wait(nil); err != nil {
					b.Fatal(err)
				}
			}
			times = append(times, time.Since(t0))
			i++
		}
		b.ReportMetric(median(times), "ms-median")
		b.ReportMetric(p99(times), "ms-p99")
	}
	b.ReportMetric(check, "check-ms")
	b.ReportMetric(rss(b, cmd.Process.Pid, "VmHWM")/float64(len(text)), "peak-rss/filesize")
}
