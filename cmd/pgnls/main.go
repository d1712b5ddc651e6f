// Command pgnls is a language server and command-line checker for chess
// game files: PGN and CTL-PGN (the notation of the hexagonal variant
// C'escacs).
//
// Usage:
//
//	pgnls [serve] [--log FILE] [--dialect auto|pgn|ctl-pgn]
//	pgnls check [--format text|json|sarif|github] [--dialect D] [--severity S] PATH...
//	pgnls fmt [-l] [-d] [-w] [--width N] [--dialect D] [--ctl-style S] [--strip LIST] [--notation N] [PATH...]
//	pgnls fix [-l] [-d] [-w] [--severity S] [--profile P] [--only CODE,...] [--format] [--dialect D] [PATH...]
//	pgnls dedupe [-l] [-d] [-w] [--removed FILE] [--dialect D] PATH...
//	pgnls select [--where EXPR] [--fen FEN] [--moves PATTERN] [--material SPEC] [-v] [--count|--locations|--split N|--split-by KEY] [PATH...]
//	pgnls annotate [--engine PATH] [--depth N | --nodes N | --movetime D] [--threads N] [--hash MB] [--multipv N] [--force] [-j N] [-w] [-d] [PATH...]
//	pgnls export [--format ndjson|csv|parquet] [--moves] [-o FILE] [PATH...]
//	pgnls moves [--variant NAME] [--redefine R] POSITION
//	pgnls version
//	pgnls help
//
// The command is a thin client: check, fmt, fix, dedupe, select, annotate, export and moves call the analysis
// packages directly and serve hands the standard streams to the lsp
// package. Standard output
// carries only results (check) or the protocol stream (serve); logs and
// usage errors go to standard error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

func main() {
	batch := len(os.Args) > 1 && (os.Args[1] == "check" || os.Args[1] == "fmt" || os.Args[1] == "fix" || os.Args[1] == "dedupe" || os.Args[1] == "select" || os.Args[1] == "annotate" || os.Args[1] == "export")
	if batch && os.Getenv("GOGC") == "" {
		// The batch verbs stream, so their live heap stays small (tens
		// of MB) and the collector's marking is most of its cost:
		// collecting a quarter as often as the default saves a tenth to
		// a fifth of their time (docs/BENCHMARKS.md), and the memory
		// limit below (--memory) bounds the heap whatever GOGC.
		debug.SetGCPercent(400)
	}
	if batch && os.Args[1] == "annotate" {
		// It handles its interrupts: the first one keeps what was
		// finished.
		limitProcess = true
	} else if batch {
		// Their temporary files go when they end, and when they are
		// interrupted; their memory is the process's to limit.
		onInterrupt(runInterruptHook)
		limitProcess = true
	}
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	cleanup()
	os.Exit(code)
}

// Exit codes shared by all verbs.
const (
	exitOK       = 0 // success; for check: no error-severity diagnostic
	exitProblems = 1 // check found an error-severity diagnostic
	exitUsage    = 2 // usage or I/O error
)

const usage = `pgnls is a language server and checker for PGN and CTL-PGN files.

Usage:

	pgnls [serve] [flags]          run the language server on stdin/stdout
	pgnls check [flags] PATH...    report diagnostics for files and directories
	pgnls fmt [flags] [PATH...]    rewrite files in export format, like gofmt
	pgnls fix [flags] [PATH...]    apply the unambiguous fixes of the diagnostics
	pgnls dedupe [flags] PATH...   remove repeated games, keeping the most complete
	pgnls select [flags] [PATH...] write the games that meet criteria, as they are
	pgnls annotate [flags] [PATH...]
	                               add engine evaluations, mistakes and better lines
	pgnls export [flags] [PATH...] write games or moves as NDJSON, CSV or Parquet
	pgnls moves [flags] POSITION   list the legal moves of a FEN or PDTL
	pgnls version                  print the version
	pgnls help                     print this help

Run "pgnls VERB -h" for the flags of a verb.
`

// run executes the command line args (without the program name) and
// returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return serve(nil, stdin, stdout, stderr)
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "serve":
		return serve(rest, stdin, stdout, stderr)
	case "check":
		return check(rest, stdin, stdout, stderr)
	case "version":
		return version(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "fmt":
		return fmtVerb(rest, stdin, stdout, stderr)
	case "fix":
		return fixVerb(rest, stdin, stdout, stderr)
	case "dedupe":
		return dedupeVerb(rest, stdin, stdout, stderr)
	case "select":
		return selectVerb(rest, stdin, stdout, stderr)
	case "annotate":
		return annotateVerb(rest, stdin, stdout, stderr)
	case "export":
		return exportVerb(rest, stdin, stdout, stderr)
	case "moves":
		return moves(rest, stdout, stderr)
	}
	if strings.HasPrefix(verb, "-") {
		// Flags without a verb belong to the default verb, serve, so
		// that "pgnls --log FILE" and editors' "pgnls --stdio" work.
		return serve(args, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "pgnls: unknown command %q\n\n%s", verb, usage)
	return exitUsage
}

// parseFlags parses args with fs, allowing flags and positional arguments
// to be interleaved ("check a.pgn --json"); everything after "--" is
// positional. On -h it prints help to stdout. The second result is the
// exit code to return at once, or -1 to go on.
func parseFlags(fs *flag.FlagSet, help string, args []string, stdout, stderr io.Writer) ([]string, int) {
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, help)
			return nil, exitOK
		}
		if err != nil {
			fmt.Fprint(stderr, help)
			return nil, exitUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, -1
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// jobs is the value of -j and --jobs: how many games check, fmt and fix
// work on at once; 0 (the default) is one per core.
type jobs int

func (j *jobs) String() string { return strconv.Itoa(int(*j)) }

func (j *jobs) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("want a number of games at once, or 0 for one per core")
	}
	*j = jobs(n)
	return nil
}

// jobsFlag defines -j and --jobs N on fl.
func jobsFlag(fl *flag.FlagSet) *jobs {
	j := new(jobs)
	fl.Var(j, "j", "")
	fl.Var(j, "jobs", "")
	return j
}
