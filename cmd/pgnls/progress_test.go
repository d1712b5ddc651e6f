package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTerminal is a terminal for the progress line: a buffer that says
// it is one.
type fakeTerminal struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *fakeTerminal) IsTerminal() bool { return true }

func (t *fakeTerminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.Write(p)
}

func (t *fakeTerminal) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

// TestProgressLine: the line says the file, the bytes read of its size,
// the games, games per second and the time left; without a size, no
// share nor time left.
func TestProgressLine(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := &progress{verb: "check", start: t0, from: t0, name: "games.pgn.zst", size: 2_000_000_000}
	p.read.Store(500_000_000)
	p.games.Store(1_234_567)
	if got, want := p.line(t0.Add(100*time.Second)), "pgnls check: games.pgn.zst 500.0 MB of 2.00 GB (25%), 1,234,567 games, 12,345 games/s, 5:00 left"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p.size, p.name = 0, "<stdin>"
	p.read.Store(999)
	if got, want := p.line(t0.Add(2*time.Hour)), "pgnls check: <stdin> 999 B, 1,234,567 games, 171 games/s"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p.name = strings.Repeat("d/", 30) + "long.pgn"
	if got := p.line(t0.Add(time.Second)); !strings.HasPrefix(got, "pgnls check: .../d/d/d/d/d/d/d/d/d/long.pgn 999 B,") {
		t.Errorf("a long name is not cut to its last 27 bytes: %q", got)
	}
	for d, want := range map[time.Duration]string{0: "0:00", 1500 * time.Millisecond: "0:02", 61 * time.Second: "1:01", 3*time.Hour + 2*time.Minute + 3*time.Second: "3:02:03"} {
		if got := durationText(d); got != want {
			t.Errorf("durationText(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestProgressDraws: on a terminal the line is drawn in place (carriage
// return, line, erase to the end of the line), redrawn as the run goes
// on, and erased at the end; output to the terminal erases it first.
func TestProgressDraws(t *testing.T) {
	term := &fakeTerminal{}
	p := startProgress(term, "check", 0, time.Millisecond, time.Now)
	r := p.file("a.pgn", 100, strings.NewReader(strings.Repeat("x", 60)))
	buf := make([]byte, 60)
	if _, err := r.Read(buf); err != nil {
		t.Fatal(err)
	}
	p.game()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(term.String(), "a.pgn 60 B of 100 B (60%), 1 games") {
		if time.Now().After(deadline) {
			t.Fatalf("no line drawn: %q", term.String())
		}
		time.Sleep(time.Millisecond)
	}
	w := progressWriter{term, p}
	w.Write([]byte("a.pgn:1:1: error x: y\n"))
	p.close()
	out := term.String()
	if last := out[strings.LastIndex(out, "\n")+1:]; !strings.HasPrefix(out, "\rpgnls check: ") || last != "" && !strings.HasSuffix(last, "\r\x1b[K") {
		t.Errorf("drawn: %q", out)
	}
	if !strings.Contains(out, "\r\x1b[Ka.pgn:1:1: error x: y\n") {
		t.Errorf("the output did not erase the line first: %q", out)
	}
	n := len(term.String())
	time.Sleep(10 * time.Millisecond)
	if len(term.String()) != n {
		t.Error("drawn after close")
	}
}

// TestProgressSilent: the batch verbs draw nothing when standard error
// is not a terminal (a pipe, a file, the null device); on a terminal,
// nothing either for a run shorter than the delay; else the line, which
// leaves what they print otherwise as it is, and is erased at the end.
func TestProgressSilent(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(file, manyGames(3000), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(d, e time.Duration) { progressDelay, progressEvery = d, e }(progressDelay, progressEvery)
	progressEvery = time.Millisecond
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Error("the null device is taken for a terminal")
	}
	f, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a file is taken for a terminal")
	}

	drawn := regexp.MustCompile("\r(pgnls [a-z]+: [^\r\n]*)?\x1b\\[K")
	for _, args := range [][]string{
		{"check", "--severity", "error"},
		{"select", "--duplicates"},
		{"fmt"},
		{"fix"},
	} {
		verb := args[0]
		args = append(args, file)
		progressDelay = 0
		var stdout, stderr bytes.Buffer
		code := run(args, nil, &stdout, &stderr)
		if strings.ContainsAny(stderr.String(), "\r\x1b") {
			t.Errorf("%s, not a terminal: exit %d, stderr %q", verb, code, stderr.String())
		}

		// A fake terminal with no delay gets the line, and is clean at
		// the end.
		term := &fakeTerminal{}
		var termOut bytes.Buffer
		if got := run(args, nil, &termOut, term); got != code || termOut.String() != stdout.String() {
			t.Errorf("%s on a terminal: exit %d, want %d; %d bytes out, want %d", verb, got, code, termOut.Len(), stdout.Len())
		}
		out := term.String()
		last := strings.LastIndex(out, "\rpgnls "+verb+": ")
		if last < 0 || !strings.Contains(out[last:], "games.pgn") || !strings.Contains(out[last+1:], "\r\x1b[K") {
			t.Errorf("%s on a terminal: %q", verb, out)
		}
		if rest := drawn.ReplaceAllString(out, ""); rest != stderr.String() {
			t.Errorf("%s on a terminal printed %q besides the line, %q elsewhere", verb, rest, stderr.String())
		}
		progressDelay = time.Hour
		term = &fakeTerminal{}
		run(args, nil, &bytes.Buffer{}, term)
		if term.String() != stderr.String() {
			t.Errorf("%s: a short run drew %q", verb, term.String())
		}
	}
}
