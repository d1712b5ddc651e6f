package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pgnls/pgnls/analysis/uci/ucitest"
)

var update = flag.Bool("update", false, "rewrite the expected output sections of testdata/cmd/*.txtar and the generated section of README.md")

// TestMain lets the scripts run pgnls as a program: the test binary
// re-executes itself as pgnls, and as ucitest, the fake UCI engine of
// the annotate scripts (and, with UCITEST_ENGINE=1, as the engine a
// test starts by the test binary's path).
func TestMain(m *testing.M) {
	if os.Getenv(ucitest.EnvVar) == "1" {
		ucitest.Main()
	}
	testscript.Main(m, map[string]func(){"pgnls": main, "ucitest": ucitest.Main})
}

// TestScripts runs the CLI scripts in testdata/cmd. Besides the standard
// commands they have exits, mklatin1, compress, crlf, concat and
// lspsession, and
// $EXAMPLES names the bundled example directory.
func TestScripts(t *testing.T) {
	examples, err := filepath.Abs("../../testdata/examples")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/cmd",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":      exits,
			"mklatin1":   mklatin1,
			"compress":   compressCmd,
			"crlf":       crlfCmd,
			"concat":     concat,
			"lspsession": lspsession,
			"waitfile":   waitfile,
		},
	})
}

// waitfile PATH waits, for at most ten seconds, until the file PATH
// exists: a script knows that a program it runs in the background got
// there.
func waitfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile PATH")
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(ts.MkAbs(args[0])); err == nil {
			return
		}
	}
	ts.Fatalf("%s did not appear", args[0])
}

// exits N PROG [ARGS...] runs PROG like exec and checks that its exit
// code is N (exec only tells zero from non-zero).
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit code %d, want %d", got, want)
	}
}

// mklatin1 SRC DST writes the UTF-8 text file SRC to DST in Latin-1, one
// byte per character, so that scripts can hold files that are not UTF-8.
func mklatin1(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mklatin1 SRC DST")
	}
	var out []byte
	for _, r := range ts.ReadFile(args[0]) {
		if r > 0xFF {
			ts.Fatalf("mklatin1: %q is not in Latin-1", r)
		}
		out = append(out, byte(r))
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), out, 0o644))
}

// concat DST SRC... writes the bytes of the files SRC, one after
// another, to DST, so that scripts can join a UTF-8 part and a Latin-1
// part (made by mklatin1) into one file.
func concat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: concat DST SRC...")
	}
	var out []byte
	for _, src := range args[1:] {
		data, err := os.ReadFile(ts.MkAbs(src))
		ts.Check(err)
		out = append(out, data...)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), out, 0o644))
}

// lspsession N SESSION PROG [ARGS...] runs PROG as a language server and
// plays the client: it sends each non-blank line of SESSION, a JSON-RPC
// message, with Content-Length framing, and after a request waits for its
// response before it sends the next line, as editors do. Then it closes
// the server's stdin, reads the rest of its output, and checks that it
// exits with code N. The script's stdout gets the body of every message
// the server sent, one per line; its stderr gets the server's stderr.
func lspsession(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: lspsession N SESSION PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, scriptLookPath(ts, args[2]), args[3:]...)
	cmd.Dir = ts.MkAbs(".")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	ts.Check(err)
	out, err := cmd.StdoutPipe()
	ts.Check(err)
	ts.Check(cmd.Start())
	r := bufio.NewReader(out)
	var got strings.Builder
	for line := range strings.Lines(ts.ReadFile(args[1])) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		fmt.Fprintf(in, "Content-Length: %d\r\n\r\n%s", len(line), line)
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		ts.Check(json.Unmarshal([]byte(line), &msg))
		for msg.ID != nil && msg.Method != "" {
			body, err := readFrame(r)
			if err != nil {
				ts.Fatalf("no response to %s: %v\n%s", msg.Method, err, stderr.String())
			}
			got.WriteString(body + "\n")
			var resp struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			ts.Check(json.Unmarshal([]byte(body), &resp))
			if resp.Method == "" && string(resp.ID) == string(msg.ID) {
				break
			}
		}
	}
	in.Close()
	for {
		body, err := readFrame(r)
		if err == io.EOF {
			break
		}
		ts.Check(err)
		got.WriteString(body + "\n")
	}
	code := 0
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%v", err)
		}
		code = exit.ExitCode()
	}
	fmt.Fprint(ts.Stdout(), got.String())
	fmt.Fprint(ts.Stderr(), stderr.String())
	if code != want {
		ts.Fatalf("exit code %d, want %d\n%s", code, want, stderr.String())
	}
}

// readFrame reads one Content-Length framed message and returns its body.
// It returns io.EOF at the end of the stream between messages.
func readFrame(r *bufio.Reader) (string, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" && length < 0 {
			return "", io.EOF
		}
		if err != nil {
			return "", fmt.Errorf("reading header: %v", err)
		}
		if !strings.HasSuffix(line, "\r\n") {
			return "", fmt.Errorf("header line %q does not end in CRLF", line)
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if length, err = strconv.Atoi(v); err != nil {
				return "", fmt.Errorf("bad header %q", line)
			}
		}
	}
	if length < 0 {
		return "", errors.New("message without Content-Length")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return "", fmt.Errorf("reading body: %v", err)
	}
	return string(body), nil
}

// scriptLookPath finds a program in the script's PATH, which holds the
// commands registered with testscript.Main.
func scriptLookPath(ts *testscript.TestScript, name string) string {
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	ts.Fatalf("%s not found in PATH", name)
	return ""
}
