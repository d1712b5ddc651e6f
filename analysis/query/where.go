package query

import "github.com/pgnls/pgnls/syntax"

// where places a game-relative offset in the movetext of a game.
type where struct {
	elem  syntax.Elem         // the element holding the offset; nil in trivia or on a ")"
	line  []syntax.Elem       // the line (main line or variation) the offset is in
	index int                 // elem's index in line, or where an element at the offset would go
	vars  []*syntax.Variation // the variations enclosing the offset, outermost first
	// parents[k] is the line holding vars[k] and pidx[k] its index there.
	parents [][]syntax.Elem
	pidx    []int
}

// whereIs places p in the movetext of g. An element holds p when
// Start <= p < End; p strictly inside a variation descends into it, and
// so does p after the last element of an unclosed variation that ends its
// line.
func whereIs(g *syntax.Game, p syntax.Pos) where {
	w := where{line: g.Moves}
	for {
		w.elem, w.index = nil, len(w.line)
		for i, e := range w.line {
			sp := e.Span()
			if sp.Start <= p && p < sp.End {
				w.elem, w.index = e, i
				break
			}
			if sp.Start >= p {
				w.index = i
				break
			}
		}
		v, ok := w.elem.(*syntax.Variation)
		switch {
		case ok && p > v.Sp.Start:
			// Inside the variation.
		case w.elem == nil && w.index > 0 && w.index == len(w.line):
			// After the last element: inside it when it is an unclosed
			// variation.
			if v, ok = w.line[w.index-1].(*syntax.Variation); !ok || v.Closed {
				return w
			}
			w.index--
		default:
			return w
		}
		w.vars = append(w.vars, v)
		w.parents = append(w.parents, w.line)
		w.pidx = append(w.pidx, w.index)
		w.line = v.Elems
	}
}

// inMovetext reports whether the game-relative offset p lies where moves
// may be written: after the tag section and not after the result.
func inMovetext(g *syntax.Game, p syntax.Pos) bool {
	if n := len(g.Header); n > 0 && p < g.Header[n-1].Span().End {
		return false
	}
	return g.Result == nil || p <= g.Result.Sp.Start
}

// moveGroup returns the span of the move at or around index i of line
// with its move number before it and its annotations after it (glyphs,
// NAGs, CTL-PGN game marks); ok is false when line[i] belongs to no move.
func moveGroup(line []syntax.Elem, i int) (syntax.Span, bool) {
	if i < 0 || i >= len(line) {
		return syntax.Span{}, false
	}
	anchor := -1
	switch line[i].(type) {
	case *syntax.Move:
		anchor = i
	case *syntax.MoveNumber, *syntax.Ellipsis:
		for k := i + 1; k < len(line); k++ {
			if _, ok := line[k].(*syntax.Move); ok {
				anchor = k
				break
			}
			if !isPrefix(line[k]) {
				break
			}
		}
	case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
		for k := i - 1; k >= 0; k-- {
			if _, ok := line[k].(*syntax.Move); ok {
				anchor = k
				break
			}
			if !isSuffix(line[k]) {
				break
			}
		}
	}
	if anchor < 0 {
		return syntax.Span{}, false
	}
	lo, hi := anchor, anchor
	for lo > 0 && isPrefix(line[lo-1]) {
		lo--
	}
	for hi+1 < len(line) && isSuffix(line[hi+1]) {
		hi++
	}
	return syntax.Span{Start: line[lo].Span().Start, End: line[hi].Span().End}, true
}

// isPrefix reports whether e is written before a move: a move number or
// a CTL-PGN ellipsis.
func isPrefix(e syntax.Elem) bool {
	switch e.(type) {
	case *syntax.MoveNumber, *syntax.Ellipsis:
		return true
	}
	return false
}

// nextMove returns the index of the first move of line after index i,
// or -1 when none follows.
func nextMove(line []syntax.Elem, i int) int {
	for k := i + 1; k < len(line); k++ {
		if _, ok := line[k].(*syntax.Move); ok {
			return k
		}
	}
	return -1
}

// suffixEnd returns the index in line after the element at i and the
// annotations that follow it (isSuffix).
func suffixEnd(line []syntax.Elem, i int) int {
	end := i + 1
	for end < len(line) && isSuffix(line[end]) {
		end++
	}
	return end
}

// tailEnd returns the index in line after the comments and variations
// that start at i (with the nesting dots before them).
func tailEnd(line []syntax.Elem, i int) int {
	for i < len(line) {
		switch line[i].(type) {
		case *syntax.Comment, *syntax.Variation:
			i++
			continue
		case *syntax.Ellipsis:
			if nestingDots(line, i) {
				i++
				continue
			}
		}
		break
	}
	return i
}

// nestingDots reports whether line[i] is the "..." of CTL-PGN's nesting
// dots before a variation or a comment (§8.6), which reads as an
// ellipsis.
func nestingDots(line []syntax.Elem, i int) bool {
	if _, ok := line[i].(*syntax.Ellipsis); !ok || i+1 >= len(line) {
		return false
	}
	switch line[i+1].(type) {
	case *syntax.Comment, *syntax.Variation:
		return true
	}
	return false
}

// isSuffix reports whether e annotates the move before it.
func isSuffix(e syntax.Elem) bool {
	switch e.(type) {
	case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
		return true
	}
	return false
}

// movetextSpan returns the game-relative span from the first element of
// the main line to the result (or the last element).
func movetextSpan(g *syntax.Game) (syntax.Span, bool) {
	var sp syntax.Span
	ok := false
	if len(g.Moves) > 0 {
		sp = syntax.Span{Start: g.Moves[0].Span().Start, End: g.Moves[len(g.Moves)-1].Span().End}
		ok = true
	}
	if g.Result != nil {
		if !ok {
			sp.Start = g.Result.Sp.Start
		}
		sp.End = g.Result.Sp.End
		ok = true
	}
	return sp, ok
}

// headerSpan returns the game-relative span of the tag section.
func headerSpan(g *syntax.Game) (syntax.Span, bool) {
	if len(g.Header) == 0 {
		return syntax.Span{}, false
	}
	return syntax.Span{Start: g.Header[0].Span().Start, End: g.Header[len(g.Header)-1].Span().End}, true
}

// firstMove returns the first move of line, or nil.
func firstMove(line []syntax.Elem) *syntax.Move {
	for _, e := range line {
		if m, ok := e.(*syntax.Move); ok {
			return m
		}
	}
	return nil
}

// lastMoveBefore returns the last move of line[:i], or nil.
func lastMoveBefore(line []syntax.Elem, i int) *syntax.Move {
	for k := min(i, len(line)) - 1; k >= 0; k-- {
		if m, ok := line[k].(*syntax.Move); ok {
			return m
		}
	}
	return nil
}
