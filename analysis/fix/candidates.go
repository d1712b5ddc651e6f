package fix

import (
	"slices"
	"strings"

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
	conflict string        // why it is never applied (an analyzer's bug); "" when it may be
}

// candidates returns the chosen fixes of the diagnostics of st asked for,
// in the order of the diagnostics, each with the reason it can never be
// applied, if there is one. Whether it overlaps another is for disjoint.
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
			if t, changes := trim(text, syntax.Edit{Span: syntax.Span{Start: sp.Start, End: sp.End}, New: ed.New}); changes {
				c.edits = append(c.edits, t)
			}
		}
		if len(c.edits) == 0 && c.conflict == "" {
			c.conflict = "its fix changes nothing" // an analyzer's bug
		}
		syntax.Normalize(c.edits)
		for k := 1; k < len(c.edits); k++ {
			if overlap(c.edits[k-1], c.edits[k]) {
				c.conflict = "its edits overlap each other"
			}
		}
		out = append(out, c)
	}
	return out
}

// disjoint splits the candidates cands, which have no conflict of their
// own, into a maximal set whose edits overlap nothing else in the set,
// sel, and the others, which wait for a later try. It takes them in a
// fixed order, by their first edit, then code, then diagnostic (so that
// the outcome never depends on the order of the analyzers), each one
// whose edits overlap none of those taken before it; the others get in
// why the fix they overlap. sel is in the order of the diagnostics.
func disjoint(cands []*candidate, why map[int]string) (sel, wait []*candidate) {
	order := slices.Clone(cands)
	slices.SortStableFunc(order, func(a, b *candidate) int {
		if c := syntax.CompareEdits(a.edits[0], b.edits[0]); c != 0 {
			return c
		}
		if a.diag.Code != b.diag.Code {
			return strings.Compare(string(a.diag.Code), string(b.diag.Code))
		}
		return a.index - b.index
	})
next:
	for _, c := range order {
		for _, s := range sel {
			if conflicts(c, s) {
				why[c.index] = "its fix overlaps the fix of " + string(s.diag.Code)
				wait = append(wait, c)
				continue next
			}
		}
		sel = append(sel, c)
	}
	byIndex := func(a, b *candidate) int { return a.index - b.index }
	slices.SortFunc(sel, byIndex)
	slices.SortFunc(wait, byIndex)
	return sel, wait
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
	return slices.Compact(syntax.Normalize(edits))
}
