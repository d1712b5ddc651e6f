package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// namesFileName is the names file read from the current directory, the
// workspace of the command line, when --names-file does not name one.
const namesFileName = ".pgnls-names"

// loadNames returns the players' names of a run with the names file
// path read: the one given (--names-file), else .pgnls-names in the
// current directory when there is one.
func loadNames(path string) (*players.Names, error) {
	n := &players.Names{}
	name := path
	if name == "" {
		name = namesFileName
	}
	f, err := os.Open(name)
	switch {
	case path == "" && errors.Is(err, fs.ErrNotExist):
		return n, nil
	case err != nil:
		return nil, err
	}
	defer f.Close()
	if err := n.ReadFile(f); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return n, nil
}

// namesShare is the part of the budget b for the players' names that
// check counts (players.Tally); past it they spill to disk.
func namesShare(b int64) int64 { return b / 8 }

// countNames counts the White and Black names of g, a game of the file
// path, with where each spelling is first seen.
func (c *checker) countNames(path string, g syntax.StreamGame) {
	for _, t := range g.Game.Tags {
		if t.Name != "White" && t.Name != "Black" || t.ValueSpan == (syntax.Span{}) {
			continue
		}
		c.names.Add(t.Value, func() []byte {
			line, col := charPos(g, t.ValueSpan.Start)
			endLine, endCol := charPos(g, t.ValueSpan.End)
			var b []byte
			for _, n := range [...]int{line, col, endLine, endCol} {
				b = binary.AppendUvarint(b, uint64(n))
			}
			return append(b, path...)
		})
	}
}

// nameVariants prints player-name-variant at the first place of each
// spelling that is a variant across the files checked.
func (c *checker) nameVariants() {
	sev, _ := c.cfg.Resolve(nil, players.CodeVariant, analysis.Hint)
	err := c.names.Variants(func(place []byte, _, _, message string) {
		var at [4]int
		for i := range at {
			n, k := binary.Uvarint(place)
			at[i], place = int(n), place[k:]
		}
		c.late(checks.Late{
			Path: string(place), Line: at[0], Col: at[1], EndLine: at[2], EndCol: at[3],
			Diagnostic: analysis.Diagnostic{Severity: sev, Code: players.CodeVariant, Source: players.Source, Message: message},
		})
	})
	if err != nil {
		c.ioError(fmt.Errorf("counting the players' names: %w", err))
	}
}

// countNames reads the White and Black tags of every game of the files
// of paths and returns the spellings that are variants there, with the
// names file namesFile (see loadNames); false after reporting an error.
// The names are counted in a players.Tally within namesShare(budget),
// spilling past it, as check counts them: only the variants are held.
func countNames(paths []string, namesFile string, d syntax.Dialect, auto bool, budget int64, stderr io.Writer) (*players.Spellings, bool) {
	file, err := loadNames(namesFile)
	if err != nil {
		fmt.Fprintf(stderr, "pgnls fix: %v\n", err)
		return nil, false
	}
	dir := tempDir()
	defer dir.Remove()
	tally := players.NewTally(file, dir, namesShare(budget))
	ok := true
	w := input.NewWalker()
	for _, root := range paths {
		for file, err := range w.Walk(root) {
			if err == nil {
				err = countFile(tally, file.Path, d, auto)
			}
			if err != nil {
				fmt.Fprintf(stderr, "pgnls fix: %v\n", err)
				ok = false
			}
		}
	}
	s := &players.Spellings{}
	if err := tally.Variants(func(_ []byte, name, canon, message string) { s.Add(name, canon, message) }); err != nil {
		fmt.Fprintf(stderr, "pgnls fix: counting the players' names: %v\n", err)
		ok = false
	}
	return s, ok
}

// countFile adds the names of the games of the file at path to t,
// reading the tags only.
func countFile(t *players.Tally, path string, d syntax.Dialect, auto bool) error {
	in, err := input.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	gr := in.Games(d, auto)
	gr.HeadersOnly()
	for g, ok := gr.Next(); ok; g, ok = gr.Next() {
		for _, tag := range g.Game.Tags {
			if tag.Name == "White" || tag.Name == "Black" {
				t.Add(tag.Value, func() []byte { return nil })
			}
		}
	}
	return gr.Err()
}
