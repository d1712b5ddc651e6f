package ctllegality

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// checkResultTag compares the Result tag with the end of the record
// (analysis.CheckResultTag, which both dialects share).
func checkResultTag(p *analysis.Pass, g *syntax.Game, decided string) {
	analysis.CheckResultTag(p, g, decided, CodeResultMismatch)
}

// checkFinal compares the result with the final position of the main
// line, whose status is s and whose side to move is turn.
func checkFinal(p *analysis.Pass, g *syntax.Game, s cescacs.Status, turn cescacs.Color) {
	if !s.Over() {
		return
	}
	want := s.Result
	why := howEnded(s, turn)
	tag := analysis.ResultTag(g)
	var fix analysis.Fix
	var at syntax.Span
	var have string
	switch {
	case g.Result != nil && g.Result.Text != want:
		at, have = g.Result.Sp, g.Result.Text
		fix = analysis.Fix{Title: "End the record with " + want, Edits: []analysis.Edit{{Span: g.Result.Sp, New: want}}}
		if tag != nil && tag.Value != want {
			fix.Edits = append(fix.Edits, analysis.Edit{Span: tag.ValueSpan, New: strconv.Quote(want)})
			fix.Title += " and set the Result tag"
		}
	case g.Result == nil && tag != nil && tag.Value != want:
		at, have = tag.ValueSpan, tag.Value
		fix = analysis.Fix{Title: "Set the Result tag to " + want, Edits: []analysis.Edit{{Span: tag.ValueSpan, New: strconv.Quote(want)}}}
	default:
		return
	}
	p.Report(analysis.Diagnostic{Span: at, Severity: analysis.Warning, Code: CodeResultPosition,
		Message: "result " + have + " contradicts the final position: " + why + ", so the result is " + want,
		Fixes:   []analysis.Fix{fix}})
}

// howEnded tells how the game is over in a final position of status s
// with turn to move: "Black is checkmated".
func howEnded(s cescacs.Status, turn cescacs.Color) string {
	switch {
	case s.Checkmate:
		return side(turn) + " is checkmated"
	case s.Stalemate:
		return side(turn) + " is stalemated, a win for " + side(turn.Other())
	}
	return "the game is drawn: " + s.Draw.String()
}

// side names a colour with a capital, as in "White is checkmated".
func side(c cescacs.Color) string {
	if c == cescacs.White {
		return "White"
	}
	return "Black"
}

// checkEndMarks checks the end-of-record mark ':' (§7.3) of the main
// line, whose game ends with the move last: ':' is required there unless
// the game ends in checkmate (mated, or last is written '#'), redundant
// after a checkmate, which '#' ends, and wrong anywhere else. The marks
// from offset after on, which follow the end of the game, are not
// judged, except that when moves follow the end (after lies inside the
// text) ':' on the record's own last move ends the record as well as
// ':' on last does: the moves after the end have their one error.
func checkEndMarks(p *analysis.Pass, g *syntax.Game, last *syntax.Move, mated bool, after syntax.Pos) {
	i := slices.Index(g.Moves, syntax.Elem(last))
	final := trailerMark(g.Moves, i)
	cut := after < syntax.Pos(len(g.Text)) // moves follow the end of the game
	switch {
	case last != nil && final == nil && !mated && !strings.HasSuffix(last.Text, "#"):
		if cut && trailerMark(g.Moves, lastMove(g.Moves)) != nil {
			break
		}
		msg := "the last move of the record lacks the end mark ':', required unless the move mates"
		if cut {
			msg = "the game ends with this move, which lacks the end mark ':', required unless the move mates"
		}
		// The fix rewrites the end of the trailer rather than inserting
		// at its end, where a missing check indicator is inserted too.
		at := trailerEnd(g.Moves, i)
		p.Report(analysis.Diagnostic{Span: syntax.Span{Start: last.Sp.Start, End: at.End}, Severity: analysis.Warning, Code: CodeEndMark,
			Message: msg,
			Fixes:   []analysis.Fix{{Title: "Add ':'", Edits: []analysis.Edit{{Span: at, New: g.Slice(at) + ":"}}}}})
	case final != nil && mated:
		p.Report(analysis.Diagnostic{Span: final.Sp, Severity: analysis.Warning, Code: CodeEndMark,
			Message: "':' is redundant after a checkmate: '#' already ends the game",
			Fixes:   []analysis.Fix{{Title: "Delete ':'", Edits: []analysis.Edit{{Span: final.Sp, New: ""}}}}})
	}
	var walk func(line []syntax.Elem, depth int)
	walk = func(line []syntax.Elem, depth int) {
		varEnd := trailerMark(line, lastMove(line))
		for _, e := range line {
			// Only end marks and variations matter, each up to after.
			switch n := e.(type) {
			case *syntax.EndMark:
				if n.Sp.Start >= after {
					return
				}
				var msg string
				switch {
				case depth == 0 && n == final:
					continue
				case depth == 0:
					msg = "':' marks the last move of the record, but the main line goes on"
				case n == varEnd:
					msg = "':' marks the end of the record; a variation ends without it"
				default:
					msg = "':' marks the end of the record, not a move inside a variation"
				}
				p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeEndMark, Message: msg,
					Fixes: []analysis.Fix{{Title: "Delete ':'", Edits: []analysis.Edit{{Span: n.Sp, New: ""}}}}})
			case *syntax.Variation:
				if n.Sp.Start >= after {
					return
				}
				walk(n.Elems, depth+1)
			}
		}
	}
	walk(g.Moves, 0)
}

// lastMove returns the index of the last move of line, or -1.
func lastMove(line []syntax.Elem) int {
	for i := len(line) - 1; i >= 0; i-- {
		if _, ok := line[i].(*syntax.Move); ok {
			return i
		}
	}
	return -1
}

// trailer returns the end of the trailer of the move line[last]: the
// index after the valuation glyphs, NAGs, draw offer and end mark that
// follow it.
func trailer(line []syntax.Elem, last int) int {
	end := last + 1
	for end < len(line) {
		switch line[end].(type) {
		case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
			end++
			continue
		}
		break
	}
	return end
}

// trailerMark returns the end mark in the trailer of the move line[last],
// or nil (also for last < 0).
func trailerMark(line []syntax.Elem, last int) *syntax.EndMark {
	if last < 0 {
		return nil
	}
	for i := last + 1; i < trailer(line, last); i++ {
		if m, ok := line[i].(*syntax.EndMark); ok {
			return m
		}
	}
	return nil
}

// trailerEnd returns the span of the last element of the trailer of the
// move line[last], after which its end mark goes.
func trailerEnd(line []syntax.Elem, last int) syntax.Span {
	return line[trailer(line, last)-1].Span()
}
