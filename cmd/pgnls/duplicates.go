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
func (c *checker) checkStream(name string, gr *syntax.GameReader, again func(off int64, n int) (string, bool), emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	if c.repeats == nil {
		rep := checks.NewRepeatsBounded(fingerprintShare(c.budget), tempDir())
		if c.prints != nil {
			rep.Write(c.prints)
		}
		rep.StreamFile(name, gr.Name(), again)
		checks.CheckStreamRepeats(c.ctx, gr, c.jobs, c.cfg, checks.All, rep, c.noticeSpill(name, rep, emit))
		c.finish(rep)
		return
	}
	c.repeats.StreamFile(name, gr.Name(), again)
	checks.CheckStreamRepeats(c.ctx, gr, c.jobs, c.cfg, nil, c.repeats, c.noticeSpill(name, c.repeats, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		kept := ds[:0]
		for _, d := range ds {
			if d.Code == duplicates.CodeDuplicate || d.Code == duplicates.CodeNear {
				kept = append(kept, d)
			}
		}
		emit(g, kept)
	}))
}

// noticeSpill returns emit telling, once a run, when rep spills its
// fingerprints to disk: the repeated games of the games that follow are
// printed at the end.
func (c *checker) noticeSpill(name string, rep *checks.Repeats, emit func(syntax.StreamGame, []analysis.Diagnostic)) func(syntax.StreamGame, []analysis.Diagnostic) {
	return func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		emit(g, ds)
		if !c.spillNoted && rep.Spilled() {
			c.spillNoted = true
			games, _, _ := rep.Counts()
			c.stdout.Flush()
			fmt.Fprintf(c.stderr, "pgnls check: %s: the fingerprints of %d games outgrew their share of the memory (--memory %dMiB); the repeated games found among the games after line %d are printed at the end\n",
				name, games, c.budget>>20, g.Line)
		}
	}
}

// join finds the repeated games of the file of fingerprints at path
// (--duplicates-from) with those of the files joined before.
func (c *checker) join(path string) {
	f, err := os.Open(path)
	if err != nil {
		c.ioError(err)
		return
	}
	defer f.Close()
	pr := duplicates.NewPrintReader(f, path)
	open := func(file string) func(off int64, n int) (string, bool) {
		if _, err := os.Stat(file); err != nil {
			fmt.Fprintf(c.stderr, "pgnls check: %v; near-duplicates of its games are confirmed only from what %s holds\n", err, path)
			return nil
		}
		return reread(file)
	}
	if err := c.repeats.Join(pr, c.cfg, open, c.late); err != nil {
		c.ioError(err)
	}
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
