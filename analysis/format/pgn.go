package format

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// pgnGame prints a PGN game in export form, or explains why it cannot
// and where (see Result.At).
func pgnGame(g *syntax.Game, opts Options) (text, reason string, at syntax.Pos) {
	canon, reason, at := canonicalMoves(g)
	if reason != "" {
		return "", reason, at
	}
	if opts.renotates() {
		canon = renotate(g, canon, opts)
	}
	if t := resultTagValue(g); g.Result != nil && t != "" && t != g.Result.Text {
		return "", "the Result tag and the game result disagree", g.Result.Sp.Start
	}
	// Without a termination marker, the one the final position decides,
	// which the Result tag then gives too, as pgnls fix writes them.
	term, decided := legality.Terminator(g)
	// Without the marker in the movetext (Strip.Results), the tag is
	// where the result is kept: it is not decided anew from the final
	// position, which would change it on the next run when the position
	// and the marker disagree.
	decided = decided && !opts.Strip.Results
	nl := analysis.LineEnd(g)
	var b strings.Builder
	b.Grow(len(g.Text) + len(g.Text)/8 + 64) // about the size of the rewriting
	l1 := latin1(g)
	headerComments(&b, g, opts, nl, l1)
	for _, t := range exportTags(g) {
		if decided && t.name == "Result" {
			t.value = term
		}
		b.WriteByte('[')
		b.WriteString(t.name)
		b.WriteString(" \"")
		b.WriteString(syntax.Escape(t.value))
		b.WriteString("\"]")
		b.WriteString(nl)
	}
	b.WriteString(nl)
	w := NewFiller(&b, opts.width(), nl, l1)
	p := &printer{g: g, canon: canon, w: w}
	p.line(g.Moves, startPly(g), true)
	if !opts.Strip.Results {
		w.Word(term)
	}
	// Comments after the result (up to a blank line: the parser's After)
	// are the game's; a blank line before one would make it a block of
	// its own, so each starts on the line where the one before ends.
	for _, e := range g.After {
		if c, ok := e.(*syntax.Comment); ok {
			w.Stick()
			p.comment(c)
		}
	}
	w.Flush()
	return b.String(), "", 0
}

// headerComments prints the comments of g's tag section, each a block of
// its own filled to the width: those before the first tag in place, with
// the blank line that followed each one kept, then those among the tags
// (which go before the tags, as these are reordered).
func headerComments(b *strings.Builder, g *syntax.Game, opts Options, nl string, latin1 bool) {
	before := true
	n := len(g.Header)
	for i, e := range g.Header {
		c, ok := e.(*syntax.Comment)
		if !ok {
			before = false
			continue
		}
		w := NewFiller(b, opts.width(), nl, latin1)
		(&printer{g: g, w: w}).comment(c)
		w.Flush()
		more := i+1 < n || len(g.Tags) > 0 || len(g.Moves) > 0 || g.Result != nil
		if before && more && blankAfter(g.Text, int(c.Sp.End)) {
			b.WriteString(nl)
		}
	}
}

// blankAfter reports whether a blank line follows offset i of text
// before anything else.
func blankAfter(text string, i int) bool {
	lines := 0
	for ; i < len(text); i++ {
		switch text[i] {
		case '\n':
			lines++
			if lines == 2 {
				return true
			}
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return false
}

// mayStartLine reports whether the word w of a comment, followed by the
// word next ("" when w is the last), may begin a line: a "%" in column 1
// would open an escape line, and a line that looks like a tag ("[Name"
// then a word starting with a quote) would end a comment for a reader
// looking for the next game.
func mayStartLine(w, next string) bool {
	switch {
	case w[0] == '%':
		return false
	case w[0] != '[' || len(w) < 2 || next == "" || next[0] != '"':
		return true
	}
	c := w[1] | 0x20
	if c < 'a' || c > 'z' {
		return true
	}
	for j := 2; j < len(w); j++ {
		if c := w[j]; !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("_+#=:-", c) >= 0) {
			return true
		}
	}
	return false
}

// commentsOnly prints a game that holds only comments: a file's header
// or a note between games.
func commentsOnly(g *syntax.Game, opts Options) string {
	var b strings.Builder
	headerComments(&b, g, opts, analysis.LineEnd(g), latin1(g))
	return b.String()
}

// canonicalMoves replays the game and returns the canonical SAN of every
// move not written so already (nil when every move is), or why it cannot
// and where. Games of variants whose legality is
// not checked keep their moves as written.
func canonicalMoves(g *syntax.Game) (canon map[*syntax.Move]string, reason string, at syntax.Pos) {
	start := legality.StartOf(g)
	if !start.Known {
		return nil, "", 0
	}
	if !start.OK {
		return nil, "the FEN tag is not a valid position", valueAt(firstTag(g, "FEN"))
	}
	legality.Replay(g, start, func(st *legality.Step) {
		switch {
		case reason != "":
		case st.Before == nil:
			reason, at = "a move follows an illegal move", st.Node.Sp.Start
		case st.Err != nil:
			reason, at = "move "+st.Node.Text+" is not legal", st.Node.Sp.Start
		case st.Canonical:
			// Written as its SAN already: nearly every move.
		default:
			if canon == nil {
				canon = map[*syntax.Move]string{}
			}
			canon[st.Node] = st.Before.SAN(st.Move)
		}
	})
	return canon, reason, at
}

func resultTagValue(g *syntax.Game) string {
	v, _ := g.TagValue("Result")
	return v
}

type tagLine struct{ name, value string }

// exportTags orders the tags: the Seven Tag Roster first (missing ones
// added with their placeholders), then the others in ASCII order.
func exportTags(g *syntax.Game) []tagLine {
	out := make([]tagLine, 0, len(tags.Roster)+len(g.Tags))
	for _, name := range tags.Roster {
		found := false
		for _, t := range g.Tags {
			if t.Name == name {
				out = append(out, tagLine{t.Name, g.RawValue(t)})
				found = true
			}
		}
		if !found {
			out = append(out, tagLine{name, tags.Placeholder(g, name)})
		}
	}
	roster := len(out)
	for _, t := range g.Tags {
		if !slices.Contains(tags.Roster, t.Name) {
			out = append(out, tagLine{t.Name, rawValue(g, t)})
		}
	}
	slices.SortStableFunc(out[roster:], func(a, b tagLine) int { return strings.Compare(a.name, b.name) })
	return out
}

// startPly is the ply of the game's first move: 0 for White's move 1;
// from a FEN tag, 2*(fullmove-1) plus one when Black is to move.
func startPly(g *syntax.Game) int {
	fen, ok := g.TagValue("FEN")
	if !ok {
		return 0
	}
	f := strings.Fields(fen)
	ply := 0
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			ply = 2 * (n - 1)
		}
	}
	if len(f) >= 2 && f[1] == "b" {
		ply++
	}
	return ply
}

// printer walks the movetext.
type printer struct {
	g     *syntax.Game
	canon map[*syntax.Move]string
	w     *Filler
}

// line prints one line (main line or variation) whose first move is at
// ply; numbered tells that the next Black move needs its "N..." number.
func (p *printer) line(elems []syntax.Elem, ply int, numbered bool) {
	beforePly := ply
	for _, e := range elems {
		switch n := e.(type) {
		case *syntax.Move:
			text := n.Text
			if p.canon != nil { // nil when every move is written canonically
				if c, ok := p.canon[n]; ok {
					text = c
				}
			}
			switch {
			case ply%2 == 0:
				p.w.Word(numberText(ply/2+1, false))
			case numbered:
				p.w.Word(numberText(ply/2+1, true))
			}
			p.w.Word(text)
			beforePly = ply
			ply++
			numbered = false
		case *syntax.NAG:
			if n.Value < 0 { // too big for a number: kept as written
				p.w.Word(p.g.Slice(n.Sp))
			} else {
				p.w.Word(nagText(n.Value))
			}
			numbered = true
		case *syntax.Glyph:
			p.w.Word(nagText(nag.Glyphs[n.Text]))
			numbered = true
		case *syntax.Comment:
			p.comment(n)
			numbered = true
		case *syntax.Variation:
			p.w.Open()
			p.line(n.Elems, beforePly, true)
			p.w.Close()
			numbered = true
		case *syntax.Result:
			p.w.Word(n.Text)
			numbered = true
		}
	}
}

// nextField returns the bounds of the first word of s at or after i, the
// words being what strings.Fields splits s into, or -1, -1 when there is
// none.
func nextField(s string, i int) (start, end int) {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiBlank[c] {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	if i == len(s) {
		return -1, -1
	}
	j := i
	for j < len(s) {
		if c := s[j]; c < utf8.RuneSelf {
			if asciiBlank[c] {
				break
			}
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if unicode.IsSpace(r) {
			break
		}
		j += n
	}
	return i, j
}

// asciiBlank marks the ASCII characters unicode.IsSpace accepts.
var asciiBlank = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func (p *printer) comment(c *syntax.Comment) {
	switch c.Kind {
	case syntax.BraceKind:
		// The words of the comment as strings.Fields splits them, each
		// taken as it comes, with the braces around the first and last.
		text := c.Text
		start, end := nextField(text, 0)
		if start < 0 {
			p.w.Word("{}")
			return
		}
		for first := true; start >= 0; first = false {
			w, next := text[start:end], ""
			if start, end = nextField(text, end); start >= 0 {
				next = text[start:end]
			}
			if !first && !mayStartLine(w, next) {
				p.w.Stick()
			}
			p.w.Braced(w, first, next == "")
		}
	case syntax.LineKind:
		p.w.Word(";" + strings.TrimRight(c.Text, " \t"))
		p.w.BreakLine()
	case syntax.EscapeKind:
		p.w.BreakLine()
		p.w.Word("%" + strings.TrimRight(c.Text, " \t"))
		p.w.BreakLine()
	}
}
