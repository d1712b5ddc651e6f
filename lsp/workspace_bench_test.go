package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// benchWorkspace writes a folder of at least games games: copies of the
// shared corpus's big files (real games; each copy is a file of its own,
// so the same games occur in several files as in a real collection of
// databases), and returns it with the number of games written.
func benchWorkspace(b *testing.B, games int) (string, int) {
	files, _ := filepath.Glob("../../shared/testdata/pgn/big/*.pgn")
	if len(files) == 0 {
		b.Fatal("shared corpus not found (check out ../shared beside the repository)")
	}
	dir := b.TempDir()
	n := 0
	for copy := 0; n < games; copy++ {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			out := filepath.Join(dir, fmt.Sprintf("copy%d", copy), filepath.Base(f))
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(out, data, 0o644); err != nil {
				b.Fatal(err)
			}
			n += strings.Count(string(data), "[Event ")
			if n >= games {
				break
			}
		}
	}
	return dir, n
}

// progressEnded reports whether the client has seen the end of a
// work-done progress whose begin has the title.
func progressEnded(c *lsptest.Client, title string) bool {
	var token string
	for _, raw := range c.Notifications(protocol.MethodProgress) {
		var p struct {
			Token string
			Value struct{ Kind, Title string }
		}
		if json.Unmarshal(raw, &p) != nil {
			continue
		}
		switch {
		case p.Value.Kind == "begin" && p.Value.Title == title:
			token = p.Token
		case p.Value.Kind == "end" && p.Token == token && token != "":
			return true
		}
	}
	return false
}

const indexTitle = "Indexing the workspace's games"

// BenchmarkWorkspaceProcess measures the workspace search against the
// real binary on a folder of 40,000 real games:
//
//   - index-s and games/s: the first index, from initialized to the end
//     of its work-done progress, with an empty cache; check-s and
//     index/check: `pgnls check` on the same folder, in the same run;
//   - typing-ms-median and -p99: a keystroke in an open document of 1 MB
//     and a hover after it, answered, while that index is built (ten
//     keystrokes 50 ms apart, then a second's pause); and
//     typing-idle-ms-*: the same once it is built, in the same run;
//   - refs-ms-*: references on a move of the Najdorf (5... a6), the
//     games reaching it listed; explorer-ms-*: pgnls/board with the
//     explorer at the same move; both once indexed; refs-first-ms: the
//     first references after a document is opened, which indexes it;
//   - reindex-s: the index again after a restart, from the cache.
func BenchmarkWorkspaceProcess(b *testing.B) {
	dir, games := benchWorkspace(b, 40000)
	bin := buildServer(b)
	cache := b.TempDir()

	t0 := time.Now()
	if out, err := exec.Command(bin, "check", dir).CombinedOutput(); err != nil && !strings.Contains(err.Error(), "exit status 1") {
		b.Fatalf("pgnls check: %v\n%.500s", err, out)
	}
	check := time.Since(t0)

	start := func() *lsptest.Client {
		cmd := exec.Command(bin, "serve")
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
		_, c, _ := startBinary(b, cmd, lsptest.Options{
			RawDiagnostics:   true,
			Timeout:          10 * time.Minute,
			Capabilities:     map[string]any{"window": map[string]any{"workDoneProgress": true}},
			WorkspaceFolders: []string{dir},
		})
		return c
	}
	waitIndex := func(c *lsptest.Client) {
		for deadline := time.Now().Add(30 * time.Minute); !progressEnded(c, indexTitle); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				b.Fatal("the index was not built in time")
			}
		}
	}

	c := start()
	text := corpusText(b, 1<<20)
	const uri = "file:///typing.pgn"
	t0 = time.Now()
	c.Initialize(nil)
	c.Open(uri, text)
	// Keystrokes (a blank typed, then deleted) and a hover after each,
	// while the index is built, then as many once it is.
	pos := middleMove(text)
	at := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: pos}
	keystroke := func(i int) time.Duration {
		k0 := time.Now()
		if i%2 == 0 {
			c.Change(uri, lsptest.Replace(protocol.Range{Start: pos, End: pos}, " "))
		} else {
			c.Change(uri, lsptest.Replace(protocol.Range{Start: pos, End: protocol.Position{Line: pos.Line, Character: pos.Character + 1}}, ""))
		}
		if err := c.Call(protocol.MethodTextDocumentHover, at, nil); err != nil {
			b.Fatal(err)
		}
		d := time.Since(k0)
		time.Sleep(50 * time.Millisecond)
		return d
	}
	var typing, idle []time.Duration
	for i := 0; !progressEnded(c, indexTitle); i++ {
		typing = append(typing, keystroke(i))
		if i%10 == 9 {
			time.Sleep(time.Second) // the user stops typing: the index goes on
		}
	}
	waitIndex(c)
	index := time.Since(t0)
	for i := range max(len(typing), 20) {
		idle = append(idle, keystroke(len(typing)+i))
	}
	c.Close(uri)

	const najdorf = "[Event \"Najdorf\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n"
	const doc = "file:///najdorf.pgn"
	c.Open(doc, najdorf)
	a6 := protocol.Position{Line: 2, Character: uint32(strings.Index(najdorf[strings.Index(najdorf, "1."):], "a6"))}
	var refs, explore []time.Duration
	var found int
	first := time.Now() // the first question indexes the open document
	if err := c.Call(protocol.MethodTextDocumentReferences, map[string]any{"textDocument": map[string]any{"uri": doc}, "position": a6, "context": map[string]bool{"includeDeclaration": true}}, nil); err != nil {
		b.Fatal(err)
	}
	refsFirst := time.Since(first)
	b.ResetTimer()
	for b.Loop() {
		r0 := time.Now()
		var locs []protocol.Location
		if err := c.Call(protocol.MethodTextDocumentReferences, map[string]any{"textDocument": map[string]any{"uri": doc}, "position": a6, "context": map[string]bool{"includeDeclaration": true}}, &locs); err != nil {
			b.Fatal(err)
		}
		refs = append(refs, time.Since(r0))
		found = len(locs)
		e0 := time.Now()
		if err := c.Call("pgnls/board", map[string]any{"textDocument": map[string]any{"uri": doc}, "position": a6, "explorer": true}, nil); err != nil {
			b.Fatal(err)
		}
		explore = append(explore, time.Since(e0))
	}
	b.StopTimer()
	if found < 10 {
		b.Fatalf("%d games reach the Najdorf", found)
	}
	if err := c.Shutdown(); err != nil {
		b.Fatal(err)
	}
	c.Exit()

	c = start()
	t0 = time.Now()
	c.Initialize(nil)
	waitIndex(c)
	reindex := time.Since(t0)
	if err := c.Shutdown(); err != nil {
		b.Fatal(err)
	}
	c.Exit()

	b.ReportMetric(float64(games), "games")
	b.ReportMetric(float64(found), "najdorf-games")
	b.ReportMetric(index.Seconds(), "index-s")
	b.ReportMetric(float64(games)/index.Seconds(), "games/s")
	b.ReportMetric(check.Seconds(), "check-s")
	b.ReportMetric(index.Seconds()/check.Seconds(), "index/check")
	b.ReportMetric(median(typing), "typing-ms-median")
	b.ReportMetric(p99(typing), "typing-ms-p99")
	b.ReportMetric(median(idle), "typing-idle-ms-median")
	b.ReportMetric(p99(idle), "typing-idle-ms-p99")
	b.ReportMetric(ms(refsFirst), "refs-first-ms")
	b.ReportMetric(median(refs), "refs-ms-median")
	b.ReportMetric(p99(refs), "refs-ms-p99")
	b.ReportMetric(median(explore), "explorer-ms-median")
	b.ReportMetric(p99(explore), "explorer-ms-p99")
	b.ReportMetric(reindex.Seconds(), "reindex-s")
}
