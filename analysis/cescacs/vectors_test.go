package cescacs

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testdataDir holds the shared, read-only C'escacs test data.
var testdataDir = filepath.Join("..", "..", "..", "shared", "testdata", "cescacs")

// readJSONL decodes every line of a shared test-data file into a new T,
// skipping the test if the file is missing.
func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir, name))
	if err != nil {
		t.Fatalf("shared test data not available (check out ../shared beside the repository): %v", err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

type vector struct {
	PDTL      string   `json:"pdtl"`
	Turn      string   `json:"turn"`
	Moves     []string `json:"moves"`
	Check     *string  `json:"check"`
	Mate      bool     `json:"mate"`
	Stalemate bool     `json:"stalemate"`
}

// moveStrings returns the sorted texts of the legal moves of p.
func moveStrings(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// diffSorted describes the differences between two sorted lists.
func diffSorted(got, want []string) string {
	var missing, extra []string
	i, j := 0, 0
	for i < len(got) || j < len(want) {
		switch {
		case j == len(want) || i < len(got) && got[i] < want[j]:
			extra = append(extra, got[i])
			i++
		case i == len(got) || want[j] < got[i]:
			missing = append(missing, want[j])
			j++
		default:
			i++
			j++
		}
	}
	return "missing " + strings.Join(missing, " ") + "; unexpected " + strings.Join(extra, " ")
}

func TestVectors(t *testing.T) {
	vectors := readJSONL[vector](t, "vectors-sample.jsonl")
	for i, v := range vectors {
		p, probs := ParsePDTL(v.PDTL, nil)
		for _, pr := range probs {
			if pr.Severity == SeverityHint {
				continue
			}
			t.Errorf("vector %d: %s: PDTL problem %v", i+1, v.PDTL, pr)
		}
		if got := p.PDTL(nil); got != v.PDTL {
			t.Errorf("vector %d: PDTL round trip:\n got %s\nwant %s", i+1, got, v.PDTL)
		}
		if turn := "wb"[p.Turn()]; string(turn) != v.Turn {
			t.Errorf("vector %d: turn %c, want %s", i+1, turn, v.Turn)
		}
		got := moveStrings(&p)
		if _, scorned, ok := p.Scornful(); ok && scorned[1] != NoHex {
			// The vectors come from play, which knows the pawn the
			// sidestep scorned; the PDTL alone does not, and either
			// pawn may capture (§6.5, §12.1).
			got = slices.DeleteFunc(got, func(m string) bool {
				capture := strings.HasPrefix(m, scorned[0].String()+"@") || strings.HasPrefix(m, scorned[1].String()+"@")
				return capture && !slices.Contains(v.Moves, m)
			})
		}
		if !slices.Equal(got, v.Moves) {
			t.Errorf("vector %d: %s\nmoves differ: %s", i+1, v.PDTL, diffSorted(got, v.Moves))
		}
		st := p.Status()
		wantCheck := NoCheck
		if v.Check != nil {
			wantCheck = map[string]CheckMark{"+": CheckPlain, "+∞": CheckDistant, "+^": CheckAdjoining, "++": CheckDouble}[*v.Check]
		}
		if st.Check != wantCheck || st.Checkmate != v.Mate || st.Stalemate != v.Stalemate {
			t.Errorf("vector %d: %s\ncheck %q mate %v stalemate %v, want %q %v %v",
				i+1, v.PDTL, st.Check, st.Checkmate, st.Stalemate, wantCheck, v.Mate, v.Stalemate)
		}
	}
}
