package query

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// corpus lists the files the property tests and the fuzz seeds read:
// the query goldens, the examples and the shared real-world files (PGN
// files above maxBytes are left out).
func corpus(t testing.TB, maxBytes int64) []string {
	var files []string
	for _, pattern := range []string{
		"../../testdata/query/*.*pgn",
		"../../testdata/examples/*.*pgn",
		"../../testdata/syntax/parse/*.*pgn",
		"../../../shared/testdata/ctl-pgn/*.ctl-pgn",
		"../../../shared/testdata/pgn/annotated/*.pgn",
		"../../../shared/testdata/pgn/quirky/*.pgn",
	} {
		matches, _ := filepath.Glob(pattern)
		for _, m := range matches {
			if fi, err := os.Stat(m); err == nil && fi.Size() <= maxBytes {
				files = append(files, m)
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	return files
}

// readCorpusFile returns the text of a corpus file without the cursor
// markers of the query goldens.
func readCorpusFile(t testing.TB, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for {
		i := strings.Index(text, "⟦")
		j := strings.Index(text, "⟧")
		if i < 0 || j < i {
			return text
		}
		text = text[:i] + text[j+len("⟧"):]
	}
}

// checkSpan reports a span that is not inside the file.
func checkSpan(t testing.TB, f *syntax.File, what string, sp syntax.Span) {
	t.Helper()
	if sp.Start < 0 || sp.End < sp.Start || sp.End > f.Len() {
		t.Fatalf("%s: span %v outside the file (length %d)", what, sp, f.Len())
	}
}

// checkFile runs the whole-file queries on f and checks their invariants.
func checkFile(t testing.TB, f *syntax.File) {
	t.Helper()
	var walk func([]Symbol)
	walk = func(syms []Symbol) {
		for _, s := range syms {
			checkSpan(t, f, "symbol "+s.Name, s.Span)
			checkSpan(t, f, "symbol selection "+s.Name, s.Selection)
			if s.Selection.Start < s.Span.Start || s.Selection.End > s.Span.End {
				t.Fatalf("symbol %s: selection %v outside %v", s.Name, s.Selection, s.Span)
			}
			for _, c := range s.Children {
				if c.Span.Start < s.Span.Start || c.Span.End > s.Span.End {
					t.Fatalf("symbol %s: child %s %v outside %v", s.Name, c.Name, c.Span, s.Span)
				}
			}
			walk(s.Children)
		}
	}
	walk(Symbols(f))
	for _, fo := range Folds(f) {
		checkSpan(t, f, "fold", fo.Span)
		if !strings.ContainsAny(f.Slice(fo.Span), "\r\n") {
			t.Fatalf("fold %v spans one line", fo.Span)
		}
	}
	checkTokens(t, f, syntax.Span{}, SemanticTokens(f, syntax.Span{}))
}

// checkTokens checks that semantic tokens are sorted, disjoint, on one
// line each and intersect within.
func checkTokens(t testing.TB, f *syntax.File, within syntax.Span, toks []SemToken) {
	t.Helper()
	var end syntax.Pos
	for _, tok := range toks {
		checkSpan(t, f, "token", tok.Span)
		text := f.Slice(tok.Span)
		switch {
		case tok.Span.Len() == 0:
			t.Fatalf("empty token at %d", tok.Span.Start)
		case tok.Span.Start < end:
			t.Fatalf("token %v %q overlaps or precedes the one before (end %d)", tok.Span, text, end)
		case strings.ContainsAny(text, "\r\n"):
			t.Fatalf("token %v %q crosses a line", tok.Span, text)
		case within != (syntax.Span{}) && (tok.Span.End <= within.Start || tok.Span.Start >= within.End):
			t.Fatalf("token %v outside %v", tok.Span, within)
		case tok.Depth < 0:
			t.Fatalf("token %v has depth %d", tok.Span, tok.Depth)
		}
		end = tok.Span.End
	}
}

// checkBoard checks the invariants of the board at off.
func checkBoard(t testing.TB, f *syntax.File, off syntax.Pos, bd *Board) {
	t.Helper()
	if bd.Current < -1 || bd.Current >= max(len(bd.Moves), 1) || bd.Current >= 0 && len(bd.Moves) == 0 || bd.Depth < 0 {
		t.Fatalf("board at %d: current %d of %d moves, depth %d", off, bd.Current, len(bd.Moves), bd.Depth)
	}
	if (bd.Position == "") != (bd.SVG == "") || bd.Position == "" && bd.LastMove != nil {
		t.Fatalf("board at %d: position %q with %d bytes of SVG, last move %v", off, bd.Position, len(bd.SVG), bd.LastMove)
	}
	if bd.Text == "" || !strings.Contains(bd.Text, bd.Position) {
		t.Fatalf("board at %d: position %q, text %q", off, bd.Position, bd.Text)
	}
	checkSpan(t, f, "line start", syntax.Span{Start: bd.LineStart, End: bd.LineStart})
	for i, m := range bd.Moves {
		checkSpan(t, f, "board move", m.Span)
		if f.Slice(m.Span) != m.SAN || m.Illegal != (i == len(bd.Moves)-1 && m.Illegal) {
			t.Fatalf("board at %d: move %d %+v", off, i, m)
		}
		if i > 0 && m.Span.Start < bd.Moves[i-1].Span.End {
			t.Fatalf("board at %d: moves out of order: %+v", off, bd.Moves)
		}
		for _, v := range m.Variations {
			checkSpan(t, f, "board variation", v.Span)
			if f.Slice(v.Span) != v.SAN {
				t.Fatalf("board at %d: variation %+v", off, v)
			}
		}
	}
}

// checkAt runs the queries at off and checks their invariants.
func checkAt(t testing.TB, f *syntax.File, off syntax.Pos) {
	t.Helper()
	inside := off >= 0 && off <= f.Len()
	if h := HoverAt(f, off, Options{}); h != nil {
		checkSpan(t, f, "hover", h.Span)
		if !h.Span.Contains(off) || h.Text == "" {
			t.Fatalf("hover at %d: span %v, text %q", off, h.Span, h.Text)
		}
	}
	for _, it := range Complete(f, off, Options{Symbols: "unicode"}) {
		checkSpan(t, f, "completion "+it.Label, it.Replace)
		if !it.Replace.Contains(off) || it.Label == "" || it.InsertText == "" {
			t.Fatalf("completion at %d: %+v", off, it)
		}
	}
	chain := SelectionChain(f, off)
	for i, sp := range chain {
		checkSpan(t, f, "selection", sp)
		if !sp.Contains(off) || i > 0 && (sp.Start > chain[i-1].Start || sp.End < chain[i-1].End || sp == chain[i-1]) {
			t.Fatalf("selection chain at %d: %v", off, chain)
		}
	}
	hl := Highlights(f, off)
	under := len(hl) == 0
	for i, sp := range hl {
		checkSpan(t, f, "highlight", sp)
		if i > 0 && sp.Start < hl[i-1].End {
			t.Fatalf("highlights at %d not sorted: %v", off, hl)
		}
		under = under || sp.Contains(off)
	}
	if !under {
		t.Fatalf("highlights at %d do not include the cursor: %v", off, hl)
	}
	if bd := BoardAt(f, off, BoardOptions{}); bd != nil {
		checkBoard(t, f, off, bd)
	} else if inside {
		if i := f.GameAt(off); i >= 0 {
			if _, ok := content(f.Game(i).Game); ok {
				t.Fatalf("no board at %d, in a game", off)
			}
		}
	}
	within := syntax.Span{Start: off, End: off + 40}
	if inside {
		checkTokens(t, f, within, SemanticTokens(f, within))
	} else if chain != nil || hl != nil {
		t.Fatalf("answers for offset %d outside the file", off)
	}
}

// TestQueriesCorpus runs every query at pseudo-random offsets and at the
// token boundaries of real files and checks the invariants: no panic,
// spans inside the file.
func TestQueriesCorpus(t *testing.T) {
	maxBytes := int64(1 << 20)
	if testing.Short() {
		maxBytes = 64 << 10
	}
	for _, path := range corpus(t, maxBytes) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			text := readCorpusFile(t, path)
			f := syntax.Parse(path, text, syntax.DetectDialect(path, text))
			checkFile(t, f)
			rng := rand.New(rand.NewPCG(1, uint64(len(text))))
			n := int(f.Len())
			for range 150 {
				checkAt(t, f, syntax.Pos(rng.IntN(n+1)))
			}
			for _, off := range []syntax.Pos{-1, 0, f.Len(), f.Len() + 1} {
				checkAt(t, f, off)
			}
			// The boundaries of the first tokens of the first games.
			for i, r := range f.Games() {
				if i == 2 {
					break
				}
				for k, tok := range r.Game.Tokens {
					if k == 200 {
						break
					}
					checkAt(t, f, r.Start+tok.Span.Start)
					checkAt(t, f, r.Start+tok.Span.Start+1)
				}
			}
		})
	}
}

// FuzzQueries parses arbitrary text in either dialect and runs every
// query at offsets derived from at; nothing may panic and every span
// must lie within the file.
func FuzzQueries(f *testing.F) {
	for _, path := range corpus(f, 16<<10) {
		text := readCorpusFile(f, path)
		f.Add(text, uint32(len(text)/3), strings.HasSuffix(path, ".ctl-pgn"))
	}
	f.Add("", uint32(0), false)
	f.Add("[", uint32(1), true)
	f.Add("1. e4 (1... e5 ( $", uint32(14), false)
	f.Fuzz(func(t *testing.T, text string, at uint32, ctl bool) {
		d := syntax.PGN
		if ctl {
			d = syntax.CTLPGN
		}
		file := syntax.Parse("fuzz", text, d)
		checkFile(t, file)
		n := uint32(file.Len()) + 1
		for _, off := range []uint32{at % n, (at * 7919) % n, (at >> 8) % n, n - 1, n} {
			checkAt(t, file, syntax.Pos(off))
		}
	})
}
