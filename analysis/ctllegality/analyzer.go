package ctllegality

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer. They carry the prefix "ctl-" because
// the PGN analyzers have codes of the same names with other meanings.
const (
	CodeIllegal        = analysis.Code("ctl-illegal-move")
	CodeIncoherent     = analysis.Code("ctl-incoherent-move")
	CodeBadMove        = analysis.Code("ctl-bad-move")
	CodeCaptureX       = analysis.Code("ctl-capture-x")
	CodeLegacyCheck    = analysis.Code("ctl-legacy-check")
	CodeMoveForm       = analysis.Code("ctl-move-form")
	CodeCheckMark      = analysis.Code("ctl-check-mark")
	CodeCheckRefine    = analysis.Code("ctl-check-refine")
	CodeFalseMate      = analysis.Code("ctl-false-mate")
	CodeAwaiting       = analysis.Code("ctl-awaiting-suffix")
	CodeUnverified     = analysis.Code("ctl-unverified-moves")
	CodeBadPDTL        = analysis.Code("ctl-bad-pdtl")
	CodePDTLForm       = analysis.Code("ctl-pdtl-form")
	CodeBadRedefine    = analysis.Code("ctl-bad-redefine")
	CodeRedefineForm   = analysis.Code("ctl-redefine-form")
	CodeMoveNumber     = analysis.Code("ctl-move-number")
	CodeMovePair       = analysis.Code("ctl-move-pair")
	CodeEndMark        = analysis.Code("ctl-end-mark")
	CodeResultMismatch = analysis.Code("ctl-result-mismatch")
	CodeResultPosition = analysis.Code("ctl-result-position")
	CodeVariant        = analysis.Code("ctl-variant-not-checked")
	CodeMovesAfterEnd  = analysis.Code("ctl-moves-after-end")
)

// Analyzer checks every move of C'escacs records.
var Analyzer = &analysis.Analyzer{
	Name: "ctllegality",
	Doc:  "Move legality for C'escacs (CTL-PGN): every move of every line is resolved against its position, with its check and game marks, move numbers and the result.",
	Codes: []analysis.CodeInfo{
		{Code: CodeIllegal, Severity: analysis.Error, Doc: "A CTL-AN move is coherent (see ctl-incoherent-move) but the rules forbid it; the message says why: the piece does not move that way, the path is blocked, the own king is left in check, a castling condition fails, a promotion is missing or not available, no en-passant or scornful capture is pending, the separator does not fit the move. When the move is still identified (a wrong separator, say), the fix writes it right and the line goes on being checked; otherwise the rest of the line is reported once as not verified. The minimal reader (check --reader minimal) does not report it."},
		{Code: CodeIncoherent, Severity: analysis.Error, Minimal: true, Doc: "A CTL-AN move cannot describe any move of its position: it fails the algebraic coherence that even a minimal reader verifies (§8.9). The cases: the origin does not hold a piece of the side to move of the kind written; a quiet move's destination is not empty, or a capture's does not hold the enemy piece written (a pawn when none is; never a king); the pawn captured en passant (@, @@) or by the scornful capture is not where that capture finds it; a promotion is written by a piece other than a pawn or off a promotion hex; a castling's king or rooks are not at home, or their destinations not free. Both readers report it; the rest of the line is then reported once as not verified. When the move is still identified under the rules (a capture written '-', say), the fix writes it right."},
		{Code: CodeBadMove, Severity: analysis.Error, Minimal: true, Doc: "A move is not well-formed CTL-AN (§7.1): not a move at all, coordinates that are not one of the 169 hexes, an unknown castling identifier, text after the move, a letter not in force under the record's Redefine tag, a captured pawn or a captured king written. A fix is offered where the intended text is clear."},
		{Code: CodeCaptureX, Severity: analysis.Error, Minimal: true, Doc: "The letter 'x' is used as the capture sign; CTL-AN writes × or * (§7.1). The fix writes ×. The move is still checked."},
		{Code: CodeLegacyCheck, Severity: analysis.Warning, Doc: "The adjoining or knight-leap check is written with the legacy spelling '^+' of older files; the specified form is '+^' (§5.3, §10.2). The fix writes '+^'."},
		{Code: CodeMoveForm, Severity: analysis.Warning, Doc: "A readable move in a form the specification does not use: an en dash as separator, the letter of the moving pawn, a black FAN glyph. The fix writes the canonical form."},
		{Code: CodeCheckMark, Severity: analysis.Warning, Doc: "The check indicator does not match the move (§5.3): missing on a check or a mate, present on a move that gives no check, or a refinement that does not fit, such as '+∞' (check from afar) on an adjoining check or '+^' on a double check. The fix writes the right indicator (+∞, +^, ++ or #)."},
		{Code: CodeCheckRefine, Severity: analysis.Hint, Doc: "A check written with the plain '+', which is always acceptable, where the refined indicator is '+∞', '+^' or '++' (the form writers should emit, §5.3). Older files write '+' for checks from afar."},
		{Code: CodeFalseMate, Severity: analysis.Error, Doc: "A move is marked '#' but does not checkmate; '#' also ends the game, so the record claims a false end."},
		{Code: CodeAwaiting, Severity: analysis.Warning, Doc: "A pawn reaches its promotion hex with no regainable piece to promote to and stays there awaiting promotion; the move is written with '=&' (§3.7). E's files omit it."},
		{Code: CodeUnverified, Severity: analysis.Info, Minimal: true, Doc: "After a move that failed, or in a line whose start position is not known (an invalid PDTL, a variation that replaces a move after a failure), the rest of the line cannot be checked; it is reported once instead of as a cascade of errors, and the move numbers and commas of those moves are not judged either (nor, by ctlmovetext, their ellipses, pair layout and variation places)."},
		{Code: CodeBadPDTL, Severity: analysis.Error, Minimal: true, Doc: "The PDTL tag (§6) is not a valid position: malformed placement or fields, unknown symbols, not one king per side, too many pieces of a kind. The moves of the record cannot be checked. The span points inside the tag value."},
		{Code: CodePDTLForm, Severity: analysis.Warning, Doc: "The PDTL tag is readable but not in the specified form: E's spellings of the castling and en-passant fields, lines out of order, a missing move number, a castling right whose king or rook is not at home (dropped), unlikely material. Hints (such as an ambiguous scornful-capture record, or the U+2010 hyphen the specification's prose writes where the canonical form has '-') are reported with hint severity."},
		{Code: CodeBadRedefine, Severity: analysis.Error, Minimal: true, Doc: "The Redefine tag (§8.4) is malformed: an item that is not Alt@Std, a pair outside the allowed list (A@J B@J F@J L@J C@N S@N T@R W@V Q@D), a standard letter replaced twice, FAN mixed with pairs, or an unescaped stray quote, as in the specification's own example [Redefine \"A@J, T@R\", C@N\"] (PGN readers end the value there; this error replaces the parser's unescaped-quote, and the fix deletes the quote). The valid pairs are applied."},
		{Code: CodeRedefineForm, Severity: analysis.Warning, Doc: "The Redefine tag is readable but not in the specified form, such as an escaped stray quote ('A@J, T@R\\\", C@N'), which the fix deletes."},
		{Code: CodeMoveNumber, Severity: analysis.Warning, Doc: "A move number or ellipsis does not fit the CTL-PGN move pairs (§8.5), whose numbers count from the PDTL's move number (or from 1? when it is unknown). The cases: a number that is not the move's; a White move without its number; Black's move opening a line not written as number, ellipsis and comma ('5. …, NL17-G9'); a number inside a pair; an ellipsis where White moves; '1?' when the move number is known, or on a later number. Fixes write the expected number. A pair split by a comment or variation is a layout finding of ctlmovetext."},
		{Code: CodeMovePair, Severity: analysis.Warning, Doc: "A comma is missing or out of place in a move pair (§8.5): a comma follows White's move (or the ellipsis that stands for it) and precedes Black's, as in '3. L5-L7, NG25-L17', and appears nowhere else. Fixes insert or delete the comma."},
		{Code: CodeEndMark, Severity: analysis.Warning, Doc: "The end-of-record mark ':' is missing or misplaced (§7.3): the last move of the main line carries ':' (after its valuation and draw offer, as in 'G7-G11:' or '?!(=):') unless it is a checkmate '#'; ':' after a mate is redundant, since '#' ends the game ('GL5-H6#:' is written 'GL5-H6#'); ':' on an earlier move or inside a variation is wrong. When moves follow the end of the game (see ctl-moves-after-end), ':' on the move that ended it or on the record's own last move marks the end; with neither, the move that ended the game gets the warning. Fixes add or delete it."},
		{Code: CodeResultMismatch, Severity: analysis.Error, Doc: "The result line and the Result tag disagree; fixes set either to the other. pgnls fix sets the tag to the result line, or, when the line is '*', the line to the tag's result; neither when the final position decides the result (see ctl-result-position)."},
		{Code: CodeResultPosition, Severity: analysis.Warning, Doc: "The result contradicts the final position of the main line (§5.4): checkmate wins for the mating side (3-0 or 0-3), stalemate is a win for the stalemating side (2-1 or 1-2), and an automatic draw (insufficient material, 150 half-moves, a fifth repetition) is 1-1. Fixes write the result the position demands."},
		{Code: CodeMovesAfterEnd, Severity: analysis.Error, Doc: "Moves are written after the game ended: after a checkmate, a stalemate or an automatic draw (insufficient material, 150 half-moves without capture or pawn move, the fifth occurrence of a position; §5.4), in the main line or in a variation. The first such move gets this one error, which names the move that ended the game and how; the rest of that line, and the variations written after it, are not judged (no illegal-move, move-number, comma, unverified-moves or end-mark findings). The result is compared with the position where the game ended. A record whose text starts again at 1. after the end is taken as moves after the end: a CTL-PGN record starts with its tag section, [Variant \"C'escacs\"] first (§8.1)."},
		{Code: CodeVariant, Severity: analysis.Info, Minimal: true, Doc: "The Variant tag names a variant other than C'escacs (such as the experimental Grand C'escacs); moves are not checked."},
	},
	Dialects:    []syntax.Dialect{syntax.CTLPGN},
	NeedsTokens: true, // move numbers, separators and marks between the moves
	Run:         run,
}

func run(p *analysis.Pass) {
	UnjudgedResult.Set(p, check(p).unjudged)
}

// verdict is what check learns of a record besides its diagnostics.
type verdict struct {
	unjudged *Unjudged // the stretches of its lines it did not judge
	// decided is the result the final position of the main line decides
	// (where the game ended, when moves follow its end), or "" when the
	// game is not over there or that position is not known.
	decided string
	// stop is the first move of the main line the game cannot hold, nil
	// when it holds them all, and why tells why (see Unplayable).
	stop *syntax.Move
	why  string
}

// judge returns the verdict of the full reader on record g, its
// diagnostics dropped.
func judge(g *syntax.Game) verdict {
	return check(&analysis.Pass{Game: g, Dialect: syntax.CTLPGN, Config: analysis.DefaultConfig()})
}

// Terminator returns the result line of record g, as pgnls fix settles
// it: its own; without one, the result the final position of the main
// line decides (checkmate, stalemate, an automatic draw, where the game
// ended when moves follow its end: what ctl-result-position demands),
// with decided set; else the one analysis.Terminator gives, the Result
// tag's or "*", with ok false when that tag's value is no CTL-PGN
// result. pgnls fmt writes it, and with decided set also in the Result
// tag, as the fix does.
func Terminator(g *syntax.Game) (result string, decided, ok bool) {
	if g.Result == nil {
		if result = judge(g).decided; result != "" {
			return result, true, true
		}
	}
	result, ok = analysis.Terminator(g, syntax.CTLPGN)
	return result, false, ok
}

// Unplayable returns the first move of the main line of record g that
// its game cannot hold, and why: a move after the end of the game (a
// checkmate, a stalemate, an automatic draw), one that is not legal or
// not well-formed CTL-AN, or one whose position is not known; nil when
// the game holds every move (the moves of its variations are not
// looked at). A reader given the main line alone would read another
// game, or none: pgnls fmt --filter leaves such a record as it is.
func Unplayable(g *syntax.Game) (*syntax.Move, string) {
	v := judge(g)
	return v.stop, v.why
}

// check reports on the game of p and returns its verdict.
func check(p *analysis.Pass) verdict {
	if p.Dialect != syntax.CTLPGN {
		return verdict{unjudged: &Unjudged{}}
	}
	g := p.Game
	if t := variantTag(g); t != nil && !IsCescacs(t.Value) {
		if len(g.Moves) > 0 {
			p.Report(analysis.Diagnostic{Span: t.Sp, Severity: analysis.Info, Code: CodeVariant,
				Message: "variant " + strconv.Quote(t.Value) + ": moves are not checked"})
		}
		return verdict{unjudged: &Unjudged{}}
	}
	start := StartOf(g)
	reportTag(p, g, start.Redefine, start.RedefineErrs, CodeBadRedefine, CodeRedefineForm)
	reportTag(p, g, start.PDTL, start.PDTLErrs, CodeBadPDTL, CodePDTLForm)
	if p.MinimalReader() {
		// Only coherence: no numbers, marks or results (§8.9).
		r := &reporter{p: p, g: g, start: start, minimal: true}
		ReplayMinimal(g, start, func(st *Step) { r.step(st) })
		r.flush()
		r.leave(0)
		return verdict{unjudged: &Unjudged{r.quiet}}
	}
	r := &reporter{p: p, g: g, start: start, commas: make([]bool, len(g.Tokens))}
	final, finalOK := start.Pos, start.OK
	var last *syntax.Move
	var main *lineState
	var v verdict
	lastIndex := lastMove(g.Moves)
	Replay(g, start, func(st *Step) {
		ls := r.step(st)
		if st.Depth == 0 {
			main = ls
			if v.stop == nil {
				if why := unplayable(st, ls); why != "" {
					v.stop, v.why = st.Node, why
				}
			}
			if ls.end == nil || !ls.end.reported {
				last, finalOK = st.Node, st.After != nil
				if finalOK && st.Index == lastIndex {
					// Only the position after the main line's last move
					// is looked at, when no move follows the end.
					final = *st.After
				}
			}
		}
	})
	r.flush()
	r.strayCommas()
	// The game ends with the last move of the main line or, when moves
	// follow the end of the game, with the move that ended it; the moves
	// from after on are not judged.
	after := syntax.Pos(len(g.Text))
	var status cescacs.Status
	known := finalOK
	switch {
	case main != nil && main.end != nil && main.end.reported:
		e := main.end
		last, after, status, known = e.move, e.after, e.status, true
		checkFinal(p, g, status, e.turn)
	case finalOK:
		reps := 1
		if main != nil && main.hist.known {
			reps = main.hist.count()
		}
		status = final.Status().WithRepetitions(reps)
		checkFinal(p, g, status, final.Turn())
	}
	decided := ""
	if status.Over() {
		decided = status.Result
	}
	checkResultTag(p, g, decided)
	mated := status.Checkmate
	if !known && last != nil {
		mated = strings.HasSuffix(last.Text, "#") // the final position is not known
	}
	checkEndMarks(p, g, last, mated, after)
	r.leave(0)
	v.unjudged, v.decided = &Unjudged{r.quiet}, decided
	return v
}

// unplayable tells why the game cannot hold the move of st, of the main
// line ls, or "" when it can.
func unplayable(st *Step, ls *lineState) string {
	switch n := st.Node.Text; {
	case ls.end != nil && ls.end.reported:
		return "move " + n + " follows the end of the game, " + ls.end.String()
	case st.Before == nil:
		return "move " + n + " is not checked: the position it is played in is not known"
	case cescacs.HasError(st.Problems):
		return "move " + n + " is not well-formed CTL-AN"
	case st.Err != nil || st.After == nil:
		return "move " + n + " is not legal"
	}
	return ""
}

func variantTag(g *syntax.Game) *syntax.Tag {
	for _, t := range g.Tags {
		if t.Name == "Variant" && t.ValueSpan != (syntax.Span{}) {
			return t
		}
	}
	return nil
}

// IsCescacs reports whether a Variant tag value names C'escacs: the
// specified "C'escacs", with either apostrophe, in any case, or without
// it. Records of other variants (Grand C'escacs) are not checked.
func IsCescacs(v string) bool {
	v = strings.ReplaceAll(strings.TrimSpace(v), "’", "'")
	return strings.EqualFold(v, "C'escacs") || strings.EqualFold(v, "Cescacs")
}

// severity converts a cescacs severity.
func severity(s cescacs.Severity) analysis.Severity {
	switch s {
	case cescacs.SeverityError:
		return analysis.Error
	case cescacs.SeverityWarning:
		return analysis.Warning
	}
	return analysis.Hint
}

// reportTag reports the problems of a tag value, with spans inside the
// value.
func reportTag(p *analysis.Pass, g *syntax.Game, t *syntax.Tag, probs []cescacs.Problem, bad, form analysis.Code) {
	if t == nil {
		return
	}
	for _, pr := range probs {
		sp := g.TagValueSpan(t, pr.Offset, pr.End)
		if pr.Code == cescacs.CodeRedefineStrayQuote && g.Slice(sp) == `"` {
			strayQuote(p, t, pr, sp, bad)
			continue
		}
		d := analysis.Diagnostic{Span: sp, Severity: severity(pr.Severity), Code: form, Message: t.Name + ": " + pr.Msg}
		if pr.Severity == cescacs.SeverityError {
			d.Code = bad
		}
		if pr.HasFix {
			d.Fixes = []analysis.Fix{{Title: fixTitle(pr.Fix), Edits: []analysis.Edit{{Span: sp, New: pr.Fix}}}}
		}
		p.Report(d)
	}
}

// strayQuote reports a quote left unescaped inside the Redefine tag t,
// as in the specification's own example [Redefine "A@J, T@R", C@N"]
// (§10.1): PGN readers end the value there, so it is an error, told once
// in place of the parser's unescaped-quote, with the fix that deletes it.
func strayQuote(p *analysis.Pass, t *syntax.Tag, pr cescacs.Problem, sp syntax.Span, code analysis.Code) {
	reads := t.Value[:pr.Offset] + t.Value[pr.End:]
	p.ReportInstead(analysis.Diagnostic{Span: sp, Severity: analysis.Error, Code: code,
		Message: t.Name + ": stray quote: PGN readers end the value at it; pgnls ignores it and reads " + strconv.Quote(reads),
		Fixes:   []analysis.Fix{{Title: "Delete the quote", Edits: []analysis.Edit{{Span: sp}}}}}, syntax.CodeUnescapedQuote)
}

// fixTitle names a replacement for the fix menu.
func fixTitle(s string) string {
	if s == "" {
		return "Delete it"
	}
	return "Write " + s
}

// reporter turns replay steps into diagnostics, collapsing the moves of
// each line after a failure into one unverified-moves report.
type reporter struct {
	p      *analysis.Pass
	g      *syntax.Game
	start  Start
	commas []bool // by token index: the commas that separate a pair
	tok    int    // the last answer of tokenAt
	runs   []*lineRun
	lines  []*lineState // the lines being replayed, by depth
	quiet  []stretch    // stretches of lines whose moves are not judged (see Unjudged)
	// minimal: the steps come from ReplayMinimal, and only what the
	// minimal reader reports is looked at (coherence, not the rules, so
	// not the end of the game either).
	minimal bool
}

// lineRun is a stretch of unverified moves of one line.
type lineRun struct {
	first, last *syntax.Move
	n           int
	fromStart   bool // the line's start position is unknown
}

// step reports on one move and returns the state of its line.
func (r *reporter) step(st *Step) *lineState {
	ls := r.enter(st)
	if !r.minimal && r.over(ls, st) {
		r.pair(st, false)
		return ls
	}
	if st.Before == nil {
		// Not judged: after a failed move the reading of the text is in
		// doubt, and the line's one unverified-moves report says so.
		if !r.minimal {
			r.pair(st, false)
		}
		r.unverified(ls, st)
		return ls
	}
	if !r.minimal {
		if st.First && st.Depth > 0 && r.unjudged(st.Node.Sp.Start) {
			// A variation checked inside a stretch that is not, such
			// as one replacing the failed move: judged all the same.
			r.quiet = append(r.quiet, stretch{sp: syntax.Span{Start: st.Line[0].Span().Start, End: st.Line[len(st.Line)-1].Span().End}, judged: true})
		}
		r.numbers(st)
		r.pair(st, true)
	}
	n := st.Node
	for _, pr := range st.Problems {
		r.moveProblem(n, pr) // an invalid notation always has an error here
	}
	if e := st.Err; e != nil && !sameAsProblem(e, st.Problems) {
		r.p.Report(failure(st))
	}
	if st.After == nil || r.minimal {
		return ls
	}
	r.played(ls, st)
	for _, f := range st.Before.FindingsAfter(&st.Notation, st.Move, st.After) {
		d := analysis.Diagnostic{Span: n.Sp, Severity: severity(f.Severity), Message: n.Text + ": " + f.Msg}
		switch f.Code {
		case cescacs.CodeMateFalse:
			d.Code = CodeFalseMate
		case cescacs.CodeCheckRefine:
			d.Code = CodeCheckRefine
		case cescacs.CodeAwaitingSuffix:
			d.Code = CodeAwaiting
		default:
			d.Code = CodeCheckMark
		}
		if f.HasFix {
			d.Fixes = []analysis.Fix{moveFix(n, f.Offset, f.End, f.Fix)}
		}
		r.p.Report(d)
	}
	return ls
}

// failure is the diagnostic of a move whose Err is set: incoherent when
// its notation describes no move of the position at all, which the
// minimal reader also reports, else illegal. Both readers give an
// incoherent move the same message.
func failure(st *Step) analysis.Diagnostic {
	n, e := st.Node, st.Err
	d := analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeIllegal, Message: n.Text + " is illegal: " + e.Msg}
	ce := e
	if e.Kind != cescacs.ErrIncoherent {
		_, ce = st.Before.Coherent(st.Notation)
	}
	if ce != nil {
		d.Code, d.Message = CodeIncoherent, n.Text+" is incoherent: "+ce.Msg
	}
	if e.HasFix {
		d.Fixes = []analysis.Fix{moveFix(n, e.Offset, e.End, e.Fix)}
	}
	return d
}

// sameAsProblem reports whether a resolve error repeats a parse problem
// (the same place and the same fix).
func sameAsProblem(e *cescacs.ResolveError, probs []cescacs.Problem) bool {
	for _, pr := range probs {
		if pr.Severity == cescacs.SeverityError && pr.Offset == e.Offset && pr.End == e.End && pr.HasFix == e.HasFix && pr.Fix == e.Fix {
			return true
		}
	}
	return false
}

// moveProblem reports a problem of ParseMove.
func (r *reporter) moveProblem(n *syntax.Move, pr cescacs.Problem) {
	d := analysis.Diagnostic{Span: n.Sp, Severity: severity(pr.Severity), Message: quote(n.Text) + ": " + pr.Msg}
	switch {
	case pr.Code == cescacs.CodeMoveCaptureX:
		d.Code = CodeCaptureX
	case pr.Code == cescacs.CodeMoveLegacyCheck:
		d.Code = CodeLegacyCheck
	case pr.Severity == cescacs.SeverityError:
		d.Code = CodeBadMove
	default:
		d.Code = CodeMoveForm
	}
	if pr.HasFix {
		d.Fixes = []analysis.Fix{moveFix(n, pr.Offset, pr.End, pr.Fix)}
	}
	r.p.Report(d)
}

// moveFix replaces the bytes [off, end) of a move's text with s. The
// edit rewrites the whole move, so that fixes of one move (and the end
// mark added after it) never apply on top of each other.
func moveFix(n *syntax.Move, off, end int, s string) analysis.Fix {
	off = min(max(off, 0), len(n.Text))
	end = min(max(end, off), len(n.Text))
	text := n.Text[:off] + s + n.Text[end:]
	return analysis.Fix{Title: "Write " + text, Edits: []analysis.Edit{{Span: n.Sp, New: text}}}
}

func quote(s string) string { return "'" + s + "'" }

// unverified collects the moves of line ls whose position is unknown;
// flush reports each line's run once.
func (r *reporter) unverified(ls *lineState, st *Step) {
	if ru := ls.run; ru != nil {
		ru.n++
		ru.last = st.Node
		return
	}
	ls.run = &lineRun{first: st.Node, last: st.Node, n: 1, fromStart: firstMove(st.Line) == st.Node}
	r.runs = append(r.runs, ls.run)
	r.unjudge(st)
}

// unjudge records that the moves of the line of st from st on are not
// judged, from the move number or ellipsis written before st up to the
// end of the line's last element and the commas after it.
func (r *reporter) unjudge(st *Step) {
	start := st.Node.Sp.Start
	switch {
	case st.Number != nil:
		start = st.Number.Sp.Start
	case st.Ellipsis != nil:
		start = st.Ellipsis.Sp.Start
	}
	end := st.Line[len(st.Line)-1].Span().End
	toks := r.g.Tokens
	for i := r.g.TokenAt(end); i >= 0 && i < len(toks); i++ {
		if k := toks[i].Kind; k != syntax.KComma && !k.IsTrivia() {
			break
		}
		end = toks[i].Span.End
	}
	r.quiet = append(r.quiet, stretch{sp: syntax.Span{Start: start, End: end}})
}

// firstMove returns the first move of a line.
func firstMove(line []syntax.Elem) *syntax.Move {
	for _, e := range line {
		if m, ok := e.(*syntax.Move); ok {
			return m
		}
	}
	return nil
}

func (r *reporter) flush() {
	for _, ru := range r.runs {
		var msg string
		switch {
		case ru.fromStart && ru.n == 1:
			msg = "the move of this line was not checked: the position it starts from is not known"
		case ru.fromStart:
			msg = strconv.Itoa(ru.n) + " moves of this line were not checked: the position it starts from is not known"
		case ru.n == 1:
			msg = "1 later move of this line was not checked after the failed move"
		default:
			msg = strconv.Itoa(ru.n) + " later moves of this line were not checked after the failed move"
		}
		r.p.Report(analysis.Diagnostic{Span: syntax.Span{Start: ru.first.Sp.Start, End: ru.last.Sp.End}, Severity: analysis.Info, Code: CodeUnverified, Message: msg})
	}
}
