package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// Diagnostics are computed in two phases per document version:
//
//  1. At once, on the worker, when the version is stored: for each game,
//     its analysis results if the edits left it as it was; else its
//     syntax diagnostics plus the analyzers' diagnostics of the games it
//     replaced, carried through the edits (those an edit overlapped are
//     dropped); plus the file-level ones of the last analysis, carried
//     likewise. Syntax errors thus show at once, and semantic diagnostics
//     neither flicker away while the user types nor point at moved text.
//     After an edit, this is published only when the debounce is longer
//     than instantAnalysis.
//  2. After Options.Debounce without a newer edit, in the background: the
//     analyzers run on the games not analysed, and the file-level checks
//     on the whole text. Each edit cancels the previous run. The result
//     is published only if the version analysed is still the document's
//     current one.
//
// The state of the games (docDiags.chunks) is kept per syntax.Chunk,
// aligned with the chunks of the version phase 1 last saw and tagged with
// the configuration generation. syntax.Reparse replaces a few chunks and
// shares the others by pointer, so their states carry over as they are:
// an edit costs one step per chunk plus the games of the chunks it
// replaced, never a step per game of the file, and each chunk's state
// counts its diagnostics by severity so that pick can skip it whole.
//
// Each publication carries the document version, is sorted per game, is
// never JSON null, and is skipped when it equals the last one sent for
// the URI. A document with more than pgnls.maxDiagnostics diagnostics
// publishes that many: every error first, then those of the game last
// edited, then the others by severity (see pick); the user is told of
// the total once it is known.

// instantAnalysis is the longest debounce delay after which an edit's
// analysis is published without its phase-1 publication before it: the
// analysis of the edited games follows at once, and publishing twice per
// keystroke would double what a big document sends (and its client reads).
// An open always publishes phase 1: the first analysis of a big file
// takes seconds.
const instantAnalysis = 10 * time.Millisecond

// defaultMaxDiagnostics bounds a publication: editors slow down long
// before, and encoding and sending millions of diagnostics (a big file
// with a hint per move) would take seconds per keystroke.
const defaultMaxDiagnostics = 2000

// diagnoser owns the diagnostics state of all documents.
type diagnoser struct {
	s         *server
	analyzers []*analysis.Analyzer

	mu        sync.Mutex
	docs      map[protocol.DocumentURI]*docDiags
	cfg       *analysis.Config
	cfgGen    uint64 // bumped when cfg changes; invalidates caches
	catalogue string // base URL of codeDescription links
	max       int    // diagnostics per publication; <= 0: no limit

	// pubMu makes "is this version still current?" and the send one step,
	// so a late analysis can never overtake a newer version's publication.
	pubMu sync.Mutex
}

// result is the diagnostics of one game, game-relative and sorted, with
// their number per severity (for pick, which must not read them all).
type result struct {
	ds []analysis.Diagnostic
	n  [analysis.Hint + 1]int32
}

func newResult(ds []analysis.Diagnostic) result {
	r := result{ds: ds}
	for _, x := range ds {
		r.n[min(x.Severity, analysis.Hint)]++
	}
	return r
}

// semantic returns the analyzers' diagnostics of r, without the syntax ones.
func (r result) semantic() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, x := range r.ds {
		if x.Source != "syntax" {
			out = append(out, x)
		}
	}
	return out
}

// docDiags is the diagnostics state of one open document.
type docDiags struct {
	cancel context.CancelFunc // of the pending analysis run
	// file is the version phase 1 last saw; chunks[c] is the state of the
	// games of its chunk c. The slice is replaced, never changed in
	// place, so a reader may keep it after unlocking.
	file    *syntax.File
	chunks  []*chunkDiags
	gen     uint64                // the configuration generation of the analysed results
	fileDs  []analysis.Diagnostic // file-level diagnostics of file, file-absolute
	focus   syntax.Pos            // where the last edit was; -1: none
	lost    int                   // characters a save would destroy (see lostCharacters)
	sent    bool
	told    toldCap     // what the user was told of the cap
	encoded encodeCache // the JSON of the last publication, per game
	last    [sha256.Size]byte
}

// toldCap is what the user was told of a document's capped publications;
// 0 is nothing.
type toldCap uint8

const (
	toldAtLeast toldCap = iota + 1 // that there are at least so many, before the analysis was complete
	toldTotal                      // the total, once it was
)

// gameState is what is known of one game of a document: its analysis
// results when analysed, else its syntax diagnostics plus the analyzers'
// diagnostics carried to it from the games it replaced.
type gameState struct {
	analysed bool
	res      result
}

// chunkDiags is the state of the games of one chunk. It is immutable and
// shared by the document versions that share the chunk.
type chunkDiags struct {
	chunk   *syntax.Chunk
	games   []gameState
	n       [analysis.Hint + 1]int32 // diagnostics of its games by severity
	pending int                      // games not analysed
}

func newChunkDiags(c *syntax.Chunk, games []gameState) *chunkDiags {
	cd := &chunkDiags{chunk: c, games: games}
	for _, gs := range games {
		for s, n := range gs.res.n {
			cd.n[s] += n
		}
		if !gs.analysed {
			cd.pending++
		}
	}
	return cd
}

// pendingState returns the state of game i of f before its analysis: its
// syntax diagnostics under cfg plus carried, game-relative.
func pendingState(f *syntax.File, i int, cfg *analysis.Config, carried []analysis.Diagnostic) gameState {
	ds := analysis.SyntaxDiagnostics(f.GameErrors(i), f.Dialect, cfg)
	if len(carried) > 0 {
		ds = append(ds, carried...)
	}
	analysis.Sort(ds)
	return gameState{res: newResult(ds)}
}

// staleChunk returns the state of chunk ref of f from cd, computed under
// another configuration: every game is pending, with its syntax
// diagnostics under cfg and the analyzers' old ones carried until it is
// analysed again.
func staleChunk(f *syntax.File, ref syntax.ChunkRef, cd *chunkDiags, cfg *analysis.Config) *chunkDiags {
	games := make([]gameState, len(cd.games))
	for j, gs := range cd.games {
		games[j] = pendingState(f, ref.First+j, cfg, gs.res.semantic())
	}
	return newChunkDiags(ref.Chunk, games)
}

// freshChunks returns the states of the chunks of f before any analysis.
func freshChunks(f *syntax.File, cfg *analysis.Config) []*chunkDiags {
	refs := f.Chunks()
	out := make([]*chunkDiags, len(refs))
	for c, ref := range refs {
		games := make([]gameState, ref.Chunk.Len())
		for j := range games {
			games[j] = pendingState(f, ref.First+j, cfg, nil)
		}
		out[c] = newChunkDiags(ref.Chunk, games)
	}
	return out
}

func newDiagnoser(s *server) *diagnoser {
	return &diagnoser{
		s:         s,
		analyzers: checks.All,
		docs:      make(map[protocol.DocumentURI]*docDiags),
		cfg:       settings{}.config(),
		catalogue: defaultCatalogueURL,
		max:       defaultMaxDiagnostics,
	}
}

// configure installs a new analysis configuration, catalogue URL and
// publication limit. The caches of every document become stale; callers
// re-analyse the open documents (see server.applySettings).
func (d *diagnoser) configure(cfg *analysis.Config, catalogue string, max int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.cfg, d.catalogue, d.max = cfg, catalogue, max
	d.cfgGen++
}

// gameDiagnostics returns the diagnostics of game i of doc, game-relative
// and with their fixes: a fresh analysis of that game alone. (The states
// keep no fixes: a big document's fixes, such as a sorted header per game,
// would take as much memory as its text, and only code actions read them,
// for a game at a time.)
func (d *diagnoser) gameDiagnostics(doc *document, i int) []analysis.Diagnostic {
	d.mu.Lock()
	cfg := d.cfg
	d.mu.Unlock()
	return analysis.Game(doc.file.Game(i).Game, doc.file.Dialect, cfg, d.analyzers)
}

// withoutFixes returns a copy of ds, no bigger than needed, with the
// fixes left out: what the states keep of an analysis.
func withoutFixes(ds []analysis.Diagnostic) []analysis.Diagnostic {
	if len(ds) == 0 {
		return nil
	}
	out := slices.Clone(ds)
	for i := range out {
		out[i].Fixes = nil
	}
	return out
}

// setLost records how many characters a save of the document at uri
// would destroy (see lostCharacters), for its next analyses.
func (d *diagnoser) setLost(uri protocol.DocumentURI, lost int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.docs[uri]
	if st == nil {
		st = &docDiags{focus: -1}
		d.docs[uri] = st
	}
	st.lost = lost
}

// changed publishes the phase-1 diagnostics of doc, the document's new
// current version, and schedules its analysis. edits are the changes from
// the previous version, in order, and kept the games they left as they
// were; nil edits mean the text is new (didOpen) or was parsed anew
// (dialect change), so nothing carries over.
func (d *diagnoser) changed(doc *document, edits []syntax.Edit, kept syntax.Kept) {
	d.mu.Lock()
	st := d.docs[doc.uri]
	if st == nil {
		st = &docDiags{focus: -1}
		d.docs[doc.uri] = st
	}
	if st.cancel != nil {
		st.cancel()
	}
	ctx, cancel := context.WithCancel(d.s.ctx)
	st.cancel = cancel
	cfg, gen := d.cfg, d.cfgGen
	old, oldChunks, oldGen, oldFileDs, lost := st.file, st.chunks, st.gen, st.fileDs, st.lost
	d.mu.Unlock()

	f := doc.file
	var chunks []*chunkDiags
	var fileDs []analysis.Diagnostic
	if edits == nil || old == nil {
		chunks = freshChunks(f, cfg)
		fileDs = append(analysis.FileDiagnostics(f, cfg), decodingDiagnostic(f, lost, cfg)...)
	} else {
		chunks = carryChunks(old, oldChunks, oldGen == gen, f, edits, kept, cfg)
		fileDs = oldFileDs
		for _, e := range edits {
			fileDs = carry(fileDs, e)
		}
	}
	focus := syntax.Pos(-1)
	if len(edits) > 0 {
		focus = edits[len(edits)-1].Start
	}

	d.mu.Lock()
	st.file, st.chunks, st.gen, st.fileDs, st.focus = f, chunks, gen, fileDs, focus
	d.mu.Unlock()

	if edits == nil || d.s.opts.Debounce > instantAnalysis {
		d.publish(doc, chunks, fileDs, "syntax")
	}
	d.s.wg.Go(func() { d.analyzeLater(ctx, doc, st) })
}

// carryChunks returns the states of the chunks of f, the version after
// edits of old, whose chunk states are oldChunks (valid tells whether
// they are of the current configuration); kept tells which games the
// edits left as they were. Chunks shared with old keep their state; they
// are found by pointer from both ends, since syntax.Reparse replaces one
// run of chunks. In that run, the games kept keep theirs, and the new
// games get the analyzers' diagnostics of the games they replaced,
// carried through the edits (those an edit overlapped are dropped).
func carryChunks(old *syntax.File, oldChunks []*chunkDiags, valid bool, f *syntax.File, edits []syntax.Edit, kept syntax.Kept, cfg *analysis.Config) []*chunkDiags {
	refs, oldRefs := f.Chunks(), old.Chunks()
	n, o := len(refs), len(oldRefs)
	out := make([]*chunkDiags, n)
	keep := func(c int, cd *chunkDiags) {
		if valid {
			out[c] = cd
		} else {
			out[c] = staleChunk(f, refs[c], cd, cfg)
		}
	}
	p := 0
	for p < n && p < o && refs[p].Chunk == oldChunks[p].chunk {
		keep(p, oldChunks[p])
		p++
	}
	q := 0
	for q < n-p && q < o-p && refs[n-1-q].Chunk == oldChunks[o-1-q].chunk {
		keep(n-1-q, oldChunks[o-1-q])
		q++
	}
	if p == n-q {
		return out
	}
	// The run of chunks that differ: new games [lo, hi) of f, old games
	// [oldLo, oldHi) of old, and the states of the latter.
	firstOf := func(refs []syntax.ChunkRef, c, games int) int {
		if c < len(refs) {
			return refs[c].First
		}
		return games
	}
	lo, hi := firstOf(refs, p, f.NumGames()), firstOf(refs, n-q, f.NumGames())
	oldLo, oldHi := firstOf(oldRefs, p, old.NumGames()), firstOf(oldRefs, o-q, old.NumGames())
	var oldStates []gameState
	for _, cd := range oldChunks[p : o-q] {
		oldStates = append(oldStates, cd.games...)
	}
	// oldOf returns the index in old of new game i if the edits kept it.
	oldOf := func(i int) (int, bool) {
		j := -1
		switch {
		case i < kept.Prefix:
			j = i
		case i >= f.NumGames()-kept.Suffix:
			j = i - f.NumGames() + old.NumGames()
		}
		return j, j >= oldLo && j < oldHi
	}
	states := make([]gameState, hi-lo)
	matched := make([]bool, oldHi-oldLo)
	var fresh []int
	for i := lo; i < hi; i++ {
		j, ok := oldOf(i)
		if !ok {
			fresh = append(fresh, i)
			continue
		}
		matched[j-oldLo] = true
		if gs := oldStates[j-oldLo]; valid || !gs.analysed {
			states[i-lo] = gs
		} else {
			states[i-lo] = pendingState(f, i, cfg, gs.res.semantic())
		}
	}
	// The diagnostics of the replaced games, file-absolute in old, then
	// carried into the new text.
	var sem []analysis.Diagnostic
	for j := oldLo; j < oldHi; j++ {
		if !matched[j-oldLo] {
			sem = appendShifted(sem, oldStates[j-oldLo].res.semantic(), old.GameSpan(j).Start)
		}
	}
	for _, e := range edits {
		sem = carry(sem, e)
	}
	analysis.Sort(sem)
	for _, i := range fresh {
		sp := f.GameSpan(i)
		var mine []analysis.Diagnostic
		for len(sem) > 0 && sem[0].Span.Start < sp.End {
			if sem[0].Span.Start >= sp.Start {
				mine = append(mine, sem[0].Shift(-sp.Start))
			}
			sem = sem[1:]
		}
		states[i-lo] = pendingState(f, i, cfg, mine)
	}
	for c := p; c < n-q; c++ {
		first := refs[c].First - lo
		out[c] = newChunkDiags(refs[c].Chunk, states[first:first+refs[c].Chunk.Len()])
	}
	return out
}

// group is diagnostics to encode: of one game (game-relative, the game at
// span), or, when file is set, file-level ones (file-absolute).
type group struct {
	span syntax.Span
	file bool
	ds   []analysis.Diagnostic // a game's results, or the file-level diagnostics
	from selection             // which of ds a game's group holds
}

// selection tells which of a game's results a group holds: all of them
// when level is 0, else those more severe than level and the first quota
// of level. from and n identify the results: they are immutable and
// belong to one game's text, so equal selections are equal diagnostics.
type selection struct {
	from  *analysis.Diagnostic
	n     int
	level analysis.Severity
	quota int
}

// selected returns the diagnostics of g.
func (g group) selected() []analysis.Diagnostic {
	if g.file || g.from.level == 0 {
		return g.ds
	}
	var out []analysis.Diagnostic
	quota := g.from.quota
	for _, x := range g.ds {
		if x.Severity < g.from.level || x.Severity == g.from.level && quota > 0 {
			if x.Severity == g.from.level {
				quota--
			}
			out = append(out, x)
		}
	}
	return out
}

// pick returns the diagnostics to publish, by game, the file-level ones
// last, and how many there are in all. Past limit (if > 0) it keeps, in
// this order: the file-level ones and the errors of the game at focus
// (the one being edited); the other errors, in file order; the other
// diagnostics of the game at focus, by severity; then the rest by
// severity and, within the least severe level kept, in file order. So the
// cap never hides an error while errors fit, and the game being edited
// shows what it can. It reads only the diagnostics it keeps and the
// per-chunk and per-game counts, and skips chunks with none to keep in
// one step.
func pick(out []group, refs []syntax.ChunkRef, chunks []*chunkDiags, file []analysis.Diagnostic, limit int, focus syntax.Pos) (_ []group, total int) {
	out = out[:0]
	var count [analysis.Hint + 1]int
	for _, cd := range chunks {
		for s, n := range cd.n {
			count[s] += int(n)
		}
	}
	total = len(file)
	for _, n := range count {
		total += n
	}
	fileGroup := group{file: true, ds: file}
	// The game at focus, if any: chunk fc, game fj.
	fc, fj := -1, -1
	var fn [analysis.Hint + 1]int
	for c, cd := range chunks {
		ref := refs[c]
		if cd.chunk.Len() == 0 || focus < ref.Start || focus > ref.Start+cd.chunk.GameSpan(cd.chunk.Len()-1).End {
			continue
		}
		for j := range cd.games {
			if sp := cd.chunk.GameSpan(j).Shift(ref.Start); sp.Start <= focus && focus <= sp.End {
				fc, fj = c, j
				for s, n := range cd.games[j].res.n {
					fn[s] = int(n)
				}
				break
			}
		}
		break
	}
	// What is kept: of the other games, the levels more severe than
	// level whole and quota of level; of the game at focus, likewise
	// with its own focusLevel and focusQuota. A level past Hint keeps all.
	level, quota := analysis.Hint+1, 0
	focusLevel, focusQuota := analysis.Hint+1, 0
	if limit > 0 && total > limit {
		budget := limit - len(file) - fn[analysis.Error]
		cut := func(s analysis.Severity, n int) (analysis.Severity, int, bool) {
			if n > budget {
				q := max(budget, 0)
				budget = 0
				return s, q, true
			}
			budget -= n
			return 0, 0, false
		}
		if l, q, ok := cut(analysis.Error, count[analysis.Error]-fn[analysis.Error]); ok {
			level, quota = l, q
		}
		for s := analysis.Warning; s <= analysis.Hint && focusLevel > analysis.Hint; s++ {
			if l, q, ok := cut(s, fn[s]); ok {
				focusLevel, focusQuota = l, q
			}
		}
		for s := analysis.Warning; s <= analysis.Hint && level > analysis.Hint; s++ {
			if l, q, ok := cut(s, count[s]-fn[s]); ok {
				level, quota = l, q
			}
		}
	}
	for c, cd := range chunks {
		ref := refs[c]
		more := 0
		for s := analysis.Error; s < level; s++ {
			more += int(cd.n[s])
		}
		if c != fc && more == 0 && (quota == 0 || level > analysis.Hint || cd.n[level] == 0) {
			continue
		}
		for j, gs := range cd.games {
			if len(gs.res.ds) == 0 {
				continue
			}
			sp := cd.chunk.GameSpan(j).Shift(ref.Start)
			lv, q := level, &quota
			if c == fc && j == fj {
				lv, q = focusLevel, &focusQuota
			}
			if lv > analysis.Hint {
				out = append(out, group{span: sp, ds: gs.res.ds, from: selection{from: &gs.res.ds[0], n: len(gs.res.ds)}})
				continue
			}
			more := 0
			for s := analysis.Error; s < lv; s++ {
				more += int(gs.res.n[s])
			}
			if more == 0 && (*q == 0 || gs.res.n[lv] == 0) {
				continue
			}
			k := min(*q, int(gs.res.n[lv]))
			*q -= k
			out = append(out, group{span: sp, ds: gs.res.ds, from: selection{from: &gs.res.ds[0], n: len(gs.res.ds), level: lv, quota: k}})
		}
	}
	return append(out, fileGroup), total
}

// carry moves file-absolute diagnostics across edit e: those before it
// stay, those after it shift, those it overlaps are dropped (as are
// related places it overlaps, and all fixes, which could no longer be
// trusted). The result is a new slice; ds is not modified.
func carry(ds []analysis.Diagnostic, e syntax.Edit) []analysis.Diagnostic {
	delta := syntax.Pos(len(e.New)) - (e.End - e.Start)
	move := func(s syntax.Span) (syntax.Span, bool) {
		switch {
		case s.End <= e.Start: // before the edit, or touching its start
			return s, true
		case s.Start >= e.End: // after the edit
			return s.Shift(delta), true
		}
		return s, false // overlapped
	}
	out := make([]analysis.Diagnostic, 0, len(ds))
	for _, x := range ds {
		sp, ok := move(x.Span)
		if !ok {
			continue
		}
		x.Span, x.Fixes = sp, nil
		if len(x.Related) > 0 {
			var rel []analysis.Related
			for _, r := range x.Related {
				if rs, ok := move(r.Span); ok {
					rel = append(rel, analysis.Related{Span: rs, Msg: r.Msg})
				}
			}
			x.Related = rel
		}
		out = append(out, x)
	}
	return out
}

// analyzeLater runs phase 2 for doc after the debounce delay, unless ctx
// is cancelled first by a newer edit, a close, shutdown or exit.
func (d *diagnoser) analyzeLater(ctx context.Context, doc *document, st *docDiags) {
	defer func() {
		if r := recover(); r != nil {
			d.s.logger.Error("panic in analysis", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
				zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
		}
	}()
	t := time.NewTimer(d.s.opts.Debounce)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return
	case <-t.C:
	}
	d.mu.Lock()
	cfg, gen, lost := d.cfg, d.cfgGen, st.lost
	chunks := st.chunks // replaced, never changed in place: safe to read unlocked
	if st.file != doc.file || st.gen != gen {
		d.mu.Unlock()
		return // a newer version or configuration has its own run
	}
	d.mu.Unlock()

	f := doc.file
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
	start := time.Now()
	per := make([][]analysis.Diagnostic, len(todo))
	var failed []bool
	if len(todo) >= bigAnalysis {
		failed = d.runBig(ctx, doc, cfg, chunks, todo, per)
	} else {
		failed = d.run(ctx, doc, cfg, todo, per, nil)
	}
	if ctx.Err() != nil {
		return
	}
	fresh := withResults(refs, chunks, todo, func(k int) (result, bool) {
		return newResult(per[k]), !failed[k]
	})
	fileDs := append(analysis.FileDiagnostics(f, cfg), decodingDiagnostic(f, lost, cfg)...) // a step per chunk

	d.mu.Lock()
	if ctx.Err() != nil || d.docs[doc.uri] != st {
		d.mu.Unlock()
		return
	}
	st.chunks, st.fileDs = fresh, fileDs
	d.mu.Unlock()
	d.s.logger.Debug("analysed", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
		zap.Int("games", f.NumGames()), zap.Int("analysed", len(todo)), zap.Duration("elapsed", time.Since(start)))
	d.publish(doc, fresh, fileDs, "analysis")
}

// withResults returns chunks (the states of the chunks refs) with the
// results of the games todo (ascending indices) that done gives, by
// position in todo: only the chunks holding such games are rebuilt. A
// game whose result is not ok keeps its state.
func withResults(refs []syntax.ChunkRef, chunks []*chunkDiags, todo []int, done func(k int) (result, bool)) []*chunkDiags {
	out := slices.Clone(chunks)
	c := 0
	for k := 0; k < len(todo); {
		for c+1 < len(refs) && refs[c+1].First <= todo[k] {
			c++
		}
		var games []gameState
		for ; k < len(todo) && (c+1 == len(refs) || todo[k] < refs[c+1].First); k++ {
			if res, ok := done(k); ok {
				if games == nil {
					games = slices.Clone(chunks[c].games)
				}
				games[todo[k]-refs[c].First] = gameState{analysed: true, res: res}
			}
		}
		if games != nil {
			out[c] = newChunkDiags(refs[c].Chunk, games)
		}
	}
	return out
}

// run analyses the games of doc listed in todo into per (by position in
// todo), in parallel over the available cores, and calls done (if not
// nil) with the position of each game analysed. It stops early when ctx
// is done. An analyzer that panics is a fault of ours: it is logged, the
// game gets its syntax diagnostics only, and failed marks it so that it
// is not cached.
func (d *diagnoser) run(ctx context.Context, doc *document, cfg *analysis.Config, todo []int, per [][]analysis.Diagnostic, done func(int)) (failed []bool) {
	failed = make([]bool, len(todo))
	analyze := func(k int) {
		i := todo[k]
		g := doc.file.Game(i).Game
		defer func() {
			if r := recover(); r != nil {
				d.s.logger.Error("panic in an analyzer", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
					zap.Int("game", i), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
				per[k] = analysis.Game(g, doc.file.Dialect, cfg, nil)
				failed[k] = true
			}
		}()
		per[k] = withoutFixes(analysis.Game(g, doc.file.Dialect, cfg, d.analyzers))
	}
	if done != nil {
		inner := analyze
		analyze = func(k int) {
			inner(k)
			done(k)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range next {
				analyze(k)
			}
		})
	}
feed:
	for k := range todo {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return failed
}

// appendShifted appends the game-relative diagnostics ds, moved to the
// game's file-absolute start.
func appendShifted(all, ds []analysis.Diagnostic, start syntax.Pos) []analysis.Diagnostic {
	for _, x := range ds {
		all = append(all, x.Shift(start))
	}
	return all
}

// publish sends the diagnostics of doc unless doc is no longer the
// current version or they equal the last ones sent: those of the games of
// chunks, the states of doc's chunks (see pick), and the file-level ones.
func (d *diagnoser) publish(doc *document, chunks []*chunkDiags, file []analysis.Diagnostic, phase string) {
	d.mu.Lock()
	catalogue, limit := d.catalogue, d.max
	focus := syntax.Pos(-1)
	var cache *encodeCache
	if st := d.docs[doc.uri]; st != nil {
		focus, cache = st.focus, &st.encoded
	}
	d.mu.Unlock()
	if cache == nil {
		cache = new(encodeCache)
	}
	// The cache's buffers hold the groups and the params until they are
	// sent: a big document publishes hundreds of kilobytes per keystroke.
	cache.mu.Lock()
	defer cache.mu.Unlock()
	groups, total := pick(cache.groups, doc.file.Chunks(), chunks, file, limit, focus)
	cache.groups = groups
	params := fmt.Appendf(cache.buf[:0], `{"uri":%s`, mustQuote(string(doc.uri)))
	if v := wireVersion(doc.version); v > 0 {
		params = fmt.Appendf(params, `,"version":%d`, v)
	}
	params = append(params, `,"diagnostics":`...)
	start := len(params)
	params, count := cache.encode(params, doc, groups, catalogue)
	hash := sha256.Sum256(params[start:])
	params = append(params, '}')
	cache.buf = params
	log := d.s.logger.With(zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version), zap.String("phase", phase))

	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	if d.s.store.get(doc.uri) != doc {
		log.Debug("diagnostics of a stale version dropped")
		return
	}
	d.mu.Lock()
	st := d.docs[doc.uri]
	if st == nil || st.sent && st.last == hash {
		d.mu.Unlock()
		log.Debug("diagnostics unchanged; not published")
		return
	}
	st.sent, st.last = true, hash
	// The user is told of the cap once its total is known (the analysis
	// is complete), and before that, once, that there are at least so
	// many.
	complete := phase == "analysis"
	for _, cd := range chunks {
		complete = complete && cd.pending == 0
	}
	tell := total > count && (complete && st.told < toldTotal || !complete && st.told < toldAtLeast)
	if tell {
		st.told = toldAtLeast
		if complete {
			st.told = toldTotal
		}
	}
	d.mu.Unlock()
	if tell {
		log.Info("diagnostics capped", zap.Int("total", total), zap.Int("published", count), zap.Bool("complete", complete))
		n := strconv.Itoa(total)
		if !complete {
			n = "at least " + n
		}
		d.s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
			Type: protocol.MessageTypeInfo,
			Message: fmt.Sprintf("pgnls: %s has %s diagnostics; %d are shown: every error (up to that number), then those of the game being edited, then the others by severity (setting pgnls.maxDiagnostics)",
				path.Base(doc.file.Name), n, count),
		})
	}
	log.Debug("publish diagnostics", zap.Int("count", count), zap.Int("total", total))
	d.s.notifyRaw(protocol.MethodTextDocumentPublishDiagnostics, params)
}

// mustQuote returns s as a JSON string.
func mustQuote(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// closed forgets the diagnostics state of uri and clears its diagnostics
// in the client.
func (d *diagnoser) closed(uri protocol.DocumentURI) {
	d.mu.Lock()
	if st := d.docs[uri]; st != nil && st.cancel != nil {
		st.cancel()
	}
	delete(d.docs, uri)
	d.mu.Unlock()

	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	d.s.notify(protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI:         uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

// stop cancels every pending analysis (at shutdown).
func (d *diagnoser) stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, st := range d.docs {
		if st.cancel != nil {
			st.cancel()
		}
	}
}

// wireVersion converts a document version to the uint32 of
// PublishDiagnosticsParams (protocol v0.12.0); a negative version, which
// clients do not send, is left out.
func wireVersion(v int32) uint32 {
	if v < 0 {
		return 0
	}
	return uint32(v)
}
