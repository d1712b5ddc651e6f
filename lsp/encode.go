package lsp

import (
	"slices"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
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
	parts     []encoded // of the groups of a publication, reused
	buf       []byte
}

// encodeKey identifies the diagnostics of a game: the same selection of
// its results at the same position.
type encodeKey struct {
	from session.Key
	base protocol.Position
}

// encoded is the JSON of a game's diagnostics, without brackets, its
// errors apart from the others, and how many each holds.
type encoded struct {
	errs, rest []byte
	nErrs      int
	nRest      int
}

// encode appends to b the JSON array of the LSP diagnostics of doc for
// groups: the errors first, then the others, each part in the order of
// groups, each group sorted, exact duplicates removed; never null; each
// code a string linked to catalogue plus the code (no link when
// catalogue is ""). It also returns how many it encoded. The errors come
// first because VS Code draws the squiggles of the first 500 diagnostics
// of a file only (its marker decorations read 500): in a big file the
// errors must be among them wherever they are.
//
// It writes each diagnostic with wire.AppendDiagnostic (by hand, as
// encoding/json writes protocol.Diagnostic), converts the spans of a
// game with that game's gameMapper, and takes the JSON of the games whose
// diagnostics and position did not change from the previous call: a big
// document publishes thousands of diagnostics per keystroke, and
// reflection, searches of the whole file's line table and encoding them
// all again were the largest costs of an edit.
func (c *encodeCache) encode(b []byte, doc *session.Document, groups []session.Group, catalogue string) (_ []byte, n int) {
	m := mapper{doc.File}
	uri := protocol.DocumentURI(doc.URI)
	if c.catalogue != catalogue {
		clear(c.last)
		c.catalogue = catalogue
	}
	if c.next == nil {
		c.next = make(map[encodeKey]encoded, len(groups))
	}
	parts := slices.Grow(c.parts[:0], len(groups))[:len(groups)]
	defer func() { c.parts = parts[:0] }()
	for i, g := range groups {
		if g.File {
			ds := g.Diagnostics()
			parts[i].errs, parts[i].nErrs = appendDiagnostics(nil, 0, uri, ds, true, m.rangeOf, catalogue)
			parts[i].rest, parts[i].nRest = appendDiagnostics(nil, 0, uri, ds, false, m.rangeOf, catalogue)
			continue
		}
		base := m.position(g.Span.Start)
		key := encodeKey{g.Key(), base}
		e, ok := c.last[key]
		if !ok {
			ds := g.Diagnostics()
			conv := newGameMapper(base, doc.File.Slice(g.Span)).rangeOf
			e.errs, e.nErrs = appendDiagnostics(nil, 0, uri, ds, true, conv, catalogue)
			e.rest, e.nRest = appendDiagnostics(nil, 0, uri, ds, false, conv, catalogue)
		}
		c.next[key] = e
		parts[i] = e
	}
	b = append(b, '[')
	add := func(json []byte, k int) {
		if k > 0 {
			if n > 0 {
				b = append(b, ',')
			}
			b = append(b, json...)
			n += k
		}
	}
	for _, e := range parts {
		add(e.errs, e.nErrs)
	}
	for _, e := range parts {
		add(e.rest, e.nRest)
	}
	c.last, c.next = c.next, c.last
	clear(c.next)
	return append(b, ']'), n
}

// appendDiagnostics appends the JSON of the errors (errs) or of the
// other diagnostics of the sorted ds, whose spans conv converts, after n
// others, and returns the new count.
func appendDiagnostics(b []byte, n int, uri protocol.DocumentURI, ds []analysis.Diagnostic, errs bool, conv func(syntax.Span) protocol.Range, catalogue string) ([]byte, int) {
	var w wire.Diagnostic
	var related []protocol.DiagnosticRelatedInformation
	for i, x := range ds {
		if (severity(x.Severity) == protocol.DiagnosticSeverityError) != errs || i > 0 && sameDiagnostic(ds[i-1], x) {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		w = wire.Diagnostic{Range: conv(x.Span), Severity: severity(x.Severity), Code: string(x.Code), Source: x.Source, Message: x.Message}
		if x.Code != "" && catalogue != "" {
			w.Href = catalogue + string(x.Code)
		}
		if w.Source == "" {
			w.Source = "pgnls"
		}
		if len(x.Related) > 0 {
			related = related[:0]
			for _, r := range x.Related {
				related = append(related, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: uri, Range: conv(r.Span)}, Message: r.Msg})
			}
			w.Related = related
		}
		b = wire.AppendDiagnostic(b, &w)
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
