package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis/export"
	"github.com/pgnls/pgnls/analysis/input"
)

const exportUsage = `Usage: pgnls export [flags] [PATH...]

Write the games of PGN files as records for data tools: one row per
game (its tags as columns, result, ply count, opening, start and final
FEN, file and line), or with --moves one row per half-move of the main
lines (game number, ply, SAN, UCI, FEN before and after, clock, time
taken, evaluation, NAGs, comment, check, capture, material), as NDJSON,
CSV or Parquet. The three formats share one schema (docs/EXPORT.md); the
game number joins the moves of an export with the games of another
export of the same inputs. Without paths, or for "-", it reads standard
input; a directory is searched recursively; compressed files are read
as the text they hold. CTL-PGN files are not exported (a note says so).

Exit status: 0 on success; 2 on a usage or I/O error.

Flags:
  --format F     ndjson (default), csv or parquet (typed columns, the
                 repeated ones dictionary-encoded, row groups of bounded
                 size); or epd: one EPD line per position of the main
                 lines (the start, then after each move), with the
                 operations hmvc, fmvn and id "game N ply M"
  --moves        one row per half-move instead of one per game
  -o FILE        write to FILE instead of standard output
  --tags LIST    the tags that get a column of their own (default
                 Event,Site,Date,Round,White,Black,WhiteElo,BlackElo,ECO,
                 Opening,TimeControl,Termination); the others go to the
                 other_tags column, a JSON object
  --dialect D    auto (default) or pgn
  --memory SIZE  the peak memory to stay under (default 128MiB), as
                 pgnls check --memory; the two Parquet row groups
                 being written take a quarter of it at most
  -j, --jobs N   record N games at once (default 0: one per core)
`

func exportVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("export", flag.ContinueOnError)
	format := fl.String("format", "ndjson", "")
	moves := fl.Bool("moves", false, "")
	out := fl.String("o", "", "")
	tags := fl.String("tags", "", "")
	dialect := fl.String("dialect", "auto", "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, exportUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pgnls export: "+format+"\n", a...)
		return exitUsage
	}
	d, auto, ok := parseDialectFlag(*dialect)
	if !ok {
		return usage("unknown dialect %q (want auto or pgn)", *dialect)
	}
	b := startBatch("export", *mem, stdout, stderr)
	defer b.close()
	stderr = b.stderr
	opts := export.Options{Moves: *moves, Jobs: int(*jobs), RowGroup: int(b.budget / 8)}
	if *tags != "" {
		opts.Tags = nameList(*tags)
	}
	var w io.Writer = stdout
	var file *os.File
	if *out != "" {
		var err error
		if file, err = os.Create(*out); err != nil {
			return usage("%v", err)
		}
		defer file.Close()
		w = file
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	e, err := export.New(bw, *format, opts)
	if err != nil {
		return usage("--format: %v", err)
	}
	failed := false
	report := func(err error) {
		fmt.Fprintf(stderr, "pgnls export: %v\n", err)
		failed = true
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	b.readInputs(paths, stdin, func(t *input.Text, _ func(int64, int) (string, bool)) {
		gr := t.Games(d, auto)
		switch err := e.Read(context.Background(), gr, t.Name); {
		case errors.Is(err, export.ErrDialect):
			fmt.Fprintf(stderr, "pgnls export: note: %s: %v\n", t.Name, err)
		case err != nil:
			report(err)
		}
		if err := gr.Err(); err != nil {
			report(err)
		}
	}, report, func() bool { return failed })
	if err := e.Close(); err != nil {
		report(err)
	}
	if err := bw.Flush(); err != nil {
		report(err)
	}
	if file != nil {
		if err := file.Close(); err != nil {
			report(err)
		}
	}
	if failed {
		if *out != "" && !strings.HasPrefix(*out, "/dev/") {
			os.Remove(*out)
		}
		return exitUsage
	}
	return exitOK
}
