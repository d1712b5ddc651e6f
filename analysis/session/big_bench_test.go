package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// BenchmarkEditBig measures an edit in the middle game of 21 MB of real
// games (the shared corpus's biggest file, repeated), from Changed to the
// end of its analysis and publication (the language server's default
// limit of 2,000): the document's thousands of player-name-variant hints
// and repeated games must cost what a publication keeps, not what the
// document holds.
func BenchmarkEditBig(b *testing.B) {
	var text string
	files, _ := filepath.Glob("../../../shared/testdata/pgn/big/pgnmentor-*.pgn")
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && len(data) > len(text) {
			text = string(data)
		}
	}
	if text == "" {
		b.Fatal("shared corpus not found (check out ../shared beside the repository)")
	}
	for len(text) < 21<<20 {
		text += "\n" + text
	}
	text = text[:21<<20]
	e := NewEngine(b.Context(), quietHost{}, checks.All, 0, analysis.DefaultConfig(), 2000)
	doc := &Document{URI: "file:///r.pgn", Version: 1, File: syntax.ParseCompact("r.pgn", text, syntax.PGN, 64<<20)}
	e.Changed(doc, Delta{Kind: Fresh})
	e.Wait()
	mid := doc.File.GameSpan(doc.File.NumGames() / 2)
	at := mid.Start + syntax.Pos(strings.Index(doc.File.Slice(mid), "1. ")+3)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ed := syntax.Edit{Span: syntax.Span{Start: at, End: at}, New: " "}
		if i%2 == 1 {
			ed = syntax.Edit{Span: syntax.Span{Start: at, End: at + 1}}
		}
		f, kept := syntax.Reparse(doc.File, ed)
		doc = &Document{URI: doc.URI, Version: doc.Version + 1, File: f}
		e.Changed(doc, Delta{Kind: Edited, Edits: []syntax.Edit{ed}, Kept: kept})
		e.Wait()
	}
}
