package query

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

// lineWidth is the longest line a rewritten line of moves is filled to.
const lineWidth = 79

// piece is a unit of a line of moves being written again: a move with
// its annotations (and the number to write before it), a comment or a
// variation, as it was written.
type piece struct {
	text    string
	move    bool        // a move: number is written before it as needed
	white   bool        // a White move
	num     int         // its move number
	endLine bool        // a rest-of-line comment: a line break follows it
	src     syntax.Span // where text comes from in the game; zero for new text
}

// pieces returns the pieces of line[i:j] of g: move numbers are dropped
// (they are written again), a move takes its annotations. It fails on
// elements that cannot move (escape lines, stray tokens) and on moves
// whose position is not known.
func (e *gameEdit) pieces(line []syntax.Elem, i, j int, nums map[*syntax.Move]moveNum) ([]piece, error) {
	var out []piece
	for k := i; k < j; k++ {
		switch x := line[k].(type) {
		case *syntax.MoveNumber, *syntax.Ellipsis:
		case *syntax.Move:
			end := x.Sp.End
			for k+1 < j && isSuffix(line[k+1]) {
				k++
				end = line[k].Span().End
			}
			n, ok := nums[x]
			if !ok {
				return nil, errors.New("a move of the line cannot be played: " + x.Text)
			}
			out = append(out, piece{text: e.g.Text[x.Sp.Start:end], move: true, src: syntax.Span{Start: x.Sp.Start, End: end},
				white: n.white, num: n.num})
		case *syntax.Comment:
			if x.Kind == syntax.EscapeKind {
				return nil, errors.New("the line holds an escape line (%), which cannot move")
			}
			out = append(out, piece{text: e.g.Slice(x.Sp), src: x.Sp, endLine: x.Kind == syntax.LineKind})
		case *syntax.Variation:
			out = append(out, piece{text: e.g.Slice(x.Sp), src: x.Sp})
		default:
			return nil, errors.New("the line holds text that is not a move, comment or variation")
		}
	}
	return out, nil
}

// moveNum is the number of a move and whether it is White's.
type moveNum struct {
	num   int
	white bool
}

// moveNumbers returns the numbers of the moves of the game whose position
// is known.
func (e *gameEdit) moveNumbers() map[*syntax.Move]moveNum {
	out := map[*syntax.Move]moveNum{}
	if e.d == syntax.CTLPGN {
		for m, r := range replayCTL(e.g, ctllegality.StartOf(e.g), allMoves(e.g)) {
			if r.hasBefore {
				out[m] = moveNum{num: r.ply/2 + 1, white: r.ply%2 == 0}
			}
		}
		return out
	}
	for m, r := range replayPGN(e.g, pgnStart(e.g), allMoves(e.g)) {
		if r.hasBefore {
			out[m] = moveNum{num: r.before.FullmoveNumber(), white: r.before.SideToMove() == chess.White}
		}
	}
	return out
}

// lineWriter writes pieces with the formatter's filler, numbering moves
// (White's always, Black's at the start and after a comment or
// variation) and breaking lines before lineWidth.
type lineWriter struct {
	b     strings.Builder
	ctl   bool // CTL-PGN pairs: "5. A, B", "5. …, B" for a Black move that opens a line
	fill  *format.Filler
	first bool // at the start of a line of moves: a Black move needs its number
	// written is set once a piece is written.
	written bool
	// track is a game-relative offset to follow; tracked is where it
	// went in the output, -1 until a piece from there is written.
	track   syntax.Pos
	tracked int
}

// newLineWriter returns a writer whose first word starts at column col,
// following the game-relative offset track.
func newLineWriter(d syntax.Dialect, nl string, col int, track syntax.Pos) *lineWriter {
	w := &lineWriter{ctl: d == syntax.CTLPGN, first: true, track: track, tracked: -1}
	w.fill = format.NewFiller(&w.b, lineWidth, nl, false)
	w.fill.StartAt(col)
	return w
}

// write writes the pieces.
func (w *lineWriter) write(ps []piece) {
	if w.ctl {
		ps = ctlPairs(ps)
	}
	for i, p := range ps {
		if w.ctl && w.written && (p.move && p.white || !p.move) {
			// One pair a line; comments and variations on lines of
			// their own.
			w.fill.BreakLine()
		}
		w.written = true
		word := p.text
		lead := 0
		black := "... "
		if w.ctl {
			black = ". …, "
		}
		if p.move {
			switch {
			case p.white:
				lead = len(strconv.Itoa(p.num)) + 2
				word = strconv.Itoa(p.num) + ". " + word
				if w.ctl && i+1 < len(ps) && ps[i+1].move && !ps[i+1].white {
					word += ","
				}
			case w.first:
				lead = len(strconv.Itoa(p.num)) + len(black)
				word = strconv.Itoa(p.num) + black + word
			}
		}
		w.fill.Word(word)
		w.fill.Place()
		if p.src.Start <= w.track && w.track < p.src.End {
			w.tracked = w.b.Len() - len(word) + lead + int(w.track-p.src.Start)
		}
		if p.endLine || w.ctl && !p.move && strings.HasPrefix(p.text, "{") {
			w.fill.BreakLine()
		}
		w.first = !p.move
	}
}

// ctlPairs returns the pieces with the Black move of each pair moved up
// to its White move when comments or variations stand between them: a
// CTL-PGN pair stays whole, and what split it follows it (§8.6, §8.7).
func ctlPairs(ps []piece) []piece {
	out := make([]piece, 0, len(ps))
	for i := 0; i < len(ps); i++ {
		out = append(out, ps[i])
		if !ps[i].move || !ps[i].white {
			continue
		}
		j := i + 1
		for j < len(ps) && !ps[j].move {
			j++
		}
		if j > i+1 && j < len(ps) && !ps[j].white && ps[j].num == ps[i].num {
			out = append(out, ps[j])
			out = append(out, ps[i+1:j]...)
			i = j
		}
	}
	return out
}

// text returns what was written.
func (w *lineWriter) text() string {
	w.fill.Place()
	return w.b.String()
}

// column returns the column (in bytes) of game-relative offset p.
func column(text string, p syntax.Pos) int {
	i := strings.LastIndexAny(text[:p], "\r\n")
	return int(p) - i - 1
}

// variationPlace describes the innermost variation holding the cursor:
// its parent line and index there, the move of the parent it replaces
// and that move's index.
type variationPlace struct {
	v      *syntax.Variation
	parent []syntax.Elem
	vi     int
	ni     int // index in parent of the move v replaces
}

// variation returns the innermost variation holding the cursor, which
// must follow the move it replaces (with that move's annotations,
// comments and other variations between them).
func (e *gameEdit) variation() (variationPlace, error) {
	if e.d == syntax.CTLPGN {
		return e.ctlVariation()
	}
	n := len(e.w.vars)
	if n == 0 {
		return variationPlace{}, ErrNoVariation
	}
	vp := variationPlace{v: e.w.vars[n-1], parent: e.w.parents[n-1], vi: e.w.pidx[n-1], ni: -1}
	for k := vp.vi - 1; k >= 0; k-- {
		switch vp.parent[k].(type) {
		case *syntax.Move:
			vp.ni = k
		case *syntax.Glyph, *syntax.NAG, *syntax.Comment, *syntax.Variation:
			continue
		}
		break
	}
	if vp.ni < 0 {
		return vp, errors.New("the variation follows no move")
	}
	return vp, nil
}

// PromoteKinds of Promote.
const (
	PromoteOneLevel = false // swap the variation with the line it branches from
	PromoteToMain   = true  // promote until the variation is the main line
)

// Promote promotes the innermost variation holding the cursor: its first
// move takes the place of the move it replaces, whose line (that move and
// the rest of its line) becomes the first variation there; the other
// variations keep their order. Each move keeps its annotations, comments
// and variations. With toMain it promotes again until the line is the
// main line. The cursor stays on the move it was on.
func Promote(f *syntax.File, off syntax.Pos, toMain bool) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	var text string
	var cursor syntax.Pos
	cur := e
	for {
		text, cursor, err = cur.promoteOnce()
		if err != nil {
			return Change{}, err
		}
		ng, err := e.reparse(text)
		if err != nil {
			return Change{}, err
		}
		next := &gameEdit{f: e.f, d: e.d, r: syntax.GameRef{Game: ng}, g: ng, rel: cursor, w: whereIs(ng, cursor), nl: e.nl}
		if !toMain || len(next.w.vars) == 0 {
			break
		}
		cur = next
	}
	return e.finish(text, cursor, true)
}

// promoteOnce promotes the innermost variation at the cursor one level
// and returns the new text of the game and the offset of the promoted
// move in it.
func (e *gameEdit) promoteOnce() (string, syntax.Pos, error) {
	vp, err := e.variation()
	if err != nil {
		return "", 0, err
	}
	ve := vp.v.Elems
	wi := -1
	for k, x := range ve {
		if _, ok := x.(*syntax.Move); ok {
			wi = k
			break
		}
		switch x.(type) {
		case *syntax.Comment, *syntax.MoveNumber, *syntax.Ellipsis:
			continue
		}
		return "", 0, errors.New("the variation does not start with a move")
	}
	if wi < 0 {
		return "", 0, errors.New("the variation has no move")
	}
	rep := e.moveNumbers()
	p := vp.parent
	// The move replaced, its annotations, then its comments and
	// variations (tail), then the rest of the parent line.
	nEnd := suffixEnd(p, vp.ni)
	tEnd := tailEnd(p, nEnd)
	// The same in the variation.
	wEnd := suffixEnd(ve, wi)
	wtEnd := tailEnd(ve, wEnd)
	nMove, err := e.pieces(p, vp.ni, nEnd, rep)
	if err != nil {
		return "", 0, err
	}
	wMove, err := e.pieces(ve, wi, wEnd, rep)
	if err != nil {
		return "", 0, err
	}
	lead, err := e.pieces(ve, 0, wi, rep)
	if err != nil {
		return "", 0, err
	}
	restP, err := e.pieces(p, tEnd, len(p), rep)
	if err != nil {
		return "", 0, err
	}
	restV, err := e.pieces(ve, wtEnd, len(ve), rep)
	if err != nil {
		return "", 0, err
	}
	// The tails: comments go with their move; the variations of the
	// move replaced before this one, then those of the promoted move,
	// then the others.
	var nComments, before, after, wComments, wVars []piece
	for k := nEnd; k < tEnd; k++ {
		one, err := e.pieces(p, k, k+1, rep)
		if err != nil {
			return "", 0, err
		}
		switch {
		case k == vp.vi:
		case isComment(p[k]):
			nComments = append(nComments, one...)
		case k < vp.vi:
			before = append(before, one...)
		default:
			after = append(after, one...)
		}
	}
	for k := wEnd; k < wtEnd; k++ {
		one, err := e.pieces(ve, k, k+1, rep)
		if err != nil {
			return "", 0, err
		}
		if isComment(ve[k]) {
			wComments = append(wComments, one...)
		} else {
			wVars = append(wVars, one...)
		}
	}
	// The comments before the promoted move stay before it at the start
	// of a line, else they follow it.
	startsLine := lastMoveBefore(p, vp.ni) == nil
	old := newLineWriter(e.d, e.nl, 1, -1)
	old.write(append(append(nMove, nComments...), restP...))
	var ps []piece
	if startsLine {
		ps = append(ps, lead...)
		ps = append(ps, wMove...)
	} else {
		ps = append(ps, wMove...)
		ps = append(ps, lead...)
	}
	ps = append(ps, wComments...)
	ps = append(ps, piece{text: "(" + old.text() + ")"})
	ps = append(ps, before...)
	ps = append(ps, wVars...)
	ps = append(ps, after...)
	ps = append(ps, restV...)
	start := p[vp.ni].Span().Start
	if sp, ok := moveGroup(p, vp.ni); ok {
		start = sp.Start
	}
	var end syntax.Pos // the reordered line of a CTL-PGN record may not end with its last element
	for _, x := range p {
		end = max(end, x.Span().End)
	}
	track := e.rel
	if i := e.moveIndex(); i >= 0 {
		track = e.w.line[i].Span().Start
	}
	if track < wMove[0].src.Start || track >= end {
		track = wMove[0].src.Start
	}
	nw := newLineWriter(e.d, e.nl, column(e.g.Text, start), track)
	if k := slices.IndexFunc(p, func(x syntax.Elem) bool { return x.Span().Start >= start }); k > 0 {
		switch p[k-1].(type) {
		case *syntax.Move, *syntax.Glyph, *syntax.NAG:
			nw.first = false
		}
	}
	nw.write(ps)
	s := nw.text()
	if strings.HasSuffix(s, e.nl) && end < syntax.Pos(len(e.g.Text)) && strings.HasPrefix(e.g.Text[end:], e.nl) {
		s = strings.TrimSuffix(s, e.nl)
	}
	if nw.tracked < 0 {
		nw.tracked = 0
	}
	return replace(e.g.Text, syntax.Span{Start: start, End: end}, s), start + syntax.Pos(nw.tracked), nil
}

// isComment reports whether x is a comment.
func isComment(x syntax.Elem) bool {
	_, ok := x.(*syntax.Comment)
	return ok
}

// allMoves returns the set of the moves of g.
func allMoves(g *syntax.Game) map[*syntax.Move]bool {
	want := map[*syntax.Move]bool{}
	syntax.Inspect(g.Moves, func(x syntax.Elem) bool {
		if m, ok := x.(*syntax.Move); ok {
			want[m] = true
		}
		return true
	})
	return want
}

// DeleteVariation deletes the innermost variation holding the cursor.
// The cursor goes where it was.
func DeleteVariation(f *syntax.File, off syntax.Pos) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	n := len(e.w.vars)
	if n == 0 {
		return Change{}, ErrNoVariation
	}
	return e.deleteSpan(e.w.vars[n-1].Sp)
}

// deleteSpan deletes sp (game-relative) with the blanks that set it
// apart; the cursor goes where it was.
func (e *gameEdit) deleteSpan(sp syntax.Span) (Change, error) {
	c := cut(e.g.Text, sp)
	return e.finish(replace(e.g.Text, c, ""), c.Start, false)
}

// DeleteFromHere deletes the move under the cursor and the rest of its
// line (comments before the move stay: they are about the move before),
// as lichess's "Delete from here" removes a move and what follows it from
// the game tree: the alternatives to the move stay. When variations
// branch at the move, the first of them takes its place (it is promoted,
// and the line of the deleted move is deleted); at the first move of a
// variation with no alternative it deletes the variation.
func DeleteFromHere(f *syntax.File, off syntax.Pos) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	i := e.moveIndex()
	if i < 0 {
		return Change{}, ErrNoMove
	}
	line := e.w.line
	if v := e.alternative(line, i); v != nil {
		return e.replaceByAlternative(v)
	}
	if n := len(e.w.vars); n > 0 && lastMoveBefore(line, i) == nil {
		return e.deleteSpan(e.w.vars[n-1].Sp)
	}
	sp, _ := moveGroup(line, i)
	if e.d == syntax.CTLPGN && i > 0 && sp.Start == line[i].Span().Start {
		// A Black move after its White move: the comma of the pair goes
		// too, and the comments and variations after the pair stay (the
		// variations there replace the White move).
		if prev := line[i-1].Span().End; strings.Contains(e.g.Text[prev:sp.Start], ",") {
			pairEnd := suffixEnd(line, i)
			tEnd := tailEnd(line, pairEnd)
			if tEnd == pairEnd {
				sp.Start = prev
			} else {
				text := e.g.Text
				if tEnd < len(line) {
					text = replace(text, cut(text, syntax.Span{Start: line[tEnd].Span().Start, End: line[len(line)-1].Span().End}), "")
				}
				text = replace(text, syntax.Span{Start: prev, End: line[pairEnd-1].Span().End}, "")
				return e.finish(text, prev, false)
			}
		}
	}
	sp.End = line[len(line)-1].Span().End
	return e.deleteSpan(sp)
}

// alternative returns the first variation of line that branches at the
// move at i (an alternative to it), or nil.
func (e *gameEdit) alternative(line []syntax.Elem, i int) *syntax.Variation {
	if e.d == syntax.CTLPGN {
		return ctlAlternative(e.g, line, i)
	}
	end := suffixEnd(line, i)
	for k := end; k < tailEnd(line, end); k++ {
		if v, ok := line[k].(*syntax.Variation); ok {
			return v
		}
	}
	return nil
}

// replaceByAlternative deletes the move under the cursor and the rest of
// its line, and puts in their place v, the first variation branching at
// the move: v is promoted one level, then the variation that the line of
// the move became is deleted. The cursor goes on the first move of v.
func (e *gameEdit) replaceByAlternative(v *syntax.Variation) (Change, error) {
	first := firstMove(v.Elems)
	if first == nil {
		return Change{}, errors.New("the variation after the move has no move")
	}
	ve := &gameEdit{f: e.f, d: e.d, r: e.r, g: e.g, rel: first.Sp.Start, w: whereIs(e.g, first.Sp.Start), nl: e.nl}
	text, cursor, err := ve.promoteOnce()
	if err != nil {
		return Change{}, err
	}
	ng, err := e.reparse(text)
	if err != nil {
		return Change{}, err
	}
	pe := &gameEdit{f: e.f, d: e.d, r: syntax.GameRef{Game: ng}, g: ng, rel: cursor, w: whereIs(ng, cursor), nl: e.nl}
	i := pe.moveIndex()
	if i < 0 {
		return Change{}, errors.New("the promoted move is lost")
	}
	line := pe.w.line
	old := pe.alternative(line, i)
	if old == nil {
		return Change{}, errors.New("the line of the move is lost")
	}
	end := suffixEnd(line, i)
	k := slices.Index(line, syntax.Elem(old))
	joint := ""
	if k == end && k+1 < len(line) && isPrefix(line[k+1]) {
		// The number of a Black move that followed the variation
		// goes with it: the move follows its own (in CTL-PGN, after
		// the comma of its pair).
		j := k + 1
		for j < len(line)-1 && isPrefix(line[j]) {
			j++
		}
		if m, ok := line[j].(*syntax.Move); ok {
			if n, ok := pe.moveNumbers()[m]; ok && !n.white {
				text = replace(text, syntax.Span{Start: line[k+1].Span().Start, End: m.Sp.Start}, "")
				if e.d == syntax.CTLPGN {
					joint = ","
				}
			}
		}
	}
	c := cut(text, old.Sp)
	return e.finish(replace(text, c, joint), cursor, true)
}

// SetNAG sets the numeric annotation glyph $n on the move under the
// cursor: a move assessment ($1-$9) or a position assessment ($10-$19)
// replaces the one of the same kind the move has; others are added
// after the move's annotations, unless it has them already. In CTL-PGN
// n must be a valuation ($1-$7), written as its glyph after a space.
func SetNAG(f *syntax.File, off syntax.Pos, n int) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	i := e.moveIndex()
	if i < 0 {
		return Change{}, ErrNoMove
	}
	if _, ok := nag.Lookup(n); !ok || n == 0 {
		return Change{}, errors.New("$" + strconv.Itoa(n) + " is not a NAG")
	}
	line, text := e.w.line, e.g.Text
	mv := line[i].(*syntax.Move)
	end := suffixEnd(line, i)
	if e.d == syntax.CTLPGN {
		return e.setValuation(mv, line[i+1:end], n)
	}
	class := func(v int) int {
		switch {
		case v >= 1 && v <= 9:
			return 1
		case v >= 10 && v <= 19:
			return 2
		}
		return 0
	}
	for _, x := range line[i+1 : end] {
		v := -1
		switch a := x.(type) {
		case *syntax.Glyph:
			v = nag.Glyphs[a.Text]
		case *syntax.NAG:
			v = a.Value
		}
		if v == n {
			return Change{Cursor: e.r.Start + mv.Sp.Start}, nil
		}
		if c := class(v); c != 0 && c == class(n) {
			nt := replace(text, x.Span(), "$"+strconv.Itoa(n))
			if _, isGlyph := x.(*syntax.Glyph); isGlyph && x.Span().Start == mv.Sp.End {
				nt = replace(text, x.Span(), " $"+strconv.Itoa(n))
			}
			return e.finish(nt, mv.Sp.Start, true)
		}
	}
	at := line[end-1].Span().End
	return e.finish(text[:at]+" $"+strconv.Itoa(n)+text[at:], mv.Sp.Start, true)
}

// setValuation sets the CTL-PGN valuation of $n on mv, whose trailer is
// suffix: the glyph after one space, before the game marks.
func (e *gameEdit) setValuation(mv *syntax.Move, suffix []syntax.Elem, n int) (Change, error) {
	g := ""
	for s, v := range nag.Glyphs {
		if v == n {
			g = s
		}
	}
	if g == "" || n > 7 {
		return Change{}, errors.New("CTL-PGN has no valuation for $" + strconv.Itoa(n))
	}
	if strings.HasSuffix(mv.Text, "#") {
		return Change{}, errors.New("a mating move takes no valuation")
	}
	from, to := mv.Sp.End, mv.Sp.End
	for _, x := range suffix {
		switch x.(type) {
		case *syntax.Glyph, *syntax.NAG:
			to = x.Span().End
			continue
		}
		break
	}
	if len(suffix) > 0 && to == mv.Sp.End {
		// Only game marks: the valuation goes before them, joined.
		to = suffix[0].Span().Start
	}
	return e.finish(replace(e.g.Text, syntax.Span{Start: from, End: to}, " "+g), mv.Sp.Start, true)
}

// SetComment sets the comment after the move under the cursor to text:
// it replaces the text of the brace comment that follows the move's
// annotations, or adds one there. text is UTF-8; it is written in the
// file's encoding and must not hold "}". An empty text adds an empty
// comment for the user to write, and leaves a comment that is there.
func SetComment(f *syntax.File, off syntax.Pos, comment string) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	i := e.moveIndex()
	if i < 0 {
		return Change{}, ErrNoMove
	}
	if strings.Contains(comment, "}") {
		return Change{}, errors.New("a comment cannot hold \"}\"")
	}
	comment = strings.Join(strings.Fields(comment), " ")
	enc, err := e.encodeText(comment)
	if err != nil {
		return Change{}, err
	}
	line, text := e.w.line, e.g.Text
	mv := line[i].(*syntax.Move)
	end := suffixEnd(line, i)
	if end < len(line) {
		if c, ok := line[end].(*syntax.Comment); ok && c.Kind == syntax.BraceKind && c.Closed {
			if comment == "" {
				return Change{Cursor: e.r.Start + c.Sp.Start + 1}, nil
			}
			inner := syntax.Span{Start: c.Sp.Start + 1, End: c.Sp.End - 1}
			old := e.g.Slice(inner)
			if strings.HasPrefix(old, " ") || strings.HasSuffix(old, " ") {
				enc = " " + enc + " "
			}
			return e.finish(replace(text, inner, enc), mv.Sp.Start, true)
		}
	}
	at := line[end-1].Span().End
	if comment == "" {
		return e.finish(text[:at]+" {}"+text[at:], at+2, false)
	}
	return e.finish(text[:at]+" {"+enc+"}"+text[at:], mv.Sp.Start, true)
}
