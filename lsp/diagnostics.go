package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path"
	"runtime"
	"runtime/debug"
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
//     its analysis results if it (by pointer) was analysed before; else
//     its syntax diagnostics plus the analyzers' diagnostics of the games
//     it replaced, carried through the edits (those an edit overlapped
//     are dropped); plus the file-level ones of the last analysis,
//     carried likewise. Syntax errors thus show at once, and semantic
//     diagnostics neither flicker away while the user types nor point at
//     moved text. Only the games an edit replaced cost more than a
//     pointer comparison.
//  2. After Options.Debounce without a newer edit, in the background: the
//     analyzers run on the games not analysed, and the file-level checks
//     on the whole text. Each edit cancels the previous run. The result
//     is published only if the version analysed is still the document's
//     current one.
//
// The state of each game (docDiags.games) is aligned with the games of
// the version phase 1 last saw and tagged with the configuration
// generation; syntax.Reparse replaces one run of games and shares the
// others by pointer, so the states of the others carry over by position.
//
// Each publication carries the document version, is sorted per game, is
// never JSON null, and is skipped when it equals the last one sent for
// the URI. A document with more than pgnls.maxDiagnostics diagnostics
// publishes the most severe ones up to that number, plus all of the game
// last edited (see pick); the user is told once.

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
	// file is the version phase 1 last saw; games[i] is the state of its
	// game i. The slice is replaced, never changed in place, so a reader
	// may keep it after unlocking.
	file   *syntax.File
	games  []gameState
	gen    uint64                // the configuration generation of the analysed results
	fileDs []analysis.Diagnostic // file-level diagnostics of file, file-absolute
	focus  syntax.Pos            // where the last edit was; -1: none
	sent   bool
	told   bool // the user was told that publications are capped
	last   [sha256.Size]byte
}

// gameState is what is known of one game of a document: its analysis
// results when analysed, else the analyzers' diagnostics carried to it
// from the games it replaced.
type gameState struct {
	game     *syntax.Game
	analysed bool
	res      result
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
// and with their fixes: the cached analysis results when the game was
// analysed under the current configuration, else a fresh analysis of
// that game alone.
func (d *diagnoser) gameDiagnostics(doc *document, i int) []analysis.Diagnostic {
	d.mu.Lock()
	cfg := d.cfg
	if st := d.docs[doc.uri]; st != nil && st.file == doc.file && st.gen == d.cfgGen && st.games[i].analysed {
		d.mu.Unlock()
		return st.games[i].res.ds
	}
	d.mu.Unlock()
	return analysis.Game(doc.file.Game(i).Game, doc.file.Dialect, cfg, d.analyzers)
}

// changed publishes the phase-1 diagnostics of doc, the document's new
// current version, and schedules its analysis. edits are the changes from
// the previous version, in order; nil means the text is new (didOpen) or
// was parsed anew (dialect change), so nothing carries over.
func (d *diagnoser) changed(doc *document, edits []syntax.Edit) {
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
	old, oldGames, oldGen, oldFileDs := st.file, st.games, st.gen, st.fileDs
	d.mu.Unlock()

	f := doc.file
	var games []gameState
	var fileDs []analysis.Diagnostic
	if edits == nil || old == nil {
		games = make([]gameState, 0, f.NumGames())
		for _, r := range f.Games() {
			games = append(games, gameState{game: r.Game})
		}
		fileDs = analysis.FileDiagnostics(f, cfg)
	} else {
		// File-level diagnostics (line endings, encoding) cost a pass
		// over the whole text: phase 2 computes them again.
		games = carryGames(old, oldGames, oldGen == gen, f, edits)
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
	st.file, st.games, st.gen, st.fileDs, st.focus = f, games, gen, fileDs, focus
	d.mu.Unlock()

	d.publish(doc, assemble(doc, cfg, games, nil), fileDs, "syntax")
	d.s.wg.Go(func() { d.analyzeLater(ctx, doc, st) })
}

// carryGames returns the states of the games of f, the version after
// edits of old, whose game states are oldGames (valid tells whether their
// analysis results are of the current configuration). Games shared with
// old keep their state; they are found by pointer from both ends, since
// syntax.Reparse replaces one run of games. The games of the new run get
// the analyzers' diagnostics of the games they replaced, carried through
// the edits (those an edit overlapped are dropped).
func carryGames(old *syntax.File, oldGames []gameState, valid bool, f *syntax.File, edits []syntax.Edit) []gameState {
	games := make([]gameState, 0, f.NumGames())
	for _, r := range f.Games() {
		games = append(games, gameState{game: r.Game})
	}
	n, o := len(games), len(oldGames)
	p := 0
	for p < n && p < o && games[p].game == oldGames[p].game {
		p++
	}
	q := 0
	for q < n-p && q < o-p && games[n-1-q].game == oldGames[o-1-q].game {
		q++
	}
	keep := func(dst *gameState, src gameState) {
		if valid || !src.analysed {
			*dst = src
			return
		}
		dst.res = newResult(src.res.semantic()) // stale results: carried until analysed again
	}
	for i := range p {
		keep(&games[i], oldGames[i])
	}
	for j := range q {
		keep(&games[n-1-j], oldGames[o-1-j])
	}
	if p == n-q {
		return games
	}
	// The diagnostics of the replaced games, file-absolute in old, then
	// carried into the new text.
	var sem []analysis.Diagnostic
	for i := p; i < o-q; i++ {
		gs := oldGames[i]
		ds := gs.res.ds
		if gs.analysed {
			ds = gs.res.semantic()
		}
		sem = appendShifted(sem, ds, old.Game(i).Start)
	}
	for _, e := range edits {
		sem = carry(sem, e)
	}
	analysis.Sort(sem)
	for i := p; i < n-q; i++ {
		r := f.Game(i)
		var mine []analysis.Diagnostic
		for len(sem) > 0 && sem[0].Span.Start < r.End() {
			if sem[0].Span.Start >= r.Start {
				mine = append(mine, sem[0].Shift(-r.Start))
			}
			sem = sem[1:]
		}
		games[i].res = newResult(mine)
	}
	return games
}

// pubGame is the diagnostics of one game for a publication.
type pubGame struct {
	ref syntax.GameRef
	res result
}

// group is diagnostics to encode: of one game (game-relative), or, when
// file is set, file-level ones (file-absolute).
type group struct {
	ref  syntax.GameRef
	file bool
	ds   []analysis.Diagnostic
}

// assemble returns the diagnostics of the games of doc that have any:
// the analysis results of games analysed (or, when done is not nil, of
// those done says are), else their syntax diagnostics plus those carried
// to them.
func assemble(doc *document, cfg *analysis.Config, games []gameState, done func(i int) (result, bool)) []pubGame {
	out := make([]pubGame, 0, len(games))
	for i, r := range doc.file.Games() {
		gs := games[i]
		res := gs.res
		if done != nil {
			if dr, ok := done(i); ok {
				res, gs.analysed = dr, true
			}
		}
		if !gs.analysed {
			ds := analysis.Game(r.Game, doc.file.Dialect, cfg, nil) // syntax only
			if len(res.ds) > 0 {
				ds = append(ds, res.ds...)
				analysis.Sort(ds)
			}
			res = newResult(ds)
		}
		if len(res.ds) > 0 {
			out = append(out, pubGame{r, res})
		}
	}
	return out
}

// pick returns the diagnostics to publish, by game, the file-level ones
// last, and how many there are in all. Past limit (if > 0) it keeps the
// most severe, in file order within the least severe level kept, plus
// every diagnostic of the game at focus, so that the game being edited
// always shows all of its own. It reads only the diagnostics it keeps
// and the per-game counts.
func pick(games []pubGame, file []analysis.Diagnostic, limit int, focus syntax.Pos) (out []group, total int) {
	var count [analysis.Hint + 1]int
	for _, g := range games {
		for s, n := range g.res.n {
			count[s] += int(n)
		}
	}
	total = len(file)
	for _, n := range count {
		total += n
	}
	fileGroup := group{file: true, ds: file}
	if limit <= 0 || total <= limit {
		out = make([]group, 0, len(games)+1)
		for _, g := range games {
			out = append(out, group{ref: g.ref, ds: g.res.ds})
		}
		return append(out, fileGroup), total
	}
	// Levels more severe than level are kept whole; quota of level.
	budget := limit - len(file)
	level, quota := analysis.Hint+1, 0
	for s := analysis.Error; s <= analysis.Hint; s++ {
		if count[s] > budget {
			level, quota = s, max(budget, 0)
			break
		}
		budget -= count[s]
	}
	for _, g := range games {
		if g.ref.Start <= focus && focus <= g.ref.End() {
			out = append(out, group{ref: g.ref, ds: g.res.ds})
			continue
		}
		more := 0
		for s := analysis.Error; s < level; s++ {
			more += int(g.res.n[s])
		}
		if more == 0 && (quota == 0 || g.res.n[level] == 0) {
			continue
		}
		var ds []analysis.Diagnostic
		for _, x := range g.res.ds {
			if x.Severity < level || x.Severity == level && quota > 0 {
				if x.Severity == level {
					quota--
				}
				ds = append(ds, x)
			}
		}
		out = append(out, group{ref: g.ref, ds: ds})
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
	cfg, gen := d.cfg, d.cfgGen
	games := st.games // replaced, never changed in place: safe to read unlocked
	if st.file != doc.file || st.gen != gen {
		d.mu.Unlock()
		return // a newer version or configuration has its own run
	}
	d.mu.Unlock()

	f := doc.file
	per := make([][]analysis.Diagnostic, len(games))
	var todo []int
	for i, gs := range games {
		if gs.analysed {
			per[i] = gs.res.ds
		} else {
			todo = append(todo, i)
		}
	}
	start := time.Now()
	// The file-level diagnostics take a pass over the whole text: on
	// another core, while the games are analysed.
	fileCh := make(chan []analysis.Diagnostic, 1)
	d.s.wg.Go(func() { fileCh <- analysis.FileDiagnostics(f, cfg) })
	var failed map[int]bool
	if len(todo) >= bigAnalysis {
		failed = d.runBig(ctx, doc, cfg, todo, per, games)
	} else {
		failed = d.run(ctx, doc, cfg, todo, per, nil)
	}
	if ctx.Err() != nil {
		return
	}
	fresh := make([]gameState, len(games))
	for i, gs := range games {
		fresh[i] = gs
		if !gs.analysed && !failed[i] {
			fresh[i] = gameState{game: gs.game, analysed: true, res: newResult(per[i])}
		}
	}
	fileDs := <-fileCh

	d.mu.Lock()
	if ctx.Err() != nil || d.docs[doc.uri] != st {
		d.mu.Unlock()
		return
	}
	st.games, st.fileDs = fresh, fileDs
	d.mu.Unlock()
	d.s.logger.Debug("analysed", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
		zap.Int("games", len(per)), zap.Int("analysed", len(todo)), zap.Duration("elapsed", time.Since(start)))
	d.publish(doc, assemble(doc, cfg, fresh, nil), fileDs, "analysis")
}

// run analyses the games of doc listed in todo into per, in parallel over
// the available cores, and calls done (if not nil) with the index of each
// game analysed. It stops early when ctx is done. An analyzer that
// panics is a fault of ours: it is logged, the game gets its syntax
// diagnostics only, and failed marks it so that it is not cached.
func (d *diagnoser) run(ctx context.Context, doc *document, cfg *analysis.Config, todo []int, per [][]analysis.Diagnostic, done func(int)) (failed map[int]bool) {
	var mu sync.Mutex
	failed = make(map[int]bool)
	analyze := func(i int) {
		g := doc.file.Game(i).Game
		defer func() {
			if r := recover(); r != nil {
				d.s.logger.Error("panic in an analyzer", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
					zap.Int("game", i), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
				per[i] = analysis.Game(g, doc.file.Dialect, cfg, nil)
				mu.Lock()
				failed[i] = true
				mu.Unlock()
			}
		}()
		per[i] = analysis.Game(g, doc.file.Dialect, cfg, d.analyzers)
	}
	if done != nil {
		inner := analyze
		analyze = func(i int) {
			inner(i)
			done(i)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				analyze(i)
			}
		})
	}
feed:
	for _, i := range todo {
		select {
		case next <- i:
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
// current version or they equal the last ones sent: those of games (see
// pick) and the file-level ones.
func (d *diagnoser) publish(doc *document, games []pubGame, file []analysis.Diagnostic, phase string) {
	d.mu.Lock()
	catalogue, limit := d.catalogue, d.max
	focus := syntax.Pos(-1)
	if st := d.docs[doc.uri]; st != nil {
		focus = st.focus
	}
	d.mu.Unlock()
	groups, total := pick(games, file, limit, focus)
	data, count := encodeDiagnostics(doc, groups, catalogue)
	params := fmt.Appendf(nil, `{"uri":%s`, mustQuote(string(doc.uri)))
	if v := wireVersion(doc.version); v > 0 {
		params = fmt.Appendf(params, `,"version":%d`, v)
	}
	params = append(append(append(params, `,"diagnostics":`...), data...), '}')
	hash := sha256.Sum256(data)
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
	tell := total > count && !st.told
	if tell {
		st.told = true
	}
	d.mu.Unlock()
	if tell {
		log.Info("diagnostics capped", zap.Int("total", total), zap.Int("published", count))
		d.s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
			Type: protocol.MessageTypeInfo,
			Message: fmt.Sprintf("pgnls: %s has %d diagnostics; only the %d most severe, and those of the game being edited, are shown (setting pgnls.maxDiagnostics)",
				path.Base(doc.file.Name), total, limit),
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
