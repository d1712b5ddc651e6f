package lsp

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// documentParams is the params of requests about a whole document.
type documentParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
}

// document decodes params naming a document and returns it: the version
// ctx pins (a background request's), else the current one.
func (s *server) document(ctx context.Context, params json.RawMessage) (*session.Document, error) {
	var p documentParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	if doc, ok := ctx.Value(pinnedKey{}).(*session.Document); ok && protocol.DocumentURI(doc.URI) == p.TextDocument.URI {
		return doc, nil // a background request's version
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	return doc, nil
}

// outlineMemo is the outline of each open document (query.Outline), which
// the analysis fills for a client that asks for it (see initialize).
var outlineMemo = session.NewChunkMemo(func() *query.Outline { return new(query.Outline) }, query.OutlineOf)

// documentSymbol answers with the document's query.Outline: a tree of DocumentSymbol, or
// a flat list of SymbolInformation for clients without hierarchy support.
func (s *server) documentSymbol(ctx context.Context, params json.RawMessage) (any, error) {
	doc, err := s.document(ctx, params)
	if err != nil {
		return nil, err
	}
	m := mapper{doc.File}
	placed, err := outlineMemo.Of(doc).Symbols(ctx, doc.File)
	if err != nil {
		return nil, err
	}
	var uri []byte // for flat symbols
	if !s.client.hierarchical {
		uri = wire.AppendString(nil, doc.URI)
	}
	return json.RawMessage(encodeSymbols(m, placed, uri)), nil
}

// encodeSymbols returns the JSON of the symbols placed: an array of
// DocumentSymbol, or with uri (the document's, encoded) of
// SymbolInformation. Encoded by hand: a big database has tens of
// thousands of symbols, and their protocol values and reflection cost
// most of the answer.
func encodeSymbols(m mapper, placed []query.Placed, uri []byte) []byte {
	n := 2
	for _, p := range placed {
		n += symbolsSize(p.Symbols, len(uri))
	}
	b := append(make([]byte, 0, n), '[')
	for _, p := range placed {
		if uri == nil {
			b = appendSymbols(b, m, p.Base, p.Symbols)
		} else {
			b = appendSymbolInformation(b, m, uri, p.Base, p.Symbols, "")
		}
	}
	return append(b, ']')
}

// symbolsSize returns about the size of the JSON of syms and their
// descendants (with uri, of that length, as SymbolInformation), rather
// more than less: tens of thousands of symbols make megabytes, and an
// append beyond the room allocated would double it.
func symbolsSize(syms []query.Symbol, uri int) int {
	const fixed = len(`{"name":"","detail":"","kind":26,"range":{"start":{"line":1000000,"character":100},"end":{"line":1000000,"character":100}},"selectionRange":{"start":{"line":1000000,"character":100},"end":{"line":1000000,"character":100}},"children":[]},`)
	n := 0
	for _, x := range syms {
		// A name or detail escaped grows; few are.
		n += fixed + uri + (len(x.Name)+len(x.Detail))*9/8 + symbolsSize(x.Children, uri)
	}
	return n
}

// appendSymbols appends syms, whose spans count from base, as elements of
// the JSON of a DocumentSymbol array, as encoding/json writes
// []protocol.DocumentSymbol (TestAppendSymbols), after the array's '['
// or an element.
func appendSymbols(b []byte, m mapper, base syntax.Pos, syms []query.Symbol) []byte {
	for _, x := range syms {
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = wire.AppendString(b, x.Name)
		if x.Detail != "" {
			b = append(b, `,"detail":`...)
			b = wire.AppendString(b, x.Detail)
		}
		b = append(b, `,"kind":`...)
		b = strconv.AppendInt(b, int64(symbolKind(x.Kind)), 10)
		b = append(b, `,"range":`...)
		b = wire.AppendRange(b, m.rangeOf(x.Span.Shift(base)))
		b = append(b, `,"selectionRange":`...)
		b = wire.AppendRange(b, m.rangeOf(x.Selection.Shift(base)))
		if len(x.Children) > 0 {
			b = append(b, `,"children":[`...)
			b = append(appendSymbols(b, m, base, x.Children), ']')
		}
		b = append(b, '}')
	}
	return b
}

// appendSymbolInformation appends syms, whose spans count from base, and
// their descendants as elements of the JSON of a flat SymbolInformation
// array, each with container as its container name and each child with
// its parent's name, as encoding/json writes []protocol.SymbolInformation
// (TestAppendSymbols), after the array's '[' or an element; uri is the
// document's URI, encoded.
func appendSymbolInformation(b []byte, m mapper, uri []byte, base syntax.Pos, syms []query.Symbol, container string) []byte {
	for _, x := range syms {
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = wire.AppendString(b, x.Name)
		b = append(b, `,"kind":`...)
		b = strconv.AppendInt(b, int64(symbolKind(x.Kind)), 10)
		b = append(b, `,"location":{"uri":`...)
		b = append(b, uri...)
		b = append(b, `,"range":`...)
		b = wire.AppendRange(b, m.rangeOf(x.Span.Shift(base)))
		b = append(b, '}')
		if container != "" {
			b = append(b, `,"containerName":`...)
			b = wire.AppendString(b, container)
		}
		b = append(b, '}')
		b = appendSymbolInformation(b, m, uri, base, x.Children, x.Name)
	}
	return b
}

func symbolKind(k query.SymbolKind) protocol.SymbolKind {
	if k == query.SymbolVariation {
		return protocol.SymbolKindNamespace
	}
	return protocol.SymbolKindModule
}

// foldingRange answers with the folds of the document's query.Outline, as whole lines: a fold ends on
// the line of its last character.
func (s *server) foldingRange(ctx context.Context, params json.RawMessage) (any, error) {
	doc, err := s.document(ctx, params)
	if err != nil {
		return nil, err
	}
	folds, err := outlineMemo.Of(doc).Folds(ctx, doc.File)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(encodeFolds(mapper{doc.File}, folds)), nil
}

// encodeFolds returns the JSON of folds as an array of FoldingRange, as
// encoding/json writes []protocol.FoldingRange (TestEncodeFolds). Clients
// fold whole lines, hiding those after the first through the last: a
// fold whose last line goes on after it (a variation followed by a
// comment, a comment by moves) ends on the line before, as rust-analyzer
// does, or VS Code would drop the fold that starts on that line and hide
// what follows it; a fold left with one line is left out. Encoded by
// hand, as symbols are: a big database has a hundred thousand folds.
func encodeFolds(m mapper, folds []query.Fold) []byte {
	const most = len(`{"startLine":4294967295,"endLine":4294967295,"kind":"comment"},`)
	b := append(make([]byte, 0, 2+most*len(folds)), '[')
	for _, fd := range folds {
		start, end := foldLines(m, fd.Span)
		if end <= start {
			continue
		}
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = append(b, `{"startLine":`...)
		b = strconv.AppendUint(b, uint64(start), 10)
		b = append(b, `,"endLine":`...)
		b = strconv.AppendUint(b, uint64(end), 10)
		kind := protocol.RegionFoldingRange
		if fd.Kind == query.FoldComment {
			kind = protocol.CommentFoldingRange
		}
		b = append(b, `,"kind":"`...)
		b = append(b, kind...)
		b = append(b, `"}`...)
	}
	return append(b, ']')
}

// foldLines returns the first and last lines a client may fold for the
// span sp (see encodeFolds): the last is the line before sp's end when sp
// ends with a line break or is followed by more than blanks on its line.
func foldLines(m mapper, sp syntax.Span) (start, end uint32) {
	s, e := m.position(sp.Start), m.position(sp.End)
	if e.Line > s.Line && (e.Character == 0 || strings.TrimSpace(m.f.Slice(syntax.Span{Start: sp.End, End: m.f.LineEnd(int(e.Line) + 1)})) != "") {
		e.Line--
	}
	return s.Line, e.Line
}

// selectionRangeParams is SelectionRangeParams.
type selectionRangeParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Positions    []protocol.Position             `json:"positions"`
}

// selectionRange answers with query.SelectionChain for each position: a
// SelectionRange whose parents are the ever larger enclosing spans.
func (s *server) selectionRange(_ context.Context, params json.RawMessage) (any, error) {
	var p selectionRangeParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	m := mapper{doc.File}
	out := make([]*protocol.SelectionRange, 0, len(p.Positions))
	for _, pos := range p.Positions {
		off, _ := m.offset(pos)
		chain := query.SelectionChain(doc.File, off)
		if len(chain) == 0 {
			chain = []syntax.Span{{Start: off, End: off}} // the answer must hold one range per position
		}
		var sel *protocol.SelectionRange
		for i := len(chain) - 1; i >= 0; i-- { // outermost first
			r := m.rangeOf(chain[i])
			if sel != nil && sel.Range == r {
				continue
			}
			sel = &protocol.SelectionRange{Range: r, Parent: sel}
		}
		out = append(out, sel)
	}
	return out, nil
}
