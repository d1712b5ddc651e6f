package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

func TestToProtocol(t *testing.T) {
	text := "1. 🩐D2-B6, K5-K7 @@ *\n"
	doc := &document{uri: "file:///a.ctl-pgn", version: 4, file: syntax.Parse("a.ctl-pgn", text, syntax.CTLPGN)}
	at := func(sub string) syntax.Span {
		i := syntax.Pos(strings.Index(text, sub))
		return syntax.Span{Start: i, End: i + syntax.Pos(len(sub))}
	}
	dup := analysis.Diagnostic{Span: at("@@"), Severity: analysis.Error, Code: "unknown-token", Source: "syntax", Message: "unknown token '@@'"}
	ds := []analysis.Diagnostic{
		{Span: at("K5-K7"), Severity: analysis.Hint, Code: "some-hint", Message: "hint",
			Related: []analysis.Related{{Span: at("🩐D2-B6"), Msg: "see here"}}},
		dup,
		dup, // exact duplicate: dropped
		{Span: at("🩐"), Severity: analysis.Warning, Code: "w", Source: "legality", Message: "warning"},
		{Span: at("*"), Severity: analysis.Info, Code: "i", Source: "tags", Message: "info"},
	}
	got := toProtocol(doc, ds, "")
	r := func(l1, c1, l2, c2 uint32) protocol.Range {
		return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
	}
	want := []protocol.Diagnostic{
		{Range: r(0, 3, 0, 5), Severity: protocol.DiagnosticSeverityWarning, Code: "w", Source: "legality", Message: "warning"},
		{Range: r(0, 12, 0, 17), Severity: protocol.DiagnosticSeverityHint, Code: "some-hint", Source: "pgnls", Message: "hint",
			RelatedInformation: []protocol.DiagnosticRelatedInformation{{
				Location: protocol.Location{URI: doc.uri, Range: r(0, 3, 0, 10)}, Message: "see here"}}},
		{Range: r(0, 18, 0, 20), Severity: protocol.DiagnosticSeverityError, Code: "unknown-token", Source: "syntax", Message: "unknown token '@@'"},
		{Range: r(0, 21, 0, 22), Severity: protocol.DiagnosticSeverityInformation, Code: "i", Source: "tags", Message: "info"},
	}
	gotJSON, _ := json.Marshal(got)
	wantJSON, _ := json.Marshal(want)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("toProtocol:\n got %s\nwant %s", gotJSON, wantJSON)
	}
	// Codes travel as JSON strings, never numbers.
	if !strings.Contains(string(gotJSON), `"code":"unknown-token"`) {
		t.Errorf("code not a string: %s", gotJSON)
	}
}

func TestToProtocolEmptyIsNotNull(t *testing.T) {
	doc := &document{uri: "file:///a.pgn", version: 1, file: syntax.Parse("a.pgn", "", syntax.PGN)}
	b, err := json.Marshal(&protocol.PublishDiagnosticsParams{URI: doc.uri, Version: 1, Diagnostics: toProtocol(doc, nil, defaultCatalogueURL)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"diagnostics":[]`) {
		t.Errorf("empty diagnostics encoded as %s, want []", b)
	}
}

func TestCodeDescription(t *testing.T) {
	doc := &document{uri: "file:///a.pgn", version: 1, file: syntax.Parse("a.pgn", "1. e4 @@ *\n", syntax.PGN)}
	ds := []analysis.Diagnostic{{Span: syntax.Span{Start: 6, End: 8}, Code: "unknown-token", Message: "m"}, {Span: syntax.Span{Start: 0, End: 1}, Message: "no code"}}
	got := toProtocol(doc, ds, "https://example.com/codes#")
	if got[0].CodeDescription != nil {
		t.Errorf("a diagnostic without a code links to %v", got[0].CodeDescription)
	}
	if cd := got[1].CodeDescription; cd == nil || cd.Href != "https://example.com/codes#unknown-token" {
		t.Errorf("codeDescription = %+v, want the catalogue URL plus the code", cd)
	}
	if got := toProtocol(doc, ds, ""); got[1].CodeDescription != nil {
		t.Errorf("codeDescription without a catalogue: %+v", got[1].CodeDescription)
	}
}

func TestWireVersion(t *testing.T) {
	for v, want := range map[int32]uint32{0: 0, 1: 1, 1<<31 - 1: 1<<31 - 1, -1: 0} {
		if got := wireVersion(v); got != want {
			t.Errorf("wireVersion(%d) = %d, want %d", v, got, want)
		}
	}
}

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
	got := carry(ds, syntax.Edit{Start: 4, End: 8, New: "ab"}) // delta -2
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
	got = carry([]analysis.Diagnostic{{Span: sp(3, 5)}}, syntax.Edit{Start: 3, End: 3, New: "xy"})
	if got[0].Span != sp(5, 7) {
		t.Errorf("insertion at the start: span %v, want 5..7", got[0].Span)
	}
	got = carry([]analysis.Diagnostic{{Span: sp(3, 5)}}, syntax.Edit{Start: 5, End: 5, New: "xy"})
	if got[0].Span != sp(3, 5) {
		t.Errorf("insertion at the end: span %v, want 3..5", got[0].Span)
	}
}

// toProtocol is the reference for encodeCache.encode: the same conversion
// through protocol.Diagnostic values (sorted, duplicates removed).
func toProtocol(doc *document, ds []analysis.Diagnostic, catalogue string) []protocol.Diagnostic {
	analysis.Sort(ds)
	m := mapper{doc.file}
	out := make([]protocol.Diagnostic, 0, len(ds))
	for i, x := range ds {
		if i > 0 && sameDiagnostic(ds[i-1], x) {
			continue
		}
		source := x.Source
		if source == "" {
			source = "pgnls"
		}
		pd := protocol.Diagnostic{Range: m.rangeOf(x.Span), Severity: severity(x.Severity), Code: string(x.Code), Source: source, Message: x.Message}
		if x.Code != "" && catalogue != "" {
			pd.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(catalogue + string(x.Code))}
		}
		for _, r := range x.Related {
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: doc.uri, Range: m.rangeOf(r.Span)}, Message: r.Msg})
		}
		out = append(out, pd)
	}
	return out
}

// TestEncodeDiagnostics holds the hand-written encoder to encoding/json's
// output for protocol.Diagnostic, byte for byte.
func TestEncodeDiagnostics(t *testing.T) {
	text := "[Event \"é<&>\"]\n1. 🩐D2-B6, K5-K7 @@ *\r\n\r\n"
	doc := &document{uri: "file:///a%20b.ctl-pgn", version: 4, file: syntax.Parse("a b.ctl-pgn", text, syntax.CTLPGN)}
	sp := func(a, b int) syntax.Span { return syntax.Span{Start: syntax.Pos(a), End: syntax.Pos(b)} }
	ds := []analysis.Diagnostic{
		{Span: sp(20, 27), Severity: analysis.Hint, Code: "h", Message: "quote \" backslash \\ tab \t nl \n ctl \x01 html <&> \u2028 bad \xff 🩐",
			Related: []analysis.Related{{Span: sp(1, 6), Msg: "r1"}, {Span: sp(0, 1), Msg: ""}}},
		{Span: sp(33, 35), Severity: analysis.Error, Code: "unknown-token", Source: "syntax", Message: "m"},
		{Span: sp(33, 35), Severity: analysis.Error, Code: "unknown-token", Source: "syntax", Message: "m"},
		{Span: sp(0, 0), Severity: 0, Message: "no code, no severity"},
		{Span: sp(len(text)-2, len(text)), Severity: analysis.Info, Code: "x", Source: "s", Message: "end"},
	}
	if doc.file.NumGames() != 1 {
		t.Fatalf("the text has %d games, want 1", doc.file.NumGames())
	}
	for _, catalogue := range []string{"", defaultCatalogueURL} {
		want, err := json.Marshal(toProtocol(doc, append([]analysis.Diagnostic(nil), ds...), catalogue))
		if err != nil {
			t.Fatal(err)
		}
		// As file-level diagnostics, and as those of the game (relative
		// to its start, converted by its gameMapper).
		sorted := append([]analysis.Diagnostic(nil), ds...)
		analysis.Sort(sorted)
		for _, g := range []group{{file: true, ds: append([]analysis.Diagnostic(nil), ds...)}, {span: doc.file.GameSpan(0), ds: sorted}} {
			got, n := new(encodeCache).encode(nil, doc, []group{g}, catalogue)
			if string(got) != string(want) || n != 4 {
				t.Errorf("catalogue %q, file %v: encode (%d) =\n%s\nwant\n%s", catalogue, g.file, n, got, want)
			}
		}
	}
	if got, n := new(encodeCache).encode(nil, doc, nil, ""); string(got) != "[]" || n != 0 {
		t.Errorf("no diagnostics encode as %s", got)
	}
}

// TestPick checks the publication limit: the most severe first, in file
// order within the last level kept, and the focus game whole; with the
// games that have diagnostics in one chunk and spread over two.
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
		file := []analysis.Diagnostic{d(int(f.Len())+5, analysis.Info)}
		starts := func(groups []group) (out []int) {
			for _, g := range groups {
				for _, x := range g.selected() {
					out = append(out, int(g.span.Start+x.Span.Start))
				}
			}
			return out
		}
		g0, g1, g2 := 100*tc.at[0], 100*tc.at[1], 100*tc.at[2]
		end := int(f.Len()) + 5
		for _, c := range []struct {
			limit int
			focus syntax.Pos
			want  []int
		}{
			{0, -1, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 1, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},
			{9, -1, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 1, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},
			{5, -1, []int{g0 + 1, g0 + 2, g0 + 3, g1 + 2, end}},                         // the file's, error, warning, and the first hints
			{3, -1, []int{g0 + 3, g1 + 2, end}},                                         // no hint fits
			{2, -1, []int{g1 + 2, end}},                                                 // not all warnings fit: none of them beyond the quota
			{5, syntax.Pos(g2 + 2), []int{g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}},         // errors, then the game at focus, within the limit
			{6, syntax.Pos(g2 + 2), []int{g0 + 3, g1 + 2, g2 + 1, g2 + 2, g2 + 3, end}}, // then the rest by severity
			{4, syntax.Pos(g0 + 2), []int{g0 + 1, g0 + 3, g1 + 2, end}},                 // the focus game's warning, then its first hint
			{3, syntax.Pos(g0 + 2), []int{g0 + 3, g1 + 2, end}},                         // its warning only
			{1, syntax.Pos(g1 + 2), []int{g1 + 2, end}},                                 // the errors of the game at focus, whatever the limit
			{1, -1, []int{end}}, // no room for the other errors
		} {
			got, total := pick(nil, refs, chunks, file, c.limit, c.focus)
			if total != 9 || !slices.Equal(starts(got), c.want) {
				t.Errorf("%d games: pick(limit %d, focus %d) = %v (total %d), want %v", tc.games, c.limit, c.focus, starts(got), total, c.want)
			}
		}
	}
}
