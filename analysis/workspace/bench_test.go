package workspace

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBuild indexes the shared corpus's big files (about 13 MB of
// real games) with an empty cache, and reports games per second. With
// BENCH_CORPUS=DIR it indexes the *.pgn files of DIR instead (the
// million games of docs/BENCHMARKS.md: copies of the corpus).
func BenchmarkBuild(b *testing.B) {
	dir := cmp.Or(os.Getenv("BENCH_CORPUS"), "../../../shared/testdata/pgn/big")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if len(files) == 0 {
		b.Fatalf("no *.pgn in %s (check out ../shared beside the repository)", dir)
	}
	var size int64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			size += st.Size()
		}
	}
	games := 0
	for b.Loop() {
		ix := New(Options{CacheDir: b.TempDir(), Auto: true})
		ix.SetRoots(files)
		st, err := ix.Build(context.Background(), nil)
		if err != nil || len(st.Errors) > 0 {
			b.Fatal(err, st.Errors)
		}
		games = st.Games
		ix.Close()
	}
	b.SetBytes(size)
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
