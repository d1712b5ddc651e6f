// Package diff computes the edits between two texts and prints them as a
// unified diff. It is the one text diff of pgnls: the language server
// sends its edits to editors, and `pgnls fmt -d` prints them.
//
// Edits are batches of syntax.Edit (byte offsets in the old text, sorted
// and non-overlapping, applied by syntax.ApplyEdits); they never split a
// UTF-8 character or a "\r\n".
package diff

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// maxCells bounds the line-diff table (old lines × new lines, after the
// common lines at both ends are set aside); past it the changed middle
// becomes one edit. Callers diff one game at a time, far below it.
const maxCells = 1 << 20

// Edits returns small, ordered, non-overlapping edits that turn a into b,
// with offsets in a: a line diff (longest common subsequence of lines),
// each changed run of lines then trimmed to the bytes that differ. Equal
// texts give no edits.
//
// Keeping edits small matters to editors: text outside them keeps its
// cursor positions, marks and undo history (format on save).
func Edits(a, b string) []syntax.Edit {
	if a == b {
		return nil
	}
	al, bl := splitLines(a), splitLines(b)
	// Common lines at both ends.
	pre, suf := CommonEnds(al, bl)
	am, bm := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	aOff := lenLines(al[:pre])

	var edits []syntax.Edit
	hunk := func(i1, i2, j1, j2 int) { // am[i1:i2] becomes bm[j1:j2]
		start := aOff + lenLines(am[:i1])
		old := strings.Join(am[i1:i2], "")
		nu := strings.Join(bm[j1:j2], "")
		if e, ok := trimEdit(start, old, nu); ok {
			edits = append(edits, e)
		}
	}
	if len(am)*len(bm) > maxCells {
		hunk(0, len(am), 0, len(bm))
		return edits
	}
	// lcs[i][j] is the length of the LCS of am[i:] and bm[j:].
	n, m := len(am), len(bm)
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			v := max(at(i+1, j), at(i, j+1))
			if am[i] == bm[j] {
				v = at(i+1, j+1) + 1
			}
			lcs[i*(m+1)+j] = v
		}
	}
	i, j := 0, 0
	hi, hj := 0, 0 // start of the current run of changes
	for i < n || j < m {
		switch {
		case i < n && j < m && am[i] == bm[j] && at(i, j) == at(i+1, j+1)+1:
			if hi < i || hj < j {
				hunk(hi, i, hj, j)
			}
			i++
			j++
			hi, hj = i, j
		case j < m && (i == n || at(i, j+1) >= at(i+1, j)):
			j++
		default:
			i++
		}
	}
	if hi < n || hj < m {
		hunk(hi, n, hj, m)
	}
	return edits
}

// Span returns the one edit that turns a into b, with offsets in a:
// the bytes between their common prefix and suffix, never cutting a
// character or a "\r\n". ok is false when the texts are equal.
//
// An editor that refines edits itself (VS Code computes minimal edits of
// what a formatter returns) needs no more; one edit per game also costs
// an editor that copies its buffer per edit (Neovim 0.7) far less than
// many small ones.
func Span(a, b string) (e syntax.Edit, ok bool) { return trimEdit(0, a, b) }

// trimEdit returns the edit replacing old, which starts at offset start
// and holds whole lines, by nu, reduced to the bytes between their common
// prefix and suffix. ok is false when nothing changes.
func trimEdit(start int, old, nu string) (e syntax.Edit, ok bool) {
	if old == nu {
		return e, false
	}
	p := 0
	for p < len(old) && p < len(nu) && old[p] == nu[p] {
		p++
	}
	q := 0
	for q < len(old)-p && q < len(nu)-p && old[len(old)-1-q] == nu[len(nu)-1-q] {
		q++
	}
	// Never cut a character or a CRLF in two: grow the edit instead.
	for p > 0 && (!Boundary(old, p) || !Boundary(nu, p)) {
		p--
	}
	for q > 0 && (!Boundary(old, len(old)-q) || !Boundary(nu, len(nu)-q)) {
		q--
	}
	return syntax.Edit{Span: syntax.Span{Start: syntax.Pos(start + p), End: syntax.Pos(start + len(old) - q)}, New: nu[p : len(nu)-q]}, true
}

// Boundary reports whether offset i of s lies between two characters and
// not inside a "\r\n": where an edit may start or end.
func Boundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	return utf8.RuneStart(s[i]) && (s[i-1] != '\r' || s[i] != '\n')
}

// splitLines splits s after each "\n"; the last line may lack one.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func lenLines(lines []string) int {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return n
}

// CommonEnds returns how many elements a and b share at their start, and
// then how many of the rest they share at their end.
func CommonEnds[S ~[]E, E comparable](a, b S) (pre, suf int) {
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return pre, suf
}
