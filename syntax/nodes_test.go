package syntax

import (
	"testing"
	"unicode/utf8"
)

// TestTagValueSpan maps every character of tag values with escapes and
// Latin-1 bytes back to the text it comes from.
func TestTagValueSpan(t *testing.T) {
	src := "[FEN \"4k3/8 \\\"x\\\\ w\"]\n[White \"M\xfcller, \xe9\"]\n[Black \"Gr\u00fcn \\\\\"]\n[Site \"\"]\n\n*\n"
	f := Parse("t.pgn", src, PGN)
	g := f.Game(0).Game
	if len(g.Tags) != 4 {
		t.Fatalf("got %d tags, want 4", len(g.Tags))
	}
	for _, tag := range g.Tags {
		for i, r := range tag.Value {
			n := utf8.RuneLen(r)
			sp := g.TagValueSpan(tag, i, i+n)
			if got := unquote(`"` + g.Slice(sp) + `"`); got != string(r) {
				t.Errorf("%s: character %d (%q) maps to %v = %q", tag.Name, i, r, sp, g.Slice(sp))
			}
		}
		end := tag.ValueSpan.End - 1
		if sp := g.TagValueSpan(tag, len(tag.Value), len(tag.Value)+5); sp != (Span{end, end}) {
			t.Errorf("%s: the end of the value maps to %v, want [%d,%d)", tag.Name, sp, end, end)
		}
	}
}
