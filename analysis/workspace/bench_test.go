package workspace

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// Benchmark settings of the index as the server runs it (lsp/workspace.go,
// cmd/pgnls/serve.go, analysis/session/memory.go), which BenchmarkBuild
// keeps so that its figures are the real use's.
const (
	// serverJobs: the server indexes one game at a time, leaving the
	// other cores to the user's typing.
	serverJobs = 1
	// serverSortMemory: its sorts hold a quarter of serve's default
	// --memory of 32 MiB.
	serverSortMemory = 8 << 20
	// serverMemoryLimit: the runtime's soft memory limit the server
	// sets with no document open (session's minMemoryLimit), the
	// lowest it sets; the collector's GOGC is left at Go's default.
	serverMemoryLimit = 64 << 20
)

// BenchmarkBuild indexes the shared corpus's big files (about 13 MB of
// real games) with an empty cache, and reports games per second. With
// BENCH_CORPUS=DIR it indexes the *.pgn files of DIR instead (the
// million games of docs/BENCHMARKS.md: copies of the corpus). It runs as
// the server does: one game at a time, sorting within 8 MiB, under a
// memory limit of 64 MiB (GOMEMLIMIT, when set, stands instead), GOGC as
// the environment says (the server leaves Go's default, 100).
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
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(serverMemoryLimit))
	}
	games := 0
	for b.Loop() {
		ix := New(Options{CacheDir: b.TempDir(), Auto: true, Jobs: serverJobs, Memory: serverSortMemory})
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
