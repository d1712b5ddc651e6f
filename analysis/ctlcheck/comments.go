package ctlcheck

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// prefix finds a move-comment prefix "@W:" or "@B:" at the start of a
// brace comment's text (braces included); side is 0 when there is none.
// An automatic comment "{: …}" has none. start and end are relative to
// the comment.
func prefix(text string) (side byte, start, end int) {
	if len(text) < 2 || text[1] == ':' {
		return 0, 0, 0
	}
	i := 1
	for i < len(text) && (isBlank(text[i]) || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	if i+2 < len(text) && text[i] == '@' && strings.IndexByte("WBwb", text[i+1]) >= 0 && text[i+2] == ':' {
		return text[i+1], i, i + 3
	}
	return 0, 0, 0
}

// checkPrefix checks the spelling and the place of a comment's prefix.
func (m *mover) checkPrefix(cc commentCtx) {
	c := cc.c
	side, start, end := prefix(m.g.Slice(c.Sp))
	if side == 0 {
		return
	}
	sp := syntax.Span{Start: c.Sp.Start + syntax.Pos(start), End: c.Sp.Start + syntax.Pos(end)}
	if side == 'w' || side == 'b' {
		up := strings.ToUpper(string(side))
		m.report(sp, analysis.Warning, CodeCommentPrefix, "the move-comment prefix is written @"+up+":", fix("Write @"+up+":", sp, "@"+up+":"))
	}
	if cc.where != inMoves || cc.pair == nil {
		m.report(sp, analysis.Warning, CodeCommentPrefix, "the @"+strings.ToUpper(string(side))+": prefix marks a comment on a move, but this comment follows no move line", nil)
	}
}

// checkPrefixOrder checks the move comments of every pair: at most one
// @W: and one @B: comment, White's first, each for a move the line has.
func (m *mover) checkPrefixOrder(l *mline) {
	for _, pr := range l.pairs {
		var seenW, seenB bool
		for _, c := range pr.comments {
			side, start, end := prefix(m.g.Slice(c.Sp))
			sp := syntax.Span{Start: c.Sp.Start + syntax.Pos(start), End: c.Sp.Start + syntax.Pos(end)}
			report := func(msg string) { m.report(sp, analysis.Warning, CodeCommentPrefix, msg, nil) }
			switch side {
			case 'W', 'w':
				switch {
				case !pr.hasWhite():
					report("@W: comment, but this line has no White move")
				case seenW:
					report("a second @W: comment for the same move; write one comment per player move")
				case seenB:
					report("the @W: comment comes before the @B: comment")
				}
				seenW = true
			case 'B', 'b':
				switch {
				case pr.black == nil:
					report("@B: comment, but this line has no Black move")
				case seenB:
					report("a second @B: comment for the same move; write one comment per player move")
				}
				seenB = true
			}
		}
	}
	for _, v := range l.vars {
		m.checkPrefixOrder(v)
	}
}

// label writes a variation label as in references: #12.2.
func label(v varLabel) string { return "#" + strconv.Itoa(v.move) + "." + strconv.Itoa(v.n) }

// checkRefs checks the references of a comment: well formed, resolvable,
// not pointing forwards, and for moves of the comment's own line of play
// unless reached through a labelled variation (§8.7).
func (m *mover) checkRefs(cc commentCtx) {
	c := cc.c
	for _, r := range scanRefs(m.g.Slice(c.Sp)) {
		sp := syntax.Span{Start: c.Sp.Start + syntax.Pos(r.start), End: c.Sp.Start + syntax.Pos(r.end)}
		report := func(msg string) { m.report(sp, analysis.Warning, CodeCommentRef, msg, nil) }
		if r.problem != "" {
			report(r.problem)
			continue
		}
		if r.kind != refMove && r.kind != refVar {
			continue
		}
		n := r.name
		if len(r.path) == 0 {
			switch {
			case cc.where == inHeader:
				report("move " + n + " comes after the comment; a comment may not refer to a later move")
			case cc.where == afterMain:
				if !m.main.plays(r.num, 0, c.Sp.Start) {
					report("the main line has no move " + n)
				} else if !m.main.plays(r.num, r.side, c.Sp.Start) {
					report(sideMissing(r))
				}
			case cc.line.plays(r.num, r.side, c.Sp.Start):
			case cc.line.plays(r.num, r.side, syntax.Pos(len(m.g.Text))) || r.num < 0 || r.num > cc.number():
				report("move " + n + " comes after the comment; a comment may not refer to a later move")
			case cc.line.plays(r.num, 0, c.Sp.Start):
				report(sideMissing(r))
			default:
				report("move " + n + " is not on the comment's line; a comment refers only to moves of its own line, or to labelled variations (" + n + "[#12.2])")
			}
			continue
		}
		v := m.resolvePath(r.path, cc.line)
		var written string // the path as written, innermost first
		for _, lab := range r.path {
			written += label(lab)
		}
		switch {
		case v == nil:
			report("no variation " + written + " (variations are labelled $[n] after '(' and named #move.n, innermost first)")
		case v.v.Sp.Start <= c.Sp.Start && c.Sp.Start < v.v.Sp.End:
			report("variation " + label(r.path[0]) + " contains the comment; labelled variations are referred to from outside, after them")
		case v.v.Sp.Start > c.Sp.Start:
			report("variation " + label(r.path[0]) + " comes after the comment; a comment may not refer to a later move")
		case r.kind == refMove:
			if pr := v.pair(r.num); pr == nil {
				report("variation " + written + " has no move " + n)
			} else if !v.plays(r.num, r.side, c.Sp.Start) {
				report(sideMissing(r))
			}
		}
	}
}

// sideMissing explains that a reference #N@W or #N@B names a move the
// pair N does not have.
func sideMissing(r ref) string {
	n := r.name
	if r.side == 'W' {
		return "move " + n + " has no White move (" + n + "@W)"
	}
	return "move " + n + " has no Black move (" + n + "@B)"
}

// resolvePath finds the variation named by a path (innermost label
// first), from the main line, or else from the comment's own line of
// play and the lines around it.
func (m *mover) resolvePath(path []varLabel, from *mline) *mline {
	starts := []*mline{m.main}
	for l := from; l != nil && l != m.main; l = l.parent {
		starts = append(starts, l)
	}
	for _, cur := range starts {
		for i := len(path) - 1; i >= 0 && cur != nil; i-- {
			cur = cur.variation(path[i])
		}
		if cur != nil {
			return cur
		}
	}
	return nil
}

// checkRefLetters reports piece references (~J) in a comment whose
// symbol is not in force under the record's Redefine tag. Under FAN,
// whose use in references the specification leaves open (§12.4),
// letters and glyphs are both accepted.
func (m *mover) checkRefLetters(c *syntax.Comment) {
	alpha := m.letters
	if alpha.FAN() {
		return
	}
	for _, r := range scanRefs(m.g.Slice(c.Sp)) {
		if r.kind != refPiece {
			continue
		}
		k, color, inForce := alpha.Lookup(r.sym)
		if inForce {
			continue
		}
		want := alpha.Symbol(k)
		if color == cescacs.Black {
			want = strings.ToLower(want)
		}
		sym := string(r.sym)
		var msg string
		switch upper := unicode.ToUpper(r.sym); {
		case r.sym >= utf8.RuneSelf:
			msg = "FAN glyph " + sym + " used without [Redefine \"FAN\"]"
		case upper == rune(k.Letter()):
			msg = "letter " + sym + " is replaced by " + want + " under [Redefine \"" + alpha.String() + "\"]"
		default:
			msg = "alternative letter " + sym + " used without [Redefine \"" + string(upper) + "@" + string(k.Letter()) + "\"]"
		}
		sp := syntax.Span{Start: c.Sp.Start + syntax.Pos(r.symStart), End: c.Sp.Start + syntax.Pos(r.symEnd)}
		m.report(sp, analysis.Warning, CodeRefLetters, msg+"; the "+k.String()+" is "+want, fix("Write "+want, sp, want))
	}
}
