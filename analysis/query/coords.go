package query

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// part is a classified piece of a token's text; offsets are relative to
// that text.
type part struct {
	start, end int
	typ        TokenType
}

// coord is a square (PGN) or hex (CTL-PGN) named in a text; offsets are
// relative to that text and key is the chess.Square or cescacs.Hex.
type coord struct {
	start, end int
	key        int
}

// parts splits the text of a move token into pieces, squares, capture
// and check marks for the dialect d, appending them to dst.
func parts(dst []part, d syntax.Dialect, s string, letters *cescacs.Alphabet) []part {
	if d == syntax.CTLPGN {
		return append(dst, ctlParts(s, letters)...)
	}
	return sanParts(dst, s)
}

// moveCoords returns the squares or hexes named in the text of a move.
func moveCoords(d syntax.Dialect, s string, letters *cescacs.Alphabet) []coord {
	var out []coord
	for _, p := range parts(nil, d, s, letters) {
		if p.typ != TokSquare {
			continue
		}
		if k, ok := parseCoord(d, s[p.start:p.end]); ok {
			out = append(out, coord{p.start, p.end, k})
		}
	}
	return out
}

// parseCoord reads a whole square or hex name.
func parseCoord(d syntax.Dialect, s string) (int, bool) {
	if d == syntax.CTLPGN {
		h, ok := cescacs.ParseHex(s)
		return int(h), ok
	}
	sq, ok := chess.ParseSquare(s)
	return int(sq), ok
}

// castlingLen returns the length of the castling that s starts with, in
// any spelling ParseSAN accepts (O, 0 or o, joined by a hyphen, an en
// dash or an em dash), or 0.
func castlingLen(s string) int {
	n, end, letters := 0, 0, 0
	for letters < 3 && n < len(s) && strings.IndexByte("O0o", s[n]) >= 0 {
		letters++
		end = n + 1
		if n = end + dashLen(s[end:]); n == end {
			break
		}
	}
	if letters < 2 {
		return 0
	}
	return end
}

// dashLen returns the length of the hyphen, en dash or em dash that s
// starts with, or 0.
func dashLen(s string) int {
	for _, d := range [...]string{"-", "–", "—"} {
		if strings.HasPrefix(s, d) {
			return len(d)
		}
	}
	return 0
}

// sanParts splits a SAN move (canonical or one of the spellings ParseSAN
// tolerates) lexically, appending the parts to dst. Bytes that fit no
// class become TokMove parts.
func sanParts(dst []part, s string) []part {
	out := dst
	first := len(dst)
	add := func(a, b int, t TokenType) {
		if n := len(out); n > first && out[n-1].end == a && out[n-1].typ == t && (t == TokMove || t == TokCheck) {
			out[n-1].end = b
			return
		}
		out = append(out, part{a, b, t})
	}
	i := castlingLen(s)
	switch {
	case i > 0:
		add(0, i, TokCastling)
	case strings.HasPrefix(s, "--"):
		add(0, 2, TokPunctuation)
		i = 2
	case s != "" && strings.IndexByte("KQRBNP", s[0]) >= 0:
		add(0, 1, TokPiece)
		i = 1
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t': // before an en passant mark: "exd6 e.p."
			i++
		case strings.HasPrefix(s[i:], "e.p."):
			add(i, i+4, TokCapture)
			i += 4
		case i > 0 && strings.HasPrefix(s[i:], "ep") && (i+2 == len(s) || s[i+2] == '+' || s[i+2] == '#'):
			add(i, i+2, TokCapture)
			i += 2
		case isFile(c) && i+1 < len(s) && isRank(s[i+1]):
			add(i, i+2, TokSquare)
			i += 2
		case isFile(c) || isRank(c):
			add(i, i+1, TokSquare)
			i++
		case c == 'x' || c == ':':
			add(i, i+1, TokCapture)
			i++
		case c == '+' || c == '#':
			add(i, i+1, TokCheck)
			i++
		case c == '=' || c == '-' || c == '(' || c == ')' || c == '/' || c == '@': // '@' of a crazyhouse drop
			add(i, i+1, TokPunctuation)
			i++
		case strings.IndexByte("KQRBNqrbn", c) >= 0:
			add(i, i+1, TokPiece)
			i++
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			t := TokMove
			if r, _ := utf8.DecodeRuneInString(s[i:]); r == '–' || r == '—' {
				t = TokPunctuation
			}
			add(i, i+n, t)
			i += n
		}
	}
	return out
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// ctlParts splits a CTL-AN move with the spans of cescacs.ParseMove; a
// text that does not parse is split lexically into hexes and the rest.
func ctlParts(s string, letters *cescacs.Alphabet) []part {
	n, _ := cescacs.ParseMove(s, letters)
	var out []part
	add := func(sp cescacs.Span, t TokenType) {
		if sp.Offset >= 0 && sp.Offset < sp.End && sp.End <= len(s) {
			out = append(out, part{sp.Offset, sp.End, t})
		}
	}
	end := 0
	switch n.Kind {
	case cescacs.NotationInvalid:
		for _, c := range hexCoords(s) {
			out = append(out, part{c.start, c.end, TokSquare})
		}
		return fillMove(out, len(s))
	case cescacs.NotationCastling:
		add(cescacs.Span{Offset: 0, End: n.ToSpan.End}, TokCastling)
	default:
		add(n.MoverSpan, TokPiece)
		add(n.FromSpan, TokSquare)
		if n.Kind == cescacs.NotationMove {
			t := TokCapture
			if n.Sep == cescacs.SepQuiet {
				t = TokPunctuation
			}
			add(n.SepSpan, t)
			add(n.VictimSpan, TokPiece)
			add(n.ToSpan, TokSquare)
		}
		if p := n.PromotionSpan; p.End > p.Offset {
			add(cescacs.Span{Offset: p.Offset, End: p.Offset + 1}, TokPunctuation)
			t := TokPiece
			if strings.HasPrefix(s[min(p.Offset+1, len(s)):], "&") {
				t = TokPunctuation
			}
			add(cescacs.Span{Offset: p.Offset + 1, End: p.End}, t)
		}
	}
	add(n.CheckSpan, TokCheck)
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	clean := out[:0]
	for _, p := range out {
		if p.start >= end {
			clean = append(clean, p)
			end = p.end
		}
	}
	return fillMove(clean, len(s))
}

// fillMove adds TokMove parts for the gaps between sorted parts, so that
// every byte of a move of n bytes is classified.
func fillMove(ps []part, n int) []part {
	var out []part
	at := 0
	for _, p := range ps {
		if p.start > at {
			out = append(out, part{at, p.start, TokMove})
		}
		out = append(out, p)
		at = p.end
	}
	if at < n {
		out = append(out, part{at, n, TokMove})
	}
	return out
}

// commentCoords returns the squares or hexes named in the text of a
// comment.
func commentCoords(d syntax.Dialect, s string) []coord {
	if d == syntax.CTLPGN {
		return hexCoords(s)
	}
	return squareCoords(s)
}

// isSANByte reports whether c may appear in a SAN word of a comment.
func isSANByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("=+#-", c) >= 0
}

// squareCoords finds the squares of a PGN comment: in words that are a
// square or a move that ParseSAN accepts ("e4", "Nxe4+", "exd5"), every
// file letter followed by a rank digit is a square.
func squareCoords(s string) []coord {
	var out []coord
	for i := 0; i < len(s); {
		if !isSANByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isSANByte(s[j]) {
			j++
		}
		w := s[i:j]
		_, isSq := chess.ParseSquare(w)
		if _, err := chess.ParseSAN(w); isSq || err == nil {
			for k := 0; k+1 < len(w); k++ {
				if sq, ok := chess.ParseSquare(w[k : k+2]); ok {
					out = append(out, coord{i + k, i + k + 2, int(sq)})
					k++
				}
			}
		}
		i = j
	}
	return out
}

// hexCoords finds the hexes named in a CTL-PGN text: a column letter and
// a line number not glued to other letters or digits, except that one
// piece symbol may precede it ("~EH4", "JF6-C15", "~gL5").
func hexCoords(s string) []coord {
	var out []coord
	for i := 0; i+1 < len(s); i++ {
		h, n, ok := hexAt(s, i)
		if !ok || !hexBoundary(s, i) {
			continue
		}
		out = append(out, coord{i, i + n, int(h)})
		i += n - 1
	}
	return out
}

// pieceLetters are the standard and alternative piece letters (§2.1).
const pieceLetters = "KDVRGNJEPABFLCSTWQkdvrgnjepabflcstwq"

// hexBoundary reports whether a hex name may start at s[i]: after a
// non-alphanumeric rune, or after a single piece letter that itself
// follows one.
func hexBoundary(s string, i int) bool {
	r, n := utf8.DecodeLastRuneInString(s[:i])
	if i == 0 || !isAlnum(r) {
		return true
	}
	if !strings.ContainsRune(pieceLetters, r) {
		return false
	}
	r2, _ := utf8.DecodeLastRuneInString(s[:i-n])
	return i-n == 0 || !isAlnum(r2)
}

func isAlnum(r rune) bool       { return unicode.IsLetter(r) || unicode.IsDigit(r) }
func isDigit(c byte) bool       { return c >= '0' && c <= '9' }
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// refs finds the references of a CTL-PGN comment (§8.7): "~" with a hex
// or piece ("~F14", "~EH4", "~J[d]", "~gL5"), "@W", "@B" and move
// references "#14", "#12.2", "#14@B".
func refs(s string) []part {
	var out []part
	for i := 0; i < len(s); i++ {
		start := i
		switch s[i] {
		case '~':
			j := i + 1
			if j < len(s) {
				if _, n, ok := hexAt(s, j); ok {
					j += n
				} else if r, n := utf8.DecodeRuneInString(s[j:]); r != utf8.RuneError && !unicode.IsSpace(r) && !unicode.IsPunct(r) && !isDigit(s[j]) {
					j += n
					if j+2 < len(s) && s[j] == '[' && s[j+2] == ']' && strings.IndexByte("dlc", s[j+1]) >= 0 {
						j += 3
					}
					if _, n, ok := hexAt(s, j); ok {
						j += n
					}
				}
			}
			if j > i+1 {
				out = append(out, part{start, j, TokReference})
				i = j - 1
			}
		case '@':
			if i+1 < len(s) && (s[i+1] == 'W' || s[i+1] == 'B') && (i+2 == len(s) || !isASCIILetter(s[i+2])) && (i == 0 || !isASCIILetter(s[i-1])) {
				out = append(out, part{start, i + 2, TokReference})
				i++
			}
		case '#':
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j == i+1 {
				continue
			}
			if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
				j++
				for j < len(s) && isDigit(s[j]) {
					j++
				}
			}
			if j+1 < len(s) && s[j] == '@' && (s[j+1] == 'W' || s[j+1] == 'B') {
				j += 2
			}
			out = append(out, part{start, j, TokReference})
			i = j - 1
		}
	}
	return out
}

// hexAt reads a hex name at s[i:] (column letter, line without leading
// zero) not followed by a digit or letter.
func hexAt(s string, i int) (cescacs.Hex, int, bool) {
	if i+1 >= len(s) || cescacs.ColumnIndex(s[i]) < 0 || !isDigit(s[i+1]) {
		return cescacs.NoHex, 0, false
	}
	j := i + 2
	if s[i+1] != '0' && j < len(s) && isDigit(s[j]) {
		j++
	}
	if j < len(s) && (isDigit(s[j]) || isASCIILetter(s[j])) {
		return cescacs.NoHex, 0, false
	}
	h, ok := cescacs.ParseHex(s[i:j])
	return h, j - i, ok
}
