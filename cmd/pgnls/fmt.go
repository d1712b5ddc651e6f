package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/syntax"
)

const fmtUsage = `Usage: pgnls fmt [flags] [PATH...]

Rewrite PGN files in export format (tags in export order, movetext lines
of at most 79 characters, canonical SAN, NAGs for suffix glyphs), like
gofmt. Without paths it formats standard input to standard output; with
paths and no flag it prints the formatted files. A directory is searched
recursively for *.pgn and *.ctl-pgn files. Games with syntax errors or
illegal moves are left exactly as they are and reported on standard error.

Compressed files (gzip, bzip2, xz, zstd; found in directories as
*.pgn.gz and the like) are read as the text they hold, and printed,
listed or diffed as that text; -w does not rewrite them (an error).

With --filter it writes CTL-PGN records instead as the clean input of a
minimal reader (the C'escacs specification, §8.9): the Redefine tag
removed after every redefined letter and FAN glyph is written in the
standard letters P E J N G R V D K (in moves and in PDTL); comments,
variations, valuation glyphs and NAGs removed; the other tags kept in
their order, one move pair per line, each move as written otherwise,
draw offers, end marks (but the redundant ':' of a mate: "#:" becomes
"#") and the result line kept. Records with a syntax error, a Redefine
or PDTL tag that cannot be read, or a main line that is not their game
(a move that is not well-formed CTL-AN or not legal, moves after the
end of the game, which a minimal reader would play as written) are left
exactly as they are and reported at the move that stopped them; PGN
games (the filter is CTL-PGN's) and records of other variants are left
as they are without a report.

With --strip it writes a clean copy, each game in export form without
what the list names: comments (every one), commands (every command
embedded in comments, [%clk 0:05:00] and the like, the prose kept; a
comment left empty goes), clk, emt, eval, cal, csl or %NAME (those
commands only), nags (NAGs and glyphs), variations, tags (every tag but
the Seven Tag Roster and FEN, SetUp and Variant, which the moves need;
--keep-tags keeps more) and results (the termination marker of the
movetext; the Result tag keeps the result). Nothing else changes: the
moves, what is kept, the encoding and the line endings are those of
fmt; a game that cannot be formatted is left exactly as it was. The
same items apply to CTL-PGN records, in their export form or --filter.

With --notation it writes the moves of PGN games in long algebraic
notation (lan: e2-e4, Ng1xf3), as UCI moves (uci: e2e4, e7e8q; Chess960
castling as the king taking its rook) or in SAN with figurines
(figurine: ♘f3); --lang CODE writes the piece letters of SAN or LAN in
another language (cs da de es fi fr hu it nl no pl pt ru sv tr: Sf3 in
German, Cf3 in French). pgnls fmt reads LAN and UCI back into SAN;
pgnls fix reads figurines and the other languages back (localized-san).
--fen-comments writes after every move a comment holding the FEN of
the position after it, --final-fen a FinalFEN tag holding the FEN of
the position the main line ends in.

Exit status: 0 on success; 1 when -l or -d found a file that is not
formatted; 2 on a usage or I/O error, or when a game could not be
formatted (its file is then not rewritten by -w).

Flags:
  -l             list the files whose formatting differs
  -d             print a unified diff of the changes
  -w             write the result back to the file (atomically; not for
                 compressed files)
  --filter       filter CTL-PGN records for a minimal reader (see above);
                 --width, --ctl-style and --encoding do not apply
  --strip LIST   leave out the items of the comma-separated LIST (see
                 above): comments, commands, clk, emt, eval, cal, csl,
                 %NAME, nags, variations, tags, results
  --keep-tags L  keep these tags too (implies stripping the others)
  --drop-tags L  drop these tags (not the roster's, FEN, SetUp or Variant)
  --notation N   san (default), lan, uci or figurine
  --lang CODE    piece letters of another language (de, fr, ...)
  --fen-comments a comment with the FEN after every move
  --final-fen    a FinalFEN tag with the FEN of the final position
  --width N      movetext line width (default 79)
  --dialect D    auto (default), pgn or ctl-pgn
  --ctl-style S  separators of CTL-PGN moves: keep (default; what each
                 record uses), ascii (- and *) or unicode (‐ and ×)
  --encoding E   keep (default: write every character in the encoding
                 the file uses, UTF-8 or, for a file that is not valid
                 UTF-8, Windows-1252/Latin-1), utf-8 or latin-1 (convert;
                 a character Latin-1 cannot hold is an error, and CTL-PGN
                 is always UTF-8). Converting standard input copies it
                 to a temporary file in $TMPDIR first.
  --memory SIZE  the peak memory to stay under (default 128MiB, or
                 GOMEMLIMIT when set), as pgnls check --memory; -d
                 holds a hunk of its diff past 1MiB in $TMPDIR
  -j, --jobs N   format N games at once (default 0: one per core)

On a terminal, standard error shows the progress of a long run on one
line, redrawn in place.
`

// formatter holds the settings of one fmt or fix run: how the games of a
// file are rewritten, and how the result is printed, listed, diffed or
// written.
type formatter struct {
	verb              string // "fmt" or "fix", for messages
	list, diff, write bool
	opts              format.Options
	jobs              int    // games rewritten at once; 0: one per core
	encoding          string // encKeep, encUTF8 or encLatin1
	dialect           syntax.Dialect
	auto              bool
	stdout, stderr    io.Writer
	differs, failed   bool
	latin1            bool // the file being formatted is written in Latin-1
	converting        bool // and its encoding changes: it differs
	// rewrite rewrites the games of gr, calling emit for each in file
	// order with its result; nil means format.Stream with opts.
	rewrite func(ctx context.Context, gr *syntax.GameReader, emit func(syntax.StreamGame, format.Result))
	// left is how a game left as it was for a problem is reported.
	left string
	// joined, when set, is told of each game written and whether its
	// rewriting was dropped because it would merge with the game before
	// it; done, when set, of the end of each file.
	joined func(name string, g syntax.StreamGame, dropped bool)
	done   func(name string)
	files  *input.Walker // the files rewritten so far, each once
	batch  *batch
}

// Encodings fmt can write: the file's own (keep), or a conversion.
const (
	encKeep   = "keep"
	encUTF8   = "utf-8"
	encLatin1 = "latin-1"
)

// parseEncoding reads the --encoding flag.
func parseEncoding(s string) (string, bool) {
	switch s {
	case "keep", "":
		return encKeep, true
	case "utf-8", "utf8", "UTF-8":
		return encUTF8, true
	case "latin-1", "latin1", "iso-8859-1", "windows-1252", "cp1252", "Latin-1":
		return encLatin1, true
	}
	return "", false
}

func fmtVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fmt", flag.ContinueOnError)
	f := &formatter{verb: "fmt", stdout: stdout, stderr: stderr, left: "game left unformatted"}
	fl.BoolVar(&f.list, "l", false, "")
	fl.BoolVar(&f.diff, "d", false, "")
	fl.BoolVar(&f.write, "w", false, "")
	width := fl.Int("width", 79, "")
	ctlStyle := fl.String("ctl-style", "keep", "")
	dialect := fl.String("dialect", "auto", "")
	encoding := fl.String("encoding", "keep", "")
	fl.BoolVar(&f.opts.Filter, "filter", false, "")
	strip := fl.String("strip", "", "")
	keepTags := fl.String("keep-tags", "", "")
	dropTags := fl.String("drop-tags", "", "")
	fl.StringVar(&f.opts.Notation, "notation", "", "")
	fl.StringVar(&f.opts.Lang, "lang", "", "")
	fl.BoolVar(&f.opts.FENComments, "fen-comments", false, "")
	fl.BoolVar(&f.opts.FinalFEN, "final-fen", false, "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, fmtUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	f.jobs = int(*jobs)
	if f.opts.Filter {
		f.left = "record left unfiltered"
		bad := ""
		fl.Visit(func(fl *flag.Flag) {
			if fl.Name == "width" || fl.Name == "ctl-style" || fl.Name == "encoding" {
				bad = fl.Name
			}
		})
		if bad != "" {
			fmt.Fprintf(stderr, "pgnls fmt: --%s does not apply to --filter, which writes moves as they are and leaves PGN games as they are\n", bad)
			return exitUsage
		}
	}
	var err error
	if f.opts.Strip, err = format.ParseStrip(*strip); err != nil {
		fmt.Fprintf(stderr, "pgnls fmt: --strip: %v\n", err)
		return exitUsage
	}
	f.opts.Strip.KeepTags, f.opts.Strip.DropTags = nameList(*keepTags), nameList(*dropTags)
	if err := format.CheckNotation(f.opts.Notation, f.opts.Lang); err != nil {
		fmt.Fprintf(stderr, "pgnls fmt: %v\n", err)
		return exitUsage
	}
	for _, d := range []syntax.Dialect{syntax.PGN, syntax.CTLPGN} {
		if err := f.opts.Strip.Check(d); err != nil {
			fmt.Fprintf(stderr, "pgnls fmt: --drop-tags: %v\n", err)
			return exitUsage
		}
	}
	var ok bool
	if f.dialect, f.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls fmt: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	if f.encoding, ok = parseEncoding(*encoding); !ok {
		fmt.Fprintf(stderr, "pgnls fmt: unknown encoding %q (want keep, utf-8 or latin-1)\n", *encoding)
		return exitUsage
	}
	if f.encoding == encLatin1 && !f.auto && f.dialect == syntax.CTLPGN {
		fmt.Fprintln(stderr, "pgnls fmt: CTL-PGN is always UTF-8; --encoding latin-1 does not apply")
		return exitUsage
	}
	if *width < 20 {
		fmt.Fprintf(stderr, "pgnls fmt: width %d is too small (at least 20)\n", *width)
		return exitUsage
	}
	f.opts.Width = *width
	switch *ctlStyle {
	case "keep":
		f.opts.CTLStyle = format.CTLKeep
	case format.CTLASCII, format.CTLUnicode:
		f.opts.CTLStyle = *ctlStyle
	default:
		fmt.Fprintf(stderr, "pgnls fmt: unknown CTL-PGN style %q (want keep, ascii or unicode)\n", *ctlStyle)
		return exitUsage
	}
	return f.run(paths, stdin, *mem)
}

// nameList splits a comma-separated list of names, dropping blanks.
func nameList(s string) []string {
	var out []string
	for name := range strings.SplitSeq(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// run rewrites standard input to standard output when there are no
// paths, else every file of paths, within the budget of --memory mem,
// and returns the exit code.
func (f *formatter) run(paths []string, stdin io.Reader, mem memory) int {
	if len(paths) == 0 && f.write {
		fmt.Fprintf(f.stderr, "pgnls %s: cannot use -w with standard input\n", f.verb)
		return exitUsage
	}
	f.batch = startBatch(f.verb, mem, f.stdout, f.stderr)
	defer f.batch.close()
	f.stdout, f.stderr = f.batch.stdout, f.batch.stderr
	if len(paths) == 0 {
		const name = "<standard input>"
		t, err := f.batch.stdin(name, stdin)
		if err != nil {
			f.ioError(fmt.Errorf("%s: %w", name, err))
			return exitUsage
		}
		defer t.Close()
		var r io.Reader = t
		if f.encoding != encKeep {
			// Converting needs the facts of the whole text first: it is
			// copied to a temporary file, read twice.
			copied, err := tempDir().Create("stdin")
			if err == nil {
				defer copied.Close()
				_, err = io.Copy(copied, t)
			}
			var tf input.Facts
			if err == nil {
				if _, err = copied.Seek(0, io.SeekStart); err == nil {
					tf, err = input.ScanFacts(copied)
				}
			}
			if err == nil {
				_, err = copied.Seek(0, io.SeekStart)
			}
			if err != nil {
				f.ioError(err)
				return exitUsage
			}
			if r = f.convert(name, bufio.NewReaderSize(copied, 1<<16), tf); r == nil {
				return exitUsage
			}
		}
		f.file(name, r, nil)
	}
	for _, p := range paths {
		f.path(p)
	}
	f.batch.close()
	switch {
	case f.failed:
		return exitUsage
	case f.differs && (f.list || f.diff):
		return exitProblems
	}
	return exitOK
}

func (f *formatter) ioError(err error) {
	fmt.Fprintf(f.stderr, "pgnls %s: %v\n", f.verb, err)
	f.failed = true
}

// path formats a file or every game file under a directory, that no
// path before it reached.
func (f *formatter) path(root string) {
	if f.files == nil {
		f.files = input.NewWalker()
	}
	for file, err := range f.files.Walk(root) {
		if err != nil {
			f.ioError(err)
			continue
		}
		f.readFile(file.Path, file.Info)
	}
}

func (f *formatter) readFile(path string, info fs.FileInfo) {
	in, err := f.batch.open(path)
	if err != nil {
		f.ioError(err)
		return
	}
	defer in.Close()
	if f.write && in.Compression != "" {
		// Writing the archive anew would change it beyond the text
		// (compression level, frames, header fields), and bzip2 has no
		// encoder in Go's library: the file is left to the user.
		fmt.Fprintf(f.stderr, "pgnls %s: %s: -w does not rewrite %s archives; the file is left as it is (write its text elsewhere: pgnls %s FILE > NEW)\n", f.verb, path, in.Compression, f.verb)
		f.failed = true
		return
	}
	var r io.Reader = in
	if f.encoding != encKeep {
		tf, err := input.ScanFile(path)
		if err != nil {
			f.ioError(err)
			return
		}
		if r = f.convert(path, in, tf); r == nil {
			return
		}
	}
	f.file(path, r, info)
}

// convert returns r, whose facts are tf, read as UTF-8 when the output
// must be UTF-8, or nil, after reporting it, when the text cannot be
// converted. It sets f.latin1 when the output must be Latin-1 (file then
// encodes what it writes) and f.converting when the encoding changes.
func (f *formatter) convert(name string, r io.Reader, tf input.Facts) io.Reader {
	f.latin1 = false
	// A file may mix UTF-8 and Latin-1 games: what is not UTF-8 is
	// converted to UTF-8, what is UTF-8 beyond ASCII to Latin-1.
	f.converting = f.encoding == encUTF8 && !tf.UTF8 || f.encoding == encLatin1 && tf.Multi
	switch {
	case f.encoding == encUTF8 && !tf.UTF8:
		return input.NewUTF8Reader(r)
	case f.encoding == encLatin1 && tf.Multi:
		if tf.Bad != 0 {
			fmt.Fprintf(f.stderr, "%s:%d:%d: character %q (U+%04X) cannot be written in Latin-1; the file is left as it is\n", name, tf.Line, tf.Col, tf.Bad, tf.Bad)
			f.failed = true
			return nil
		}
		f.latin1 = true
	}
	return r
}

// file formats the games of r as they are read, on every core, and
// prints, lists, diffs or writes the result, holding no more than a few
// games: -d writes the diff as it goes (diff.UnifiedWriter), and -w
// streams into a temporary file that replaces the original at the end,
// when the text changed and every game could be formatted.
func (f *formatter) file(name string, r io.Reader, info fs.FileInfo) {
	var out io.Writer = io.Discard
	var stdout *bufio.Writer
	var rep *input.Replacement // what -w writes
	var layout *format.Layout
	var dw *diffWriter
	switch {
	case f.diff:
	case f.write:
		var err error
		switch rep, err = input.Replace(name, info); {
		case errors.Is(err, input.ErrNotWritable):
			fmt.Fprintf(f.stderr, "pgnls %s: %s: the file is not writable; it is left as it is\n", f.verb, name)
			f.failed = true
			return
		case err != nil:
			f.ioError(err)
			return
		}
		tempFile(rep.TempName()) // removed if interrupted
		defer untempFile(rep.TempName())
		defer rep.Close() // removes the new text unless committed
		stdout = bufio.NewWriterSize(rep, 1<<16)
		out = stdout
	case !f.list:
		stdout = bufio.NewWriterSize(f.stdout, 1<<16)
		out = stdout
	}
	same := &sameTracker{}
	var lw *input.Latin1Writer
	gr := input.Games(r, name, f.dialect, f.auto)
	if f.latin1 {
		if gr.Dialect() == syntax.CTLPGN {
			fmt.Fprintf(f.stderr, "%s: CTL-PGN is always UTF-8; the file is not converted to Latin-1\n", name)
			f.failed = true
			return
		}
		lw = input.NewLatin1Writer(out)
		out = lw
	}
	j := format.NewJoiner(io.MultiWriter(out, same), gr.Dialect())
	if f.diff {
		var err error
		if dw, err = f.newDiffWriter(name); err != nil {
			f.ioError(err)
			return
		}
		defer dw.close()
		layout = format.NewLayout(gr.Dialect(), dw.changed)
	}
	broken := false
	rewrite := f.rewrite
	if rewrite == nil {
		rewrite = func(ctx context.Context, gr *syntax.GameReader, emit func(syntax.StreamGame, format.Result)) {
			format.Stream(ctx, gr, f.jobs, f.opts, emit)
		}
	}
	rewrite(context.Background(), gr, func(g syntax.StreamGame, res format.Result) {
		f.batch.progress.game()
		if res.Broken {
			// At the move, error, tag or result that stopped it.
			line, col := charPos(g, res.At)
			fmt.Fprintf(f.stderr, "%s:%d:%d: %s: %s\n", name, line, col, f.left, res.Skipped)
			broken = true
		}
		same.input(g.Game.Text)
		if layout != nil {
			layout.Add(g.Start, g.Game, res)
			dw.add(g.Game.Text)
		}
		text, _ := j.Add(g.Game, res)
		if f.joined != nil {
			f.joined(name, g, text != res.Text)
		}
	})
	if f.done != nil {
		f.done(name)
	}
	if layout != nil {
		layout.Flush()
		if err := dw.finish(); err != nil {
			f.ioError(err)
			return
		}
	}
	if err := gr.Err(); err != nil {
		f.ioError(err)
		return
	}
	if err := j.Err(); err != nil {
		f.ioError(err)
		return
	}
	if lw != nil {
		if err := lw.Flush(); err != nil {
			f.ioError(err)
			return
		}
	}
	if stdout != nil {
		if err := stdout.Flush(); err != nil {
			f.ioError(err)
			return
		}
	}
	if broken {
		f.failed = true
	}
	changed := !same.same() || f.converting
	if changed {
		f.differs = true
	}
	if f.list && changed {
		fmt.Fprintln(f.stdout, name)
	}
	if dw != nil {
		if err := dw.copyHeld(); err != nil {
			f.ioError(err)
			return
		}
	}
	if rep != nil && changed && !broken {
		if err := rep.Commit(); err != nil {
			f.ioError(err)
		}
	}
}

// diffWriter writes the diff of a file for -d as its games come, to
// standard output or, when -l prints the file's name first, to a
// temporary file copied after it.
type diffWriter struct {
	u     *diff.UnifiedWriter
	w     *bufio.Writer
	out   io.Writer
	held  *os.File // the diff held for -l, or nil
	text  string   // the game before the last one laid out
	edits []syntax.Edit
	has   bool
}

func (f *formatter) newDiffWriter(name string) (*diffWriter, error) {
	d := &diffWriter{out: f.stdout}
	var w io.Writer = f.stdout
	if f.list {
		var err error
		if d.held, err = tempDir().Create("diff"); err != nil {
			return nil, err
		}
		w = d.held
	}
	d.w = bufio.NewWriterSize(w, 1<<16)
	d.u = diff.NewUnifiedWriter(d.w, name+".orig", name)
	d.u.Dir = tempDir()
	return d, nil
}

// changed is told by format.Layout of the game before the last one laid
// out when it changes.
func (d *diffWriter) changed(_ syntax.Pos, old, new string) { d.edits = diff.Edits(old, new) }

// add takes the text of the game just laid out: the one before it is
// done, with the edits changed was told, if any.
func (d *diffWriter) add(text string) {
	if d.has {
		d.u.Add(d.text, d.edits)
	}
	d.text, d.edits, d.has = text, nil, true
}

// finish writes the rest of the diff, after the last game was laid out
// and the layout flushed.
func (d *diffWriter) finish() error {
	if d.has {
		d.u.Add(d.text, d.edits)
		d.has = false
	}
	err := d.u.Close()
	if ferr := d.w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// copyHeld writes the diff held for -l.
func (d *diffWriter) copyHeld() error {
	if d.held == nil {
		return nil
	}
	if _, err := d.held.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(d.out, d.held)
	return err
}

// close removes the diff held, if any.
func (d *diffWriter) close() {
	if d.held != nil {
		d.held.Close()
		os.Remove(d.held.Name())
	}
}

// sameTracker is a writer that tells whether what was written equals
// the concatenation of the texts given to input, holding only the part
// of either side that the other has not reached yet.
type sameTracker struct {
	in, out []byte
	differs bool
}

func (s *sameTracker) input(text string) {
	if !s.differs {
		s.in = append(s.in, text...)
		s.match()
	}
}

func (s *sameTracker) Write(p []byte) (int, error) {
	if !s.differs {
		s.out = append(s.out, p...)
		s.match()
	}
	return len(p), nil
}

// WriteString is Write for a string, so that io.MultiWriter does not copy
// every string written into a new slice for the tracker.
func (s *sameTracker) WriteString(p string) (int, error) {
	if !s.differs {
		s.out = append(s.out, p...)
		s.match()
	}
	return len(p), nil
}

func (s *sameTracker) match() {
	n := min(len(s.in), len(s.out))
	if !bytes.Equal(s.in[:n], s.out[:n]) {
		s.differs, s.in, s.out = true, nil, nil
		return
	}
	s.in, s.out = s.in[n:], s.out[n:]
}

// same reports whether both sides were equal and complete.
func (s *sameTracker) same() bool { return !s.differs && len(s.in) == 0 && len(s.out) == 0 }
