package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// pgnlsCommand returns a command running pgnls (the test binary, which
// TestMain puts in the PATH as pgnls) with args in dir, its temporary
// files in tmp.
func pgnlsCommand(t *testing.T, dir, tmp string, args ...string) *exec.Cmd {
	t.Helper()
	path, err := exec.LookPath("pgnls")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	return cmd
}

// manyGames returns n short games, each twice: every other game repeats
// the one before it, a duplicate to find.
func manyGames(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "[White \"W%d\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n", i/2)
	}
	return b.Bytes()
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// spillingGames is half the games that make check --memory 32MiB write
// its fingerprints to disk: a quarter of 32 MiB is theirs, half of that
// held in an index before the spill (at 360 bytes a game, 11,650 games),
// then as many bytes of records to sort before the first run is written
// (at 176 bytes a game, 23,831 games).
const spillingGames = 18000

// TestTempFilesRemoved: the fingerprints that outgrow --memory spill to
// a directory in $TMPDIR, which is gone when check or select ends, and
// when a signal interrupts it (SIGINT and SIGTERM), with the exit status
// of a process the signal killed; the duplicates found at the end are
// printed then (select: in order, as a run that holds them all writes
// them).
func TestTempFilesRemoved(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	input := manyGames(2 * spillingGames)
	t.Run("check", func(t *testing.T) {
		tmp := t.TempDir()
		cmd := pgnlsCommand(t, t.TempDir(), tmp, "check", "--duplicates", "--memory", "32MiB", "-")
		cmd.Stdin = bytes.NewReader(input)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Fatalf("%v\n%s", err, stderr.String())
		}
		if n := strings.Count(stdout.String(), "duplicate-game"); n != spillingGames {
			t.Errorf("%d duplicates printed, want %d", n, spillingGames)
		}
		if !strings.Contains(stderr.String(), fmt.Sprintf("%d duplicate games and 0 near-duplicates among %d games", spillingGames, 2*spillingGames)) ||
			!strings.Contains(stderr.String(), "printed at the end") {
			t.Errorf("stderr: %s", stderr.String())
		}
		if e := entries(t, tmp); len(e) > 0 {
			t.Errorf("left in $TMPDIR: %q", e)
		}
	})
	t.Run("select", func(t *testing.T) {
		tmp := t.TempDir()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "games.pgn"), input, 0o644); err != nil {
			t.Fatal(err)
		}
		selectOut := func(args ...string) (string, string) {
			cmd := pgnlsCommand(t, dir, tmp, append([]string{"select"}, args...)...)
			cmd.Stdin = bytes.NewReader(input)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("select %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
			}
			return stdout.String(), stderr.String()
		}
		whole, _ := selectOut("--duplicates", "--memory", "1GiB", "-")
		if n := strings.Count(whole, "[White "); n != spillingGames {
			t.Fatalf("%d duplicates selected, want %d", n, spillingGames)
		}
		for _, in := range []string{"-", "games.pgn"} { // kept on disk; read again
			got, stderr := selectOut("--duplicates", "--memory", "32MiB", in)
			if got != whole || !strings.Contains(stderr, "written at the end") {
				t.Errorf("select %s in 32MiB: %d games, %d bytes; %d games, %d bytes in 1GiB\n%s", in, strings.Count(got, "[White "), len(got), spillingGames, len(whole), stderr)
			}
		}
		if e := entries(t, tmp); len(e) > 0 {
			t.Errorf("left in $TMPDIR: %q", e)
		}
	})
	for _, verb := range []string{"check", "select"} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(verb+" "+sig.String(), func(t *testing.T) {
				tmp := t.TempDir()
				cmd := pgnlsCommand(t, t.TempDir(), tmp, verb, "--duplicates", "--memory", "32MiB", "-")
				in, err := cmd.StdinPipe()
				if err != nil {
					t.Fatal(err)
				}
				var stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = io.Discard, &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				// Feed enough games to spill, then hold the pipe open: the
				// verb waits for more, its files on disk.
				go in.Write(input)
				deadline := time.Now().Add(60 * time.Second)
				for spilled := false; !spilled; {
					if time.Now().After(deadline) {
						t.Fatalf("nothing spilled to $TMPDIR\n%s", stderr.String())
					}
					time.Sleep(20 * time.Millisecond)
					for _, d := range entries(t, tmp) {
						if len(entries(t, filepath.Join(tmp, d))) > 0 {
							spilled = true
						}
					}
				}
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				err = cmd.Wait()
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 128+int(sig) {
					t.Errorf("after %v: %v, want exit status %d\n%s", sig, err, 128+int(sig), stderr.String())
				}
				if e := entries(t, tmp); len(e) > 0 {
					t.Errorf("left in $TMPDIR after %v: %q", sig, e)
				}
			})
		}
	}
}

// TestShards: the corpus checked by 4 processes at once, each on its
// share of the files (as docs/SCALE.md says to), gives the diagnostics a
// single run gives, and the files of fingerprints they write, joined,
// give the repeated games that check --duplicates gives over all the
// files, within shards and across them, with the same messages and
// summary.
func TestShards(t *testing.T) {
	corpus := "../../../shared/testdata/pgn"
	var files []string
	for _, dir := range []string{"big", "quirky", "annotated"} {
		matches, err := filepath.Glob(filepath.Join(corpus, dir, "*.pgn"))
		if err != nil || len(matches) == 0 {
			t.Fatalf("no corpus in %s/%s: %v", corpus, dir, err)
		}
		for _, m := range matches {
			// The largest files take seconds and show nothing more.
			if fi, err := os.Stat(m); err == nil && fi.Size() < 1<<20 {
				files = append(files, m)
			}
		}
	}
	// Work on copies: a file repeated in another shard, and a
	// compressed one that cannot be read again.
	work := t.TempDir()
	var names []string
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%02d-%s", i, filepath.Base(f))
		if strings.Contains(name, "Morphy") {
			gz, err := compressBytes("gzip", data)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, name+".gz"), gz, 0o644); err != nil {
				t.Fatal(err)
			}
			names = append(names, name+".gz")
			name = "99-copy-" + filepath.Base(f)
		}
		if strings.Contains(name, "Lasker") {
			if err := os.WriteFile(filepath.Join(work, "98-copy-"+filepath.Base(f)), data, 0o644); err != nil {
				t.Fatal(err)
			}
			names = append(names, "98-copy-"+filepath.Base(f))
		}
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	tmp := t.TempDir()
	run := func(args ...string) (stdout, stderr string) {
		cmd := pgnlsCommand(t, work, tmp, args...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Fatalf("pgnls %s: %v\n%s", strings.Join(args, " "), err, e.String())
			}
		}
		return o.String(), e.String()
	}
	// Four shards of consecutive files, run at once.
	const shards = 4
	var diags, dups, stderrs [shards]string
	var wg sync.WaitGroup
	for k := range shards {
		part := names[k*len(names)/shards : (k+1)*len(names)/shards]
		wg.Go(func() {
			diags[k], stderrs[k] = run(append([]string{"check", "--format", "json"}, part...)...)
			dups[k], _ = run(append([]string{"check", "--duplicates", "--format", "json", "--fingerprints", fmt.Sprintf("shard%d.fp", k)}, part...)...)
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	single, singleErr := run(append([]string{"check", "--format", "json"}, names...)...)
	if got := strings.Join(diags[:], ""); got != single {
		t.Errorf("the shards' diagnostics differ from a single run's: %d bytes, %d", len(got), len(single))
	}
	if got := strings.Join(stderrs[:], ""); got != singleErr {
		t.Errorf("the shards' errors differ from a single run's:\n%s\n%s", got, singleErr)
	}
	want, wantSum := run(append([]string{"check", "--duplicates", "--format", "json"}, names...)...)
	got, gotSum := run("check", "--duplicates-from", "--format", "json", "shard0.fp", "shard1.fp", "shard2.fp", "shard3.fp")
	if got != want {
		t.Errorf("joined shards:\n%s\nsingle run:\n%s", got, want)
	}
	if gotSum != wantSum {
		t.Errorf("summaries: joined %q, single %q", gotSum, wantSum)
	}
	if !strings.Contains(want, "99-copy-") || !strings.Contains(want, "98-copy-") || strings.Count(want, "\n") < 100 {
		t.Errorf("too few repeated games across shards to tell: %d", strings.Count(want, "\n"))
	}
	if e := entries(t, tmp); len(e) > 0 {
		t.Errorf("left in $TMPDIR: %q", e)
	}
}

// TestSelectPeakMemory: select --duplicates on a stream of many games
// whose fingerprints outgrow the default budget (128 MiB, given as
// --memory) stays under it: peak RSS
// (the process's own high-water mark, code and all) under 128 MiB, on standard input, where
// every game selected after the spill waits on disk. (Smaller budgets
// hold too, alone: 55 MiB at --memory 64MiB; but the runtime's memory
// limit is soft, and on a machine so busy that the collector cannot
// keep up the heap goes past it.) bench/stream measures it on a 2 GB
// stream (docs/BENCHMARKS.md).
func TestSelectPeakMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Maxrss in KiB")
	}
	const games, budget = 150_000, defaultMemory
	input := manyGames(games)
	tmp := t.TempDir()
	stdout, stderr, peak := runPeak(t, buildPgnls(t), input, "TMPDIR="+tmp, "select", "--duplicates", "--count", "--memory", fmt.Sprint(budget), "-")
	if got := strings.TrimSpace(stdout); got != fmt.Sprint(games/2) {
		t.Errorf("%s duplicates, want %d", got, games/2)
	}
	if !strings.Contains(stderr, "written at the end") {
		t.Errorf("the fingerprints did not spill: %s", stderr)
	}
	t.Logf("%d bytes of input, peak RSS %.1f MiB", len(input), float64(peak)/(1<<20))
	if peak > budget {
		t.Errorf("peak RSS %.1f MiB, over the %d MiB budget", float64(peak)/(1<<20), budget>>20)
	}
	if e := entries(t, tmp); len(e) > 0 {
		t.Errorf("left in $TMPDIR: %q", e)
	}
}

// TestFixPeakMemory: fix on many small games that each get fixes (the
// roster tags they lack) stays under its budget: the games in flight
// between the workers and the writer, thousands of them, must not hold
// their fixed trees (they took 117 MiB at --memory 64MiB).
func TestFixPeakMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("VmHWM from /proc")
	}
	const games, budget = 20_000, 64 << 20
	var input bytes.Buffer
	for i := range games {
		fmt.Fprintf(&input, "[White \"Player%d, Given\"]\n[Black \"Other%d, Name\"]\n\n1. e4 *\n\n", i, i)
	}
	stdout, stderr, peak := runPeak(t, buildPgnls(t), input.Bytes(), "", "fix", "--memory", fmt.Sprint(budget))
	if want := fmt.Sprintf("fixed %d missing-roster-tag", games); !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if n := strings.Count(stdout, "[Event \"?\"]"); n != games {
		t.Errorf("%d games with an Event tag written, want %d", n, games)
	}
	t.Logf("%d bytes of input, peak RSS %.1f MiB", input.Len(), float64(peak)/(1<<20))
	if peak > budget {
		t.Errorf("peak RSS %.1f MiB, over the %d MiB budget", float64(peak)/(1<<20), budget>>20)
	}
}

// buildPgnls builds pgnls into a temporary directory and returns its
// path: it runs as a program built apart, without the race detector
// that may instrument the test, and its memory.
func buildPgnls(t *testing.T) string {
	t.Helper()
	pgnls := filepath.Join(t.TempDir(), "pgnls")
	if out, err := exec.Command(goCommand(t), "build", "-o", pgnls, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return pgnls
}

// runPeak runs the program pgnls with args, input on its standard input
// and env (when not "") added to its environment, and returns what it
// wrote and its peak resident memory. It fails the test when the
// program fails.
//
// The peak is read from the kernel's high-water mark of the process's
// own memory (VmHWM), polled while it runs: the rusage of a child
// (Maxrss) also counts the memory of this test's process, which the
// child shared until its exec (under -race, hundreds of MiB), so it
// cannot tell pgnls's peak.
func runPeak(t *testing.T, pgnls string, input []byte, env string, args ...string) (stdout, stderr string, peak int64) {
	t.Helper()
	cmd := exec.Command(pgnls, args...)
	if env != "" {
		cmd.Env = append(os.Environ(), env)
	}
	cmd.Stdin = bytes.NewReader(input)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
		for {
			if hwm, ok := highWater(status); ok {
				peak = max(peak, hwm)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	<-polled
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	return out.String(), errOut.String(), peak
}

// highWater returns VmHWM, the highest resident memory so far, of the
// process whose /proc status file is status, in bytes; false once the
// process is gone.
func highWater(status string) (int64, bool) {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}
