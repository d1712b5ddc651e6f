// Package ucitest is a fake UCI engine for tests: a test binary runs
// Main as the engine program (re-executed by TestMain, or as a
// testscript command), and the environment says how it behaves.
//
// By default it plays chess, as a very weak engine: it searches two
// plies of material (pawn 100, knight and bishop 300, rook 500, queen
// 900, pieces in hand counted in crazyhouse) with mates, under the
// variant set by UCI_Variant or UCI_Chess960, and prints one info line
// per MultiPV line, best first, then its best move. Its answers depend
// on the position only, so tests can assert them exactly.
//
// The variable UCITEST_MODE, a comma-separated list, changes that:
//
//	mute-uci     never answers "uci"
//	hang-go=N    never answers the Nth "go" (1 for the first), not even "stop"
//	crash-go=N   prints a line of search, then exits with status 3 on the Nth "go"
//	garbage      prints malformed info lines before each real one
//	bound        prints a lowerbound line after each exact one
//	wait-stop    answers "go" only once "stop" comes
//	no-variant   declares no UCI_Variant option
//
// With UCITEST_CRASH_ONCE naming a file, crash-go crashes only when the
// file does not exist, and creates it: an engine started anew after the
// crash goes on.
//
// With UCITEST_HUNG_FILE naming a file, hang-go creates it when it
// hangs: a test knows the engine is there.
//
// With UCITEST_WAIT_FILE naming a file, each search waits until the
// file exists: a test does what it wants while the engine thinks.
//
// UCITEST_GO, when set, is printed instead on each "go" (lines
// separated by "|", "{go}" replaced by the command received), whatever
// the position.
package ucitest

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pgnls/pgnls/analysis/chess"
)

// EnvVar is the variable a TestMain checks to run Main: set to "1", the
// test binary is the fake engine.
const EnvVar = "UCITEST_ENGINE"

// Main runs the fake engine on the standard streams until "quit" or the
// end of its input, and exits.
func Main() {
	e := &engine{out: bufio.NewWriter(os.Stdout), modes: map[string]int{}, multipv: 1}
	for m := range strings.SplitSeq(os.Getenv("UCITEST_MODE"), ",") {
		name, n, _ := strings.Cut(strings.TrimSpace(m), "=")
		e.modes[name], _ = strconv.Atoi(n)
		if _, ok := e.modes[name]; ok && n == "" {
			e.modes[name] = 1
		}
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if !e.command(in.Text(), in) {
			break
		}
		e.out.Flush()
	}
	e.out.Flush()
	os.Exit(0)
}

type engine struct {
	out      *bufio.Writer
	modes    map[string]int
	gos      int
	variant  chess.Variant
	chess960 bool
	multipv  int
	pos      chess.Position
	ok       bool // pos is set
}

func (e *engine) has(mode string) bool { _, ok := e.modes[mode]; return ok }

func (e *engine) println(s string) { fmt.Fprintln(e.out, s) }

// command runs one command; false ends the engine.
func (e *engine) command(line string, in *bufio.Scanner) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "uci":
		if e.has("mute-uci") {
			return true
		}
		e.println("id name ucitest")
		e.println("id author pgnls")
		e.println("option name Threads type spin default 1 min 1 max 64")
		e.println("option name Hash type spin default 16 min 1 max 1024")
		e.println("option name MultiPV type spin default 1 min 1 max 50")
		e.println("option name Clear Hash type button")
		e.println("option name UCI_Chess960 type check default false")
		if !e.has("no-variant") {
			var vars []string
			for _, v := range chess.Variants {
				if v != chess.Chess960 {
					vars = append(vars, "var "+v.String())
				}
			}
			e.println("option name UCI_Variant type combo default chess " + strings.Join(vars, " "))
		}
		e.println("uciok")
	case "isready":
		e.println("readyok")
	case "setoption":
		rest := strings.TrimPrefix(line, "setoption name ")
		name, value, _ := strings.Cut(rest, " value ")
		switch name {
		case "UCI_Variant":
			e.variant, _ = chess.ParseVariant(value)
		case "UCI_Chess960":
			e.chess960 = value == "true"
		case "MultiPV":
			e.multipv, _ = strconv.Atoi(value)
		}
	case "position":
		e.position(f[1:])
	case "go":
		e.gos++
		if e.modes["hang-go"] == e.gos {
			if name := os.Getenv("UCITEST_HUNG_FILE"); name != "" {
				os.WriteFile(name, nil, 0o644)
			}
			for in.Scan() {
				if in.Text() == "quit" {
					return false
				}
			}
			return false
		}
		if e.has("wait-stop") {
			e.out.Flush()
			for in.Scan() && in.Text() != "stop" {
			}
		}
		if name := os.Getenv("UCITEST_WAIT_FILE"); name != "" {
			for {
				if _, err := os.Stat(name); err == nil {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		if e.modes["crash-go"] == e.gos && e.crashOnce() {
			e.println("info depth 1 score cp 13 pv e2e4")
			e.out.Flush()
			fmt.Fprintln(os.Stderr, "ucitest: crashing as asked")
			os.Exit(3)
		}
		e.search(line)
	case "quit":
		return false
	}
	return true
}

// crashOnce reports whether the engine may crash, under
// UCITEST_CRASH_ONCE.
func (e *engine) crashOnce() bool {
	name := os.Getenv("UCITEST_CRASH_ONCE")
	if name == "" {
		return true
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// position reads "startpos|fen F... [moves M...]".
func (e *engine) position(f []string) {
	e.ok = false
	i := slices.Index(f, "moves")
	if i < 0 {
		i = len(f)
	}
	v := e.variant
	if e.chess960 && v == chess.Standard {
		v = chess.Chess960
	}
	var p chess.Position
	switch {
	case len(f) > 0 && f[0] == "startpos":
		p = chess.VariantStart(v)
	case len(f) > 1 && f[0] == "fen":
		var err error
		if p, err = chess.ParseVariantFEN(strings.Join(f[1:i], " "), v, e.chess960); err != nil {
			return
		}
	default:
		return
	}
	for _, u := range f[min(i+1, len(f)):] {
		m, ok := parseMove(&p, u)
		if !ok {
			return
		}
		p = p.Make(m)
	}
	e.pos, e.ok = p, true
}

// parseMove finds the legal move of p written u in UCI.
func parseMove(p *chess.Position, u string) (chess.Move, bool) {
	for _, m := range p.LegalMoves() {
		if p.UCI(m) == u {
			return m, true
		}
	}
	return 0, false
}

// mateScore is the score of a mate, beyond every material score.
const mateScore = 100000

var values = [...]int{chess.Pawn: 100, chess.Knight: 300, chess.Bishop: 300, chess.Rook: 500, chess.Queen: 900}

// material is the material of the side to move of p less the other's.
func material(p *chess.Position) int {
	us := p.SideToMove()
	s := 0
	for t := chess.Pawn; t <= chess.Queen; t++ {
		n := p.Pieces(us, t).Count() - p.Pieces(us.Other(), t).Count()
		n += p.InHand(us, t) - p.InHand(us.Other(), t)
		s += n * values[t]
	}
	return s
}

// terminal returns the score of p for its side to move when the game
// is over in p.
func terminal(p *chess.Position) (int, bool) {
	o := p.Outcome()
	switch {
	case o.Result == "":
		return 0, false
	case o.Result == "1/2-1/2":
		return 0, true
	case (o.Result == "1-0") == (p.SideToMove() == chess.White):
		return mateScore, true
	}
	return -mateScore, true
}

// line is a move with its score and principal variation.
type line struct {
	score int
	pv    []chess.Move
	ucis  []string
}

// search prints the engine's lines and best move for the command cmd.
func (e *engine) search(cmd string) {
	if s := os.Getenv("UCITEST_GO"); s != "" {
		for l := range strings.SplitSeq(s, "|") {
			e.println(strings.ReplaceAll(l, "{go}", cmd))
		}
		return
	}
	if !e.ok {
		e.println("info string no position")
		e.println("bestmove (none)")
		return
	}
	p := e.pos
	if s, over := terminal(&p); over {
		if s < 0 {
			e.println("info depth 0 score mate 0")
		} else {
			e.println("info depth 0 score cp 0")
		}
		e.println("bestmove (none)")
		return
	}
	var lines []line
	for _, m := range p.LegalMoves() {
		after := p.Make(m)
		l := line{pv: []chess.Move{m}, ucis: []string{p.UCI(m)}}
		if s, over := terminal(&after); over {
			l.score = -s
		} else {
			best, reply := -2*mateScore, chess.Move(0)
			for _, r := range after.LegalMoves() {
				next := after.Make(r)
				s, over := terminal(&next)
				if !over {
					s = material(&next)
				}
				if -s > best || -s == best && after.UCI(r) < after.UCI(reply) {
					best, reply = -s, r
				}
			}
			l.score = -best
			l.ucis = append(l.ucis, after.UCI(reply))
		}
		lines = append(lines, l)
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return strings.Compare(a.ucis[0], b.ucis[0])
	})
	n := min(max(e.multipv, 1), len(lines))
	for i, l := range lines[:n] {
		score := "cp " + strconv.Itoa(l.score)
		switch {
		case l.score >= mateScore:
			score = "mate " + strconv.Itoa((len(l.ucis)+1)/2)
		case l.score <= -mateScore:
			score = "mate -" + strconv.Itoa(len(l.ucis)/2)
		}
		if e.has("garbage") {
			e.println("info depth two score cp 5 pv e2e4")
			e.println("info depth 2 score cp")
			e.println("info depth 2 score mate x pv e2e4")
			e.println("info depth 2 score banana 3 pv e2e4")
			e.println("info string garbage follows")
			e.println("info multipv 0 depth 2 score cp 3 pv e2e4")
			e.println("nonsense from the engine")
		}
		e.println(fmt.Sprintf("info depth 2 seldepth 2 multipv %d score %s nodes %d pv %s", i+1, score, 100*len(lines), strings.Join(l.ucis, " ")))
		if e.has("bound") {
			e.println(fmt.Sprintf("info depth 3 multipv %d score cp %d lowerbound nodes %d pv %s", i+1, l.score+500, 200*len(lines), l.ucis[0]))
		}
	}
	e.println("bestmove " + lines[0].ucis[0])
}
