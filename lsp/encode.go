package lsp

import (
	"strconv"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// encodeDiagnostics returns the JSON array of the LSP diagnostics of doc
// for groups, in order: each group sorted, exact duplicates removed; never
// null; each code a string linked to catalogue plus the code (no link
// when catalogue is ""). It also returns how many it encoded.
//
// It writes the JSON by hand, field for field as encoding/json writes
// protocol.Diagnostic (a test holds it to that), and converts the spans
// of a game with that game's gameMapper: a big document publishes
// thousands of diagnostics per keystroke, and reflection and searches
// of the whole file's line table made encoding them the largest cost of
// an edit.
func encodeDiagnostics(doc *document, groups []group, catalogue string) (data []byte, n int) {
	m := mapper{doc.file}
	uri := appendString(nil, string(doc.uri))
	size := 0
	for _, g := range groups {
		size += len(g.ds)
	}
	b := make([]byte, 0, 64+250*size)
	b = append(b, '[')
	for _, g := range groups {
		if len(g.ds) == 0 {
			continue
		}
		var conv func(syntax.Span) protocol.Range
		if g.file {
			analysis.Sort(g.ds)
			conv = m.rangeOf
		} else {
			conv = newGameMapper(m, g.span.Start, doc.file.Slice(g.span)).rangeOf
		}
		b, n = appendDiagnostics(b, n, uri, g.ds, conv, catalogue)
	}
	return append(b, ']'), n
}

// appendDiagnostics appends the JSON of the sorted diagnostics ds, whose
// spans conv converts, after n others, and returns the new count.
func appendDiagnostics(b []byte, n int, uri []byte, ds []analysis.Diagnostic, conv func(syntax.Span) protocol.Range, catalogue string) ([]byte, int) {
	for i, x := range ds {
		if i > 0 && sameDiagnostic(ds[i-1], x) {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, `{"range":`...)
		b = appendRange(b, conv(x.Span))
		b = append(b, `,"severity":`...)
		b = strconv.AppendInt(b, int64(severity(x.Severity)), 10)
		b = append(b, `,"code":`...)
		b = appendString(b, string(x.Code))
		if x.Code != "" && catalogue != "" {
			b = append(b, `,"codeDescription":{"href":`...)
			b = appendString(b, catalogue+string(x.Code))
			b = append(b, '}')
		}
		source := x.Source
		if source == "" {
			source = "pgnls"
		}
		b = append(b, `,"source":`...)
		b = appendString(b, source)
		b = append(b, `,"message":`...)
		b = appendString(b, x.Message)
		if len(x.Related) > 0 {
			b = append(b, `,"relatedInformation":[`...)
			for j, r := range x.Related {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"location":{"uri":`...)
				b = append(b, uri...)
				b = append(b, `,"range":`...)
				b = appendRange(b, conv(r.Span))
				b = append(b, `},"message":`...)
				b = appendString(b, r.Msg)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return b, n
}

func sameDiagnostic(a, b analysis.Diagnostic) bool {
	return a.Span == b.Span && a.Code == b.Code && a.Severity == b.Severity && a.Message == b.Message && a.Source == b.Source
}

// severity maps a severity to LSP's; an unknown one is an error.
func severity(s analysis.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analysis.Warning:
		return protocol.DiagnosticSeverityWarning
	case analysis.Info:
		return protocol.DiagnosticSeverityInformation
	case analysis.Hint:
		return protocol.DiagnosticSeverityHint
	}
	return protocol.DiagnosticSeverityError
}

// appendRange appends the JSON of an LSP range.
func appendRange(b []byte, r protocol.Range) []byte {
	b = append(b, `{"start":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Character), 10)
	b = append(b, `},"end":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.End.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.End.Character), 10)
	return append(b, `}}`...)
}

// appendString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML characters included; invalid UTF-8 becomes U+FFFD).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
