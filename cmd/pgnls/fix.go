package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/syntax"
)

// fixUsageHead and fixUsageTail frame the usage of fix, whose middle,
// the codes it fixes by default, comes from the analysis packages (see
// fixUsage).
const fixUsageHead = `Usage: pgnls fix [flags] [PATH...]

Apply every unambiguous fix of the diagnostics pgnls check shows, in
bulk, like gofmt applies formatting: check and mate marks, canonical SAN
and castling, capture marks, the Result tag from the termination marker
or the final position (checkmate, stalemate), the marker from the tag
where it is missing or "*" and the position does not contradict it,
missing roster tags, escaped quotes, impossible FEN castling rights,
C'escacs DPTL, '^+' and 'x', and the other quick fixes. Only what is
fixed changes; --format also puts the fixed games in export form, as
pgnls fmt does. A fix is never applied when it would change a move;
fixes that overlap are applied one after the other, each computed from
the text the one before it left; a game with a syntax error no fix
repairs is left exactly as it is. Without paths it fixes standard input
to standard output; with paths and no flag it prints the fixed files. A
directory is searched recursively for *.pgn and *.ctl-pgn files.

It fixes what pgnls check shows with the same --severity and --profile:
by default its errors, warnings and infos, never a hint (eco-mismatch,
which rewrites ECO tags to the lichess classification, and the other
suggestions) nor the layout that pgnls fmt fixes, unless --severity
hint, --profile export or --only asks for them. By default it changes
the diagnostics of these codes (where check shows them):

`

const fixUsageTail = `
Standard error gets, per file, the diagnostics fixed by code
("file: fixed 2 check-mark, 1 result-mismatch") and each one with a fix
that was not applied, with why ("file:line:col: not fixed: code:
message (reason)"); positions are those of the input.

Exit status: 0 on success; 1 when -l or -d found a file to fix; 2 on a
usage or I/O error, or when a game was left as it was for a syntax
error (its file is then not rewritten by -w).

Flags:
  -l            list the files that fixing changes
  -d            print a unified diff of the changes
  -w            write the result back to the file (atomically, keeping
                its encoding, mode and links)
  --severity S  fix the diagnostics of severity S and above, as pgnls
                check --severity S shows them: error, warning, info
                (default) or hint (also the suggestions, such as
                eco-mismatch and over-disambiguation)
  --profile P   default, or export: also the export-format layout that
                pgnls fmt fixes (tag order, glyphs, ...), as pgnls check
                --profile export reports it
  --only CODES  fix only the diagnostics of these codes, separated by
                commas, whatever --severity and --profile (--only
                eco-mismatch rewrites ECO tags)
  --format      put every game in export form too, as pgnls fmt does (a
                game it cannot format is written fixed, and reported)
  --names       write every White and Black name that is a variant of
                another spelling of its player across the files given
                (player-name-variant: spacing, commas, case, blanks,
                initials for the one full name they may stand for) in
                its canonical spelling; the files are read twice
  --names-file F  the names file that chooses canonical spellings, lines
                "canonical = variant; variant" (default .pgnls-names in
                the current directory, if any); implies --names
  --add TAGS    add these tags, separated by commas, to the games that
                lack them, after the last tag: eco, opening and variation
                from the lichess opening names (the last named position
                the main line reaches from the standard start, by
                placement, side to move, castling rights and en passant;
                transpositions included; Opening the whole name, or the
                family when variation is added too, and Variation the
                rest), plycount from the main line (PGN only)
  --read-lang L  the language of the moves not written in SAN, as pgnls
                check --read-lang: de, fr, ... or figurine reads only
                that one, en none; auto (default) infers it per game
  --dialect D   auto (default), pgn or ctl-pgn
  --memory M    the peak memory to stay under (default 128MiB, or
                GOMEMLIMIT when set), as pgnls check --memory; -d
                holds a hunk of its diff past 1MiB in $TMPDIR
  -j, --jobs N  fix N games at once (default 0: one per core)

On a terminal, standard error shows the progress of a long run on one
line, redrawn in place.
`

// fixUsage returns the usage of fix, with the codes it fixes by default.
func fixUsage() string {
	return fixUsageHead + wrapCodes(fixDefaultCodes(), "\t", 72, "") + "\n" + fixUsageTail
}

// fixDefaultCodes returns the codes pgnls fix changes without flags: the
// fixable codes that pgnls check shows by default.
func fixDefaultCodes() []analysis.Code {
	cfg, _ := shownConfig("fix", "info", "default", io.Discard)
	return fix.Fixed(cfg)
}

// wrapCodes writes codes separated by commas, ending with a period, in
// lines of at most width bytes, each starting with indent; quote is
// written around each code.
func wrapCodes(codes []analysis.Code, indent string, width int, quote string) string {
	var b strings.Builder
	line := indent
	for i, c := range codes {
		w := quote + string(c) + quote
		if i == len(codes)-1 {
			w += "."
		} else {
			w += ","
		}
		if line != indent && len(line)+1+len(w) > width {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// fixer rewrites the games of a file for fix and reports what it fixed.
type fixer struct {
	opts   fix.Options
	format bool
	jobs   int                   // games fixed at once; 0: one per core
	out    *formatter            // writes what it reports to out.stderr
	cur    fixItem               // the game being written
	fixed  map[analysis.Code]int // per file
	added  map[string]int        // tags added, per file
}

func fixVerb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fix", flag.ContinueOnError)
	f := &formatter{verb: "fix", stdout: stdout, stderr: stderr, left: "game left unfixed", encoding: encKeep}
	x := &fixer{out: f, fixed: map[analysis.Code]int{}, added: map[string]int{}}
	fl.BoolVar(&f.list, "l", false, "")
	fl.BoolVar(&f.diff, "d", false, "")
	fl.BoolVar(&f.write, "w", false, "")
	fl.BoolVar(&x.format, "format", false, "")
	only := fl.String("only", "", "")
	add := fl.String("add", "", "")
	names := fl.Bool("names", false, "")
	namesFile := fl.String("names-file", "", "")
	severity := fl.String("severity", "info", "")
	profile := fl.String("profile", "default", "")
	dialect := fl.String("dialect", "auto", "")
	readLang := fl.String("read-lang", "auto", "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, fixUsage(), args, stdout, stderr)
	if code >= 0 {
		return code
	}
	x.jobs = int(*jobs)
	var ok bool
	var bad string
	if f.dialect, f.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls fix: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	// What check shows with these flags is what fix fixes.
	if x.opts.Config, ok = shownConfig("fix", *severity, *profile, stderr); !ok {
		return exitUsage
	}
	if x.opts.Config.ReadLang, ok = localized.ParseReadLang(*readLang); !ok {
		fmt.Fprintf(stderr, "pgnls fix: unknown --read-lang %q (want %s)\n", *readLang, localized.ReadLangs)
		return exitUsage
	}
	for c := range strings.SplitSeq(*only, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if _, ok := checks.Lookup(analysis.Code(c)); !ok {
			fmt.Fprintf(stderr, "pgnls fix: unknown code %q (docs/DIAGNOSTICS.md lists them)\n", c)
			return exitUsage
		}
		x.opts.Only = append(x.opts.Only, analysis.Code(c))
	}
	if x.opts.Add, bad, ok = fix.ParseAdd(*add); !ok {
		fmt.Fprintf(stderr, "pgnls fix: --add: cannot add tag %q (want eco, opening, variation or plycount)\n", bad)
		return exitUsage
	}
	if *names || *namesFile != "" {
		if len(paths) == 0 {
			fmt.Fprintln(stderr, "pgnls fix: --names counts the names of the files first, so it needs paths, not standard input")
			return exitUsage
		}
		if x.opts.Names, ok = countNames(paths, *namesFile, f.dialect, f.auto, budget(*mem), stderr); !ok {
			return exitUsage
		}
	}
	f.rewrite, f.joined, f.done = x.stream, x.joined, x.done
	return f.run(paths, stdin, *mem)
}

// fixItem is a game fixed, with what the formatter writes of it. It
// keeps of fix.Result only what is reported, not the fixed game's tree:
// the games in flight between the workers and the writer are thousands
// when they are small, and a tree holds ten to a hundred times its text.
type fixItem struct {
	fixed       []fix.Applied
	added       []string
	left        []fix.Left
	res         format.Result
	unformatted string     // with --format, why the fixed game is not formatted
	at          syntax.Pos // and where, in the input game
}

// stream fixes the games of gr, x.jobs at once, while later games are
// still being read, formats them with --format, and calls emit in file
// order.
func (x *fixer) stream(ctx context.Context, gr *syntax.GameReader, emit func(syntax.StreamGame, format.Result)) {
	d := gr.Dialect()
	work := func(it *analysis.StreamItem[fixItem]) {
		r := fix.Game(it.Game.Game, d, x.opts)
		item := fixItem{fixed: r.Fixed, added: r.Added, left: r.Left, res: r.Joined()}
		if x.format && r.Skipped == "" {
			// As pgnls fmt does; a game it cannot format is written fixed.
			switch fr := format.Game(r.Game, d, format.Options{}); {
			case fr.Skipped == "":
				item.res = fr
			case fr.Broken:
				item.unformatted, item.at = fr.Skipped, r.Input(fr.At)
			}
		}
		it.Value = item
	}
	analysis.EachGame(ctx, gr, x.jobs, nil, work, func(it *analysis.StreamItem[fixItem]) {
		x.cur = it.Value
		emit(it.Game, it.Value.res)
	})
}

// joined reports on the game g just written: the fixes it got, or that
// they were dropped because it would merge with the game before it.
func (x *fixer) joined(name string, g syntax.StreamGame, dropped bool) {
	if dropped {
		line, col := charPos(g, 0)
		fmt.Fprintf(x.out.stderr, "%s:%d:%d: game left unfixed: its fixed text would merge with the game before it\n", name, line, col)
		return
	}
	if x.cur.unformatted != "" {
		line, col := charPos(g, x.cur.at)
		fmt.Fprintf(x.out.stderr, "%s:%d:%d: game fixed, left unformatted: %s\n", name, line, col, x.cur.unformatted)
	}
	for _, a := range x.cur.fixed {
		x.fixed[a.Code]++
	}
	for _, t := range x.cur.added {
		x.added[t]++
	}
	for _, l := range x.cur.left {
		line, col := charPos(g, l.Diagnostic.Span.Start)
		msg, _, _ := strings.Cut(l.Diagnostic.Message, "\n")
		fmt.Fprintf(x.out.stderr, "%s:%d:%d: not fixed: %s: %s (%s)\n", name, line, col, l.Diagnostic.Code, msg, l.Reason)
	}
}

// done prints what was fixed in the file name, by code.
func (x *fixer) done(name string) {
	if len(x.added) > 0 {
		var parts []string
		for _, t := range fix.Addable {
			if n := x.added[t]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, t))
			}
		}
		fmt.Fprintf(x.out.stderr, "%s: added %s\n", name, strings.Join(parts, ", "))
		clear(x.added)
	}
	if len(x.fixed) == 0 {
		return
	}
	var parts []string
	for _, c := range slices.Sorted(maps.Keys(x.fixed)) {
		parts = append(parts, fmt.Sprintf("%d %s", x.fixed[c], c))
	}
	fmt.Fprintf(x.out.stderr, "%s: fixed %s\n", name, strings.Join(parts, ", "))
	clear(x.fixed)
}
