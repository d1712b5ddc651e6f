package tags_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/tags"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestValues(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/tags/values.pgn", *update, nil, tags.Analyzer)
}

func TestOrder(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/tags/order.pgn", *update, nil, tags.Analyzer)
}
