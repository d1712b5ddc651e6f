package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// TestAppendSymbols: the hand-written encoding of document symbols is
// what encoding/json writes for the protocol values, on files with
// variations, non-ASCII names and characters JSON escapes.
func TestAppendSymbols(t *testing.T) {
	chunks := 0
	for name, data := range outlineFiles(t) {
		text := data + "\n[White \"a\\\"<b>&\\u2028\t\"]\n\n1. e4 (1. d4) *\n"
		// Enough games for chunks of their own, whose symbols the
		// outline keeps chunk-relative.
		text = strings.Repeat(text+"\n", 300/(strings.Count(text, "*\n")+1)+1)
		f := syntax.ParseCompact(name, text, syntax.DetectDialect(name, text), 64<<10)
		m := mapper{f}
		syms := query.Symbols(f)
		var o query.Outline
		placed, err := o.Symbols(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		chunks = max(chunks, len(placed))
		var tree func(ss []query.Symbol) []protocol.DocumentSymbol
		tree = func(ss []query.Symbol) []protocol.DocumentSymbol {
			out := make([]protocol.DocumentSymbol, 0, len(ss))
			for _, x := range ss {
				out = append(out, protocol.DocumentSymbol{Name: x.Name, Detail: x.Detail, Kind: symbolKind(x.Kind),
					Range: m.rangeOf(x.Span), SelectionRange: m.rangeOf(x.Selection), Children: tree(x.Children)})
			}
			return out
		}
		want, err := json.Marshal(tree(syms))
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, name+" (tree)", encodeSymbols(m, placed, nil), want)

		const uri = "file:///a%20b/c.pgn"
		flat := []protocol.SymbolInformation{}
		var walk func(ss []query.Symbol, container string)
		walk = func(ss []query.Symbol, container string) {
			for _, x := range ss {
				flat = append(flat, protocol.SymbolInformation{Name: x.Name, Kind: symbolKind(x.Kind), ContainerName: container,
					Location: protocol.Location{URI: uri, Range: m.rangeOf(x.Span)}})
				walk(x.Children, x.Name)
			}
		}
		walk(syms, "")
		if want, err = json.Marshal(flat); err != nil {
			t.Fatal(err)
		}
		sameJSON(t, name+" (flat)", encodeSymbols(m, placed, wire.AppendString(nil, uri)), want)
	}
	if chunks < 2 {
		t.Errorf("no file made more than %d chunk", chunks)
	}
}

// outlineFiles returns the texts of the syntax test files and the shared
// CTL-PGN files, by name: games with variations, comments, non-ASCII
// names and characters JSON escapes.
func outlineFiles(t *testing.T) map[string]string {
	files, _ := filepath.Glob("../testdata/syntax/*/*.pgn")
	more, _ := filepath.Glob("../../shared/testdata/ctl-pgn/*.ctl-pgn")
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("only %d files found", len(files))
	}
	texts := make(map[string]string, len(files))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(data)
	}
	return texts
}

// sameJSON fails unless got is valid JSON of the same value as want.
func sameJSON(t *testing.T, name string, got, want []byte) {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("%s: invalid JSON: %v\n%.300s", name, err, got)
	}
	_ = json.Unmarshal(want, &b)
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	if string(ga) != string(gb) {
		t.Fatalf("%s: hand-encoded JSON differs:\n got %.300s\nwant %.300s", name, got, want)
	}
}

// TestEncodeFolds: the hand-written encoding of folding ranges is what
// encoding/json writes for the protocol values, one-line folds left out,
// on files of every kind of fold.
func TestEncodeFolds(t *testing.T) {
	kinds := map[string]int{}
	for name, data := range outlineFiles(t) {
		text := data + "\n[White \"a\"]\n\n1. e4 {one line} (1. d4) *\n\n[White \"b\"]\n\n1. e4 {a comment\non two lines} (1. d4\n1... d5) *\n"
		f := syntax.Parse(name, text, syntax.DetectDialect(name, text))
		m := mapper{f}
		var o query.Outline
		folds, err := o.Folds(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		want := []protocol.FoldingRange{}
		for _, fd := range folds {
			start, end := foldLines(m, fd.Span)
			if end <= start {
				continue
			}
			kind := protocol.RegionFoldingRange
			if fd.Kind == query.FoldComment {
				kind = protocol.CommentFoldingRange
			}
			kinds[string(kind)]++
			want = append(want, protocol.FoldingRange{StartLine: start, EndLine: end, Kind: kind})
		}
		raw, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, name, encodeFolds(m, folds), raw)
	}
	if kinds[string(protocol.RegionFoldingRange)] == 0 || kinds[string(protocol.CommentFoldingRange)] == 0 {
		t.Errorf("folds of each kind: %v", kinds)
	}
}

// TestCapsOutline: the analysis keeps outlines for the clients that show
// them, by their declared capabilities, and for no other.
func TestCapsOutline(t *testing.T) {
	for _, tc := range []struct {
		caps string
		want bool
	}{
		{`{}`, false},
		{`{"textDocument":{"documentSymbol":{}}}`, false},
		{`{"textDocument":{"foldingRange":null}}`, false},
		{`{"textDocument":{"documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}}`, true},
		{`{"textDocument":{"foldingRange":{"lineFoldingOnly":true}}}`, true},
		{`{"textDocument":{"foldingRange":{}}}`, true},
	} {
		var w wire.ClientCapabilities
		if err := json.Unmarshal([]byte(tc.caps), &w); err != nil {
			t.Fatal(err)
		}
		if got := capsOf(&w).outline; got != tc.want {
			t.Errorf("%s: outline %v, want %v", tc.caps, got, tc.want)
		}
	}
}
