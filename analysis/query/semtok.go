package query

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// SemanticTokens classifies the tokens of f that intersect within (the
// zero Span means the whole file). Move tokens are split into their
// parts: Nxe4+ gives the piece N, the capture x, the square e4 and the
// check +. Multi-line comments give one token per line, and CTL-PGN
// comment references (~F14, @W, #14) get their own tokens. The result is
// sorted, and its spans do not overlap and do not cross lines.
func SemanticTokens(f *syntax.File, within syntax.Span) []SemToken {
	if f == nil || f.NumGames() == 0 {
		return nil
	}
	if within == (syntax.Span{}) {
		within.End = f.Len()
	}
	within.Start = max(within.Start, 0)
	within.End = min(within.End, f.Len())
	var out []SemToken
	for i := max(f.GameAt(within.Start), 0); i < f.NumGames(); i++ {
		r := f.Game(i)
		if r.Start >= within.End && i > 0 {
			break
		}
		out = gameTokens(out, f.Dialect, r, within)
	}
	return out
}

// tokenSink collects the semantic tokens of one game.
type tokenSink struct {
	out    []SemToken
	g      *syntax.Game
	base   syntax.Pos
	within syntax.Span
	depth  int
}

// emit adds a token for the game-relative span sp, split at line breaks.
func (s *tokenSink) emit(sp syntax.Span, t TokenType) {
	text := s.g.Text[sp.Start:sp.End]
	start := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != '\n' && text[i] != '\r' {
			continue
		}
		if i > start {
			abs := syntax.Span{Start: sp.Start + syntax.Pos(start), End: sp.Start + syntax.Pos(i)}.Shift(s.base)
			if abs.End > s.within.Start && abs.Start < s.within.End {
				s.out = append(s.out, SemToken{Span: abs, Type: t, Depth: s.depth})
			}
		}
		start = i + 1
	}
}

// emitParts adds the parts of the token at game-relative sp.
func (s *tokenSink) emitParts(sp syntax.Span, ps []part) {
	for _, p := range ps {
		s.emit(syntax.Span{Start: sp.Start + syntax.Pos(p.start), End: sp.Start + syntax.Pos(p.end)}, p.typ)
	}
}

// tokenType maps the token kinds that need no splitting; ok is false for
// the others and for those that get no semantic token.
func tokenType(k syntax.Kind) (t TokenType, ok bool) {
	switch k {
	case syntax.KLineComment, syntax.KEscape, syntax.KBraceComment:
		return TokComment, true
	case syntax.KTagOpen, syntax.KTagClose, syntax.KEllipsis, syntax.KComma, syntax.KDots:
		return TokPunctuation, true
	case syntax.KTagName:
		return TokTagName, true
	case syntax.KString:
		return TokTagValue, true
	case syntax.KMoveNumber:
		return TokMoveNumber, true
	case syntax.KGlyph:
		return TokGlyph, true
	case syntax.KNAG:
		return TokNAG, true
	case syntax.KVarOpen, syntax.KVarClose, syntax.KVarLabel:
		return TokVariation, true
	case syntax.KDrawOffer, syntax.KEndMark:
		return TokMark, true
	case syntax.KResult:
		return TokResult, true
	}
	return 0, false
}

func gameTokens(out []SemToken, d syntax.Dialect, r syntax.GameRef, within syntax.Span) []SemToken {
	g := r.Game
	var letters *cescacs.Alphabet
	if d == syntax.CTLPGN {
		letters = lettersOf(g)
	}
	var vars []syntax.Span // preorder, so sorted by start
	syntax.Inspect(g.Moves, func(e syntax.Elem) bool {
		if v, ok := e.(*syntax.Variation); ok {
			vars = append(vars, v.Span())
		}
		return true
	})
	s := &tokenSink{out: out, g: g, base: r.Start, within: within}
	var scratch []part
	var stack []syntax.Span
	vi := 0
	for _, t := range g.Tokens {
		if t.Kind.IsTrivia() || t.Kind == syntax.KError {
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].End <= t.Span.Start {
			stack = stack[:len(stack)-1]
		}
		for ; vi < len(vars) && vars[vi].Start <= t.Span.Start; vi++ {
			if vars[vi].End > t.Span.Start {
				stack = append(stack, vars[vi])
			}
		}
		abs := t.Span.Shift(r.Start)
		if abs.End <= within.Start || abs.Start >= within.End {
			continue
		}
		s.depth = len(stack)
		switch t.Kind {
		case syntax.KMove:
			scratch = parts(scratch[:0], d, g.Slice(t.Span), letters)
			s.emitParts(t.Span, scratch)
		case syntax.KBraceComment:
			if d == syntax.CTLPGN {
				text := g.Slice(t.Span)
				s.emitParts(t.Span, fillComment(refs(text), len(text)))
				break
			}
			fallthrough
		default:
			if tt, ok := tokenType(t.Kind); ok {
				s.emit(t.Span, tt)
			}
		}
	}
	return s.out
}

// fillComment adds TokComment parts for the gaps between sorted parts.
func fillComment(ps []part, n int) []part {
	out := fillMove(ps, n)
	for i := range out {
		if out[i].typ == TokMove {
			out[i].typ = TokComment
		}
	}
	return out
}
