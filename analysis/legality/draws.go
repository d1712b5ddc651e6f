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
	d := MainLineOf(p).draw // found only where drawsApply
	if !d.found || !p.Enabled(d.code, analysis.Warning) {
		return
	}
	end, code, why := d.at, d.code, d.why
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

// drawEnd is where a main line is drawn automatically: after its move
// at (an index of MainLine.Moves), by the rule code, for the reason why.
type drawEnd struct {
	found bool
	at    int
	code  analysis.Code
	why   string
}

// drawScan finds where a main line is drawn by the fifth repetition or
// the 75-move rule, fed the position after each of its moves by the
// Analyzer's replay: the Draws analyzer does not play the moves again.
// Nothing is found when the position there ends the game otherwise (a
// mate, a dead position).
type drawScan struct {
	// seen holds the keys of the positions since the last capture or
	// pawn move, in order (no earlier position can come again), counted
	// by a scan: such stretches are short, the 75-move rule ends them
	// at 150 plies, and a scan costs less than hashing every key.
	seen []chess.Key
	ply  int  // the moves fed so far
	done bool // the scan stopped: end says where, if anywhere
	end  drawEnd
}

// newDrawScan starts a scan of a main line from its start position.
func newDrawScan(start *chess.Position) *drawScan {
	return &drawScan{seen: append(make([]chess.Key, 0, 16), start.Key())}
}

// play takes the position after the main line's next move.
func (d *drawScan) play(pos *chess.Position) {
	if d.done {
		return
	}
	i := d.ply
	d.ply++
	if pos.HalfmoveClock() == 0 {
		d.seen = d.seen[:0]
	}
	k := pos.Key()
	// n counts the occurrences of k, this one included. Every move
	// passes the turn, so only every other earlier position has the same
	// side to move, and with fewer than four of them n cannot reach five.
	n := 1
	for j := len(d.seen) - 2; j >= 0 && len(d.seen) >= 8; j -= 2 {
		if d.seen[j] == k {
			n++
		}
	}
	d.seen = append(d.seen, k)
	code, why := analysis.Code(""), ""
	switch {
	case n == 5:
		code, why = CodeFivefold, "the position occurs for the fifth time"
	case pos.HalfmoveClock() >= seventyFive:
		code, why = CodeSeventyFive, "75 moves of each side without a capture or a pawn move"
	default:
		return
	}
	d.done = true
	// A mate decides the game first; a dead position (no mate possible)
	// ended it before. The moves of a main line stop at a mate or a
	// stalemate, so only here is the outcome asked.
	if pos.Outcome().Result == "" {
		d.end = drawEnd{found: true, at: i, code: code, why: why}
	}
}

// drawsApply reports whether the automatic draws are looked for in a
// game from start: chess or Chess960, from a known position, played
// from July 2014 on.
func drawsApply(g *syntax.Game, s Start) bool {
	return s.Known && s.OK && (s.Variant == chess.Standard || s.Variant == chess.Chess960) && !before2014(g)
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
