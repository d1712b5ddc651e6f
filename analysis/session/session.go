// Package session is the state of the language server, without the
// protocol, after gopls's cache.Session: one Session holds the open
// documents and their versions, hands out immutable Snapshots of them
// (overlays over the files of the workspace), applies edits to them
// (Change), detects their dialect, keeps the per-document caches of
// features (Memo), and through its Engine the analysis state of their
// games, how that state is carried through edits, when it is analysed,
// and which diagnostics a publication holds. Each change says what it is
// (ChangeKind). The language server (package lsp) decodes the client's
// messages, turns positions into byte offsets, calls the Session once
// per notification, and turns the publications into the protocol's,
// through the Host interface.
//
// Diagnostics are computed in two phases per document version:
//
//  1. At once, in Changed: for each game, its analysis results if the
//     edits left it as it was; else its syntax diagnostics plus the
//     analyzers' diagnostics of the games it replaced, carried through the
//     edits (those an edit overlapped are dropped); plus the file-level
//     ones of the last analysis, carried likewise. Syntax errors thus show
//     at once, and semantic diagnostics neither flicker away while the
//     user types nor point at moved text. After an edit, this is published
//     only when the debounce is longer than InstantAnalysis.
//  2. After the debounce without a newer edit (at once for a text new to
//     the engine: an open, or a dialect change), in the background: the
//     analyzers run on the games not analysed, and the file-level checks
//     on the whole text; the repeated games (package duplicates) follow
//     from the fingerprints the games' states keep, through an index
//     that only the states the edits replaced update (repeats.go). Each
//     edit cancels the previous run. The result is published only if the
//     version analysed is still the document's current one (the Host
//     says).
//
// The state of the games is kept per syntax.Chunk, aligned with the chunks
// of the version phase 1 last saw and tagged with the configuration
// generation. syntax.Reparse replaces a few chunks and shares the others
// by pointer, so their states carry over as they are: an edit costs one
// step per chunk plus the games of the chunks it replaced, never a step
// per game of the file, and each chunk's state counts its diagnostics by
// severity so that the selection of a publication can skip it whole.
//
// Invariant (FuzzCarry): once a version is analysed, its diagnostics are
// those of a fresh analysis of its text, however many edits led to it.
package session

import (
	"context"
	"fmt"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// Document is one version of an open document. A version is immutable;
// its pointer is its identity.
type Document struct {
	URI     string
	Version int32
	File    *syntax.File

	memos *memos // of the open document, shared by its versions (see Memo); nil: none
}

// Host is what the engine needs of the program it runs in.
type Host interface {
	// Publish sends the diagnostics of a version. It is called from the
	// engine's goroutines, one call at a time per document; the groups
	// are valid until it returns.
	Publish(Publication)
	// Progress shows the progress of a long analysis (at least
	// BigAnalysis games); cancel stops it.
	Progress(ctx context.Context, title string, cancel context.CancelFunc) Progress
	// Fault reports a panic in an analyzer (a fault of pgnls): the game
	// then has only its syntax diagnostics.
	Fault(doc *Document, game int, value any, stack []byte)
}

// Progress is one progress report of a long analysis.
type Progress interface {
	Report(done, total int)
	End(message string)
}

// Publication is what the engine publishes for a version.
type Publication struct {
	Doc    *Document
	Groups []Group // by game, in file order, the file-level ones last
	Total  int     // the diagnostics of the version in all, before the limit
	Limit  int     // the limit they were selected under; <= 0: none
	Phase  Phase
	// Complete tells that every game of the version is analysed: Total is
	// final.
	Complete bool
}

// Phase tells what a publication follows.
type Phase string

// The phases.
const (
	PhaseSyntax   Phase = "syntax"   // a change, before its analysis
	PhasePartial  Phase = "partial"  // part of a long analysis
	PhaseAnalysis Phase = "analysis" // an analysis
)

// Tuning constants of the engine.
const (
	// InstantAnalysis is the longest debounce delay after which an edit's
	// analysis is published without its phase-1 publication before it:
	// the analysis of the edited games follows at once, and publishing
	// twice per keystroke would double what a big document sends. An
	// open always publishes phase 1: the first analysis of a big file
	// takes seconds.
	InstantAnalysis = 10 * time.Millisecond
	// BigAnalysis is the number of games from which an analysis shows
	// progress and publishes what it has done: batchInterval after it
	// starts, then at intervals twice as long each time (and at least
	// twice what the last publication took), so that a client sees the
	// first results at once and a long analysis publishes a few times,
	// not every batchInterval: an editor that handles thousands of
	// diagnostics slowly (Emacs took 10 s a publication of a 21 MB
	// database's 2,000) is not kept busy for minutes.
	BigAnalysis   = 1000
	batchInterval = 200 * time.Millisecond
)

// Extra gives file-level diagnostics of a document that only its
// surroundings know of (file-absolute, under cfg).
type Extra func(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic

// Engine owns the diagnostics state of all open documents.
type Engine struct {
	host      Host
	analyzers []*analysis.Analyzer
	debounce  time.Duration
	ctx       context.Context
	wg        sync.WaitGroup

	mu     sync.Mutex
	docs   map[string]*docState
	cfg    *analysis.Config
	cfgGen uint64         // bumped when cfg changes; invalidates the states
	max    int            // diagnostics per publication; <= 0: no limit
	names  *players.Names // the names file of the workspace, or nil
}

// docState is the diagnostics state of one open document.
type docState struct {
	cancel context.CancelFunc // of the pending analysis run
	// file is the version phase 1 last saw; chunks[c] is the state of the
	// games of its chunk c. The slice is replaced, never changed in place,
	// so a reader may keep it after unlocking.
	file   *syntax.File
	chunks []*chunkDiags
	gen    uint64                // the configuration generation of the analysed results
	fileDs []analysis.Diagnostic // file-level diagnostics of file, file-absolute
	// variants is the players' variant names of file's chunks (those of
	// the chunks an edit made anew come with its analysis).
	variants players.Variants
	focus    syntax.Pos // where the last edit was; -1: none
	extra    Extra
	// players keeps the players' names of the document's chunks.
	players players.Cache
	// repeats is the repeated games of the analysed version, and index
	// what finds them from one analysis to the next.
	repeats repeats
	index   repeatIndex

	pub    sync.Mutex // one publication at a time
	groups []Group    // the buffer of the last one
	msgs   duplicates.Messages
}

// NewEngine returns an engine that runs analyzers with the given
// debounce; its analyses stop when ctx is done. (A Session makes one.)
func NewEngine(ctx context.Context, host Host, analyzers []*analysis.Analyzer, debounce time.Duration, cfg *analysis.Config, max int) *Engine {
	return &Engine{host: host, analyzers: analyzers, debounce: debounce, ctx: ctx, docs: make(map[string]*docState), cfg: cfg, max: max}
}

// Configure installs a new analysis configuration and publication limit.
// The states of every document become stale; callers re-analyse the open
// documents with Changed (Session.SetConfig does).
func (e *Engine) Configure(cfg *analysis.Config, max int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.cfg, e.max = cfg, max
	e.cfgGen++
}

// Config returns the configuration in force.
func (e *Engine) Config() *analysis.Config {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.cfg
}

// GameDiagnostics returns the diagnostics of game i of doc, game-relative
// and with their fixes: a fresh analysis of that game alone. (The states
// keep no fixes: a big document's fixes, such as a sorted header per game,
// would take as much memory as its text, and only code actions read them,
// for a game at a time.)
func (e *Engine) GameDiagnostics(doc *Document, i int) []analysis.Diagnostic {
	return analysis.Game(doc.File.Game(i).Game, doc.File.Dialect, e.Config(), e.analyzers)
}

// GameVariants returns the diagnostics of the players' variant names in
// game i of doc (file-absolute, with their fixes), counted across the
// document's games through its cache: only the chunks that doc does not
// share with the version last counted are read.
func (e *Engine) GameVariants(doc *Document, i int) []analysis.Diagnostic {
	e.mu.Lock()
	st, cfg, names := e.state(doc.URI), e.cfg, e.names
	e.mu.Unlock()
	refs := doc.File.Chunks()
	c := sort.Search(len(refs), func(c int) bool { return refs[c].First+refs[c].Chunk.Len() > i })
	if c == len(refs) {
		return nil
	}
	var out []analysis.Diagnostic
	for _, d := range players.FileVariants(doc.File, cfg, names, &st.players).Append(nil, refs[c:c+1], analysis.Hint+1, 0) {
		if doc.File.GameAt(d.Span.Start) == i {
			out = append(out, d)
		}
	}
	return out
}

// SetNames installs the names file of the workspace (players.Names with
// a names file read), which player-name-variant follows from the next
// analysis on.
func (e *Engine) SetNames(n *players.Names) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.names = n
}

// SetExtra installs the extra file-level diagnostics of the document at
// uri, for its next analyses (and its first, when called before it).
func (e *Engine) SetExtra(uri string, x Extra) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.state(uri).extra = x
}

// state returns the state of uri, made if needed; e.mu is held.
func (e *Engine) state(uri string) *docState {
	st := e.docs[uri]
	if st == nil {
		st = &docState{focus: -1}
		e.docs[uri] = st
	}
	return st
}

// fileDiagnostics returns the file-level diagnostics of f under cfg
// (but the repeated games', see repeats.go).
func fileDiagnostics(f *syntax.File, cfg *analysis.Config, x Extra, names *players.Names, cache *players.Cache) ([]analysis.Diagnostic, players.Variants) {
	ds := analysis.FileDiagnostics(f, cfg)
	if x != nil {
		ds = append(ds, x(f, cfg)...)
	}
	analysis.Sort(ds) // the Group of a publication holds them sorted
	// The players' names are counted across the document's games, the
	// chunks an edit did not make read from the cache; their diagnostics
	// are kept by chunk, and placed only when published.
	return ds, players.FileVariants(f, cfg, names, cache)
}

// Changed publishes the phase-1 diagnostics of doc, the document's new
// current version, and schedules its analysis. d tells how doc follows
// from the version the engine saw before (see ChangeKind); a document
// the engine has not seen is Fresh whatever d says.
func (e *Engine) Changed(doc *Document, d Delta) {
	e.mu.Lock()
	st := e.state(doc.URI)
	if st.cancel != nil {
		st.cancel()
	}
	ctx, cancel := context.WithCancel(e.ctx)
	st.cancel = cancel
	cfg, gen := e.cfg, e.cfgGen
	old, oldChunks, oldGen, oldFileDs, variants, extra, names := st.file, st.chunks, st.gen, st.fileDs, st.variants, st.extra, e.names
	e.mu.Unlock()

	f := doc.File
	isFresh := d.Kind == Fresh || old == nil
	edits := d.Edits
	var chunks []*chunkDiags
	var fileDs []analysis.Diagnostic
	if isFresh {
		chunks = freshChunks(f, cfg)
		fileDs, variants = fileDiagnostics(f, cfg, extra, names, &st.players)
	} else {
		chunks = carryChunks(old, oldChunks, oldGen == gen, f, edits, d.Kept, cfg)
		fileDs = oldFileDs
		fileDs = carryAll(fileDs, edits, old.Len())
	}
	focus := syntax.Pos(-1)
	if len(edits) > 0 {
		focus = edits[len(edits)-1].Start
	}

	e.mu.Lock()
	st.file, st.chunks, st.gen, st.fileDs, st.variants, st.focus = f, chunks, gen, fileDs, variants, focus
	e.mu.Unlock()

	if d.Kind == Fresh || e.debounce > InstantAnalysis {
		e.publish(doc, st, chunks, fileDs, variants, PhaseSyntax)
	}
	var filled []func()
	if fill := doc.fillers(); len(fill) > 0 && pendingGames(chunks) >= BigAnalysis {
		// The analysis will read most games and fill the memos (the
		// outline): a request for them waits rather than parse the
		// games all beside it.
		for _, fl := range fill {
			filled = append(filled, fl.expect(doc))
		}
	}
	// Nothing is being typed into a text new to the engine: its
	// analysis starts at once.
	debounce := e.debounce
	if d.Kind == Fresh {
		debounce = 0
	}
	e.wg.Go(func() {
		defer func() {
			for _, done := range filled {
				done()
			}
		}()
		e.analyzeLater(ctx, doc, st, debounce)
	})
}

// pendingGames returns the number of games of chunks not analysed.
func pendingGames(chunks []*chunkDiags) int {
	n := 0
	for _, cd := range chunks {
		n += cd.pending
	}
	return n
}

// Analysed reports whether every game of doc, the current version of its
// document, is analysed under the configuration in force.
func (e *Engine) Analysed(doc *Document) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	st := e.docs[doc.URI]
	if st == nil || st.file != doc.File || st.gen != e.cfgGen {
		return false
	}
	for _, cd := range st.chunks {
		if cd.pending > 0 {
			return false
		}
	}
	return true
}

// Closed forgets the state of the document at uri and stops its analysis.
func (e *Engine) Closed(uri string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if st := e.docs[uri]; st != nil && st.cancel != nil {
		st.cancel()
	}
	delete(e.docs, uri)
}

// Stop cancels every pending analysis (at shutdown).
func (e *Engine) Stop() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, st := range e.docs {
		if st.cancel != nil {
			st.cancel()
		}
	}
}

// Wait waits for the analyses under way, and those scheduled, to end.
func (e *Engine) Wait() { e.wg.Wait() }

// analyzeLater runs phase 2 for doc after the debounce delay, unless ctx
// is cancelled first by a newer edit, a close or Stop.
func (e *Engine) analyzeLater(ctx context.Context, doc *Document, st *docState, debounce time.Duration) {
	defer func() {
		if r := recover(); r != nil {
			e.host.Fault(doc, -1, r, debug.Stack())
		}
	}()
	if debounce > 0 {
		t := time.NewTimer(debounce)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	} else if ctx.Err() != nil {
		return
	}
	e.mu.Lock()
	cfg, gen, extra, names := e.cfg, e.cfgGen, st.extra, e.names
	chunks := st.chunks // replaced, never changed in place: safe to read unlocked
	if st.file != doc.File || st.gen != gen {
		e.mu.Unlock()
		return // a newer version or configuration has its own run
	}
	e.mu.Unlock()

	f := doc.File
	refs := f.Chunks()
	var todo []int
	for c, cd := range chunks {
		if cd.pending == 0 {
			continue
		}
		for j, gs := range cd.games {
			if !gs.analysed {
				todo = append(todo, refs[c].First+j)
			}
		}
	}
	res := results{per: make([][]analysis.Diagnostic, len(todo))}
	if duplicates.Enabled(cfg, f.Dialect) {
		res.fps = make([]print, len(todo))
	}
	var whole map[int][2]int
	if fill := doc.fillers(); len(fill) > 0 {
		// The memos are kept by chunk: none is computed for an edit's
		// few games, only where the analysis reads chunks whole.
		if whole = wholeChunks(f, todo); len(whole) > 0 {
			for _, fl := range fill {
				res.recs = append(res.recs, fl.record(doc, len(todo)))
			}
		}
	}
	var failed []bool
	if len(todo) >= BigAnalysis {
		failed = e.runBig(ctx, doc, st, cfg, chunks, todo, res)
	} else {
		failed = e.run(ctx, doc, cfg, todo, res, nil)
	}
	if ctx.Err() != nil {
		return
	}
	for _, rec := range res.recs {
		rec.put(whole, failed)
	}
	fresh := withResults(refs, chunks, todo, func(k int) (gameState, bool) {
		return analysedState(res.per, res.fps, k), !failed[k]
	})
	// A step per chunk, and for the repeated games a step per game of
	// the chunk states the edits replaced (see repeats.go).
	reps := st.index.update(f, fresh, cfg)
	fileDs, variants := fileDiagnostics(f, cfg, extra, names, &st.players)

	e.mu.Lock()
	if ctx.Err() != nil || e.docs[doc.URI] != st {
		e.mu.Unlock()
		return
	}
	st.chunks, st.fileDs, st.variants, st.repeats = fresh, fileDs, variants, reps
	e.mu.Unlock()
	e.publish(doc, st, fresh, fileDs, variants, PhaseAnalysis)
}

// print is the fingerprint of a game, if it has one.
type print struct {
	fp duplicates.Fingerprint
	ok bool
}

// results is where run puts what it makes of the games todo[k]: per[k]
// their diagnostics, fps[k] their fingerprints (fps nil: none wanted),
// and recs record them for the memos the analysis fills.
type results struct {
	per  [][]analysis.Diagnostic
	fps  []print
	recs []recording
}

// wholeChunks returns the chunks of f all of whose games todo (sorted)
// lists, by index in f.Chunks(), each as the range of its games'
// positions in todo.
func wholeChunks(f *syntax.File, todo []int) map[int][2]int {
	whole := make(map[int][2]int)
	k := 0
	for c, ref := range f.Chunks() {
		for k < len(todo) && todo[k] < ref.First {
			k++
		}
		n := ref.Chunk.Len()
		if k+n <= len(todo) && todo[k] == ref.First && todo[k+n-1] == ref.First+n-1 {
			whole[c] = [2]int{k, k + n}
		}
	}
	return whole
}

// analysedState returns the state of the game at position k of an
// analysis, from per and fps (nil: no fingerprints).
func analysedState(per [][]analysis.Diagnostic, fps []print, k int) gameState {
	gs := gameState{analysed: true, res: newResult(per[k])}
	if fps != nil {
		gs.fp, gs.hasFP = fps[k].fp, fps[k].ok
	}
	return gs
}

// run analyses the games of doc listed in todo into res (by position in
// todo: their diagnostics, and their fingerprints and outlines where res
// wants them), in parallel over the available cores, and calls done (if not nil) with the
// position of each game analysed. It stops early when ctx
// is done. An analyzer that panics is reported to the host; the game gets
// its syntax diagnostics only, and failed marks it so that it is not
// cached. Each worker claims its next game with an atomic counter and
// writes only that game's entries: no worker takes a lock or a channel
// shared by the document per game.
func (e *Engine) run(ctx context.Context, doc *Document, cfg *analysis.Config, todo []int, res results, done func(int)) (failed []bool) {
	failed = make([]bool, len(todo))
	analyzers := e.analyzers
	if res.fps != nil {
		analyzers = append(slices.Clip(analyzers), duplicates.Fingerprinter)
	}
	plan := analysis.NewPlan(analyzers, doc.File.Dialect, cfg)
	analyze := func(k int) {
		i := todo[k]
		r := doc.File.Game(i)
		g := r.Game
		defer func() {
			if r := recover(); r != nil {
				e.host.Fault(doc, i, r, debug.Stack())
				res.per[k] = analysis.Game(g, doc.File.Dialect, cfg, nil)
				failed[k] = true
			}
		}()
		ds, pass := plan.Run(g)
		res.per[k] = withoutFixes(ds)
		if res.fps != nil {
			fp := duplicates.FingerprintResult.Of(pass)
			res.fps[k].fp, res.fps[k].ok = fp.Fingerprint, fp.OK
		}
		for _, rec := range res.recs { // while the game's tree is at hand
			rec.game(k, r, i)
		}
	}
	if done != nil {
		inner := analyze
		analyze = func(k int) {
			inner(k)
			done(k)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				k := int(next.Add(1)) - 1
				if k >= len(todo) {
					return
				}
				analyze(k)
			}
		})
	}
	wg.Wait()
	return failed
}

// runBig analyses the games of doc listed in todo into res, like run, but
// publishes what is done now and then (see BigAnalysis) and reports progress;
// chunks are the states of doc's chunks before the run. A game not
// analysed when the run stops (cancelled by the user) gets its syntax
// diagnostics and counts as failed, so that it is not cached.
func (e *Engine) runBig(ctx context.Context, doc *Document, st *docState, cfg *analysis.Config, chunks []*chunkDiags, todo []int, res results) (failed []bool) {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	prog := e.host.Progress(runCtx, "pgnls: analysing "+path.Base(doc.File.Name), cancel)

	// per[k] is final once done[k] is set: the atomic store after the
	// worker's write and the load before the publisher's read order them.
	done := make([]atomic.Bool, len(todo))
	var count atomic.Int64
	finished := make(chan []bool, 1)
	go func() {
		finished <- e.run(runCtx, doc, cfg, todo, res, func(k int) {
			done[k].Store(true)
			count.Add(1)
		})
	}()
	interval := batchInterval
	t := time.NewTimer(interval)
	defer t.Stop()
	for {
		select {
		case failed = <-finished:
			syntaxOnly(doc.File, todo, func(k int) bool { return !done[k].Load() }, func(k int, g *syntax.Game) {
				failed[k] = true
				res.per[k] = analysis.Game(g, doc.File.Dialect, cfg, nil)
			})
			msg := fmt.Sprintf("%d games", len(todo))
			if ctx.Err() == nil && runCtx.Err() != nil {
				msg = fmt.Sprintf("cancelled after %d of %d games", count.Load(), len(todo))
			}
			prog.End(msg)
			return failed
		case <-t.C:
			began := time.Now()
			n := int(count.Load())
			partial := withResults(doc.File.Chunks(), chunks, todo, func(k int) (gameState, bool) {
				if !done[k].Load() {
					return gameState{}, false
				}
				return analysedState(res.per, res.fps, k), true
			})
			e.mu.Lock()
			fileDs, variants := st.fileDs, st.variants
			e.mu.Unlock()
			e.publish(doc, st, partial, fileDs, variants, PhasePartial)
			prog.Report(n, len(todo))
			interval = max(2*interval, 2*time.Since(began))
			t.Reset(interval)
		}
	}
}

// syntaxOnly calls fn(k, game) for the games todo[k] of f that left
// reports, walking the chunks that hold them once each: a File.Game per
// game would parse a chunk of a compact file again for each of its games
// whenever other readers made the tree cache drop it, as they do while a
// cancelled run of a big document is wound up.
func syntaxOnly(f *syntax.File, todo []int, left func(k int) bool, fn func(k int, g *syntax.Game)) {
	at := map[int]int{}
	for k, i := range todo {
		if left(k) {
			at[i] = k
		}
	}
	for _, ref := range f.Chunks() {
		if len(at) == 0 {
			return
		}
		has := false
		for j := range ref.Chunk.Len() {
			if _, ok := at[ref.First+j]; ok {
				has = true
				break
			}
		}
		if !has {
			continue
		}
		for i, r := range ref.Games() {
			if k, ok := at[i]; ok {
				fn(k, r.Game)
				delete(at, i)
			}
		}
	}
}

// publish selects the diagnostics of doc, from chunks (the states of its
// chunks), file and variants (the file-level ones) and the repeated
// games, and hands them to the host.
func (e *Engine) publish(doc *Document, st *docState, chunks []*chunkDiags, file []analysis.Diagnostic, variants players.Variants, phase Phase) {
	e.mu.Lock()
	limit, focus, reps := e.max, st.focus, st.repeats
	e.mu.Unlock()
	st.pub.Lock()
	defer st.pub.Unlock()
	groups, total := pick(st.groups, doc.File, chunks, fileLevel{file, reps, variants}, &st.msgs, limit, focus)
	st.msgs.Round()
	st.groups = groups
	complete := phase == PhaseAnalysis
	for _, cd := range chunks {
		complete = complete && cd.pending == 0
	}
	e.host.Publish(Publication{Doc: doc, Groups: groups, Total: total, Limit: limit, Phase: phase, Complete: complete})
}
