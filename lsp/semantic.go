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

// Semantic tokens use the query package's token types as the legend, in
// order, and one modifier, "variation", on tokens inside a variation.

// modVariation is the bit of the "variation" modifier.
const modVariation = 1

func semanticLegend() protocol.SemanticTokensLegend {
	var types []protocol.SemanticTokenTypes
	for _, t := range query.TokenTypes() {
		types = append(types, protocol.SemanticTokenTypes(t))
	}
	return protocol.SemanticTokensLegend{TokenTypes: types, TokenModifiers: []protocol.SemanticTokenModifiers{"variation"}}
}

// semanticTokensRangeParams is SemanticTokensRangeParams.
type semanticTokensRangeParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

// fullTokensMax is the size, in bytes, of the biggest document whose
// semantic tokens are answered whole (textDocument/semanticTokens/full):
// a document has about three numbers of them per byte, so those of a
// 20 MB document (60 million numbers, hundreds of MB of JSON) would cost
// seconds and many times the document's memory. Past it the answer is
// null, and clients color what they show with semanticTokens/range, as
// VS Code does when a document has no complete tokens.
const fullTokensMax = 1 << 20

func (s *server) semanticTokensFull(ctx context.Context, params json.RawMessage) (any, error) {
	doc, err := s.document(ctx, params)
	if err != nil {
		return nil, err
	}
	if doc.File.Len() > fullTokensMax {
		return nil, nil
	}
	return semanticTokens(ctx, doc, syntax.Span{Start: 0, End: doc.File.Len()})
}

func (s *server) semanticTokensRange(ctx context.Context, params json.RawMessage) (any, error) {
	var p semanticTokensRangeParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	return semanticTokens(ctx, doc, mapper{doc.File}.span(p.Range))
}

// semanticTokens encodes the tokens of query.SemanticTokens within span:
// five numbers per token, line and start relative to the previous token.
// Tokens come in order, so positions are converted with the mapper of the
// game at hand.
func semanticTokens(ctx context.Context, doc *session.Document, within syntax.Span) (*protocol.SemanticTokens, error) {
	f := doc.File
	data := []uint32{}
	var line, char uint32
	var cur syntax.GameRef
	var gm gameMapper
	if within.Start == within.End {
		data, _, _, _, _ = appendSemanticTokens(data, f, query.SemanticTokens(f, within), line, char, cur, gm)
		return &protocol.SemanticTokens{Data: data}, nil
	}
	// Chunk by chunk, so that a cancelled request over a big document
	// stops early (a chunk starts a game: no token spans two).
	for _, ref := range f.Chunks() {
		end := ref.Start + ref.Chunk.GameSpan(ref.Chunk.Len()-1).End
		piece := syntax.Span{Start: max(within.Start, ref.Start), End: min(within.End, end)}
		if piece.Start >= piece.End {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, line, char, cur, gm = appendSemanticTokens(data, f, query.SemanticTokens(f, piece), line, char, cur, gm)
	}
	return &protocol.SemanticTokens{Data: data}, nil
}

// appendSemanticTokens appends the encoding of toks to data, after a
// token at line and char (see semanticTokens); cur and gm are the game of
// the last token and its mapper.
func appendSemanticTokens(data []uint32, f *syntax.File, toks []query.SemToken, line, char uint32, cur syntax.GameRef, gm gameMapper) ([]uint32, uint32, uint32, syntax.GameRef, gameMapper) {
	for _, t := range toks {
		if cur.Game == nil || t.Span.Start < cur.Start || t.Span.End > cur.End() {
			k := f.GameAt(t.Span.Start)
			if k < 0 || f.Game(k).End() < t.Span.End {
				continue // not within one game: not a token query gives
			}
			cur = f.Game(k)
			gm = newGameMapper(mapper{f}.position(cur.Start), cur.Game.Text)
		}
		rel := t.Span.Shift(-cur.Start)
		start := gm.position(rel.Start)
		n := gm.units(rel)
		if n == 0 || start.Line < line || start.Line == line && start.Character < char {
			continue // empty, or out of order: not encodable
		}
		dl, dc := start.Line-line, start.Character
		if dl == 0 {
			dc -= char
		}
		mods := uint32(0)
		if t.Depth > 0 {
			mods = modVariation
		}
		data = append(data, dl, dc, n, uint32(t.Type), mods)
		line, char = start.Line, start.Character
	}
	return data, line, char, cur, gm
}
