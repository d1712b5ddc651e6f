package lsp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// TestSemanticTokensByChunk: a document of several chunks encodes its
// tokens chunk by chunk (so that a cancelled request stops early) exactly
// as in one go, for the whole text and for ranges across chunks; and a
// cancelled request stops.
func TestSemanticTokensByChunk(t *testing.T) {
	var b strings.Builder
	for i := range 1300 {
		fmt.Fprintf(&b, "[Event \"é%d 🩐\"]\n[Result \"*\"]\n\n1. e4 {c%d\nnext} e5 (1... c5 $1) 2. Nf3 *\n\n", i, i)
	}
	text := b.String()
	doc := &session.Document{URI: "file:///s.pgn", File: session.Parse("s.pgn", text, syntax.PGN)}
	if n := len(doc.File.Chunks()); n < 3 {
		t.Fatalf("%d chunks, want several", n)
	}
	for _, within := range []syntax.Span{{Start: 0, End: doc.File.Len()}, {Start: 1000, End: doc.File.Len() - 5000}, {Start: 5, End: 6}} {
		got, err := semanticTokens(context.Background(), doc, within)
		if err != nil {
			t.Fatal(err)
		}
		want, _, _, _, _ := appendSemanticTokens([]uint32{}, doc.File, query.SemanticTokens(doc.File, within), 0, 0, syntax.GameRef{}, gameMapper{})
		if !slices.Equal(got.Data, want) {
			t.Fatalf("within %v: %d numbers by chunk, %d in one go", within, len(got.Data), len(want))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := semanticTokens(ctx, doc, syntax.Span{Start: 0, End: doc.File.Len()}); err == nil {
		t.Error("a cancelled request went on")
	}
}
