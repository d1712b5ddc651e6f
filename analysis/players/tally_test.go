package players

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/spill"
)

// TestTally: the variants a Tally tells, with a budget that spills every
// few spellings to disk or with one that holds them all, are those of
// Names over the same collection, in the same order, with the same
// messages and the place where each was first seen, a names file line
// joining two surnames included.
func TestTally(t *testing.T) {
	file := "Korchnoi, Viktor = Kortschnoj, Viktor; Kortchnoi, V\n"
	var spellings []string
	for i := range 300 {
		base := fmt.Sprintf("Player%d, Given%d", i%40, i%3)
		switch i % 7 {
		case 0:
			spellings = append(spellings, base)
		case 1:
			spellings = append(spellings, strings.ReplaceAll(base, ", ", ","))
		case 2:
			spellings = append(spellings, base+" ")
		case 3:
			spellings = append(spellings, fmt.Sprintf("Player%d, G", i%40))
		case 4:
			spellings = append(spellings, "Kortschnoj, Viktor", "Kortschnoj, V")
		case 5:
			spellings = append(spellings, "Korchnoi, Viktor", "Polgar, Judit", "Polgar, Susan", "?")
		default:
			spellings = append(spellings, strings.ToUpper(base))
		}
	}
	var want []string
	var ref Names
	if err := ref.ReadFile(strings.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	firstAt := map[string]int{}
	for i, s := range spellings {
		if _, ok := firstAt[s]; !ok {
			firstAt[s] = i
		}
		ref.Add(s)
	}
	for _, s := range ref.Order() {
		if canon, ok := ref.Canonical(s); ok {
			want = append(want, fmt.Sprintf("%d %s -> %s: %s", firstAt[s], s, canon, ref.Message(s, canon)))
		}
	}
	if len(want) < 50 {
		t.Fatalf("only %d variants: the test is too small", len(want))
	}
	for _, budget := range []int64{1, 2 << 10, 64 << 20} {
		var names Names
		if err := names.ReadFile(strings.NewReader(file)); err != nil {
			t.Fatal(err)
		}
		dir := spill.NewDir()
		tally := NewTally(&names, dir, budget)
		for i, s := range spellings {
			tally.Add(s, func() []byte { return fmt.Append(nil, i) })
		}
		var got []string
		err := tally.Variants(func(place []byte, name, canon, message string) {
			got = append(got, string(place)+" "+name+" -> "+canon+": "+message)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("budget %d: %d variants\n%s\nwant %d\n%s", budget, len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
		}
		if err := dir.Remove(); err != nil {
			t.Fatal(err)
		}
	}
}
