package lsp_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// BenchmarkDidChange measures one keystroke in the middle of a large file:
// didChange, incremental re-parse and the phase-1 publication, with one
// diagnostic per game (a stray token). A long debounce keeps phase 2
// out of the loop, so that every version publishes exactly once.
func BenchmarkDidChange(b *testing.B) {
	for _, games := range []int{100, 3000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			var sb strings.Builder
			for i := range games {
				fmt.Fprintf(&sb, "[Event \"g%d\"]\n[Site \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy López} $$ *\n\n", i)
			}
			text := sb.String()
			c := lsptest.Start(b, lsptest.Options{
				Server: lsp.Options{Debounce: time.Hour},
				Serve:  lsp.ServeForTest,
				Logger: zap.NewNop(),
			})
			c.Initialize(nil)
			const uri = "file:///big.pgn"
			c.Open(uri, text)
			if p := c.WaitDiagnostics(uri, 1); len(p.Diagnostics) < games {
				b.Fatalf("%d diagnostics, want at least %d", len(p.Diagnostics), games)
			}
			mid := lsptest.RangeOf(b, text, fmt.Sprintf("\"g%d\"]", games/2)).End
			mid.Line += 4 // the movetext line
			at := protocol.Range{Start: mid, End: mid}
			b.ResetTimer()
			for i := range b.N {
				// Alternately add and remove a stray token, so that every
				// version's diagnostics differ and get published.
				var v int32
				if i%2 == 0 {
					v = c.Change(uri, lsptest.Replace(at, "@@ "))
				} else {
					v = c.Change(uri, lsptest.Replace(protocol.Range{Start: at.Start, End: protocol.Position{Line: at.Start.Line, Character: at.Start.Character + 3}}, ""))
				}
				c.WaitDiagnostics(uri, v)
			}
		})
	}
}
