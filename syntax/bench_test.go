package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchCorpus returns the text of the largest file of the shared big
// corpus, or skips the benchmark.
func benchCorpus(b testing.TB) (name, text string) {
	files, _ := filepath.Glob("../../shared/testdata/pgn/big/*.pgn")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil && len(data) > len(text) {
			name, text = f, string(data)
		}
	}
	if text == "" {
		b.Fatal("shared corpus not found (check out ../shared beside the repository)")
	}
	return name, text
}

// BenchmarkParse measures a full parse of the largest corpus file (MB/s).
func BenchmarkParse(b *testing.B) {
	name, text := benchCorpus(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(name, text, PGN)
	}
}

// sized returns whole games of the corpus repeated or cut to about n bytes.
func sized(b *testing.B, n int) string {
	_, text := benchCorpus(b)
	for len(text) < n {
		text += "\n" + text
	}
	f := Parse("", text, PGN)
	k := f.GameAt(Pos(n))
	return text[:f.Game(k).End()]
}

// benchmarkEdit measures Reparse of a one-character insertion inside a
// move in the middle of a file of about size bytes.
func benchmarkEdit(b *testing.B, size int) {
	text := sized(b, size)
	old := Parse("bench.pgn", text, PGN)
	mid := old.Game(old.NumGames() / 2)
	at := mid.Start + Pos(strings.Index(mid.Game.Text, "\n1.")+3)
	e := Edit{Span: Span{Start: at, End: at}, New: "x"}
	b.ReportAllocs()
	for b.Loop() {
		Reparse(old, e)
	}
}

// BenchmarkReparse30KB edits one character in a file of about 30 KB.
func BenchmarkReparse30KB(b *testing.B) { benchmarkEdit(b, 30<<10) }

// BenchmarkReparse30MB edits one character in a file of about 30 MB.
func BenchmarkReparse30MB(b *testing.B) { benchmarkEdit(b, 30<<20) }

// BenchmarkScan measures the scanner alone on the largest corpus file.
func BenchmarkScan(b *testing.B) {
	_, text := benchCorpus(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		s := newScanner(text, PGN, 0)
		for {
			if _, ok := s.next(); !ok {
				break
			}
		}
	}
}

// BenchmarkHeadersOnly measures a parse of the largest corpus file that
// keeps the tag sections only (GameReader.HeadersOnly), on one core.
func BenchmarkHeadersOnly(b *testing.B) {
	name, text := benchCorpus(b)
	d := DetectDialect(name, text)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		parseRange(text, 0, len(text), d, nil, modeHeaders)
	}
}
