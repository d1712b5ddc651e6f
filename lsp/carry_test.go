package lsp_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// TestIncrementalDiagnosticsMatchFresh edits a document of many chunks,
// with a syntax tree budget so small that most chunks keep no trees, in
// random bursts, and after each burst's analysis compares what the
// server published with what it publishes for the same text opened anew:
// the diagnostics carried from version to version (per chunk, per game
// kept by the edits) must never differ from a fresh analysis.
func TestIncrementalDiagnosticsMatchFresh(t *testing.T) {
	defer lsp.SetHeldTrees(8 << 10)()
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{
			Server: lsp.Options{Debounce: 50 * time.Millisecond},
			Serve:  lsp.ServeForTest,
		})
		c.Initialize(map[string]any{"maxDiagnostics": 0})
		var b strings.Builder
		for i := range 1200 {
			fmt.Fprintf(&b, "[Event \"E%d\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n", i)
			switch i % 4 {
			case 0:
				b.WriteString("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n")
			case 1:
				b.WriteString("1. d4 d5 2. Nf6 {illegal} c4 *\n\n")
			case 2:
				b.WriteString("1. c4 e5 2. Nc3 @@ Nf6 1-0\n\n")
			default:
				b.WriteString("1. e4 (1. d4 d5) e5 $1 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n")
			}
		}
		text := b.String()
		const uri = "file:///edited.pgn"
		c.Open(uri, text)
		rng := rand.New(rand.NewPCG(5, 6))
		pieces := []string{"", "x", "\n", "\n\n[Event \"N\"]\n\n1. e4 *\n\n", "{", "}", "(", ")", "e4 ", "1-0", "*", "Nf3 ", "\n\n"}
		lines := strings.Count(text, "\n")
		for burst := range 12 {
			var v int32
			for range 1 + rng.IntN(3) {
				var edits []lsptest.Edit
				for range 1 + rng.IntN(3) {
					line := uint32(rng.IntN(lines))
					a := protocol.Position{Line: line, Character: uint32(rng.IntN(12))}
					z := protocol.Position{Line: line, Character: a.Character + uint32(rng.IntN(4))}
					oa, oz := refOffset(text, a), refOffset(text, z)
					ins := pieces[rng.IntN(len(pieces))]
					edits = append(edits, lsptest.Replace(protocol.Range{Start: a, End: z}, ins))
					text = text[:oa] + ins + text[oz:]
					lines = strings.Count(text, "\n")
				}
				v = c.Change(uri, edits...)
			}
			c.Settle()
			got, _ := c.Last(uri)
			if got.Version != uint32(v) {
				t.Fatalf("burst %d: last publication is of version %d, want %d", burst, got.Version, v)
			}
			fresh := protocol.DocumentURI(fmt.Sprintf("file:///fresh%d.pgn", burst))
			c.Open(fresh, text)
			c.Settle()
			want, _ := c.Last(fresh)
			c.Close(fresh)
			g, _ := json.Marshal(got.Diagnostics)
			w, _ := json.Marshal(want.Diagnostics)
			if string(g) != strings.ReplaceAll(string(w), string(fresh), uri) {
				t.Fatalf("burst %d: diagnostics after incremental edits differ from a fresh analysis of the same text:\n%s\n---\n%s", burst, diffLines(string(g), string(w)), "")
			}
		}
	})
}

// diffLines returns the first place where the JSON texts a and b differ,
// with some context.
func diffLines(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(i-300, 0)
	return fmt.Sprintf("incremental: …%s…\nfresh:       …%s…", a[lo:min(i+300, len(a))], b[lo:min(i+300, len(b))])
}
