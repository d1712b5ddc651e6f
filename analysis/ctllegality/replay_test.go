package ctllegality_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

func parse(text string) *syntax.Game {
	return syntax.Parse("t.ctl-pgn", text, syntax.CTLPGN).Game(0).Game
}

// TestEveryCodeTested checks that each code of the analyzer is expected
// by some ERROR clause of the test files.
func TestEveryCodeTested(t *testing.T) {
	files, _ := filepath.Glob(dir + "*.ctl-pgn")
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	for _, c := range ctllegality.Analyzer.Codes {
		if !regexp.MustCompile(`ERROR ` + regexp.QuoteMeta(string(c.Code)) + `\b`).MatchString(all.String()) {
			t.Errorf("code %s has no ERROR expectation in %s", c.Code, dir)
		}
		if c.Doc == "" || !strings.HasPrefix(string(c.Code), "ctl-") {
			t.Errorf("code %s: missing doc or ctl- prefix", c.Code)
		}
	}
}

// TestReplayVariations checks where each variation starts: from the
// position before the move its number names, also when it follows the
// whole pair, at any depth.
func TestReplayVariations(t *testing.T) {
	g := parse(`[Variant "C'escacs"]

1. H6-H12, I23-I19
(1. H6-H10, H22-H18
.2. I5-I9
.(2. A5-A7, A23-A21)
.2. …, I23-I19
.(2. …, A23-A21))
(1. …, H22-H18)
2. JF6-C15, GH26-Z11
3. L5-L7, NG25-L17
4. EH4-H8, GZ11-L5
(2. GH2-I7)
*
`)
	var got []string
	ctllegality.Replay(g, ctllegality.StartOf(g), func(st *ctllegality.Step) {
		s := st.Node.Text
		if st.After == nil {
			s += "?"
		}
		got = append(got, s+"@"+itoa(st.Ply)+"/"+itoa(st.Depth))
	})
	want := "H6-H12@0/0 I23-I19@1/0 H6-H10@0/1 H22-H18@1/1 I5-I9@2/1 A5-A7@2/2 A23-A21@3/2 I23-I19@3/1 A23-A21@3/2 H22-H18@1/1 " +
		"JF6-C15@2/0 GH26-Z11@3/0 L5-L7@4/0 NG25-L17@5/0 EH4-H8@6/0 GZ11-L5@7/0 GH2-I7@2/1"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("replay:\n got %s\nwant %s", s, want)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestReplayNoAllocPerMove checks that a long line costs no allocation
// per move.
func TestReplayNoAllocPerMove(t *testing.T) {
	short := parse("[Variant \"C'escacs\"]\n\n1. H6-H12, I23-I19:\n*\n")
	var b strings.Builder
	b.WriteString("[Variant \"C'escacs\"]\n\n")
	moves := []string{"NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"}
	b.WriteString("1. H6-H12, H22-H16\n")
	for i := range 40 {
		b.WriteString(itoa(i+2) + ". " + moves[2*(i%2)] + ", " + moves[2*(i%2)+1] + "\n")
	}
	b.WriteString("*\n")
	long := parse(b.String())
	count := func(g *syntax.Game) float64 {
		start := ctllegality.StartOf(g)
		return testing.AllocsPerRun(20, func() {
			ctllegality.Replay(g, start, func(st *ctllegality.Step) {
				if st.After == nil {
					t.Fatalf("%s not verified: %v", st.Node.Text, st.Err)
				}
			})
		})
	}
	s, l := count(short), count(long)
	t.Logf("allocs: %v short, %v long", s, l)
	if l > s {
		t.Errorf("replaying 82 moves allocates %v times, 2 moves %v times", l, s)
	}
}

// TestPGNIgnored checks that the analyzer only runs on CTL-PGN.
func TestPGNIgnored(t *testing.T) {
	f := syntax.Parse("t.pgn", "1. e4 e5 *\n", syntax.PGN)
	if ds := analysis.Game(f.Game(0).Game, syntax.PGN, nil, []*analysis.Analyzer{ctllegality.Analyzer}); len(ds) != 0 {
		t.Errorf("diagnostics on a PGN game: %v", ds)
	}
}

// TestSharedRecords replays every record of the shared CTL-PGN test data:
// none has an illegal or malformed move except the unplayable example of
// the seed (its elephant move EE5-E11, then the rest of its line is not
// verified), and their known defects are reported as warnings or hints.
func TestSharedRecords(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	// Codes expected per file (besides syntax diagnostics), with counts.
	want := map[string]map[analysis.Code]int{
		"2020-07-20.ctl-pgn": {ctllegality.CodeLegacyCheck: 3, ctllegality.CodeCheckRefine: 5,
			// White mates with 35. DC19-E25#, yet the Result tag says 0-3.
			ctllegality.CodeResultPosition: 1},
		"2022-08-14.1.ctl-pgn": {ctllegality.CodeLegacyCheck: 4, ctllegality.CodeCheckRefine: 1},
		"2023-09-08.ctl-pgn":   {ctllegality.CodeLegacyCheck: 1, ctllegality.CodeCheckRefine: 1},
		// The DPTL (misspelt, five fields, E's KR for RK) is the start
		// position; the same game as 2020-07-20 from Black's move 20.
		"seed-annotator-A0001-24-dptl.ctl-pgn":    {ctllegality.CodePDTLForm: 2, ctllegality.CodeResultPosition: 1},
		"seed-annotator-draft-2023-09-08.ctl-pgn": {},
		"seed-intro-unfinished.ctl-pgn":           {ctllegality.CodeIllegal: 1, ctllegality.CodeUnverified: 1},
		"seed-mat-del-boig-variations.ctl-pgn":    {},
		"seed-mat-del-boig.ctl-pgn":               {},
	}
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := syntax.Parse(path, string(data), syntax.DetectDialect(path, string(data)))
		got := map[analysis.Code]int{}
		for _, r := range f.Games() {
			for _, d := range analysis.Game(r.Game, f.Dialect, nil, []*analysis.Analyzer{ctllegality.Analyzer}) {
				if d.Source == "syntax" {
					continue
				}
				got[d.Code]++
				switch d.Code {
				case ctllegality.CodeIllegal:
					if text := r.Game.Slice(d.Span); name != "seed-intro-unfinished.ctl-pgn" || text != "EE5-E11" {
						t.Errorf("%s: %s on %q: %s", name, d.Code, text, d.Message)
					}
				case ctllegality.CodeUnverified:
					if text := r.Game.Slice(d.Span); !strings.HasPrefix(text, "G21‐G15") || !strings.HasSuffix(text, "G7-E13") {
						t.Errorf("%s: unverified moves %q", name, text)
					}
				case ctllegality.CodeLegacyCheck:
					if d.Severity != analysis.Warning || len(d.Fixes) != 1 || !strings.HasSuffix(d.Fixes[0].Edits[0].New, "+^") {
						t.Errorf("%s: %s: %v %v", name, d.Code, d.Severity, d.Fixes)
					}
				case ctllegality.CodeCheckRefine:
					if d.Severity != analysis.Hint || len(d.Fixes) != 1 || !strings.HasSuffix(d.Fixes[0].Edits[0].New, "+∞") {
						t.Errorf("%s: %s: %v %v", name, d.Code, d.Severity, d.Fixes)
					}
				}
			}
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: no expectation for this file", name)
			continue
		}
		for c, n := range got {
			if w[c] != n {
				t.Errorf("%s: %d × %s, want %d", name, n, c, w[c])
			}
		}
		for c, n := range w {
			if got[c] != n {
				t.Errorf("%s: %d × %s, want %d", name, got[c], c, n)
			}
		}
	}
}

// FuzzAnalyzer checks that the analyzer never panics under either
// reader, that its spans and fix edits lie inside the game, and that a
// record without error under the full reader has none under the minimal
// one.
func FuzzAnalyzer(f *testing.F) {
	files, _ := filepath.Glob(dir + "*.ctl-pgn")
	shared, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	for _, p := range append(files, shared...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		file := syntax.Parse("fuzz.ctl-pgn", in, syntax.CTLPGN)
		for _, r := range file.Games() {
			n := syntax.Pos(len(r.Game.Text))
			inside := func(s syntax.Span) bool { return 0 <= s.Start && s.Start <= s.End && s.End <= n }
			var errs [2]int // error diagnostics under the full and the minimal reader
			for i, reader := range []analysis.CTLReader{analysis.FullReader, analysis.MinimalReader} {
				cfg := &analysis.Config{CTLReader: reader}
				for _, d := range analysis.Game(r.Game, syntax.CTLPGN, cfg, []*analysis.Analyzer{ctllegality.Analyzer}) {
					if d.Severity == analysis.Error {
						errs[i]++
					}
					if !inside(d.Span) {
						t.Errorf("%s: span %v outside the game (%d bytes)", d.Code, d.Span, n)
					}
					for _, fx := range d.Fixes {
						for _, e := range fx.Edits {
							if !inside(e.Span) {
								t.Errorf("%s: fix span %v outside the game", d.Code, e.Span)
							}
						}
					}
				}
			}
			// A legal move is coherent: what the full reader passes, the
			// minimal one passes.
			if errs[0] == 0 && errs[1] > 0 {
				t.Errorf("game %q: no error under the full reader, %d under the minimal one", r.Game.Text, errs[1])
			}
		}
	})
}
