package session

import (
	"context"
	"fmt"
	"os"
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
			text := strings.Repeat(string(data)+"\n", n/19)
			e := NewEngine(b.Context(), quietHost{}, checks.All, 0, analysis.DefaultConfig(), 2000)
			doc := &Document{URI: "file:///r.pgn", Version: 1, File: syntax.ParseCompact("r.pgn", text, syntax.PGN, 64<<20)}
			e.Changed(doc, Delta{Kind: Fresh})
			e.Wait()
			mid := doc.File.GameSpan(doc.File.NumGames() / 2)
			at := mid.Start + syntax.Pos(strings.Index(doc.File.Slice(mid), "1. ")+3)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				ed := syntax.Edit{Span: syntax.Span{Start: at, End: at}, New: "x"}
				if i%2 == 1 {
					ed = syntax.Edit{Span: syntax.Span{Start: at, End: at + 1}}
				}
				f, kept := syntax.Reparse(doc.File, ed)
				doc = &Document{URI: doc.URI, Version: doc.Version + 1, File: f}
				e.Changed(doc, Delta{Kind: Edited, Edits: []syntax.Edit{ed}, Kept: kept})
				e.Wait()
			}
		})
	}
}
