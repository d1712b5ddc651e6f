package openings_test

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// TestAgreementWithRealFiles measures how often the ECO tags of the
// shared real databases agree with the classification, per source: the
// same code as the last named position the main line reaches (exact),
// and no eco-mismatch (accepted: a code the data set gives to a position
// reached or to a line through the last one, a pawn structure reached
// with the same side to move, or the same family). docs/BENCHMARKS.md
// records the rates (go test ./analysis/openings -run Agreement -v) and
// explains the disagreements; the test fails when a source's accepted
// rate falls below the floor, which a regression of the classification
// would cause.
func TestAgreementWithRealFiles(t *testing.T) {
	sources := []struct {
		name  string
		glob  string
		floor float64 // accepted, in percent
	}{
		{"PGN Mentor (ChessBase)", "pgn/big/pgnmentor-*.pgn", 95},
		{"TWIC", "pgn/big/twic-*.pgn", 95},
		{"TCEC", "pgn/*/tcec-*.pgn", 60},
		{"van Reek (world matches)", "pgn/annotated/vanreek-*.pgn", 85},
	}
	for _, src := range sources {
		files, _ := filepath.Glob(filepath.Join("../../../shared/testdata", src.glob))
		if len(files) == 0 {
			t.Fatalf("%s: no file %s in ../shared/testdata", src.name, src.glob)
		}
		var tagged, named, exact, accepted int
		wrong := map[string]int{}
		for _, path := range files {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range syntax.Parse(path, string(text), syntax.PGN).Games() {
				g := r.Game
				eco, ok := g.TagValue("ECO")
				if !ok || !tags.ValidECO(eco) {
					continue
				}
				tagged++
				set := openings.CodeSet(eco)
				l := openings.Classify(g, set)
				if l == nil || l.Opening() == nil {
					continue
				}
				named++
				o := l.Opening()
				if o.ECO == eco {
					exact++
				}
				if set != nil && (l.Agrees(0) || l.SharesFamily(0)) {
					accepted++
				} else {
					wrong[eco+" → "+o.ECO+" "+o.Name]++
				}
			}
		}
		pct := func(n int) float64 { return 100 * float64(n) / float64(max(named, 1)) }
		top := slices.SortedFunc(maps.Keys(wrong), func(a, b string) int { return cmp.Or(wrong[b]-wrong[a], strings.Compare(a, b)) })
		var most []string
		for _, k := range top[:min(len(top), 5)] {
			most = append(most, fmt.Sprintf("%s (%d)", k, wrong[k]))
		}
		t.Logf("| %s | %d | %d | %.1f%% | %.1f%% | %s |", src.name, tagged, named, pct(exact), pct(accepted), strings.Join(most, "; "))
		if pct(accepted) < src.floor {
			t.Errorf("%s: %.1f%% of the ECO tags accepted, below the floor of %.0f%%", src.name, pct(accepted), src.floor)
		}
	}
}
