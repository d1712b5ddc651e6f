package legality

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// Codes of the automatic draws (FIDE Laws of Chess 9.6, since 2014).
const (
	CodeFivefold    = analysis.Code("fivefold-repetition")
	CodeSeventyFive = analysis.Code("seventy-five-moves")
)

// seventyFive is the halfmove clock of the 75-move rule.
const seventyFive = 150

// Draws checks the main line of chess and Chess960 games against the
// draws the arbiter no longer waits to be claimed: the same position a
// fifth time, and 75 moves of each side without a capture or a pawn
// move (unless the last of them mates). The game ends there: moves
// after it are not part of it, and its result is 1/2-1/2.
var Draws = &analysis.Analyzer{
	Name: "draws",
	Doc:  "Automatic draws of chess and Chess960: fivefold repetition and the 75-move rule.",
	Codes: []analysis.CodeInfo{
		{Code: CodeFivefold, Severity: analysis.Warning, Doc: "The main line reaches the same position (the same men on the same squares, the same side to move, the same castling rights and en passant capture) for the fifth time: under the FIDE Laws since 2014 (9.6.1) the game is drawn there, without a claim. Moves after it are reported, as they are not part of the game; a game that ends there with another result than 1/2-1/2 gets the fix that writes 1/2-1/2 (marker and Result tag). Chess and Chess960; the other variants have rules of their own. Games dated before 2014 are left alone: the rule did not exist."},
		{Code: CodeSeventyFive, Severity: analysis.Warning, Doc: "Each side has made 75 moves without a capture or a pawn move (the halfmove clock reaches 150) and the last move does not mate: under the FIDE Laws since 2014 (9.6.2) the game is drawn there, without a claim. Moves after it are reported, as they are not part of the game; a game that ends there with another result than 1/2-1/2 gets the fix that writes 1/2-1/2 (marker and Result tag). Chess and Chess960; games dated before 2014 are left alone."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Requires: []*analysis.Analyzer{Analyzer}, // the main line it replayed
	Run:      runDraws,
}

func runDraws(p *analysis.Pass) {
	ml := MainLineOf(p)
	s := ml.Start
	if !s.Known || !s.OK || s.Variant != chess.Standard && s.Variant != chess.Chess960 || before2014(p.Game) {
		return
	}
	end, code, why := automaticDraw(s.Pos, ml.Moves)
	if end < 0 || !p.Enabled(code, analysis.Warning) {
		return
	}
	g := p.Game
	var moves []*syntax.Move
	for _, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			moves = append(moves, m)
		}
	}
	last := moves[end]
	if end+1 < len(moves) {
		p.Report(analysis.Diagnostic{
			Span: moves[end+1].Sp, Severity: analysis.Warning, Code: code,
			Message: "the game ended in a draw at " + last.Text + " (" + why + "): the moves after it are not part of the game",
			Related: []analysis.Related{{Span: last.Sp, Msg: "the game ends here"}},
		})
		return
	}
	const draw = "1/2-1/2"
	tag := analysis.ResultTag(g)
	var at syntax.Span
	var have string
	var edits []analysis.Edit
	switch {
	case g.Result != nil && g.Result.Text != draw:
		at, have = g.Result.Sp, g.Result.Text
		edits = append(edits, analysis.Edit{Span: g.Result.Sp, New: draw})
		if tag != nil && tag.Value != draw {
			edits = append(edits, analysis.Edit{Span: tag.ValueSpan, New: strconv.Quote(draw)})
		}
	case g.Result == nil && tag != nil && tag.Value != draw:
		at, have = tag.ValueSpan, tag.Value
		edits = append(edits, analysis.Edit{Span: tag.ValueSpan, New: strconv.Quote(draw)})
	default:
		return
	}
	p.Report(analysis.Diagnostic{
		Span: at, Severity: analysis.Warning, Code: code,
		Message: "result " + have + " contradicts the end of the game at " + last.Text + ": " + why + ", a draw (1/2-1/2)",
		Related: []analysis.Related{{Span: last.Sp, Msg: "the game ends here"}},
		Fixes:   []analysis.Fix{{Title: "End the game with " + draw, Edits: edits}},
	})
}

// automaticDraw returns the index of the move of moves, played from
// start, after which the game is drawn by the fifth repetition or the
// 75-move rule, with the code and why; -1 when none is, or when that
// position ends the game otherwise (a mate, a dead position).
func automaticDraw(start chess.Position, moves []chess.Move) (int, analysis.Code, string) {
	// pos[i%2] is the position before move i: each move is played into
	// the other buffer, with no copy on the way.
	var pos [2]chess.Position
	pos[0] = start
	// The keys of the positions since the last capture or pawn move, in
	// order (no earlier position can come again), counted by a scan: such
	// stretches are short, the 75-move rule ends them at 150 plies, and a
	// scan costs less than hashing every key into a map.
	var buf [64]chess.Key
	seen := append(buf[:0], start.Key())
	for i, m := range moves {
		cur := &pos[(i+1)%2]
		pos[i%2].MakeTo(cur, m)
		if cur.HalfmoveClock() == 0 {
			seen = seen[:0]
		}
		k := cur.Key()
		// n counts the occurrences of k, this one included; with fewer
		// than four earlier positions it cannot reach five.
		n := 1
		if len(seen) >= 4 {
			for _, s := range seen {
				if s == k {
					n++
				}
			}
		}
		seen = append(seen, k)
		code, why := analysis.Code(""), ""
		switch {
		case n == 5:
			code, why = CodeFivefold, "the position occurs for the fifth time"
		case cur.HalfmoveClock() >= seventyFive:
			code, why = CodeSeventyFive, "75 moves of each side without a capture or a pawn move"
		default:
			continue
		}
		// A mate decides the game first; a dead position (no mate
		// possible) ended it before. The moves of a main line stop at
		// a mate or a stalemate, so only here is the outcome asked.
		if cur.Outcome().Result != "" {
			return -1, "", ""
		}
		return i, code, why
	}
	return -1, "", ""
}

// before2014 reports whether g was played before July 2014, when the
// FIDE Laws made these draws automatic, as its Date tag tells (a year
// of four digits; an unknown date is not before).
func before2014(g *syntax.Game) bool {
	d, _ := g.TagValue("Date")
	if len(d) < 4 || !analysis.Digits(d[:4]) {
		return false
	}
	y, _ := strconv.Atoi(d[:4])
	return y < 2014
}
