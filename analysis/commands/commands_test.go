package commands_test

import (
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/syntax"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, "../../testdata/analysis/commands/clocks.pgn", nil, commands.Analyzer)
}

func TestAll(t *testing.T) {
	text := " a [%clk  0:01:00 ][%cal Ge2e4,Rd7d5] [%eval] [% x] [%csl"
	var got []commands.Command
	for c := range commands.All(text) {
		got = append(got, c)
	}
	want := []commands.Command{
		{Name: "clk", Args: "0:01:00", ArgsAt: 10, Start: 3, End: 19},
		{Name: "cal", Args: "Ge2e4,Rd7d5", ArgsAt: 25, Start: 19, End: 37},
		{Name: "eval", Args: "", ArgsAt: 44, Start: 38, End: 45},
		{Name: "", Args: "x", ArgsAt: 49, Start: 46, End: 51},
	}
	if !slices.Equal(got, want) {
		t.Errorf("All(%q) =\n%+v\nwant\n%+v", text, got, want)
	}
	for _, c := range got {
		if c.Args != "" && text[c.ArgsAt:c.ArgsAt+len(c.Args)] != c.Args {
			t.Errorf("%+v: ArgsAt does not point at Args", c)
		}
	}
}

func TestValidClock(t *testing.T) {
	for s, want := range map[string]bool{
		"0:03:00": true, "10:00:00": true, "0:00:09.5": true, "123:59:59": true, "0:00:00.25": true,
		"3:00": false, "0:3:00": false, "0:60:00": false, "0:00:60": false, "0:00:09.": false,
		"": false, "-0:01:00": false, "0:00:00,5": false, ":00:00": false, "0:00:00:00": false, "0:0a:00": false,
	} {
		if got := commands.ValidClock(s); got != want {
			t.Errorf("ValidClock(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSpan: the diagnostic covers the value, or the whole command when it
// has none.
func TestSpan(t *testing.T) {
	f := syntax.Parse("c.pgn", "1. e4 { [%clk  3:00 ] } e5 ; [%emt]\n*\n", syntax.PGN)
	g := f.Game(0).Game
	var got []string
	for _, d := range analysis.Game(g, syntax.PGN, nil, []*analysis.Analyzer{commands.Analyzer}) {
		got = append(got, g.Slice(d.Span))
	}
	if want := []string{"3:00", "[%emt]"}; !slices.Equal(got, want) {
		t.Errorf("spans %q, want %q", got, want)
	}
}
