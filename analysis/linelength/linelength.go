// Package linelength checks line lengths against the PGN limits (255
// characters for import format, 79 for export format) and reports
// characters that PGN does not allow (ISO 8859-1 127..159, C1 controls).
package linelength

import (
	"strconv"
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
		{Code: CodeTooLong, Severity: analysis.Warning, Doc: "A line is longer than the export-format limit (79 characters, setting pgnls.lineLength). pgnls fmt rewraps movetext; long tag values and unbreakable comment words stay."},
		{Code: CodeImportLimit, Severity: analysis.Error, Doc: "A line is longer than 255 characters, the import-format limit of the PGN standard; some readers truncate or reject it."},
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
	if !p.Wants(analysis.Warning) {
		export = -1 // its warnings would be dropped
	}
	text := p.Game.Text
	start := 0
	for start < len(text) {
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		checkLine(p, text, start, end, export, max)
		if end < len(text) && text[end] == '\r' && end+1 < len(text) && text[end+1] == '\n' {
			end++
		}
		start = end + 1
	}
}

// checkLine checks text[start:end], one line without its terminator.
func checkLine(p *analysis.Pass, text string, start, end, export, max int) {
	if isASCII(text[start:end]) {
		// Most lines: one character per byte and nothing disallowed
		// (the control characters below 128 are syntax errors already).
		if n := end - start; export > 0 && n > export || max > 0 && n > max {
			report(p, start+export, end, n, export, max)
		}
		return
	}
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
	if export > 0 && n > export || max > 0 && n > max {
		report(p, cut, end, n, export, max)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// report reports a line of n characters whose part past the export
// limit is text[cut:end].
func report(p *analysis.Pass, cut, end, n, export, max int) {
	if cut < 0 || export <= 0 {
		cut = end
	}
	sp := syntax.Span{Start: syntax.Pos(min(cut, end)), End: syntax.Pos(end)}
	switch {
	case max > 0 && n > max:
		p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Error, Code: CodeImportLimit,
			Message: "line has " + strconv.Itoa(n) + " characters, more than the " + strconv.Itoa(max) + " PGN import format allows"})
	case export > 0 && n > export:
		p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: CodeTooLong,
			Message: "line has " + strconv.Itoa(n) + " characters, more than " + strconv.Itoa(export)})
	}
}
