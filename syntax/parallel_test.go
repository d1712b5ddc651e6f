package syntax

import (
	"os"
	"reflect"
	"testing"
)

// dumpGames renders games like Dump renders a file.
func dumpGames(games []GameRef) string {
	var b []byte
	for _, r := range games {
		b = dumpGame(b, r)
	}
	return string(b)
}

// sameAsSequential fails when parseConcurrently with segments of size
// bytes differs from the sequential parse of text.
func sameAsSequential(t *testing.T, text string, d Dialect, size int) {
	t.Helper()
	old := segmentSize
	segmentSize = size
	defer func() { segmentSize = old }()
	want := parseGames(text, 0, d, nil)
	if got := parseConcurrently(text, 0, d, 0); !reflect.DeepEqual(got, want) {
		t.Fatalf("concurrent parse (segments of %d bytes) differs from the sequential one\n--- concurrent\n%s\n--- sequential\n%s", size, dumpGames(got), dumpGames(want))
	}
}

// TestParseConcurrently compares concurrent and sequential parses of
// every corpus file with segments small enough to cut every game or
// every few games.
func TestParseConcurrently(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data[:min(len(data), 512<<10)]) // any prefix is input too
		d := DetectDialect(path, text)
		t.Run(path, func(t *testing.T) {
			sameAsSequential(t, text, d, 1)
			sameAsSequential(t, text, d, 16<<10)
		})
	}
}

// TestParseConcurrentlyWrongGuess covers cuts that are not game starts:
// a tag line after a blank line inside a comment and inside a header.
func TestParseConcurrentlyWrongGuess(t *testing.T) {
	for _, text := range []string{
		"[Event \"a\"]\n\n1. e4 {comment\n\n[Event \"b\"]\n\n} e5 *\n\n[Event \"c\"]\n\n1. d4 *\n",
		"[Event \"a\"]\n\n[Site \"b\"]\n\n[Date \"c\"]\n\n1. e4 *\n\n[Event \"d\"]\n\n1. d4 *\n",
		"1. e4 {\n\n[x\n\n[y\n\n[z\n\n[w\n",
		// The true boundary (no blank line before [Event "c"]) lies
		// between a wrong cut and the next one.
		"[Event \"a\"]\n\n[Site \"b\"]\n1. e4 *\n[Event \"c\"]\n1. d4 *\n\n[Event \"d\"]\n1. c4 *\n",
		"\n\n[\n\n[\n\n[\r\n\r\n[Event \"x\"]\r\n\r\n1. e4 *",
	} {
		for size := 1; size < 12; size++ {
			sameAsSequential(t, text, PGN, size)
			sameAsSequential(t, text, CTLPGN, size)
		}
	}
}
