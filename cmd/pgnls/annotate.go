package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/syntax"
)

const annotateUsage = `Usage: pgnls annotate [flags] [PATH...]

Annotate the main line of each game with a UCI chess engine, as
lichess's computer analysis does (docs/ANNOTATE.md): each move gets the
evaluation of the position after it in its comment ("[%eval 0.35]",
"[%eval #-3]", from White's point of view), an inaccuracy, a mistake or
a blunder its NAG ($6, $2, $4) by the drop of its player's winning
chances, and a mistake or a blunder the engine's better line as a
variation. Nothing else changes: comments, NAGs and variations stay, a
move already assessed keeps its glyph, and a move whose comment holds an
[%eval] is skipped (unless --force), so annotating twice changes nothing.
Without paths it annotates standard input to standard output; with
paths and no flag it prints the annotated files. A directory is searched
recursively for *.pgn files.

The engine is stockfish (on PATH or in /usr/games) for chess and
Chess960 (UCI_Chess960), fairy-stockfish for the other variants lichess
plays, chosen by the Variant tag (UCI_Variant); --engine names one for
every game. CTL-PGN records cannot be annotated: no engine plays
C'escacs. With --nodes and --threads 1 the output is the same on every
run.

On a terminal, standard error shows the progress. An interrupt (Ctrl-C)
stops the analysis: the games finished are written annotated, the others
as they were (-w rewrites the file so); a second one ends the process.

Exit status: 0 on success; 1 when -l or -d found a file that annotating
changes; 2 on a usage or I/O error, when the engine is missing, fails or
does not answer (the game is named, the run stops and -w leaves the file
as it was), or when a game was left as it was for a syntax error, an
illegal move or CTL-PGN; 130 after an interrupt.

Flags:
  --engine PATH  the UCI engine for every game (default: stockfish, and
                 fairy-stockfish for the lichess variants)
  --depth N      search each position N plies deep (default 18)
  --nodes N      search each position N nodes
  --movetime D   search each position for D (500ms, 2s; a number is
                 milliseconds); one of --depth, --nodes and --movetime
  --threads N    the engine's Threads option (default: the engine's, 1
                 for stockfish)
  --hash MB      the engine's Hash option, in MiB (default: the engine's)
  --multipv N    the engine's MultiPV: a mistake gets up to N better lines
  --force        evaluate again the moves that have an [%eval]
  --timeout D    how long the engine may take to answer (default 30s,
                 beyond --movetime)
  -l             list the files that annotating changes
  -d             print a unified diff of the changes
  -w             write the result back to the file (atomically, keeping
                 its encoding, mode and links)
  --memory SIZE  the peak memory to stay under (default 128MiB, or
                 GOMEMLIMIT when set), as pgnls check --memory
  -j, --jobs N   run N engines at once, one game each (default 0: one
                 per core)
`

// annotator annotates the games of a file for annotate, on a pool of
// Analysts, and reports what it did.
type annotator struct {
	jobs int
	pool chan *annotate.Analyst
	ctx  context.Context // done on an interrupt or an engine's failure
	stop context.CancelFunc
	out  *formatter // writes what it reports to out.stderr

	mu          sync.Mutex
	interrupted bool

	cur    annotateItem // the game being written
	moves  int          // per file
	judged [annotate.Blunder + 1]int
}

// annotateItem is a game annotated, or the error that stopped it.
type annotateItem struct {
	res annotate.Result
	err error
}

func annotateVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("annotate", flag.ContinueOnError)
	f := &formatter{verb: "annotate", stdout: stdout, stderr: stderr, left: "game left unannotated", encoding: encKeep}
	f.dialect, f.auto, _ = parseDialectFlag("auto") // by the file's name and text, as fmt
	var opts annotate.Options
	fl.BoolVar(&f.list, "l", false, "")
	fl.BoolVar(&f.diff, "d", false, "")
	fl.BoolVar(&f.write, "w", false, "")
	fl.StringVar(&opts.Engine, "engine", "", "")
	depth := fl.Int("depth", 0, "")
	nodes := fl.Int64("nodes", 0, "")
	movetime := fl.String("movetime", "", "")
	fl.IntVar(&opts.Threads, "threads", 0, "")
	fl.IntVar(&opts.Hash, "hash", 0, "")
	fl.IntVar(&opts.MultiPV, "multipv", 0, "")
	fl.BoolVar(&opts.Force, "force", false, "")
	fl.DurationVar(&opts.Timeout, "timeout", uci.DefaultTimeout, "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, annotateUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	limits := 0
	if *depth != 0 {
		opts.Limits.Depth, limits = *depth, limits+1
	}
	if *nodes != 0 {
		opts.Limits.Nodes, limits = *nodes, limits+1
	}
	if *movetime != "" {
		d, err := parseMoveTime(*movetime)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls annotate: --movetime %s: want a duration such as 500ms or 2s\n", *movetime)
			return exitUsage
		}
		opts.Limits.MoveTime, limits = d, limits+1
	}
	switch {
	case limits > 1:
		fmt.Fprintln(stderr, "pgnls annotate: give one of --depth, --nodes and --movetime")
		return exitUsage
	case *depth < 0 || *nodes < 0 || opts.Limits.MoveTime < 0 || opts.Threads < 0 || opts.Hash < 0 || opts.MultiPV < 0 || opts.Timeout <= 0:
		fmt.Fprintln(stderr, "pgnls annotate: limits, --threads, --hash, --multipv and --timeout must be positive")
		return exitUsage
	}
	x := &annotator{jobs: int(*jobs), out: f}
	if x.jobs == 0 {
		x.jobs = runtime.GOMAXPROCS(0)
	}
	x.pool = make(chan *annotate.Analyst, x.jobs)
	for range x.jobs {
		x.pool <- annotate.NewAnalyst(opts)
	}
	defer func() {
		for range x.jobs {
			(<-x.pool).Close()
		}
	}()
	x.ctx, x.stop = context.WithCancel(context.Background())
	defer x.stop()
	// The first interrupt stops the analysis; what was finished is
	// written. A second one ends the process (onInterrupt).
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	ended := make(chan struct{})
	defer close(ended)
	go func() {
		select {
		case <-sig:
			signal.Stop(sig)
			onInterrupt(runInterruptHook)
			x.mu.Lock()
			x.interrupted = true
			x.mu.Unlock()
			x.stop()
		case <-ended:
			signal.Stop(sig)
		}
	}()
	f.rewrite, f.joined, f.done = x.stream, x.joined, x.done
	code = f.run(paths, stdin, *mem)
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.interrupted {
		fmt.Fprintln(stderr, "pgnls annotate: interrupted: the games finished are annotated, the others left as they were")
		return 130
	}
	return code
}

// parseMoveTime reads --movetime: a duration, or a number of
// milliseconds.
func parseMoveTime(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil {
		return time.Duration(n) * time.Millisecond, nil
	}
	return time.ParseDuration(s)
}

// stream annotates the games of gr, x.jobs at once, one game to an
// engine, while later games are still being read, and calls emit in
// file order. Once x.ctx is done the games left are emitted as they
// are: the file is written whole.
func (x *annotator) stream(_ context.Context, gr *syntax.GameReader, emit func(syntax.StreamGame, format.Result)) {
	d := gr.Dialect()
	work := func(it *analysis.StreamItem[annotateItem]) {
		g := it.Game.Game
		it.Value.res = annotate.Result{Text: g.Text}
		if x.ctx.Err() != nil {
			return
		}
		a := <-x.pool
		res, err := a.Game(x.ctx, g, d)
		x.pool <- a
		switch {
		case err == nil:
			it.Value.res = res
		case errors.Is(err, annotate.ErrCTL):
			it.Value.res.Skipped, it.Value.res.Broken = err.Error(), true
		case x.ctx.Err() == nil:
			// The engine failed: the run stops, the file is not written.
			it.Value.err = err
			x.stop()
		}
	}
	analysis.EachGameBatch(context.Background(), gr, x.jobs, 1, nil, work, func(it *analysis.StreamItem[annotateItem]) {
		x.cur = it.Value
		res := it.Value.res.Joined()
		if it.Value.err != nil {
			res.Skipped, res.Broken = "engine error: "+it.Value.err.Error(), true
		}
		emit(it.Game, res)
	})
}

// joined counts the annotations of the game g just written.
func (x *annotator) joined(name string, g syntax.StreamGame, dropped bool) {
	if dropped {
		line, col := charPos(g, 0)
		fmt.Fprintf(x.out.stderr, "%s:%d:%d: game left unannotated: its annotated text would merge with the game before it\n", name, line, col)
		return
	}
	r := x.cur.res
	if r.Skipped != "" && !r.Broken {
		line, col := charPos(g, r.At)
		fmt.Fprintf(x.out.stderr, "%s:%d:%d: game left unannotated: %s\n", name, line, col, r.Skipped)
	}
	x.moves += r.Moves
	for j, n := range r.Judged {
		x.judged[j] += n
	}
}

// done prints what was annotated in the file name.
func (x *annotator) done(name string) {
	if x.moves == 0 {
		return
	}
	var parts []string
	for _, j := range []annotate.Judgement{annotate.Inaccuracy, annotate.Mistake, annotate.Blunder} {
		if n := x.judged[j]; n > 0 {
			word := j.String()
			if n > 1 {
				word = strings.TrimSuffix(word, "y") + map[bool]string{true: "ies", false: "s"}[strings.HasSuffix(word, "y")]
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, word))
		}
	}
	judged := ""
	if len(parts) > 0 {
		judged = ": " + strings.Join(parts, ", ")
	}
	fmt.Fprintf(x.out.stderr, "%s: evaluated %d moves%s\n", name, x.moves, judged)
	x.moves, x.judged = 0, [annotate.Blunder + 1]int{}
}
