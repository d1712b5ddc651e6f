package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// checkInvariants verifies the structural promises of a parsed file: games
// tile the text, tokens tile each game, node spans and diagnostics lie
// inside their game. It returns the first violation.
func checkInvariants(f *File) error {
	var at Pos
	for gi, r := range f.Games() {
		g := r.Game
		if r.Start != at {
			return fmt.Errorf("game %d starts at %d, want %d", gi, r.Start, at)
		}
		if len(g.Text) == 0 {
			return fmt.Errorf("game %d is empty", gi)
		}
		if f.Text()[r.Start:r.End()] != g.Text {
			return fmt.Errorf("game %d text differs from the file", gi)
		}
		var p Pos
		for ti, t := range g.Tokens {
			if t.Span.Start != p || t.Span.End <= t.Span.Start {
				return fmt.Errorf("game %d token %d %s %v: want start %d and non-empty", gi, ti, t.Kind, t.Span, p)
			}
			p = t.Span.End
		}
		if int(p) != len(g.Text) {
			return fmt.Errorf("game %d tokens end at %d, want %d", gi, p, len(g.Text))
		}
		end := Pos(len(g.Text))
		var bad error
		Inspect(g.Elems(), func(e Elem) bool {
			sp := e.Span()
			if bad == nil && (sp.Start < 0 || sp.End > end || sp.Start > sp.End) {
				bad = fmt.Errorf("game %d node %T %v outside 0..%d", gi, e, sp, end)
			}
			if v, ok := e.(*Variation); ok && bad == nil {
				for _, in := range v.Elems {
					if s := in.Span(); s.Start < sp.Start || s.End > sp.End {
						bad = fmt.Errorf("game %d variation %v does not cover its %T %v", gi, sp, in, s)
					}
				}
			}
			return true
		})
		if bad != nil {
			return bad
		}
		for _, e := range g.Errs {
			if e.Span.Start < 0 || e.Span.End > end || e.Span.Start > e.Span.End {
				return fmt.Errorf("game %d diagnostic %v outside 0..%d", gi, e, end)
			}
			if e.Code == "" || e.Msg == "" || e.Severity == 0 {
				return fmt.Errorf("game %d diagnostic %v incomplete", gi, e)
			}
		}
		at = r.End()
	}
	if int(at) != len(f.Text()) {
		return fmt.Errorf("games end at %d, want %d", at, len(f.Text()))
	}
	return nil
}

// corpusFiles lists every PGN and CTL-PGN file of the shared test data and
// of the project's testdata.
func corpusFiles(t testing.TB) []string {
	var files []string
	for _, root := range []string{"../../shared/testdata", "../testdata"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".pgn") || strings.HasSuffix(path, ".ctl-pgn")) {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatal("no corpus files found (check out ../shared beside the repository)")
	}
	return files
}

func parseFile(t testing.TB, path string) *File {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(path, string(b), DetectDialect(path, string(b)))
}

// TestLossless parses every corpus file and checks the invariants.
func TestLossless(t *testing.T) {
	for _, path := range corpusFiles(t) {
		f := parseFile(t, path)
		if err := checkInvariants(f); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// checkLines compares the file's line arithmetic, assembled from per-game
// tables, with a direct computation over the whole text.
func checkLines(f *File) error {
	text := f.Text()
	starts := append([]Pos{0}, newlineEnds(text)...)
	if f.LineCount() != len(starts) {
		return fmt.Errorf("LineCount = %d, want %d", f.LineCount(), len(starts))
	}
	for i, s := range starts {
		if got := f.LineStart(i + 1); got != s {
			return fmt.Errorf("LineStart(%d) = %d, want %d", i+1, got, s)
		}
		end := Pos(len(text))
		if i+1 < len(starts) {
			end = starts[i+1]
			if end > s && text[end-1] == '\n' {
				end--
			}
			if end > s && text[end-1] == '\r' {
				end--
			}
		}
		if got := f.LineEnd(i + 1); got != end {
			return fmt.Errorf("LineEnd(%d) = %d, want %d", i+1, got, end)
		}
	}
	line := 0
	for p := 0; p <= len(text); p++ {
		for line+1 < len(starts) && starts[line+1] <= Pos(p) {
			line++
		}
		want := Position{line + 1, p - int(starts[line]) + 1}
		if got := f.Position(Pos(p)); got != want {
			return fmt.Errorf("Position(%d) = %v, want %v", p, got, want)
		}
	}
	return nil
}

// TestNewlineEnds holds newlineEnds to a byte-by-byte reading of the
// three line terminators, on every text of up to eight bytes over
// "a", "\r" and "\n".
func TestNewlineEnds(t *testing.T) {
	slow := func(text string) []Pos {
		var ends []Pos
		for i := 0; i < len(text); i++ {
			switch text[i] {
			case '\n':
				ends = append(ends, Pos(i+1))
			case '\r':
				if i+1 < len(text) && text[i+1] == '\n' {
					i++
				}
				ends = append(ends, Pos(i+1))
			}
		}
		return ends
	}
	var walk func(text string)
	walk = func(text string) {
		if got, want := newlineEnds(text), slow(text); !slices.Equal(got, want) {
			t.Fatalf("newlineEnds(%q) = %v, want %v", text, got, want)
		}
		if len(text) < 8 {
			for _, c := range []string{"a", "\r", "\n"} {
				walk(text + c)
			}
		}
	}
	walk("")
}
