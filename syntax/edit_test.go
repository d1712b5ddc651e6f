package syntax

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCompose: the runs of a sequence that go one way, as batches in the
// coordinates of the text before them.
func TestCompose(t *testing.T) {
	e := func(s, e int, nu string) Edit {
		return Edit{Span: Span{Start: Pos(s), End: Pos(e)}, New: nu}
	}
	for _, tc := range []struct {
		edits []Edit
		batch []Edit
		n     int
		down  bool
	}{
		{[]Edit{e(8, 9, "x"), e(2, 4, ""), e(0, 2, "yy")}, []Edit{e(0, 2, "yy"), e(2, 4, ""), e(8, 9, "x")}, 3, true},
		{[]Edit{e(1, 2, "ab"), e(3, 3, "c"), e(9, 10, "")}, []Edit{e(1, 2, "ab"), e(2, 2, "c"), e(7, 8, "")}, 3, false},
		// Two insertions at one place: the second goes before the first.
		{[]Edit{e(5, 5, "a"), e(5, 5, "b")}, []Edit{e(5, 5, "b"), e(5, 5, "a")}, 2, true},
		// Down, then up: two runs.
		{[]Edit{e(5, 6, ""), e(1, 2, ""), e(8, 8, "z")}, []Edit{e(1, 2, ""), e(5, 6, "")}, 2, true},
		// Overlapping: one at a time.
		{[]Edit{e(2, 6, "abc"), e(3, 4, "")}, []Edit{e(2, 6, "abc")}, 1, false},
		// Outside the text: alone, for the caller to clamp.
		{[]Edit{e(9, 12, ""), e(1, 2, "")}, []Edit{e(9, 12, "")}, 1, false},
		{[]Edit{e(8, 9, ""), e(1, 12, "")}, []Edit{e(8, 9, "")}, 1, false},
	} {
		batch, n, down := Compose(tc.edits, 10)
		if fmt.Sprint(batch) != fmt.Sprint(tc.batch) || n != tc.n || down != tc.down {
			t.Errorf("Compose(%v) = %v, %d, %v; want %v, %d, %v", tc.edits, batch, n, down, tc.batch, tc.n, tc.down)
		}
	}
}

// TestComposeApplies: applying a composed batch at once gives the text
// that applying its run edit by edit gives, on random sequences.
func TestComposeApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := range 3000 {
		text := strings.Repeat("abcdefghij", 1+r.IntN(4))
		var edits []Edit
		size := len(text)
		for range 1 + r.IntN(8) {
			a := r.IntN(size + 1)
			b := min(a+r.IntN(4), size)
			nu := strings.Repeat("XY", r.IntN(3))
			edits = append(edits, Edit{Span: Span{Start: Pos(a), End: Pos(b)}, New: nu})
			size += len(nu) - (b - a)
		}
		for i := 0; i < len(edits); {
			batch, n, _ := Compose(edits[i:], Pos(len(text)))
			want := text
			for _, e := range edits[i : i+n] {
				want = e.Apply(want)
			}
			for k := 1; k < len(batch); k++ {
				if CompareEdits(batch[k-1], batch[k]) > 0 || batch[k-1].End > batch[k].Start {
					t.Fatalf("iteration %d: batch %v of %v is not sorted and apart", iter, batch, edits[i:i+n])
				}
			}
			if got := ApplyEdits(text, batch); got != want {
				t.Fatalf("iteration %d: %v as %v gives %q, want %q", iter, edits[i:i+n], batch, got, want)
			}
			text, i = want, i+n
		}
	}
}
