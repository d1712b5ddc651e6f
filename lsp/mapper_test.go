package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/syntax"
)

// mapperText has every hard case: a CRLF line with a two-byte character,
// a CTL-PGN line with a FAN glyph (U+1FA50, a surrogate pair) ending in a
// lone CR, a Latin-1 byte that is not UTF-8, and two glyphs in a row on a
// last line without terminator.
const mapperText = "[Event \"é\"]\r\n" +
	"1. 🩐D2-B6, K5-K7 @@ *\r" +
	"x\xe9y\n" +
	"🩐🩐z"

func newMapper(text string) mapper { return mapper{syntax.Parse("test.ctl-pgn", text, syntax.CTLPGN)} }

func TestMapperPosition(t *testing.T) {
	m := newMapper(mapperText)
	at := func(sub string) int {
		i := strings.Index(mapperText, sub)
		if i < 0 {
			t.Fatalf("%q not in text", sub)
		}
		return i
	}
	for _, tc := range []struct {
		name      string
		off       int
		line, col uint32
	}{
		{"file start", 0, 0, 0},
		{"after a two-byte char", at(`"]`), 0, 9},
		{"line end before CRLF", at("\r\n"), 0, 11},
		{"between CR and LF", at("\r\n") + 1, 0, 11},
		{"after CRLF", at("1."), 1, 0},
		{"FAN glyph start", at("🩐D2"), 1, 3},
		{"inside the glyph's UTF-8", at("🩐D2") + 1, 1, 3},
		{"after the glyph", at("D2-"), 1, 5},
		{"error after the glyph", at("@@"), 1, 18},
		{"error end", at("@@") + 2, 1, 20},
		{"before lone CR", at("*\r") + 1, 1, 22},
		{"after lone CR", at("x\xe9"), 2, 0},
		{"after an invalid byte", at("y\n"), 2, 2},
		{"second glyph", at("🩐z"), 3, 2},
		{"after two glyphs", at("z"), 3, 4},
		{"file end", len(mapperText), 3, 5},
		{"past the end", len(mapperText) + 10, 3, 5},
		{"negative", -3, 0, 0},
	} {
		got := m.position(syntax.Pos(tc.off))
		if want := (protocol.Position{Line: tc.line, Character: tc.col}); got != want {
			t.Errorf("%s: position(%d) = %d:%d, want %d:%d", tc.name, tc.off, got.Line, got.Character, want.Line, want.Character)
		}
	}
}

// TestMapperEncodings: positionIn counts the characters before an offset
// in bytes, UTF-16 code units or code points, with the same snapping and
// line ends as position.
func TestMapperEncodings(t *testing.T) {
	m := newMapper(mapperText)
	at := func(sub string) int { return strings.Index(mapperText, sub) }
	for _, tc := range []struct {
		name         string
		off          int
		line         uint32
		u8, u16, u32 uint32
	}{
		{"after a two-byte char", at(`"]`), 0, 10, 9, 9},
		{"between CR and LF", at("\r\n") + 1, 0, 12, 11, 11},
		{"after the glyph", at("D2-"), 1, 7, 5, 4},
		{"inside the glyph's UTF-8", at("🩐D2") + 2, 1, 3, 3, 3},
		{"after an invalid byte", at("y\n"), 2, 2, 2, 2},
		{"after two glyphs", at("z"), 3, 8, 4, 2},
	} {
		for _, c := range []struct {
			enc  encoding
			name string
			col  uint32
		}{{encUTF8, "utf-8", tc.u8}, {encUTF16, "utf-16", tc.u16}, {encUTF32, "utf-32", tc.u32}} {
			got := m.positionIn(syntax.Pos(tc.off), c.enc)
			if want := (protocol.Position{Line: tc.line, Character: c.col}); got != want {
				t.Errorf("%s, %s: positionIn(%d) = %d:%d, want %d:%d", tc.name, c.name, tc.off, got.Line, got.Character, want.Line, want.Character)
			}
		}
		if m.rangeIn(syntax.Span{Start: syntax.Pos(tc.off), End: syntax.Pos(tc.off)}, encUTF16) != m.rangeOf(syntax.Span{Start: syntax.Pos(tc.off), End: syntax.Pos(tc.off)}) {
			t.Errorf("%s: rangeIn(UTF-16) differs from rangeOf", tc.name)
		}
	}
}

func TestMapperOffset(t *testing.T) {
	m := newMapper(mapperText)
	at := func(sub string) int { return strings.Index(mapperText, sub) }
	for _, tc := range []struct {
		name      string
		line, col uint32
		off       int
		exact     bool
	}{
		{"file start", 0, 0, 0, true},
		{"after a two-byte char", 0, 9, at(`"]`), true},
		{"line end", 0, 11, at("\r\n"), true},
		{"past the line end", 0, 12, at("\r\n"), false},
		{"far past the line end", 0, 1 << 31, at("\r\n"), false},
		{"glyph start", 1, 3, at("🩐D2"), true},
		{"inside the surrogate pair", 1, 4, at("🩐D2"), false},
		{"after the glyph", 1, 5, at("D2-"), true},
		{"error", 1, 18, at("@@"), true},
		{"before lone CR", 1, 22, at("*\r") + 1, true},
		{"past lone CR", 1, 23, at("*\r") + 1, false},
		{"after an invalid byte", 2, 2, at("y\n"), true},
		{"inside the second pair", 3, 3, at("🩐z"), false},
		{"last line end", 3, 5, len(mapperText), true},
		{"line after the last: EOF", 4, 0, len(mapperText), true},
		{"beyond EOF", 4, 1, len(mapperText), false},
		{"far beyond EOF", 1 << 31, 7, len(mapperText), false},
	} {
		off, exact := m.offset(protocol.Position{Line: tc.line, Character: tc.col})
		if int(off) != tc.off || exact != tc.exact {
			t.Errorf("%s: offset(%d:%d) = %d, %v; want %d, %v", tc.name, tc.line, tc.col, off, exact, tc.off, tc.exact)
		}
	}
}

func TestMapperEmptyFile(t *testing.T) {
	m := newMapper("")
	if got := m.position(5); got != (protocol.Position{}) {
		t.Errorf("position(5) = %v, want 0:0", got)
	}
	if off, exact := m.offset(protocol.Position{}); off != 0 || !exact {
		t.Errorf("offset(0:0) = %d, %v; want 0, true", off, exact)
	}
	if off, exact := m.offset(protocol.Position{Line: 1}); off != 0 || !exact {
		t.Errorf("offset(1:0) = %d, %v; want 0, true (EOF)", off, exact)
	}
}

// TestMapperRoundTrip checks offset → position → offset on every offset
// of non-ASCII texts, against an independent oracle (unicode/utf16).
func TestMapperRoundTrip(t *testing.T) {
	texts := []string{
		mapperText,
		"1. 🩐D2-B6, K5-K7 🩐E4-E5\r\n2. …, ◇ Ke7 \xff\xfe\n\n",
		"\xf0\x9f\xa9\n\xf0\x9f\xa9\x90", // a cut glyph (three invalid bytes), then a whole one
		"\r\r\n\n\r",
	}
	for _, name := range []string{"pairs.ctl-pgn", "encoding.pgn"} {
		if b, err := os.ReadFile(filepath.Join("..", "testdata", "syntax", "parse", name)); err == nil {
			texts = append(texts, string(b))
		}
	}
	for _, text := range texts {
		checkMapper(t, text, -1)
	}
}

// FuzzMapper checks the mapper's properties on any text: see checkMapper.
func FuzzMapper(f *testing.F) {
	f.Add(mapperText, 20, uint32(1), uint32(4))
	f.Add("a\r\nb\rc\n", 2, uint32(3), uint32(0))
	f.Add("🩐\xe9🩐", 1, uint32(0), uint32(3))
	f.Fuzz(func(t *testing.T, text string, off int, line, col uint32) {
		if len(text) > 1<<12 {
			return
		}
		checkMapper(t, text, off)
		m := newMapper(text)
		p := protocol.Position{Line: line % uint32(m.f.LineCount()+2), Character: col % 64}
		o, _ := m.offset(p)
		if o < 0 || int(o) > len(text) {
			t.Fatalf("offset(%v) = %d, outside [0, %d]", p, o, len(text))
		}
		if q, exact := m.offset(m.position(o)); q != o || !exact {
			t.Fatalf("offset(position(offset(%v))) = %d, %v; want %d, true", p, q, exact, o)
		}
	})
}

// checkMapper checks, for the offset off (every offset if off < 0):
// position agrees with the oracle; offset(position(p)) is p snapped back to
// a character start outside any "\r\n", exactly; and that snapped offset
// maps to the same position.
func checkMapper(t *testing.T, text string, off int) {
	t.Helper()
	m := newMapper(text)
	starts := charStarts(text)
	check := func(p int) {
		pos := m.position(syntax.Pos(p))
		q := p
		for q > 0 && (!starts[q] || text[q-1] == '\r' && q < len(text) && text[q] == '\n') {
			q--
		}
		if want := oraclePosition(text, q); pos != want {
			t.Fatalf("%q: position(%d) = %d:%d, want %d:%d", text, p, pos.Line, pos.Character, want.Line, want.Character)
		}
		got, exact := m.offset(pos)
		if int(got) != q || !exact {
			t.Fatalf("%q: offset(position(%d)) = %d, %v; want %d, true", text, p, got, exact, q)
		}
	}
	if off >= 0 {
		check(off % (len(text) + 1))
		return
	}
	for p := 0; p <= len(text); p++ {
		check(p)
	}
}

// charStarts marks the offsets where a character starts when text is
// decoded left to right, each invalid byte being a character, plus the end.
func charStarts(text string) []bool {
	starts := make([]bool, len(text)+1)
	for i := 0; i < len(text); {
		starts[i] = true
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	starts[len(text)] = true
	return starts
}

// oraclePosition computes the LSP position of a character start q with the
// standard library only.
func oraclePosition(text string, q int) protocol.Position {
	before := text[:q]
	line := strings.Count(before, "\n") + strings.Count(before, "\r") - strings.Count(before, "\r\n")
	start := max(strings.LastIndexByte(before, '\n'), strings.LastIndexByte(before, '\r')) + 1
	return protocol.Position{Line: uint32(line), Character: uint32(len(utf16.Encode([]rune(text[start:q]))))}
}

// TestGameMapper checks that a game's own mapper agrees with the file's
// mapper at every offset of every game, past the ends included.
func TestGameMapper(t *testing.T) {
	for _, text := range []string{
		"",
		"1. e4 *\n\n2. d4 *\n",
		"[Event \"🩐\"]\r\n\r\n1. 🩐D2-B6, K5-K7 *\r\n\r\n[Event \"x\"]\r\n1. e4 *",
		"[A \"x\"]\r1. e4 *\r\r[B \"\xff\xfe\"]\n1. d4 * @@\n\n\n",
	} {
		for _, d := range []syntax.Dialect{syntax.PGN, syntax.CTLPGN} {
			f := syntax.Parse("t", text, d)
			m := mapper{f}
			for _, r := range f.Games() {
				g := newGameMapper(m.position(r.Start), r.Game.Text)
				for p := syntax.Pos(-1); p <= syntax.Pos(len(r.Game.Text))+1; p++ {
					want := m.position(min(max(r.Start+p, r.Start), r.End()))
					if got := g.position(p); got != want {
						t.Errorf("%q game at %d, offset %d: gameMapper %v, mapper %v", text, r.Start, p, got, want)
					}
				}
			}
		}
	}
}
