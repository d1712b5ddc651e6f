package linelength_test

import (
	"os"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/linelength"
	"github.com/pgnls/pgnls/syntax"
)

func TestLines(t *testing.T) {
	analysistest.Run(t, "../../testdata/analysis/linelength/lines.pgn", nil, linelength.Analyzer)
}

func TestLimitsOff(t *testing.T) {
	cfg := &analysis.Config{LineLength: -1, MaxLineLength: -1}
	_, all := analysistest.Run(t, "../../testdata/analysis/linelength/nolimits.pgn", cfg, linelength.Analyzer)
	if len(all) != 1 || len(all[0]) != 0 {
		t.Errorf("got %v, want no diagnostics with limits off", all)
	}
}

// TestImportLimitCountsNewline: the import limit of 255 characters counts
// a line's newline (LF or CRLF alike), and a last line without one is
// counted as it is. The diagnostic spans the characters past the limit
// (not an empty span at the line's end, which clients draw poorly and
// eglot converts slowly), counted as characters in UTF-8 and Latin-1.
func TestImportLimitCountsNewline(t *testing.T) {
	line := func(n int) string { return "1. e4 {" + strings.Repeat("x", n-10) + "} *" }
	wide := func(n int, c string) string { return "1. e4 {" + c + strings.Repeat("x", n-11) + "} *" }
	for _, tt := range []struct {
		text       string
		cfg        *analysis.Config
		want       bool // line-over-import-limit
		start, end int  // its span
	}{
		{line(254) + "\n", nil, false, 0, 0},
		{line(255) + "\n", nil, true, 254, 255},
		{line(255) + "\r\n", nil, true, 254, 255},
		{line(255), nil, false, 0, 0},
		{line(256), nil, true, 255, 256},
		{line(300) + "\n", nil, true, 254, 300},
		{wide(300, "é") + "\n", nil, true, 255, 301},
		{wide(300, "\xe9") + "\n", nil, true, 254, 300},
		// The export limit on, the line within it but over the import
		// limit, ASCII or not.
		{line(260) + "\n", exportAt(300), true, 254, 260},
		{wide(260, "é") + "\n", exportAt(300), true, 255, 261},
		// Over both: the span starts past the export limit.
		{line(260) + "\n", exportAt(200), true, 200, 260},
		{wide(260, "é") + "\n", exportAt(200), true, 201, 261},
	} {
		g := syntax.Parse("t.pgn", tt.text, syntax.PGN).Game(0).Game
		var got *analysis.Diagnostic
		for _, d := range analysis.Game(g, syntax.PGN, tt.cfg, []*analysis.Analyzer{linelength.Analyzer}) {
			if d.Code == linelength.CodeImportLimit {
				got = &d
			}
		}
		body := strings.TrimRight(tt.text, "\r\n")
		if (got != nil) != tt.want {
			t.Errorf("line of %d bytes with %q: import limit reported %v, want %v", len(body), tt.text[len(body):], got != nil, tt.want)
		}
		if got != nil && (int(got.Span.Start) != tt.start || int(got.Span.End) != tt.end) {
			t.Errorf("line of %d bytes with %q: span %d-%d, want %d-%d", len(body), tt.text[len(body):], got.Span.Start, got.Span.End, tt.start, tt.end)
		}
	}
}

// exportAt returns the export profile's configuration with the export
// line limit n.
func exportAt(n int) *analysis.Config {
	return &analysis.Config{Profile: analysis.ExportProfile, LineLength: n}
}

// TestCTL: a CTL-PGN PDTL tag line is never too long, and CTL-PGN has no
// import limit (ctl.ctl-pgn, under the export profile); under the
// default profile CTL-PGN has no line-length rule at all.
func TestCTL(t *testing.T) {
	const path = "../../testdata/analysis/linelength/ctl.ctl-pgn"
	analysistest.Run(t, path, nil, linelength.Analyzer)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g := syntax.Parse(path, string(data), syntax.CTLPGN).Game(0).Game
	if ds := analysis.Game(g, syntax.CTLPGN, analysis.DefaultConfig(), []*analysis.Analyzer{linelength.Analyzer}); len(ds) != 0 {
		t.Errorf("default profile, CTL-PGN: %v, want no line-length diagnostic", ds)
	}
}
