package ctllegality

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// resultTag returns the record's Result tag, or nil.
func resultTag(g *syntax.Game) *syntax.Tag {
	for _, t := range g.Tags {
		if t.Name == "Result" && t.ValueSpan != (syntax.Span{}) {
			return t
		}
	}
	return nil
}

// checkResultTag compares the Result tag with the result line.
func checkResultTag(p *analysis.Pass, g *syntax.Game) {
	tag := resultTag(g)
	if tag == nil || g.Result == nil || tag.Value == g.Result.Text {
		return
	}
	p.Report(analysis.Diagnostic{
		Span: g.Result.Sp, Severity: analysis.Error, Code: CodeResultMismatch,
		Message: "the record ends with " + g.Result.Text + " but its Result tag says " + tag.Value,
		Related: []analysis.Related{{Span: tag.ValueSpan, Msg: "Result tag"}},
		Fixes: []analysis.Fix{
			{Title: "Set the Result tag to " + g.Result.Text, Edits: []analysis.Edit{{Span: tag.ValueSpan, New: strconv.Quote(g.Result.Text)}}},
			{Title: "End the record with " + tag.Value, Edits: []analysis.Edit{{Span: g.Result.Sp, New: tag.Value}}},
		},
	})
}

// checkFinal compares the result with the final position of the main
// line, whose status is s and whose side to move is turn.
func checkFinal(p *analysis.Pass, g *syntax.Game, s cescacs.Status, turn cescacs.Color) {
	if !s.Over() {
		return
	}
	want := s.Result
	var why string
	switch {
	case s.Checkmate:
		why = side(turn) + " is checkmated"
	case s.Stalemate:
		why = side(turn) + " is stalemated, a win for " + side(turn.Other())
	default:
		why = "the game is drawn: " + s.Draw.String()
	}
	tag := resultTag(g)
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

// side names a colour with a capital, as in "White is checkmated".
func side(c cescacs.Color) string {
	if c == cescacs.White {
		return "White"
	}
	return "Black"
}

// checkEndMarks checks the end-of-record mark ':' (§7.3): required on
// the last move of the main line unless it mates (mate: the move is
// written '#' or mates), wrong anywhere else.
func checkEndMarks(p *analysis.Pass, g *syntax.Game, last *syntax.Move, mate bool) {
	final := trailerMark(g.Moves)
	if last != nil && final == nil && !mate {
		// The fix rewrites the end of the trailer rather than inserting
		// at its end, where a missing check indicator is inserted too.
		at := trailerEnd(g.Moves)
		p.Report(analysis.Diagnostic{Span: syntax.Span{Start: last.Sp.Start, End: at.End}, Severity: analysis.Warning, Code: CodeEndMark,
			Message: "the last move of the record lacks the end mark ':', required unless the move mates",
			Fixes:   []analysis.Fix{{Title: "Add ':'", Edits: []analysis.Edit{{Span: at, New: g.Slice(at) + ":"}}}}})
	}
	var walk func(line []syntax.Elem, depth int)
	walk = func(line []syntax.Elem, depth int) {
		varEnd := trailerMark(line)
		for _, e := range line {
			switch n := e.(type) {
			case *syntax.EndMark:
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
				walk(n.Elems, depth+1)
			}
		}
	}
	walk(g.Moves, 0)
}

// trailer returns the index of the last move of line and the end of its
// trailer: the valuation glyphs, NAGs, draw offer and end mark that
// follow it.
func trailer(line []syntax.Elem) (last, end int) {
	last = -1
	for i, e := range line {
		if _, ok := e.(*syntax.Move); ok {
			last = i
		}
	}
	if last < 0 {
		return -1, -1
	}
	end = last + 1
	for end < len(line) {
		switch line[end].(type) {
		case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
			end++
			continue
		}
		break
	}
	return last, end
}

// trailerMark returns the end mark in the trailer of the last move of
// line, or nil.
func trailerMark(line []syntax.Elem) *syntax.EndMark {
	last, end := trailer(line)
	for i := last + 1; last >= 0 && i < end; i++ {
		if m, ok := line[i].(*syntax.EndMark); ok {
			return m
		}
	}
	return nil
}

// trailerEnd returns the span of the last element of the trailer of the
// last move of line, after which its end mark goes.
func trailerEnd(line []syntax.Elem) syntax.Span {
	_, end := trailer(line)
	return line[end-1].Span()
}
