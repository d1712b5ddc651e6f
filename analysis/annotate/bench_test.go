package annotate_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/syntax"
)

// The benchmarks annotate the first benchGames games of Morphy's at
// benchDepth on one stockfish thread, through package annotate and
// through a minimal driver that sends the engine the same positions:
// the difference is what pgnls adds to the engine's time
// (docs/BENCHMARKS.md, "Engine annotation").
const (
	benchFile  = "../../../shared/testdata/pgn/big/pgnmentor-Morphy.pgn"
	benchGames = 6
	benchDepth = 10
)

// benchInput returns the games, and for each the position commands
// annotating it sends: every position of its main line but one where
// the game is over.
func benchInput(b *testing.B) ([]*syntax.Game, [][]string) {
	text, err := os.ReadFile(benchFile)
	if err != nil {
		b.Skip(err)
	}
	f := syntax.Parse("morphy.pgn", string(text), syntax.PGN)
	var games []*syntax.Game
	var positions [][]string
	for i := 0; i < f.NumGames() && len(games) < benchGames; i++ {
		g := f.Game(i).Game
		var cmds, moves []string
		cmds = append(cmds, "position startpos")
		legality.ReplayMainLine(g, legality.StartOf(g), func(st *legality.Step) bool {
			if st.After == nil {
				return false
			}
			moves = append(moves, st.Before.UCI(st.Move))
			if st.After.Outcome() == (chess.Outcome{}) {
				cmds = append(cmds, "position startpos moves "+strings.Join(moves, " "))
			}
			return true
		})
		games, positions = append(games, g), append(positions, cmds)
	}
	return games, positions
}

// cpu returns the CPU time of this process and of its children waited
// for, in seconds.
func cpu() (self, children float64) {
	var s, c syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &s)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c)
	sec := func(r *syscall.Rusage) float64 {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano()).Seconds()
	}
	return sec(&s), sec(&c)
}

// reportCPU reports the CPU time of the driving process as a
// percentage of the engine's, since self0 and children0.
func reportCPU(b *testing.B, self0, children0 float64) {
	self, children := cpu()
	b.ReportMetric(100*(self-self0)/(children-children0), "driver-cpu-%")
}

func BenchmarkAnnotate(b *testing.B) {
	path := realEngine(b, "stockfish")
	games, _ := benchInput(b)
	self0, children0 := cpu()
	for b.Loop() {
		a := annotate.NewAnalyst(annotate.Options{Engine: path, Limits: uci.Limits{Depth: benchDepth}, Threads: 1})
		for _, g := range games {
			if _, err := a.Game(context.Background(), g, syntax.PGN); err != nil {
				b.Fatal(err)
			}
		}
		a.Close()
	}
	reportCPU(b, self0, children0)
	b.ReportMetric(float64(len(games))*float64(b.N)/b.Elapsed().Minutes(), "games/min")
}

// BenchmarkDriver is the minimal driver: the same engine, options,
// games and positions, written and read with nothing else.
func BenchmarkDriver(b *testing.B) {
	path := realEngine(b, "stockfish")
	games, positions := benchInput(b)
	self0, children0 := cpu()
	for b.Loop() {
		cmd := exec.Command(path)
		in, _ := cmd.StdinPipe()
		outPipe, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		out := bufio.NewScanner(outPipe)
		until := func(prefix string) {
			for out.Scan() {
				if strings.HasPrefix(out.Text(), prefix) {
					return
				}
			}
			b.Fatalf("engine ended before %q", prefix)
		}
		io.WriteString(in, "uci\n")
		until("uciok")
		io.WriteString(in, "setoption name Threads value 1\nisready\n")
		until("readyok")
		for _, cmds := range positions {
			io.WriteString(in, "ucinewgame\nisready\n")
			until("readyok")
			for _, p := range cmds {
				fmt.Fprintf(in, "%s\ngo depth %d\n", p, benchDepth)
				until("bestmove")
			}
		}
		io.WriteString(in, "quit\n")
		cmd.Wait()
	}
	reportCPU(b, self0, children0)
	b.ReportMetric(float64(len(games))*float64(b.N)/b.Elapsed().Minutes(), "games/min")
}
