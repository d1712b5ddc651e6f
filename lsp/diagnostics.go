package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/json"
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
//     the cached analysis results if the game (by pointer) was analysed
//     before; else its syntax diagnostics plus the analyzers' diagnostics
//     of the last analysis carried through the edits since (those an edit
//     overlapped are dropped); plus the file-level ones. Syntax errors thus
//     show at once, and semantic diagnostics neither flicker away while
//     the user types nor point at moved text.
//  2. After Options.Debounce without a newer edit, in the background: the
//     analyzers run on the games not in the cache. Each edit cancels the
//     previous run. The result is published only if the version analysed
//     is still the document's current one.
//
// The cache is per document, keyed by *syntax.Game (syntax.Reparse shares
// unchanged games by pointer) and the configuration generation; entries
// of games that left the document are dropped after each run.
//
// Each publication carries the document version, is sorted, is never
// JSON null, and is skipped when it equals the last one sent for the URI.

// diagnoser owns the diagnostics state of all documents.
type diagnoser struct {
	s         *server
	analyzers []*analysis.Analyzer

	mu     sync.Mutex
	docs   map[protocol.DocumentURI]*docDiags
	cfg    *analysis.Config
	cfgGen uint64 // bumped when cfg changes; invalidates caches

	// pubMu makes "is this version still current?" and the send one step,
	// so a late analysis can never overtake a newer version's publication.
	pubMu sync.Mutex
}

// docDiags is the diagnostics state of one open document.
type docDiags struct {
	cancel   context.CancelFunc // of the pending analysis run
	cache    map[*syntax.Game][]analysis.Diagnostic
	cacheGen uint64
	// semantic holds the analyzers' (non-syntax) diagnostics of the last
	// completed analysis, file-absolute and sorted, carried through every
	// edit since, for phase 1 to show on re-parsed games.
	semantic []analysis.Diagnostic
	sent     bool
	lastHash [sha256.Size]byte
}

func newDiagnoser(s *server) *diagnoser {
	return &diagnoser{
		s:         s,
		analyzers: checks.All,
		docs:      make(map[protocol.DocumentURI]*docDiags),
		cfg:       analysis.DefaultConfig(),
	}
}

// changed publishes the phase-1 diagnostics of doc, the document's new
// current version, and schedules its analysis. edits are the changes from
// the previous version, in order; nil means the text is new (didOpen) or
// was parsed anew (dialect change), so nothing carries over.
func (d *diagnoser) changed(doc *document, edits []syntax.Edit) {
	d.mu.Lock()
	st := d.docs[doc.uri]
	if st == nil {
		st = &docDiags{}
		d.docs[doc.uri] = st
	}
	if st.cancel != nil {
		st.cancel()
	}
	ctx, cancel := context.WithCancel(d.s.ctx)
	st.cancel = cancel
	if edits == nil {
		st.semantic = nil
	}
	for _, e := range edits {
		st.semantic = carry(st.semantic, e)
	}
	semantic := st.semantic
	cfg, gen := d.cfg, d.cfgGen
	var cache map[*syntax.Game][]analysis.Diagnostic
	if st.cacheGen == gen {
		cache = st.cache
	}
	d.mu.Unlock()

	var all []analysis.Diagnostic
	j := 0 // semantic[:j] lie before the current game
	for _, r := range doc.file.Games() {
		for j < len(semantic) && semantic[j].Span.Start < r.Start {
			j++
		}
		k := j
		for k < len(semantic) && semantic[k].Span.Start < r.End() {
			k++
		}
		if ds, ok := cache[r.Game]; ok {
			all = appendShifted(all, ds, r.Start)
		} else {
			all = appendShifted(all, analysis.Game(r.Game, doc.file.Dialect, cfg, nil), r.Start) // syntax only
			all = append(all, semantic[j:k]...)
		}
		j = k
	}
	all = append(all, analysis.FileDiagnostics(doc.file, cfg)...)
	d.publish(doc, all, "syntax")

	d.s.wg.Go(func() { d.analyzeLater(ctx, doc, st) })
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
	var cache map[*syntax.Game][]analysis.Diagnostic
	if st.cacheGen == gen {
		cache = st.cache // never mutated once stored, so safe to read unlocked
	}
	d.mu.Unlock()

	games := doc.file.Games()
	per := make([][]analysis.Diagnostic, doc.file.NumGames())
	var todo []int
	for i, r := range games {
		if ds, ok := cache[r.Game]; ok {
			per[i] = ds
		} else {
			todo = append(todo, i)
		}
	}
	start := time.Now()
	failed := d.run(ctx, doc, cfg, todo, per)
	if ctx.Err() != nil {
		return
	}
	fresh := make(map[*syntax.Game][]analysis.Diagnostic, len(per))
	var all []analysis.Diagnostic
	for i, r := range games {
		if !failed[i] {
			fresh[r.Game] = per[i]
		}
		all = appendShifted(all, per[i], r.Start)
	}
	all = append(all, analysis.FileDiagnostics(doc.file, cfg)...)

	var semantic []analysis.Diagnostic
	analysis.Sort(all)
	for _, x := range all {
		if x.Source != "syntax" {
			semantic = append(semantic, x)
		}
	}

	d.mu.Lock()
	if ctx.Err() != nil || d.docs[doc.uri] != st {
		d.mu.Unlock()
		return
	}
	st.cache, st.cacheGen, st.semantic = fresh, gen, semantic
	d.mu.Unlock()
	d.s.logger.Debug("analysed", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
		zap.Int("games", len(per)), zap.Int("analysed", len(todo)), zap.Duration("elapsed", time.Since(start)))
	d.publish(doc, all, "analysis")
}

// run analyses the games of doc listed in todo into per, in parallel over
// the available cores. It stops early when ctx is done. An analyzer that
// panics is a fault of ours: it is logged, the game gets its syntax
// diagnostics only, and failed marks it so that it is not cached.
func (d *diagnoser) run(ctx context.Context, doc *document, cfg *analysis.Config, todo []int, per [][]analysis.Diagnostic) (failed map[int]bool) {
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

// publishParams is PublishDiagnosticsParams with the diagnostics already
// encoded: they are encoded once, for the hash and for the wire.
type publishParams struct {
	URI         protocol.DocumentURI `json:"uri"`
	Version     uint32               `json:"version,omitempty"` // uint32, as in protocol v0.12.0
	Diagnostics json.RawMessage      `json:"diagnostics"`
}

// publish sends the diagnostics of doc (file-absolute) unless doc is no
// longer the current version or they equal the last ones sent.
func (d *diagnoser) publish(doc *document, ds []analysis.Diagnostic, phase string) {
	pds := toProtocol(doc, ds)
	data, err := json.Marshal(pds)
	if err != nil {
		d.s.logger.Error("cannot encode diagnostics", zap.String("uri", string(doc.uri)), zap.Error(err))
		return
	}
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
	if st == nil || st.sent && st.lastHash == hash {
		d.mu.Unlock()
		log.Debug("diagnostics unchanged; not published")
		return
	}
	st.sent, st.lastHash = true, hash
	d.mu.Unlock()
	log.Debug("publish diagnostics", zap.Int("count", len(pds)))
	d.s.notify(protocol.MethodTextDocumentPublishDiagnostics, &publishParams{doc.uri, wireVersion(doc.version), data})
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

// toProtocol converts file-absolute diagnostics of doc to protocol form:
// sorted, exact duplicates removed, never nil.
func toProtocol(doc *document, ds []analysis.Diagnostic) []protocol.Diagnostic {
	analysis.Sort(ds)
	m := mapper{doc.file}
	out := make([]protocol.Diagnostic, 0, len(ds))
	for i, x := range ds {
		if i > 0 && sameDiagnostic(ds[i-1], x) {
			continue
		}
		out = append(out, convert(doc.uri, m, x))
	}
	return out
}

func sameDiagnostic(a, b analysis.Diagnostic) bool {
	return a.Span == b.Span && a.Code == b.Code && a.Severity == b.Severity && a.Message == b.Message && a.Source == b.Source
}

// convert turns one file-absolute analysis.Diagnostic into a
// protocol.Diagnostic. The code is always a string.
func convert(uri protocol.DocumentURI, m mapper, x analysis.Diagnostic) protocol.Diagnostic {
	source := x.Source
	if source == "" {
		source = "pgnls"
	}
	pd := protocol.Diagnostic{
		Range:    m.rangeOf(x.Span),
		Severity: severity(x.Severity),
		Code:     string(x.Code),
		Source:   source,
		Message:  x.Message,
	}
	for _, r := range x.Related {
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri, Range: m.rangeOf(r.Span)},
			Message:  r.Msg,
		})
	}
	return pd
}

func severity(s analysis.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analysis.Warning:
		return protocol.DiagnosticSeverityWarning
	case analysis.Info:
		return protocol.DiagnosticSeverityInformation
	case analysis.Hint:
		return protocol.DiagnosticSeverityHint
	}
	return protocol.DiagnosticSeverityError
}
