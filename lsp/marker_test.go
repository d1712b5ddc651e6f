package lsp_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

var update = flag.Bool("update", false, "rewrite the golden sections of the marker tests")

// TestMarkers runs the marker tests of testdata/lsp (see lsptest.RunMarkers)
// against the real server with the default analyzers.
func TestMarkers(t *testing.T) {
	lsptest.RunMarkers(t, "../testdata/lsp/*/*.txtar", lsptest.MarkerOptions{Update: *update})
}
