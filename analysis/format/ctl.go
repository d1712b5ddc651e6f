package format

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// The CTL-PGN export form (spec §8), as documented in docs/FORMAT.md:
//
//	[Variant "C'escacs"]      tags one per line, in the order of §8.3
//	...
//	[PDTL "..."]
//
//	{ context comment }       comments before the first move
//
//	1. H6-H12 ?!, I23-I19     one pair per line, canonical moves
//	{ @W: move comment }      comments on lines of their own
//	(1. A5-A7                 a variation opens with "(" on its first line,
//	.{ @W: ... }              its lines carry one dot per nesting level,
//	)                         ")" ends its last pair line or stands alone
//	2. EH4-H8:                game marks joined to what precedes them
//	                          (no ':' after '#', which ends the game)
//	0-3
//
//	{ final comment }

// CTL symbol styles for Options.CTLStyle.
const (
	CTLKeep    = ""        // keep the style the record uses consistently
	CTLASCII   = "ascii"   // "-" and "*"
	CTLUnicode = "unicode" // "‐" (U+2010) and "×"
)

// ctlGame formats a CTL-PGN record in export form.
func ctlGame(g *syntax.Game, opts Options) Result {
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
	text, reason, at := ctlText(g, opts)
	if reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true, At: at}
	}
	return Result{Text: text}
}

// ctlText prints the record, or explains why it cannot and where (see
// Result.At).
func ctlText(g *syntax.Game, opts Options) (text, reason string, at syntax.Pos) {
	start := ctllegality.StartOf(g)
	if !start.OK {
		return "", "the " + start.PDTL.Name + " tag is not a valid position", valueAt(start.PDTL)
	}
	p := &ctlPrinter{nl: analysis.LineEnd(g), width: opts.width(), moves: map[*syntax.Move]ctlMove{}, pair: -1}
	style := ctlStyle(g, opts.CTLStyle)
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		switch {
		case reason != "":
		case st.Before == nil:
			reason, at = "a move follows a move that is not legal", st.Node.Sp.Start
		case st.Err != nil || st.After == nil:
			reason, at = "move "+st.Node.Text+" is not legal", st.Node.Sp.Start
		case cescacs.HasError(st.Problems):
			reason, at = "move "+st.Node.Text+" is not well-formed CTL-AN", st.Node.Sp.Start
		default:
			n := st.Ply/2 + 1
			p.moves[st.Node] = ctlMove{
				text:    st.Before.Notation(st.Move, start.Letters, style),
				ply:     st.Ply,
				unknown: st.Number != nil && st.Number.Unknown && !start.NumberKnown && n == 1,
			}
		}
	})
	if reason != "" {
		return "", reason, at
	}
	if tag, hasTag := g.TagValue("Result"); g.Result != nil && hasTag && tag != g.Result.Text {
		return "", "the Result tag and the result line disagree", g.Result.Sp.Start
	}
	// Without a result line, the one the final position decides, which
	// the Result tag then gives too, as pgnls fix writes them.
	result, decided, ok := ctllegality.Terminator(g)
	if !ok {
		return "", "the Result tag is not a CTL-PGN result and there is no result line", valueAt(firstTag(g, "Result"))
	}

	nl := p.nl
	var b strings.Builder
	for _, t := range ctlTags(g.Tags) {
		v := t.Value
		if decided && t.Name == "Result" && !opts.Strip.Results {
			v = result
		}
		b.WriteString("[" + t.Name + " \"" + syntax.Escape(v) + "\"]" + nl)
	}
	if len(g.Tags) > 0 {
		b.WriteString(nl)
	}
	// Comments between the tags and before the first move give the
	// context of the game.
	moves := g.Moves
	var context []*syntax.Comment
	for _, e := range g.Header {
		if c, ok := e.(*syntax.Comment); ok {
			context = append(context, c)
		}
	}
	// The comments among the move numbers and ellipses before the first
	// move are context too (the printer writes its own numbers, and none
	// for a pair without moves), so that the output formats to itself.
	lead := 0
scan:
	for ; lead < len(moves); lead++ {
		switch e := moves[lead].(type) {
		case *syntax.MoveNumber, *syntax.Ellipsis:
		case *syntax.Comment:
			context = append(context, e)
		default:
			break scan
		}
	}
	if len(context) > 0 {
		rest := make([]syntax.Elem, 0, len(moves))
		for _, e := range moves[:lead] {
			if _, ok := e.(*syntax.Comment); !ok {
				rest = append(rest, e)
			}
		}
		moves = append(rest, moves[lead:]...)
	}
	for _, c := range context {
		p.comment(c, 0)
	}
	if len(context) > 0 {
		p.flush()
		p.out.WriteString(nl)
	}
	if !p.line(moves, 0) {
		return "", p.reason, p.at
	}
	p.flush()
	if !opts.Strip.Results {
		p.out.WriteString(result + nl)
	}
	if len(g.After) > 0 {
		p.out.WriteString(nl)
		for _, e := range g.After {
			if c, ok := e.(*syntax.Comment); ok {
				p.comment(c, 0)
			}
		}
		p.flush()
	}
	b.WriteString(p.out.String())
	return b.String(), "", 0
}

// ctlStyle returns the separator style for option s: ASCII or Unicode
// when asked, else the style the record's moves use consistently (all
// quiet moves with U+2010, or all captures with "*"), else E's style.
func ctlStyle(g *syntax.Game, s string) cescacs.Style {
	switch s {
	case CTLASCII:
		return cescacs.StyleASCII
	case CTLUnicode:
		return cescacs.StyleUnicode
	}
	var minus, uni, times, star bool
	syntax.Inspect(g.Moves, func(e syntax.Elem) bool {
		if m, ok := e.(*syntax.Move); ok {
			minus = minus || strings.Contains(m.Text, "-")
			uni = uni || strings.Contains(m.Text, "‐")
			times = times || strings.Contains(m.Text, "×")
			star = star || strings.Contains(m.Text, "*")
		}
		return true
	})
	switch {
	case uni && !minus && !star:
		return cescacs.StyleUnicode
	case star && !times && !uni:
		return cescacs.StyleASCII
	}
	return cescacs.StyleE
}

// draftID matches the Id of an annotator draft (§8.4.1), "Cescacs-A0001-24".
var draftID = regexp.MustCompile(`^[[:alnum:]]+[-‐]A[0-9]+[-‐]`)

// ctlTags orders the tags as §8.3 asks. Variant comes first. A game
// record (one with Site, Round, White, Black, their NA or Alias forms, or
// with Event and no Id) continues Event, Site, Date, Round, White (or
// WhiteNA), WhiteAlias, Black (or BlackNA), BlackAlias, Result; a minimal
// record continues Id, then Date and Result for an annotator draft, then
// the Annotator run. The other tags keep their relative order, except
// that all Annotator tags (and all Example tags) form one run where the
// first stands, Title follows Lang, and Redefine and PDTL (or DPTL) come
// last.
func ctlTags(tags []*syntax.Tag) []*syntax.Tag {
	used := make([]bool, len(tags))
	var out []*syntax.Tag
	take := func(name string) {
		for i, t := range tags {
			if !used[i] && t.Name == name {
				out = append(out, t)
				used[i] = true
			}
		}
	}
	has := func(names ...string) bool {
		for _, t := range tags {
			for _, n := range names {
				if t.Name == n {
					return true
				}
			}
		}
		return false
	}
	take("Variant")
	switch {
	case has("Site", "Round", "White", "Black", "WhiteNA", "BlackNA", "WhiteAlias", "BlackAlias") || has("Event") && !has("Id"):
		for _, n := range []string{"Event", "Site", "Date", "Round", "White", "WhiteNA", "WhiteAlias", "Black", "BlackNA", "BlackAlias", "Result"} {
			take(n)
		}
	case has("Id"):
		draft := false
		for _, t := range tags {
			draft = draft || t.Name == "Id" && draftID.MatchString(t.Value)
		}
		take("Id")
		if draft {
			take("Date")
			take("Result")
		}
		take("Annotator")
	}
	for i, t := range tags {
		switch {
		case used[i]:
		case t.Name == "Redefine" || t.Name == "PDTL" || t.Name == "DPTL":
		case t.Name == "Title" && has("Lang"):
		case t.Name == "Annotator" || t.Name == "Example":
			take(t.Name)
		default:
			out = append(out, t)
			used[i] = true
			if t.Name == "Lang" {
				take("Title")
			}
		}
	}
	take("Redefine")
	take("PDTL")
	take("DPTL")
	return out
}

// ctlMove is what the printer needs of a move: its canonical text, its
// ply and whether its number is written "1?".
type ctlMove struct {
	text    string
	ply     int
	unknown bool
}

// ctlPrinter prints the movetext line by line.
type ctlPrinter struct {
	nl     string
	width  int
	moves  map[*syntax.Move]ctlMove
	out    strings.Builder
	cur    strings.Builder // the line being written
	has    bool            // cur holds a line
	pair   int             // ply of the White move cur ends with, or -1
	annot  bool            // cur ends with a move or its annotations
	mate   bool            // ... of a move that mates
	glyph  bool            // cur ends with a valuation glyph
	open   string          // "(" and label of a variation whose first line is not written yet
	reason string          // why the movetext cannot be printed
	at     syntax.Pos      // the element being printed: where the problem is once reason is set
}

// flush ends the current line.
func (p *ctlPrinter) flush() {
	if p.has {
		p.out.WriteString(p.cur.String())
		p.out.WriteString(p.nl)
		p.cur.Reset()
	}
	p.has, p.pair, p.annot, p.mate, p.glyph = false, -1, false, false, false
}

// start begins a new line at nesting depth, carrying a pending "(".
func (p *ctlPrinter) start(depth int) {
	p.flush()
	if p.open != "" {
		p.cur.WriteString(strings.Repeat(".", max(depth-1, 0)) + p.open)
		p.open = ""
	} else {
		p.cur.WriteString(strings.Repeat(".", depth))
	}
	p.has = true
}

// openAlone writes a pending "(" on a line of its own, before an element
// that must start its line (a comment, a variation).
func (p *ctlPrinter) openAlone(depth int) {
	if p.open != "" {
		p.start(depth)
		p.flush()
	}
}

// pairOrder returns the elements of a line with the comments and
// variations that split a pair moved after its Black move and that
// move's annotations: a pair stays on one line, and its comments and
// variations follow it (§8.6, §8.7).
func (p *ctlPrinter) pairOrder(elems []syntax.Elem) []syntax.Elem {
	out := make([]syntax.Elem, 0, len(elems))
	for i := 0; i < len(elems); {
		m, ok := elems[i].(*syntax.Move)
		if !ok || p.moves[m].ply%2 == 1 {
			out = append(out, elems[i])
			i++
			continue
		}
		j := annotationsEnd(elems, i+1)
		out = append(out, elems[i:j]...)
		k, split := j, false
	scan:
		for ; k < len(elems); k++ {
			switch elems[k].(type) {
			case *syntax.Comment, *syntax.Variation:
				split = true
			case *syntax.MoveNumber, *syntax.Ellipsis:
			default:
				break scan
			}
		}
		if split && k < len(elems) {
			if b, ok := elems[k].(*syntax.Move); ok && p.moves[b].ply == p.moves[m].ply+1 {
				l := annotationsEnd(elems, k+1)
				out = append(out, elems[k:l]...)
				out = append(out, elems[j:k]...)
				i = l
				continue
			}
		}
		i = j
	}
	return out
}

// annotationsEnd returns the index after the valuations, NAGs and game
// marks that start at elems[i].
func annotationsEnd(elems []syntax.Elem, i int) int {
	for ; i < len(elems); i++ {
		switch elems[i].(type) {
		case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
		default:
			return i
		}
	}
	return i
}

// line prints the elements of a line at nesting depth; it returns false
// (and sets reason) when an element has no place in the export form.
func (p *ctlPrinter) line(elems []syntax.Elem, depth int) bool {
	for _, e := range p.pairOrder(elems) {
		p.at = e.Span().Start
		switch n := e.(type) {
		case *syntax.MoveNumber, *syntax.Ellipsis:
			// Regenerated from the plies.
		case *syntax.Move:
			m := p.moves[n]
			num := strconv.Itoa(m.ply/2+1) + "."
			if m.unknown {
				num = "1?"
			}
			if m.ply%2 == 1 && p.pair == m.ply-1 {
				p.cur.WriteString(", " + m.text)
			} else {
				p.start(depth)
				if m.ply%2 == 1 {
					p.cur.WriteString(num + " …, " + m.text)
				} else {
					p.cur.WriteString(num + " " + m.text)
				}
			}
			p.pair = -1
			if m.ply%2 == 0 {
				p.pair = m.ply
			}
			p.annot, p.mate, p.glyph = true, strings.HasSuffix(m.text, "#"), false
		case *syntax.Glyph:
			if !p.annotation(" " + n.Text) {
				return false
			}
			p.glyph = true
		case *syntax.NAG:
			if !p.annotation(" $" + strconv.Itoa(n.Value)) {
				return false
			}
		case *syntax.DrawOffer:
			text := " (=)"
			if p.glyph {
				text = "(=)"
			}
			if !p.annotation(text) {
				return false
			}
		case *syntax.EndMark:
			if p.mate && p.annot {
				continue // '#' ends the game: ':' is redundant (§7.3)
			}
			text := ":"
			if strings.HasSuffix(p.cur.String(), ":") {
				text = " :" // "::" would read as one token
			}
			if !p.annotation(text) {
				return false
			}
		case *syntax.Comment:
			p.openAlone(depth)
			p.comment(n, depth)
		case *syntax.Variation:
			p.openAlone(depth)
			p.flush()
			p.open = "("
			if n.Label != nil {
				p.open += "$[" + strconv.Itoa(n.Label.Number) + "]"
			}
			if !p.line(n.Elems, depth+1) {
				return false
			}
			p.close(depth + 1)
		default:
			p.reason = "the movetext holds an element CTL-PGN export form has no place for"
			return false
		}
	}
	return true
}

// annotation appends a valuation, NAG or game mark to the move before it.
func (p *ctlPrinter) annotation(text string) bool {
	if !p.annot {
		p.reason = "an annotation does not follow a move"
		return false
	}
	p.cur.WriteString(text)
	p.glyph = false
	return true
}

// close ends the variation at depth: ")" joins its last pair line, or
// stands on a line of its own after a comment.
func (p *ctlPrinter) close(depth int) {
	switch {
	case p.open != "": // nothing printed: an empty variation
		p.start(depth)
		p.cur.WriteString(")")
	case p.has:
		p.cur.WriteString(")")
	default:
		p.start(0)
		p.cur.WriteString(")")
	}
	p.pair, p.annot, p.mate, p.glyph = -1, false, false, false
}

// comment prints a comment on lines of its own at nesting depth. A brace
// comment is "{ words }" (or "{: words }" for a program's comment),
// filled up to the width between its words, continuation lines indented.
func (p *ctlPrinter) comment(c *syntax.Comment, depth int) {
	p.flush()
	dots := strings.Repeat(".", depth)
	switch c.Kind {
	case syntax.LineKind:
		p.start(depth)
		p.cur.WriteString(";" + strings.TrimRight(c.Text, " \t"))
		p.flush()
		return
	case syntax.EscapeKind:
		p.out.WriteString("%" + strings.TrimRight(c.Text, " \t") + p.nl)
		return
	}
	text, lead := c.Text, "{"
	if strings.HasPrefix(text, ":") {
		text, lead = text[1:], "{:"
	}
	words := append(strings.Fields(text), "}")
	line := dots + lead
	n := utf8.RuneCountInString(line)
	indent := strings.Repeat(" ", utf8.RuneCountInString(dots)+2)
	for i, w := range words {
		wn := utf8.RuneCountInString(w)
		if i > 0 && i < len(words)-1 && n+1+wn > p.width {
			p.out.WriteString(line + p.nl)
			line, n = indent+w, len(indent)+wn
			continue
		}
		line += " " + w
		n += 1 + wn
	}
	p.out.WriteString(line + p.nl)
}
