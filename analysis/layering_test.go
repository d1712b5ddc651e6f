package analysis_test

import (
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/pgnls/pgnls"

// goTool returns the go command. "go test" puts $GOROOT/bin first in the
// PATH of the test process, so this is the toolchain running the test.
func goTool(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed: %v", err)
	}
	return path
}

// within reports whether the import path p is pkg or below it.
func within(p, pkg string) bool {
	return p == pkg || strings.HasPrefix(p, pkg+"/")
}

// TestLayering enforces the architecture invariants on imports: they only
// point down (cmd → lsp → analysis → syntax), syntax uses the standard
// library only, neither syntax nor analysis reaches the LSP stack
// (go.lsp.dev) or the logger (zap), the session (analysis/session: the
// open documents, their snapshots, edits, diagnostics state) sits above
// the rest of analysis, which never imports it, and knows no feature of
// the editor (the queries, the formatter, the fixer, the workspace
// index: their caches are memos keyed by types of theirs), and lsp/wire, the
// workarounds for go.lsp.dev, knows nothing of PGN (neither syntax nor
// analysis). analysis/input, the one input layer of the CLI and the
// server, sits below the analyses: of the module it imports syntax
// only. analysis/match, the query engine of pgnls select and the
// workspace search, reads the engines and replays but not the analyzer
// registry (analysis/checks) nor the editor's queries (analysis/query).
// analysis/workspace, the index of the workspace search, reads files
// through analysis/input and asks analysis/match, never the analyzer
// registry nor the incremental engine.
// analysis/uci, the client of UCI engines, speaks the protocol only: it
// imports the standard library alone (its fake engine, ucitest, plays
// chess with analysis/chess).
func TestLayering(t *testing.T) {
	outer := []string{"go.lsp.dev", "go.uber.org/zap", module + "/lsp", module + "/cmd"}
	for _, rule := range []struct {
		pattern   string
		forbidden []string
		stdOnly   bool // besides its own packages, only the standard library
		// Of the module's packages, only these (and its own) may be
		// imported; nil: any the other rules allow.
		module []string
	}{
		{"./syntax/...", append([]string{module + "/analysis"}, outer...), true, nil},
		{"./analysis/...", append([]string{module + "/analysis/session"}, outer...), false, nil},
		{"./analysis/input/...", outer, false, []string{module + "/syntax"}},
		{"./analysis/match/...", append([]string{module + "/analysis/checks", module + "/analysis/query", module + "/analysis/session"}, outer...), false, nil},
		{"./analysis/workspace/...", append([]string{module + "/analysis/checks", module + "/analysis/session"}, outer...), false, nil},
		{"./analysis/uci", outer, true, nil},
		{"./analysis/session", append([]string{module + "/analysis/query", module + "/analysis/format", module + "/analysis/fix", module + "/analysis/workspace"}, outer...), false, nil},
		{"./lsp/...", []string{module + "/cmd"}, false, nil},
		{"./lsp/wire/...", []string{module + "/syntax", module + "/analysis", module + "/cmd"}, false, nil},
	} {
		own := module + "/" + strings.TrimSuffix(strings.TrimPrefix(rule.pattern, "./"), "/...")
		cmd := exec.Command(goTool(t), "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}{{range .Imports}} {{.}}{{end}}", rule.pattern)
		cmd.Dir = ".."
		out, err := cmd.Output()
		if err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				t.Logf("%s", ee.Stderr)
			}
			t.Fatalf("go list -deps %s: %v", rule.pattern, err)
		}
		// Report only the edges that cross a boundary, not the imports
		// inside a forbidden or foreign module.
		std := make(map[string]bool)
		imports := make(map[string][]string)
		for line := range strings.Lines(string(out)) {
			f := strings.Fields(line)
			std[f[0]], imports[f[0]] = f[1] == "true", f[2:]
		}
		allowed := func(p string) bool { return !rule.stdOnly || std[p] || p == "C" || within(p, own) }
		for _, pkg := range slices.Sorted(maps.Keys(imports)) {
			for _, imp := range imports[pkg] {
				for _, bad := range rule.forbidden {
					if within(imp, bad) && !within(pkg, bad) {
						t.Errorf("%s depends on %s: %s imports %s", rule.pattern, bad, pkg, imp)
					}
				}
				if allowed(pkg) && !allowed(imp) {
					t.Errorf("%s must use only the standard library: %s imports %s", rule.pattern, pkg, imp)
				}
				if rule.module != nil && within(pkg, own) && within(imp, module) && !within(imp, own) &&
					!slices.ContainsFunc(rule.module, func(m string) bool { return within(imp, m) }) {
					t.Errorf("%s may import only %v of the module: %s imports %s", rule.pattern, rule.module, pkg, imp)
				}
			}
		}
	}
}
