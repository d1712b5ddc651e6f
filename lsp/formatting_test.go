package lsp_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/lsp/lsptest"
	"github.com/pgnls/pgnls/syntax"
)

// TestFormattingBigDocument: the formatting of a document of megabytes,
// whose edits the server encodes as it makes them (in parts of the
// answer, see wire.Parts), is exactly the edits of format.Edits at their
// protocol positions (UTF-16, after CRLF and lone CR line ends, non-ASCII
// comments and tags), a range's over several chunks too, and applied
// they give the whole text formatted (format.Joiner's output, as pgnls
// fmt writes it).
func TestFormattingBigDocument(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "testdata", "pgn", "big", "pgnmentor-Kasparov.pgn"))
	if err != nil {
		t.Fatalf("shared corpus: %v (check out ../shared beside the repository)", err)
	}
	quirky, _ := filepath.Glob("../../shared/testdata/pgn/quirky/*.pgn")
	var b strings.Builder
	b.Write(data)
	for _, name := range quirky {
		q, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
		b.Write(q)
	}
	// Line ends of every kind, and characters of two UTF-16 units.
	b.WriteString("\r\n[Event \"é 🩐\"]\r\n[White \"Ñ\"]\r\n\r\n1.e4 {🩐 é} e5 2.Nf3   Nc6 *\r\n")
	b.WriteString("\r[Event \"cr\"]\r\r1.d4 d5 {a\rb} 2.c4 *\r")
	text := b.String()
	if len(text) < 1<<20 || len(quirky) < 10 {
		t.Fatalf("the document is %d bytes, of %d quirky files", len(text), len(quirky))
	}

	// A minute per wait: the open's analysis runs meanwhile, and under
	// -race on two busy cores an answer of 1.5 MB takes tens of seconds.
	c := start(t, lsptest.Options{Timeout: time.Minute})
	c.Initialize(nil)
	const uri = "file:///big.pgn"
	c.Open(uri, text)
	edits := formatEdits(t, c, uri)

	f := syntax.Parse("big.pgn", text, syntax.PGN)
	opts := format.Options{}
	want, _ := format.Edits(context.Background(), f, opts, 0, f.NumGames())
	if len(edits) != len(want) || len(want) < 100 {
		t.Fatalf("%d edits, want %d (of format.Edits; at least 100)", len(edits), len(want))
	}
	pos := positions(text)
	for i, e := range want {
		r := protocol.Range{Start: pos(int(e.Start)), End: pos(int(e.End))}
		if edits[i].Range != r || edits[i].NewText != e.New {
			t.Fatalf("edit %d is %v %.60q, want %v %.60q", i, edits[i].Range, edits[i].NewText, r, e.New)
		}
	}
	// A range over games of several chunks (of about 256 games) formats
	// those games whole, as format.Edits does them.
	from, to := f.NumGames()/3, f.NumGames()/3+700
	var ranged []protocol.TextEdit
	if err := c.Call(protocol.MethodTextDocumentRangeFormatting, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        protocol.Range{Start: pos(int(f.Game(from).Start) + 3), End: pos(int(f.Game(to-1).End()) - 1)},
		"options":      map[string]any{"tabSize": 2, "insertSpaces": true},
	}, &ranged); err != nil {
		t.Fatal(err)
	}
	wantRanged, _ := format.Edits(context.Background(), f, opts, from, to)
	if len(ranged) != len(wantRanged) || len(wantRanged) < 500 {
		t.Fatalf("range formatting: %d edits, want %d (at least 500)", len(ranged), len(wantRanged))
	}
	for i, e := range wantRanged {
		if r := (protocol.Range{Start: pos(int(e.Start)), End: pos(int(e.End))}); ranged[i].Range != r || ranged[i].NewText != e.New {
			t.Fatalf("range formatting: edit %d is %v %.60q, want %v %.60q", i, ranged[i].Range, ranged[i].NewText, r, e.New)
		}
	}

	// They are those edits: applied (by offset, as lsptest.ApplyEdits
	// takes time proportional to edits × text), they give the whole text
	// formatted, as pgnls fmt writes it.
	got := syntax.ApplyEdits(text, want)
	var whole strings.Builder
	j := format.NewJoiner(&whole, f.Dialect)
	for _, r := range f.Games() {
		j.Add(r.Game, format.Game(r.Game, f.Dialect, opts))
	}
	if got != whole.String() {
		t.Error("the formatting's edits, applied, differ from the whole text formatted")
	}
}

// positions returns a function that maps byte offsets of text to
// protocol positions (lines ended by CRLF, LF or CR; UTF-16 columns) in
// time proportional to the line's length, not the text's.
func positions(text string) func(off int) protocol.Position {
	lines := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
			lines = append(lines, i+1)
		}
	}
	return func(off int) protocol.Position {
		l, found := slices.BinarySearch(lines, off)
		if !found {
			l--
		}
		return protocol.Position{Line: uint32(l), Character: uint32(len(utf16.Encode([]rune(text[lines[l]:off]))))}
	}
}
