package diff

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// applyAll applies edits, failing t unless they are ordered and do not
// overlap.
func applyAll(t *testing.T, text string, edits []syntax.Edit) string {
	t.Helper()
	at := syntax.Pos(0)
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || int(e.End) > len(text) {
			t.Fatalf("edits out of order or overlapping: %+v", edits)
		}
		at = e.End
	}
	return syntax.ApplyEdits(text, edits)
}

func TestEdits(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		edits int
	}{
		{"", "", 0},
		{"a\nb\nc\n", "a\nb\nc\n", 0},
		{"a\nb\nc\n", "a\nB\nc\n", 1},
		{"a\nb\nc\nd\ne\n", "A\nb\nc\nd\nE\n", 2},
		{"x\n", "", 1},
		{"", "x\n", 1},
		{"1. e4 e5\n2. Nf3\n", "1. e4 e5 2. Nf3\n", 1},
		{"é\n", "è\n", 1},
		{"a\r\nb\r\n", "a\r\nc\r\n", 1},
		{"[A \"🩐\"]\n[B \"x\"]\n", "[B \"x\"]\n[A \"🩐\"]\n", 2},
	} {
		edits := Edits(tc.a, tc.b)
		if got := applyAll(t, tc.a, edits); got != tc.b {
			t.Errorf("Edits(%q, %q) = %+v, applied %q", tc.a, tc.b, edits, got)
		}
		if len(edits) != tc.edits {
			t.Errorf("Edits(%q, %q) = %d edits %+v, want %d", tc.a, tc.b, len(edits), edits, tc.edits)
		}
		for _, e := range edits {
			for _, p := range []syntax.Pos{e.Start, e.End} {
				if !Boundary(tc.a, int(p)) {
					t.Errorf("Edits(%q, %q): edit %+v splits a character or CRLF", tc.a, tc.b, e)
				}
			}
		}
	}
	// An edit inside one line touches only the bytes that change.
	edits := Edits("1. e4 e5 2. Ng1f3 *\n", "1. e4 e5 2. Nf3 *\n")
	if len(edits) != 1 || edits[0].End-edits[0].Start != 2 || edits[0].New != "" {
		t.Errorf("one-line edit = %+v, want the deletion of \"g1\"", edits)
	}
}

// FuzzEdits checks that the edits always turn a into b, and that their
// unified diff, applied as patch would, does too.
func FuzzEdits(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nx\nc\n")
	f.Add("é🩐\r\n", "è🩐\n")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\n2x\n3\n4\n5\n6\n7\n8\n9\n10\n11x\n12")
	f.Fuzz(func(t *testing.T, a, b string) {
		edits := Edits(a, b)
		if got := applyAll(t, a, edits); got != b {
			t.Fatalf("Edits(%q, %q) applied gives %q", a, b, got)
		}
		checkUnified(t, a, b, Unified("a", "b", a, edits))
	})
}

// with returns text with its line n (1-based) replaced by s.
func with(text string, n int, s string) string {
	l := splitLines(text)
	l[n-1] = s + "\n"
	return strings.Join(l, "")
}

func TestUnified(t *testing.T) {
	lines := func(from, to int) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			fmt.Fprintf(&b, "%d\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, a, b, want string
	}{
		{"equal", "a\n", "a\n", ""},
		{"one line", lines(1, 10), with(lines(1, 10), 5, "five"),
			"--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		// Changes 7 equal lines apart are two hunks, 6 apart one.
		{"two hunks", lines(1, 20), with(with(lines(1, 20), 2, "two"), 10, "ten"),
			"--- a\n+++ b\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n+ten\n 11\n 12\n 13\n"},
		{"one hunk", lines(1, 20), with(with(lines(1, 20), 2, "two"), 9, "nine"),
			"--- a\n+++ b\n@@ -1,12 +1,12 @@\n 1\n-2\n+two\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+nine\n 10\n 11\n 12\n"},
		{"insert at start", "a\nb\n", "x\na\nb\n", "--- a\n+++ b\n@@ -1,2 +1,3 @@\n+x\n a\n b\n"},
		{"into empty", "", "q\n", "--- a\n+++ b\n@@ -0,0 +1 @@\n+q\n"},
		{"append", "a\n", "a\nb\n", "--- a\n+++ b\n@@ -1 +1,2 @@\n a\n+b\n"},
		{"delete all", "a\nb\n", "", "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"no newline", "a\nb", "a\nc", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"add newline", "a", "a\n", "--- a\n+++ b\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n"},
		{"crlf", "a\r\nb\r\n", "a\r\nc\r\n", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n"},
	} {
		got := Unified("a", "b", tc.a, Edits(tc.a, tc.b))
		if got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		checkUnified(t, tc.a, tc.b, got)
	}
}

// TestUnifiedEditsInsideLines: edits that start and end inside lines, or
// that split a line in two, are shown as whole lines.
func TestUnifiedEditsInsideLines(t *testing.T) {
	a := "1. e4 e5 2. Ng1f3 Nc6 *\n\n[Event \"x\"]\n"
	edits := []syntax.Edit{{Span: syntax.Span{Start: 13, End: 15}, New: ""}, {Span: syntax.Span{Start: 17, End: 18}, New: "\n"}, {Span: syntax.Span{Start: 24, End: 25}, New: ""}}
	b := syntax.ApplyEdits(a, edits)
	got := Unified("a", "b", a, edits)
	want := "--- a\n+++ b\n@@ -1,3 +1,3 @@\n-1. e4 e5 2. Ng1f3 Nc6 *\n-\n+1. e4 e5 2. Nf3\n+Nc6 *\n [Event \"x\"]\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	checkUnified(t, a, b, got)
}

var hunkRE = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$`)

// checkUnified applies diff d to a as patch would, checking its hunk
// headers and that it gives b; and that hunks carry at most three lines
// of context at their ends, and are more than six lines apart.
func checkUnified(t *testing.T, a, b, d string) {
	t.Helper()
	if a == b {
		if d != "" {
			t.Fatalf("diff of equal texts: %q", d)
		}
		return
	}
	al := splitLines(a)
	dl := strings.SplitAfter(d, "\n")
	if len(dl) < 3 || dl[0] != "--- a\n" || dl[1] != "+++ b\n" {
		t.Fatalf("bad header in %q", d)
	}
	var out strings.Builder
	at := 0 // next line of a to copy
	prevEnd := -1
	for i := 2; i < len(dl) && dl[i] != ""; {
		m := hunkRE.FindStringSubmatch(strings.TrimSuffix(dl[i], "\n"))
		if m == nil {
			t.Fatalf("bad hunk header %q in %q", dl[i], d)
		}
		num := func(s string, def int) int {
			if s == "" {
				return def
			}
			n, _ := strconv.Atoi(s)
			return n
		}
		oldStart, oldN, newN := num(m[1], 0), num(m[2], 1), num(m[4], 1)
		if oldN > 0 {
			oldStart--
		}
		if oldStart < at {
			t.Fatalf("hunks overlap in %q", d)
		}
		for ; at < oldStart; at++ {
			out.WriteString(al[at])
		}
		i++
		var kinds []byte
		gotOld, gotNew := 0, 0
		for i < len(dl) && dl[i] != "" && !strings.HasPrefix(dl[i], "@@") {
			l := dl[i]
			i++
			noNL := i < len(dl) && dl[i] == "\\ No newline at end of file\n"
			if noNL {
				i++
				l = strings.TrimSuffix(l, "\n")
			}
			kinds = append(kinds, l[0])
			switch l[0] {
			case ' ', '-':
				if at >= len(al) || al[at] != l[1:] {
					t.Fatalf("line %d of a is %q, diff says %q in %q", at+1, al[at], l[1:], d)
				}
				at++
				gotOld++
				if l[0] == ' ' {
					out.WriteString(l[1:])
					gotNew++
				}
			case '+':
				out.WriteString(l[1:])
				gotNew++
			default:
				t.Fatalf("bad line %q in %q", l, d)
			}
		}
		if gotOld != oldN || gotNew != newN {
			t.Fatalf("hunk counts %d,%d differ from its header %q in %q", gotOld, gotNew, m[0], d)
		}
		lead := len(kinds) - len(strings.TrimLeft(string(kinds), " "))
		trail := len(kinds) - len(strings.TrimRight(string(kinds), " "))
		if lead > context || trail > context || lead == len(kinds) {
			t.Fatalf("hunk with %d leading and %d trailing context lines in %q", lead, trail, d)
		}
		if prevEnd >= 0 && oldStart+lead-prevEnd <= 2*context {
			t.Fatalf("hunks closer than %d lines in %q", 2*context+1, d)
		}
		prevEnd = at - trail
	}
	for ; at < len(al); at++ {
		out.WriteString(al[at])
	}
	if out.String() != b {
		t.Fatalf("patched text is %q, want %q; diff:\n%s", out.String(), b, d)
	}
}

// TestUnifiedWriter: a text given in pieces to a UnifiedWriter, each
// with its edits, gives the diff Unified gives of the whole text, with
// hunks held in memory or on disk; random texts, edits and cuts.
func TestUnifiedWriter(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	rng := rand.New(rand.NewPCG(25, 3))
	words := []string{"a", "b", "c", "", "1. e4", "\r"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(4) > 0 {
				b.WriteString("\n")
			}
		}
		return b.String()
	}
	for i := range 1000 {
		a := text(rng.IntN(60))
		// b: a with some lines changed, inserted or deleted.
		lines := splitLines(a)
		var bl []string
		for _, l := range lines {
			switch rng.IntN(8) {
			case 0:
				continue
			case 1:
				bl = append(bl, text(1+rng.IntN(2)))
			case 2:
				bl = append(bl, text(1), l)
			default:
				bl = append(bl, l)
			}
		}
		if rng.IntN(5) == 0 {
			bl = append(bl, text(1+rng.IntN(3)))
		}
		b := strings.Join(bl, "")
		edits := Edits(a, b)
		want := Unified("a", "b", a, edits)
		// Cut a into pieces; an edit goes with the piece it starts in
		// (an insertion at a cut, with either).
		var out strings.Builder
		u := NewUnifiedWriter(&out, "a", "b")
		u.Hold = 1 + rng.IntN(40)
		at, k := 0, 0
		for at < len(a) || k < len(edits) {
			end := min(len(a), at+rng.IntN(30))
			for j := k; j < len(edits) && int(edits[j].Start) < end; j++ {
				end = max(end, int(edits[j].End)) // an edit does not cross a cut
			}
			var pe []syntax.Edit
			for k < len(edits) && (int(edits[k].Start) < end || edits[k].Start == edits[k].End && int(edits[k].Start) == end && (end == len(a) || rng.IntN(2) == 0)) {
				e := edits[k]
				e.Start -= syntax.Pos(at)
				e.End -= syntax.Pos(at)
				pe = append(pe, e)
				k++
			}
			u.Add(a[at:end], pe)
			at = end
		}
		if err := u.Close(); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != want {
			t.Fatalf("case %d: %q to %q: the writer gives\n%s\nUnified\n%s", i, a, b, got, want)
		}
	}
}
