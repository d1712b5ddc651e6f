package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/pgnls/pgnls/analysis/input"
)

// BenchmarkCheckCompressed measures pgnls check on the shared big corpus,
// concatenated, as a plain file and compressed in each format (MB/s of
// text): the throughput of a compressed file should stay within 80% of
// the plain file's (docs/BENCHMARKS.md). It runs each input under
// jobs=0, the analysis on every core, and, on a machine of several
// cores, under jobs=N-1 (check -j N-1), which leaves the decoder a core
// of its own, the plain file included, so that each ratio compares like
// with like. bzip2 needs the bzip2 program, since Go cannot write it; it
// is skipped without it.
func BenchmarkCheckCompressed(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/testdata/pgn/big/*.pgn")
	var text []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		text = append(text, data...)
		text = append(text, '\n')
	}
	if len(text) == 0 {
		b.Fatal("shared corpus not found (check out ../shared beside the repository)")
	}
	dir := b.TempDir()
	plain := filepath.Join(dir, "big.pgn")
	if err := os.WriteFile(plain, text, 0o644); err != nil {
		b.Fatal(err)
	}
	jobs := []int{0}
	if n := runtime.GOMAXPROCS(0); n > 1 {
		jobs = append(jobs, n-1)
	}
	for _, j := range jobs {
		b.Run("jobs="+strconv.Itoa(j), func(b *testing.B) {
			for _, c := range input.Compressions() {
				name := c.Name
				b.Run(name, func(b *testing.B) {
					path := plain + c.Ext
					if _, err := os.Stat(path); err != nil {
						if err := writeArchive(name, plain, path, text); err != nil {
							b.Skip(err)
						}
					}
					benchmarkCheck(b, path, j, len(text))
				})
			}
			b.Run("plain", func(b *testing.B) { benchmarkCheck(b, plain, j, len(text)) })
		})
	}
}

// writeArchive writes text, the contents of plain, compressed in format
// to path: with Go's encoders, or the bzip2 program.
func writeArchive(format, plain, path string, text []byte) error {
	if format == "bzip2" {
		out, err := exec.Command("bzip2", "-k", "-9", plain).CombinedOutput()
		if err != nil {
			return &exec.Error{Name: "bzip2 " + string(out), Err: err}
		}
		return nil
	}
	data, err := compressBytes(format, text)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// benchmarkCheck runs pgnls check -j jobs on path, whose text is size
// bytes.
func benchmarkCheck(b *testing.B, path string, jobs, size int) {
	b.SetBytes(int64(size))
	for b.Loop() {
		if code := run([]string{"check", "-j", strconv.Itoa(jobs), "--severity", "error", path}, nil, io.Discard, io.Discard); code > exitProblems {
			b.Fatalf("exit code %d", code)
		}
	}
}
