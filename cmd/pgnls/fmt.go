package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

const fmtUsage = `Usage: pgnls fmt [flags] [PATH...]

Rewrite PGN files in export format (tags in export order, movetext lines
of at most 79 characters, canonical SAN, NAGs for suffix glyphs), like
gofmt. Without paths it formats standard input to standard output; with
paths and no flag it prints the formatted files. A directory is searched
recursively for *.pgn and *.ctl-pgn files. Games with syntax errors or
illegal moves are left exactly as they are and reported on standard error.

Exit status: 0 on success; 1 when -l or -d found a file that is not
formatted; 2 on a usage or I/O error, or when a game could not be
formatted (its file is then not rewritten by -w).

Flags:
  -l           list the files whose formatting differs
  -d           print a unified diff of the changes
  -w           write the result back to the file (atomically)
  --width N    movetext line width (default 79)
  --dialect D  auto (default), pgn or ctl-pgn
`

// formatter holds the settings of one fmt run.
type formatter struct {
	list, diff, write bool
	opts              format.Options
	dialect           syntax.Dialect
	auto              bool
	stdout, stderr    io.Writer
	differs, failed   bool
}

func fmtVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fmt", flag.ContinueOnError)
	f := &formatter{stdout: stdout, stderr: stderr}
	fl.BoolVar(&f.list, "l", false, "")
	fl.BoolVar(&f.diff, "d", false, "")
	fl.BoolVar(&f.write, "w", false, "")
	width := fl.Int("width", 79, "")
	dialect := fl.String("dialect", "auto", "")
	paths, code := parseFlags(fl, fmtUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	var ok bool
	if f.dialect, f.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls fmt: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	if *width < 20 {
		fmt.Fprintf(stderr, "pgnls fmt: width %d is too small (at least 20)\n", *width)
		return exitUsage
	}
	f.opts.Width = *width
	if len(paths) == 0 {
		if f.write {
			fmt.Fprintln(stderr, "pgnls fmt: cannot use -w with standard input")
			return exitUsage
		}
		text, err := io.ReadAll(stdin)
		if err != nil {
			f.ioError(err)
		} else {
			f.file("<standard input>", text, nil)
		}
	}
	for _, p := range paths {
		f.path(p)
	}
	switch {
	case f.failed:
		return exitUsage
	case f.differs && (f.list || f.diff):
		return exitProblems
	}
	return exitOK
}

func (f *formatter) ioError(err error) {
	fmt.Fprintf(f.stderr, "pgnls fmt: %v\n", err)
	f.failed = true
}

// path formats a file or every game file under a directory.
func (f *formatter) path(root string) {
	info, err := os.Stat(root)
	if err != nil {
		f.ioError(err)
		return
	}
	if !info.IsDir() {
		f.readFile(root, info)
		return
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			f.ioError(err)
		case path != root && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return filepath.SkipDir
			}
		case !d.IsDir() && isGameFile(d.Name()):
			info, err := d.Info()
			if err != nil {
				f.ioError(err)
				return nil
			}
			f.readFile(path, info)
		}
		return nil
	})
	if err != nil {
		f.ioError(err)
	}
}

func (f *formatter) readFile(path string, info fs.FileInfo) {
	text, err := os.ReadFile(path)
	if err != nil {
		f.ioError(err)
		return
	}
	f.file(path, text, info)
}

// file formats one file's text and reports, prints or writes the result.
func (f *formatter) file(name string, text []byte, info fs.FileInfo) {
	d := f.dialect
	if f.auto {
		d = syntax.DetectDialect(name, string(text))
	}
	file := syntax.Parse(name, string(text), d)
	broken := false
	for _, r := range file.Games() {
		if res := format.Game(r.Game, d, f.opts); res.Broken {
			pos := file.Position(r.Start)
			fmt.Fprintf(f.stderr, "%s:%d:%d: game left unformatted: %s\n", name, pos.Line, pos.Col, res.Skipped)
			broken = true
		}
	}
	if broken {
		f.failed = true
	}
	out := []byte(format.File(file, f.opts))
	changed := !bytes.Equal(out, text)
	if changed {
		f.differs = true
	}
	if f.list && changed {
		fmt.Fprintln(f.stdout, name)
	}
	if f.diff && changed {
		io.WriteString(f.stdout, unifiedDiff(name+".orig", name, string(text), string(out)))
	}
	if f.write && changed && !broken {
		if err := writeAtomic(name, out, info.Mode().Perm()); err != nil {
			f.ioError(err)
		}
	}
	if !f.list && !f.diff && !f.write {
		f.stdout.Write(out)
	}
}

// writeAtomic replaces the file at path with data: it writes a temporary
// file in the same directory and renames it over the original.
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".pgnls-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), perm)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
