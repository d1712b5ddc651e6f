package tags_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/tags"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestValues(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/tags/values.pgn", *update, nil, tags.Analyzer)
}

func TestOrder(t *testing.T) {
	_, all := analysistest.RunWithFixes(t, "../../testdata/analysis/tags/order.pgn", *update, nil, tags.Analyzer)
	// The tag-sort finding is a hint unless the order is strict.
	for _, d := range all[0] {
		if d.Code == tags.CodeSort && d.Severity != analysis.Hint {
			t.Errorf("tag-sort severity %s, want hint by default", d.Severity)
		}
	}
}

func TestStrictOrder(t *testing.T) {
	_, all := analysistest.Run(t, "../../testdata/analysis/tags/order.pgn", &analysis.Config{StrictTagOrder: true}, tags.Analyzer)
	for _, d := range all[0] {
		if d.Code == tags.CodeSort && d.Severity != analysis.Warning {
			t.Errorf("tag-sort severity %s, want warning when strict", d.Severity)
		}
	}
}
