// Package linelength checks line lengths against the PGN limits (255
// characters with the newline for import format, 79 for export format)
// and reports characters that PGN does not allow (ISO 8859-1 127..159,
// C1 controls).
package linelength

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer.
const (
	CodeTooLong      = analysis.Code("line-too-long")
	CodeImportLimit  = analysis.Code("line-over-import-limit")
	CodeDisallowed   = analysis.Code("disallowed-character")
	defaultExport    = 79
	defaultImportMax = 255
)

// Analyzer checks the lines of each game.
var Analyzer = &analysis.Analyzer{
	Name: "linelength",
	Doc:  "Line length and character set checks.",
	Codes: []analysis.CodeInfo{
		{Code: CodeTooLong, Severity: analysis.Warning, Layout: true, Doc: "A line is longer than the export-format limit (79 characters, setting pgnls.lineLength). pgnls fmt rewraps movetext; long tag values and unbreakable comment words stay. A CTL-PGN PDTL tag line is never too long."},
		{Code: CodeImportLimit, Severity: analysis.Warning, Doc: "A line is longer than 255 characters counting its newline (so more than 254 before it), the import-format limit of the PGN standard. Common readers (pgn-extract, python-chess, lichess) read longer lines, and lichess writes a whole game on one; pgnls fmt wraps them. CTL-PGN sets no limit."},
		{Code: CodeDisallowed, Severity: analysis.Warning, Doc: "A character in the range 127..159 (DEL and the C1 controls, or Windows-1252 punctuation in a Latin-1 file) that the PGN standard does not allow."},
	},
	Run: run,
}

func limits(cfg *analysis.Config) (export, max int) {
	export, max = cfg.LineLength, cfg.MaxLineLength
	if export == 0 {
		export = defaultExport
	}
	if max == 0 {
		max = defaultImportMax
	}
	return export, max
}

func run(p *analysis.Pass) {
	export, max := limits(p.Config)
	// Skip what would be dropped: the width is export-format layout, and
	// CTL-PGN has no import limit.
	if !p.Enabled(CodeTooLong, analysis.Warning) {
		export = -1
	}
	if !p.Enabled(CodeImportLimit, analysis.Warning) || p.Dialect == syntax.CTLPGN {
		max = -1
	}
	if export < 0 && max < 0 && !p.Enabled(CodeDisallowed, analysis.Warning) {
		return
	}
	text := p.Game.Text
	if crBeforeLF(text) {
		switch {
		case isASCII(text):
			// Most games: one character per byte, nothing disallowed
			// (the control characters below 128 are syntax errors
			// already) and lines that end at "\n": only their lengths
			// matter, and the search for the line ends is the fast one.
			checkASCII(p, text, export, max, true)
			return
		case utf8.ValidString(text) && strings.IndexByte(text, 0xC2) < 0:
			// Valid UTF-8 without U+0080..U+00BF (C'escacs records with
			// their × and ∞): nothing disallowed, and no line has more
			// characters than bytes, so only the lines with more bytes
			// than a limit are counted.
			checkASCII(p, text, export, max, false)
			return
		}
	}
	checkLines(p, text, export, max)
}

// checkLines checks every line of text, whatever its bytes and line ends.
func checkLines(p *analysis.Pass, text string, export, max int) {
	onlyLF := strings.IndexByte(text, '\r') < 0 // the vectorised search finds the ends
	start := 0
	for start < len(text) {
		end := start
		if onlyLF {
			if end = strings.IndexByte(text[start:], '\n'); end < 0 {
				end = len(text)
			} else {
				end += start
			}
		}
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		checkLine(p, text, start, end, end < len(text), export, max)
		if end < len(text) && text[end] == '\r' && end+1 < len(text) && text[end+1] == '\n' {
			end++
		}
		start = end + 1
	}
}

// checkLine checks text[start:end], one line without its terminator;
// terminated tells whether a line terminator follows.
func checkLine(p *analysis.Pass, text string, start, end int, terminated bool, export, max int) {
	if isASCII(text[start:end]) {
		// Most lines: one character per byte and nothing disallowed
		// (the control characters below 128 are syntax errors already).
		report(p, text[start:end], start+export, end, end-start, terminated, export, max)
		return
	}
	if line := text[start:end]; utf8.ValidString(line) && strings.IndexByte(line, 0xC2) < 0 {
		// Valid UTF-8 without the lead byte of U+0080..U+00BF: nothing
		// disallowed, only the number of characters matters.
		n, cut := utf8.RuneCountInString(line), -1
		if export > 0 && n > export {
			cut = start + charOffset(line, export)
		}
		report(p, line, cut, end, n, terminated, export, max)
		return
	}
	checkChars(p, text, start, end, terminated, export, max)
}

// checkChars is checkLine for any line: it decodes it character by
// character, a byte that is not UTF-8 being a Latin-1 character.
func checkChars(p *analysis.Pass, text string, start, end int, terminated bool, export, max int) {
	n := 0 // characters so far
	cut := -1
	for i := start; i < end; {
		r, size := utf8.DecodeRuneInString(text[i:end])
		if r == utf8.RuneError && size == 1 {
			r = rune(text[i]) // a Latin-1 byte
		}
		if r >= 0x80 && r <= 0x9F {
			p.Report(analysis.Diagnostic{
				Span: syntax.Span{Start: syntax.Pos(i), End: syntax.Pos(i + size)}, Severity: analysis.Warning, Code: CodeDisallowed,
				Message: "character " + strconv.QuoteRune(syntax.DecodeByte(byte(r))) + " (code " + strconv.Itoa(int(r)) + ") is in the range 127..159 that PGN does not allow",
			})
		}
		n++
		if export > 0 && n == export+1 {
			cut = i
		}
		i += size
	}
	report(p, text[start:end], cut, end, n, terminated, export, max)
}

// crBeforeLF reports whether every "\r" of text is followed by "\n" (there
// may be none): one search for '\r' per line of a CRLF text, none at all
// in an LF text.
func crBeforeLF(text string) bool {
	for i := strings.IndexByte(text, '\r'); i >= 0; {
		if i+1 >= len(text) || text[i+1] != '\n' {
			return false
		}
		j := strings.IndexByte(text[i+2:], '\r')
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return true
}

// checkASCII is checkLines for a text whose lines end at "\n" (with or
// without a "\r" before it) and that is ASCII or, when not ascii, valid
// UTF-8 with nothing disallowed: a line of no more bytes than a limit
// has no more characters either.
func checkASCII(p *analysis.Pass, text string, export, max int, ascii bool) {
	// No line of limit characters or fewer is reported; with its
	// newline, a line of max-1 characters is max long.
	limit := max - 1
	if max <= 0 {
		limit = -1
	}
	if export > 0 && (limit < 0 || export < limit) {
		limit = export
	}
	if limit < 0 {
		return
	}
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		next := start + end + 1
		terminated := end >= 0
		if !terminated {
			end, next = len(text)-start, len(text)
		}
		end += start
		if end > start && text[end-1] == '\r' && end < len(text) {
			end--
		}
		switch n := end - start; {
		case n <= limit:
		case ascii:
			report(p, text[start:end], start+export, end, n, terminated, export, max)
		default:
			checkLine(p, text, start, end, terminated, export, max)
		}
		start = next
	}
}

// charOffset returns the byte offset of character k of line (a byte that
// is not UTF-8 being a Latin-1 character), or len(line) if it has no more
// than k characters.
func charOffset(line string, k int) int {
	if isASCII(line) {
		return min(k, len(line))
	}
	i := 0
	for ; i < len(line) && k > 0; k-- {
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return i
}

// isASCII reports whether s has no byte of 128 or more, 32 and then
// eight bytes at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+32 <= len(s); i += 32 {
		w := s[i : i+32]
		if (word(w[:8])|word(w[8:16])|word(w[16:24])|word(w[24:]))&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if word(s[i:i+8])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// word returns the first eight bytes of w as a little-endian number:
// through a string of eight bytes, the compiler proves the indexes and
// makes one load of the eight.
func word(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// report reports a line of n characters (not counting its terminator, if
// terminated) that is over a limit, if it is; its part past the export
// limit is text[cut:end]. The import limit counts the line's newline (the
// standard's 255 characters include it); the export limit counts the
// characters before it.
func report(p *analysis.Pass, line string, cut, end, n int, terminated bool, export, max int) {
	withNewline, nl := n, ""
	if terminated {
		withNewline, nl = n+1, " and a newline"
	}
	if p.Dialect == syntax.CTLPGN && strings.HasPrefix(strings.TrimLeft(line, " \t"), "[PDTL ") {
		export = -1 // a position is one line, however long
	}
	overImport := max > 0 && withNewline > max
	if !overImport && (export <= 0 || n <= export) {
		return
	}
	if cut < 0 || export <= 0 || n <= export {
		// Past the import limit only: its characters past it (the
		// newline counts as one of the limit's).
		k := max
		if terminated {
			k--
		}
		cut = end - len(line) + charOffset(line, k)
	}
	sp := syntax.Span{Start: syntax.Pos(min(cut, end)), End: syntax.Pos(end)}
	switch {
	case overImport:
		p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: CodeImportLimit,
			Message: "line has " + strconv.Itoa(n) + " characters" + nl + ", more than the " + strconv.Itoa(max) + " PGN import format allows"})
	default:
		p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: CodeTooLong,
			Message: "line has " + strconv.Itoa(n) + " characters, more than " + strconv.Itoa(export)})
	}
}
