package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// positionParams is TextDocumentPositionParams.
type positionParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     protocol.Position               `json:"position"`
}

// at decodes position params and returns the document and the byte
// offset they point at.
func (s *server) at(params json.RawMessage) (*session.Document, syntax.Pos, error) {
	var p positionParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, 0, err
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, 0, errNotOpen(p.TextDocument.URI)
	}
	off, _ := mapper{doc.File}.offset(p.Position)
	return doc, off, nil
}

// queryOptions returns the options of the query package from the settings.
func (s *server) queryOptions() query.Options {
	symbols := s.settings.symbols
	if symbols == "keep" {
		symbols = ""
	}
	return query.Options{Symbols: symbols}
}

// hover answers with query.HoverAt, in the markup the client shows.
func (s *server) hover(_ context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	opts := s.queryOptions()
	opts.Markup = s.hoverMarkup()
	h := query.HoverAt(doc.File, off, opts)
	if h == nil {
		return nil, nil
	}
	kind := protocol.PlainText
	if h.Markup != query.PlainText {
		kind = protocol.Markdown
	}
	r := mapper{doc.File}.rangeOf(h.Span)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: kind, Value: h.Text}, Range: &r}, nil
}

// hoverMarkup is what the client shows in hovers: Markdown when its
// hover.contentFormat has it, with board images when pgnls.hover.images
// is on, or auto and the client renders them.
func (s *server) hoverMarkup() query.Markup {
	switch {
	case !s.client.hoverMarkdown:
		return query.PlainText
	case s.settings.images == "on" || s.settings.images != "off" && s.client.vscode:
		return query.MarkdownImages
	}
	return query.Markdown
}

// documentHighlight answers with query.Highlights: the other places of
// what is under the cursor.
func (s *server) documentHighlight(_ context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	m := mapper{doc.File}
	out := []protocol.DocumentHighlight{}
	for _, sp := range query.Highlights(doc.File, off) {
		out = append(out, protocol.DocumentHighlight{Range: m.rangeOf(sp), Kind: protocol.DocumentHighlightKindText})
	}
	return out, nil
}
