package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// quietHost is a Host that drops publications.
type quietHost struct{ noProgress }

func (quietHost) Publish(Publication) {}
func (quietHost) Progress(context.Context, string, context.CancelFunc) Progress {
	return noProgress{}
}
func (quietHost) Fault(_ *Document, game int, value any, _ []byte) {
	panic(fmt.Sprintf("an analyzer panicked on game %d: %v", game, value))
}

// BenchmarkEditRepeats measures an edit in the middle game of a document
// whose games nearly all repeat earlier ones (the test file of repeated
// games over and over), from Changed to the end of its analysis and
// publication (the language server's default limit of 2,000): it must
// not grow with the number of games.
func BenchmarkEditRepeats(b *testing.B) {
	data, err := os.ReadFile("../../testdata/analysis/duplicates/games.pgn")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{5000, 40000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			benchmarkEdits(b, strings.Repeat(string(data)+"\n", n/19), "x")
		})
	}
}

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
	benchmarkEdits(b, text[:21<<20], " ")
}

// benchmarkEdits opens text, analyses it, then inserts typed before the
// first move of its middle game and removes it again, in turn, each
// edit analysed and published before the next.
func benchmarkEdits(b *testing.B, text, typed string) {
	e := NewEngine(b.Context(), quietHost{}, checks.All, 0, analysis.DefaultConfig(), 2000)
	doc := &Document{URI: "file:///r.pgn", Version: 1, File: syntax.ParseCompact("r.pgn", text, syntax.PGN, 64<<20)}
	e.Changed(doc, Delta{Kind: Fresh})
	e.Wait()
	mid := doc.File.GameSpan(doc.File.NumGames() / 2)
	at := mid.Start + syntax.Pos(strings.Index(doc.File.Slice(mid), "1. ")+3)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ed := syntax.Edit{Span: syntax.Span{Start: at, End: at}, New: typed}
		if i%2 == 1 {
			ed = syntax.Edit{Span: syntax.Span{Start: at, End: at + syntax.Pos(len(typed))}}
		}
		f, kept := syntax.Reparse(doc.File, ed)
		doc = &Document{URI: doc.URI, Version: doc.Version + 1, File: f}
		e.Changed(doc, Delta{Kind: Edited, Edits: []syntax.Edit{ed}, Kept: kept})
		e.Wait()
	}
}
