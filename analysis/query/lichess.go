package query

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/commands"
)

// The embedded commands of lichess (and ChessBase, chess.com) in
// comments, as package commands reads them: "[%cal Ge2e4,Rd7d5]" arrows,
// "[%csl Gd4,Ye5]" marked squares, "[%eval 0.35]" or "[%eval #-3]" an
// engine evaluation, "[%clk 0:05:00]" the clock of the side that has just
// moved.

// Annotations are the lichess commands in the comments of a move.
type Annotations struct {
	Arrows  []Arrow        // [%cal]; PGN only
	Squares []MarkedSquare // [%csl]; PGN only
	Eval    *Eval          // the last [%eval]; nil if none
	Clock   string         // the last [%clk] as written ("0:05:00"); "" if none
}

// Arrow is an arrow drawn on the board.
type Arrow struct {
	From, To string // squares: "e2", "e4"
	Color    string // "green", "red", "yellow" or "blue"
}

// MarkedSquare is a square marked on the board (drawn as a circle).
type MarkedSquare struct {
	Square string // "d4"
	Color  string // "green", "red", "yellow" or "blue"
}

// Eval is an engine evaluation.
type Eval struct {
	Text   string  // as written: "0.35", "#-3"
	Mate   bool    // a forced mate: MateIn holds the moves, else Pawns the score
	MateIn int     // moves to mate; negative when Black mates
	Pawns  float64 // the score in pawns, positive when White is better
	Depth  int     // the search depth ("[%eval 0.35,20]"); 0 when not given
}

// annotationColors maps lichess's colour letters to colour names.
var annotationColors = map[byte]string{'G': "green", 'R': "red", 'Y': "yellow", 'B': "blue"}

// maxAnnotations bounds the arrows and squares read from the comments of
// one move, whatever a file holds.
const maxAnnotations = 64

// readAnnotations adds the commands of the comment text to a; arrows
// and squares only when squares is set (PGN). Malformed commands and
// entries are skipped.
func readAnnotations(a *Annotations, text string, squares bool) {
	for c := range commands.All(text) {
		switch c.Name {
		case "cal":
			if squares {
				readArrows(a, c.Args)
			}
		case "csl":
			if squares {
				readSquares(a, c.Args)
			}
		case "eval":
			if e, ok := parseEval(c.Args); ok {
				a.Eval = e
			}
		case "clk":
			if commands.ValidClock(c.Args) {
				a.Clock = c.Args
			}
		}
	}
}

// entries splits a comma-separated list of a command, dropping blanks.
func entries(args string) []string {
	var out []string
	for _, e := range strings.Split(args, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// readArrows reads "Ge2e4,Rd7d5". An arrow from a square to itself is a
// marked square, as lichess draws it.
func readArrows(a *Annotations, args string) {
	for _, e := range entries(args) {
		if len(e) != 5 || len(a.Arrows)+len(a.Squares) >= maxAnnotations {
			continue
		}
		color, ok := annotationColors[e[0]]
		from, ok1 := chess.ParseSquare(e[1:3])
		to, ok2 := chess.ParseSquare(e[3:5])
		switch {
		case !ok || !ok1 || !ok2:
		case from == to:
			a.Squares = append(a.Squares, MarkedSquare{Square: from.String(), Color: color})
		default:
			a.Arrows = append(a.Arrows, Arrow{From: from.String(), To: to.String(), Color: color})
		}
	}
}

// readSquares reads "Gd4,Ye5".
func readSquares(a *Annotations, args string) {
	for _, e := range entries(args) {
		if len(e) != 3 || len(a.Arrows)+len(a.Squares) >= maxAnnotations {
			continue
		}
		color, ok := annotationColors[e[0]]
		sq, ok1 := chess.ParseSquare(e[1:3])
		if ok && ok1 {
			a.Squares = append(a.Squares, MarkedSquare{Square: sq.String(), Color: color})
		}
	}
}

// parseEval reads "0.35", "-1.2", "#-3", "#3", optionally followed by
// ",DEPTH".
func parseEval(args string) (*Eval, bool) {
	score, depth, hasDepth := strings.Cut(args, ",")
	score = strings.TrimSpace(score)
	e := &Eval{Text: score}
	if hasDepth {
		d, err := strconv.Atoi(strings.TrimSpace(depth))
		if err != nil || d < 0 || d > 1000 {
			return nil, false
		}
		e.Depth = d
	}
	if m, ok := strings.CutPrefix(score, "#"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < -1000 || n > 1000 {
			return nil, false
		}
		e.Mate, e.MateIn = true, n
		return e, true
	}
	if score == "" || strings.ContainsAny(score, "eEnNiI_xXpP") { // no exponents, NaN, Inf, hex
		return nil, false
	}
	v, err := strconv.ParseFloat(score, 64)
	if err != nil || v < -1000 || v > 1000 {
		return nil, false
	}
	e.Pawns = v
	return e, true
}
