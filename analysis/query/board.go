package query

import (
	"encoding/base64"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
)

// Board diagrams for hovers: an SVG image (sent as a data URI, for
// clients that render images in Markdown) and a monospace text diagram.

// hoverBoard is a position that a hover shows, drawn as the client can
// show it (see render).
type hoverBoard struct {
	svg     func() string // the image, drawn only for clients that show images
	text    string        // the same board as text
	caption string        // what the image does not show (crazyhouse hands, three-check counts), or ""
}

// chessBoard is p as a hover shows it, the squares of marks tinted.
func chessBoard(p *chess.Position, marks ...chess.Square) *hoverBoard {
	q := *p
	return &hoverBoard{svg: func() string { return chessSVG(&q, marks...) }, text: chessText(p), caption: variantState(p)}
}

// hexBoard is p as a hover shows it, the hexes of marks tinted.
func hexBoard(p *cescacs.Position, letters *cescacs.Alphabet, marks ...cescacs.Hex) *hoverBoard {
	q := *p
	return &hoverBoard{svg: func() string { return hexSVG(&q, letters, false, marks...) }, text: hexText(p, letters)}
}

// render returns the text of a hover in markup m from md, the
// description in Markdown, whose first line (the headline) says in words
// what the hover is about, and the board b (nil: none). The board is an
// image for clients that show images, else text in a fenced block (plain
// text: without the fence, and md without its Markdown, see plain).
//
// A text board comes after the headline, so that a client showing only
// a hover's first line (Emacs's ElDoc in the echo area) shows words, not
// a row of the board. The image comes first: VS Code, which shows
// images, cuts a hover at about 250 pixels, and the image must show
// whole (hence the sizes chessShown and hexShown).
func render(md string, b *hoverBoard, m Markup) string {
	if m == PlainText {
		md = plain(md)
	}
	head, rest, _ := strings.Cut(md, "\n\n")
	var out strings.Builder
	switch {
	case b == nil:
		out.WriteString(md)
	case m == MarkdownImages:
		out.WriteString("![board](data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(b.svg())) + ")\n\n")
		if b.caption != "" {
			out.WriteString(strings.ReplaceAll(b.caption, "\n", " · ") + "\n\n")
		}
		out.WriteString(md)
	case m == Markdown:
		out.WriteString(head + "\n\n```text\n" + b.text + "\n```\n\n" + rest)
	default:
		out.WriteString(head + "\n\n" + b.text + "\n\n" + rest)
	}
	return strings.TrimRight(out.String(), "\n")
}

// plainReplacer removes the inline Markdown of hover descriptions:
// strong emphasis and code marks.
var plainReplacer = strings.NewReplacer("**", "", "`", "")

// plain returns the Markdown md of a hover description (or of completion
// documentation) as plain text: without emphasis and code marks, without
// rules ("---"), and with tables as columns aligned with spaces, the
// separator row dropped. What is left of the Markdown ("- " items,
// paragraphs) reads as plain text.
func plain(md string) string {
	var out []string
	var table [][]string
	flush := func() {
		if len(table) == 0 {
			return
		}
		var widths []int
		for _, row := range table {
			for i, c := range row {
				if i == len(widths) {
					widths = append(widths, 0)
				}
				widths[i] = max(widths[i], utf8.RuneCountInString(c))
			}
		}
		for _, row := range table {
			var b strings.Builder
			for i, c := range row {
				if i > 0 {
					b.WriteString("  ")
				}
				b.WriteString(c)
				if i < len(row)-1 {
					b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)))
				}
			}
			out = append(out, b.String())
		}
		table = nil
	}
	for line := range strings.SplitSeq(plainReplacer.Replace(md), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case len(t) >= 3 && strings.Trim(t, "-") == "":
			flush() // a rule: the blank lines around it part the text
		case len(t) >= 2 && t[0] == '|' && t[len(t)-1] == '|':
			var row []string
			sep := true
			for c := range strings.SplitSeq(t[1:len(t)-1], "|") {
				c = strings.TrimSpace(c)
				sep = sep && c != "" && strings.Trim(c, "-:") == ""
				row = append(row, c)
			}
			if !sep {
				table = append(table, row)
			}
		default:
			flush()
			out = append(out, line)
		}
	}
	flush()
	text := strings.Join(out, "\n")
	for strings.Contains(text, "\n\n\n") {
		text = strings.ReplaceAll(text, "\n\n\n", "\n\n")
	}
	return text
}

// xmlEscaper escapes text for XML content and attribute values.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// num formats a coordinate with at most one decimal.
func num(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }

// chessGlyphs are the figurines of the chess pieces by type (Pawn..King),
// white then black.
var chessGlyphs = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// The sizes boards are shown at, in pixels: small enough that a client
// that cuts a hover at about 250 pixels (VS Code) shows them whole.
const (
	chessShown = 184 // width and height
	hexShown   = 228 // height; the width follows
)

// The classes of the parts of a diagram that a page showing it inline
// may restyle to suit its colours (a dark theme): the background, and
// the group of the coordinates drawn on it. An image keeps the colours
// drawn.
const (
	svgBackground  = ` class="board-bg"`
	svgCoordinates = `<g class="board-coord">`
)

// chessSVG draws p from White's side; the squares of marks are tinted
// (the origin and destination of the move shown).
func chessSVG(p *chess.Position, marks ...chess.Square) string {
	return annotatedChessSVG(p, nil, false, marks...)
}

// annotatedChessSVG is chessSVG with the arrows and marked squares of
// ann (nil: none) drawn over the pieces, as lichess draws them, and from
// Black's side (Black at the bottom) when flipped.
func annotatedChessSVG(p *chess.Position, ann *Annotations, flipped bool, marks ...chess.Square) string {
	const sq, margin = 40, 16
	size := 8*sq + margin
	// col and row place a file and a rank on the drawing, 0 at the left
	// and at the top.
	col, row := func(file int) int { return file }, func(rank int) int { return 7 - rank }
	if flipped {
		col, row = func(file int) int { return 7 - file }, func(rank int) int { return rank }
	}
	var b strings.Builder
	// Drawn at 336 units, shown at chessShown pixels.
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + strconv.Itoa(chessShown) + `" height="` + strconv.Itoa(chessShown) +
		`" viewBox="0 0 ` + strconv.Itoa(size) + ` ` + strconv.Itoa(size) + `" font-family="sans-serif">`)
	b.WriteString(`<rect` + svgBackground + ` width="100%" height="100%" fill="#fff"/>`)
	for rank := 7; rank >= 0; rank-- {
		for file := range 8 {
			s := chess.SquareAt(file, rank)
			x, y := margin+col(file)*sq, row(rank)*sq
			fill := "#b58863"
			if chess.SquareColor(s) == chess.White {
				fill = "#f0d9b5"
			}
			for _, m := range marks {
				if m == s {
					fill = "#cdd26a"
				}
			}
			b.WriteString(`<rect x="` + strconv.Itoa(x) + `" y="` + strconv.Itoa(y) + `" width="40" height="40" fill="` + fill + `"/>`)
			if pc := p.PieceAt(s); pc != chess.NoPiece {
				b.WriteString(`<text x="` + strconv.Itoa(x+sq/2) + `" y="` + strconv.Itoa(y+sq/2+11) + `" font-size="32" text-anchor="middle">` +
					chessGlyphs[pc.Color()][pc.Type()] + `</text>`)
			}
		}
	}
	b.WriteString(svgCoordinates)
	for i := range 8 {
		b.WriteString(`<text x="8" y="` + strconv.Itoa(row(i)*sq+sq/2+4) + `" font-size="11" text-anchor="middle">` + strconv.Itoa(i+1) + `</text>`)
		b.WriteString(`<text x="` + strconv.Itoa(margin+col(i)*sq+sq/2) + `" y="` + strconv.Itoa(8*sq+12) + `" font-size="11" text-anchor="middle">` + string(rune('a'+i)) + `</text>`)
	}
	b.WriteString(`</g>`)
	if ann != nil {
		drawAnnotations(&b, ann, func(s chess.Square) (float64, float64) {
			return float64(margin + col(s.File())*sq + sq/2), float64(row(s.Rank())*sq + sq/2)
		})
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// annotationFills are the colours lichess draws its arrows and marked
// squares in.
var annotationFills = map[string]string{"green": "#15781b", "red": "#882020", "yellow": "#e68f00", "blue": "#003088"}

// drawAnnotations draws the marked squares of ann as circles and its
// arrows, from the centre of a square to the centre of another; center
// gives the centre of a square in the drawing's units (squares of 40).
func drawAnnotations(b *strings.Builder, ann *Annotations, center func(chess.Square) (float64, float64)) {
	if len(ann.Squares) == 0 && len(ann.Arrows) == 0 {
		return
	}
	b.WriteString(`<g opacity="0.8">`)
	for _, m := range ann.Squares {
		s, ok := chess.ParseSquare(m.Square)
		fill, known := annotationFills[m.Color]
		if !ok || !known {
			continue
		}
		x, y := center(s)
		b.WriteString(`<circle cx="` + num(x) + `" cy="` + num(y) + `" r="17.5" fill="none" stroke="` + fill + `" stroke-width="3.5"/>`)
	}
	const head, halfWidth, shaft = 15.0, 10.0, 7.0
	for _, a := range ann.Arrows {
		from, ok1 := chess.ParseSquare(a.From)
		to, ok2 := chess.ParseSquare(a.To)
		fill, known := annotationFills[a.Color]
		if !ok1 || !ok2 || !known || from == to {
			continue
		}
		x0, y0 := center(from)
		x1, y1 := center(to)
		l := math.Hypot(x1-x0, y1-y0)
		dx, dy := (x1-x0)/l, (y1-y0)/l
		bx, by := x1-dx*head, y1-dy*head // the base of the head
		b.WriteString(`<line x1="` + num(x0) + `" y1="` + num(y0) + `" x2="` + num(bx+dx) + `" y2="` + num(by+dy) + `" stroke="` + fill +
			`" stroke-width="` + num(shaft) + `"/>`)
		b.WriteString(`<polygon points="` + num(x1) + `,` + num(y1) + ` ` + num(bx-dy*halfWidth) + `,` + num(by+dx*halfWidth) + ` ` +
			num(bx+dy*halfWidth) + `,` + num(by-dx*halfWidth) + `" fill="` + fill + `"/>`)
	}
	b.WriteString(`</g>`)
}

// chessText draws p as text: ranks 8 to 1, FEN letters, "." for empty;
// below them the hands of crazyhouse and the checks still to give of
// three-check.
func chessText(p *chess.Position) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		b.WriteString(strconv.Itoa(rank + 1))
		for file := range 8 {
			b.WriteByte(' ')
			b.WriteByte(p.PieceAt(chess.SquareAt(file, rank)).FENChar())
		}
		b.WriteByte('\n')
	}
	b.WriteString("  a b c d e f g h")
	if s := variantState(p); s != "" {
		b.WriteString("\n" + s)
	}
	return b.String()
}

// variantState describes what a board does not show: the hands of
// crazyhouse ("white in hand: Q N", a line a side) and the checks each
// side still has to give in three-check; "" in other variants.
func variantState(p *chess.Position) string {
	var b strings.Builder
	switch p.Variant() {
	case chess.Crazyhouse:
		for _, c := range []chess.Color{chess.White, chess.Black} {
			if c == chess.Black {
				b.WriteByte('\n')
			}
			b.WriteString(c.String() + " in hand:")
			n := 0
			for t := chess.Queen; t >= chess.Pawn; t-- {
				for range p.InHand(c, t) {
					b.WriteByte(' ')
					b.WriteByte(chess.NewPiece(c, t).FENChar())
					n++
				}
			}
			if n == 0 {
				b.WriteString(" -")
			}
		}
	case chess.ThreeCheck:
		b.WriteString("checks to give: white " + strconv.Itoa(p.RemainingChecks(chess.White)) +
			", black " + strconv.Itoa(p.RemainingChecks(chess.Black)))
	}
	return b.String()
}

// hexFills are the colours of the three hex colours (§1.3).
var hexFills = [3]string{cescacs.HexBlack: "#8a6e55", cescacs.HexWhite: "#f4ecd8", cescacs.HexColour: "#c9a25e"}

// hexSymbol returns the symbol of pc in diagrams: the PDTL symbol of the
// alphabet in force (a FAN glyph only when glyphs is set).
func hexSymbol(pc cescacs.Piece, letters *cescacs.Alphabet, glyphs bool) string {
	if letters.FAN() && !glyphs {
		letters = nil
	}
	return letters.PieceSymbol(pc)
}

// hexSVG draws the 169 hexes of the C'escacs board with White at the
// bottom: columns P..Z left to right, flat-topped hexes, two lines per
// hex height, the line numbers 0..28 on the left; flipped, Black is at
// the bottom and the columns run Z..P. Pieces are letters, or glyphs
// under Redefine "FAN"; the hexes of marks (the last move) are tinted and
// outlined. Each hex's element names it (data-hex="F14"), so that a board
// view finds the hex under the pointer by the drawing itself.
func hexSVG(p *cescacs.Position, letters *cescacs.Alphabet, flipped bool, marks ...cescacs.Hex) string {
	const s = 15.0      // centre to corner
	const margin = 14.0 // for the line numbers
	h := s * math.Sqrt(3) / 2
	width, height := margin+23*s, 30*h+14
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="` + num(hexShown*width/height) + `" height="` + strconv.Itoa(hexShown) +
		`" viewBox="0 0 ` + num(width) + ` ` + num(height) + `" font-family="sans-serif">`)
	// The polygon has no stroke of its own, so that each use sets it.
	b.WriteString(`<defs><polygon id="h" points="` + num(s) + `,0 ` + num(s/2) + `,` + num(h) + ` ` + num(-s/2) + `,` + num(h) + ` ` +
		num(-s) + `,0 ` + num(-s/2) + `,` + num(-h) + ` ` + num(s/2) + `,` + num(-h) + `"/></defs>`)
	b.WriteString(`<rect` + svgBackground + ` width="100%" height="100%" fill="#fff"/>`)
	// col and row place a column and a line on the drawing, 0 at the
	// left and at the top.
	col, row := func(c int) int { return c }, func(l int) int { return cescacs.NumLines - 1 - l }
	if flipped {
		col, row = func(c int) int { return cescacs.NumColumns - 1 - c }, func(l int) int { return l }
	}
	center := func(x cescacs.Hex) (float64, float64) {
		return margin + s + float64(col(x.Column()))*1.5*s, h + float64(row(x.Line()))*h
	}
	b.WriteString(`<g stroke="#555" stroke-width="0.6">`)
	for x := cescacs.Hex(0); x < cescacs.NumHexes; x++ {
		cx, cy := center(x)
		fill := hexFills[x.Color()]
		if slices.Contains(marks, x) {
			fill = "#cdd26a"
		}
		b.WriteString(`<use xlink:href="#h" data-hex="` + x.String() + `" x="` + num(cx) + `" y="` + num(cy) + `" fill="` + fill + `"/>`)
	}
	b.WriteString(`</g>`)
	for _, m := range marks {
		if m.Valid() {
			cx, cy := center(m)
			b.WriteString(`<use xlink:href="#h" x="` + num(cx) + `" y="` + num(cy) + `" fill="none" stroke="#d22" stroke-width="1.6"/>`)
		}
	}
	for x := cescacs.Hex(0); x < cescacs.NumHexes; x++ {
		pc := p.At(x)
		if pc == cescacs.NoPiece {
			continue
		}
		cx, cy := center(x)
		fill, stroke := "#fff", "#000"
		if pc.Color() == cescacs.Black {
			fill, stroke = "#000", "#fff"
		}
		b.WriteString(`<text x="` + num(cx) + `" y="` + num(cy+5) + `" font-size="14" font-weight="bold" text-anchor="middle" fill="` + fill +
			`" stroke="` + stroke + `" stroke-width="0.7">` + xmlEscaper.Replace(hexSymbol(pc, letters, true)) + `</text>`)
	}
	b.WriteString(svgCoordinates)
	for c := range cescacs.NumColumns {
		b.WriteString(`<text x="` + num(margin+s+float64(col(c))*1.5*s) + `" y="` + num(30*h+11) + `" font-size="10" text-anchor="middle">` +
			string(cescacs.ColumnLetter(c)) + `</text>`)
	}
	for l := range cescacs.NumLines {
		b.WriteString(`<text x="` + num(margin/2) + `" y="` + num(h+float64(row(l))*h+3) + `" font-size="8" text-anchor="middle">` + strconv.Itoa(l) + `</text>`)
	}
	b.WriteString(`</g>`)
	b.WriteString(`</svg>`)
	return b.String()
}

// hexText draws the board as text: one row per line from 28 down to 0,
// one character per column (P..Z) with the hexes of a line on every
// other column, "." for an empty hex. FAN records are drawn with the
// standard letters, which keep the columns aligned.
func hexText(p *cescacs.Position, letters *cescacs.Alphabet) string {
	var b strings.Builder
	for l := cescacs.NumLines - 1; l >= 0; l-- {
		var line strings.Builder
		if l < 10 {
			line.WriteByte(' ')
		}
		line.WriteString(strconv.Itoa(l))
		line.WriteByte(' ')
		cells := make([]string, cescacs.NumColumns)
		for c := range cescacs.NumColumns {
			cells[c] = " "
			if x, ok := cescacs.HexAt(c, l); ok {
				cells[c] = "."
				if pc := p.At(x); pc != cescacs.NoPiece {
					cells[c] = hexSymbol(pc, letters, false)
				}
			}
		}
		line.WriteString(strings.Join(cells, " "))
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for c := range cescacs.NumColumns {
		if c > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(cescacs.ColumnLetter(c))
	}
	return b.String()
}
