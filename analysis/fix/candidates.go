package fix

import (
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/syntax"
)

// candidate is the chosen fix of a diagnostic, ready to apply.
type candidate struct {
	index    int // the diagnostic's index in its state's diags
	diag     analysis.Diagnostic
	fix      analysis.Fix
	edits    []syntax.Edit // trimmed (see trim), sorted, game-relative
	conflict string        // why it is not applied with the others; "" when it may be
}

// candidates returns the chosen fixes of the diagnostics of st asked for,
// each with the reason it conflicts with another, if it does.
func (e *engine) candidates(st state) []*candidate {
	text := st.g.Text
	var out []*candidate
	for i, x := range st.diags {
		if !e.wanted(x.Code) {
			continue
		}
		fix, ok := Chosen(x)
		if !ok {
			continue
		}
		c := &candidate{index: i, diag: x, fix: fix}
		for _, ed := range fix.Edits {
			sp := ed.Span
			if sp.Start < 0 || sp.End < sp.Start || int(sp.End) > len(text) {
				// An analyzer's bug; never apply it.
				c.conflict, c.edits = "its edits fall outside the game", nil
				break
			}
			if t, changes := trim(text, syntax.Edit{Start: sp.Start, End: sp.End, New: ed.New}); changes {
				c.edits = append(c.edits, t)
			}
		}
		if len(c.edits) == 0 && c.conflict == "" {
			c.conflict = "its fix changes nothing" // an analyzer's bug
		}
		slices.SortFunc(c.edits, compareEdits)
		for k := 1; k < len(c.edits); k++ {
			if overlap(c.edits[k-1], c.edits[k]) {
				c.conflict = "its edits overlap each other"
			}
		}
		out = append(out, c)
	}
	for i, a := range out {
		for _, b := range out[i+1:] {
			if conflicts(a, b) {
				if a.conflict == "" {
					a.conflict = "its fix overlaps the fix of " + string(b.diag.Code)
				}
				if b.conflict == "" {
					b.conflict = "its fix overlaps the fix of " + string(a.diag.Code)
				}
			}
		}
	}
	return out
}

// trim reduces an edit of text to the bytes that change (diff.Span),
// reporting false when it changes nothing. A replacement is never reduced
// to an insertion, whose place next to another insertion would be
// ambiguous: "Qh5" to "Qh5#" keeps the "5" it replaces, so that a result
// inserted after the move goes after the mark.
func trim(text string, e syntax.Edit) (syntax.Edit, bool) {
	old := text[e.Start:e.End]
	t, ok := diff.Span(old, e.New)
	if !ok {
		return e, false
	}
	t.Start, t.End = t.Start+e.Start, t.End+e.Start
	if t.Start == t.End && e.Start < e.End {
		at := int(t.Start - e.Start) // where the insertion falls in old
		size := 1
		if at > 0 {
			for !diff.Boundary(old, at-size) {
				size++
			}
			t.Start -= syntax.Pos(size)
			t.New = old[at-size:at] + t.New
		} else {
			for !diff.Boundary(old, at+size) {
				size++
			}
			t.End += syntax.Pos(size)
			t.New += old[at : at+size]
		}
	}
	return t, true
}

// compareEdits orders edits by start, an insertion before a replacement
// at the same place.
func compareEdits(a, b syntax.Edit) int {
	if a.Start != b.Start {
		return int(a.Start - b.Start)
	}
	return int(a.End - b.End)
}

// overlap reports whether two different edits cannot both apply: they
// share bytes, an insertion falls strictly inside the other, or both are
// insertions at one place (whose order would be a guess). Edits that
// touch apply one after the other, an insertion before the replacement
// starting where it is.
func overlap(a, b syntax.Edit) bool {
	if a == b {
		return false
	}
	if a.Start == a.End && b.Start == b.End {
		return a.Start == b.Start
	}
	return a.Start < b.End && b.Start < a.End
}

// conflicts reports whether two candidates have edits that overlap.
func conflicts(a, b *candidate) bool {
	for _, x := range a.edits {
		for _, y := range b.edits {
			if overlap(x, y) {
				return true
			}
		}
	}
	return false
}

// merge returns the edits of the candidates, sorted, each edit that
// several share once.
func merge(cands []*candidate) []syntax.Edit {
	var edits []syntax.Edit
	for _, c := range cands {
		edits = append(edits, c.edits...)
	}
	slices.SortFunc(edits, compareEdits)
	return slices.Compact(edits)
}
