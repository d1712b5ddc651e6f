package ctlgames_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/bench/ctlgames"
	"github.com/pgnls/pgnls/syntax"
)

func generate(t testing.TB, o ctlgames.Options) string {
	var b strings.Builder
	if err := ctlgames.Write(&b, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// check runs every analyzer over text and calls emit per game.
func check(text string, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	gr := syntax.NewGameReader(strings.NewReader(text), "games.ctl-pgn", syntax.CTLPGN, false)
	rep := checks.NewRepeatsBounded(math.MaxInt64, nil)
	rep.StreamFile(gr.Name(), gr.Name(), nil)
	checks.CheckStreamRepeats(context.Background(), gr, 0, &analysis.Config{MinSeverity: analysis.Info}, checks.All, rep, emit)
}

// TestGamesCheckClean: the generated records are legal and well formed,
// so pgnls reports nothing on them, and the same seed gives the same text.
func TestGamesCheckClean(t *testing.T) {
	o := ctlgames.Options{Games: 12, Seed: 7, MaxPlies: 240}
	text := generate(t, o)
	if again := generate(t, o); again != text {
		t.Fatal("the same seed wrote different games")
	}
	games := 0
	check(text, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		games++
		for _, d := range ds {
			pos := g.Position(d.Span.Start)
			t.Errorf("%d:%d: %s %s: %s", pos.Line, pos.Col, d.Severity, d.Code, d.Message)
		}
	})
	if games != o.Games {
		t.Errorf("read %d games, want %d", games, o.Games)
	}
}

// BenchmarkCheck measures what `pgnls check` does on 1000 long C'escacs
// games (up to 300 half-moves each): games/s and MB/s of elapsed time,
// and, where the process's CPU time is known, games per CPU-second and
// CPU-µs per half-move (all goroutines, the garbage collector included),
// which other load on the machine disturbs less.
func BenchmarkCheck(b *testing.B) {
	text := generate(b, ctlgames.Options{Games: 1000, Seed: 1, MaxPlies: 300})
	b.SetBytes(int64(len(text)))
	games, plies := 0, 0
	cpu0 := cpuTime()
	for b.Loop() {
		check(text, func(g syntax.StreamGame, _ []analysis.Diagnostic) {
			games++
			for _, e := range g.Game.Moves {
				if _, ok := e.(*syntax.Move); ok {
					plies++
				}
			}
		})
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if cpu := cpuTime() - cpu0; cpu0 > 0 && cpu > 0 {
		b.ReportMetric(float64(games)/cpu.Seconds(), "games/cpu-s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(plies), "cpu-µs/ply")
	}
}
