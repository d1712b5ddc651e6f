package format

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// The filtered form of a CTL-PGN record (Options.Filter) is the clean
// input the specification describes for a minimal reader (§8.9, W's sed
// filter):
//
//	[Variant "C'escacs"]      every tag but Redefine, in its order, one per
//	...                       line; PDTL in the standard letters
//	[PDTL "..."]
//
//	1. H6-H12, I23-I19        one pair per line, each move as written but
//	2. JF6-C15, GH26-Z11      in the standard letters; draw offers "(=)"
//	3. L5-L7, NG25-L17:       and end marks ":" kept, but for the ':'
//	0-3                       of a mate, "#:", which '#' makes redundant;
//	                          the result line, if the record has one
//
// Comments, variations, valuation glyphs and NAGs are removed. Move
// numbers are written from the plies, as the formatter writes them. The
// main line alone must be the game: a record with a move the rules
// forbid in its main line, or moves after the end of the game, is not
// filtered (a minimal reader, which plays what is written, would read
// another game).

// Filter returns game g of dialect d in the filtered form. PGN games,
// records of other variants and records with no move and no result line
// are left as they are (Skipped, not Broken): the filter is CTL-PGN's. A
// record with a syntax error, not valid UTF-8, or whose Redefine or PDTL
// tag cannot be read, or whose main line is not its game (a move that
// is not CTL-AN or not legal, moves after the end of the game; see
// ctllegality.Unplayable), is left as it is with Broken set, and At at
// what stopped it. A byte-order mark that starts the game is kept.
// Filter(Filter(x)) == Filter(x).
func Filter(g *syntax.Game, d syntax.Dialect) Result {
	return keepBOM(g, filter(g, d))
}

func filter(g *syntax.Game, d syntax.Dialect) Result {
	if d != syntax.CTLPGN {
		return Result{Text: g.Text, Skipped: "the filter applies to CTL-PGN records only"}
	}
	if reason, at := broken(g); reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true, At: at}
	}
	if at := invalidUTF8(g.Text); at >= 0 {
		return Result{Text: g.Text, Skipped: "the record is not valid UTF-8, which CTL-PGN requires (convert it with --encoding utf-8)", Broken: true, At: at}
	}
	for _, t := range g.Tags {
		if t.Name == "Variant" && !ctllegality.IsCescacs(t.Value) {
			return Result{Text: g.Text, Skipped: "variant " + strconv.Quote(t.Value) + " is not C'escacs"}
		}
	}
	if g.Result == nil && !slices.ContainsFunc(g.Moves, isMove) {
		// Without its comments such a record could become the start of
		// the tag section of the game after it.
		return Result{Text: g.Text, Skipped: "the record has no move and no result line"}
	}
	text, reason, at := filterText(g)
	if reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true, At: at}
	}
	return Result{Text: text}
}

// filterText writes the filtered record, or explains why it cannot and
// where (see Result.At).
func filterText(g *syntax.Game) (text, reason string, at syntax.Pos) {
	start := ctllegality.StartOf(g)
	if cescacs.HasError(start.RedefineErrs) {
		return "", "the Redefine tag cannot be read", valueAt(firstTag(g, "Redefine"))
	}
	if !start.OK {
		return "", "the " + start.PDTL.Name + " tag is not a valid position", valueAt(start.PDTL)
	}
	// The main line alone must be the game: a minimal reader plays it
	// as written, after the end of the game or past a move the rules
	// forbid too.
	if m, why := ctllegality.Unplayable(g); m != nil {
		return "", why, m.Sp.Start
	}
	nl := analysis.LineEnd(g)
	var tags, b strings.Builder // b: the movetext
	for _, t := range g.Tags {
		v := t.Value
		switch {
		case t.Name == "Redefine":
			continue
		case t == start.PDTL:
			var ok bool
			if v, ok = cescacs.StandardPDTL(v, start.Letters); !ok {
				return "", "the " + t.Name + " tag cannot be written in the standard letters", valueAt(t)
			}
		}
		tags.WriteString("[" + t.Name + " \"" + syntax.Escape(v) + "\"]" + nl)
	}
	var line strings.Builder // the pair being written
	pair := -1               // ply of the White move line ends with, or -1
	moved := false           // line ends with a move or its marks
	mate := false            // line ends with a move written '#'
	flush := func() {
		if line.Len() > 0 {
			b.WriteString(line.String() + nl)
			line.Reset()
		}
		pair, moved, mate = -1, false, false
	}
	ply := start.FirstPly
	var num *syntax.MoveNumber // written before the move in its pair
	for _, e := range g.Moves {
		switch n := e.(type) {
		case *syntax.MoveNumber:
			num = n
		case *syntax.Ellipsis, *syntax.Comment, *syntax.Variation, *syntax.Glyph, *syntax.NAG:
		case *syntax.Move:
			text, ok := cescacs.StandardMove(n.Text, start.Letters)
			if !ok {
				return "", "move " + n.Text + " is not well-formed CTL-AN", n.Sp.Start
			}
			switch {
			case ply%2 == 1 && pair == ply-1:
				line.WriteString(", " + text)
			case ply%2 == 1:
				flush()
				line.WriteString(moveNumber(ply, num, start) + " …, " + text)
			default:
				flush()
				line.WriteString(moveNumber(ply, num, start) + " " + text)
				pair = ply
			}
			moved, num = true, nil
			mate = strings.HasSuffix(text, "#")
			ply++
		case *syntax.DrawOffer, *syntax.EndMark:
			if !moved {
				return "", "a game mark does not follow a move", n.Span().Start
			}
			mark := " (=)"
			if _, end := n.(*syntax.EndMark); end {
				mark = ":"
				switch {
				case mate:
					continue // '#' ends the game, so ':' is redundant: "#:" is written "#" (§7.3)
				case strings.HasSuffix(line.String(), ":"):
					mark = " :" // "::" would read as one token
				}
			}
			line.WriteString(mark)
		default:
			return "", "the movetext holds an element the filtered form has no place for", e.Span().Start
		}
	}
	flush()
	if g.Result != nil {
		b.WriteString(g.Result.Text + nl)
	}
	if tags.Len() > 0 && b.Len() > 0 {
		tags.WriteString(nl)
	}
	return tags.String() + b.String(), "", 0
}

func isMove(e syntax.Elem) bool {
	_, ok := e.(*syntax.Move)
	return ok
}

// moveNumber writes the number of the pair of the move at ply: "N.", or
// "1?" where the record numbers its moves from an unknown start (§8.5)
// and wrote so.
func moveNumber(ply int, written *syntax.MoveNumber, start ctllegality.Start) string {
	n := ply/2 + 1
	if n == 1 && written != nil && written.Unknown && !start.NumberKnown {
		return "1?"
	}
	return strconv.Itoa(n) + "."
}
