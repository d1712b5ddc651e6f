package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

const checkUsage = `Usage: pgnls check [flags] PATH...

Check PGN and CTL-PGN files and print their diagnostics, one per line:

	file:line:col: severity code: message

Lines and columns are 1-based; columns count characters (an invalid
UTF-8 byte is read as Windows-1252 and counts as one). A directory is
searched recursively for *.pgn and *.ctl-pgn files, in lexical order,
skipping names that start with "."; "-" reads standard input.

Compressed files are read as the text they hold: gzip, bzip2, xz and
zstd, by the extension .gz, .bz2, .xz or .zst (directories also match
*.pgn.gz, *.ctl-pgn.zst and so on), or by their first bytes for other
names and standard input. A corrupt archive is an I/O error. A file
reached twice (named again, through a link or by a directory) is read
once.

On a terminal, standard error shows the progress of a long check on
one line redrawn in place: the file, the bytes read (of its size when
known), the games, games per second and the time left.

Exit status: 0 if no diagnostic has severity error, 1 if some has,
2 on a usage or I/O error (the other paths are still checked), 130
or 143 when SIGINT or SIGTERM ends it (its temporary files removed).

Flags:
  --format F         output format: text (default: the lines above), json
                     (one JSON object per diagnostic per line with keys
                     file, line, column, endLine, endColumn (end exclusive),
                     severity, code, message), sarif (a SARIF 2.1.0 log, for
                     code scanning) or github (GitHub Actions workflow
                     commands: ::error file=...,line=...::message)
  --json             the same as --format json
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
                     other's between the same players: a truncated copy)
                     and print only those, then a summary on standard
                     error; exit status 1 if any
  --memory SIZE      the peak memory to stay under (default 128MiB, or
                     GOMEMLIMIT when set; units K, M, G, powers of 1024):
                     pgnls sets the Go runtime's memory limit to SIZE less
                     16MiB (for its code) and keeps a quarter of SIZE for
                     the fingerprints of repeated games, spilling the rest
                     to temporary files in $TMPDIR (removed at the end, or
                     on an interrupt). The repeated games of the games read
                     after a spill are printed at the end. The players'
                     names of player-name-variant take an eighth of SIZE,
                     and spill alike
  --names-file F     the names file of player-name-variant (a hint: shown
                     with --severity hint), lines "canonical = variant;
                     variant"; default .pgnls-names in the current
                     directory, if any. The names are counted across all
                     the files given
  --fingerprints F   also write the fingerprint of every game checked to the
                     file F, to find the games repeated across runs later
                     (--duplicates-from)
  --duplicates-from  the paths are files written by --fingerprints, in the
                     order of their runs: print the games that repeat
                     earlier games across all of them, as --duplicates would
                     checking the files they come from in that order
                     (docs/SCALE.md); the files of plain text are read
                     again, at the paths the runs named, to confirm
                     near-duplicates
  -j, --jobs N       analyse N games at once (default 0: one per core);
                     reading, decompressing and printing run beside them,
                     so -j with fewer than the machine's cores leaves the
                     rest to a compressed file's decoder (or to other work)
  --read-lang L      the language of the moves not written in SAN
                     (localized-san): de, fr, ... or figurine reads only
                     that one, en none; auto (default) infers it per game
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
	jobs    int // games analysed at once; 0: one per core
	out     reporter
	stdout  *bufio.Writer
	stderr  io.Writer
	errors  bool // some error-severity diagnostic was found
	failed  bool // some path could not be read
	// repeats finds the repeated games across the files (--duplicates);
	// nil: within each file, with the other diagnostics.
	repeats *checks.Repeats
	files   *input.Walker // the files checked so far, each once
	budget  int64         // bytes of memory (--memory)
	// prints receives the fingerprints of the games (--fingerprints).
	prints   *duplicates.PrintWriter
	progress *progress // nil: none
	batch    *batch
	outErr   bool // writing a diagnostic failed; no more are written
	// spillNoted tells that the fingerprints spilled to disk, said once.
	spillNoted bool
	// names counts the players' names of the files checked, and where
	// each spelling comes first, when player-name-variant is shown (nil
	// otherwise).
	names *players.Tally
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	jsonOut := fl.Bool("json", false, "")
	format := fl.String("format", "text", "")
	dialect := fl.String("dialect", "auto", "")
	severity := fl.String("severity", "info", "")
	profile := fl.String("profile", "default", "")
	reader := fl.String("reader", "full", "")
	readLang := fl.String("read-lang", "auto", "")
	dupFlag := fl.Bool("duplicates", false, "")
	fingerprints := fl.String("fingerprints", "", "")
	duplicatesFrom := fl.Bool("duplicates-from", false, "")
	namesFile := fl.String("names-file", "", "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, checkUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	b := startBatch("check", *mem, stdout, stderr)
	defer b.close()
	c := &checker{ctx: context.Background(), jobs: int(*jobs), stdout: bufio.NewWriter(b.stdout), stderr: b.stderr,
		batch: b, budget: b.budget, progress: b.progress}
	var ok bool
	if c.dialect, c.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	if c.cfg, ok = shownConfig("check", *severity, *profile, stderr); !ok {
		return exitUsage
	}
	c.min = c.cfg.MinSeverity
	if c.cfg.CTLReader, ok = analysis.ParseCTLReader(*reader); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown reader %q (want full or minimal)\n", *reader)
		return exitUsage
	}
	if c.cfg.ReadLang, ok = localized.ParseReadLang(*readLang); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown --read-lang %q (want %s)\n", *readLang, localized.ReadLangs)
		return exitUsage
	}
	if len(paths) == 0 {
		fmt.Fprint(stderr, "pgnls check: no paths given (use - for standard input)\n\n"+checkUsage)
		return exitUsage
	}
	if *jsonOut {
		if *format != "text" && *format != "json" {
			fmt.Fprintf(stderr, "pgnls check: --json and --format %s disagree\n", *format)
			return exitUsage
		}
		*format = "json"
	}
	if c.out, ok = newReporter(*format, c.stdout, c.cfg.Profile); !ok {
		fmt.Fprintf(stderr, "pgnls check: unknown format %q (want text, json, sarif or github)\n", *format)
		return exitUsage
	}
	if *duplicatesFrom && *fingerprints != "" {
		fmt.Fprint(stderr, "pgnls check: --fingerprints and --duplicates-from do not go together\n")
		return exitUsage
	}
	if *fingerprints != "" {
		f, err := os.Create(*fingerprints)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls check: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		c.prints = duplicates.NewPrintWriter(f)
		defer func() {
			if err := c.prints.Flush(); err != nil {
				fmt.Fprintf(stderr, "pgnls check: %s: %v\n", *fingerprints, err)
			}
		}()
	}
	if _, ok := c.cfg.Resolve(nil, players.CodeVariant, analysis.Hint); ok && !*dupFlag && !*duplicatesFrom {
		file, err := loadNames(*namesFile)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls check: %v\n", err)
			return exitUsage
		}
		c.names = players.NewTally(file, tempDir(), namesShare(c.budget))
	}
	if *dupFlag || *duplicatesFrom {
		c.repeats = checks.NewRepeatsBounded(fingerprintShare(c.budget), tempDir())
		if c.prints != nil {
			c.repeats.Write(c.prints)
		}
	}
	for _, p := range paths {
		switch {
		case *duplicatesFrom:
			c.join(p)
		case p == "-":
			c.checkStdin(stdin)
		default:
			c.checkPath(p)
		}
	}
	if c.repeats != nil {
		c.finish(c.repeats)
	}
	if c.names != nil {
		c.nameVariants()
	}
	if err := c.out.end(); err != nil {
		c.ioError(err)
	}
	if err := c.stdout.Flush(); err != nil {
		c.ioError(err)
	}
	if c.prints != nil {
		if err := c.prints.Flush(); err != nil {
			c.ioError(fmt.Errorf("%s: %w", *fingerprints, err))
		}
	}
	c.batch.close()
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

// shownConfig returns the analysis configuration of --severity and
// --profile, as check and fix read them: what check shows is what fix
// fixes. It reports a wrong value to stderr, for verb, and returns false.
func shownConfig(verb, severity, profile string, stderr io.Writer) (*analysis.Config, bool) {
	cfg := analysis.DefaultConfig()
	var ok bool
	if cfg.MinSeverity, ok = syntax.ParseSeverity(severity); !ok {
		fmt.Fprintf(stderr, "pgnls %s: unknown severity %q (want error, warning, info or hint)\n", verb, severity)
		return nil, false
	}
	if cfg.Profile, ok = analysis.ParseProfile(profile); !ok {
		fmt.Fprintf(stderr, "pgnls %s: unknown profile %q (want default or export)\n", verb, profile)
		return nil, false
	}
	return cfg, true
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

// checkPath checks a file, or every game file under a directory, that
// no path before it reached.
func (c *checker) checkPath(root string) {
	if c.files == nil {
		c.files = input.NewWalker()
	}
	for f, err := range c.files.Walk(root) {
		if err != nil {
			c.ioError(err)
			continue
		}
		c.checkFile(f.Path)
	}
}

func (c *checker) checkFile(path string) {
	t, err := c.batch.open(path)
	if err != nil {
		c.ioError(err)
		return
	}
	defer t.Close()
	// Near-duplicates are confirmed by reading the file again at the
	// offsets of its text, which only a file that is its text allows.
	var again func(off int64, n int) (string, bool)
	if t.Compression == "" {
		again = reread(path)
	}
	c.checkReader(path, t, again)
}

// checkStdin checks standard input, decompressed if it is an archive.
func (c *checker) checkStdin(stdin io.Reader) {
	const name = "<stdin>"
	t, err := c.batch.stdin(name, stdin)
	if err != nil {
		c.ioError(fmt.Errorf("%s: %w", name, err))
		return
	}
	defer t.Close()
	c.checkReader(name, t, nil)
}

// checkReader reads, parses and analyses one file game by game and prints
// the diagnostics of each game as soon as it is done, so memory holds the
// games being checked and only a fingerprint of those before them. again
// (nil: none) reads the file again, to confirm near-duplicates (see
// checks.Repeats.StreamFile).
func (c *checker) checkReader(name string, r io.Reader, again func(off int64, n int) (string, bool)) {
	gr := input.Games(r, name, c.dialect, c.auto)
	var printErr error
	c.checkStream(name, gr, again, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		c.progress.game()
		if c.names != nil {
			c.countNames(name, g)
		}
		for _, diag := range ds {
			if diag.Severity == analysis.Error {
				c.errors = true
			}
			if diag.Severity > c.min || printErr != nil || c.outErr {
				continue
			}
			printErr = c.out.diagnostic(name, g, diag)
		}
	})
	if err := gr.Err(); err != nil {
		c.ioError(err)
	}
	if printErr != nil {
		c.outErr = true
		c.ioError(printErr)
	}
}

// late prints a diagnostic of a repeated game found without its game at
// hand: at the end of a run whose fingerprints outgrew the budget, or
// joining files of fingerprints.
func (c *checker) late(l checks.Late) {
	d := l.Diagnostic
	if d.Severity == analysis.Error {
		c.errors = true
	}
	if d.Severity > c.min || c.outErr {
		return
	}
	if err := c.out.located(l.Path, lateRange(l), d); err != nil {
		c.outErr = true
		c.ioError(err)
	}
}

// finish prints the repeated games rep found at the end and removes its
// temporary files.
func (c *checker) finish(rep *checks.Repeats) {
	if err := rep.Finish(c.cfg, c.late); err != nil {
		c.ioError(fmt.Errorf("finding repeated games: %w", err))
	}
}

// ioError reports a path that could not be read or an output failure;
// checking goes on with the other paths.
func (c *checker) ioError(err error) {
	c.stdout.Flush() // keep the order of stdout and stderr; errors surface at the final flush
	fmt.Fprintf(c.stderr, "pgnls check: %v\n", err)
	if c.out != nil {
		c.out.failure(err)
	}
	c.failed = true
}
