package lsp

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// encodeCache keeps the JSON of the diagnostics of each game of one
// publication of a document for the next (most games of a big document
// neither change nor move between two keystrokes), and a buffer for the
// next publication. Its mutex is held from encoding to sending.
type encodeCache struct {
	mu        sync.Mutex
	catalogue string
	last      map[encodeKey]encoded
	next      map[encodeKey]encoded
	buf       []byte
}

// encodeKey identifies the diagnostics of a game: the same selection of
// its results at the same position.
type encodeKey struct {
	from session.Key
	base protocol.Position
}

// encoded is the JSON of a game's diagnostics, without brackets, and
// how many it holds.
type encoded struct {
	json []byte
	n    int
}

// encode appends to b the JSON array of the LSP diagnostics of doc for
// groups, in order: each group sorted, exact duplicates removed; never
// null; each code a string linked to catalogue plus the code (no link
// when catalogue is ""). It also returns how many it encoded.
//
// It writes the JSON by hand, field for field as encoding/json writes
// protocol.Diagnostic (a test holds it to that), converts the spans of a
// game with that game's gameMapper, and takes the JSON of the games whose
// diagnostics and position did not change from the previous call: a big
// document publishes thousands of diagnostics per keystroke, and
// reflection, searches of the whole file's line table and encoding them
// all again were the largest costs of an edit.
func (c *encodeCache) encode(b []byte, doc *document, groups []session.Group, catalogue string) (_ []byte, n int) {
	m := mapper{doc.File}
	uri := appendString(nil, doc.URI)
	if c.catalogue != catalogue {
		clear(c.last)
		c.catalogue = catalogue
	}
	if c.next == nil {
		c.next = make(map[encodeKey]encoded, len(groups))
	}
	b = append(b, '[')
	for _, g := range groups {
		if g.File {
			b, n = appendDiagnostics(b, n, uri, g.Diagnostics(), m.rangeOf, catalogue)
			continue
		}
		base := m.position(g.Span.Start)
		key := encodeKey{g.Key(), base}
		e, ok := c.last[key]
		if !ok {
			e.json, e.n = appendDiagnostics(nil, 0, uri, g.Diagnostics(), newGameMapper(base, doc.File.Slice(g.Span)).rangeOf, catalogue)
		}
		c.next[key] = e
		if e.n > 0 {
			if n > 0 {
				b = append(b, ',')
			}
			b = append(b, e.json...)
			n += e.n
		}
	}
	c.last, c.next = c.next, c.last
	clear(c.next)
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
