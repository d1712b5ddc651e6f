package ctllegality

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// numbers checks the move number and ellipsis written before a move
// against the CTL-PGN pair layout (§8.5): "N. white, black", "N. …,
// black" when Black's move opens a line, "1?" for an unknown start. A
// pair split by a comment or a variation is a layout finding of package
// ctlcheck; its Black move may be resumed as "N. …, black" or with no
// number.
func (r *reporter) numbers(st *Step) {
	n := st.Ply/2 + 1
	black := st.Ply%2 == 1
	num, ell, mv := st.Number, st.Ellipsis, st.Node
	want := func() string { return strconv.Itoa(n) + "." } // only for reports
	// Diagnostics span from the number or ellipsis to the move.
	numSp, ellSp := mv.Sp, mv.Sp
	if num != nil {
		numSp.Start = num.Sp.Start
	}
	if ell != nil {
		ellSp.Start = ell.Sp.Start
	}
	switch {
	case !black:
		if num != nil {
			r.number(num, numSp, n, "White")
		}
		if ell != nil {
			r.warn(CodeMoveNumber, ellSp, "'…' stands for a missing White move, but "+mv.Text+" is White's move "+strconv.Itoa(n))
		} else if num == nil {
			r.warnFix(CodeMoveNumber, mv.Sp, "White's move "+strconv.Itoa(n)+" has no move number",
				"Insert "+want(), syntax.Span{Start: mv.Sp.Start, End: mv.Sp.Start}, want()+" ")
		}
	case st.First:
		switch {
		case num == nil && ell == nil:
			r.warnFix(CodeMoveNumber, mv.Sp, "Black's move "+strconv.Itoa(n)+" opens the line and is written "+want()+" …, "+mv.Text,
				"Insert "+want()+" …,", syntax.Span{Start: mv.Sp.Start, End: mv.Sp.Start}, want()+" …, ")
		case num == nil:
			r.warnFix(CodeMoveNumber, ellSp, "the ellipsis has no move number: write "+want()+" …",
				"Insert "+want(), syntax.Span{Start: ell.Sp.Start, End: ell.Sp.Start}, want()+" ")
		case ell == nil:
			r.warnFix(CodeMoveNumber, numSp, "Black's move "+strconv.Itoa(n)+" opens the line: write "+want()+" …, "+mv.Text,
				"Write "+want()+" …,", num.Sp, want()+" …,")
		default:
			r.number(num, numSp, n, "Black")
		}
	case num != nil && ell != nil && st.Resumes:
		r.number(num, numSp, n, "Black")
	case num != nil:
		r.warn(CodeMoveNumber, numSp, "a move number inside a pair: Black's move "+mv.Text+" follows White's after a comma")
	case ell != nil && !st.Resumes:
		r.warn(CodeMoveNumber, ellSp, "'…' stands for a missing White move, but White's move precedes it in the pair")
	}
}

// number checks a move number written for the move n of side; sp spans
// the number and its move.
func (r *reporter) number(num *syntax.MoveNumber, sp syntax.Span, n int, side string) {
	want := func() string { return strconv.Itoa(n) + "." } // only for reports
	switch {
	case num.Unknown && !r.start.NumberKnown && n == 1:
	case num.Unknown && r.start.NumberKnown:
		r.warnFix(CodeMoveNumber, sp, "'?' marks an unknown move number, but it is known: this is "+side+"'s move "+strconv.Itoa(n), "Write "+want(), num.Sp, want())
	case num.Unknown:
		r.warnFix(CodeMoveNumber, sp, "'?' only follows the first move number of the record, 1?; this is "+side+"'s move "+strconv.Itoa(n), "Write "+want(), num.Sp, want())
	case num.Number != n:
		msg := "move number " + strconv.Itoa(num.Number) + " does not match the move, which is " + side + "'s move " + strconv.Itoa(n)
		r.warnFix(CodeMoveNumber, sp, msg, "Write "+want(), num.Sp, want())
	case num.Dots != 1:
		r.warnFix(CodeMoveNumber, sp, "a CTL-PGN move number has one period: write "+want(), "Write "+want(), num.Sp, want())
	}
}

// warn reports a warning without fix.
func (r *reporter) warn(code analysis.Code, sp syntax.Span, msg string) {
	r.p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: code, Message: msg})
}

// warnFix reports a warning on sp whose fix replaces at with s.
func (r *reporter) warnFix(code analysis.Code, sp syntax.Span, msg, title string, at syntax.Span, s string) {
	r.p.Report(analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: code, Message: msg,
		Fixes: []analysis.Fix{{Title: title, Edits: []analysis.Edit{{Span: at, New: s}}}}})
}

// pair checks the comma before a Black move: it separates the moves of
// a pair and follows the ellipsis of "N. …, move". A move that is not
// judged only accounts for its comma.
func (r *reporter) pair(st *Step, judged bool) {
	if st.Ply%2 == 0 {
		return
	}
	toks := r.g.Tokens
	i := r.tokenAt(st.Node.Sp.Start)
	if i < 0 {
		return
	}
	j := prevToken(toks, i)
	if j < 0 {
		return
	}
	switch toks[j].Kind {
	case syntax.KComma:
		r.commas[j] = true
	case syntax.KMove, syntax.KGlyph, syntax.KNAG, syntax.KDrawOffer, syntax.KEllipsis:
		if !judged {
			return
		}
		at := syntax.Span{Start: toks[j].Span.End, End: toks[j].Span.End}
		r.warnFix(CodeMovePair, st.Node.Sp, "a comma goes before Black's move "+st.Node.Text,
			"Insert a comma", at, ",")
	}
}

// unjudged reports whether offset at lies in a stretch of a line whose
// moves are not judged: unverified, or after the end of the game.
func (r *reporter) unjudged(at syntax.Pos) bool {
	return (&Unjudged{r.quiet}).Contains(at)
}

// tokenAt is r.g.TokenAt(p) for the moves, which Replay visits in
// source order: it reads on from its last answer when p lies after it.
func (r *reporter) tokenAt(p syntax.Pos) int {
	toks := r.g.Tokens
	i := r.tok
	if i > len(toks) || i > 0 && toks[i-1].Span.End > p {
		i = r.g.TokenAt(p)
	} else {
		for i < len(toks) && toks[i].Span.End <= p {
			i++
		}
		if i == len(toks) {
			i = -1
		}
	}
	r.tok = max(i, 0)
	return i
}

// prevToken returns the index of the last non-trivia token before i, or
// -1.
func prevToken(toks []syntax.Token, i int) int {
	for j := i - 1; j >= 0; j-- {
		if !toks[j].Kind.IsTrivia() {
			return j
		}
	}
	return -1
}

// strayCommas reports the commas that neither stand before a Black move
// nor follow an ellipsis, outside the stretches of lines that are not
// judged. The span includes what precedes the comma.
func (r *reporter) strayCommas() {
	toks := r.g.Tokens
	for i, t := range toks {
		if t.Kind != syntax.KComma || r.commas[i] || r.unjudged(t.Span.Start) {
			continue
		}
		sp := t.Span
		if j := prevToken(toks, i); j >= 0 {
			if toks[j].Kind == syntax.KEllipsis {
				continue
			}
			sp.Start = toks[j].Span.Start
		}
		r.warnFix(CodeMovePair, sp, "a comma only separates White's and Black's moves of a pair", "Delete the comma", t.Span, "")
	}
}
