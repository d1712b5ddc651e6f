package duplicates

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// TestSetsResolve: a set is the most complete game and the games equal
// to or beginning it through the links; two games extending a shorter
// one are different games, each kept.
func TestSetsResolve(t *testing.T) {
	// Plies of games 0..5: 0 is a truncated copy (40) that 1 (60) and 2
	// (60, another ending) extend; 3 duplicates 1; 4 duplicates 2 with
	// more annotations; 5 is a truncated copy of 4 (50).
	plies := []int{40, 60, 60, 60, 60, 50}
	ann := []int{0, 0, 0, 0, 3, 0}
	for _, budget := range []int64{0, 1} { // the default, and a spill at every finding
		s := Sets{Budget: budget}
		s.Add(1, 0, Extended)
		s.Add(2, 0, Extended)
		s.Add(3, 1, Duplicate)
		s.Add(5, 4, Truncated) // in any order
		s.Add(4, 2, Duplicate)
		better := func(a, b int64) bool {
			c := Completeness{Plies: plies[a], Annotations: ann[a]}.Compare(Completeness{Plies: plies[b], Annotations: ann[b]})
			return c > 0 || c == 0 && a < b
		}
		got := map[int64][]int64{}
		if err := s.Resolve(better, func(kept int64, removed []int64) { got[kept] = removed }); err != nil {
			t.Fatal(err)
		}
		want := map[int64][]int64{4: {0, 2, 5}, 1: {3}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d: sets %v, want %v", budget, got, want)
		}
	}
}

// TestSetsSpill: findings that spill to disk at every one, or whose
// roots do, give the sets that a budget holding them all gives, in the
// same order.
func TestSetsSpill(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const games = 3000
	plies := make([]int, games)
	for i := range plies {
		plies[i] = 20 + r.IntN(5)
	}
	type finding struct {
		game, other int64
		kind        Kind
	}
	var findings []finding
	for g := int64(1); g < games; g++ {
		if r.IntN(3) > 0 {
			findings = append(findings, finding{g, r.Int64N(g), []Kind{Duplicate, Truncated, Extended}[r.IntN(3)]})
		}
	}
	r.Shuffle(len(findings), func(i, j int) { findings[i], findings[j] = findings[j], findings[i] })
	better := func(a, b int64) bool { return plies[a] > plies[b] || plies[a] == plies[b] && a < b }
	resolve := func(budget int64) string {
		dir := spill.NewDir()
		defer dir.Remove()
		s := Sets{Dir: dir, Budget: budget}
		for _, f := range findings {
			s.Add(f.game, f.other, f.kind)
		}
		var b strings.Builder
		if err := s.Resolve(better, func(kept int64, removed []int64) { fmt.Fprintln(&b, kept, removed) }); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	want := resolve(64 << 20)
	if strings.Count(want, "\n") < 100 {
		t.Fatalf("only %d sets", strings.Count(want, "\n"))
	}
	for _, budget := range []int64{1, 4 << 10} {
		if got := resolve(budget); got != want {
			t.Errorf("budget %d: the sets differ from those in memory", budget)
		}
	}
}

// TestMergeTags: tags only copies have are added, the first value of
// each; differing values are conflicts, told once; unknown values lose
// nothing.
func TestMergeTags(t *testing.T) {
	tag := func(n, v string) TagText { return TagText{Name: n, Value: v, Raw: "[" + n + " \"" + v + "\"]"} }
	kept := []TagText{tag("White", "Carlsen, Magnus"), tag("Date", "2020.01.01")}
	copies := [][]TagText{
		{tag("White", "Carlsen,M"), tag("Date", "????.??.??"), tag("ECO", "C95")},
		{tag("White", "Carlsen,M"), tag("ECO", "C96"), tag("Annotator", "Z")},
	}
	add, conflicts := MergeTags(kept, copies)
	if want := []TagText{tag("ECO", "C95"), tag("Annotator", "Z")}; !reflect.DeepEqual(add, want) {
		t.Errorf("added %v, want %v", add, want)
	}
	want := []Conflict{{Name: "White", Kept: "Carlsen, Magnus", Copy: "Carlsen,M", From: 0}, {Name: "ECO", Kept: "C95", Copy: "C96", From: 1}}
	if !reflect.DeepEqual(conflicts, want) {
		t.Errorf("conflicts %v, want %v", conflicts, want)
	}
}

// TestRemoveFix: on the longer copy, the fix removes the other one.
func TestRemoveFix(t *testing.T) {
	moves := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 " +
		"11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7"
	short := "[White \"A\"]\n[Black \"B\"]\n[ECO \"C95\"]\n\n" + moves + " *\n\n"
	long := "[White \"A\"]\n[Black \"B\"]\n\n" + moves + " 21. Qe3 *\n"
	other := "[White \"C\"]\n[Black \"D\"]\n\n" + moves + " 21. Qe3 *\n"
	f := syntax.Parse("", short+long+other, syntax.PGN)
	fix, ok := RemoveFix(f, 1, 0)
	if !ok || fix.Title != TitleRemoveOther {
		t.Fatalf("fix %+v, %v", fix, ok)
	}
	text := f.Text()
	for i := len(fix.Edits) - 1; i >= 0; i-- {
		e := fix.Edits[i]
		text = text[:e.Span.Start] + e.New + text[e.Span.End:]
	}
	if want := "[White \"A\"]\n[Black \"B\"]\n[ECO \"C95\"]\n\n" + moves + " 21. Qe3 *\n" + other; text != want {
		t.Errorf("fixed:\n%s\nwant:\n%s", text, want)
	}
	if _, ok := RemoveFix(f, 0, 2); ok {
		t.Error("a fix between games of other players")
	}
}
