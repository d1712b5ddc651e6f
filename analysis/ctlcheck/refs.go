package ctlcheck

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// refKind tells the references inside comments apart (§8.7).
type refKind uint8

const (
	refHex   refKind = iota // ~F14
	refPiece                // ~K, ~J[d], ~gL5, ~PE13
	refMove                 // #14, #14@B, #14[#12.2]@W
	refVar                  // #12.2
)

// varLabel names variation [n] of move m, written #m.n.
type varLabel struct{ move, n int }

// ref is one reference found in a comment. Offsets are relative to the
// start of the comment token.
type ref struct {
	kind       refKind
	start, end int
	problem    string // why the reference is malformed, or ""

	sym              rune // refPiece: the piece symbol
	symStart, symEnd int

	num  int        // refMove: the move number, -1 if too large
	name string     // refMove: "#" and the number as written
	side byte       // refMove: 'W', 'B' or 0
	path []varLabel // refMove: innermost first; refVar: the label
}

// scanRefs finds the references of a comment's text.
func scanRefs(text string) []ref {
	var refs []ref
	for i := 0; i < len(text); {
		switch {
		case text[i] == '~':
			r := tildeRef(text, i)
			refs = append(refs, r)
			i = r.end
		case text[i] == '#' && i+1 < len(text) && isDigit(text[i+1]):
			r := hashRef(text, i)
			refs = append(refs, r)
			i = r.end
		default:
			i++
		}
	}
	return refs
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// hexAt reads a column letter and the digits after it at offset i; n is
// 0 when no hex starts there, ok false when it names no hex of the board.
func hexAt(text string, i int) (n int, ok bool) {
	if i+1 >= len(text) || cescacs.ColumnIndex(text[i]) < 0 || !isDigit(text[i+1]) {
		return 0, false
	}
	j := i + 1
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	_, ok = cescacs.ParseHex(text[i:j])
	return j - i, ok
}

// tildeRef reads "~" followed by a hex, or by a piece symbol with an
// optional colour class and hex. A move written after a piece reference
// (~gL5-H6+^) is left as plain text.
func tildeRef(text string, i int) ref {
	j := i + 1
	if n, ok := hexAt(text, j); n > 0 {
		r := ref{kind: refHex, start: i, end: j + n}
		if !ok {
			r.problem = text[j:j+n] + " is not a hex of the board"
		}
		return r
	}
	if j >= len(text) {
		return ref{kind: refHex, start: i, end: j, problem: "~ must be followed by a hex or a piece"}
	}
	sym, size := utf8.DecodeRuneInString(text[j:])
	if k, _, _ := cescacs.StandardAlphabet().Lookup(sym); k == cescacs.NoKind {
		end := j
		if sym != ' ' && sym != '\t' && sym != '\n' && sym != '\r' && sym != '}' {
			end += size
		}
		return ref{kind: refHex, start: i, end: max(end, i+1), problem: "~ must be followed by a hex (~F14) or a piece (~K, ~J[d], ~gL5)"}
	}
	r := ref{kind: refPiece, start: i, sym: sym, symStart: j, symEnd: j + size}
	j += size
	if j < len(text) && text[j] == '[' {
		if j+2 < len(text) && strings.IndexByte("dlc", text[j+1]) >= 0 && text[j+2] == ']' {
			j += 3
		} else {
			end := j + 1
			if k := strings.IndexByte(text[j:min(len(text), j+6)], ']'); k >= 0 {
				end = j + k + 1
			}
			r.end, r.problem = end, "the colour class after a piece is [d] (dark), [l] (light) or [c] (coloured)"
			return r
		}
	}
	if n, ok := hexAt(text, j); n > 0 {
		if !ok {
			r.end, r.problem = j+n, text[j:j+n]+" is not a hex of the board"
			return r
		}
		j += n
	}
	r.end = j
	return r
}

// number reads digits at i; the value is -1 when it has more than six.
func number(text string, i int) (v, end int) {
	end = i
	for end < len(text) && isDigit(text[end]) {
		end++
	}
	if end-i > 6 {
		return -1, end
	}
	for _, c := range text[i:end] {
		v = v*10 + int(c-'0')
	}
	return v, end
}

// hashRef reads "#N" with its optional path and side, or "#N.k".
func hashRef(text string, i int) ref {
	num, j := number(text, i+1)
	if j+1 < len(text) && text[j] == '.' && isDigit(text[j+1]) {
		n, end := number(text, j+1)
		return ref{kind: refVar, start: i, end: end, path: []varLabel{{num, n}}}
	}
	r := ref{kind: refMove, start: i, num: num, name: text[i:j]}
	if j < len(text) && text[j] == '[' {
		k := j + 1
		for k < len(text) && text[k] == '#' {
			m, e := number(text, k+1)
			if e == k+1 || e+1 >= len(text) || text[e] != '.' || !isDigit(text[e+1]) {
				break
			}
			n, e2 := number(text, e+1)
			r.path = append(r.path, varLabel{m, n})
			k = e2
		}
		if k >= len(text) || text[k] != ']' || len(r.path) == 0 {
			r.end, r.problem = max(k, j+1), "a variation path is written [#12.2] (innermost variation first: [#14.1#12.2])"
			return r
		}
		j = k + 1
	}
	if strings.HasPrefix(text[j:], "@W") || strings.HasPrefix(text[j:], "@B") {
		r.side = text[j+1]
		j += 2
	}
	r.end = j
	return r
}
