package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns a unified diff of two texts with three lines of
// context, headed "--- a" and "+++ b", or "" when they are equal. The
// edit script comes from a longest common subsequence of lines, computed
// on the differing middle part only (common prefix and suffix are
// trimmed first), which keeps formatter diffs cheap.
func unifiedDiff(aName, bName, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk runs from ctx lines before this change to ctx lines after
		// the last change that is at most 2*ctx equal lines away.
		start := max(i-ctx, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*ctx {
				break
			}
		}
		end = min(end+ctx+1, len(ops))
		aStart, bStart, aLen, bLen := ops[start].ai, ops[start].bi, 0, 0
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				aLen++
				bLen++
				body.WriteString(" " + x[op.ai])
			case '-':
				aLen++
				body.WriteString("-" + x[op.ai])
			case '+':
				bLen++
				body.WriteString("+" + y[op.bi])
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		out.WriteString(body.String())
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits text into lines that keep their terminators; a last
// line without one gets "\n\\ No newline at end of file\n" as diff does.
func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s+"\n\\ No newline at end of file\n")
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// op is one line of an edit script: ' ' keep, '-' delete, '+' insert, with
// the line's index in a (ai) and b (bi).
type op struct {
	kind   byte
	ai, bi int
}

// diffLines returns an edit script from x to y.
func diffLines(x, y []string) []op {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	var ops []op
	for i := 0; i < pre; i++ {
		ops = append(ops, op{' ', i, i})
	}
	ops = append(ops, middle(x[pre:len(x)-suf], y[pre:len(y)-suf], pre, pre)...)
	for i := 0; i < suf; i++ {
		ops = append(ops, op{' ', len(x) - suf + i, len(y) - suf + i})
	}
	return ops
}

// middle diffs the differing part by LCS when it is small enough, and as
// a block replacement otherwise.
func middle(x, y []string, ax, by int) []op {
	var ops []op
	if len(x)*len(y) > 4_000_000 {
		for i := range x {
			ops = append(ops, op{'-', ax + i, by})
		}
		for j := range y {
			ops = append(ops, op{'+', ax + len(x), by + j})
		}
		return ops
	}
	n, m := len(x), len(y)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			ops = append(ops, op{' ', ax + i, by + j})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', ax + i, by + j})
			i++
		default:
			ops = append(ops, op{'+', ax + i, by + j})
			j++
		}
	}
	return ops
}
