package uci_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/analysis/uci/ucitest"
)

// TestMain runs the test binary as the fake engine when asked.
func TestMain(m *testing.M) {
	if os.Getenv(ucitest.EnvVar) == "1" {
		ucitest.Main()
	}
	os.Exit(m.Run())
}

// fake starts the fake engine with the environment vars added.
func fake(t *testing.T, timeout time.Duration, vars ...string) (*uci.Engine, error) {
	t.Helper()
	env := append(os.Environ(), ucitest.EnvVar+"=1")
	env = append(env, vars...)
	e, err := uci.Start(context.Background(), os.Args[0], uci.Config{Env: env, Timeout: timeout})
	if err == nil {
		t.Cleanup(e.Close)
	}
	return e, err
}

func mustFake(t *testing.T, vars ...string) *uci.Engine {
	t.Helper()
	e, err := fake(t, 10*time.Second, vars...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestHandshakeAndOptions(t *testing.T) {
	e := mustFake(t)
	if e.Name != "ucitest" {
		t.Errorf("Name = %q, want ucitest", e.Name)
	}
	want := uci.Option{Name: "Threads", Type: "spin", Default: "1", Min: 1, Max: 64}
	if got := e.Options["Threads"]; !reflect.DeepEqual(got, want) {
		t.Errorf("Threads = %+v, want %+v", got, want)
	}
	if o := e.Options["Clear Hash"]; o.Type != "button" {
		t.Errorf("Clear Hash = %+v, want a button", o)
	}
	if o := e.Options["UCI_Variant"]; !o.Has("Crazyhouse") || o.Has("chess960") || o.Default != "chess" {
		t.Errorf("UCI_Variant = %+v", o)
	}
	ctx := context.Background()
	for _, kv := range [][2]string{{"Threads", "2"}, {"Clear Hash", ""}, {"MultiPV", "2"}} {
		if err := e.SetOption(ctx, kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.SetOption(ctx, "Nonsense", "1"); err == nil || !strings.Contains(err.Error(), `no option "Nonsense"`) {
		t.Errorf("SetOption(Nonsense) = %v", err)
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	// Scholar's mate threat: with two lines, the best is the mate.
	if err := e.Position("", strings.Fields("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6")); err != nil {
		t.Fatal(err)
	}
	res, err := e.Go(ctx, uci.Limits{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "h5f7" || len(res.Lines) != 2 {
		t.Fatalf("Go = %+v, want bestmove h5f7 and two lines", res)
	}
	if s := res.Lines[0].Score; !s.Mate || s.Moves != 1 || s.String() != "mate 1" {
		t.Errorf("score of the best line = %+v, want mate 1", s)
	}
	if res.Lines[1].MultiPV != 2 || res.Lines[1].Score.Mate {
		t.Errorf("second line = %+v", res.Lines[1])
	}
	if err := e.Quit(); err != nil {
		t.Fatal(err)
	}
}

func TestMatedAndNone(t *testing.T) {
	e := mustFake(t)
	// Fool's mate: White to move is mated.
	if err := e.Position("", strings.Fields("f2f3 e7e5 g2g4 d8h4")); err != nil {
		t.Fatal(err)
	}
	res, err := e.Go(context.Background(), uci.Limits{Nodes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "" || len(res.Lines) != 1 || !res.Lines[0].Score.Mate || res.Lines[0].Score.Moves != 0 {
		t.Errorf("Go in a mated position = %+v, want no move and mate 0", res)
	}
}

func TestGarbageInfoLines(t *testing.T) {
	e := mustFake(t, "UCITEST_MODE=garbage")
	if err := e.Position("", nil); err != nil {
		t.Fatal(err)
	}
	res, err := e.Go(context.Background(), uci.Limits{MoveTime: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 1 || res.Lines[0].Depth != 2 || len(res.Lines[0].PV) != 2 {
		t.Errorf("Go with garbage = %+v, want the one good line", res)
	}
}

func TestBoundScores(t *testing.T) {
	e := mustFake(t, "UCITEST_GO=info depth 5 score cp 20 pv e2e4 e7e5|info depth 6 score cp 90 lowerbound pv d2d4|info depth 6 score mate 3 upperbound pv g1f3|bestmove e2e4 ponder e7e5")
	if err := e.Position("", nil); err != nil {
		t.Fatal(err)
	}
	res, err := e.Go(context.Background(), uci.Limits{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Lines[0]
	if got.Score != (uci.Score{CP: 20}) || got.Depth != 5 || res.Ponder != "e7e5" {
		t.Errorf("Go = %+v, want the exact score of depth 5 kept over bounds", res)
	}
	// Only bounds: the last one.
	e2 := mustFake(t, "UCITEST_GO=info depth 6 score cp 90 lowerbound pv d2d4|info depth 7 score mate -3 upperbound pv g1f3|bestmove g1f3")
	e2.Position("", nil)
	res, err = e2.Go(context.Background(), uci.Limits{Depth: 7})
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Lines[0].Score; s != (uci.Score{Mate: true, Moves: -3, Upper: true}) || s.String() != "mate -3 upperbound" {
		t.Errorf("only bounds: score %+v", s)
	}
}

func TestParseInfo(t *testing.T) {
	for _, tc := range []struct {
		line string
		want uci.Info
		err  bool
	}{
		{"info depth 12 seldepth 18 multipv 2 score cp -35 nodes 1234 nps 5000 time 250 pv e2e4 e7e5",
			uci.Info{Depth: 12, SelDepth: 18, MultiPV: 2, HasScore: true, Score: uci.Score{CP: -35}, Nodes: 1234, NPS: 5000, Time: 250 * time.Millisecond, PV: []string{"e2e4", "e7e5"}}, false},
		{"info depth 3 score mate -2 lowerbound hashfull 12 pv a1a2",
			uci.Info{Depth: 3, MultiPV: 1, HasScore: true, Score: uci.Score{Mate: true, Moves: -2, Lower: true}, PV: []string{"a1a2"}}, false},
		{"info depth 3 currmove e2e4 currmovenumber 1", uci.Info{Depth: 3, MultiPV: 1}, false},
		{"info string NNUE evaluation using nn.nnue enabled", uci.Info{MultiPV: 1, String: "NNUE evaluation using nn.nnue enabled"}, false},
		{"info score cp", uci.Info{}, true},
		{"info depth x", uci.Info{}, true},
		{"info score centipawns 3", uci.Info{}, true},
		{"info multipv 0 score cp 1", uci.Info{}, true},
		{"info pv", uci.Info{}, true},
		{"bestmove e2e4", uci.Info{}, true},
	} {
		got, err := uci.ParseInfo(tc.line)
		if (err != nil) != tc.err || err == nil && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseInfo(%q) = %+v, %v; want %+v, error %v", tc.line, got, err, tc.want, tc.err)
		}
	}
}

func TestTimeouts(t *testing.T) {
	// No uciok: Start fails in time.
	start := time.Now()
	_, err := fake(t, 300*time.Millisecond, "UCITEST_MODE=mute-uci")
	if !errors.Is(err, uci.ErrTimeout) || !strings.Contains(err.Error(), ": uci: ") {
		t.Errorf("Start of a mute engine = %v, want a timeout of uci", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the timeout took %s", d)
	}
	// A search that never ends: Go fails in time, and the engine is
	// unusable after it.
	e, err := fake(t, time.Second, "UCITEST_MODE=hang-go=2")
	if err != nil {
		t.Fatal(err)
	}
	e.Position("", nil)
	if _, err := e.Go(context.Background(), uci.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	_, err = e.Go(context.Background(), uci.Limits{Depth: 1})
	if !errors.Is(err, uci.ErrTimeout) {
		t.Errorf("Go of a hung engine = %v, want a timeout", err)
	}
	if err := e.IsReady(context.Background()); !errors.Is(err, uci.ErrTimeout) {
		t.Errorf("IsReady after a timeout = %v, want the timeout again", err)
	}
}

func TestCrash(t *testing.T) {
	e := mustFake(t, "UCITEST_MODE=crash-go=2")
	ctx := context.Background()
	e.Position("", nil)
	if _, err := e.Go(ctx, uci.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	e.Position("", []string{"e2e4"})
	_, err := e.Go(ctx, uci.Limits{Depth: 1})
	if !errors.Is(err, uci.ErrExited) || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "crashing as asked") {
		t.Errorf("Go of a crashing engine = %v, want its exit status and last words", err)
	}
	if err := e.Position("", nil); !errors.Is(err, uci.ErrExited) {
		t.Errorf("Position after the crash = %v, want the crash", err)
	}
}

func TestCancel(t *testing.T) {
	e := mustFake(t, "UCITEST_MODE=wait-stop")
	e.Position("", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, err := e.Go(ctx, uci.Limits{})
	if !errors.Is(err, context.DeadlineExceeded) || res.BestMove == "" {
		t.Fatalf("cancelled Go = %+v, %v; want the best move and the context's error", res, err)
	}
	// The engine is still usable.
	e.Position("", []string{"e2e4"})
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	if res, _ := e.Go(ctx2, uci.Limits{}); res.BestMove == "" {
		t.Error("no best move after a cancelled search")
	}
}

func TestMissingProgram(t *testing.T) {
	_, err := uci.Start(context.Background(), "/nonexistent/engine", uci.Config{})
	if !errors.Is(err, exec.ErrNotFound) && !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Start of a missing program = %v", err)
	}
}

// TestLimitsCommand checks the go command sent, which the fake engine
// echoes as the principal variation.
func TestLimitsCommand(t *testing.T) {
	e := mustFake(t, "UCITEST_GO=info depth 1 score cp 1 pv {go}|bestmove e2e4")
	for _, tc := range []struct {
		limits uci.Limits
		want   string
	}{
		{uci.Limits{Depth: 3, Nodes: 10, MoveTime: 1500 * time.Microsecond}, "go depth 3 nodes 10 movetime 1"},
		{uci.Limits{Nodes: 5000}, "go nodes 5000"},
		{uci.Limits{}, "go infinite"},
	} {
		e.Position("", nil)
		res, err := e.Go(context.Background(), tc.limits)
		if err != nil || len(res.Lines) != 1 || strings.Join(res.Lines[0].PV, " ") != tc.want {
			t.Errorf("Go(%+v) = %+v, %v; want the command %q", tc.limits, res, err, tc.want)
		}
	}
}

// realEngine returns the path of a Debian engine program: it must be
// there in CI (.ci/run installs it), and the test is skipped without it
// elsewhere.
func realEngine(t *testing.T, name string) string {
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

func TestStockfish(t *testing.T) {
	ctx := context.Background()
	e, err := uci.Start(ctx, realEngine(t, "stockfish"), uci.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if !strings.HasPrefix(e.Name, "Stockfish") || e.Options["MultiPV"].Type != "spin" {
		t.Errorf("Name %q, MultiPV %+v", e.Name, e.Options["MultiPV"])
	}
	for _, kv := range [][2]string{{"Threads", "1"}, {"MultiPV", "2"}} {
		if err := e.SetOption(ctx, kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	e.Position("", strings.Fields("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6"))
	res, err := e.Go(ctx, uci.Limits{Nodes: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "h5f7" || len(res.Lines) != 2 || res.Lines[0].Score != (uci.Score{Mate: true, Moves: 1}) || res.Lines[0].PV[0] != "h5f7" {
		t.Errorf("Go = %+v, want the mate Qxf7# first of two lines", res)
	}
	if err := e.Quit(); err != nil {
		t.Error(err)
	}
}
