package diff

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// UnifiedWriter writes the unified diff of a text, as diff -u prints it
// (hunks of changed lines with three lines of context, headed "--- aName"
// and "+++ bName"; a last line without a line feed marked "\ No newline
// at end of file"), given piece by piece, in order, each with its edits, without holding
// the text: only the lines a hunk still needs (three before it, at most
// six after its last change) and the hunk being written, whose lines go
// to a temporary file past Hold bytes. It is how pgnls fmt -d diffs a
// database of any size.
//
// Pieces are gathered until they end a line and their last line is
// unchanged; each run of gathered pieces is then cut into lines and
// changes as the whole text would be, which it cuts alike.
type UnifiedWriter struct {
	// Hold is the bytes of a hunk held in memory; past them the hunk
	// goes to a file of Dir. 0 means 1 MiB.
	Hold int
	Dir  *spill.Dir
	own  bool // Dir is the writer's, to remove

	w            io.Writer
	aName, bName string
	header       bool // the --- and +++ lines are written

	seg   strings.Builder // the pieces gathered, not yet cut
	edits []syntax.Edit   // their edits, offsets in seg
	line  int             // lines of the old text before seg
	shift int             // lines of the new text minus lines of the old, so far

	ring []string // the last unchanged lines before a hunk, at most context
	hunk *hunk    // the hunk being written, or nil
	gap  []string // the unchanged lines after its last change
	err  error
}

// hunk is a hunk being written: where it starts, how many lines it has
// of either text, and its lines.
type hunk struct {
	from, newFrom int // 0-based
	oldN, newN    int
	body          bytes.Buffer
	file          *os.File // the body past Hold
}

// NewUnifiedWriter returns a UnifiedWriter writing to w the diff headed
// "--- aName" and "+++ bName".
func NewUnifiedWriter(w io.Writer, aName, bName string) *UnifiedWriter {
	return &UnifiedWriter{w: w, aName: aName, bName: bName}
}

// Add adds the next piece of the old text and its edits (a batch: offsets
// in the piece, ordered and non-overlapping).
func (u *UnifiedWriter) Add(piece string, edits []syntax.Edit) {
	off := syntax.Pos(u.seg.Len())
	u.seg.WriteString(piece)
	for _, e := range edits {
		e.Start += off
		e.End += off
		u.edits = append(u.edits, e)
	}
	seg := u.seg.String()
	if seg == "" || !strings.HasSuffix(seg, "\n") {
		return // a line goes on into the next piece
	}
	if n := len(u.edits); n > 0 && int(u.edits[n-1].Start) == len(seg) {
		return // an insertion before the next piece's first line
	}
	blocks := lineBlocks(seg, u.edits)
	if n := len(blocks); n > 0 && blocks[n-1].to >= len(lineStarts(seg))-1 {
		// A change on the last line: the whole text would join it with a change
		// on the next line, or join the next line to new text that does
		// not end its own.
		return
	}
	u.cut(seg, blocks)
}

// cut writes the lines of seg, whose changes are blocks, and empties it.
func (u *UnifiedWriter) cut(seg string, blocks []block) {
	starts := lineStarts(seg)
	nLines := len(starts)
	if seg == "" || strings.HasSuffix(seg, "\n") {
		nLines--
	}
	line := func(i int) string {
		if i+1 < len(starts) {
			return seg[starts[i]:starts[i+1]]
		}
		return seg[starts[i]:]
	}
	at := 0
	for _, b := range blocks {
		for ; at < b.from; at++ {
			u.same(line(at))
		}
		old := make([]string, 0, b.to-b.from)
		for ; at < b.to; at++ {
			old = append(old, line(at))
		}
		u.change(u.line+b.from, old, b.new)
	}
	for ; at < nLines; at++ {
		u.same(line(at))
	}
	u.line += nLines
	u.seg.Reset()
	u.edits = u.edits[:0]
}

// same takes an unchanged line.
func (u *UnifiedWriter) same(l string) {
	if u.hunk == nil {
		u.ring = append(u.ring, l)
		if len(u.ring) > context {
			u.ring = u.ring[1:]
		}
		return
	}
	u.gap = append(u.gap, l)
	if len(u.gap) > 2*context {
		// Too far from the next change: the hunk ends with context
		// lines, and the last context lines of the gap lead the next.
		u.endHunk(u.gap[:context])
		u.ring = append(u.ring[:0], u.gap[len(u.gap)-context:]...)
		u.gap = u.gap[:0]
	}
}

// change takes the lines old, from line from (0-based) of the old text,
// replaced by the lines of new.
func (u *UnifiedWriter) change(from int, old []string, new string) {
	h := u.hunk
	if h == nil {
		h = &hunk{from: from - len(u.ring)}
		h.newFrom = h.from + u.shift
		u.hunk = h
		for _, l := range u.ring {
			u.write(" ", l)
		}
		h.oldN += len(u.ring)
		h.newN += len(u.ring)
		u.ring = u.ring[:0]
	}
	for _, l := range u.gap {
		u.write(" ", l)
	}
	h.oldN += len(u.gap)
	h.newN += len(u.gap)
	u.gap = u.gap[:0]
	for _, l := range old {
		u.write("-", l)
	}
	added := splitNonEmpty(new)
	for _, l := range added {
		u.write("+", l)
	}
	h.oldN += len(old)
	h.newN += len(added)
	u.shift += len(added) - len(old)
}

// write adds a line of the hunk, after its mark.
func (u *UnifiedWriter) write(mark, line string) {
	h := u.hunk
	h.body.WriteString(mark)
	h.body.WriteString(terminated(line))
	hold := u.Hold
	if hold <= 0 {
		hold = 1 << 20
	}
	if h.body.Len() < hold || u.err != nil {
		return
	}
	if h.file == nil {
		dir := u.Dir
		if dir == nil {
			dir = spill.NewDir()
			u.Dir, u.own = dir, true
		}
		if h.file, u.err = dir.Create("hunk"); u.err != nil {
			return
		}
	}
	_, u.err = h.body.WriteTo(h.file)
}

// endHunk ends the hunk with the lines trail and writes it.
func (u *UnifiedWriter) endHunk(trail []string) {
	h := u.hunk
	for _, l := range trail {
		u.write(" ", l)
	}
	h.oldN += len(trail)
	h.newN += len(trail)
	u.hunk = nil
	defer func() {
		if h.file != nil {
			h.file.Close()
			os.Remove(h.file.Name())
		}
	}()
	if u.err != nil {
		return
	}
	if !u.header {
		u.header = true
		if _, u.err = fmt.Fprintf(u.w, "--- %s\n+++ %s\n", u.aName, u.bName); u.err != nil {
			return
		}
	}
	if _, u.err = fmt.Fprintf(u.w, "@@ -%s +%s @@\n", hunkRange(h.from, h.oldN), hunkRange(h.newFrom, h.newN)); u.err != nil {
		return
	}
	if h.file != nil {
		if _, u.err = h.file.Seek(0, io.SeekStart); u.err != nil {
			return
		}
		if _, u.err = io.Copy(u.w, h.file); u.err != nil {
			return
		}
	}
	_, u.err = h.body.WriteTo(u.w)
}

// Close writes the rest of the diff, after the last piece, and returns
// the first error writing it.
func (u *UnifiedWriter) Close() error {
	seg := u.seg.String()
	u.cut(seg, lineBlocks(seg, u.edits))
	if u.hunk != nil {
		u.endHunk(u.gap[:min(len(u.gap), context)])
	}
	if u.own {
		u.Dir.Remove()
	}
	return u.err
}
