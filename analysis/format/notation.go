package format

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// Notations are the values of Options.Notation: how the writer writes
// the moves of PGN games.
var Notations = []string{"san", "lan", "uci", "figurine"}

// CheckNotation returns an error when notation (one of Notations, or ""
// for SAN) or lang (a key of chess.Languages, or "") is not known, or
// when both are given and lang does not apply.
func CheckNotation(notation, lang string) error {
	if notation != "" && !slices.Contains(Notations, notation) {
		return fmt.Errorf("unknown notation %q (want %s)", notation, strings.Join(Notations, ", "))
	}
	if lang == "" {
		return nil
	}
	if _, ok := chess.Languages[lang]; !ok {
		codes := make([]string, 0, len(chess.Languages))
		for c := range chess.Languages {
			codes = append(codes, c)
		}
		slices.Sort(codes)
		return fmt.Errorf("unknown language %q (want one of %s)", lang, strings.Join(codes, " "))
	}
	if notation == "uci" || notation == "figurine" {
		return fmt.Errorf("--lang gives the piece letters of SAN or LAN; %s has none", notation)
	}
	return nil
}

// renotates reports whether opts writes moves otherwise than in SAN.
func (o Options) renotates() bool {
	return o.Notation != "" && o.Notation != "san" || o.Lang != "" && o.Lang != "en"
}

// renotate returns canon (the canonical SAN of the moves of g not
// written so already; made when nil) with every move of g that can be
// played written in the notation of opts.
func renotate(g *syntax.Game, canon map[*syntax.Move]string, opts Options) map[*syntax.Move]string {
	if canon == nil {
		canon = map[*syntax.Move]string{}
	}
	letters := &chess.English
	switch {
	case opts.Notation == "figurine":
		letters = &chess.Figurines
	case opts.Lang != "":
		l := chess.Languages[opts.Lang]
		letters = &l
	}
	legality.Replay(g, legality.StartOf(g), func(st *legality.Step) {
		if st.After == nil {
			return
		}
		var text string
		switch opts.Notation {
		case "uci":
			canon[st.Node] = st.Before.UCI(st.Move)
			return
		case "lan":
			text = st.Before.LAN(st.Move)
		default:
			text = st.Before.SAN(st.Move)
		}
		if letters != &chess.English {
			text = chess.Localize(text, letters)
		}
		canon[st.Node] = text
	})
	return canon
}

// withFENs returns g with a comment after each move that can be played
// holding the FEN of the position after it (Options.FENComments), unless
// a comment holding it (its blanks aside: the writer may wrap it) follows
// the move already; g itself when its moves
// cannot be replayed (an unknown variant, an invalid FEN).
func withFENs(g *syntax.Game) *syntax.Game {
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return g
	}
	fens := map[*syntax.Move]string{}
	legality.Replay(g, start, func(st *legality.Step) {
		if st.After != nil {
			fens[st.Node] = st.After.FEN()
		}
	})
	var line func([]syntax.Elem) []syntax.Elem
	line = func(elems []syntax.Elem) []syntax.Elem {
		out := make([]syntax.Elem, 0, 2*len(elems))
		for i, e := range elems {
			switch n := e.(type) {
			case *syntax.Move:
				out = append(out, n)
				fen, ok := fens[n]
				if !ok {
					continue
				}
				if i+1 < len(elems) {
					if c, ok := elems[i+1].(*syntax.Comment); ok && c.Kind == syntax.BraceKind && strings.Join(strings.Fields(c.Text), " ") == fen {
						continue
					}
				}
				out = append(out, &syntax.Comment{Sp: syntax.Span{Start: n.Sp.End, End: n.Sp.End}, Kind: syntax.BraceKind, Text: fen, Closed: true})
			case *syntax.Variation:
				v := *n
				v.Elems = line(n.Elems)
				out = append(out, &v)
			default:
				out = append(out, e)
			}
		}
		return out
	}
	return &syntax.Game{Text: g.Text, Tokens: g.Tokens, Header: g.Header, Tags: g.Tags, Moves: line(g.Moves), Result: g.Result, After: g.After, Errs: g.Errs}
}

// FinalFENTag is the tag Options.FinalFEN writes.
const FinalFENTag = "FinalFEN"

// withFinalFEN returns g with a FinalFEN tag holding the FEN of the
// position after the last move of its main line that can be played
// (Options.FinalFEN), in place of one it has; g itself when its moves
// cannot be replayed.
func withFinalFEN(g *syntax.Game) *syntax.Game {
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return g
	}
	final := start.Pos
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After != nil {
			final = *st.After
		}
		return st.After != nil
	})
	tag := &syntax.Tag{Name: FinalFENTag, Value: final.FEN(), Closed: true}
	out := &syntax.Game{Text: g.Text, Tokens: g.Tokens, Moves: g.Moves, Result: g.Result, After: g.After, Errs: g.Errs}
	for _, e := range g.Header {
		if t, ok := e.(*syntax.Tag); ok && t.Name == FinalFENTag {
			continue
		}
		out.Header = append(out.Header, e)
	}
	for _, t := range g.Tags {
		if t.Name != FinalFENTag {
			out.Tags = append(out.Tags, t)
		}
	}
	out.Header = append(out.Header, tag)
	out.Tags = append(out.Tags, tag)
	return out
}

// rawValue is g.RawValue(t), or for a tag the writer adds (which has no
// text in g: its ValueSpan is zero), its Value.
func rawValue(g *syntax.Game, t *syntax.Tag) string {
	if t.ValueSpan == (syntax.Span{}) {
		return t.Value
	}
	return g.RawValue(t)
}
