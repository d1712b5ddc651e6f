package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/analysis/match"
	"github.com/pgnls/pgnls/syntax"
)

const selectUsage = `Usage: pgnls select [flags] [PATH...]

Write the games that meet every criterion given, byte for byte as they
are in the input (encoding, comments and line endings kept), in input
order. Without paths, or for "-", it reads standard input; directories
are searched for *.pgn and *.ctl-pgn files and compressed files are read
as check reads them. A flag given twice means either value (--fen A
--fen B: games reaching A or B); different flags must all hold. The
language of every criterion, and the pgn-extract option each stands
for, are in docs/SELECT.md.

Exit status: 0 when some game was selected, 1 when none was, 2 on a
usage or I/O error.

Criteria:
  --where EXPR        tag predicates and properties, joined with and, or,
                      not and parentheses:
                        White ~ Kasparov and Result = 1-0
                        Elo >= 2700 and Date >= 2000
                        ECO = B90..B99 or ClassifiedECO = B90..B99
                        Player = "Carlsen, Magnus" and has comments
                        End = checkmate and Plies < 60
  --fen FEN           reaches the position: placement, and the side to
                      move, castling and en passant when given
  --fen-pattern P     reaches a position matching P, in pgn-extract's
                      FENPattern syntax (? any square, ! any piece, A/a
                      any white/black piece, * any squares, [..] sets)
  --fen-pattern-either P
                      the same, or with the colours swapped
  --pdtl PDTL         reaches the C'escacs position (CTL-PGN records)
  --reaches MOVES     reaches the position those moves from the start
                      reach, by any move order
  --positions-from F  reaches a position of a game of the file F (after
                      any of its moves; repeated: of any of the files)
  --variations        look for positions and material in variations too
  --moves PATTERN     plays the moves: "1. e4 c5 2. Nf3" from the start,
                      "14. Bxh7+" at that move, "... Bxh7+ Kxh7" anywhere;
                      * any move, !Nf3 any but it, Nf3|Nc3 either
  --material SPEC     has the material, either side: "KRP vs KR",
                      "R+P* vs R+P*" (rook endings), "10 Q vs RR" (held
                      for 10 half-moves; 2 when not said)
  --material-white SPEC
                      the same, the first side White's
  --duplicates        repeats a game read before it that met the other
                      criteria (the same moves from the same position)
  --games RANGES      the games of these ordinal numbers: 1:10,15,20:

Selection:
  -v, --invert        select the games that do not meet the criteria
  -n N                the first N selected games (then stop reading)
  --matches RANGES    the selected games of these numbers: 1:10,15

Output (one of):
  (default)           the games, byte for byte
  --count             the number of games selected
  --locations         file:line:col: White – Black, Event, Date
  --split N           the games into files of N games: 1.pgn, 2.pgn, ...
  --split-by KEY      the games into a file per value of KEY: a tag name,
                      eco, result, variant or a pseudo-tag (Speed,
                      ClassifiedECO, ...); games without it go to none.pgn
  --name TEMPLATE     the files' names: {n} (or {n:4}, zero-padded) the
                      file's number, {key} (or {key:2}, its first two
                      characters) the value, {ext} .pgn or .ctl-pgn
                      (default {n}{ext} or {key}{ext}); / makes folders
  -o DIR              the folder of the files of --split and --split-by
                      (default .); existing files are not overwritten

Other flags:
  --dialect D         auto (default), pgn or ctl-pgn
  --names-file F      the names file whose spellings of one player the
                      names of --where (White, Black, Player) match as
                      one, lines "canonical = variant; variant"; default
                      .pgnls-names in the current directory, if any
  -j, --jobs N        evaluate N games at once (default 0: one per core)
  --memory SIZE       the peak memory to stay under (default 128MiB, or
                      GOMEMLIMIT when set), as pgnls check --memory: the
                      fingerprints of --duplicates beyond a quarter of it
                      spill to $TMPDIR, and the games selected after
                      that are written, in order, at the end

On a terminal, standard error shows the progress of a long run on one
line, redrawn in place. Temporary files are removed at the end, and
when SIGINT or SIGTERM interrupts the run.
`

// strs is a flag that may be given several times.
type strs []string

func (s *strs) String() string     { return strings.Join(*s, ", ") }
func (s *strs) Set(v string) error { *s = append(*s, v); return nil }

// selector holds a select run.
type selector struct {
	ctx     context.Context
	sel     *match.Selection
	dialect syntax.Dialect
	auto    bool
	out     selectOutput
	batch   *batch
	stderr  io.Writer
	failed  bool
	noted   [2]bool // the dialects whose unsupported criteria were told
}

func selectVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("select", flag.ContinueOnError)
	var spec match.Spec
	where := fl.String("where", "", "")
	var fens, patterns, eithers, pdtls, reaches, moves, material, materialWhite strs
	fl.Var(&fens, "fen", "")
	fl.Var(&patterns, "fen-pattern", "")
	fl.Var(&eithers, "fen-pattern-either", "")
	fl.Var(&pdtls, "pdtl", "")
	fl.Var(&reaches, "reaches", "")
	fl.Var(&moves, "moves", "")
	fl.Var(&material, "material", "")
	fl.Var(&materialWhite, "material-white", "")
	var positionsFrom strs
	fl.Var(&positionsFrom, "positions-from", "")
	fl.BoolVar(&spec.Variations, "variations", false, "")
	dups := fl.Bool("duplicates", false, "")
	games := fl.String("games", "", "")
	invert := fl.Bool("invert", false, "")
	fl.BoolVar(invert, "v", false, "")
	first := fl.Int("n", 0, "")
	matches := fl.String("matches", "", "")
	count := fl.Bool("count", false, "")
	locations := fl.Bool("locations", false, "")
	split := fl.Int("split", 0, "")
	splitBy := fl.String("split-by", "", "")
	name := fl.String("name", "", "")
	dir := fl.String("o", "", "")
	dialect := fl.String("dialect", "auto", "")
	namesFile := fl.String("names-file", "", "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, selectUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pgnls select: "+format+"\n", a...)
		return exitUsage
	}
	s := &selector{ctx: context.Background(), stderr: stderr}
	var ok bool
	if s.dialect, s.auto, ok = parseDialectFlag(*dialect); !ok {
		return usage("unknown dialect %q (want auto, pgn or ctl-pgn)", *dialect)
	}
	spec.Where = *where
	spec.FEN, spec.FENPattern, spec.FENPatternEither, spec.PDTL = fens, patterns, eithers, pdtls
	spec.Reaches, spec.Moves, spec.Material, spec.MaterialWhite = reaches, moves, material, materialWhite
	sel := &match.Selection{Invert: *invert, Duplicates: *dups, Jobs: int(*jobs)}
	var err error
	if *games != "" {
		if sel.Games, err = match.ParseRanges("--games", *games); err != nil {
			return criterionError(stderr, err)
		}
	}
	switch {
	case *first < 0:
		return usage("-n %d: want a number of games from 1", *first)
	case *first > 0 && *matches != "":
		return usage("-n and --matches both say which matches to keep; give one")
	case *first > 0:
		sel.Matches, _ = match.ParseRanges("-n", "1:"+strconv.Itoa(*first))
	case *matches != "":
		if sel.Matches, err = match.ParseRanges("--matches", *matches); err != nil {
			return criterionError(stderr, err)
		}
	}
	outputs := 0
	for _, b := range []bool{*count, *locations, *split != 0, *splitBy != ""} {
		if b {
			outputs++
		}
	}
	if outputs > 1 {
		return usage("--count, --locations, --split and --split-by are different outputs; give one")
	}
	if *split < 0 {
		return usage("--split %d: want a number of games per file from 1", *split)
	}
	if (*dir != "" || *name != "") && *split == 0 && *splitBy == "" {
		return usage("-o and --name name the files of --split and --split-by; without them the games go to standard output (pgnls select ... > FILE)")
	}
	if len(positionsFrom) > 0 {
		set, ok := s.positions(positionsFrom)
		if !ok {
			return exitUsage
		}
		spec.Positions = set
	}
	if spec.Names, err = loadNames(*namesFile); err != nil {
		fmt.Fprintf(stderr, "pgnls select: %v\n", err)
		return exitUsage
	}
	if sel.Query, err = match.Compile(spec); err != nil {
		return criterionError(stderr, err)
	}
	s.sel = sel
	s.batch = startBatch("select", *mem, stdout, stderr)
	defer s.batch.close()
	s.stderr = s.batch.stderr
	sel.Budget, sel.Dir, sel.OnRead = fingerprintShare(s.batch.budget), tempDir(), s.batch.progress.game
	w := bufio.NewWriterSize(s.batch.stdout, 1<<16)
	switch {
	case *count:
		s.out = &countOutput{w: w}
	case *locations:
		s.out = &locationsOutput{w: w}
	case *split > 0 || *splitBy != "":
		so, err := newSplitOutput(*split, *splitBy, *name, *dir)
		if err != nil {
			return usage("%v", err)
		}
		s.out = so
	default:
		s.out = &gamesOutput{sink: sink{w: w}}
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	s.batch.readInputs(paths, stdin, s.read, s.ioError, s.sel.Done)
	if err := sel.Finish(s.out.game); err != nil {
		s.ioError(err)
	}
	if err := s.out.close(); err != nil {
		s.ioError(err)
	}
	if err := w.Flush(); err != nil {
		s.ioError(err)
	}
	s.batch.close()
	switch {
	case s.failed:
		return exitUsage
	case sel.Kept() == 0:
		return exitProblems
	}
	return exitOK
}

// criterionError prints the error of a criterion that cannot be read,
// with the criterion and a caret under the problem when it has one.
func criterionError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "pgnls select: %v\n", err)
	var e *match.Error
	if errors.As(err, &e) && e.Text != "" {
		for line := range strings.Lines(e.Caret()) {
			fmt.Fprintf(stderr, "\t%s", line)
		}
		fmt.Fprintln(stderr)
	}
	return exitUsage
}

func (s *selector) ioError(err error) {
	fmt.Fprintf(s.stderr, "pgnls select: %v\n", err)
	s.failed = true
}

// positions reads the positions of the games of the files at paths.
func (s *selector) positions(paths []string) (*match.Positions, bool) {
	set := match.NewPositions()
	ok := true
	(&batch{}).readInputs(paths, nil, func(t *input.Text, _ func(int64, int) (string, bool)) {
		gr := t.Games(s.dialect, s.auto)
		gr.DropTokens()
		for {
			g, more := gr.Next()
			if !more {
				break
			}
			set.Add(g.Game, gr.Dialect())
		}
		if err := gr.Err(); err != nil {
			s.ioError(err)
			ok = false
		}
	}, func(err error) {
		s.ioError(fmt.Errorf("--positions-from: %w", err))
		ok = false
	}, nil)
	if ok && set.Len() == 0 {
		fmt.Fprintf(s.stderr, "pgnls select: --positions-from %s: no position: no game whose moves can be played\n", strings.Join(paths, ", "))
		return nil, false
	}
	return set, ok
}

// read selects the games of one input; again (nil: none) reads it
// again (see match.Selection.Stream).
func (s *selector) read(t *input.Text, again func(off int64, n int) (string, bool)) {
	name := t.Name
	gr := t.Games(s.dialect, s.auto)
	if s.sel.TagsOnly() {
		gr.HeadersOnly()
	} else {
		gr.DropTokens()
	}
	d := gr.Dialect()
	if un := s.sel.Query.Unsupported(d); len(un) > 0 && !s.noted[d] {
		s.noted[d] = true
		what := "PGN"
		if d == syntax.CTLPGN {
			what = "CTL-PGN"
		}
		fmt.Fprintf(s.stderr, "pgnls select: note: %s is %s: %s cannot match its games\n", name, what, strings.Join(un, ", "))
	}
	spilled := s.sel.Spilled()
	err := s.sel.Stream(s.ctx, name, gr, again, s.out.game)
	if !spilled && s.sel.Spilled() {
		fmt.Fprintf(s.stderr, "pgnls select: %s: the fingerprints of --duplicates outgrew their share of the memory (--memory %dMiB); the games selected after that are written at the end\n",
			name, s.batch.budget>>20)
	}
	if err != nil {
		s.ioError(err)
	}
	if err := gr.Err(); err != nil {
		s.ioError(err)
	}
}

// readInputs calls each for the text of every input the paths name:
// standard input for "-", every game file under a directory, each file
// once, decompressed (package input), its bytes counted by the progress
// line; again reads a plain file again (nil for the others). It stops
// when done (nil: never) reports true. Errors go to report.
func (b *batch) readInputs(paths []string, stdin io.Reader, each func(t *input.Text, again func(off int64, n int) (string, bool)), report func(error), done func() bool) {
	files := input.NewWalker()
	for _, p := range paths {
		if done != nil && done() {
			return
		}
		if p == "-" && stdin != nil {
			const name = "<stdin>"
			t, err := b.stdin(name, stdin)
			if err != nil {
				report(fmt.Errorf("%s: %w", name, err))
				continue
			}
			each(t, nil)
			t.Close()
			continue
		}
		for f, err := range files.Walk(p) {
			if err != nil {
				report(err)
				continue
			}
			if done != nil && done() {
				return
			}
			t, err := b.open(f.Path)
			if err != nil {
				report(err)
				continue
			}
			var again func(off int64, n int) (string, bool)
			if t.Compression == "" {
				again = reread(f.Path)
			}
			each(t, again)
			t.Close()
		}
	}
}

// selectOutput is where the selected games go.
type selectOutput interface {
	game(g match.Selected) error
	close() error
}

// sink writes games to one stream byte for byte. Two games that follow
// each other in the same input are written as they are; between others
// it writes a line end where the game before does not end a line, and a
// blank line where it does not end with one, so that each game begins a
// line of its own after a blank line, as PGN readers expect.
type sink struct {
	w        io.Writer
	written  bool
	lastName string
	lastEnd  int64   // the offset of the end of the last game written
	tail     [2]byte // the last two bytes written
}

func (k *sink) write(g match.Selected) error {
	text := g.Game.Text
	if k.written && (g.Name != k.lastName || g.Offset != k.lastEnd) {
		nl := analysis.LineEnd(g.Game)
		var sep string
		switch {
		case k.tail[1] != '\n' && k.tail[1] != '\r':
			sep = nl + nl
		case !(k.tail[0] == '\n' || k.tail[0] == '\r' && k.tail[1] == '\n' || k.tail == [2]byte{'\r', '\r'}):
			sep = nl
		}
		if sep != "" {
			if _, err := io.WriteString(k.w, sep); err != nil {
				return err
			}
		}
	}
	if _, err := io.WriteString(k.w, text); err != nil {
		return err
	}
	k.written, k.lastName, k.lastEnd = true, g.Name, g.Offset+int64(len(text))
	switch n := len(text); {
	case n >= 2:
		k.tail = [2]byte{text[n-2], text[n-1]}
	case n == 1:
		k.tail = [2]byte{k.tail[1], text[0]}
	}
	return nil
}

// gamesOutput writes the games to standard output.
type gamesOutput struct{ sink sink }

func (o *gamesOutput) game(g match.Selected) error { return o.sink.write(g) }

func (o *gamesOutput) close() error { return nil }

// countOutput prints the number of games.
type countOutput struct {
	w io.Writer
	n int
}

func (o *countOutput) game(match.Selected) error { o.n++; return nil }

func (o *countOutput) close() error {
	_, err := fmt.Fprintln(o.w, o.n)
	return err
}

// locationsOutput prints where each game is, with its players, event
// and date: a quickfix list for Vim and Neovim, a problem matcher's
// input for VS Code.
type locationsOutput struct{ w io.Writer }

func (o *locationsOutput) game(g match.Selected) error {
	line, col := charPos(g.StreamGame, duplicates.Span(g.Game).Start)
	tag := func(n string) string {
		v, ok := g.Game.TagValue(n)
		v = strings.Join(strings.Fields(v), " ")
		if !ok || v == "" {
			return "?"
		}
		return v
	}
	_, err := fmt.Fprintf(o.w, "%s:%d:%d: %s – %s, %s, %s\n", g.Name, line, col, tag("White"), tag("Black"), tag("Event"), tag("Date"))
	return err
}

func (o *locationsOutput) close() error { return nil }

// splitOutput writes the games to files: N games a file, or a file per
// value of a key.
type splitOutput struct {
	per      int
	key      match.Key
	byKey    bool
	template string
	dir      string
	kept     int
	// files are the files written, by name: with --split N, those of
	// the current number only, since the numbers only grow; with
	// --split-by, every one.
	files map[string]*splitFile
	open  []*splitFile // the files open, least recently used first
}

// splitFile is a file of a split.
type splitFile struct {
	path string
	f    *os.File
	bw   *bufio.Writer
	sink sink
}

// maxOpen bounds the files a split keeps open at once; others are
// closed and opened again to append.
const maxOpen = 64

func newSplitOutput(per int, by, template, dir string) (*splitOutput, error) {
	o := &splitOutput{per: per, template: template, dir: dir, files: map[string]*splitFile{}}
	if by != "" {
		k, err := match.ParseKey(by)
		if err != nil {
			return nil, fmt.Errorf("--split-by: %v", err)
		}
		o.key, o.byKey = k, true
	}
	if o.template == "" {
		o.template = "{n}{ext}"
		if o.byKey {
			o.template = "{key}{ext}"
		}
	}
	if o.dir == "" {
		o.dir = "."
	}
	// Check the template once, on a sample.
	if _, err := o.expand(1, "sample", ".pgn"); err != nil {
		return nil, err
	}
	want := "{n"
	if o.byKey {
		want = "{key"
	}
	if !strings.Contains(o.template, want) {
		return nil, fmt.Errorf("--name %q: the name needs %s} so that each file gets its own", o.template, want)
	}
	return o, nil
}

// expand returns the file name of the template for file number n or key
// value key, with extension ext.
func (o *splitOutput) expand(n int, key, ext string) (string, error) {
	var b strings.Builder
	t := o.template
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			break
		}
		b.WriteString(t[:i])
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("--name %q: '{' not closed", o.template)
		}
		field, arg, hasArg := strings.Cut(t[i+1:i+j], ":")
		num := 0
		if hasArg {
			var err error
			if num, err = strconv.Atoi(arg); err != nil || num < 1 || num > 100 {
				return "", fmt.Errorf("--name %q: {%s:%s}: want a width from 1 to 100", o.template, field, arg)
			}
		}
		switch field {
		case "n":
			s := strconv.Itoa(n)
			if hasArg && len(s) < num {
				s = strings.Repeat("0", num-len(s)) + s
			}
			b.WriteString(s)
		case "key":
			v := key
			if hasArg {
				r := []rune(v)
				v = string(r[:min(num, len(r))])
			}
			b.WriteString(v)
		case "ext":
			if hasArg {
				return "", fmt.Errorf("--name %q: {ext} takes no width", o.template)
			}
			b.WriteString(ext)
		default:
			return "", fmt.Errorf("--name %q: unknown field {%s} (want {n}, {key} or {ext})", o.template, t[i+1:i+j])
		}
		t = t[i+j+1:]
	}
	return filepath.Join(o.dir, filepath.FromSlash(b.String())), nil
}

// fileName makes a key value safe as (part of) a file name: letters,
// digits, '.', '-', '+' and '_' kept, blanks and anything else written
// '_', no leading '.', at most 100 bytes; none for no value.
func fileName(v string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(v) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '+' || r == '_' || r == '.':
			if b.Len()+utf8.RuneLen(r) > 100 {
				return strings.TrimLeft(b.String(), ".")
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := strings.TrimLeft(b.String(), ".")
	if s == "" {
		return "none"
	}
	return s
}

func (o *splitOutput) game(g match.Selected) error {
	o.kept++
	d := g.Dialect
	ext := ".pgn"
	if d == syntax.CTLPGN {
		ext = ".ctl-pgn"
	}
	n, key := 0, ""
	if o.byKey {
		v, ok := o.key.Value(g.Game, d)
		if !ok {
			v = ""
		}
		key = fileName(v)
	} else {
		n = (o.kept-1)/o.per + 1
		if o.kept > 1 && n != (o.kept-2)/o.per+1 {
			// The files of the number before are done: close them and
			// forget them, so that memory does not grow with the files.
			if err := o.close(); err != nil {
				return err
			}
			clear(o.files)
		}
	}
	path, err := o.expand(n, key, ext)
	if err != nil {
		return err
	}
	f, err := o.file(path)
	if err != nil {
		return err
	}
	return f.sink.write(g)
}

// file returns the file at path, open: created the first time (an
// existing file is an error: it is not overwritten), opened again to
// append after it was closed to keep the open files few.
func (o *splitOutput) file(path string) (*splitFile, error) {
	f := o.files[path]
	if f != nil && f.f != nil {
		for i, g := range o.open {
			if g == f {
				copy(o.open[i:], o.open[i+1:])
				o.open[len(o.open)-1] = f
				break
			}
		}
		return f, nil
	}
	if len(o.open) >= maxOpen {
		old := o.open[0]
		o.open = o.open[1:]
		if err := old.shut(); err != nil {
			return nil, err
		}
	}
	flags := os.O_WRONLY | os.O_APPEND
	if f == nil {
		flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return nil, err
		}
	}
	file, err := os.OpenFile(path, flags, 0o666)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s exists: select does not overwrite files; remove it or choose another folder (-o)", path)
		}
		return nil, err
	}
	if f == nil {
		f = &splitFile{path: path}
		o.files[path] = f
	}
	f.f = file
	f.bw = bufio.NewWriterSize(file, 32<<10)
	f.sink.w = f.bw
	o.open = append(o.open, f)
	return f, nil
}

// shut flushes and closes the file, keeping what its sink knows of its
// end.
func (f *splitFile) shut() error {
	err := f.bw.Flush()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	f.f, f.bw = nil, nil
	return err
}

func (o *splitOutput) close() error {
	var err error
	for _, f := range o.open {
		err = errors.Join(err, f.shut())
	}
	o.open = nil
	return err
}
