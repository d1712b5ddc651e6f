package checks_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// bigCorpus returns the shared big corpus concatenated, or skips.
func bigCorpus(b *testing.B) string {
	files, _ := filepath.Glob("../../../shared/testdata/pgn/big/*.pgn")
	var sb strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		sb.Write(data)
	}
	if sb.Len() == 0 {
		b.Fatal("shared corpus not found (check out ../shared beside the repository)")
	}
	return sb.String()
}

// BenchmarkCheckStream measures what `pgnls check` does on the whole big
// corpus (MB/s and games/s): streamed parse and every analyzer.
func BenchmarkCheckStream(b *testing.B) {
	text := bigCorpus(b)
	b.SetBytes(int64(len(text)))
	games := 0
	for b.Loop() {
		games = 0
		gr := syntax.NewGameReader(strings.NewReader(text), "big.pgn", syntax.PGN, false)
		checks.CheckStream(context.Background(), gr, &analysis.Config{MinSeverity: analysis.Info}, func(syntax.StreamGame, []analysis.Diagnostic) { games++ })
	}
	b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkAnalyze measures the analyzers alone, one core, on the parsed
// corpus.
func BenchmarkAnalyze(b *testing.B) {
	text := bigCorpus(b)
	f := syntax.Parse("big.pgn", text, syntax.PGN)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		for _, g := range f.Games() {
			analysis.Game(g.Game, syntax.PGN, &analysis.Config{MinSeverity: analysis.Info}, checks.All)
		}
	}
}

// BenchmarkRead measures the streamed parse alone.
func BenchmarkRead(b *testing.B) {
	text := bigCorpus(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		gr := syntax.NewGameReader(strings.NewReader(text), "big.pgn", syntax.PGN, false)
		for {
			if _, ok := gr.Next(); !ok {
				break
			}
		}
	}
}
