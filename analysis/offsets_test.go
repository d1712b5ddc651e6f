package analysis

import (
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestOffsetsPast4GiB: the starts of streamed games, 32-bit positions
// that wrap past 2 GiB (and come back to the same values past 4 GiB),
// become the right 64-bit offsets: games of 1.5 GiB, as the starts of a
// stream of 7.5 GiB give them, with no file of that size.
func TestOffsetsPast4GiB(t *testing.T) {
	const step = 3 << 29 // 1.5 GiB
	var o Offsets
	for i := range int64(6) {
		want := i * step
		g := syntax.StreamGame{GameRef: syntax.GameRef{Start: syntax.Pos(int32(uint32(want)))}}
		if got := o.Of(g); got != want {
			t.Fatalf("game %d: offset %d, want %d (its Start is %d)", i, got, want, g.Start)
		}
	}
	// A stream of short games: 4 GiB and 100 bytes in, the Start is
	// 100 again, the offset is not.
	before := int64(4<<30 - 50)
	o = Offsets{last: syntax.Pos(int32(uint32(before))), off: before}
	if got := o.Of(syntax.StreamGame{GameRef: syntax.GameRef{Start: 100}}); got != 4<<30+100 {
		t.Errorf("past 4 GiB: offset %d, want %d", got, int64(4<<30+100))
	}
}
