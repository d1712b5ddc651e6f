package query

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite golden files")

// testToday is the date completion offers in tests.
var testToday = time.Date(2025, 3, 9, 12, 0, 0, 0, time.UTC)

// marker is a cursor marker ⟦q …⟧ of a test file.
type marker struct {
	off     syntax.Pos
	queries []string
}

// cutMarkers removes the markers from text and returns where they were.
func cutMarkers(t *testing.T, text string) (string, []marker) {
	var b strings.Builder
	var ms []marker
	for {
		i := strings.Index(text, "⟦")
		if i < 0 {
			b.WriteString(text)
			return b.String(), ms
		}
		j := strings.Index(text[i:], "⟧")
		if j < 0 {
			t.Fatalf("unclosed marker at %q", text[i:])
		}
		b.WriteString(text[:i])
		ms = append(ms, marker{syntax.Pos(b.Len()), strings.Fields(text[i+len("⟦") : i+j])})
		text = text[i+j+len("⟧"):]
	}
}

// parseTestFile reads a test file, removes its markers and parses it in
// the dialect its name and first tag give.
func parseTestFile(t *testing.T, path string) (*syntax.File, []marker) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, ms := cutMarkers(t, string(data))
	name := filepath.Base(path)
	return syntax.Parse(name, text, syntax.DetectDialect(name, text)), ms
}

// TestGolden runs the queries of the files in testdata/query and compares
// the answers with NAME.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	inputs, _ := filepath.Glob("../../testdata/query/*.*pgn")
	if len(inputs) < 2 {
		t.Fatal("no inputs in testdata/query")
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			f, ms := parseTestFile(t, in)
			got := dumpQueries(t, f, ms)
			golden := strings.TrimSuffix(in, filepath.Ext(in)) + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./analysis/query -update)", err)
			}
			if got != string(want) {
				t.Errorf("answers differ from %s (run go test ./analysis/query -update and review the diff)\n%s", golden, firstDiff(string(want), got))
			}
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n-%s\n+%s", i+1, w, g)
		}
	}
	return ""
}

// spanString prints a span as line:col-line:col and its text.
func spanString(f *syntax.File, sp syntax.Span) string {
	a, b := f.Position(sp.Start), f.Position(sp.End)
	return fmt.Sprintf("%d:%d-%d:%d %q", a.Line, a.Col, b.Line, b.Col, f.Slice(sp))
}

var svgURI = regexp.MustCompile(`data:image/svg\+xml;base64,([A-Za-z0-9+/=]*)`)

// abbreviateImages replaces the SVG data URIs of a hover by their size
// and hash, after checking that each is well-formed XML.
func abbreviateImages(t *testing.T, md string) string {
	return svgURI.ReplaceAllStringFunc(md, func(uri string) string {
		data, err := base64.StdEncoding.DecodeString(svgURI.FindStringSubmatch(uri)[1])
		if err != nil {
			t.Errorf("bad base64 in an image: %v", err)
		}
		if err := wellFormed(string(data)); err != nil {
			t.Errorf("SVG is not well-formed: %v", err)
		}
		sum := sha256.Sum256(data)
		return fmt.Sprintf("data:image/svg+xml;base64,…(%d bytes of SVG, sha256 %x…)", len(data), sum[:4])
	})
}

// wellFormed decodes an XML document completely.
func wellFormed(doc string) error {
	d := xml.NewDecoder(strings.NewReader(doc))
	root := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if !root {
				return errors.New("no root element")
			}
			return nil
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok && !root {
			if se.Name.Local != "svg" {
				return fmt.Errorf("root element %s, want svg", se.Name.Local)
			}
			root = true
		}
	}
}

func dumpQueries(t *testing.T, f *syntax.File, ms []marker) string {
	var b strings.Builder
	b.WriteString("== symbols\n")
	var dumpSymbols func([]Symbol, string)
	dumpSymbols = func(syms []Symbol, indent string) {
		for _, s := range syms {
			fmt.Fprintf(&b, "%s%s | %s | %s | sel %s\n", indent, s.Name, s.Detail, spanString(f, syntax.Span{Start: s.Span.Start, End: min(s.Span.End, s.Span.Start+12)}), spanString(f, s.Selection))
			dumpSymbols(s.Children, indent+"  ")
		}
	}
	dumpSymbols(Symbols(f), "")
	b.WriteString("== folds\n")
	for _, fo := range Folds(f) {
		kind := "region"
		if fo.Kind == FoldComment {
			kind = "comment"
		}
		fmt.Fprintf(&b, "%s lines %d-%d\n", kind, f.Position(fo.Span.Start).Line, f.Position(fo.Span.End).Line)
	}
	b.WriteString("== tokens\n")
	for _, tok := range SemanticTokens(f, syntax.Span{}) {
		fmt.Fprintf(&b, "%s %s %d\n", spanString(f, tok.Span), tok.Type, tok.Depth)
	}
	for _, m := range ms {
		p := f.Position(m.off)
		fmt.Fprintf(&b, "\n== %s at %d:%d\n", strings.Join(m.queries, " "), p.Line, p.Col)
		for _, q := range m.queries {
			switch q {
			case "hover":
				h := HoverAt(f, m.off, Options{Today: testToday, Markup: MarkdownImages})
				if h == nil {
					b.WriteString("-- hover: none\n")
					continue
				}
				fmt.Fprintf(&b, "-- hover %s\n%s\n", spanString(f, h.Span), abbreviateImages(t, h.Text))
			case "complete":
				items := Complete(f, m.off, Options{Today: testToday})
				fmt.Fprintf(&b, "-- complete: %d items\n", len(items))
				sortItems(items)
				for i, it := range items {
					if len(items) > 30 && i >= 12 && i < len(items)-3 {
						if i == 12 {
							fmt.Fprintf(&b, "   … %d more\n", len(items)-15)
						}
						continue
					}
					snippet := ""
					if it.Snippet != "" {
						snippet = fmt.Sprintf(" snippet %q", it.Snippet)
					}
					fmt.Fprintf(&b, "%s %s %q%s %s | %s\n", it.SortText, it.Label, it.InsertText, snippet, spanString(f, it.Replace), it.Detail)
				}
			case "select":
				b.WriteString("-- select\n")
				for _, sp := range SelectionChain(f, m.off) {
					b.WriteString(spanString(f, sp) + "\n")
				}
			case "highlight":
				b.WriteString("-- highlight\n")
				for _, sp := range Highlights(f, m.off) {
					b.WriteString(spanString(f, sp) + "\n")
				}
			default:
				t.Errorf("unknown query %q", q)
			}
		}
	}
	return b.String()
}

// sortItems orders completion items as a client does: by SortText, then
// by Label.
func sortItems(items []Item) {
	slices.SortStableFunc(items, func(a, b Item) int {
		return cmp.Or(strings.Compare(a.SortText, b.SortText), strings.Compare(a.Label, b.Label))
	})
}
