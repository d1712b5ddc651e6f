package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

const checkUsage = `Usage: pgnls check [flags] PATH...

Check PGN and CTL-PGN files and print their diagnostics, one per line:

	file:line:col: severity code: message

Lines and columns are 1-based; columns count characters (an invalid
UTF-8 byte is read as Windows-1252 and counts as one). A directory is
searched recursively for *.pgn and *.ctl-pgn files, in lexical order,
skipping names that start with "."; "-" reads standard input.

Exit status: 0 if no diagnostic has severity error, 1 if some has,
2 on a usage or I/O error (the other paths are still checked).

Flags:
  --json             print one JSON object per diagnostic per line with keys
                     file, line, column, endLine, endColumn (end exclusive),
                     severity, code, message
  --dialect D        auto (default: by extension or [Variant "C'escacs"]),
                     pgn or ctl-pgn
  --severity S       minimum severity to print: error, warning, info
                     (default) or hint
  --profile P        default (errors break readers or the rules, warnings
                     are what the standard asks and readers survive) or
                     export (also the export-format layout that pgnls fmt
                     fixes: line width, tag order, glyphs; as warnings)
  --duplicates       find the games that repeat earlier games across all the
                     files given (the same main line, or one beginning the
                     other's: a truncated copy) and print only those, then
                     a summary on standard error; exit status 1 if any
  --reader R         how CTL-PGN records are read: full (default: the
                     rules of C'escacs and the whole format) or minimal
                     (the minimal reader of the specification, §8.9: the
                     Variant tag, PDTL and Redefine readable, and the
                     moves of the main line algebraically coherent, each
                     played as written; rules, check marks, comments,
                     variations and layout are not checked). PGN games
                     are checked alike under both.
`

// checker holds the settings of one check run and writes its results.
type checker struct {
	ctx     context.Context
	dialect syntax.Dialect
	auto    bool // detect the dialect per file
	min     analysis.Severity
	cfg     *analysis.Config
	json    *json.Encoder // nil for human output
	stdout  *bufio.Writer
	stderr  io.Writer
	errors  bool // some error-severity diagnostic was found
	failed  bool // some path could not be read
	// repeats finds the repeated games across the files (--duplicates);
	// nil: within each file, with the other diagnostics.
	repeats *checks.Repeats
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	jsonOut := fl.Bool("json", false, "")
	dialect := fl.String("dialect", "auto", "")
	severity := fl.String("severity", "info", "")
	profile := fl.String("profile", "default", "")
	reader := fl.String("reader", "full", "")
	duplicates := fl.Bool("duplicates", false, "")
	paths, code := parseFlags(fl, checkUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	c := &checker{ctx: context.Background(), cfg: analysis.DefaultConfig(), stdout: bufio.NewWriter(stdout), stderr: stderr}
	var ok bool
	if c.dialect, c.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	if c.min, ok = syntax.ParseSeverity(*severity); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown severity %q (want error, warning, info or hint)\n", *severity)
		return exitUsage
	}
	c.cfg.MinSeverity = c.min
	if c.cfg.Profile, ok = analysis.ParseProfile(*profile); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown profile %q (want default or export)\n", *profile)
		return exitUsage
	}
	if c.cfg.CTLReader, ok = analysis.ParseCTLReader(*reader); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown reader %q (want full or minimal)\n", *reader)
		return exitUsage
	}
	if len(paths) == 0 {
		fmt.Fprint(stderr, "pgnls check: no paths given (use - for standard input)\n\n"+checkUsage)
		return exitUsage
	}
	if *jsonOut {
		c.json = json.NewEncoder(c.stdout)
		c.json.SetEscapeHTML(false)
	}
	if *duplicates {
		c.repeats = checks.NewRepeats()
	}
	for _, p := range paths {
		if p == "-" {
			c.checkReader("<stdin>", stdin, nil)
			continue
		}
		c.checkPath(p)
	}
	if err := c.stdout.Flush(); err != nil {
		c.ioError(err)
	}
	if c.repeats != nil {
		return c.summary()
	}
	switch {
	case c.failed:
		return exitUsage
	case c.errors:
		return exitProblems
	}
	return exitOK
}

// parseDialectFlag reads a --dialect value; auto reports whether the
// dialect is to be detected per file.
func parseDialectFlag(s string) (d syntax.Dialect, auto, ok bool) {
	if strings.EqualFold(s, "auto") {
		return syntax.PGN, true, true
	}
	d, ok = syntax.ParseDialect(s)
	return d, false, ok
}

// checkPath checks a file, or every game file under a directory.
func (c *checker) checkPath(root string) {
	gameFiles(root, func(path string, _ fs.FileInfo) { c.checkFile(path) }, c.ioError)
}

func (c *checker) checkFile(path string) {
	f, err := os.Open(path)
	if err != nil {
		c.ioError(err)
		return
	}
	defer f.Close()
	c.checkReader(path, f, reread(path))
}

// checkReader reads, parses and analyses one file game by game and prints
// the diagnostics of each game as soon as it is done, so memory holds the
// games being checked and only a fingerprint of those before them. again
// (nil: none) reads the file again, to confirm near-duplicates (see
// checks.Repeats.Stream).
func (c *checker) checkReader(name string, r io.Reader, again func(off int64, n int) (string, bool)) {
	gr := syntax.NewGameReader(bufio.NewReaderSize(r, 1<<16), name, c.dialect, c.auto)
	var printErr error
	c.checkStream(gr, again, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		for _, diag := range ds {
			if diag.Severity == analysis.Error {
				c.errors = true
			}
			if diag.Severity > c.min || printErr != nil {
				continue
			}
			printErr = c.print(name, g, diag)
		}
	})
	if err := gr.Err(); err != nil {
		c.ioError(err)
	}
	if printErr != nil {
		c.ioError(printErr)
	}
}

// jsonDiagnostic is the --json form of a diagnostic; the field order is
// the key order of the output.
type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

func (c *checker) print(name string, g syntax.StreamGame, d analysis.Diagnostic) error {
	line, col := charPos(g, d.Span.Start)
	if c.json == nil {
		msg, _, _ := strings.Cut(d.Message, "\n")
		_, err := fmt.Fprintf(c.stdout, "%s:%d:%d: %s %s: %s\n", name, line, col, d.Severity, d.Code, msg)
		return err
	}
	endLine, endCol := charPos(g, max(d.Span.End, d.Span.Start))
	return c.json.Encode(jsonDiagnostic{
		File: name, Line: line, Column: col, EndLine: endLine, EndColumn: endCol,
		Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message,
	})
}

// ioError reports a path that could not be read or an output failure;
// checking goes on with the other paths.
func (c *checker) ioError(err error) {
	c.stdout.Flush() // keep the order of stdout and stderr; errors surface at the final flush
	fmt.Fprintf(c.stderr, "pgnls check: %v\n", err)
	c.failed = true
}
