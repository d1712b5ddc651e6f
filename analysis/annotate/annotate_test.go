package annotate_test

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/analysis/uci/ucitest"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// TestMain runs the test binary as the fake engine when asked.
func TestMain(m *testing.M) {
	if os.Getenv(ucitest.EnvVar) == "1" {
		ucitest.Main()
	}
	os.Exit(m.Run())
}

// fakeOptions are options that run the fake engine, with the
// environment vars added.
func fakeOptions(vars ...string) annotate.Options {
	return annotate.Options{Engine: os.Args[0], Limits: uci.Limits{Depth: 2}, Timeout: 10 * time.Second,
		Env: append(append(os.Environ(), ucitest.EnvVar+"=1"), vars...)}
}

// realEngine returns the path of a Debian engine program: it must be
// there in CI (.ci/run installs it), and the test is skipped without it
// elsewhere.
func realEngine(t testing.TB, name string) string {
	t.Helper()
	for _, p := range []string{name, "/usr/games/" + name} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is missing: .ci/run installs it (apt-get install %s)", name, name)
	}
	t.Skipf("%s is missing (apt-get install %s)", name, name)
	return ""
}

// annotated is a file annotated: its text, and the results by game.
type annotated struct {
	text string
	res  []annotate.Result
	errs []error
}

// annotateText annotates every game of text.
func annotateText(a *annotate.Analyst, text string, d syntax.Dialect) annotated {
	f := syntax.Parse("t.pgn", text, d)
	var out annotated
	for _, r := range f.Games() {
		res, err := a.Game(context.Background(), r.Game, f.Dialect)
		out.text += res.Text
		out.res = append(out.res, res)
		out.errs = append(out.errs, err)
	}
	return out
}

// golden compares got with the file path, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("annotated text differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

// checkFile annotates the file in with opts, compares the result with
// its golden, and checks that it changed nothing but what annotating
// adds and that annotating it again changes nothing.
func checkFile(t *testing.T, opts annotate.Options, in, goldenPath string) annotated {
	t.Helper()
	text, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	a := annotate.NewAnalyst(opts)
	defer a.Close()
	out := annotateText(a, string(text), syntax.PGN)
	for i, err := range out.errs {
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
	}
	golden(t, goldenPath, out.text)
	sameMeaning(t, string(text), out.text, max(opts.MultiPV, 1))
	again := annotateText(a, out.text, syntax.PGN)
	if again.text != out.text {
		t.Errorf("annotating twice changed the text:\n%s", again.text)
	}
	for i, r := range again.res {
		if len(r.Edits) > 0 || again.errs[i] != nil {
			t.Errorf("game %d annotated again: %d edits, %v", i+1, len(r.Edits), again.errs[i])
		}
	}
	return out
}

func TestFakeEngine(t *testing.T) {
	out := checkFile(t, fakeOptions(), "testdata/games.pgn", "testdata/games.fake.golden")
	if r := out.res[1]; r.Moves != 10 || r.Judged[annotate.Blunder] != 1 {
		t.Errorf("second game: %d moves evaluated, judged %v", r.Moves, r.Judged)
	}
}

func TestFakeEngineMultiPV(t *testing.T) {
	opts := fakeOptions()
	opts.MultiPV = 3
	checkFile(t, opts, "testdata/games.pgn", "testdata/games.fake-multipv.golden")
}

func TestEdgeCases(t *testing.T) {
	out := checkFile(t, fakeOptions(), "testdata/edge.pgn", "testdata/edge.fake.golden")
	if r := out.res[1]; !r.Broken || !strings.Contains(r.Skipped, "Ke3") {
		t.Errorf("illegal move: %+v", r)
	}
	if r := out.res[2]; r.Broken || !strings.Contains(r.Skipped, `"Shogi"`) {
		t.Errorf("unknown variant: %+v", r)
	}
}

func TestForce(t *testing.T) {
	// The fake engine scores 1. e4 0.00: --force replaces the 0.30 of
	// the file where it is.
	opts := fakeOptions()
	opts.Force = true
	a := annotate.NewAnalyst(opts)
	defer a.Close()
	out := annotateText(a, "1. e4 {[%eval 0.30] kept} e5 {[%clk 0:01:00] [%eval 9.99]} *\n", syntax.PGN)
	if want := "1. e4 {[%eval 0.00] kept} e5 {[%clk 0:01:00] [%eval 0.00]} *\n"; out.text != want {
		t.Errorf("--force gave\n%s\nwant\n%s", out.text, want)
	}
}

func TestJudge(t *testing.T) {
	cp := func(n int) annotate.Eval { return annotate.Eval{CP: n} }
	mate := func(n int) annotate.Eval { return annotate.Eval{Mate: true, Moves: n} }
	for _, tc := range []struct {
		before, after annotate.Eval
		white         bool
		want          annotate.Judgement
	}{
		{cp(0), cp(-50), true, annotate.Good},            // 50 cp: 0.092 of winning chances
		{cp(0), cp(-55), true, annotate.Inaccuracy},      // 0.101
		{cp(0), cp(-110), true, annotate.Inaccuracy},     // 0.1998
		{cp(0), cp(-115), true, annotate.Mistake},        // 0.209
		{cp(0), cp(-170), true, annotate.Blunder},        // 0.304
		{cp(0), cp(170), false, annotate.Blunder},        // the same for Black
		{cp(0), cp(-170), false, annotate.Good},          // Black gained
		{cp(1200), cp(900), true, annotate.Good},         // 0.046 at a winning score
		{cp(800), cp(400), true, annotate.Mistake},       // 0.27
		{cp(-1200), mate(-3), true, annotate.Inaccuracy}, // a lost game becomes a mate
		{cp(-800), mate(-3), true, annotate.Mistake},
		{cp(0), mate(-3), true, annotate.Blunder},
		{cp(0), mate(3), false, annotate.Blunder},      // Black walks into a mate
		{mate(2), cp(1200), true, annotate.Inaccuracy}, // a mate lost, still winning
		{mate(2), cp(800), true, annotate.Mistake},
		{mate(2), cp(100), true, annotate.Blunder},
		{mate(2), mate(-4), true, annotate.Blunder},
		{mate(2), mate(5), true, annotate.Good}, // a slower mate: not judged
		{mate(-2), mate(-1), true, annotate.Good},
	} {
		if got := annotate.Judge(tc.before, tc.after, tc.white); got != tc.want {
			t.Errorf("Judge(%v, %v, white %v) = %v, want %v", tc.before, tc.after, tc.white, got, tc.want)
		}
	}
	for e, want := range map[annotate.Eval]string{cp(35): "0.35", cp(-120): "-1.20", cp(0): "0.00", cp(-1): "-0.01", mate(3): "#3", mate(-2): "#-2"} {
		if got := e.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", e, got, want)
		}
	}
}

func TestEngineErrors(t *testing.T) {
	game := "1. e4 e5 2. Nf3 Nc6 *\n"
	for _, tc := range []struct {
		name string
		opts annotate.Options
		want error
		text string
	}{
		{"crash mid-game", fakeOptions("UCITEST_MODE=crash-go=3"), uci.ErrExited, "exit status 3"},
		{"hung search", fakeOptions("UCITEST_MODE=hang-go=2"), uci.ErrTimeout, "go"},
		{"no handshake", fakeOptions("UCITEST_MODE=mute-uci"), uci.ErrTimeout, "uci"},
		{"missing program", annotate.Options{Engine: "/nonexistent/stockfish"}, nil, "/nonexistent/stockfish"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Timeout = time.Second
			a := annotate.NewAnalyst(tc.opts)
			defer a.Close()
			out := annotateText(a, game, syntax.PGN)
			err := out.errs[0]
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %v, want %v mentioning %q", err, tc.want, tc.text)
			}
			if out.text != game || len(out.res[0].Edits) != 0 {
				t.Errorf("a failed game changed: %q", out.text)
			}
		})
	}
	// After a crash the next game starts the engine anew.
	a := annotate.NewAnalyst(fakeOptions("UCITEST_MODE=crash-go=2", "UCITEST_CRASH_ONCE="+t.TempDir()+"/crashed"))
	defer a.Close()
	out := annotateText(a, game+"\n"+game, syntax.PGN)
	if out.errs[0] == nil || out.errs[1] != nil || out.res[1].Moves != 4 {
		t.Errorf("after a crash: errors %v, second game %+v", out.errs, out.res[1])
	}
}

func TestVariantNotOffered(t *testing.T) {
	a := annotate.NewAnalyst(fakeOptions("UCITEST_MODE=no-variant"))
	defer a.Close()
	out := annotateText(a, "[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n", syntax.PGN)
	if err := out.errs[0]; err == nil || !strings.Contains(err.Error(), "does not play Crazyhouse") {
		t.Errorf("error %v, want that the engine does not play Crazyhouse", err)
	}
}

func TestCTL(t *testing.T) {
	a := annotate.NewAnalyst(fakeOptions())
	defer a.Close()
	out := annotateText(a, "[Event \"C'escacs\"]\n\n1. Pf4 Pf7 *\n", syntax.CTLPGN)
	if !errors.Is(out.errs[0], annotate.ErrCTL) || !strings.Contains(out.errs[0].Error(), "no engine for C'escacs") {
		t.Errorf("CTL-PGN: %v", out.errs[0])
	}
}

func TestCancel(t *testing.T) {
	a := annotate.NewAnalyst(fakeOptions("UCITEST_MODE=wait-stop"))
	defer a.Close()
	f := syntax.Parse("t.pgn", "1. e4 e5 *\n", syntax.PGN)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := a.Game(ctx, f.Game(0).Game, syntax.PGN)
	if !errors.Is(err, context.DeadlineExceeded) || len(res.Edits) != 0 {
		t.Errorf("cancelled: %v, %d edits", err, len(res.Edits))
	}
}

func TestStockfish(t *testing.T) {
	opts := annotate.Options{Engine: realEngine(t, "stockfish"), Limits: uci.Limits{Nodes: 20000}, Threads: 1, Hash: 16}
	checkFile(t, opts, "testdata/games.pgn", "testdata/games.stockfish.golden")
	checkFile(t, opts, "testdata/edge.pgn", "testdata/edge.stockfish.golden")
	// Chess960: UCI_Chess960, castling sent as the king taking its rook.
	out := checkFile(t, opts, "testdata/chess960.pgn", "testdata/chess960.stockfish.golden")
	if r := out.res[0]; r.Moves != 8 {
		t.Errorf("Chess960: %d moves evaluated, want 8", r.Moves)
	}
}

func TestFairyStockfish(t *testing.T) {
	realEngine(t, "fairy-stockfish")
	// The default engines: fairy-stockfish for the variants.
	opts := annotate.Options{Limits: uci.Limits{Nodes: 20000}, Threads: 1, Hash: 16}
	text, err := os.ReadFile("testdata/variants.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(text), "*\n")
	crazyhouse, atomic := games[0], strings.TrimPrefix(games[1], "\n")
	a := annotate.NewAnalyst(opts)
	defer a.Close()
	out := annotateText(a, crazyhouse, syntax.PGN)
	if out.errs[0] != nil {
		t.Fatal(out.errs[0])
	}
	golden(t, "testdata/crazyhouse.fairy.golden", out.text)
	sameMeaning(t, crazyhouse, out.text, 1)
	if again := annotateText(a, out.text, syntax.PGN); again.text != out.text {
		t.Errorf("annotating twice changed the text:\n%s", again.text)
	}
	// Debian's fairy-stockfish 11.1 has no atomic: a clear error.
	// A build that has it annotates the game.
	out = annotateText(a, atomic, syntax.PGN)
	if err := out.errs[0]; err != nil {
		if !strings.Contains(err.Error(), `does not play Atomic (its UCI_Variant option does not offer "atomic")`) {
			t.Errorf("atomic: %v", err)
		}
		if out.text != atomic {
			t.Errorf("atomic game changed on an error")
		}
	} else {
		sameMeaning(t, atomic, out.text, 1)
		if out.res[0].Moves != 6 {
			t.Errorf("atomic: %d moves evaluated, want 6", out.res[0].Moves)
		}
	}
}

// reading is a game as python-chess reads it, for comparing meanings:
// its main line moves with their NAGs, the prose of their comments and
// their variations as written.
type reading struct {
	san   string
	nags  []int
	prose []string
	vars  []string
}

// read reads the games of text.
func read(text string) [][]reading {
	f := syntax.Parse("t.pgn", text, syntax.PGN)
	var out [][]reading
	for _, r := range f.Games() {
		g := r.Game
		var moves []reading
		for _, e := range g.Moves {
			var cur *reading
			if len(moves) > 0 {
				cur = &moves[len(moves)-1]
			}
			switch n := e.(type) {
			case *syntax.Move:
				moves = append(moves, reading{san: n.Text})
			case *syntax.NAG:
				cur.nags = append(cur.nags, n.Value)
			case *syntax.Glyph:
				cur.nags = append(cur.nags, nag.Glyphs[n.Text])
			case *syntax.Comment:
				prose := n.Text
				for c := range commands.All(n.Text) {
					prose = strings.Replace(prose, n.Text[c.Start:c.End], "", 1)
				}
				if p := strings.Join(strings.Fields(prose), " "); p != "" && cur != nil {
					cur.prose = append(cur.prose, p)
				}
			case *syntax.Variation:
				cur.vars = append(cur.vars, strings.Join(strings.Fields(g.Slice(n.Sp)), " "))
			}
		}
		out = append(out, moves)
	}
	return out
}

// sameMeaning checks that after reads as before but for what annotating
// adds: at most one NAG of a judgement after a move's NAGs, and at most
// lines variations before its own.
func sameMeaning(t *testing.T, before, after string, lines int) {
	t.Helper()
	b, a := read(before), read(after)
	if len(a) != len(b) {
		t.Fatalf("%d games after, %d before", len(a), len(b))
	}
	for i := range b {
		if len(a[i]) != len(b[i]) {
			t.Errorf("game %d: %d moves after, %d before", i+1, len(a[i]), len(b[i]))
			continue
		}
		for j, mb := range b[i] {
			ma := a[i][j]
			switch {
			case ma.san != mb.san:
				t.Errorf("game %d, move %d: %s became %s", i+1, j+1, mb.san, ma.san)
			case !slices.Equal(ma.prose, mb.prose):
				t.Errorf("game %d, move %s: prose %q became %q", i+1, mb.san, mb.prose, ma.prose)
			case len(ma.nags) < len(mb.nags) || len(ma.nags) > len(mb.nags)+1 || !slices.Equal(ma.nags[:len(mb.nags)], mb.nags):
				t.Errorf("game %d, move %s: NAGs %v became %v", i+1, mb.san, mb.nags, ma.nags)
			case len(ma.nags) > len(mb.nags) && !slices.Contains([]int{2, 4, 6}, ma.nags[len(ma.nags)-1]):
				t.Errorf("game %d, move %s: NAG %d added", i+1, mb.san, ma.nags[len(ma.nags)-1])
			case len(ma.vars) < len(mb.vars) || len(ma.vars) > len(mb.vars)+lines || !slices.Equal(ma.vars[len(ma.vars)-len(mb.vars):], mb.vars):
				t.Errorf("game %d, move %s: variations %q became %q", i+1, mb.san, mb.vars, ma.vars)
			}
		}
	}
}
