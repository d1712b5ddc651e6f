package workspace

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pgnls/pgnls/analysis/input"
	"github.com/pgnls/pgnls/analysis/match"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// Options configure an Index.
type Options struct {
	// CacheDir is the directory of the table files of the game files;
	// "" means pgnls/workspace under os.UserCacheDir. When it cannot be
	// made, the tables go to a temporary directory and last as long as
	// the Index.
	CacheDir string
	// Memory is the budget of the postings of a file being indexed, in
	// bytes, beyond which they are sorted on disk; 0 means 32 MiB.
	Memory int64
	// Dialect is the dialect of every file, unless Auto is set: then it
	// is told per file by its name and first tag.
	Dialect syntax.Dialect
	Auto    bool
	// Jobs is the number of games indexed at once; 0 means one per
	// core. A server indexing while the user types leaves it cores.
	Jobs int
	// Yield, when set, is called by Build between batches of games, and
	// Build waits while it runs: a server holds the index back while the
	// user types.
	Yield func()
}

// An Index is the index of the games of some folders and of the open
// documents. Its methods may be called from any number of goroutines;
// Build runs while the others answer from the files indexed so far.
type Index struct {
	opts  Options
	cache string     // the directory of the table files
	temp  *spill.Dir // the overlays' tables, the sorts' runs, and the tables when cache is not usable

	mu       sync.Mutex
	roots    []string
	files    map[string]*entry // by game file path
	overlays map[string]*overlay
	building sync.Mutex // one Build at a time
	// overlayBuild holds a token while an open document is indexed: one
	// at a time, so that the index of documents being edited keeps to a
	// core.
	overlayBuild chan struct{}
}

// entry is a game file of the folders and its table file.
type entry struct {
	path        string
	size, mtime int64
	table       string
	games       int
	err         string // the error that stopped its reading, if any
}

// overlay is an open document: the index answers for its text. Its
// table is made on a goroutine of its own, started by the first
// question after the edit; until it is ready, questions that must not
// wait are answered from the table of the version before (prev).
type overlay struct {
	file *syntax.File
	once sync.Once
	done chan struct{} // closed when x and err are set
	x    *entry
	err  error
	prev *entry // the previous version's table, if it was made
	// started is set when the table is being made (or was).
	started atomic.Bool
}

// New returns an empty Index.
func New(opts Options) *Index {
	if opts.Memory <= 0 {
		opts.Memory = 32 << 20
	}
	ix := &Index{opts: opts, temp: spill.NewDir(), files: map[string]*entry{}, overlays: map[string]*overlay{}, overlayBuild: make(chan struct{}, 1)}
	ix.cache = opts.CacheDir
	if ix.cache == "" {
		if d, err := os.UserCacheDir(); err == nil {
			ix.cache = filepath.Join(d, "pgnls", "workspace")
		}
	}
	if ix.cache != "" && os.MkdirAll(ix.cache, 0o700) != nil {
		ix.cache = ""
	}
	return ix
}

// jobs returns the number of games indexed at once, and of the sorts
// run at once.
func (ix *Index) jobs() int {
	if ix.opts.Jobs > 0 {
		return ix.opts.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// Close removes the temporary files of the index; its cache stays.
func (ix *Index) Close() error { return ix.temp.Remove() }

// SetRoots sets the folders (or files) whose game files the index
// holds; Build reads them.
func (ix *Index) SetRoots(roots []string) {
	ix.mu.Lock()
	ix.roots = slices.Clone(roots)
	ix.mu.Unlock()
}

// Progress is called by Build as it goes: the bytes of the game files
// indexed or found in the cache so far, and of all of them.
type Progress func(done, total int64)

// Stats tell what Build did.
type Stats struct {
	Files   int // game files in the folders
	Indexed int // of them, read and indexed (the others were in the cache)
	Spilled int // of those, the files whose postings outgrew the budget and were sorted on disk
	Games   int // games in all the files
	Errors  []error
}

// Build brings the index up to date with the game files of the roots:
// a file indexed before (in this process or, through the cache, in an
// earlier one) with the same size and modification time is kept, the
// others are read and indexed, and the files gone are dropped. It stops
// when ctx is done, keeping the files done so far.
func (ix *Index) Build(ctx context.Context, progress Progress) (Stats, error) {
	ix.building.Lock()
	defer ix.building.Unlock()
	ix.mu.Lock()
	roots := slices.Clone(ix.roots)
	ix.mu.Unlock()
	var st Stats
	var found []input.File
	var total int64
	w := input.NewWalker()
	for _, r := range roots {
		for f, err := range w.Walk(r) {
			if err != nil {
				st.Errors = append(st.Errors, err)
				continue
			}
			if f.Info.IsDir() || !input.IsGameFile(f.Path) {
				continue
			}
			found = append(found, f)
			total += f.Info.Size()
		}
	}
	st.Files = len(found)
	seen := map[string]bool{}
	var done int64
	var sorters []*spill.Sorter[posting] // the last file's, for the next
	for _, f := range found {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		path := f.Path
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		seen[path] = true
		size, mtime := f.Info.Size(), f.Info.ModTime().UnixNano()
		ix.mu.Lock()
		e := ix.files[path]
		ix.mu.Unlock()
		if e == nil || e.size != size || e.mtime != mtime {
			var indexed, spilled bool
			var err error
			e, indexed, spilled, err = ix.fileEntry(ctx, path, size, mtime, &sorters)
			if err != nil {
				if ctx.Err() != nil {
					return st, ctx.Err()
				}
				st.Errors = append(st.Errors, err)
				continue
			}
			if indexed {
				st.Indexed++
			}
			if spilled {
				st.Spilled++
			}
			ix.mu.Lock()
			ix.files[path] = e
			ix.mu.Unlock()
		}
		if e.err != "" {
			st.Errors = append(st.Errors, fmt.Errorf("%s: %s", path, e.err))
		}
		st.Games += e.games
		done += size
		if progress != nil {
			progress(done, total)
		}
	}
	ix.mu.Lock()
	for p := range ix.files {
		if !seen[p] {
			delete(ix.files, p)
		}
	}
	ix.mu.Unlock()
	return st, nil
}

// tablePath returns the path of the cache's table file of a game file.
func (ix *Index) tablePath(path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(ix.cache, hex.EncodeToString(sum[:16])+".idx")
}

// fileEntry returns the entry of the game file at path: its table in
// the cache when it is there for this size and modification time, else
// a table made now (indexed true), sorting its postings with the
// sorters *sorters when there are (see newBuilder), which it leaves
// there for the next file.
func (ix *Index) fileEntry(ctx context.Context, path string, size, mtime int64, sorters *[]*spill.Sorter[posting]) (e *entry, indexed, spilled bool, err error) {
	if ix.cache != "" {
		tp := ix.tablePath(path)
		if t, err := openTable(tp); err == nil {
			h := t.h
			t.close()
			if h.Path == path && h.Size == size && h.ModTime == mtime {
				return &entry{path: path, size: size, mtime: mtime, table: tp, games: h.Games, err: h.Err}, false, false, nil
			}
		}
	}
	text, err := input.Open(path)
	if err != nil {
		return nil, false, false, err
	}
	defer text.Close()
	gr := text.Games(ix.opts.Dialect, ix.opts.Auto)
	gr.DropTokens()
	h := header{Path: path, Size: size, ModTime: mtime, Dialect: gr.Dialect().String()}
	e = &entry{path: path, size: size, mtime: mtime}
	var out *os.File
	if ix.cache != "" {
		out, err = os.CreateTemp(ix.cache, ".building-*")
	} else {
		out, err = ix.temp.Create("table")
	}
	if err != nil {
		return nil, false, false, err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(out.Name())
		}
	}()
	b, err := newBuilder(ix.temp, ix.opts.Memory, ix.jobs(), size, *sorters)
	*sorters = nil
	if err != nil {
		return nil, false, false, err
	}
	err = indexGames(ctx, gr.Dialect(), ix.opts.Jobs, ix.opts.Yield, gr.Next, b.add)
	if err != nil {
		b.close()
		return nil, false, false, err
	}
	if rerr := gr.Err(); rerr != nil {
		h.Err = rerr.Error()
		e.err = h.Err
	}
	e.games = b.games
	if err = b.finish(out, h); err != nil {
		return nil, false, false, err
	}
	*sorters = b.reuse()
	if err = out.Close(); err != nil {
		return nil, false, false, err
	}
	e.table = out.Name()
	if ix.cache != "" {
		tp := ix.tablePath(path)
		if err = os.Rename(out.Name(), tp); err != nil {
			return nil, false, false, err
		}
		e.table = tp
	}
	return e, true, b.spilled, nil
}

// SetOverlays sets the open documents, by path: the index answers for
// their text instead of their files' (a document not in a folder is
// searched too). A document whose *syntax.File is the one given before
// keeps its table; an edited one (a new File) is indexed again when next
// asked, and a closed one is forgotten.
func (ix *Index) SetOverlays(docs map[string]*syntax.File) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for p, o := range ix.overlays {
		if docs[p] == o.file {
			continue
		}
		delete(ix.overlays, p)
		var prev *entry
		if f := docs[p]; f != nil {
			prev = o.latest()
			ix.overlays[p] = &overlay{file: f, done: make(chan struct{}), prev: prev}
		}
		o.retire(prev)
	}
	for p, f := range docs {
		if ix.overlays[p] == nil {
			ix.overlays[p] = &overlay{file: f, done: make(chan struct{})}
		}
	}
}

// latest returns the overlay's table if it is made, else the one before.
func (o *overlay) latest() *entry {
	select {
	case <-o.done:
		if o.x != nil {
			return o.x
		}
	default:
	}
	return o.prev
}

// retire removes the tables of a replaced overlay but keep, which its
// successor answers from until its own is made. A table still open is
// still read; a question that has not opened it yet skips it.
func (o *overlay) retire(keep *entry) {
	o.once.Do(func() { close(o.done) }) // never made now
	go func() {
		<-o.done // the table being made, if it is
		for _, e := range []*entry{o.x, o.prev} {
			if e != nil && e != keep {
				os.Remove(e.table)
			}
		}
	}()
}

// start makes the overlay's table on a goroutine of its own, once.
func (o *overlay) start(ix *Index, path string) {
	o.once.Do(func() {
		o.started.Store(true)
		go func() {
			defer close(o.done)
			ix.overlayBuild <- struct{}{} // one at a time
			o.x, o.err = ix.overlayTable(o.file, path)
			<-ix.overlayBuild
			ix.mu.Lock()
			if o.prev != nil && ix.overlays[path] == o {
				os.Remove(o.prev.table)
				o.prev = nil
			}
			ix.mu.Unlock()
		}()
	})
}

// overlayTable makes the table of an open document.
func (ix *Index) overlayTable(f *syntax.File, path string) (*entry, error) {
	out, err := ix.temp.Create("overlay")
	if err != nil {
		return nil, err
	}
	defer out.Close()
	b, err := newBuilder(ix.temp, ix.opts.Memory, ix.jobs(), int64(f.Len()), nil)
	if err != nil {
		return nil, err
	}
	next, stop := iter.Pull2(overlayGames(f))
	defer stop()
	each := func() (syntax.StreamGame, bool) {
		_, sg, ok := next()
		return sg, ok
	}
	if err := indexGames(context.Background(), f.Dialect, ix.opts.Jobs, nil, each, b.add); err != nil {
		b.close()
		return nil, err
	}
	games := b.games
	if err := b.finish(out, header{Path: path, Dialect: f.Dialect.String()}); err != nil {
		return nil, err
	}
	return &entry{path: path, table: out.Name(), games: games}, nil
}

// sources returns the tables to search, in order of path: the open
// documents' and the files' not open. It waits up to wait (forever when
// negative) for the tables of the open documents edited since they were
// made, then takes the latest made (the disk's before the first). With
// small set, it starts making the tables of documents of up to
// smallOverlay bytes only: the others are answered for from their
// latest table until a question without it makes theirs.
func (ix *Index) sources(ctx context.Context, wait time.Duration, small bool) ([]*entry, error) {
	ix.mu.Lock()
	overlays := make(map[string]*overlay, len(ix.overlays))
	for p, o := range ix.overlays {
		overlays[p] = o
	}
	var out []*entry
	for p, e := range ix.files {
		if overlays[p] == nil {
			out = append(out, e)
		}
	}
	ix.mu.Unlock()
	deadline := time.Now().Add(wait)
	for p, o := range overlays {
		if !small || o.file.Len() <= smallOverlay {
			o.start(ix, p)
		}
		if o.started.Load() {
			switch {
			case wait < 0:
				select {
				case <-o.done:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			case time.Until(deadline) > 0:
				t := time.NewTimer(time.Until(deadline))
				select {
				case <-o.done:
				case <-t.C:
				case <-ctx.Done():
					t.Stop()
					return nil, ctx.Err()
				}
				t.Stop()
			}
		}
		e := o.latest()
		if e == nil {
			ix.mu.Lock()
			e = ix.files[p]
			ix.mu.Unlock()
		}
		if e != nil {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *entry) int { return cmp.Compare(a.path, b.path) })
	return out, nil
}

// smallOverlay is the size of the open documents whose tables Explore
// makes (and waits for, exploreWait at most) after an edit: a board
// follows the cursor as the user types, and a bigger document would be
// indexed again at every keystroke.
const smallOverlay = 1 << 20

// Location is a place in a file: a 0-based line and a column in UTF-16
// code units.
type Location struct {
	Path      string
	Line, Col int
}

// Game is a game of the workspace.
type Game struct {
	Location        // of its first tag (or move)
	Index    int    // its number in its file, from 0
	Name     string // "White – Black, Event, Date, Result", as the outline names it
	Detail   string // "game N · M moves"
	Result   Result
	Date     string // as PGN writes it, "????.??.??" when not known
}

func gameOf(path string, i int, g *gameRec, str string) Game {
	name, detail, _ := strings.Cut(str, "\n")
	detail, _, _ = strings.Cut(detail, "\x00")
	return Game{Location: Location{Path: path, Line: int(g.line), Col: int(g.col)}, Index: i, Name: name, Detail: detail,
		Result: g.result, Date: dateText(g.date)}
}

// Hit is a game reaching a position.
type Hit struct {
	Game Game
	// Ply is the number of half-moves played to reach the position
	// (0: the game's start).
	Ply int
	// At is where the move reaching the position is (the game's first
	// tag when Ply is 0), Width its length in UTF-16 code units (0 at
	// the start).
	At    Location
	Width int
	// Next is the move played from the position ("" when the game ends
	// there).
	Next string
}

// Reaching returns the games that reach the position pl in their main
// line, by any order of moves, each at the first move reaching it, in
// order of path and of game, at most limit of them (0: all), and how
// many games reach it in all.
func (ix *Index) Reaching(ctx context.Context, pl *query.Place, limit int) ([]Hit, int, error) {
	k := PlaceKey(pl)
	srcs, err := ix.sources(ctx, -1, false)
	if err != nil {
		return nil, 0, err
	}
	var hits []Hit
	total := 0
	for _, e := range srcs {
		err := e.read(func(t *tableFile) error {
			last := int64(-1)
			var mine []posting
			err := t.find(k, func(p *posting) bool {
				if int64(p.game) == last {
					return true
				}
				last = int64(p.game)
				total++
				if limit == 0 || len(hits)+len(mine) < limit {
					mine = append(mine, *p)
				}
				return true
			})
			if err != nil {
				return err
			}
			for _, p := range mine {
				h, err := hitOf(t, e.path, &p, pl)
				if err != nil {
					return err
				}
				hits = append(hits, h)
			}
			return ctx.Err()
		})
		if err != nil {
			return nil, 0, err
		}
	}
	return hits, total, nil
}

// hitOf returns the hit of posting p, of the position pl.
func hitOf(t *tableFile, path string, p *posting, pl *query.Place) (Hit, error) {
	g, str, err := t.game(int(p.game))
	if err != nil {
		return Hit{}, err
	}
	return Hit{Game: gameOf(path, int(p.game), &g, str), Ply: int(p.ply), At: Location{Path: path, Line: int(p.line), Col: int(p.col)}, Width: int(p.width), Next: p.next.text(pl)}, nil
}

// read opens the entry's table and calls fn with it.
func (e *entry) read(fn func(t *tableFile) error) error {
	t, err := openTable(e.table)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // an edited document's, or a file's indexed again meanwhile
	}
	if err != nil {
		return err
	}
	defer t.close()
	if err := fn(t); err != nil {
		return fmt.Errorf("%s: %w", e.path, err)
	}
	return nil
}

// Score counts games by result.
type Score struct {
	Games, WhiteWins, Draws, BlackWins int
}

func (s *Score) add(r Result) {
	s.Games++
	switch r {
	case WhiteWins:
		s.WhiteWins++
	case Draw:
		s.Draws++
	case BlackWins:
		s.BlackWins++
	}
}

// MoveStats are the games playing a move from a position.
type MoveStats struct {
	Move string // as the rules engine writes it (SAN for chess)
	Score
}

// Explorer is what the games of the workspace played from a position.
type Explorer struct {
	Score             // of every game reaching the position
	Moves []MoveStats // the moves played from it, the most played first
	// Recent are the latest games reaching the position, the most
	// recent first (by their Date tag).
	Recent []Hit
}

// exploreWait is how long Explore waits for the index of an edited
// document: small documents are indexed within it.
const exploreWait = 100 * time.Millisecond

// Explore returns the moves the games of the workspace play from the
// position pl (a game that reaches it twice counts once, with the move
// it played the first time) with their scores, and the recent latest
// games reaching it. It waits no more than exploreWait for the open
// documents edited since their last index (a board follows the cursor
// as the user types): past it, it answers from their previous
// version's, and a later question sees the edit.
func (ix *Index) Explore(ctx context.Context, pl *query.Place, recent int) (*Explorer, error) {
	k := PlaceKey(pl)
	srcs, err := ix.sources(ctx, exploreWait, true)
	if err != nil {
		return nil, err
	}
	x := &Explorer{}
	moves := map[nextMove]*Score{}
	type cand struct {
		e *entry
		p posting
		n int // order of the game among all
	}
	var top []cand
	n := 0
	for _, e := range srcs {
		err := e.read(func(t *tableFile) error {
			last := int64(-1)
			return t.find(k, func(p *posting) bool {
				if int64(p.game) == last {
					return true
				}
				last = int64(p.game)
				x.add(p.result)
				if p.next != 0 {
					m := moves[p.next]
					if m == nil {
						m = &Score{}
						moves[p.next] = m
					}
					m.add(p.result)
				}
				n++
				if recent > 0 && (len(top) < recent || p.date > top[len(top)-1].p.date) {
					c := cand{e: e, p: *p, n: n}
					i, _ := slices.BinarySearchFunc(top, c, func(a, b cand) int {
						if a.p.date != b.p.date {
							return cmp.Compare(b.p.date, a.p.date) // most recent first
						}
						return cmp.Compare(a.n, b.n)
					})
					top = slices.Insert(top, i, c)
					if len(top) > recent {
						top = top[:recent]
					}
				}
				return true
			})
		})
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for n, m := range moves {
		x.Moves = append(x.Moves, MoveStats{Move: n.text(pl), Score: *m})
	}
	slices.SortFunc(x.Moves, func(a, b MoveStats) int {
		if a.Games != b.Games {
			return cmp.Compare(b.Games, a.Games)
		}
		return cmp.Compare(a.Move, b.Move)
	})
	for _, c := range top {
		err := c.e.read(func(t *tableFile) error {
			h, err := hitOf(t, c.e.path, &c.p, pl)
			x.Recent = append(x.Recent, h)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return x, nil
}

// Games returns the games of the workspace that text selects, in order
// of path and of game, at most limit of them (0: all). A text that reads
// as a --where expression of pgnls select (White ~ Carlsen and ECO =
// B90..B99) is one, evaluated by analysis/match on the games themselves;
// any other text selects the games whose names (players, event, date,
// result) hold each of its words, in any letter case, from the index.
// The error of a file is returned with the games found in the others.
func (ix *Index) Games(ctx context.Context, text string, limit int) ([]Game, error) {
	q, qerr := match.Compile(match.Spec{Where: text})
	if strings.TrimSpace(text) == "" || qerr != nil {
		return ix.named(ctx, strings.Fields(strings.ToLower(text)), limit)
	}
	return ix.selected(ctx, q, limit)
}

// named returns the games whose names hold every word: those of the
// open documents from their text (no table is needed for names), the
// others from their tables.
func (ix *Index) named(ctx context.Context, words []string, limit int) ([]Game, error) {
	ix.mu.Lock()
	var paths []string
	files := make(map[string]*entry, len(ix.files))
	for p, e := range ix.files {
		paths, files[p] = append(paths, p), e
	}
	docs := make(map[string]*syntax.File, len(ix.overlays))
	for p, o := range ix.overlays {
		docs[p] = o.file
		if ix.files[p] == nil {
			paths = append(paths, p)
		}
	}
	ix.mu.Unlock()
	slices.Sort(paths)
	var out []Game
	var errs []error
	full := func() bool { return limit > 0 && len(out) >= limit }
	take := func(path string, i int, g *gameRec, str string) bool {
		if str == "" {
			return true
		}
		name, _, _ := strings.Cut(str, "\n")
		lower := strings.ToLower(name)
		for _, w := range words {
			if !strings.Contains(lower, w) {
				return true
			}
		}
		out = append(out, gameOf(path, i, g, str))
		return !full()
	}
	for _, p := range paths {
		if full() || ctx.Err() != nil {
			break
		}
		if f := docs[p]; f != nil {
			for i, sg := range overlayGames(f) {
				rec, str, _ := describe(sg, f.Dialect, i)
				if !take(p, i, &rec, str) || ctx.Err() != nil {
					break
				}
			}
			continue
		}
		err := files[p].read(func(t *tableFile) error {
			return t.games(func(i int, g *gameRec, str string) bool { return take(p, i, g, str) })
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// overlayGames yields the games of an open document as a stream of
// them would: with the line of each and the text before it on its line.
func overlayGames(f *syntax.File) iter.Seq2[int, syntax.StreamGame] {
	return func(yield func(int, syntax.StreamGame) bool) {
		for i, r := range f.Games() {
			line := f.Position(r.Start).Line
			if !yield(i, syntax.StreamGame{GameRef: r, Line: line, Prefix: f.Slice(syntax.Span{Start: f.LineStart(line), End: r.Start})}) {
				return
			}
		}
	}
}

// selected returns the games q selects, reading the open documents and
// the game files.
func (ix *Index) selected(ctx context.Context, q *match.Query, limit int) ([]Game, error) {
	ix.mu.Lock()
	var paths []string
	for p := range ix.files {
		paths = append(paths, p)
	}
	docs := make(map[string]*syntax.File, len(ix.overlays))
	for p, o := range ix.overlays {
		docs[p] = o.file
		if ix.files[p] == nil {
			paths = append(paths, p)
		}
	}
	ix.mu.Unlock()
	slices.Sort(paths)
	var out []Game
	var errs []error
	full := func() bool { return limit > 0 && len(out) >= limit }
	take := func(path string, d syntax.Dialect, i int, sg syntax.StreamGame) {
		if q.Match(sg.Game, d) {
			rec, str, _ := describe(sg, d, i)
			if str != "" {
				out = append(out, gameOf(path, i, &rec, str))
			}
		}
	}
	for _, p := range paths {
		if full() || ctx.Err() != nil {
			break
		}
		if f := docs[p]; f != nil {
			for i, sg := range overlayGames(f) {
				if full() || ctx.Err() != nil {
					break
				}
				take(p, f.Dialect, i, sg)
			}
			continue
		}
		text, err := input.Open(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		gr := text.Games(ix.opts.Dialect, ix.opts.Auto)
		if q.TagsOnly() {
			gr.HeadersOnly()
		} else {
			gr.DropTokens()
		}
		for i := 0; !full() && ctx.Err() == nil; i++ {
			sg, ok := gr.Next()
			if !ok {
				break
			}
			take(p, gr.Dialect(), i, sg)
		}
		if err := gr.Err(); err != nil {
			errs = append(errs, err)
		}
		text.Close()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}
