package export_test

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/export"
	"github.com/pgnls/pgnls/syntax"
)

// BenchmarkExport exports the moves (or the games) of a shared file of
// master games in each format; bytes/s are those of the PGN read.
func BenchmarkExport(b *testing.B) {
	data, err := os.ReadFile("../../../shared/testdata/pgn/big/pgnmentor-Capablanca.pgn")
	if err != nil {
		b.Fatal(err)
	}
	for _, moves := range []bool{true, false} {
		for _, format := range export.Formats {
			name := format + "/games"
			if moves {
				name = format + "/moves"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					e, err := export.New(io.Discard, format, export.Options{Moves: moves})
					if err != nil {
						b.Fatal(err)
					}
					gr := syntax.NewGameReader(strings.NewReader(string(data)), "capablanca.pgn", syntax.PGN, false)
					if err := e.Read(context.Background(), gr, "capablanca.pgn"); err != nil {
						b.Fatal(err)
					}
					if err := e.Close(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
