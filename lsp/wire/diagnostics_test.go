package wire

import (
	"encoding/json"
	"testing"

	"go.lsp.dev/protocol"
)

// TestAppendDiagnostic holds the hand-written encoder to encoding/json's
// output for protocol.Diagnostic, byte for byte.
func TestAppendDiagnostic(t *testing.T) {
	r := func(l1, c1, l2, c2 uint32) protocol.Range {
		return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
	}
	tricky := "quote \" backslash \\ slash / tab \t nl \n cr \r ctl \x01\x1f html <&> \u2028\u2029 bad \xff\xed\xa0\x80 é 🩐"
	for _, d := range []Diagnostic{
		{Range: r(0, 0, 0, 0), Message: ""},
		{Range: r(1, 2, 3, 4), Severity: protocol.DiagnosticSeverityError, Code: "unknown-token", Href: "https://example.com/codes#unknown-token", Source: "syntax", Message: "m"},
		{Range: r(1<<32-1, 1<<32-1, 1<<32-1, 1<<32-1), Severity: protocol.DiagnosticSeverityHint, Code: tricky, Href: tricky, Source: tricky, Message: tricky},
		{Range: r(0, 3, 0, 5), Severity: protocol.DiagnosticSeverityWarning, Message: "related",
			Related: []protocol.DiagnosticRelatedInformation{
				{Location: protocol.Location{URI: "file:///a%20b.pgn", Range: r(0, 1, 0, 2)}, Message: "r1"},
				{Location: protocol.Location{URI: protocol.DocumentURI(tricky), Range: r(5, 0, 6, 0)}, Message: tricky},
			}},
		{Range: r(0, 0, 0, 1), Severity: protocol.DiagnosticSeverityInformation, Code: "i", Related: []protocol.DiagnosticRelatedInformation{}},
	} {
		want, err := json.Marshal(d.Protocol())
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendDiagnostic(nil, &d); string(got) != string(want) {
			t.Errorf("AppendDiagnostic =\n%s\nwant\n%s", got, want)
		}
	}
}

// TestAppendTextEdit holds the hand-written encoder to encoding/json's
// output for protocol.TextEdit, byte for byte.
func TestAppendTextEdit(t *testing.T) {
	tricky := "quote \" backslash \\ slash / tab \t nl \n cr \r\n ctl \x01\x1f html <&> \u2028\u2029 bad \xff é 🩐"
	for _, e := range []protocol.TextEdit{
		{},
		{Range: protocol.Range{Start: protocol.Position{Line: 3, Character: 1}, End: protocol.Position{Line: 1<<32 - 1, Character: 7}}, NewText: "1. e4 e5\n"},
		{Range: protocol.Range{End: protocol.Position{Line: 2}}, NewText: tricky},
	} {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendTextEdit([]byte("x"), e.Range, e.NewText); string(got) != "x"+string(want) {
			t.Errorf("AppendTextEdit =\n%s\nwant\n%s", got[1:], want)
		}
	}
}

// TestAppendPublishHead: the head, an array and a brace are the JSON of
// the PublishDiagnosticsParams.
func TestAppendPublishHead(t *testing.T) {
	for _, tc := range []struct {
		uri     string
		version int32
	}{{"file:///a.pgn", 3}, {"untitled:<&>\xff", 0}, {"file:///b.pgn", -2}} {
		got := append(AppendPublishHead(nil, tc.uri, tc.version), "[]}"...)
		want, err := json.Marshal(&protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI(tc.uri), Version: Version(tc.version), Diagnostics: []protocol.Diagnostic{}})
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("AppendPublishHead(%q, %d) = %s, want %s", tc.uri, tc.version, got, want)
		}
	}
}
