package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// corpusFile returns the shared big corpus joined in one file (as
// bench/run builds "all-big"), written once per test binary run.
func corpusFile(b *testing.B) string {
	b.Helper()
	files, _ := filepath.Glob("../../../shared/testdata/pgn/big/*.pgn")
	if len(files) == 0 {
		b.Skip("shared corpus not found")
	}
	path := filepath.Join(b.TempDir(), "all-big.pgn")
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out.Write(data)
		out.Write([]byte("\n"))
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkSelect runs pgnls select on the corpus with a tag query and
// with a position query, the two kinds issue 27 times against
// pgn-extract (bench/select).
func BenchmarkSelect(b *testing.B) {
	path := corpusFile(b)
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"tags", []string{"--where", "White ~ /^Kasparov/"}},
		{"elo", []string{"--where", "Elo >= 2700"}},
		{"fen", []string{"--fen", "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"}},
		{"pattern", []string{"--fen-pattern", "*/*/*/*/???PP???/*/*/*"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if code := run(append(append([]string{"select"}, bc.args...), path), nil, io.Discard, io.Discard); code > 1 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
