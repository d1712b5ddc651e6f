package query

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// Edits of games made from the board and from code actions at a move:
// play a move (Play), promote a variation (Promote), delete a variation
// (DeleteVariation) or the rest of a line (DeleteFromHere), set a NAG or
// a CTL-PGN valuation (SetNAG) and set a comment (SetComment).
//
// Each works on the game under the cursor and returns a Change: text
// edits that touch only the part of the game that changes (the rest of
// the file is kept byte for byte, its encoding and line endings too),
// checked before they are returned: the edited game reads with no more
// syntax errors and no more illegal moves than before, else the
// operation fails. A game in export form (package format writes it as it
// is) stays in export form: the paragraph that changed is filled again.

// Change is the outcome of an editing operation: the edits, file-absolute
// (at most one: from the first byte that changes to the last), and where the cursor goes in the edited text (on the
// move played or promoted, or where the deleted text was). No edits and
// a cursor is a change that only moves the cursor (playing the move that
// follows, or that starts a variation there).
type Change struct {
	Edits  []syntax.Edit
	Cursor syntax.Pos
}

// ErrNoMove is returned by the operations at a move when the cursor is
// on no move.
var ErrNoMove = errors.New("the cursor is on no move")

// ErrNoVariation is returned by the variation operations when the
// cursor is in no variation.
var ErrNoVariation = errors.New("the cursor is in no variation")

// gameEdit is one operation on the game under the cursor.
type gameEdit struct {
	f   *syntax.File
	d   syntax.Dialect
	r   syntax.GameRef
	g   *syntax.Game
	rel syntax.Pos
	w   where
	nl  string
}

// openEdit places the file-absolute offset off in the movetext of a game.
func openEdit(f *syntax.File, off syntax.Pos) (*gameEdit, error) {
	r, rel, ok := locate(f, off)
	if !ok {
		return nil, errors.New("the cursor is in no game")
	}
	g := r.Game
	if !inMovetext(g, rel) {
		// In the tags the board shows the start: play there at the start
		// of the main line; after the result, at its end.
		switch {
		case g.Result != nil && rel >= g.Result.Sp.Start:
			rel = g.Result.Sp.Start
		case len(g.Moves) > 0:
			rel = g.Moves[0].Span().Start
		case g.Result != nil:
			rel = g.Result.Sp.Start
		default:
			sp, _ := content(g)
			rel = sp.End
		}
	}
	return &gameEdit{f: f, d: f.Dialect, r: r, g: r.Game, rel: rel, w: whereIs(r.Game, rel), nl: analysis.LineEnd(r.Game)}, nil
}

// EditTarget tells which operations apply at a place: those at a move
// when Move is true; the variation operations when Depth > 0 (the
// nesting of the line holding the cursor); promotion when Promotable
// (the variation follows the move it replaces).
type EditTarget struct {
	Move       bool
	Depth      int
	Promotable bool
}

// EditTargetAt returns what the operations may do at the file-absolute
// offset off, from the syntax tree alone (an operation may still fail,
// on an illegal move, say).
func EditTargetAt(f *syntax.File, off syntax.Pos) EditTarget {
	e, err := openEdit(f, off)
	if err != nil {
		return EditTarget{}
	}
	t := EditTarget{Move: e.moveIndex() >= 0, Depth: len(e.w.vars)}
	if t.Depth > 0 {
		_, err := e.variation()
		t.Promotable = err == nil
	}
	return t
}

// moveIndex returns the index in the cursor's line of the move the
// cursor is on: on the move, its number or its annotations; -1 for none.
func (e *gameEdit) moveIndex() int {
	line, i := e.w.line, e.w.index
	if e.w.elem == nil {
		// Just after a move or its annotations: on it.
		if i == 0 || i > len(line) || line[i-1].Span().End != e.rel {
			return -1
		}
		i--
	}
	sp, ok := moveGroup(line, i)
	if !ok {
		return -1
	}
	for k := i; k < len(line) && line[k].Span().Start < sp.End; k++ {
		if _, ok := line[k].(*syntax.Move); ok {
			return k
		}
	}
	for k := i; k >= 0; k-- {
		if _, ok := line[k].(*syntax.Move); ok {
			return k
		}
	}
	return -1
}

// finish checks the new text of the game, lays it out again when the
// game was in export form, and returns the change. cursor is a
// game-relative offset in text of a move (or any place when move is
// false).
func (e *gameEdit) finish(text string, cursor syntax.Pos, move bool) (Change, error) {
	ng, err := e.reparse(text)
	if err != nil {
		return Change{}, err
	}
	settle := e.settleResult
	if e.d == syntax.CTLPGN {
		settle = e.ctlSettleMarks
	}
	if t, c, ok := settle(ng, text, cursor); ok {
		text, cursor = t, c
		if ng, err = e.reparse(text); err != nil {
			return Change{}, err
		}
	}
	if err := e.verify(ng); err != nil {
		return Change{}, err
	}
	if e.exportForm() {
		if res := format.Game(ng, e.d, format.Options{}); res.Skipped == "" {
			if move {
				cursor = moveOffset(res.Text, e.f.Name, e.d, moveOrdinal(ng, cursor))
			} else {
				cursor = syntax.Pos(min(int(cursor), len(res.Text)))
			}
			text = res.Text
		}
	}
	c := e.change(text, cursor)
	if len(c.Edits) > 0 {
		// The game read alone may still join the next one in the file
		// (a game left without its result, say).
		if nf, _ := syntax.Reparse(e.f, c.Edits[0]); nf.NumGames() != e.f.NumGames() {
			return Change{}, errors.New("the edit would join or split games")
		}
	}
	return c, nil
}

// change returns the edit that turns the game's text into text, as
// small as a common prefix and suffix make it.
func (e *gameEdit) change(text string, cursor syntax.Pos) Change {
	old := e.g.Text
	p := 0
	for p < len(old) && p < len(text) && old[p] == text[p] {
		p++
	}
	s := 0
	for s < len(old)-p && s < len(text)-p && old[len(old)-1-s] == text[len(text)-1-s] {
		s++
	}
	c := Change{Cursor: e.r.Start + cursor}
	if p == len(old) && p == len(text) {
		return c
	}
	c.Edits = []syntax.Edit{{Span: syntax.Span{Start: e.r.Start + syntax.Pos(p), End: e.r.Start + syntax.Pos(len(old)-s)}, New: text[p : len(text)-s]}}
	return c
}

// reparse parses text as one game of the file's dialect.
func (e *gameEdit) reparse(text string) (*syntax.Game, error) {
	nf := syntax.Parse(e.f.Name, text, e.d)
	if nf.NumGames() != 1 {
		return nil, errors.New("the edit would split the game")
	}
	return nf.Game(0).Game, nil
}

// verify fails when ng, the edited game, reads with more syntax errors
// or more unresolved moves of some kind than the game had.
func (e *gameEdit) verify(ng *syntax.Game) error {
	before, after := e.problems(e.g), e.problems(ng)
	for code, n := range after {
		if n > before[code] {
			return fmt.Errorf("the edit would add a problem (%s)", code)
		}
	}
	return nil
}

// settleResult writes the result the final position decides (a mate or
// stalemate played at the end of the main line) in the marker and the
// Result tag of ng, whose text is text, with the fix of the legality
// analyzer, when the game did not contradict its position before. It
// returns the new text and cursor, and whether it changed anything.
func (e *gameEdit) settleResult(ng *syntax.Game, text string, cursor syntax.Pos) (string, syntax.Pos, bool) {
	if e.d != syntax.PGN || e.problems(e.g)[legality.CodeResultPosition] > 0 {
		return text, cursor, false
	}
	for _, x := range analysis.Game(ng, e.d, nil, []*analysis.Analyzer{legality.Analyzer}) {
		if x.Code != legality.CodeResultPosition || len(x.Fixes) == 0 {
			continue
		}
		edits := syntax.Normalize(slices.Clone(x.Fixes[0].Edits))
		for i := len(edits) - 1; i >= 0; i-- {
			if edits[i].End <= cursor {
				cursor += syntax.Pos(len(edits[i].New)) - (edits[i].End - edits[i].Start)
			}
			text = edits[i].Apply(text)
		}
		return text, cursor, true
	}
	return text, cursor, false
}

// problems counts the syntax and legality diagnostics of g by code.
func (e *gameEdit) problems(g *syntax.Game) map[analysis.Code]int {
	a := legality.Analyzer
	if e.d == syntax.CTLPGN {
		a = ctllegality.Analyzer
	}
	out := map[analysis.Code]int{}
	for _, x := range analysis.Game(g, e.d, nil, []*analysis.Analyzer{a}) {
		if x.Severity <= syntax.SevWarning {
			out[x.Code]++
		}
	}
	return out
}

// exportForm reports whether the game is in export form: package format
// writes it as it is.
func (e *gameEdit) exportForm() bool {
	res := format.Game(e.g, e.d, format.Options{})
	return res.Skipped == "" && res.Text == e.g.Text
}

// moveOrdinal returns the number of moves of g that start before p.
func moveOrdinal(g *syntax.Game, p syntax.Pos) int {
	n := 0
	syntax.Inspect(g.Moves, func(x syntax.Elem) bool {
		if m, ok := x.(*syntax.Move); ok && m.Sp.Start < p {
			n++
		}
		return true
	})
	return n
}

// moveOffset returns the start of the move of ordinal k (see
// moveOrdinal) in the game text, or the end of its last move.
func moveOffset(text, name string, d syntax.Dialect, k int) syntax.Pos {
	f := syntax.Parse(name, text, d)
	if f.NumGames() == 0 {
		return 0
	}
	var at syntax.Pos
	n := 0
	syntax.Inspect(f.Game(0).Game.Moves, func(x syntax.Elem) bool {
		if m, ok := x.(*syntax.Move); ok {
			if n <= k {
				at = m.Sp.Start
			}
			n++
		}
		return true
	})
	return at
}

// encodeText returns s (UTF-8) in the encoding of the file: as it is in a
// UTF-8 file, in Windows-1252 in a file that is not valid UTF-8.
func (e *gameEdit) encodeText(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", errors.New("the text is not valid UTF-8")
	}
	latin1 := !utf8.ValidString(e.g.Text) || isASCII(e.g.Text) && !utf8.ValidString(e.f.Text())
	if isASCII(s) || !latin1 {
		return s, nil
	}
	var b strings.Builder
	for _, r := range s {
		c, ok := syntax.EncodeLatin1(r)
		if !ok {
			return "", fmt.Errorf("%q cannot be written in the file's encoding (Windows-1252)", r)
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// cut returns the span to delete to remove sp from text with the blanks
// that separated it from what precedes it on its line, or, at the start
// of a line, from what follows it, and the line break before it when sp
// fills its lines.
func cut(text string, sp syntax.Span) syntax.Span {
	s, t := int(sp.Start), int(sp.End)
	for s > 0 && (text[s-1] == ' ' || text[s-1] == '\t') {
		s--
	}
	if s > 0 && text[s-1] != '\n' && text[s-1] != '\r' && text[s-1] != '(' {
		return syntax.Span{Start: syntax.Pos(s), End: sp.End}
	}
	for t < len(text) && (text[t] == ' ' || text[t] == '\t') {
		t++
	}
	if s > 0 && (t == len(text) || text[t] == '\r' || text[t] == '\n') {
		// Whole lines: the line break before them goes too.
		s--
		if s > 0 && text[s] == '\n' && text[s-1] == '\r' {
			s--
		}
		return syntax.Span{Start: syntax.Pos(s), End: syntax.Pos(t)}
	}
	return syntax.Span{Start: sp.Start, End: syntax.Pos(t)}
}

// replace returns text with sp replaced by s.
func replace(text string, sp syntax.Span, s string) string {
	return text[:sp.Start] + s + text[sp.End:]
}
