package query

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctlcheck"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// Complete proposes what may be written at the file-absolute offset off:
//
//   - after "[" or on a tag name: tag names of the dialect, without the
//     tags the game already has; the tags its order expects next sort
//     first;
//   - inside a tag value: the values of Result, Variant, Termination,
//     Mode, WhiteType/BlackType, Lang, SetUp and CTL-PGN Redefine, for
//     dates today's date in the dialect's format, and for ECO and Opening
//     the codes and names of the lichess opening names the main line
//     reaches, the last first;
//   - on "$" or a NAG: the NAGs with their meanings; on a glyph: the
//     suffix glyphs;
//   - in the movetext: the legal moves of the position at the cursor (main
//     line or variation), in canonical notation: SAN, or CTL-AN with the
//     letters of the Redefine tag and the separators of opts.Symbols.
//
// Each item says which span it replaces.
func Complete(f *syntax.File, off syntax.Pos, opts Options) []Item {
	r, rel, ok := locate(f, off)
	if !ok {
		if f == nil || f.Len() != 0 || off != 0 {
			return nil
		}
		// An empty file: the moves of a new game.
		r.Game = &syntax.Game{}
	}
	c := &completer{d: f.Dialect, g: r.Game, rel: rel, opts: opts}
	items := c.complete()
	for i := range items {
		items[i].Replace = items[i].Replace.Shift(r.Start)
		if opts.Markup == PlainText {
			items[i].Documentation = plain(items[i].Documentation)
		}
	}
	return items
}

// completer holds one completion request; spans are game-relative until
// Complete shifts them.
type completer struct {
	d    syntax.Dialect
	g    *syntax.Game
	rel  syntax.Pos
	opts Options
}

func (c *completer) complete() []Item {
	g, rel := c.g, c.rel
	empty := syntax.Span{Start: rel, End: rel}
	ti := completionToken(g, rel)
	if ti < 0 {
		return c.moves(empty, rel)
	}
	t := g.Tokens[ti]
	text := g.Slice(t.Span)
	atEnd := rel == t.Span.End
	switch t.Kind {
	case syntax.KTagOpen:
		return c.tagNames(empty)
	case syntax.KTagName:
		return c.tagNames(t.Span)
	case syntax.KString:
		return c.tagValues(t.Span)
	case syntax.KNAG:
		return nags(t.Span)
	case syntax.KError:
		if text == "$" {
			return nags(t.Span)
		}
	case syntax.KGlyph:
		return glyphs(c.d, t.Span)
	case syntax.KMove:
		return c.moves(t.Span, t.Span.Start)
	case syntax.KMoveNumber, syntax.KEllipsis, syntax.KComma, syntax.KDots, syntax.KVarOpen, syntax.KVarClose:
		return c.moves(empty, rel)
	case syntax.KBraceComment:
		if atEnd && strings.HasSuffix(text, "}") {
			return c.moves(empty, rel)
		}
	}
	return nil
}

// completionToken returns the index of the token the cursor is in, or
// starts when it is a word that completion replaces, or else ends (the
// word being typed); -1 when the cursor is between tokens.
func completionToken(g *syntax.Game, rel syntax.Pos) int {
	i := g.TokenAt(rel)
	if i < 0 {
		i = len(g.Tokens)
	} else if t := g.Tokens[i]; !t.Kind.IsTrivia() {
		switch {
		case t.Span.Start < rel:
			return i
		case t.Kind == syntax.KMove || t.Kind == syntax.KNAG || t.Kind == syntax.KGlyph || t.Kind == syntax.KTagName:
			return i
		}
	}
	if i > 0 && g.Tokens[i-1].Span.End == rel && !g.Tokens[i-1].Kind.IsTrivia() {
		return i - 1
	}
	return -1
}

// tagAt returns the tag of the header holding rel.
func (c *completer) tagAt() *syntax.Tag {
	for _, t := range c.g.Tags {
		if t.Sp.Contains(c.rel) {
			return t
		}
	}
	return nil
}

// today returns the date offered for date tags.
func (c *completer) today() string {
	t := c.opts.Today
	if t.IsZero() {
		t = time.Now()
	}
	if c.d == syntax.CTLPGN {
		return t.Format("2006-01-02")
	}
	return t.Format("2006.01.02")
}

// isDateTag reports whether the tag called name holds a date.
func isDateTag(name string) bool {
	switch name {
	case "Date", "EventDate", "UTCDate", "MatchDate":
		return true
	}
	return false
}

// repeatable reports whether a tag may appear several times (CTL-PGN §8.3).
func (c *completer) repeatable(name string) bool {
	return c.d == syntax.CTLPGN && (name == "Annotator" || name == "Example")
}

// expected returns the tags the dialect's order puts first, in order,
// for a game with the tags of have.
func (c *completer) expected(have map[string]bool) []string {
	if c.d == syntax.PGN {
		return tags.Roster
	}
	game := []string{"Variant", "Event", "Site", "Date", "Round", "White", "Black", "Result"}
	minimal := []string{"Variant", "Id", "Annotator"}
	for _, n := range []string{"Event", "Site", "Round", "White", "Black", "WhiteNA", "BlackNA", "WhiteAlias", "BlackAlias"} {
		if have[n] {
			return game
		}
	}
	if have["Id"] {
		return minimal
	}
	return append(game, "Id", "Annotator")
}

// tagNames proposes tag names for the name span sp of a tag of the tag
// section (not of a "[" in the movetext).
func (c *completer) tagNames(sp syntax.Span) []Item {
	cur := c.tagAt()
	if cur == nil {
		return nil
	}
	have := map[string]bool{}
	for _, t := range c.g.Tags {
		if t != cur {
			have[t.Name] = true
		}
	}
	expected := c.expected(have)
	var items []Item
	for _, info := range tagsOf(c.d) {
		if have[info.name] && !c.repeatable(info.name) {
			continue
		}
		sort := "1" + info.name
		if i := slices.Index(expected, info.name); i >= 0 {
			sort = fmt.Sprintf("0%02d", i)
		} else if info.name == "Redefine" || info.name == "PDTL" {
			sort = "2" + info.name
		}
		// A tag without a value gets one, the cursor inside its quotes:
		// a snippet whose placeholder is the default value (typing
		// replaces it), else a text that ends inside the quotes (and
		// leaves the value and the closing quote and bracket to type).
		insert, snippet := info.name, ""
		if cur != nil && cur.ValueSpan == (syntax.Span{}) {
			insert += ` "`
			snippet = insert + "${1:" + snippetEscape(c.defaultValue(info.name)) + `}"`
			if !cur.Closed {
				snippet += "]"
			}
			snippet += "$0"
		}
		items = append(items, Item{
			Label: info.name, Detail: info.summary, Documentation: tagMarkdown(c.d, info.name),
			InsertText: insert, Snippet: snippet, Kind: ItemTag, Replace: sp, SortText: sort,
		})
	}
	return items
}

// snippetEscape escapes the characters a snippet gives a meaning ("$",
// "}" and "\\").
var snippetEscape = strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`).Replace

// defaultValue is the value a new tag is inserted with: today for a
// date, else the placeholder the fix that adds missing tags writes.
func (c *completer) defaultValue(name string) string {
	switch {
	case isDateTag(name):
		return c.today()
	case name == "Variant" && c.d == syntax.CTLPGN:
		return "C'escacs"
	case c.d == syntax.CTLPGN:
		if v, ok := ctlcheck.Placeholder(name); ok {
			return v
		}
		if name == "Result" {
			return "*"
		}
	case slices.Contains(tags.Roster, name):
		return tags.Placeholder(c.g, name)
	}
	return ""
}

// tagValues proposes values for the quoted string at sp.
func (c *completer) tagValues(sp syntax.Span) []Item {
	var tag *syntax.Tag
	for _, t := range c.g.Tags {
		if t.ValueSpan == sp {
			tag = t
		}
	}
	if tag == nil {
		return nil
	}
	text := c.g.Slice(sp)
	inner := syntax.Span{Start: sp.Start + 1, End: sp.End}
	if len(text) >= 2 && strings.HasSuffix(text, `"`) {
		inner.End--
	}
	if c.rel < inner.Start || c.rel > inner.End {
		return nil
	}
	var values []value
	if info, ok := lookupTag(c.d, tag.Name); ok {
		values = info.values
	}
	if c.d == syntax.PGN && (tag.Name == "ECO" || tag.Name == "Opening") {
		values = openingValues(c.g, tag.Name)
	}
	if isDateTag(tag.Name) {
		unknown := "????.??.??"
		if c.d == syntax.CTLPGN {
			unknown = "????-??-??"
		}
		values = []value{{c.today(), "today"}, {unknown, "unknown date"}}
	}
	var items []Item
	for i, v := range values {
		items = append(items, Item{
			Label: v.text, Detail: v.doc, InsertText: syntax.Escape(v.text),
			Kind: ItemTagValue, Replace: inner, SortText: fmt.Sprintf("%02d", i),
		})
	}
	return items
}

// nags proposes the NAGs that have a meaning, replacing sp.
func nags(sp syntax.Span) []Item {
	var items []Item
	for n := range 256 {
		info, _ := nag.Lookup(n)
		if info.Text == "" {
			continue
		}
		label := "$" + strconv.Itoa(n)
		detail := info.Text
		if info.Symbol != "" {
			detail += " (" + info.Symbol + ")"
		}
		items = append(items, Item{
			Label: label, Detail: detail, Documentation: nagMarkdown(label), InsertText: label,
			Kind: ItemNAG, Replace: sp, SortText: fmt.Sprintf("%03d", n),
		})
	}
	return items
}

// glyphs proposes the suffix glyphs of dialect d, replacing sp.
func glyphs(d syntax.Dialect, sp syntax.Span) []Item {
	list := []string{"!", "?", "!!", "??", "!?", "?!"}
	if d == syntax.CTLPGN {
		list = append(list, "◇")
	}
	var items []Item
	for i, gl := range list {
		n := nag.Glyphs[gl]
		info, _ := nag.Lookup(n)
		detail := info.Text
		if d == syntax.CTLPGN {
			detail = ctlValuations[gl]
		}
		items = append(items, Item{
			Label: gl, Detail: detail + " ($" + strconv.Itoa(n) + ")", Documentation: glyphMarkdown(d, gl),
			InsertText: gl, Kind: ItemGlyph, Replace: sp, SortText: strconv.Itoa(i),
		})
	}
	return items
}

// moves proposes the legal moves at the place p of the movetext,
// replacing sp.
func (c *completer) moves(sp syntax.Span, p syntax.Pos) []Item {
	if !inMovetext(c.g, p) {
		return nil
	}
	w := whereIs(c.g, p)
	if c.d == syntax.CTLPGN {
		return c.hexMoves(sp, w)
	}
	pos, _, ok := pgnPositionAt(c.g, w)
	if !ok {
		return nil
	}
	var items []Item
	for _, m := range pos.LegalMoves() {
		after := pos.Make(m)
		san := pos.SAN(m)
		items = append(items, Item{
			Label: san, Detail: describeChessMove(&pos, &after, m), InsertText: san, Kind: ItemMove, Replace: sp,
		})
	}
	return sortMoves(items)
}

// hexMoves proposes the legal CTL-AN moves at w, replacing sp.
func (c *completer) hexMoves(sp syntax.Span, w where) []Item {
	pos, start, _, ok := ctlPositionAt(c.g, w)
	if !ok {
		return nil
	}
	style := c.style()
	var items []Item
	for _, m := range pos.LegalMoves(nil) {
		after := pos
		after.Play(m)
		text := pos.Notation(m, start.Letters, style)
		items = append(items, Item{
			Label: text, Detail: describeHexMove(&pos, &after, m), InsertText: text, Kind: ItemMove, Replace: sp,
		})
	}
	return sortMoves(items)
}

// sortMoves orders move items by label: castling and piece moves (upper
// case) before pawn moves.
func sortMoves(items []Item) []Item {
	slices.SortFunc(items, func(a, b Item) int { return strings.Compare(a.Label, b.Label) })
	for i := range items {
		items[i].SortText = fmt.Sprintf("%04d", i)
	}
	return items
}

// style returns the CTL-AN separator style of completed moves: the one
// opts.Symbols asks for, or the one the record's moves use.
func (c *completer) style() cescacs.Style {
	switch c.opts.Symbols {
	case "ascii":
		return cescacs.StyleASCII
	case "unicode":
		return cescacs.StyleUnicode
	}
	for _, t := range c.g.Tokens {
		if t.Kind != syntax.KMove {
			continue
		}
		switch text := c.g.Slice(t.Span); {
		case strings.Contains(text, "‐"):
			return cescacs.StyleUnicode
		case strings.Contains(text, "*"):
			return cescacs.StyleASCII
		}
	}
	return cescacs.StyleE
}
