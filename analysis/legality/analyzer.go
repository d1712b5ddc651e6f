package legality

import (
	"errors"
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer.
const (
	CodeIllegal        = analysis.Code("illegal-move")
	CodeAmbiguous      = analysis.Code("ambiguous-move")
	CodeBadSAN         = analysis.Code("bad-san")
	CodeUnverified     = analysis.Code("unverified-moves")
	CodeNotation       = analysis.Code("non-canonical-san")
	CodeCaptureMark    = analysis.Code("capture-mark")
	CodeCheckMark      = analysis.Code("check-mark")
	CodeDisambiguation = analysis.Code("over-disambiguation")
	CodeBadFEN         = analysis.Code("bad-fen")
	CodeFENWarning     = analysis.Code("fen-warning")
	CodeImpossible     = analysis.Code("impossible-position")
	CodeVariant        = analysis.Code("variant-not-checked")
	CodeMoveNumber     = analysis.Code("move-number-mismatch")
	CodeMoveDots       = analysis.Code("move-number-dots")
	CodeNullMove       = analysis.Code("null-move")
	CodeResultInVar    = analysis.Code("result-in-variation")
	CodeResultMismatch = analysis.Code("result-mismatch")
	CodeResultPosition = analysis.Code("result-contradicts-position")
)

// Analyzer checks every move of PGN games.
var Analyzer = &analysis.Analyzer{
	Name: "legality",
	Doc:  "Move legality for orthodox chess, Chess960 and the lichess variants: every move of every line is resolved against its position under the rules the Variant tag names.",
	Codes: []analysis.CodeInfo{
		{Code: CodeIllegal, Severity: analysis.Error, Doc: "A move is not legal in its position: no piece can reach the square, the piece is pinned, the king would be in check, castling is not allowed, a promotion is missing or wrong. The message names the pieces and squares involved."},
		{Code: CodeAmbiguous, Severity: analysis.Error, Doc: "Several pieces can make the move; the message lists their squares. Add the origin file or rank."},
		{Code: CodeBadSAN, Severity: analysis.Error, Doc: "A move is not written in SAN at all (for example a German piece letter 'S', or garbage)."},
		{Code: CodeUnverified, Severity: analysis.Info, Doc: "After a move that fails (illegal, ambiguous or not SAN), the rest of its line and the variations that branch off later cannot be checked; each such line is reported once, naming the failed move and its move number, instead of as a cascade of errors."},
		{Code: CodeNotation, Severity: analysis.Warning, Doc: "A legal move written in an accepted non-canonical form (0-0, Ng1f3, e2-e4, e8Q, dashes, ':' for captures, 'ep'); the fix writes the canonical SAN."},
		{Code: CodeCaptureMark, Severity: analysis.Warning, Doc: "A capture written without 'x'; 'x' (or ':') on a move that captures nothing, such as Ng1xf3 or e2xe4; or an en passant mark (e.p., ep) on a move that is not an en passant capture."},
		{Code: CodeCheckMark, Severity: analysis.Warning, Doc: "A missing or wrong check (+) or mate (#) suffix."},
		{Code: CodeDisambiguation, Severity: analysis.Hint, Doc: "A move names more of its origin square than SAN needs."},
		{Code: CodeBadFEN, Severity: analysis.Error, Doc: "The FEN tag is malformed, or its position is one moves cannot be played from (no king or two, a pawn on the first or last rank, the side not to move in check); its moves are then not checked. Digits side by side in a rank ('44', which python-chess refuses) are an error too, but the position is clear, so the moves are checked; the fix merges the digits."},
		{Code: CodeImpossible, Severity: analysis.Error, Doc: "The FEN tag holds a position no legal game can reach, one python-chess's Board.status() calls invalid: more than 8 pawns or 16 men of a side, a triple check, two checks from both sides of one line, which no move can give, or an en passant square whose double step cannot explain the check of the side to move. The moves are still checked from it."},
		{Code: CodeFENWarning, Severity: analysis.Warning, Doc: "The FEN tag is usable but unusual: fewer than six fields (the missing ones default to 'w - - 0 1'), a full-move number 0, or a castling right or en passant square the position cannot have (the king or rook is not on its square, the right repeats or conflicts with another; no pawn can just have passed the square). The right or square is dropped and the moves are checked without it; the fix writes the FEN that way."},
		{Code: CodeVariant, Severity: analysis.Info, Doc: "The Variant tag names a variant pgnls does not know; syntax is checked, move legality is not. Known are standard chess, Chess960 and the variants lichess plays: Crazyhouse, Atomic, Antichess (Giveaway), King of the Hill, Three-check (3check), Horde and Racing Kings, under their usual spellings; the message lists them."},
		{Code: CodeMoveNumber, Severity: analysis.Warning, Doc: "A move number does not match the move that follows it."},
		{Code: CodeMoveDots, Severity: analysis.Warning, Layout: true, Doc: "A move number has a number of periods other than one (White) or three (Black), such as '4..'."},
		{Code: CodeNullMove, Severity: analysis.Info, Doc: "A null move ('--', or 'Z0' and the UCI '0000', which are also non-canonical-san): not a chess move; accepted as a pass (set this code's severity to error to forbid them)."},
		{Code: CodeResultInVar, Severity: analysis.Warning, Doc: "A game result inside a variation; results belong at the end of the main line only."},
		{Code: CodeResultMismatch, Severity: analysis.Error, Doc: "The Result tag and the game termination marker disagree; fixes set either to the other. pgnls fix sets the tag to the marker, or, when the marker is '*', the marker to the tag's result; neither when the final position decides the result (see result-contradicts-position)."},
		{Code: CodeResultPosition, Severity: analysis.Warning, Doc: "The result contradicts the final position: checkmate decides the game for the mating side, stalemate and insufficient material are draws; in the variants their own ends decide too (a king on the hill, the third check, an exploded king, a side without pieces, which wins antichess and loses horde, a stalemate, which wins antichess, a king home in racing kings). The fix writes that result in the marker and the Result tag; pgnls fix leaves a draw by insufficient material to the user, since an adjudication or a forfeit may have decided the game."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Run:      run,
}

func run(p *analysis.Pass) {
	g := p.Game
	start := StartOf(g)
	checkResultsInVariations(p, g)
	if !start.Known {
		v, _ := g.TagValue("Variant")
		if len(g.Moves) > 0 {
			p.Report(analysis.Diagnostic{Span: variantSpan(g), Severity: analysis.Info, Code: CodeVariant,
				Message: "unknown variant " + strconv.Quote(v) + ": moves are not checked for legality (known variants: " + chess.KnownVariantNames() + ")"})
		}
		checkResultTag(p, g, "")
		MainLineResult.Set(p, &MainLine{Start: start})
		return
	}
	reportFEN(p, start)
	r := reporter{p: p, base: max(start.Pos.FullmoveNumber(), 1), lints: p.Wants(analysis.Info)}
	ml := MainLine{Start: start, Moves: make([]chess.Move, 0, len(g.Moves))}
	played := true
	var draws *drawScan
	if drawsApply(g, start) {
		draws = newDrawScan(&start.Pos)
	}
	numbers := numberBase(start)
	final := replay(g, start, true, func(st *Step) bool {
		r.step(st)
		if n := numberBefore(st.Line, st.Index); n != nil {
			checkNumber(p, n, numbers, st.Ply)
		}
		if st.Depth == 0 && played {
			if played = st.After != nil; played {
				ml.Moves = append(ml.Moves, st.Move)
				if draws != nil {
					draws.play(st.After)
				}
			}
		}
		return true
	})
	if draws != nil {
		ml.draw = draws.end
	}
	MainLineResult.Set(p, &ml)
	r.flush()
	decided := ""
	if final != nil {
		decided = checkFinal(p, g, final)
	}
	checkResultTag(p, g, decided)
}

func variantSpan(g *syntax.Game) syntax.Span {
	for _, t := range g.Tags {
		if t.Name == "Variant" {
			return t.Sp
		}
	}
	return syntax.Span{}
}

func reportFEN(p *analysis.Pass, s Start) {
	if s.FEN == nil {
		return
	}
	for _, e := range s.FENErrs {
		d := analysis.Diagnostic{
			Span:     p.Game.TagValueSpan(s.FEN, e.Offset, e.End),
			Severity: analysis.Error, Code: CodeBadFEN, Message: "FEN: " + e.Msg,
		}
		switch e.Kind {
		case chess.FENImpossible:
			d.Code = CodeImpossible
		case chess.FENWarning:
			d.Severity, d.Code = analysis.Warning, CodeFENWarning
		}
		if e.Fix != nil {
			d.Fixes = []analysis.Fix{{Title: e.Fix.Title, Edits: []analysis.Edit{{
				Span: p.Game.TagValueSpan(s.FEN, e.Fix.Offset, e.Fix.End), New: e.Fix.New}}}}
		}
		p.Report(d)
	}
}

// reporter turns replay steps into diagnostics, collapsing the moves after
// a failure of each line into one unverified-moves report.
type reporter struct {
	p      *analysis.Pass
	base   int                    // the full-move number of ply 0
	runs   []*unverifiedRun       // in order of their first move
	open   map[int]*unverifiedRun // by line, see lineKey
	failed map[int]failure        // the failed move of each line that has one
	cause  []*failure             // by depth: why the last move visited there is unverified; nil if it is not
	lints  bool                   // infos are kept: lint the moves that resolve
}

// failure is a move that did not resolve.
type failure struct {
	move *syntax.Move
	ply  int
}

// unverifiedRun is the moves of one line that could not be checked.
type unverifiedRun struct {
	first, last *syntax.Move
	n           int
	depth       int
	cause       *failure // nil when the start position is unusable
	later       bool     // the cause is in the same line
}

func (r *reporter) step(st *Step) {
	p := r.p
	n := st.Node
	if st.Depth < len(r.cause) {
		r.cause[st.Depth] = nil
	}
	if st.Before == nil {
		for len(r.cause) <= st.Depth {
			r.cause = append(r.cause, nil)
		}
		r.unverified(st)
		return
	}
	if st.Err == nil {
		if r.lints && !st.Canonical {
			r.lint(st)
		}
		return
	}
	if r.failed == nil {
		r.failed = map[int]failure{}
	}
	r.failed[lineKey(st)] = failure{n, st.Ply}
	var rerr *chess.ResolveError
	var serr *chess.SANError
	switch {
	case errors.As(st.Err, &rerr) && rerr.Kind == chess.ResolveAmbiguous:
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeAmbiguous, Message: n.Text + " is ambiguous: " + rerr.Msg, Fixes: ambiguityFixes(st, rerr)})
	case errors.As(st.Err, &rerr):
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeIllegal, Message: n.Text + " is illegal: " + rerr.Msg})
	case errors.As(st.Err, &serr):
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeBadSAN, Message: quote(n.Text) + " is not a move in SAN: " + serr.Msg})
	default:
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeIllegal, Message: n.Text + ": " + st.Err.Error()})
	}
}

func quote(s string) string { return "'" + s + "'" }

// ambiguityFixes offers one fix per candidate, each writing its SAN.
func ambiguityFixes(st *Step, e *chess.ResolveError) []analysis.Fix {
	var fixes []analysis.Fix
	for _, m := range e.Candidates {
		san := st.Before.SAN(m)
		fixes = append(fixes, analysis.Fix{Title: "Change to " + san, Edits: []analysis.Edit{{Span: st.Node.Sp, New: san}},
			Manual: "it picks one of the pieces that can make the move"})
	}
	return fixes
}

// unverified collects a move that could not be checked into the run of
// its line, and finds why: the failed move before it in its line, or,
// in a variation that branches off an unchecked move, that move's cause.
func (r *reporter) unverified(st *Step) {
	key := lineKey(st)
	run := r.open[key]
	if run == nil {
		run = &unverifiedRun{first: st.Node, depth: st.Depth}
		if f, ok := r.failed[key]; ok {
			run.cause, run.later = &f, true
		} else if st.Depth > 0 {
			run.cause = r.cause[st.Depth-1]
		}
		if r.open == nil {
			r.open = map[int]*unverifiedRun{}
		}
		r.open[key] = run
		r.runs = append(r.runs, run)
	}
	run.n++
	run.last = st.Node
	r.cause[st.Depth] = run.cause
}

// lineKey identifies the line of a step by the offset of its first element.
func lineKey(st *Step) int {
	if len(st.Line) == 0 {
		return -1
	}
	return int(st.Line[0].Span().Start)
}

func (r *reporter) flush() {
	for _, run := range r.runs {
		moves := "moves"
		verb := "were"
		if run.n == 1 {
			moves, verb = "move", "was"
		}
		line := "the main line"
		if run.depth > 0 {
			line = "this variation"
		}
		msg := strconv.Itoa(run.n) + " "
		if run.later {
			msg += "later "
		}
		msg += moves + " of " + line + " " + verb + " not checked"
		var related []analysis.Related
		if f := run.cause; f != nil {
			msg += " after the failed move " + r.moveName(*f)
			related = []analysis.Related{{Span: f.move.Sp, Msg: "the failed move"}}
		} else {
			msg += ": the start position is not valid"
		}
		r.p.Report(analysis.Diagnostic{Span: syntax.Span{Start: run.first.Sp.Start, End: run.last.Sp.End}, Severity: analysis.Info, Code: CodeUnverified, Message: msg, Related: related})
	}
}

// moveName writes a failed move with its move number, as in "4. Ke3" or
// "4... Nf6".
func (r *reporter) moveName(f failure) string {
	num := strconv.Itoa(r.base + f.ply/2)
	if f.ply%2 == 0 {
		return num + ". " + f.move.Text
	}
	return num + "... " + f.move.Text
}

// lint reports soft findings on a move that resolved.
// Every finding is an info, a warning or a hint: step calls it only
// when infos are kept (Pass.Wants).
func (r *reporter) lint(st *Step) {
	p := r.p
	n := st.Node
	if st.SAN.Null {
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Info, Code: CodeNullMove, Message: "null move " + n.Text + ": the side to move passes"})
		if st.SAN.Quirks == 0 {
			return
		}
	}
	findings := st.Before.LintAfter(st.SAN, st.Move, st.After)
	for _, f := range findings {
		msg := f.Msg
		if f.Canonical != "" && f.Canonical != n.Text {
			msg += "; write " + f.Canonical
		}
		d := analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Message: msg}
		switch f.Kind {
		case chess.FindingNotation:
			d.Code = CodeNotation
		case chess.FindingMissingCapture, chess.FindingExtraCapture, chess.FindingFalseEnPassant:
			d.Code = CodeCaptureMark
		case chess.FindingDisambiguation:
			d.Code, d.Severity = CodeDisambiguation, analysis.Hint
		default:
			d.Code = CodeCheckMark
		}
		if f.Canonical != "" && f.Canonical != n.Text {
			d.Fixes = []analysis.Fix{{Title: "Write " + f.Canonical, Edits: []analysis.Edit{{Span: n.Sp, New: f.Canonical}}}}
		}
		p.Report(d)
	}
}
