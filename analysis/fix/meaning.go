package fix

import (
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/syntax"
)

// baseline is what fixing a game must keep: how many errors of each code
// it has and, worked out when a fix is first tried, what it means.
type baseline struct {
	errors map[analysis.Code]int
	// localized are the edits of the input's localized-san fixes: the
	// input means what its moves mean in English letters.
	localized []syntax.Edit
	known     bool // moves, comments and variations are set
	moves     []step
	comments  int
	lines     int // variations
}

// newBaseline returns the baseline of the input state st.
func newBaseline(st state) *baseline {
	b := &baseline{errors: errorCounts(st.diags)}
	for _, x := range st.diags {
		if x.Code == localized.Code && len(x.Fixes) == 1 && len(x.Fixes[0].Edits) == 1 {
			e := x.Fixes[0].Edits[0]
			b.localized = append(b.localized, e)
		}
	}
	slices.SortFunc(b.localized, func(a, b syntax.Edit) int { return int(a.Start - b.Start) })
	return b
}

// localizedAt reports whether a localized-san diagnostic of diags with a
// fix covers span sp: the unknown token there is a move in figurines,
// which the fix writes in SAN.
func localizedAt(diags []analysis.Diagnostic, sp syntax.Span) bool {
	for _, x := range diags {
		if x.Code == localized.Code && len(x.Fixes) > 0 && x.Span == sp {
			return true
		}
	}
	return false
}

// meaning records what g, the input game, means, once.
func (b *baseline) meaning(g *syntax.Game, d syntax.Dialect) {
	if !b.known {
		if len(b.localized) > 0 {
			// What the moves mean in English letters.
			if f := syntax.Parse("", syntax.ApplyEdits(g.Text, b.localized), d); f.NumGames() > 0 {
				g = f.Game(0).Game
			}
		}
		b.moves, b.comments, b.lines = meaningOf(g, d)
		b.known = true
	}
}

// compare says how the fixed game g differs in meaning from the input,
// or returns "" when it does not.
func (b *baseline) compare(g *syntax.Game, d syntax.Dialect) string {
	moves, comments, lines := meaningOf(g, d)
	switch {
	case comments != b.comments:
		return "fixing would add or drop a comment"
	case lines != b.lines:
		return "fixing would add or drop a variation"
	}
	for i := range max(len(moves), len(b.moves)) {
		switch {
		case i >= len(b.moves):
			return "fixing would add the move " + moves[i].text
		case i >= len(moves):
			return "fixing would drop the move " + b.moves[i].text
		case moves[i].depth != b.moves[i].depth || moves[i].first != b.moves[i].first || moves[i].move != b.moves[i].move:
			if moves[i].text != b.moves[i].text {
				return "fixing would change the move " + b.moves[i].text + " into " + moves[i].text
			}
			return "fixing would change the move " + b.moves[i].text
		}
	}
	return ""
}

// step is one move of a game as fixing must keep it.
type step struct {
	depth int  // 0 for the main line
	first bool // the first move of its line
	// move is what the move plays: a chess.Move or a cescacs.Move, or,
	// for a move that does not resolve (or is not checked), its text.
	move any
	text string // its text, for messages
}

// meaningOf returns the moves of g in the order the replay visits them
// (the main line, each variation after the move it replaces), with its
// numbers of comments and variations.
func meaningOf(g *syntax.Game, d syntax.Dialect) (moves []step, comments, lines int) {
	var line *syntax.Elem
	add := func(depth int, in []syntax.Elem, move any, text string) {
		first := len(in) > 0 && &in[0] != line
		if len(in) > 0 {
			line = &in[0]
		}
		moves = append(moves, step{depth: depth, first: first, move: move, text: text})
	}
	checked := false
	switch d {
	case syntax.PGN:
		if start := legality.StartOf(g); start.Known {
			checked = true
			legality.Replay(g, start, func(st *legality.Step) {
				var m any = st.Node.Text
				if st.Before != nil && st.Err == nil {
					m = st.Move
				}
				add(st.Depth, st.Line, m, st.Node.Text)
			})
		}
	case syntax.CTLPGN:
		if v, ok := g.TagValue("Variant"); !ok || ctllegality.IsCescacs(v) {
			checked = true
			ctllegality.Replay(g, ctllegality.StartOf(g), func(st *ctllegality.Step) {
				var m any = st.Node.Text
				if st.After != nil {
					m = st.Move
				}
				add(st.Depth, st.Line, m, st.Node.Text)
			})
		}
	}
	var walk func(elems []syntax.Elem, depth int)
	walk = func(elems []syntax.Elem, depth int) {
		for _, x := range elems {
			switch n := x.(type) {
			case *syntax.Comment:
				comments++
			case *syntax.Variation:
				lines++
				walk(n.Elems, depth+1)
			case *syntax.Move:
				if !checked {
					add(depth, elems, n.Text, n.Text)
				}
			}
		}
	}
	walk(g.Header, 0)
	walk(g.Moves, 0)
	walk(g.After, 0)
	return moves, comments, lines
}
