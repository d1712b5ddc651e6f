package legality

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// checkResultsInVariations reports results inside variations.
func checkResultsInVariations(p *analysis.Pass, g *syntax.Game) { resultsIn(p, g.Moves) }

// resultsIn reports the results among elems and inside their variations,
// in source order (a loop, not syntax.Inspect: this runs on every element
// of every game).
func resultsIn(p *analysis.Pass, elems []syntax.Elem) {
	for _, e := range elems {
		switch n := e.(type) {
		case *syntax.Result:
			p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeResultInVar, Message: "result " + n.Text + " inside a variation"})
		case *syntax.Variation:
			resultsIn(p, n.Elems)
		}
	}
}

// checkResultTag compares the Result tag with the end of the game
// (analysis.CheckResultTag, which both dialects share).
func checkResultTag(p *analysis.Pass, g *syntax.Game, decided string) {
	analysis.CheckResultTag(p, g, decided, CodeResultMismatch)
}

// checkFinal compares the result with the final position of the main
// line, under its variant's rules, and returns the result that position
// demands, or "" when it demands none. The fix after a decisive end (a
// checkmate, a stalemate, a variant's own win or draw) is bulk fixing's;
// after a draw by insufficient material it is Manual, since a game may
// have been decided otherwise (an adjudication, a forfeit).
func checkFinal(p *analysis.Pass, g *syntax.Game, final *chess.Position) string {
	o := final.Outcome()
	want, why := o.Result, o.Reason
	if want == "" {
		return ""
	}
	manual := leftToUser(o)
	tag := analysis.ResultTag(g)
	var fixes []analysis.Fix
	var at syntax.Span
	var have string
	switch {
	case g.Result != nil && g.Result.Text != want:
		at, have = g.Result.Sp, g.Result.Text
		fixes = append(fixes, analysis.Fix{Title: "End the game with " + want, Edits: []analysis.Edit{{Span: g.Result.Sp, New: want}}})
		if tag != nil && tag.Value != want {
			fixes[0].Edits = append(fixes[0].Edits, analysis.Edit{Span: tag.ValueSpan, New: strconv.Quote(want)})
			fixes[0].Title += " and set the Result tag"
		}
	case g.Result == nil && tag != nil && tag.Value != want:
		at, have = tag.ValueSpan, tag.Value
		fixes = append(fixes, analysis.Fix{Title: "Set the Result tag to " + want, Edits: []analysis.Edit{{Span: tag.ValueSpan, New: strconv.Quote(want)}}})
	default:
		return want
	}
	fixes[0].Manual = manual
	p.Report(analysis.Diagnostic{Span: at, Severity: analysis.Warning, Code: CodeResultPosition,
		Message: "result " + have + " contradicts the final position: " + why + ", so the result is " + want, Fixes: fixes})
	return want
}

// leftToUser returns why bulk fixing does not write the result the
// outcome o demands, or "" when it does: a draw by insufficient material
// may have been decided otherwise, by an adjudication or a forfeit.
func leftToUser(o chess.Outcome) string {
	if o.NoMaterial {
		return "the game may have been decided otherwise, by adjudication or forfeit"
	}
	return ""
}

// Terminator returns the termination marker of game g, as pgnls fix
// settles it: its own; without one, the result the final position of
// the main line decides (the fix of result-contradicts-position that
// bulk fixing applies), with decided set; else the one
// analysis.Terminator gives, the Result tag's or "*". pgnls fmt writes
// it, and with decided set also in the Result tag, as the fix does.
func Terminator(g *syntax.Game) (term string, decided bool) {
	if g.Result != nil {
		return g.Result.Text, false
	}
	if start := StartOf(g); start.Known && start.OK {
		final, ok := start.Pos, true
		ReplayMainLine(g, start, func(st *Step) bool {
			if ok = st.After != nil; ok {
				final = *st.After
			}
			return ok
		})
		if o := final.Outcome(); ok && o.Result != "" && leftToUser(o) == "" {
			return o.Result, true
		}
	}
	term, _ = analysis.Terminator(g, syntax.PGN)
	return term, false
}

// numberBase returns the full-move number of ply 0 for the move numbers
// of a game from start (the replay counts plies from there).
func numberBase(start Start) int {
	if start.OK {
		return max(start.Pos.FullmoveNumber(), 1)
	}
	return 1
}

// numberBefore returns the move number that the move at line[i] follows,
// with only comments, NAGs, glyphs and periods between them, or nil: the
// number checkNumber compares with that move. The analyzer asks it of
// each move as the replay visits it, so that the move numbers cost no
// walk of their own.
func numberBefore(line []syntax.Elem, i int) *syntax.MoveNumber {
	for j := i - 1; j >= 0; j-- {
		switch n := line[j].(type) {
		case *syntax.MoveNumber:
			return n
		case *syntax.Comment, *syntax.NAG, *syntax.Glyph, *syntax.Ellipsis:
		default:
			return nil
		}
	}
	return nil
}

// checkNumber compares the move number n with the move at ply (counted
// from White's move of full move number base) that follows it.
func checkNumber(p *analysis.Pass, n *syntax.MoveNumber, base, ply int) {
	want := base + ply/2
	white := ply%2 == 0
	if n.Number != want {
		side := "White"
		if !white {
			side = "Black"
		}
		text := strconv.Itoa(want) + "."
		if !white {
			text += ".."
		}
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeMoveNumber,
			Message: "move number " + strconv.Itoa(n.Number) + " does not match the move, which is " + side + "'s move " + strconv.Itoa(want),
			Fixes:   []analysis.Fix{{Title: "Write " + text, Edits: []analysis.Edit{{Span: n.Sp, New: text}}}}})
		return
	}
	if n.Dots != 0 && n.Dots != 1 && n.Dots != 3 {
		text := strconv.Itoa(want) + "."
		if !white {
			text += ".."
		}
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeMoveDots,
			Message: "move number with " + strconv.Itoa(n.Dots) + " periods; write " + text,
			Fixes:   []analysis.Fix{{Title: "Write " + text, Edits: []analysis.Edit{{Span: n.Sp, New: text}}}}})
	}
}
