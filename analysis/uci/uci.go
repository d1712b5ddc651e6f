// Package uci is a client of chess engines that speak the Universal
// Chess Interface: it starts an engine process, does the uci/isready
// handshake, sets options, sends positions and searches, reads the
// engine's info lines (scores in centipawns or mates, bounds, multipv
// lines, principal variations) and its best move, and quits.
//
// It owns the protocol and the process, nothing else: it knows no chess
// (moves are the engine's coordinate strings, positions FEN text) and
// imports only the standard library. Package annotate drives it.
//
// Every exchange is bounded: a reply the engine owes (uciok, readyok,
// bestmove) must come within Config.Timeout, a search must print a line
// at least every Timeout (beyond its movetime), and the context of each
// call cancels it. An engine that times out is killed and unusable; one
// whose process ends is reported with its exit status and the last line
// it wrote on standard error. An Engine is used by one goroutine at a
// time.
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultTimeout is the Timeout of a zero Config.
const DefaultTimeout = 30 * time.Second

// Config tells how to start an engine.
type Config struct {
	Args []string // arguments of the program
	Env  []string // its environment; nil: the current process's
	// Timeout bounds each exchange (see the package comment); 0 means
	// DefaultTimeout.
	Timeout time.Duration
}

// Option is an option the engine declared in its reply to "uci".
type Option struct {
	Name    string
	Type    string   // check, spin, combo, button or string
	Default string   // as declared; "" when none
	Min     int      // of a spin
	Max     int      // of a spin
	Vars    []string // the values of a combo
}

// Engine is a running engine.
type Engine struct {
	// Name is the engine's "id name", or the program's path.
	Name string
	// Options are the options the engine declared, by name.
	Options map[string]Option

	path    string
	timeout time.Duration
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // the lines of its standard output
	exited  chan struct{} // closed when the process has ended
	exitErr error         // why, once exited is closed
	stderr  tail
	broken  error // set once the engine is unusable
}

// Error is an error of the engine: it ended, it timed out, or it broke
// the protocol.
type Error struct {
	Engine string // the program
	Op     string // the exchange: "uci", "isready", "go", ...
	Err    error
}

func (e *Error) Error() string { return e.Engine + ": " + e.Op + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// ErrTimeout is the cause of an exchange that did not end in time.
var ErrTimeout = errors.New("the engine did not answer in time")

// ErrExited is the cause of an exchange cut short by the end of the
// engine's process.
var ErrExited = errors.New("the engine exited")

// Start starts the engine program at path and does the handshake: "uci"
// up to "uciok" (reading its name and options), then "isready" up to
// "readyok". ctx bounds the start only: the process lives until Quit or
// Close.
func Start(ctx context.Context, path string, cfg Config) (*Engine, error) {
	e := &Engine{Name: path, path: path, timeout: cfg.Timeout, Options: map[string]Option{},
		lines: make(chan string, 64), exited: make(chan struct{})}
	if e.timeout <= 0 {
		e.timeout = DefaultTimeout
	}
	e.cmd = exec.Command(path, cfg.Args...)
	e.cmd.Env = cfg.Env
	e.cmd.Stderr = &e.stderr
	detach(e.cmd)
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := e.cmd.Start(); err != nil {
		return nil, &Error{Engine: path, Op: "start", Err: err}
	}
	go e.read(stdout)
	if err := e.handshake(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// read hands the lines of the engine's output to e.lines, and records
// the end of the process.
func (e *Engine) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		e.lines <- strings.TrimRight(sc.Text(), "\r")
	}
	e.exitErr = e.cmd.Wait()
	close(e.exited)
}

func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return e.fail("uci", err)
	}
	for {
		line, err := e.next(ctx, "uci", e.timeout)
		if err != nil {
			return err
		}
		switch word, rest := cut(line); word {
		case "uciok":
			return e.IsReady(ctx)
		case "id":
			if k, v := cut(rest); k == "name" && v != "" {
				e.Name = v
			}
		case "option":
			if o, ok := parseOption(rest); ok {
				e.Options[o.Name] = o
			}
		}
	}
}

// IsReady sends "isready" and waits for "readyok".
func (e *Engine) IsReady(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return e.fail("isready", err)
	}
	for {
		line, err := e.next(ctx, "isready", e.timeout)
		if err != nil {
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// SetOption sets an option the engine declared ("setoption name N value
// V", without value for a button), then waits until the engine is ready.
// An option the engine did not declare is an error, sent nothing.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	o, ok := e.Options[name]
	if !ok {
		return &Error{Engine: e.Name, Op: "setoption", Err: fmt.Errorf("no option %q", name)}
	}
	cmd := "setoption name " + name
	if o.Type != "button" {
		cmd += " value " + value
	}
	if err := e.send(cmd); err != nil {
		return e.fail("setoption", err)
	}
	return e.IsReady(ctx)
}

// NewGame sends "ucinewgame" (the next positions are of another game:
// engines clear their hash) and waits until the engine is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.send("ucinewgame"); err != nil {
		return e.fail("ucinewgame", err)
	}
	return e.IsReady(ctx)
}

// Position sends the position the next search is of: the one of FEN
// fen ("" for the start position) after moves, in the engine's
// coordinate notation.
func (e *Engine) Position(fen string, moves []string) error {
	var b strings.Builder
	b.WriteString("position ")
	if fen == "" {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	if err := e.send(b.String()); err != nil {
		return e.fail("position", err)
	}
	return nil
}

// Limits bound a search; the zero value searches until the context is
// done.
type Limits struct {
	Depth    int           // plies; 0: no limit
	Nodes    int64         // 0: no limit
	MoveTime time.Duration // 0: no limit
}

func (l Limits) command() string {
	cmd := "go"
	if l.Depth > 0 {
		cmd += " depth " + strconv.Itoa(l.Depth)
	}
	if l.Nodes > 0 {
		cmd += " nodes " + strconv.FormatInt(l.Nodes, 10)
	}
	if l.MoveTime > 0 {
		cmd += " movetime " + strconv.FormatInt(max(l.MoveTime.Milliseconds(), 1), 10)
	}
	if cmd == "go" {
		cmd += " infinite"
	}
	return cmd
}

// Result is the outcome of a search.
type Result struct {
	// BestMove is the move the engine chose; "" when it has none (it
	// answered "bestmove (none)": the game is over in the position).
	BestMove string
	Ponder   string // the reply it expects; "" when none
	// Lines are the engine's lines by multipv rank (Lines[0] is the
	// best): for each, its last info line with an exact score, or,
	// when it gave none, its last one with a bound.
	Lines []Info
}

// Go searches the position sent last within limits, and returns when
// the engine names its best move. When ctx is done first it sends
// "stop" and waits for the best move (within the timeout), returning
// what was found and ctx's error.
func (e *Engine) Go(ctx context.Context, limits Limits) (Result, error) {
	var res Result
	if err := e.send(limits.command()); err != nil {
		return res, e.fail("go", err)
	}
	wait := e.timeout + limits.MoveTime
	stopped := false
	var cause error
	for {
		line, err := e.next(ctx, "go", wait)
		if err != nil && !stopped && ctx.Err() != nil && !errors.Is(err, ErrExited) && e.broken == nil {
			// Cancelled: the search stops, the engine owes its move.
			stopped, cause, wait = true, ctx.Err(), e.timeout
			if err := e.send("stop"); err != nil {
				return res, e.fail("stop", err)
			}
			ctx = context.WithoutCancel(ctx)
			continue
		}
		if err != nil {
			return res, err
		}
		switch word, rest := cut(line); word {
		case "info":
			info, err := ParseInfo(line)
			if err != nil || !info.HasScore {
				continue // not a line of the search, or one it garbled
			}
			res.add(info)
		case "bestmove":
			move, rest := cut(rest)
			if move != "(none)" && move != "0000" {
				res.BestMove = move
			}
			if k, v := cut(rest); k == "ponder" {
				res.Ponder, _ = cut(v)
			}
			return res, cause
		}
	}
}

// add keeps info as the line of its rank: an exact score replaces any
// line, a bound only a line with a bound. A rank the engine skipped
// stays an Info without a score.
func (r *Result) add(info Info) {
	i := info.MultiPV - 1
	for len(r.Lines) <= i {
		r.Lines = append(r.Lines, Info{})
	}
	if old := r.Lines[i]; !info.Score.Bound() || !old.HasScore || old.Score.Bound() {
		r.Lines[i] = info
	}
}

// Quit sends "quit" and waits for the process to end, killing it if it
// has not within the timeout.
func (e *Engine) Quit() error {
	if e.broken == nil {
		e.send("quit")
		e.stdin.Close()
	}
	t := time.NewTimer(e.timeout)
	defer t.Stop()
	for {
		select {
		case <-e.exited:
			return nil
		case <-e.lines: // what it still says is of no use
		case <-t.C:
			e.Close()
			return &Error{Engine: e.Name, Op: "quit", Err: ErrTimeout}
		}
	}
}

// Close kills the engine's process, if it runs, and waits for its end.
func (e *Engine) Close() {
	e.stdin.Close()
	select {
	case <-e.exited:
		return
	default:
	}
	e.cmd.Process.Kill()
	for {
		select {
		case <-e.exited:
			return
		case <-e.lines: // unblock the reader
		}
	}
}

// send writes one command line.
func (e *Engine) send(cmd string) error {
	if e.broken != nil {
		return e.broken
	}
	_, err := io.WriteString(e.stdin, cmd+"\n")
	if err != nil {
		select {
		case <-e.exited:
			return e.exitError()
		case <-time.After(e.timeout):
		}
	}
	return err
}

// next returns the next line of the engine's output within wait, or
// the error that ends the exchange op: the process ended, the time ran
// out (the engine is then killed), or ctx is done.
func (e *Engine) next(ctx context.Context, op string, wait time.Duration) (string, error) {
	if e.broken != nil {
		return "", e.broken
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case line := <-e.lines:
		return line, nil
	default:
	}
	select {
	case line := <-e.lines:
		return line, nil
	case <-e.exited:
		// Lines read before the end come first.
		select {
		case line := <-e.lines:
			return line, nil
		default:
		}
		return "", e.fail(op, e.exitError())
	case <-t.C:
		e.Close()
		return "", e.fail(op, fmt.Errorf("%w (%s)", ErrTimeout, wait))
	case <-ctx.Done():
		return "", &Error{Engine: e.Name, Op: op, Err: ctx.Err()}
	}
}

// exitError tells how the process ended, with the last line of its
// standard error.
func (e *Engine) exitError() error {
	<-e.exited
	msg := "exit status 0"
	if e.exitErr != nil {
		msg = e.exitErr.Error()
	}
	if last := e.stderr.last(); last != "" {
		msg += ": " + last
	}
	return fmt.Errorf("%w (%s)", ErrExited, msg)
}

// fail makes err the error of op and the engine unusable.
func (e *Engine) fail(op string, err error) error {
	var ue *Error
	if !errors.As(err, &ue) {
		err = &Error{Engine: e.Name, Op: op, Err: err}
	}
	if e.broken == nil {
		e.broken = err
	}
	return err
}

// tail keeps the end of what is written to it: the engine's standard
// error.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailMax = 4096

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = t.buf[len(t.buf)-tailMax:]
	}
	return len(p), nil
}

// last returns the last non-blank line written.
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.buf))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// cut splits s at its first blank into a word and the rest, both
// trimmed.
func cut(s string) (word, rest string) {
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}
