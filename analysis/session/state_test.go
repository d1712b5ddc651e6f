package session

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

func TestCarry(t *testing.T) {
	sp := func(a, b syntax.Pos) syntax.Span { return syntax.Span{Start: a, End: b} }
	fix := []analysis.Fix{{Title: "f", Edits: []analysis.Edit{{Span: sp(0, 1), New: "x"}}}}
	ds := []analysis.Diagnostic{
		{Span: sp(0, 2), Code: "before", Fixes: fix},
		{Span: sp(2, 4), Code: "touches-start"},
		{Span: sp(3, 6), Code: "overlaps"},
		{Span: sp(5, 7), Code: "inside"},
		{Span: sp(8, 9), Code: "touches-end", Related: []analysis.Related{{Span: sp(0, 1), Msg: "kept"}, {Span: sp(6, 8), Msg: "dropped"}}},
		{Span: sp(10, 12), Code: "after"},
	}
	orig := append([]analysis.Diagnostic(nil), ds...)
	got := carryAll(ds, []syntax.Edit{{Span: syntax.Span{Start: 4, End: 8}, New: "ab"}}, 20) // delta -2
	want := []analysis.Diagnostic{
		{Span: sp(0, 2), Code: "before"},
		{Span: sp(2, 4), Code: "touches-start"},
		{Span: sp(6, 7), Code: "touches-end", Related: []analysis.Related{{Span: sp(0, 1), Msg: "kept"}}},
		{Span: sp(8, 10), Code: "after"},
	}
	gotJSON, _ := json.Marshal(got)
	wantJSON, _ := json.Marshal(want)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("carry:\n got %s\nwant %s", gotJSON, wantJSON)
	}
	if o, _ := json.Marshal(orig); string(o) != func() string { b, _ := json.Marshal(ds); return string(b) }() {
		t.Errorf("carry modified its input")
	}
	// An insertion at a diagnostic's start moves it; at its end, keeps it.
	got = carryAll([]analysis.Diagnostic{{Span: sp(3, 5)}}, []syntax.Edit{{Span: syntax.Span{Start: 3, End: 3}, New: "xy"}}, 20)
	if got[0].Span != sp(5, 7) {
		t.Errorf("insertion at the start: span %v, want 5..7", got[0].Span)
	}
	got = carryAll([]analysis.Diagnostic{{Span: sp(3, 5)}}, []syntax.Edit{{Span: syntax.Span{Start: 5, End: 5}, New: "xy"}}, 20)
	if got[0].Span != sp(3, 5) {
		t.Errorf("insertion at the end: span %v, want 3..5", got[0].Span)
	}
}

// TestCarryAll: carrying through many edits in sweeps (runs that go
// one way, as an applied formatting sends them) gives what carrying
// edit by edit gives, on random spans and sequences of edits: descending,
// ascending, mixed, empty ones, insertions at one place included.
func TestCarryAll(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := range 4000 {
		var ds []analysis.Diagnostic
		for range r.IntN(30) {
			a := syntax.Pos(r.IntN(200))
			d := analysis.Diagnostic{Span: syntax.Span{Start: a, End: a + syntax.Pos(r.IntN(6))}, Code: "c"}
			if r.IntN(3) == 0 {
				b := syntax.Pos(r.IntN(200))
				d.Related = []analysis.Related{{Span: syntax.Span{Start: b, End: b + syntax.Pos(r.IntN(3))}, Msg: "r"}}
			}
			ds = append(ds, d)
		}
		var edits []syntax.Edit
		size := syntax.Pos(210)
		switch iter % 3 {
		case 0: // descending
			at := size
			for at > 0 && len(edits) < 1+r.IntN(20) {
				end := at - syntax.Pos(r.IntN(15))
				start := max(end-syntax.Pos(r.IntN(5)), 0)
				if end < 0 {
					break
				}
				edits = append(edits, syntax.Edit{Span: syntax.Span{Start: start, End: end}, New: strings.Repeat("x", r.IntN(4))})
				at = start
			}
		case 1: // ascending
			at, cur := syntax.Pos(0), size
			for at < cur && len(edits) < 1+r.IntN(20) {
				start := at + syntax.Pos(r.IntN(15))
				end := min(start+syntax.Pos(r.IntN(5)), cur)
				if start > cur {
					break
				}
				e := syntax.Edit{Span: syntax.Span{Start: start, End: end}, New: strings.Repeat("x", r.IntN(4))}
				edits = append(edits, e)
				at, cur = start+syntax.Pos(len(e.New)), cur+e.Delta()
			}
		default: // anywhere
			cur := size
			for range 1 + r.IntN(10) {
				start := syntax.Pos(r.IntN(int(cur) + 1))
				e := syntax.Edit{Span: syntax.Span{Start: start, End: min(start+syntax.Pos(r.IntN(5)), cur)}, New: strings.Repeat("x", r.IntN(4))}
				edits = append(edits, e)
				cur += e.Delta()
			}
		}
		want := ds
		for _, e := range edits {
			want = carry(want, e)
		}
		got := carryAll(ds, edits, size)
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Fatalf("iteration %d: edits %v:\n got %s\nwant %s", iter, edits, g, w)
		}
	}
}

// carry is what carryAll does, edit by edit.
func carry(ds []analysis.Diagnostic, e syntax.Edit) []analysis.Diagnostic {
	return moved(ds, func(s syntax.Span) (syntax.Span, bool) {
		switch {
		case s.End <= e.Start: // before the edit, or touching its start
			return s, true
		case s.Start >= e.End: // after the edit
			return s.Shift(e.Delta()), true
		}
		return s, false // overlapped
	})
}

// TestPick checks the publication limit: never more than limit; the
// errors first (the game at focus's, the file-level ones, the others);
// then the rest of the game at focus by severity; then the rest by
// severity, the file-level ones first within a severity and the games'
// in file order; with the games that have diagnostics in one chunk and
// spread over two, and the file-level diagnostic an info (as
// crlf-line-endings) or made an error.
func TestPick(t *testing.T) {
	d := func(start int, sev analysis.Severity) analysis.Diagnostic {
		return analysis.Diagnostic{Span: syntax.Span{Start: syntax.Pos(start), End: syntax.Pos(start + 1)}, Severity: sev, Code: analysis.Code(sev.String())}
	}
	game := "[Event \"x\"]\n[Result \"*\"]\n\n*\n"
	game += strings.Repeat("\n", 100-len(game)) // every game is 100 bytes long
	for _, tc := range []struct {
		games int
		at    [3]int // the games with diagnostics
	}{{3, [3]int{0, 1, 2}}, {600, [3]int{0, 300, 599}}} {
		f := syntax.Parse("x.pgn", strings.Repeat(game, tc.games), syntax.PGN)
		refs := f.Chunks()
		if tc.games == 600 && len(refs) != 2 {
			t.Fatalf("%d chunks, want 2", len(refs))
		}
		results := map[int]result{
			tc.at[0]: newResult([]analysis.Diagnostic{d(1, analysis.Hint), d(2, analysis.Hint), d(3, analysis.Warning)}),
			tc.at[1]: newResult([]analysis.Diagnostic{d(1, analysis.Hint), d(2, analysis.Error)}),
			tc.at[2]: newResult([]analysis.Diagnostic{d(1, analysis.Hint), d(2, analysis.Hint), d(3, analysis.Hint)}),
		}
		var chunks []*chunkDiags
		for _, ref := range refs {
			games := make([]gameState, ref.Chunk.Len())
			for j := range games {
				games[j] = gameState{analysed: true, res: results[ref.First+j]}
			}
			chunks = append(chunks, newChunkDiags(ref.Chunk, games))
		}
		starts := func(groups []Group) (out []int) {
			for _, g := range groups {
				for _, x := range g.Diagnostics() {
					out = append(out, int(g.Span.Start+x.Span.Start))
				}
			}
			return out
		}
		g0, g1, g2 := 100*tc.at[0], 100*tc.at[1], 100*tc.at[2]
		end := int(f.Len()) + 5
		for _, c := range []struct {
			limit   int
			focus   syntax.Pos
			fileSev analysis.Severity // of the file-level diagnostic, at end; 0: Info
			want    []int
		}{
			{0, -1, 0, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 1, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},
			{9, -1, 0, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 1, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},
			{5, -1, 0, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 2, end}},                                // error, warning, the file's info, and the first hints
			{3, -1, 0, []int{g0 + 3, g1 + 2, end}},                                                // no hint fits
			{2, -1, 0, []int{g0 + 3, g1 + 2}},                                                     // the error and the warning before the file's info
			{1, -1, 0, []int{g1 + 2}},                                                             // the error before anything else
			{5, syntax.Pos(g2 + 2), 0, []int{g0 + 3, g1 + 2, g2 + 1, g2 + 2, g2 + 3}},             // errors, the game at focus, then the rest by severity
			{6, syntax.Pos(g2 + 2), 0, []int{g0 + 3, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},        // the file's info too
			{4, syntax.Pos(g0 + 2), 0, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 2}},                     // the error, then the game at focus whole
			{3, syntax.Pos(g0 + 2), 0, []int{g0 + 1, g0 + 3, g1 + 2}},                             // the error, the focus game's warning, then its first hint
			{2, syntax.Pos(g0 + 2), 0, []int{g0 + 3, g1 + 2}},                                     // the error, then the focus game's warning
			{1, syntax.Pos(g1 + 2), 0, []int{g1 + 2}},                                             // the error of the game at focus, not its hint
			{1, syntax.Pos(g1 + 2), analysis.Error, []int{g1 + 2}},                                // the errors of the game at focus first
			{1, -1, analysis.Error, []int{end}},                                                   // then the file-level ones
			{2, -1, analysis.Error, []int{g1 + 2, end}},                                           // then the others
			{4, -1, analysis.Error, []int{g0 + 1, g0 + 3, g1 + 2, end}},                           // then the rest by severity, in file order
			{4, syntax.Pos(g2 + 1), analysis.Warning, []int{g1 + 2, g2 + 1, g2 + 2, g2 + 3}},      // errors, then the game at focus
			{5, syntax.Pos(g2 + 1), analysis.Warning, []int{g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}}, // then the file's warning before the games'
		} {
			sev := c.fileSev
			if sev == 0 {
				sev = analysis.Info
			}
			file := []analysis.Diagnostic{d(end, sev)}
			got, total := pick(nil, f, chunks, fileLevel{ds: file}, nil, c.limit, c.focus)
			kept := starts(got)
			if total != 9 || !slices.Equal(kept, c.want) {
				t.Errorf("%d games, file-level %v: pick(limit %d, focus %d) = %v (total %d), want %v", tc.games, sev, c.limit, c.focus, kept, total, c.want)
			}
			if c.limit > 0 && len(kept) > c.limit {
				t.Errorf("%d games, file-level %v: pick(limit %d, focus %d) keeps %d", tc.games, sev, c.limit, c.focus, len(kept))
			}
		}
	}
}

// TestWholeChunks: the chunks an analysis reads whole, whose outlines it
// keeps, and where their games are in its list.
func TestWholeChunks(t *testing.T) {
	var b strings.Builder
	for i := range 700 {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n\n1. e4 *\n\n", i)
	}
	f := syntax.ParseCompact("w.pgn", b.String(), syntax.PGN, 1<<10)
	refs := f.Chunks()
	if len(refs) != 2 {
		t.Fatalf("%d chunks, want 2", len(refs))
	}
	var all []int
	for i := range f.NumGames() {
		all = append(all, i)
	}
	n0 := refs[0].Chunk.Len()
	if got, want := wholeChunks(f, all), map[int][2]int{0: {0, n0}, 1: {n0, len(all)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("all games: %v, want %v", got, want)
	}
	// Without the first chunk's last game, and with a game of it only.
	some := slices.Delete(slices.Clone(all), n0-1, n0)
	if got, want := wholeChunks(f, some), map[int][2]int{1: {n0 - 1, len(some)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("one game fewer: %v, want %v", got, want)
	}
	if got := wholeChunks(f, []int{3}); len(got) != 0 {
		t.Errorf("one game: %v, want none", got)
	}
}
