package syntax

import (
	"slices"
	"strings"
)

// Edit replaces the bytes of Span in a text with New. It is the one edit
// type of pgnls: the fixes of diagnostics (game-relative spans), the
// edits of formatting and fixing, the changes of an edited document and
// the rewrites of files (file-absolute) are all Edits.
//
// A list of edits is read one of two ways, and each function says which:
// a batch, whose edits are all in the coordinates of the text before any
// of them, sorted (see Normalize) and not overlapping, applied at once
// (ApplyEdits); or a sequence, whose edits each are in the coordinates of
// the text the ones before it left, as an editor's content changes are
// (Compose turns a sequence into batches).
type Edit struct {
	Span
	New string
}

// Apply returns text with e applied. It expects 0 <= Start <= End <= len(text).
func (e Edit) Apply(text string) string {
	return text[:e.Start] + e.New + text[e.End:]
}

// Delta returns how many bytes e adds to the text (negative when it
// removes more than it writes).
func (e Edit) Delta() Pos { return Pos(len(e.New)) - (e.End - e.Start) }

// Shift returns e moved by d bytes, e.g. from game-relative to
// file-absolute.
func (e Edit) Shift(d Pos) Edit { return Edit{e.Span.Shift(d), e.New} }

// ShiftEdits moves edits by d bytes, in place, and returns them.
func ShiftEdits(edits []Edit, d Pos) []Edit {
	for i := range edits {
		edits[i].Span = edits[i].Span.Shift(d)
	}
	return edits
}

// CompareEdits orders edits by start, an insertion before a replacement
// at the same place.
func CompareEdits(a, b Edit) int {
	if a.Start != b.Start {
		return int(a.Start - b.Start)
	}
	return int(a.End - b.End)
}

// Normalize sorts the edits of a batch, in place, by CompareEdits,
// keeping the order of insertions at one place (which is the order of
// their texts), and returns them.
func Normalize(edits []Edit) []Edit {
	slices.SortStableFunc(edits, CompareEdits)
	return edits
}

// ApplyEdits returns text with a batch of edits (sorted, not
// overlapping, offsets in text) applied.
func ApplyEdits(text string, edits []Edit) string {
	var b strings.Builder
	at := Pos(0)
	for _, e := range edits {
		b.WriteString(text[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// Compose composes the longest run at the start of a sequence of edits
// (each in the coordinates of the text the ones before it left, the
// first in a text of size bytes) that goes one way: each edit entirely
// before the one before it, where the text is still the first one (the
// order editors apply many edits in, descending), or entirely after the
// text the one before it wrote (ascending). It returns the run as a
// batch, its edits in the coordinates of the text before the first,
// sorted and not overlapping, which ApplyEdits applies with the effect
// of the run; n, the run's length; and whether it descends. An edit
// outside its text ends a run; a run of one edit is returned as it is.
//
// This is the one place that tells whether edits go one way: the
// language server reads the positions of a didChange's content changes
// with it, a document change applies a run as one reparse, and the
// diagnostics of the text before are carried through a run in one sweep.
func Compose(edits []Edit, size Pos) (batch []Edit, n int, descending bool) {
	inside := func(e Edit, size Pos) bool { return 0 <= e.Start && e.Start <= e.End && e.End <= size }
	if len(edits) < 2 || !inside(edits[0], size) {
		n = min(1, len(edits))
		return edits[:n], n, false
	}
	// Descending: each edit ends at or before the start of the one before
	// it, where the text is still the original one.
	n = 1
	for size := size + edits[0].Delta(); n < len(edits) && inside(edits[n], size) && edits[n].End <= edits[n-1].Start; n++ {
		size += edits[n].Delta()
	}
	if n > 1 {
		batch = slices.Clone(edits[:n])
		slices.Reverse(batch)
		return batch, n, true
	}
	// Ascending: each edit starts at or after the end of the text the one
	// before it inserted; shift is how much the edits before it moved
	// the original text there.
	batch = []Edit{edits[0]}
	shift := edits[0].Delta()
	for size := size + shift; n < len(edits) && inside(edits[n], size) && edits[n].Start >= edits[n-1].Start+Pos(len(edits[n-1].New)); n++ {
		e := edits[n]
		batch = append(batch, e.Shift(-shift))
		shift += e.Delta()
		size += e.Delta()
	}
	return batch, n, false
}
