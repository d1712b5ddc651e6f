package syntax

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestParseGolden compares the dump of every file in testdata/syntax/parse
// with its NAME.tree golden file. Run with -update to rewrite them.
func TestParseGolden(t *testing.T) {
	inputs, _ := filepath.Glob("../testdata/syntax/parse/*.*pgn")
	if len(inputs) == 0 {
		t.Fatal("no inputs in testdata/syntax/parse")
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			f := parseFile(t, in)
			f.Name = filepath.Base(in)
			if err := checkInvariants(f); err != nil {
				t.Fatal(err)
			}
			got := Dump(f)
			golden := in + ".tree"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./syntax -update)", err)
			}
			if got != string(want) {
				t.Errorf("dump differs from %s (run go test ./syntax -update and review the diff)\n--- got\n%s", golden, got)
			}
		})
	}
}
