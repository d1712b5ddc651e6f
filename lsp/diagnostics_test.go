package lsp

import (
	"encoding/json"
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
	got := toProtocol(doc, ds)
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
	b, err := json.Marshal(&protocol.PublishDiagnosticsParams{URI: doc.uri, Version: 1, Diagnostics: toProtocol(doc, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"diagnostics":[]`) {
		t.Errorf("empty diagnostics encoded as %s, want []", b)
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
