package lsp

import (
	"sort"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// This file is the only place in pgnls that knows about UTF-16.
//
// LSP positions are a zero-based line and a column counted in UTF-16 code
// units; pgnls works in byte offsets. The rules, shared by both directions:
//
//   - Lines end at "\n", "\r\n" or a lone "\r" (syntax.File's line table).
//   - A rune outside the Basic Multilingual Plane (such as the CTL-PGN FAN
//     glyph U+1FA50) is a surrogate pair: two code units.
//   - A byte that is not part of valid UTF-8 counts as one code unit: the
//     parser reads it as Windows-1252, whose characters are all in the BMP.
//   - A column past the end of its line means the end of the line; a line
//     past the last one means the end of the file (LSP 3.16, Position).
//   - A column inside a surrogate pair snaps to the start of the character,
//     and an offset inside a character or a "\r\n" snaps back likewise.
//
// pgnls announces no position encoding, so it speaks UTF-16, the LSP
// default. Yet ranges a client sends back do not always count in it:
// Neovim 0.7 to 0.10 send the diagnostics of a code action request's
// context with the byte columns of vim.diagnostic, whatever encoding the
// client uses for everything else. rangeIn gives a span's range in each
// encoding, to recognise such ranges (see quickFixes).

// mapper converts between byte offsets of one immutable file version and
// LSP positions. The zero value is not usable; f must be non-nil.
type mapper struct{ f *syntax.File }

// position returns the LSP position of the file-absolute byte offset p.
// Offsets outside the file are clamped to it.
func (m mapper) position(p syntax.Pos) protocol.Position { return m.positionIn(p, encUTF16) }

// positionIn is position with the character counted in enc.
func (m mapper) positionIn(p syntax.Pos, enc encoding) protocol.Position {
	f := m.f
	p = min(max(p, 0), f.Len())
	at := f.Position(p)
	start := p - syntax.Pos(at.Col-1)
	// The line up to p, and the rest of a character p may cut.
	s := f.Slice(syntax.Span{Start: start, End: p + utf8.UTFMax - 1})
	n := int(p - start)
	if n > 0 && s[n-1] == '\r' && n < len(s) && s[n] == '\n' {
		n-- // inside the line terminator: the end of the line
	}
	return protocol.Position{Line: uint32(at.Line - 1), Character: uint32(unitLen(s, n, enc))}
}

// rangeOf returns the LSP range of the file-absolute span s.
func (m mapper) rangeOf(s syntax.Span) protocol.Range {
	return protocol.Range{Start: m.position(s.Start), End: m.position(s.End)}
}

// An encoding is the unit in which a position's character counts the
// characters before it on its line (LSP 3.17 PositionEncodingKind).
type encoding uint8

const (
	encUTF16 encoding = iota // UTF-16 code units: the LSP default, what pgnls speaks
	encUTF8                  // bytes of UTF-8
	encUTF32                 // Unicode code points
)

// encodings are the position encodings of LSP, UTF-16 first.
var encodings = [...]encoding{encUTF16, encUTF8, encUTF32}

// rangeIn returns the LSP range of the file-absolute span s with its
// characters counted in enc.
func (m mapper) rangeIn(s syntax.Span, enc encoding) protocol.Range {
	return protocol.Range{Start: m.positionIn(s.Start, enc), End: m.positionIn(s.End, enc)}
}

// span returns the file-absolute span of the LSP range r, clamped into
// the file; a reversed range is empty at its start.
func (m mapper) span(r protocol.Range) syntax.Span {
	start, _ := m.offset(r.Start)
	end, _ := m.offset(r.End)
	return syntax.Span{Start: start, End: max(start, end)}
}

// offset returns the file-absolute byte offset of the LSP position p.
// exact is false when p had to be clamped into the file or snapped out of
// a surrogate pair. The position just past the last line, column 0, is
// the end of the file and counts as exact, as in gopls.
func (m mapper) offset(p protocol.Position) (off syntax.Pos, exact bool) {
	f := m.f
	n := f.LineCount()
	if int64(p.Line) >= int64(n) {
		return f.Len(), int64(p.Line) == int64(n) && p.Character == 0
	}
	line := int(p.Line) + 1
	start, end := f.LineStart(line), f.LineEnd(line)
	s := f.Slice(syntax.Span{Start: start, End: end})
	want := int64(p.Character)
	units := int64(0)
	for i := 0; i < len(s); {
		if units == want {
			return start + syntax.Pos(i), true
		}
		size, w := decode(s[i:], encUTF16)
		if units+int64(w) > want {
			return start + syntax.Pos(i), false // inside a surrogate pair
		}
		units += int64(w)
		i += size
	}
	return end, units == want
}

// sequence returns the byte edits of ranged content changes, each in
// the coordinates of the text the ones before it left (a sequence, see
// syntax.Edit), reading their positions in the lines of f as if the
// changes went one way (see inOriginal, which checks that they do):
// descending, a change's positions are those of f, the changes before it
// being after them; ascending, a position lies after the text the change
// before wrote, on a line of f moved by the lines the changes before
// added, and on the line where that text ends, moved by its characters.
// exact is false when a position had to be clamped or snapped, or lies
// inside that text, which has no place in f.
func (m mapper) sequence(changes []wire.ContentChange, descending bool) (edits []syntax.Edit, exact bool) {
	exact = true
	offset := func(p wire.Position) syntax.Pos {
		off, ok := m.offset(p.Protocol())
		exact = exact && ok
		return off
	}
	edits = make([]syntax.Edit, 0, len(changes))
	if descending {
		for _, c := range changes {
			edits = append(edits, syntax.Edit{Span: syntax.Span{Start: offset(c.Range.Start), End: offset(c.Range.End)}, New: c.Text})
		}
		return edits, exact
	}
	lineDelta := int64(0)
	shift := syntax.Pos(0)
	var curEnd, origEnd wire.Position // of the previous change, in the text after it and in f
	for i, c := range changes {
		if i > 0 && c.Range.Start.Before(curEnd) {
			return nil, false
		}
		toOrig := func(p wire.Position) wire.Position {
			if i > 0 && p.Line == curEnd.Line {
				return wire.Position{Line: origEnd.Line, Character: origEnd.Character + p.Character - curEnd.Character}
			}
			return wire.Position{Line: p.Line - lineDelta, Character: p.Character}
		}
		start, end := toOrig(c.Range.Start), toOrig(c.Range.End)
		e := syntax.Edit{Span: syntax.Span{Start: offset(start), End: offset(end)}, New: c.Text}
		edits = append(edits, e.Shift(shift))
		shift += e.Delta()
		lines, last := lineBreaks(c.Text)
		lineDelta += lines - (c.Range.End.Line - c.Range.Start.Line)
		curEnd = wire.Position{Line: c.Range.Start.Line + lines, Character: last}
		if lines == 0 {
			curEnd.Character += c.Range.Start.Character
		}
		origEnd = end
	}
	return edits, exact
}

// lineBreaks counts the line breaks of s ("\n", "\r\n" or a lone "\r")
// and returns the UTF-16 length of its last line.
func lineBreaks(s string) (lines int64, last int64) {
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			fallthrough
		case '\n':
			lines++
			start = i + 1
		}
	}
	return lines, int64(utf16Len(s[start:], len(s)-start))
}

// utf16Len counts the UTF-16 code units of the characters of line that
// lie entirely within line[:n]: an offset inside a character snaps back to
// its start. Characters are decoded in the context of the whole line, so
// that a cut character and an invalid byte are told apart.
func utf16Len(line string, n int) int { return unitLen(line, n, encUTF16) }

// unitLen is utf16Len counting the units of enc.
func unitLen(line string, n int, enc encoding) int {
	units := 0
	for i := 0; i < n; {
		if line[i] < utf8.RuneSelf {
			units++
			i++
			continue
		}
		size, w := decode(line[i:], enc)
		if i+size > n {
			break
		}
		units += w
		i += size
	}
	return units
}

// decode returns the byte length of the character at the start of s and
// its width in the units of enc. An invalid byte is a character of its
// own, of one unit in every encoding: the parser reads it as
// Windows-1252, one byte a character.
func decode(s string, enc encoding) (size, units int) {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case enc == encUTF8:
		return size, size
	case enc == encUTF16 && r >= 0x10000:
		return size, 2
	}
	return size, 1
}

// gameMapper converts offsets inside one game (relative to its start) to
// LSP positions, like mapper but from the game's own text: one pass over
// it for its line starts, then a binary search per offset, instead of
// searches through the whole file's line table. A big document's
// publication converts thousands of spans, most of them in few games.
type gameMapper struct {
	text  string
	lines []int // offsets where the game's lines start; lines[0] == 0
	base  protocol.Position
}

// newGameMapper returns the gameMapper of a game with text that starts
// at the LSP position base.
func newGameMapper(base protocol.Position, text string) gameMapper {
	lines := make([]int, 1, 16)
	if strings.Count(text, "\r") == strings.Count(text, "\r\n") {
		// Lines end at "\n" only (after a "\r" or not): search for it,
		// which is much faster than looking at every byte.
		for i := 0; ; {
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			lines = append(lines, i)
		}
		return gameMapper{text: text, lines: lines, base: base}
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		case '\n':
			lines = append(lines, i+1)
		}
	}
	return gameMapper{text: text, lines: lines, base: base}
}

// position returns the LSP position of the game-relative offset p, which
// is clamped into the game.
func (g gameMapper) position(p syntax.Pos) protocol.Position {
	off := min(max(int(p), 0), len(g.text))
	i := sort.Search(len(g.lines), func(i int) bool { return g.lines[i] > off }) - 1
	start, end := g.lines[i], len(g.text)
	if i+1 < len(g.lines) {
		end = g.lines[i+1] - 1 // before the "\n" or lone "\r"
		if g.text[end] == '\n' && end > start && g.text[end-1] == '\r' {
			end--
		}
	}
	off = min(off, end)
	col := uint32(utf16Len(g.text[start:end], off-start))
	if i == 0 {
		return protocol.Position{Line: g.base.Line, Character: g.base.Character + col}
	}
	return protocol.Position{Line: g.base.Line + uint32(i), Character: col}
}

// units returns the length of the game-relative span s, which must lie on
// one line, in UTF-16 code units.
func (g gameMapper) units(s syntax.Span) uint32 {
	a, b := min(max(int(s.Start), 0), len(g.text)), min(max(int(s.End), 0), len(g.text))
	if b <= a {
		return 0
	}
	return uint32(utf16Len(g.text[a:b], b-a))
}

// rangeOf returns the LSP range of the game-relative span s.
func (g gameMapper) rangeOf(s syntax.Span) protocol.Range {
	return protocol.Range{Start: g.position(s.Start), End: g.position(s.End)}
}
