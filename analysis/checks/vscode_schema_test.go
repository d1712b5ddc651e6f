package checks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

const vscodePackage = "../../editors/vscode/package.json"

// TestVSCodeSchema fails when the schema of pgnls.diagnostics in
// editors/vscode/package.json differs from what "go generate
// ./analysis/checks" writes (gen_vscode.go); with -update it rewrites the
// file.
func TestVSCodeSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	got, err := os.ReadFile(vscodePackage)
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "package.json")
	if err := os.WriteFile(tmp, got, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool(t), "run", "gen_vscode.go", "-f", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_vscode.go: %v\n%s", err, out)
	}
	want, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) == string(want) {
		return
	}
	if updating() {
		if err := os.WriteFile(vscodePackage, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale: run go generate ./analysis/checks (or go test ./analysis/checks -run TestVSCodeSchema -update)", vscodePackage)
}
