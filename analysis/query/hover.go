package query

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

// HoverAt describes what is under the file-absolute offset off:
//
//   - a NAG or suffix glyph: its meaning in the 0–255 table and the
//     source of that meaning;
//   - a tag name: what the tag means and the value it expects, in the
//     file's dialect; a Redefine value: its letters as a table; a FEN or
//     PDTL value: the position; a Result value: its meaning; an ECO
//     value: its openings in the lichess opening names and their moves;
//   - a move: the move in words, its ply and move number, the opening
//     reached so far (PGN), the FEN or PDTL after it and a board diagram
//     (an SVG image and a text block), or why it cannot be played; with
//     the cursor on a square or hex of the move, that square first;
//   - a square or hex in a comment ("e4", "~F14"): its colour, the piece
//     on it at that point of the game and the pieces attacking it;
//   - a result: its meaning.
//
// It returns nil when there is nothing to say. The text is in
// opts.Markup: a board comes first, as an image or as text (see render).
func HoverAt(f *syntax.File, off syntax.Pos, opts Options) *Hover {
	r, rel, ok := locate(f, off)
	if !ok {
		return nil
	}
	g := r.Game
	ti := tokenAt(g, rel)
	if ti < 0 {
		return nil
	}
	t := g.Tokens[ti]
	text := g.Slice(t.Span)
	sp, md := t.Span, ""
	var bd *hoverBoard
	switch t.Kind {
	case syntax.KNAG:
		md = nagMarkdown(text)
	case syntax.KGlyph:
		md = glyphMarkdown(f.Dialect, text)
	case syntax.KTagName:
		md = tagMarkdown(f.Dialect, text)
	case syntax.KString:
		md, bd = valueMarkdown(f.Dialect, g, t.Span)
	case syntax.KResult:
		md = resultMarkdown(f.Dialect, text)
	case syntax.KMove:
		md, bd = moveMarkdown(f.Dialect, g, t, rel)
	case syntax.KBraceComment, syntax.KLineComment, syntax.KEscape:
		var letters *cescacs.Alphabet
		if f.Dialect == syntax.CTLPGN {
			letters = lettersOf(g)
		}
		key, csp, ok := coordAt(f.Dialect, g, rel, letters)
		if !ok {
			return nil
		}
		sp, md = csp, coordMarkdown(f.Dialect, g, whereIs(g, t.Span.Start), key)
	}
	if md == "" {
		return nil
	}
	return &Hover{Span: sp.Shift(r.Start), Text: render(md, bd, opts.Markup), Markup: opts.Markup}
}

// nagMarkdown describes the NAG written as text ("$14").
func nagMarkdown(text string) string {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "$"))
	info, ok := nag.Lookup(n)
	if err != nil || !ok {
		return "**NAG " + text + "** — out of range: NAGs are $0 to $255."
	}
	var b strings.Builder
	b.WriteString("**NAG " + text + "** — ")
	if info.Text == "" {
		b.WriteString("no agreed meaning.")
	} else {
		b.WriteString(info.Text)
		if gl := nag.GlyphFor(n); gl != "" {
			b.WriteString("; the suffix `" + gl + "` stands for it")
		} else if info.Symbol != "" {
			b.WriteString(" (usual symbol " + info.Symbol + ")")
		}
		b.WriteString(".")
	}
	b.WriteString("\n\nSource: " + info.Source.String() + ".")
	return b.String()
}

// ctlValuations are the names of the valuation glyphs in CTL-PGN §7.3.
var ctlValuations = map[string]string{
	"!": "good move", "?": "poor move, mistake", "!!": "excellent, brilliant move", "??": "blunder",
	"!?": "interesting, speculative move", "?!": "dubious, questionable move", "◇": "forced move, only move",
}

// glyphMarkdown describes a suffix annotation glyph.
func glyphMarkdown(d syntax.Dialect, text string) string {
	n, ok := nag.Glyphs[text]
	if !ok {
		return ""
	}
	info, _ := nag.Lookup(n)
	if d == syntax.CTLPGN {
		return "**Glyph " + text + "** — " + ctlValuations[text] + "; it stands for **$" + strconv.Itoa(n) + "**.\n\nSource: " + nag.CTLPGN.String() + "."
	}
	if text == "◇" {
		return "**Glyph ◇** — a CTL-PGN valuation glyph (forced move, $7); PGN has no such suffix."
	}
	return "**Glyph " + text + "** — " + info.Text + "; the suffix form of **$" + strconv.Itoa(n) + "**.\n\nSource: " + info.Source.String() + "."
}

// resultMarkdown describes a result of dialect d.
func resultMarkdown(d syntax.Dialect, text string) string {
	results := resultsPGN
	if d == syntax.CTLPGN {
		results = resultsCTL
	}
	for _, v := range results {
		if v.text == text {
			return "**Result " + text + "** — " + v.doc + "."
		}
	}
	return ""
}

// valueMarkdown describes the tag value at the game-relative span sp,
// with the board to show.
func valueMarkdown(d syntax.Dialect, g *syntax.Game, sp syntax.Span) (string, *hoverBoard) {
	var tag *syntax.Tag
	for _, t := range g.Tags {
		if t.ValueSpan == sp {
			tag = t
		}
	}
	if tag == nil {
		return "", nil
	}
	switch {
	case tag.Name == "Result":
		return resultMarkdown(d, tag.Value), nil
	case d == syntax.PGN && tag.Name == "FEN":
		return fenMarkdown(g, tag.Value)
	case d == syntax.PGN && tag.Name == "ECO":
		return ecoMarkdown(g, tag.Value), nil
	case d == syntax.CTLPGN && (tag.Name == "PDTL" || tag.Name == "DPTL"):
		return pdtlMarkdown(tag.Value, lettersOf(g))
	case d == syntax.CTLPGN && tag.Name == "Redefine":
		return redefineMarkdown(tag.Value), nil
	}
	return "", nil
}

// fenMarkdown shows the position of a FEN value.
func fenMarkdown(g *syntax.Game, fen string) (string, *hoverBoard) {
	tag, _ := g.TagValue("Variant")
	v, _ := chess.ParseVariant(tag)
	p, errs := chess.CheckVariantFEN(fen, v, false)
	var b strings.Builder
	b.WriteString("**FEN** — start position")
	var problems []string
	valid := true
	for _, e := range errs {
		problems = append(problems, e.Msg)
		valid = valid && e.Usable()
	}
	if !valid {
		b.WriteString(": not a valid position.\n\n")
		writeProblems(&b, problems)
		return b.String(), nil
	}
	b.WriteString(", " + p.SideToMove().String() + " to move.\n\n")
	writeProblems(&b, problems)
	return b.String(), chessBoard(&p)
}

// pdtlMarkdown shows the position of a PDTL value.
func pdtlMarkdown(value string, letters *cescacs.Alphabet) (string, *hoverBoard) {
	p, probs := cescacs.ParsePDTL(value, letters)
	var b strings.Builder
	b.WriteString("**PDTL** — start position, " + p.Turn().String() + " to move")
	if n := p.MoveNumber(); n > 0 {
		b.WriteString(", move " + strconv.Itoa(n))
	} else {
		b.WriteString(", move number unknown")
	}
	b.WriteString(".\n\n")
	var problems []string
	for _, pr := range probs {
		if pr.Severity != cescacs.SeverityHint {
			problems = append(problems, pr.Severity.String()+": "+pr.Msg)
		}
	}
	writeProblems(&b, problems)
	return b.String(), hexBoard(&p, letters)
}

// writeProblems writes up to five problems as a list.
func writeProblems(b *strings.Builder, problems []string) {
	for i, p := range problems {
		if i == 5 {
			b.WriteString("- … and " + strconv.Itoa(len(problems)-5) + " more\n")
			break
		}
		b.WriteString("- " + p + "\n")
	}
	if len(problems) > 0 {
		b.WriteString("\n")
	}
}

// hexKinds lists the piece kinds in the order of the Redefine table.
var hexKinds = []cescacs.Kind{cescacs.King, cescacs.Queen, cescacs.Wyvern, cescacs.Rook, cescacs.Pegasus, cescacs.Knight, cescacs.Bishop, cescacs.Elephant, cescacs.Pawn}

// redefineMarkdown shows the letters of a Redefine value as a table.
func redefineMarkdown(value string) string {
	a, probs := cescacs.ParseRedefine(value)
	var b strings.Builder
	b.WriteString("**Redefine** — the piece symbols of this record")
	if a.FAN() {
		b.WriteString(": the FAN glyphs (White's glyph in moves)")
	}
	b.WriteString(".\n\n| piece | standard | in force |\n|---|---|---|\n")
	for _, k := range hexKinds {
		std, now := string(k.Letter()), a.Symbol(k)
		if now != std {
			now = "**" + now + "**"
		}
		b.WriteString("| " + k.String() + " | " + std + " | " + now + " |\n")
	}
	if len(probs) > 0 {
		b.WriteString("\n")
		var problems []string
		for _, p := range probs {
			problems = append(problems, p.Severity.String()+": "+p.Msg)
		}
		writeProblems(&b, problems)
	}
	return strings.TrimRight(b.String(), "\n")
}
