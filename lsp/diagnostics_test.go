package lsp

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

func TestToProtocol(t *testing.T) {
	text := "1. 🩐D2-B6, K5-K7 @@ *\n"
	doc := &session.Document{URI: string("file:///a.ctl-pgn"), Version: 4, File: syntax.Parse("a.ctl-pgn", text, syntax.CTLPGN)}
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
				Location: protocol.Location{URI: protocol.DocumentURI(doc.URI), Range: r(0, 3, 0, 10)}, Message: "see here"}}},
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
	doc := &session.Document{URI: string("file:///a.pgn"), Version: 1, File: syntax.Parse("a.pgn", "", syntax.PGN)}
	b, err := json.Marshal(&protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI(doc.URI), Version: 1, Diagnostics: toProtocol(doc, nil, defaultCatalogueURL)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"diagnostics":[]`) {
		t.Errorf("empty diagnostics encoded as %s, want []", b)
	}
}

func TestCodeDescription(t *testing.T) {
	doc := &session.Document{URI: string("file:///a.pgn"), Version: 1, File: syntax.Parse("a.pgn", "1. e4 @@ *\n", syntax.PGN)}
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

// toProtocol is the reference for encodeCache.encode: the same conversion
// through protocol.Diagnostic values (sorted, duplicates removed).
func toProtocol(doc *session.Document, ds []analysis.Diagnostic, catalogue string) []protocol.Diagnostic {
	analysis.Sort(ds)
	m := mapper{doc.File}
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
				Location: protocol.Location{URI: protocol.DocumentURI(doc.URI), Range: m.rangeOf(r.Span)}, Message: r.Msg})
		}
		out = append(out, pd)
	}
	return out
}

// TestEncodeDiagnostics holds the hand-written encoder to encoding/json's
// output for protocol.Diagnostic, byte for byte.
func TestEncodeDiagnostics(t *testing.T) {
	text := "[Event \"é<&>\"]\n1. 🩐D2-B6, K5-K7 @@ *\r\n\r\n"
	doc := &session.Document{URI: string("file:///a%20b.ctl-pgn"), Version: 4, File: syntax.Parse("a b.ctl-pgn", text, syntax.CTLPGN)}
	sp := func(a, b int) syntax.Span { return syntax.Span{Start: syntax.Pos(a), End: syntax.Pos(b)} }
	ds := []analysis.Diagnostic{
		{Span: sp(20, 27), Severity: analysis.Hint, Code: "h", Message: "quote \" backslash \\ tab \t nl \n ctl \x01 html <&> \u2028 bad \xff 🩐",
			Related: []analysis.Related{{Span: sp(1, 6), Msg: "r1"}, {Span: sp(0, 1), Msg: ""}}},
		{Span: sp(33, 35), Severity: analysis.Error, Code: "unknown-token", Source: "syntax", Message: "m"},
		{Span: sp(33, 35), Severity: analysis.Error, Code: "unknown-token", Source: "syntax", Message: "m"},
		{Span: sp(0, 0), Severity: 0, Message: "no code, no severity"},
		{Span: sp(len(text)-2, len(text)), Severity: analysis.Info, Code: "x", Source: "s", Message: "end"},
	}
	if doc.File.NumGames() != 1 {
		t.Fatalf("the text has %d games, want 1", doc.File.NumGames())
	}
	for _, catalogue := range []string{"", defaultCatalogueURL} {
		// The errors first, then the others, each in order.
		all := toProtocol(doc, append([]analysis.Diagnostic(nil), ds...), catalogue)
		slices.SortStableFunc(all, func(a, b protocol.Diagnostic) int {
			return cmp.Compare(min(a.Severity, protocol.DiagnosticSeverityWarning), min(b.Severity, protocol.DiagnosticSeverityWarning))
		})
		want, err := json.Marshal(all)
		if err != nil {
			t.Fatal(err)
		}
		// As file-level diagnostics, and as those of the game (relative
		// to its start, converted by its gameMapper).
		sorted := append([]analysis.Diagnostic(nil), ds...)
		analysis.Sort(sorted)
		for _, g := range []session.Group{session.FileGroup(sorted), session.GameGroup(doc.File.GameSpan(0), sorted)} {
			got, n := new(encodeCache).encode(nil, doc, []session.Group{g}, catalogue)
			if string(got) != string(want) || n != 4 {
				t.Errorf("catalogue %q, file %v: encode (%d) =\n%s\nwant\n%s", catalogue, g.File, n, got, want)
			}
		}
	}
	if got, n := new(encodeCache).encode(nil, doc, nil, ""); string(got) != "[]" || n != 0 {
		t.Errorf("no diagnostics encode as %s", got)
	}
}
