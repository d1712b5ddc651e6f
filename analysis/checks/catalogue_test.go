package checks_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
)

// The -update flag may be declared by another test file of this test
// binary too, so it is declared here only if it does not exist yet (this
// init runs after the package variables of both test packages).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite generated files and goldens")
	}
}

func updating() bool {
	return flag.Lookup("update").Value.String() == "true"
}

const catalogueDoc = "../../docs/DIAGNOSTICS.md"

// TestCatalogueDoc fails when docs/DIAGNOSTICS.md differs from what
// "go generate ./analysis/checks" writes; with -update it rewrites the file.
func TestCatalogueDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	tmp := filepath.Join(t.TempDir(), "DIAGNOSTICS.md")
	cmd := exec.Command(goTool(t), "run", "gen_catalogue.go", "-o", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_catalogue.go: %v\n%s", err, out)
	}
	want, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if updating() {
		if err := os.WriteFile(catalogueDoc, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(catalogueDoc)
	if err != nil {
		t.Fatalf("%v (run go generate ./analysis/checks)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run go generate ./analysis/checks (or go test ./analysis/checks -run TestCatalogueDoc -update)", catalogueDoc)
	}
}

var kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// TestCatalogueCodes checks that every code is kebab-case, appears once,
// has a valid default severity, a source and a doc.
func TestCatalogueCodes(t *testing.T) {
	cat := checks.Catalogue()
	if len(cat) == 0 {
		t.Fatal("empty catalogue")
	}
	seen := make(map[analysis.Code]string)
	for _, e := range cat {
		if !kebab.MatchString(string(e.Code)) {
			t.Errorf("code %q is not kebab-case", e.Code)
		}
		if src, dup := seen[e.Code]; dup {
			t.Errorf("code %q is reported by both %s and %s", e.Code, src, e.Source)
		}
		seen[e.Code] = e.Source
		if e.Severity < analysis.Error || e.Severity > analysis.Hint {
			t.Errorf("code %q has no valid default severity (%d)", e.Code, e.Severity)
		}
		if e.Source == "" || e.Doc == "" {
			t.Errorf("code %q lacks a source or a doc", e.Code)
		}
	}
}

// goTool returns the go command; "go test" puts $GOROOT/bin first in PATH.
func goTool(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed: %v", err)
	}
	return path
}
