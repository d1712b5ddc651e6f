package query

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// The board edits of CTL-PGN records (C'escacs): moves are found and
// written by the C'escacs engine (cescacs.Position.Notation, with the
// record's letters), numbered in move pairs ("5. A, B"; "5. …, B" for a
// Black move that opens a line), and a variation goes after the pair of
// the move it replaces, which its number names (§8.5, §8.6).

// ctlPlace is where a move played at the cursor of a CTL-PGN record
// goes: after the move at index after in the line (-1: at its start),
// in pos.
type ctlPlace struct {
	pos    cescacs.Position
	after  int
	start  ctllegality.Start
	replay map[*syntax.Move]*ctlMove
}

// ctlPlace returns where a move played at the cursor goes, as place does
// for PGN.
func (e *gameEdit) ctlPlace() (ctlPlace, error) {
	start := ctllegality.StartOf(e.g)
	if !start.OK {
		return ctlPlace{}, errors.New("the start position of the record is not known")
	}
	after := e.playAfter()
	w := e.w
	w.index = after + 1
	pos, _, _, ok := ctlPositionAt(e.g, w)
	if !ok {
		return ctlPlace{}, errors.New("the position at the cursor is not known")
	}
	return ctlPlace{pos: pos, after: after, start: start, replay: replayCTL(e.g, start, allMoves(e.g))}, nil
}

// ctlLegalMoves is LegalMoves for a CTL-PGN record: SAN is the CTL-AN
// text of the move (with the record's letters and its check mark), UCI
// the move in the standard letters without the check mark, From and To
// its hexes.
func (e *gameEdit) ctlLegalMoves() ([]PlayMove, error) {
	pl, err := e.ctlPlace()
	if err != nil {
		return nil, err
	}
	var out []PlayMove
	for _, m := range pl.pos.LegalMoves(nil) {
		out = append(out, PlayMove{SAN: pl.pos.Notation(m, pl.start.Letters, cescacs.StyleE), UCI: m.String(), From: m.From.String(), To: m.To.String()})
	}
	return out, nil
}

// resolveCTL reads a move given in CTL-AN (with the record's letters or
// the standard ones, with or without its check mark) in p.
func resolveCTL(p *cescacs.Position, s string, letters *cescacs.Alphabet) (cescacs.Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return cescacs.Move{}, errors.New("no move given")
	}
	for _, m := range p.LegalMoves(nil) {
		if m.String() == s || p.Notation(m, letters, cescacs.StyleE) == s {
			return m, nil
		}
	}
	n, probs := cescacs.ParseMove(s, letters)
	if n.Kind == cescacs.NotationInvalid || cescacs.HasError(probs) {
		return cescacs.Move{}, fmt.Errorf("%q is not a move in CTL-AN", s)
	}
	m, rerr := p.Resolve(n)
	if rerr != nil {
		return cescacs.Move{}, fmt.Errorf("%s cannot be played here: %s", s, rerr.Msg)
	}
	return m, nil
}

// ctlNumberText returns the number to write before a move of ply that
// opens a line: "5. " for White, "5. …, " for Black.
func ctlNumberText(ply int) string {
	n := strconv.Itoa(ply/2 + 1)
	if ply%2 == 1 {
		return n + ". …, "
	}
	return n + ". "
}

// ctlPlay is Play for a CTL-PGN record.
func (e *gameEdit) ctlPlay(move string) (Change, error) {
	pl, err := e.ctlPlace()
	if err != nil {
		return Change{}, err
	}
	m, err := resolveCTL(&pl.pos, move, pl.start.Letters)
	if err != nil {
		return Change{}, err
	}
	san := pl.pos.Notation(m, pl.start.Letters, cescacs.StyleE)
	ply := pl.start.FirstPly
	if pl.after >= 0 {
		if r := pl.replay[e.w.line[pl.after].(*syntax.Move)]; r != nil {
			ply = r.ply + 1
		}
	} else if first := firstMove(e.w.line); first != nil {
		if r := pl.replay[first]; r != nil {
			ply = r.ply
		}
	} else if len(e.w.vars) > 0 {
		v := e.w.vars[len(e.w.vars)-1]
		if rm := ctlReplaced(e.g, pl.start, e.w.parents[len(e.w.vars)-1], e.w.pidx[len(e.w.vars)-1], v); rm != nil {
			if r := pl.replay[rm]; r != nil {
				ply = r.ply
			}
		}
	}
	line := e.w.line
	next := nextMove(line, pl.after)
	if next < 0 {
		return e.ctlAppend(pl, san, ply)
	}
	nm := line[next].(*syntax.Move)
	if r := pl.replay[nm]; r != nil && r.err == nil && r.hasAfter && r.move == m {
		return Change{Cursor: e.r.Start + nm.Sp.Start}, nil
	}
	// The new variation goes after the pair of the next move, its
	// comments and the variations there.
	last := ctlPairEnd(line, next, pl.replay) - 1
	for k := last + 1; k < len(line); k++ {
		switch x := line[k].(type) {
		case *syntax.Comment:
			last = k
			continue
		case *syntax.Ellipsis:
			if nestingDots(line, k) {
				continue
			}
		case *syntax.Variation:
			if v := firstMove(x.Elems); v != nil {
				if r := pl.replay[v]; r != nil && r.err == nil && r.hasAfter && r.ply == ply && r.move == m {
					return Change{Cursor: e.r.Start + v.Sp.Start}, nil
				}
			}
			last = k
			continue
		}
		break
	}
	at := line[last].Span().End
	sep := " "
	if len(e.w.vars) == 0 {
		sep = e.nl // a variation of the main line on a line of its own
	}
	ins := sep + "(" + ctlNumberText(ply) + san + ")"
	text := e.g.Text
	return e.finish(text[:at]+ins+text[at:], at+syntax.Pos(len(ins)-1-len(san)), true)
}

// ctlPairEnd returns the index in line after the move at i, its
// annotations and, for a White move, the Black move of its pair that
// follows it directly with its annotations.
func ctlPairEnd(line []syntax.Elem, i int, rep map[*syntax.Move]*ctlMove) int {
	end := suffixEnd(line, i)
	r := rep[line[i].(*syntax.Move)]
	if r == nil || r.ply%2 == 1 || end >= len(line) {
		return end
	}
	if b, ok := line[end].(*syntax.Move); ok {
		if rb := rep[b]; rb != nil && rb.ply == r.ply+1 {
			return suffixEnd(line, end)
		}
	}
	return end
}

// ctlAppend writes the move san of ply at the end of the cursor's line:
// after ", " when it is Black's and its White move ends the line (but for
// comments and variations, which then follow the pair), else with its
// number on a new line (in a variation, after a blank).
func (e *gameEdit) ctlAppend(pl ctlPlace, san string, ply int) (Change, error) {
	line := e.w.line
	text := e.g.Text
	var at syntax.Pos
	var ins string
	word := ctlNumberText(ply) + san
	sep := e.nl
	if len(e.w.vars) > 0 {
		sep = " "
	}
	switch {
	case len(line) > 0:
		at, ins = line[len(line)-1].Span().End, sep+word
		if k := lastMoveIndex(line); ply%2 == 1 && k >= 0 && tailEnd(line, suffixEnd(line, k)) == len(line) {
			// Black's move joins its White move, before the comments and
			// variations that follow it.
			if r := pl.replay[line[k].(*syntax.Move)]; r != nil && r.ply == ply-1 {
				at, ins = line[suffixEnd(line, k)-1].Span().End, ", "+san
			}
		}
	case len(e.w.vars) > 0:
		v := e.w.vars[len(e.w.vars)-1]
		at, ins = v.Sp.Start+1, word
		if v.Label != nil {
			at, ins = v.Label.Sp.End, word
		}
	case e.g.Result != nil:
		at, ins = e.g.Result.Sp.Start, word+e.nl
	default:
		sp, ok := content(e.g)
		switch {
		case !ok:
			at, ins = 0, word
		default:
			at, ins = sp.End, e.nl+word
		}
	}
	nt := text[:at] + ins + text[at:]
	return e.finish(nt, at+syntax.Pos(len(ins)-len(san)), true)
}

// lastMoveIndex returns the index of the last move of line, or -1.
func lastMoveIndex(line []syntax.Elem) int {
	for k := len(line) - 1; k >= 0; k-- {
		if _, ok := line[k].(*syntax.Move); ok {
			return k
		}
	}
	return -1
}

// ctlVariation is variation for a CTL-PGN record: the move a variation
// replaces is the one its number names, and the variations of a White
// move stand after its pair. The parent line returned is reordered as a
// PGN line would be: those variations (and the one at the cursor) move to
// just after the White move they replace, before its Black move.
func (e *gameEdit) ctlVariation() (variationPlace, error) {
	n := len(e.w.vars)
	if n == 0 {
		return variationPlace{}, ErrNoVariation
	}
	start := ctllegality.StartOf(e.g)
	v, parent, vi := e.w.vars[n-1], e.w.parents[n-1], e.w.pidx[n-1]
	rm := ctlReplaced(e.g, start, parent, vi, v)
	ni := slices.IndexFunc(parent, func(x syntax.Elem) bool { return x == syntax.Elem(rm) })
	if rm == nil || ni < 0 {
		return variationPlace{v: v, parent: parent, vi: vi, ni: -1}, errors.New("the variation follows no move")
	}
	rep := replayCTL(e.g, start, allMoves(e.g))
	end := suffixEnd(parent, ni)
	pairEnd := ctlPairEnd(parent, ni, rep)
	if pairEnd == end {
		return variationPlace{v: v, parent: parent, vi: vi, ni: ni}, nil
	}
	// After the pair: comments and variations, the alternatives to the
	// move (numbered as it, the one at the cursor among them) and others.
	ply := rep[rm].ply
	tEnd := tailEnd(parent, pairEnd)
	if vi < pairEnd || vi >= tEnd {
		return variationPlace{v: v, parent: parent, vi: vi, ni: -1}, errors.New("the variation does not follow the pair of the move it replaces")
	}
	var alts, others []syntax.Elem
	for _, x := range parent[pairEnd:tEnd] {
		if xv, ok := x.(*syntax.Variation); ok {
			if t, ok := ctllegality.NumberedPly(xv.Elems); ok && t == ply || xv == v {
				alts = append(alts, x)
				continue
			}
		}
		others = append(others, x)
	}
	p := slices.Concat(parent[:end], alts, parent[end:pairEnd], others, parent[tEnd:])
	return variationPlace{v: v, parent: p, vi: slices.Index(p, syntax.Elem(v)), ni: ni}, nil
}

// ctlAlternative returns the first variation of line that branches at
// the move at i (an alternative to it): after its annotations, or for a
// White move after its pair, numbered as the move.
func ctlAlternative(g *syntax.Game, line []syntax.Elem, i int) *syntax.Variation {
	rep := replayCTL(g, ctllegality.StartOf(g), allMoves(g))
	r := rep[line[i].(*syntax.Move)]
	if r == nil {
		return nil
	}
	for _, from := range []int{suffixEnd(line, i), ctlPairEnd(line, i, rep)} {
		for k := from; k < tailEnd(line, from); k++ {
			if v, ok := line[k].(*syntax.Variation); ok {
				if t, ok := ctllegality.NumberedPly(v.Elems); ok && t == r.ply {
					return v
				}
			}
		}
	}
	return nil
}

// ctlSettleMarks moves the end-of-record mark ':' of a CTL-PGN record to
// the last move of its main line after an edit (with the fixes of the
// legality analyzer), when the record had no misplaced mark before. It
// returns the new text and cursor, and whether it changed anything.
func (e *gameEdit) ctlSettleMarks(ng *syntax.Game, text string, cursor syntax.Pos) (string, syntax.Pos, bool) {
	if e.problems(e.g)[ctllegality.CodeEndMark] > 0 {
		return text, cursor, false
	}
	var edits []syntax.Edit
	for _, x := range analysis.Game(ng, e.d, nil, []*analysis.Analyzer{ctllegality.Analyzer}) {
		if x.Code == ctllegality.CodeEndMark && len(x.Fixes) > 0 {
			edits = append(edits, x.Fixes[0].Edits...)
		}
	}
	if len(edits) == 0 {
		return text, cursor, false
	}
	edits = syntax.Normalize(edits)
	for i := len(edits) - 1; i >= 0; i-- {
		if edits[i].End <= cursor {
			cursor += syntax.Pos(len(edits[i].New)) - (edits[i].End - edits[i].Start)
		}
		text = edits[i].Apply(text)
	}
	return text, cursor, true
}
