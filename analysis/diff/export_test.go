package diff

import (
	"fmt"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// Unified returns the unified diff that turns a into the text edits make
// of it, headed "--- aName" and "+++ bName", with hunks of changed lines
// and three lines of context, as diff -u prints them; "" when nothing
// changes. A last line without a line feed is marked "\ No newline at
// end of file".
func Unified(aName, bName, a string, edits []syntax.Edit) string {
	blocks := lineBlocks(a, edits)
	if len(blocks) == 0 {
		return ""
	}
	starts := lineStarts(a)
	line := func(i int) string { // line i of a, with its terminator
		end := len(a)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		return a[starts[i]:end]
	}
	nLines := len(starts)
	if a == "" || strings.HasSuffix(a, "\n") {
		nLines-- // the last start is the end of the text
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	shift := 0 // lines of the new text minus lines of the old, so far
	for i := 0; i < len(blocks); {
		// A hunk holds the blocks whose gaps are at most 2*context lines.
		j := i + 1
		for j < len(blocks) && blocks[j].from-blocks[j-1].to <= 2*context {
			j++
		}
		from := max(blocks[i].from-context, 0)
		to := min(blocks[j-1].to+context, nLines)
		var body strings.Builder
		oldN, newN := 0, 0
		at := from
		hunkShift := shift
		for _, bl := range blocks[i:j] {
			for ; at < bl.from; at++ {
				body.WriteString(" " + terminated(line(at)))
				oldN++
				newN++
			}
			for ; at < bl.to; at++ {
				body.WriteString("-" + terminated(line(at)))
				oldN++
			}
			for _, l := range splitNonEmpty(bl.new) {
				body.WriteString("+" + terminated(l))
				newN++
			}
			shift += len(splitNonEmpty(bl.new)) - (bl.to - bl.from)
		}
		for ; at < to; at++ {
			body.WriteString(" " + terminated(line(at)))
			oldN++
			newN++
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(from, oldN), hunkRange(from+hunkShift, newN))
		out.WriteString(body.String())
		i = j
	}
	return out.String()
}
