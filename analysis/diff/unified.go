package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// context is the number of unchanged lines around each change in a
// unified diff, as diff -u prints them.
const context = 3

// block replaces the whole lines [from, to) of the old text by new, which
// holds whole lines too (the last one may lack its terminator only at
// the end of the text).
type block struct {
	from, to int
	new      string
}

// group is a run of edits widened to the whole lines [start, end) of the
// old text (byte offsets at line starts, or the end of the text).
type group struct {
	start, end int
	edits      []syntax.Edit
}

// text returns what the lines of g become.
func (g *group) text(a string) string {
	var b strings.Builder
	at := g.start
	for _, e := range g.edits {
		b.WriteString(a[at:e.Start])
		b.WriteString(e.New)
		at = int(e.End)
	}
	b.WriteString(a[at:g.end])
	return b.String()
}

// lineBlocks widens edits to whole lines of a and merges those that share
// or touch lines.
func lineBlocks(a string, edits []syntax.Edit) []block {
	starts := lineStarts(a)
	lineOf := func(p int) int { // the line holding offset p
		i, _ := slices.BinarySearch(starts, p+1)
		return i - 1
	}
	lineEnd := func(i int) int {
		if i+1 < len(starts) {
			return starts[i+1]
		}
		return len(a)
	}
	var out []block
	var cur *group
	flush := func() {
		if cur == nil {
			return
		}
		if nu := cur.text(a); nu != a[cur.start:cur.end] {
			to := len(starts)
			if cur.end < len(a) || strings.HasSuffix(a, "\n") || a == "" {
				to = lineOf(cur.end)
			}
			out = append(out, block{from: lineOf(cur.start), to: to, new: nu})
		}
		cur = nil
	}
	for _, e := range edits {
		s, t := int(e.Start), int(e.End)
		if s == t && e.New == "" {
			continue
		}
		ls := lineOf(s)
		end := s // an insertion at a line start touches no line
		if t > s || s > starts[ls] {
			end = lineEnd(lineOf(max(t-1, s)))
		}
		if cur != nil && starts[ls] <= cur.end {
			cur.edits = append(cur.edits, e)
			cur.end = max(cur.end, end)
		} else {
			flush()
			cur = &group{start: starts[ls], end: end, edits: []syntax.Edit{e}}
		}
		// New text that does not end its line joins the next line.
		for cur.end < len(a) {
			nu := cur.text(a)
			if nu == "" || strings.HasSuffix(nu, "\n") {
				break
			}
			cur.end = lineEnd(lineOf(cur.end))
		}
	}
	flush()
	return out
}

// lineStarts returns the offset of the start of every line of a; the last
// entry is len(a) when a ends with "\n" (an empty last line).
func lineStarts(a string) []int {
	starts := []int{0}
	for i := 0; i < len(a); i++ {
		if a[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// terminated returns line ending with "\n", or with the marker diff
// prints for a last line without one.
func terminated(line string) string {
	if strings.HasSuffix(line, "\n") {
		return line
	}
	return line + "\n\\ No newline at end of file\n"
}

// splitNonEmpty splits s into lines that keep their terminators.
func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return splitLines(s)
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
