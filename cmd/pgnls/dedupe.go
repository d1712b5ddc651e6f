package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

const dedupeUsage = `Usage: pgnls dedupe [flags] PATH...

Remove the repeated games of the files given: keep one game of each set
of duplicates and near-duplicates, as pgnls check --duplicates finds
them across all the files (the same main line, or one beginning the
other's between the same players: a truncated copy), and write the
others to the file of removed games. The game kept is the most
complete: the longest main line, then the most annotations (comments,
variations, NAGs and glyphs, [%...] commands), then the most tags, then
the earliest. Tags that only a removed copy has are added to the kept
game, after its last tag, as the copy writes them; a tag whose values
differ is reported and the kept game's value stays. Two games that both
begin with a shorter third one are different games: each is kept, and
the shorter game goes with the longest of them.

Every other byte is left as it is: a removed game's text goes to the
file of removed games exactly as it was read, in the order of the
input, so the files kept and the removed games hold every game given.
A directory is searched recursively for *.pgn and *.ctl-pgn files. The
files are read twice (the first time to find the sets), so standard
input is not read. Standard error gets one line per game removed and
per tag merged or in conflict, and a summary.

Exit status: 0 on success; 1 when -l or -d found a file to change; 2 on
a usage or I/O error, or when a file changed between the two readings
(it is then not rewritten).

Flags:
  -l              list the files that removing duplicates changes
  -d              print a unified diff of the changes
  -w              write the result back to the files (atomically,
                  keeping their encoding, mode and links; not for
                  compressed files); needs --removed
  --removed FILE  append the removed games to FILE (made when missing),
                  unless only -l or -d is given: nothing is removed then
  --dialect D     auto (default), pgn or ctl-pgn
  --memory SIZE   the peak memory to stay under (default 128MiB, or
                  GOMEMLIMIT when set), as pgnls check --memory: the
                  fingerprints of the games spill to $TMPDIR beyond a
                  quarter of it, the sets of repeated games and what
                  happens to each (the tags merged, the messages)
                  beyond an eighth
  -j, --jobs N    read N games at once (default 0: one per core)
`

// deduper holds one dedupe run.
type deduper struct {
	list, diff, write bool
	removedPath       string
	dialect           syntax.Dialect
	auto              bool
	jobs              int
	stdout, stderr    io.Writer
	failed, differs   bool

	files  []dedupeFile
	games  int64      // games read so far
	scores *spill.Log // a scoreSize record per game
	tags   *spill.Log // the tags of the games, as the scores point at them
	seed   maphash.Seed
	sets   duplicates.Sets
	// acts is what happens to each game of a set, sorted by game on disk
	// past the budget (see resolve), read back in order by actionOf;
	// touched tells the files with such games, by index.
	acts    *spill.Sorter[actRec]
	actText *spill.Log
	actions *spill.Reader[actRec]
	next    actRec // the next action of actions; next.n < 0 after the last
	touched []bool

	removed     *bufio.Writer // the file of removed games, or nil
	removedFile *os.File
	removedTail byte // its last byte written, 0 for none
	nRemoved    int
	nMerged     int
	nConflicts  int
}

// dedupeFile is a file read, in the order read.
type dedupeFile struct {
	path       string
	info       fs.FileInfo
	first      int64 // the number of its first game among all
	games      int64
	compressed bool
}

// dedupeAction is what happens to a game of a set.
type dedupeAction struct {
	kept  int64 // for a game removed: the game kept; -1 for the game kept
	add   []duplicates.TagText
	notes []string // lines for standard error, after "file:line: "
}

// actRec is the place in d.actText of the action of game n.
type actRec struct {
	n, off int64
	len    int32
}

var actFormat = spill.Format[actRec]{
	Size: 8 + 8 + 4,
	Put: func(b []byte, r *actRec) {
		binary.LittleEndian.PutUint64(b[0:], uint64(r.n))
		binary.LittleEndian.PutUint64(b[8:], uint64(r.off))
		binary.LittleEndian.PutUint32(b[16:], uint32(r.len))
	},
	Get: func(b []byte, r *actRec) {
		r.n, r.off, r.len = int64(binary.LittleEndian.Uint64(b[0:])), int64(binary.LittleEndian.Uint64(b[8:])), int32(binary.LittleEndian.Uint32(b[16:]))
	},
	Compare: func(a, b *actRec) int { return cmp.Compare(a.n, b.n) },
}

// score is what the first reading keeps of each game, on disk.
type score struct {
	c       duplicates.Completeness
	line    int64 // of its first tag or move
	tagsAt  int64
	tagsLen int32
	hash    uint64 // of its text
}

const scoreSize = 3*4 + 8 + 8 + 4 + 8

func dedupeVerb(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("dedupe", flag.ContinueOnError)
	d := &deduper{stdout: stdout, stderr: stderr, seed: maphash.MakeSeed()}
	fl.BoolVar(&d.list, "l", false, "")
	fl.BoolVar(&d.diff, "d", false, "")
	fl.BoolVar(&d.write, "w", false, "")
	fl.StringVar(&d.removedPath, "removed", "", "")
	dialect := fl.String("dialect", "auto", "")
	mem := memoryFlag(fl)
	jobs := jobsFlag(fl)
	paths, code := parseFlags(fl, dedupeUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	d.jobs = int(*jobs)
	b := budget(*mem)
	var ok bool
	if d.dialect, d.auto, ok = parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls dedupe: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	switch {
	case len(paths) == 0:
		fmt.Fprint(stderr, "pgnls dedupe: no paths: the files are read twice, so standard input is not read\n\n"+dedupeUsage)
		return exitUsage
	case d.write && d.removedPath == "":
		fmt.Fprintln(stderr, "pgnls dedupe: -w needs --removed FILE, where the removed games go")
		return exitUsage
	}
	defer d.close()
	if !d.find(paths, b) {
		return exitUsage
	}
	if !d.resolve(b) {
		return exitUsage
	}
	if d.removedPath != "" && (d.write || !d.list && !d.diff) && d.sets.Len() > 0 {
		f, err := os.OpenFile(d.removedPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			d.ioError(err)
			return exitUsage
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Size() > 0 {
			d.removedTail = '?' // not known to end a line
			var last [1]byte
			if r, err := os.Open(d.removedPath); err == nil {
				if _, err := r.ReadAt(last[:], info.Size()-1); err == nil {
					d.removedTail = last[0]
				}
				r.Close()
			}
		}
		d.removedFile, d.removed = f, bufio.NewWriterSize(f, 1<<16)
	}
	for i := range d.files {
		d.rewrite(&d.files[i])
	}
	if d.removed != nil {
		if err := d.flushRemoved(); err != nil {
			d.ioError(err)
		}
	}
	fmt.Fprintf(stderr, "pgnls dedupe: %s removed of %s; %s merged, %s\n",
		plural(d.nRemoved, "game", "games"), plural(int(d.games), "game", "games"),
		plural(d.nMerged, "tag", "tags"), plural(d.nConflicts, "tag conflict", "tag conflicts"))
	switch {
	case d.failed:
		return exitUsage
	case d.differs && (d.list || d.diff):
		return exitProblems
	}
	return exitOK
}

// close removes the files of the scores, tags and actions.
func (d *deduper) close() {
	for _, l := range []*spill.Log{d.scores, d.tags, d.actText} {
		if l != nil {
			l.Close()
		}
	}
	if d.actions != nil {
		d.actions.Close()
	}
}

func (d *deduper) ioError(err error) {
	fmt.Fprintf(d.stderr, "pgnls dedupe: %v\n", err)
	d.failed = true
}

// find reads every file of paths once, finds the repeated games and
// keeps the score of every game; false on an error that stops the run.
func (d *deduper) find(paths []string, b int64) bool {
	dir := tempDir()
	d.scores, d.tags = spill.NewLog(dir), spill.NewLog(dir)
	d.sets = duplicates.Sets{Dir: dir, Budget: setsShare(b)}
	rep := checks.NewRepeatsBounded(fingerprintShare(b), dir)
	defer rep.Close()
	rep.Found = func(p duplicates.Place, f duplicates.Finding, other duplicates.Place) {
		d.sets.Add(d.files[p.Stream].first+p.Number, d.files[other.Stream].first+other.Number, f.Kind)
	}
	cfg := analysis.DefaultConfig()
	var removedID input.ID
	hasRemoved := false
	if d.removedPath != "" {
		if info, err := os.Stat(d.removedPath); err == nil {
			removedID, hasRemoved = input.IDOf(d.removedPath, info), true
		}
	}
	walker := input.NewWalker()
	ok := true
	for _, root := range paths {
		for file, err := range walker.Walk(root) {
			if err != nil {
				d.ioError(err)
				ok = false
				continue
			}
			if hasRemoved && file.ID == removedID {
				fmt.Fprintf(d.stderr, "pgnls dedupe: %s is the file of removed games (--removed); it is not read\n", file.Path)
				continue
			}
			if !d.read(rep, file, cfg) {
				ok = false
			}
		}
	}
	if !ok {
		return false
	}
	if err := rep.Finish(cfg, func(checks.Late) {}); err != nil {
		d.ioError(err)
		return false
	}
	return true
}

// read reads the games of one file for find.
func (d *deduper) read(rep *checks.Repeats, file input.File, cfg *analysis.Config) bool {
	t, err := input.Open(file.Path)
	if err != nil {
		d.ioError(err)
		return false
	}
	defer t.Close()
	if d.write && t.Compression != "" {
		fmt.Fprintf(d.stderr, "pgnls dedupe: %s: -w does not rewrite %s archives; nothing is written (give its text: pgnls dedupe FILE > NEW)\n", file.Path, t.Compression)
		return false
	}
	f := dedupeFile{path: file.Path, info: file.Info, first: d.games, compressed: t.Compression != ""}
	d.files = append(d.files, f)
	var again func(off int64, n int) (string, bool)
	if t.Compression == "" {
		again = reread(file.Path)
	}
	gr := t.Games(d.dialect, d.auto)
	rep.StreamFile(file.Path, gr.Name(), again)
	var buf [scoreSize]byte
	checks.CheckStreamRepeats(context.Background(), gr, d.jobs, cfg, nil, rep, func(g syntax.StreamGame, _ []analysis.Diagnostic) {
		s := score{c: duplicates.CompletenessOf(g.Game), hash: maphash.String(d.seed, g.Game.Text)}
		line, _ := charPos(g, duplicates.Span(g.Game).Start)
		s.line = int64(line)
		var tb []byte
		for _, t := range duplicates.TagsOf(g.Game) {
			for _, x := range [...]string{t.Name, t.Value, t.Raw} {
				tb = binary.AppendUvarint(tb, uint64(len(x)))
				tb = append(tb, x...)
			}
		}
		s.tagsAt, s.tagsLen = d.tags.Append(tb), int32(len(tb))
		putScore(buf[:], &s)
		d.scores.Append(buf[:])
		d.games++
	})
	if err := gr.Err(); err != nil {
		d.ioError(err)
		return false
	}
	d.files[len(d.files)-1].games = d.games - f.first
	return true
}

func putScore(b []byte, s *score) {
	b = binary.LittleEndian.AppendUint32(b[:0], uint32(s.c.Plies))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.c.Annotations))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.c.Tags))
	b = binary.LittleEndian.AppendUint64(b, uint64(s.line))
	b = binary.LittleEndian.AppendUint64(b, uint64(s.tagsAt))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.tagsLen))
	binary.LittleEndian.AppendUint64(b, s.hash)
}

// score returns the score of game n.
func (d *deduper) score(n int64) score {
	var b [scoreSize]byte
	if err := d.scores.ReadAt(b[:], n*scoreSize); err != nil {
		d.ioError(err)
		return score{}
	}
	le := binary.LittleEndian
	return score{
		c:    duplicates.Completeness{Plies: int(le.Uint32(b[0:])), Annotations: int(le.Uint32(b[4:])), Tags: int(le.Uint32(b[8:]))},
		line: int64(le.Uint64(b[12:])), tagsAt: int64(le.Uint64(b[20:])), tagsLen: int32(le.Uint32(b[28:])),
		hash: le.Uint64(b[32:]),
	}
}

// tagsOf returns the tags of the game whose score is s.
func (d *deduper) tagsOf(s score) []duplicates.TagText {
	b := make([]byte, s.tagsLen)
	if err := d.tags.ReadAt(b, s.tagsAt); err != nil {
		d.ioError(err)
		return nil
	}
	var out []duplicates.TagText
	for len(b) > 0 {
		var x [3]string
		for i := range x {
			n, k := binary.Uvarint(b)
			x[i], b = string(b[k:k+int(n)]), b[k+int(n):]
		}
		out = append(out, duplicates.TagText{Name: x[0], Value: x[1], Raw: x[2]})
	}
	return out
}

// where names game n in a message on a game of file: "game 3 (line 40)",
// followed by the file's name when it is another.
func (d *deduper) where(n int64, s score, file *dedupeFile) string {
	i := sort.Search(len(d.files), func(i int) bool { return d.files[i].first > n }) - 1
	w := duplicates.Where(int(n-d.files[i].first), int(s.line))
	if &d.files[i] != file {
		w += " of " + d.files[i].path
	}
	return w
}

// fileOf returns the file of game n.
func (d *deduper) fileOf(n int64) *dedupeFile {
	i := sort.Search(len(d.files), func(i int) bool { return d.files[i].first > n }) - 1
	return &d.files[i]
}

// setsShare is the part of the budget b for the sets of repeated games
// of dedupe and for what happens to each game (duplicates.Sets, the
// actions); past it they spill to disk. Tests make it tiny.
var setsShare = func(b int64) int64 { return b / 8 }

// resolve chooses the game kept of every set and the tags it gets, and
// sorts what happens to each game by game, within the budget b; false
// on an error that stops the run.
func (d *deduper) resolve(b int64) bool {
	dir := tempDir()
	d.acts, d.actText = spill.NewSorter(dir, setsShare(b)/2, actFormat), spill.NewLog(dir)
	d.touched = make([]bool, len(d.files))
	better := func(a, b int64) bool {
		c := d.score(a).c.Compare(d.score(b).c)
		return c > 0 || c == 0 && a < b
	}
	err := d.sets.Resolve(better, func(kept int64, removed []int64) {
		ks := d.score(kept)
		kf := d.fileOf(kept)
		ka := &dedupeAction{kept: -1}
		copies := make([][]duplicates.TagText, len(removed))
		for i, r := range removed {
			rs := d.score(r)
			rf := d.fileOf(r)
			kind := "a duplicate"
			if rs.c.Plies < ks.c.Plies {
				kind = fmt.Sprintf("a truncated copy (%d half-moves of %d)", rs.c.Plies, ks.c.Plies)
			}
			d.addAction(r, &dedupeAction{kept: kept, notes: []string{
				fmt.Sprintf("removed: %s of %s, kept", kind, d.where(kept, ks, rf)),
			}})
			copies[i] = d.tagsOf(rs)
		}
		add, conflicts := duplicates.MergeTags(d.tagsOf(ks), copies)
		for _, t := range add {
			from := removed[0]
			for i, c := range copies {
				if containsTag(c, t) {
					from = removed[i]
					break
				}
			}
			ka.add = append(ka.add, t)
			ka.notes = append(ka.notes, fmt.Sprintf("kept game: tag %s %q added from %s", t.Name, t.Value, d.where(from, d.score(from), kf)))
		}
		for _, c := range conflicts {
			r := removed[c.From]
			ka.notes = append(ka.notes, fmt.Sprintf("kept game: tag %s is %q here and %q in %s, removed; left as it is", c.Name, c.Kept, c.Copy, d.where(r, d.score(r), kf)))
		}
		d.addAction(kept, ka)
	})
	if err != nil {
		d.ioError(err)
		return false
	}
	d.actions, d.acts = d.acts.Sort(), nil
	var ok bool
	if d.next, ok = d.actions.Next(); !ok {
		d.next.n = -1
	}
	return true
}

// addAction sorts the action a of game n.
func (d *deduper) addAction(n int64, a *dedupeAction) {
	b := binary.AppendVarint(nil, a.kept)
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	b = binary.AppendUvarint(b, uint64(len(a.add)))
	for _, t := range a.add {
		str(t.Name)
		str(t.Value)
		str(t.Raw)
	}
	b = binary.AppendUvarint(b, uint64(len(a.notes)))
	for _, note := range a.notes {
		str(note)
	}
	d.acts.Add(actRec{n: n, off: d.actText.Append(b), len: int32(len(b))})
	d.touched[sort.Search(len(d.files), func(i int) bool { return d.files[i].first > n })-1] = true
}

// actionOf returns the action of game n, or nil; it is asked for the
// games in order.
func (d *deduper) actionOf(n int64) *dedupeAction {
	for d.next.n >= 0 && d.next.n < n {
		var ok bool
		if d.next, ok = d.actions.Next(); !ok {
			if err := d.actions.Err(); err != nil {
				d.ioError(err)
			}
			d.next.n = -1
		}
	}
	if d.next.n != n {
		return nil
	}
	b := make([]byte, d.next.len)
	if err := d.actText.ReadAt(b, d.next.off); err != nil {
		d.ioError(err)
		return nil
	}
	a := &dedupeAction{}
	kept, k := binary.Varint(b)
	a.kept, b = kept, b[k:]
	num := func() int {
		v, k := binary.Uvarint(b)
		b = b[k:]
		return int(v)
	}
	str := func() string {
		l := num()
		s := string(b[:l])
		b = b[l:]
		return s
	}
	for range num() {
		a.add = append(a.add, duplicates.TagText{Name: str(), Value: str(), Raw: str()})
	}
	for range num() {
		a.notes = append(a.notes, str())
	}
	return a
}

func containsTag(tags []duplicates.TagText, t duplicates.TagText) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

// rewrite reads file again and writes it without its removed games, the
// kept games with their tags added; the removed games go to the file of
// removed games.
func (d *deduper) rewrite(file *dedupeFile) {
	if !d.touches(file) {
		return
	}
	t, err := input.Open(file.path)
	if err != nil {
		d.ioError(err)
		return
	}
	defer t.Close()
	var out io.Writer = io.Discard
	var stdout *bufio.Writer
	var rep *input.Replacement
	var u *diff.UnifiedWriter
	var dw *bufio.Writer
	switch {
	case d.write:
		switch rep, err = input.Replace(file.path, file.info); {
		case errors.Is(err, input.ErrNotWritable):
			fmt.Fprintf(d.stderr, "pgnls dedupe: %s: the file is not writable; it is left as it is\n", file.path)
			d.failed = true
			return
		case err != nil:
			d.ioError(err)
			return
		}
		tempFile(rep.TempName())
		defer untempFile(rep.TempName())
		defer rep.Close()
		stdout = bufio.NewWriterSize(rep, 1<<16)
		out = stdout
	case !d.list && !d.diff:
		stdout = bufio.NewWriterSize(d.stdout, 1<<16)
		out = stdout
	}
	if d.diff {
		dw = bufio.NewWriterSize(d.stdout, 1<<16)
		u = diff.NewUnifiedWriter(dw, file.path+".orig", file.path)
		u.Dir = tempDir()
	}
	write := d.removed != nil && (d.write || !d.list && !d.diff)
	gr := t.Games(d.dialect, d.auto)
	n := file.first
	var tail byte // the last byte written
	changed, bad := false, false
	for g, ok := gr.Next(); ok; g, ok = gr.Next() {
		if n >= file.first+file.games || d.score(n).hash != maphash.String(d.seed, g.Game.Text) {
			bad = true
			break
		}
		text := g.Game.Text
		var edits []syntax.Edit
		a := d.actionOf(n)
		if a != nil {
			line, _ := charPos(g, duplicates.Span(g.Game).Start)
			for _, note := range a.notes {
				fmt.Fprintf(d.stderr, "%s:%d: %s\n", file.path, line, note)
			}
		}
		switch {
		case a != nil && a.kept >= 0:
			changed = true
			d.nRemoved++
			edits = []syntax.Edit{{Span: syntax.Span{End: syntax.Pos(len(text))}}}
			if write {
				d.writeRemoved(text)
			}
			text = ""
		case a != nil:
			var add []duplicates.TagText
			for _, t := range a.add {
				if duplicates.SameEncoding(t.Raw, g.Game.Text) {
					add = append(add, t)
				} else {
					line, _ := charPos(g, duplicates.Span(g.Game).Start)
					fmt.Fprintf(d.stderr, "%s:%d: kept game: tag %s not added: its text is in another encoding\n", file.path, line, t.Name)
				}
			}
			d.nMerged += len(add)
			var pairs []string
			for _, t := range add {
				pairs = append(pairs, t.Raw)
			}
			edits = append(edits, tags.Append(g.Game, pairs)...)
			if len(edits) > 0 {
				changed = true
				text = syntax.ApplyEdits(text, edits)
			}
			d.nConflicts += len(a.notes) - len(a.add)
		}
		// A game that followed a removed one on the line where it ended
		// would now follow the game before: a line end keeps it apart.
		if text != "" && tail != 0 && tail != '\n' && tail != '\r' && text[0] != '\n' && text[0] != '\r' && changed {
			nl := analysis.LineEnd(g.Game)
			text = nl + text
			edits = append([]syntax.Edit{{New: nl}}, edits...)
		}
		if text != "" {
			io.WriteString(out, text)
			tail = text[len(text)-1]
		}
		if u != nil {
			u.Add(g.Game.Text, edits)
		}
		n++
	}
	if err := gr.Err(); err != nil {
		d.ioError(err)
		return
	}
	if bad || n != file.first+file.games {
		fmt.Fprintf(d.stderr, "pgnls dedupe: %s changed since it was read; it is left as it is\n", file.path)
		d.failed = true
		return
	}
	if u != nil {
		if err := u.Close(); err != nil {
			d.ioError(err)
		}
		if err := dw.Flush(); err != nil {
			d.ioError(err)
		}
	}
	if stdout != nil {
		if err := stdout.Flush(); err != nil {
			d.ioError(err)
			return
		}
	}
	if changed {
		d.differs = true
		if d.list {
			fmt.Fprintln(d.stdout, file.path)
		}
	}
	if rep != nil && changed {
		// The removed games are on disk before the file loses them.
		if err := d.flushRemoved(); err != nil {
			d.ioError(err)
			return
		}
		if err := rep.Commit(); err != nil {
			d.ioError(err)
		}
	}
}

// touches reports whether some game of file is in a set; a file that
// none is is printed as it is without flags.
func (d *deduper) touches(file *dedupeFile) bool {
	if !d.write && !d.list && !d.diff {
		return true
	}
	for i := range d.files {
		if &d.files[i] == file {
			return d.touched[i]
		}
	}
	return false
}

// writeRemoved appends the text of a removed game to the file of removed
// games, on a line of its own.
func (d *deduper) writeRemoved(text string) {
	if d.removedTail != 0 && d.removedTail != '\n' && d.removedTail != '\r' && !strings.HasPrefix(text, "\n") && !strings.HasPrefix(text, "\r") {
		d.removed.WriteString("\n")
	}
	d.removed.WriteString(text)
	d.removedTail = text[len(text)-1]
}

// flushRemoved writes the removed games out to the disk.
func (d *deduper) flushRemoved() error {
	if err := d.removed.Flush(); err != nil {
		return err
	}
	return d.removedFile.Sync()
}
