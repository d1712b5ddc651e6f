package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
)

// completionTriggers start completion without the user asking: a tag
// name after "[", a tag value after a quote, a NAG after "$", a move
// after a move number's period.
var completionTriggers = []string{"[", "\"", "$", "."}

// completion answers with query.Complete. Each item replaces the text
// query gives (the word being typed) by its insert text.
func (s *server) completion(_ context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	if s.damageOf(doc).lost > 0 {
		// No edit of a document whose save would destroy characters.
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	m := mapper{doc.File}
	opts := s.queryOptions()
	if s.client.docMarkdown {
		opts.Markup = query.Markdown
	}
	items := query.Complete(doc.File, off, opts)
	out := make([]protocol.CompletionItem, 0, len(items))
	for _, it := range items {
		text := it.InsertText
		if text == "" {
			text = it.Label
		}
		ci := protocol.CompletionItem{
			Label:    it.Label,
			Kind:     itemKind(it.Kind),
			Detail:   it.Detail,
			SortText: it.SortText,
			TextEdit: &protocol.TextEdit{Range: m.rangeOf(it.Replace), NewText: text},
		}
		if it.Snippet != "" && s.client.snippets {
			ci.TextEdit.NewText = it.Snippet
			ci.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		if it.Documentation != "" {
			kind := protocol.PlainText
			if opts.Markup != query.PlainText {
				kind = protocol.Markdown
			}
			ci.Documentation = protocol.MarkupContent{Kind: kind, Value: it.Documentation}
		}
		out = append(out, ci)
	}
	return &protocol.CompletionList{Items: out}, nil
}

func itemKind(k query.ItemKind) protocol.CompletionItemKind {
	switch k {
	case query.ItemTag:
		return protocol.CompletionItemKindProperty
	case query.ItemTagValue:
		return protocol.CompletionItemKindValue
	case query.ItemNAG:
		return protocol.CompletionItemKindConstant
	case query.ItemGlyph:
		return protocol.CompletionItemKindOperator
	}
	return protocol.CompletionItemKindFunction // a move
}
