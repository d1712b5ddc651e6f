package session

import (
	"slices"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// Change is the result of applying edits to the text of a document: the
// new text, parsed incrementally, and what Engine.Changed needs to carry
// the diagnostics of the text before it. A Change is a value; applying
// more edits returns a new one.
type Change struct {
	// File is the text after the edits.
	File *syntax.File
	// Edits are the edits as applied, in order, each in the coordinates
	// of the text the ones before it left (nearby edits of a batch are
	// merged into one). Never nil.
	Edits []syntax.Edit
	// Kept tells which games of File the edits left as they were.
	Kept syntax.Kept

	base *syntax.File // the text the edits apply to (Session.DidChange checks it)
}

// NewChange returns the change that has applied nothing yet to f.
func NewChange(f *syntax.File) Change {
	return Change{File: f, Edits: []syntax.Edit{}, Kept: syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}, base: f}
}

// Delta returns what the change makes of the version it applies to, for
// Engine.Changed.
func (c Change) Delta() Delta {
	return Delta{Kind: Edited, Edits: c.Edits, Kept: c.Kept}
}

// ChangeKind tells how a version of a document follows from the one the
// engine saw before it, and so what of that one's analysis carries over.
type ChangeKind uint8

// The kinds of change.
const (
	// Fresh is a text new to the engine (an open) or parsed anew (in
	// another dialect): nothing carries over, and it is analysed at
	// once.
	Fresh ChangeKind = iota + 1
	// Edited is a text edited: the games the edits left as they were
	// keep their results, the others' diagnostics are carried through
	// the edits until they are analysed after the debounce.
	Edited
	// Reconfigured is the same text under a new configuration: every
	// game is analysed again, its diagnostics shown meanwhile.
	Reconfigured
)

// Delta is how a version of a document follows from the one before it.
type Delta struct {
	Kind ChangeKind
	// Edits are the edits of an Edited change (see Change.Edits); none
	// for the other kinds.
	Edits []syntax.Edit
	// Kept tells which games the edits left as they were (all of them
	// for Reconfigured; none for Fresh).
	Kept syntax.Kept
}

// fresh is the Delta of a Fresh change.
var fresh = Delta{Kind: Fresh}

// reconfigured returns the Delta of a Reconfigured change of f.
func reconfigured(f *syntax.File) Delta {
	return Delta{Kind: Reconfigured, Kept: syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}}
}

// Replace applies the replacement of the whole text by text, as the
// smallest edit that makes it (see fullEdit).
func (c Change) Replace(text string) Change {
	return c.Apply(fullEdit(c.File.Text(), text))
}

// Apply applies edits in order, each in the coordinates of the text the
// ones before it left (as an editor's content changes are), and reparses
// incrementally, so that the games the edits do not touch are reused.
// An edit outside the text is clamped into it.
//
// A run of edits that goes one way (see syntax.Compose), each entirely
// before the one before it (the order editors apply many edits in) or
// entirely after it, is applied as one batch (see applyBatch): the thousands of edits of a
// formatting cost about one parse of what they span, O(document + N),
// not a reparse each.
func (c Change) Apply(edits ...syntax.Edit) Change {
	for i := 0; i < len(edits); {
		batch, n, _ := syntax.Compose(edits[i:], c.File.Len())
		var f *syntax.File
		var applied []syntax.Edit
		var k syntax.Kept
		if n == 1 {
			e := edits[i]
			size := c.File.Len()
			e.Start = min(max(e.Start, 0), size)
			e.End = min(max(e.End, e.Start), size)
			f, k = syntax.Reparse(c.File, e)
			applied = []syntax.Edit{e}
		} else {
			f, applied, k = applyBatch(c.File, batch)
		}
		c = Change{File: f, Edits: append(c.Edits, applied...), Kept: c.Kept.Then(k), base: c.base}
		i += n
	}
	return c
}

// batchGap is how far apart two edits of a batch may be and still be
// reparsed as one: less than a chunk of games (see applyBatch).
const batchGap = 64 << 10

// wholeParseSpan is how much text a batch must span, from its first
// edit to its last, at least and at least a quarter of the document, for
// applyBatch to parse the edited text whole instead of group by group.
var wholeParseSpan = 1 << 20

// applyBatch applies edits (in the coordinates of f, ascending, not
// overlapping; the slice is reused): those less than batchGap apart as one edit, each such
// group reparsed once, from the last to the first so that each group's
// offsets hold. It returns the file, the edits it applied (each in the
// text the ones before it left) and the games they kept. When the batch
// spans much of a big document (a whole-file formatting), the edited
// text is built once and parsed as an open parses it, on every core and
// keeping the trees of a few games only, and no game counts as kept.
func applyBatch(f *syntax.File, batch []syntax.Edit) (*syntax.File, []syntax.Edit, syntax.Kept) {
	if n := batch[len(batch)-1].End - batch[0].Start; int(n) >= wholeParseSpan && int(n) >= int(f.Len())/4 {
		size := int(f.Len()) // the edited text's, exactly
		for _, e := range batch {
			size += len(e.New) - int(e.End-e.Start)
		}
		var b strings.Builder
		b.Grow(size)
		at := syntax.Pos(0)
		for _, e := range batch {
			b.WriteString(f.Slice(syntax.Span{Start: at, End: e.Start}))
			b.WriteString(e.New)
			at = e.End
		}
		b.WriteString(f.Slice(syntax.Span{Start: at, End: f.Len()}))
		slices.Reverse(batch) // each in the text the ones after it left
		return Parse(f.Name, b.String(), f.Dialect), batch, syntax.Kept{}
	}
	var groups []syntax.Edit
	for i := 0; i < len(batch); {
		j := i + 1
		for j < len(batch) && batch[j].Start-batch[j-1].End < batchGap {
			j++
		}
		g := syntax.Edit{Span: syntax.Span{Start: batch[i].Start, End: batch[j-1].End}}
		if j == i+1 {
			g.New = batch[i].New
		} else {
			var b strings.Builder
			for k := i; k < j; k++ {
				if k > i {
					b.WriteString(f.Slice(syntax.Span{Start: batch[k-1].End, End: batch[k].Start}))
				}
				b.WriteString(batch[k].New)
			}
			g.New = b.String()
		}
		groups = append(groups, g)
		i = j
	}
	edits := make([]syntax.Edit, 0, len(groups))
	kept := syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}
	for i := len(groups) - 1; i >= 0; i-- {
		var k syntax.Kept
		f, k = syntax.Reparse(f, groups[i])
		kept = kept.Then(k)
		edits = append(edits, groups[i])
	}
	return f, edits, kept
}

// fullEdit returns the smallest edit turning old into text: the bytes
// between their common prefix and suffix. A client that always sends the
// whole text thus still gets the games it did not touch reused.
func fullEdit(old, text string) syntax.Edit {
	n := min(len(old), len(text))
	p := 0
	for p < n && old[p] == text[p] {
		p++
	}
	q := 0
	for q < n-p && old[len(old)-1-q] == text[len(text)-1-q] {
		q++
	}
	return syntax.Edit{Span: syntax.Span{Start: syntax.Pos(p), End: syntax.Pos(len(old) - q)}, New: text[p : len(text)-q]}
}
