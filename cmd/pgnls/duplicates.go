package main

import (
	"fmt"
	"os"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// checkStream checks the games of gr and calls emit with the diagnostics
// of each: all of them, with the games that repeat earlier games of the
// stream; or, under --duplicates, only the games that repeat earlier
// games of any file checked so far, without running the analyzers.
func (c *checker) checkStream(gr *syntax.GameReader, again func(off int64, n int) (string, bool), emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	if c.repeats == nil {
		rep := checks.NewRepeats()
		rep.Stream(gr.Name(), again)
		checks.CheckStreamRepeats(c.ctx, gr, c.jobs, c.cfg, checks.All, rep, emit)
		return
	}
	c.repeats.Stream(gr.Name(), again)
	checks.CheckStreamRepeats(c.ctx, gr, c.jobs, c.cfg, nil, c.repeats, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		kept := ds[:0]
		for _, d := range ds {
			if d.Code == duplicates.CodeDuplicate || d.Code == duplicates.CodeNear {
				kept = append(kept, d)
			}
		}
		emit(g, kept)
	})
}

// reread returns a function that reads n bytes of the file at path from
// offset off, for checks.Repeats to read an earlier game again.
func reread(path string) func(off int64, n int) (string, bool) {
	return func(off int64, n int) (string, bool) {
		f, err := os.Open(path)
		if err != nil {
			return "", false
		}
		defer f.Close()
		buf := make([]byte, n)
		if _, err := f.ReadAt(buf, off); err != nil {
			return "", false
		}
		return string(buf), true
	}
}

// summary prints the count of repeated games of --duplicates to standard
// error and returns the exit status: 1 when some game repeats another.
func (c *checker) summary() int {
	games, dups, near := c.repeats.Counts()
	fmt.Fprintf(c.stderr, "pgnls check: %s and %s among %s with moves\n",
		plural(dups, "duplicate game", "duplicate games"), plural(near, "near-duplicate", "near-duplicates"), plural(games, "game", "games"))
	switch {
	case c.failed:
		return exitUsage
	case dups+near > 0:
		return exitProblems
	}
	return exitOK
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
