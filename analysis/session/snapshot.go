package session

import (
	"context"
	"errors"
	"maps"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// A Session is the open documents of a program (the language server's
// client's), their analysis and the configuration it runs under. Each of
// DidOpen, DidChange, DidClose and SetConfig updates the documents,
// makes a new Snapshot, invalidates what the change invalidates and
// schedules the analysis, in one call: a caller has nothing to keep in
// step. The open documents are overlays over the files on disk: a
// reader of the workspace (the workspace index) reads an open document
// from the Snapshot, not from disk. The per-document caches of features
// are Memos the session keeps as long as the document is open.
//
// Its methods are safe for concurrent use; the changes take effect one
// at a time, in the order of the calls.
type Session struct {
	engine *Engine

	change sync.Mutex // held through a change: one at a time

	mu   sync.Mutex
	snap *Snapshot
	cfg  Config
	fill []filler // the memos the analysis fills (Fill)
	mem  memory
}

// Config is the configuration of a session.
type Config struct {
	// Dialect is the notation of every document: "pgn" or "ctl-pgn";
	// "" or "auto" detect it per document from its file name and first
	// tag (syntax.DetectDialect).
	Dialect string
	// Analysis is the analyzers' configuration. A SetConfig with another
	// pointer analyses every document again.
	Analysis *analysis.Config
	// Max is the number of diagnostics a publication holds at most; <= 0:
	// no limit.
	Max int
}

// DialectOf returns the dialect of a document named name whose text
// starts with head (its first game will do).
func (c Config) DialectOf(name, head string) syntax.Dialect {
	if d, ok := syntax.ParseDialect(c.Dialect); ok {
		return d
	}
	return syntax.DetectDialect(name, head)
}

// Options configures a Session.
type Options struct {
	// Analyzers diagnose the games.
	Analyzers []*analysis.Analyzer
	// Debounce is how long after an edit its analysis starts, unless
	// another edit of the document comes first.
	Debounce time.Duration
	// Config is the configuration at the start.
	Config Config
	// LimitMemory sets the runtime's soft memory limit
	// (runtime/debug.SetMemoryLimit) from the open documents' sizes and
	// returns a big document's memory to the system when it closes,
	// unless the GOMEMLIMIT environment variable is set: for a program
	// that owns its process.
	LimitMemory bool
}

// New returns a session without documents, which publishes their
// diagnostics through host; its analyses stop when ctx is done.
func New(ctx context.Context, host Host, opts Options) *Session {
	return &Session{
		engine: NewEngine(ctx, host, opts.Analyzers, opts.Debounce, opts.Config.Analysis, opts.Config.Max),
		snap:   &Snapshot{},
		cfg:    opts.Config,
		mem:    newMemory(opts.LimitMemory),
	}
}

// Errors of DidChange.
var (
	ErrNotOpen = errors.New("document not open")
	ErrStale   = errors.New("change made from a version that is not the document's current one")
)

// A Snapshot is the open documents at one moment: the current version of
// each. It is immutable; later changes make new snapshots.
type Snapshot struct {
	docs map[string]*Document
	all  []*Document // sorted by URI

	overlays func() map[string]*Document // made on first use
}

// Get returns the version of the document at uri, or nil if it was not
// open.
func (sn *Snapshot) Get(uri string) *Document { return sn.docs[uri] }

// All returns the documents, sorted by URI.
func (sn *Snapshot) All() []*Document { return slices.Clone(sn.all) }

// with returns a snapshot like sn with doc as the version of its URI
// (nil: closed).
func (sn *Snapshot) with(uri string, doc *Document) *Snapshot {
	docs := maps.Clone(sn.docs)
	if docs == nil {
		docs = make(map[string]*Document)
	}
	if doc == nil {
		delete(docs, uri)
	} else {
		docs[uri] = doc
	}
	all := make([]*Document, 0, len(docs))
	for _, d := range docs {
		all = append(all, d)
	}
	slices.SortFunc(all, func(a, b *Document) int { return strings.Compare(a.URI, b.URI) })
	out := &Snapshot{docs: docs, all: all}
	out.overlays = sync.OnceValue(func() map[string]*Document {
		o := make(map[string]*Document, len(all))
		for _, d := range all {
			path, ok := FilePath(d.URI)
			if !ok {
				path = d.URI
			}
			o[path] = d
		}
		return o
	})
	return out
}

// Overlays returns the documents by the path of their file (by URI for a
// document that is not a file's): what a reader of the workspace's files
// reads instead of the file on disk. The map is shared: it must not be
// changed. A nil Snapshot has none.
func (sn *Snapshot) Overlays() map[string]*Document {
	if sn == nil || sn.overlays == nil {
		return nil
	}
	return sn.overlays()
}

// FilePath returns the path of a file: URI, and false for a URI of
// another scheme.
func FilePath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// Snapshot returns the current snapshot.
func (s *Session) Snapshot() *Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap
}

// Get returns the current version of the document at uri, or nil if it
// is not open.
func (s *Session) Get(uri string) *Document { return s.Snapshot().Get(uri) }

// Current reports whether doc is the current version of its document.
func (s *Session) Current(doc *Document) bool { return s.Get(doc.URI) == doc }

// Config returns the configuration in force.
func (s *Session) Config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

// Fill has the analysis fill m (a memo made by NewChunkMemo) for the
// documents opened from now on.
func (s *Session) Fill(m Filled) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := m.filler(); f != nil && !slices.Contains(s.fill, f) {
		s.fill = append(s.fill, f)
	}
}

// Expect counts bytes more in the memory limit, for a document about to
// be opened (0 when it is, or when it will not be).
func (s *Session) Expect(bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mem.expect(bytes)
}

// put makes f, with the memos ms, the given version of the document at
// uri, or closes the document when f is nil, and returns the new
// version. s.change is held.
func (s *Session) put(uri string, version int32, f *syntax.File, ms *memos) *Document {
	var doc *Document
	if f != nil {
		doc = &Document{URI: uri, Version: version, File: f, memos: ms}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.snap.Get(uri)
	s.snap = s.snap.with(uri, doc)
	switch {
	case doc == nil && old != nil:
		s.mem.closed(int64(old.File.Len()))
	case doc != nil:
		delta := int64(f.Len())
		if old != nil {
			delta -= int64(old.File.Len())
		}
		s.mem.add(delta)
	}
	return doc
}

// DidOpen parses text as the given version of the document at uri (name
// is its file name, for the dialect and messages), in the dialect the
// configuration gives it, makes it current, replacing the version open
// before if any, and analyses it.
func (s *Session) DidOpen(uri string, version int32, name, text string) *Document {
	s.change.Lock()
	defer s.change.Unlock()
	f := Parse(name, text, s.Config().DialectOf(name, text))
	s.mu.Lock()
	var ms *memos
	if old := s.snap.Get(uri); old != nil {
		ms = old.memos // a document open twice keeps its memos
	} else {
		ms = &memos{fill: slices.Clone(s.fill)}
	}
	s.mu.Unlock()
	doc := s.put(uri, version, f, ms)
	s.engine.Changed(doc, fresh)
	return doc
}

// DidChange makes ch, a change of the current version of the document
// at uri (made from it by NewChange), its version version, and schedules
// its analysis. When the change gives the document another dialect (its
// first tag), the text is parsed anew in it. It fails, changing nothing,
// with ErrNotOpen when the document is not open and ErrStale when ch was
// made from another version.
func (s *Session) DidChange(uri string, version int32, ch Change) (*Document, error) {
	s.change.Lock()
	defer s.change.Unlock()
	old := s.Get(uri)
	switch {
	case old == nil:
		return nil, ErrNotOpen
	case ch.base != old.File:
		return nil, ErrStale
	}
	f, d := ch.File, ch.Delta()
	if dl := s.Config().DialectOf(f.Name, head(f)); dl != f.Dialect {
		f, d = Parse(f.Name, f.Text(), dl), fresh // nothing carries over to another dialect
	}
	doc := s.put(uri, version, f, old.memos)
	s.engine.Changed(doc, d)
	return doc, nil
}

// DidClose closes the document at uri, drops its memos and stops its
// analysis. It returns the version it held, or nil.
func (s *Session) DidClose(uri string) *Document {
	s.change.Lock()
	defer s.change.Unlock()
	old := s.Get(uri)
	if old != nil {
		s.put(uri, 0, nil, nil)
	}
	s.engine.Closed(uri)
	return old
}

// SetConfig installs c. A different dialect setting parses again the
// documents whose dialect it changes; a different analysis configuration
// or limit analyses every other document again. It returns the
// documents parsed again.
func (s *Session) SetConfig(c Config) (reparsed []*Document) {
	s.change.Lock()
	defer s.change.Unlock()
	s.mu.Lock()
	old := s.cfg
	s.cfg = c
	snap := s.snap
	s.mu.Unlock()
	reconfigure := c.Analysis != old.Analysis || c.Max != old.Max
	if reconfigure {
		s.engine.Configure(c.Analysis, c.Max)
	}
	for _, doc := range snap.all {
		f := doc.File
		if c.Dialect != old.Dialect {
			if d := c.DialectOf(f.Name, head(f)); d != f.Dialect {
				doc = s.put(doc.URI, doc.Version, Parse(f.Name, f.Text(), d), doc.memos)
				s.engine.Changed(doc, fresh)
				reparsed = append(reparsed, doc)
				continue
			}
		}
		if reconfigure {
			s.engine.Changed(doc, reconfigured(f))
		}
	}
	return reparsed
}

// Reanalyse analyses every open document again, as a new configuration
// does: for a change outside the documents that their analysis reads
// (the names of the workspace's players, say).
func (s *Session) Reanalyse() {
	s.change.Lock()
	defer s.change.Unlock()
	for _, doc := range s.Snapshot().all {
		s.engine.Changed(doc, reconfigured(doc.File))
	}
}

// head returns the start of the text of f that dialect detection reads:
// the first game, which holds the lines before the first tag and that tag
// (a file built by Reparse assembles its whole text only on demand).
func head(f *syntax.File) string {
	if f.NumGames() == 0 {
		return ""
	}
	// Its text only: a tree of the first game would parse its whole
	// chunk again at every keystroke once a big document dropped it.
	return f.Slice(f.GameSpan(0))
}

// SetExtra installs the extra file-level diagnostics of the document at
// uri, for its next analyses (and its first, when called before it).
func (s *Session) SetExtra(uri string, x Extra) { s.engine.SetExtra(uri, x) }

// SetNames installs the names file of the workspace (see
// Engine.SetNames).
func (s *Session) SetNames(n *players.Names) { s.engine.SetNames(n) }

// GameDiagnostics returns a fresh analysis of game i of doc, with fixes
// (see Engine.GameDiagnostics).
func (s *Session) GameDiagnostics(doc *Document, i int) []analysis.Diagnostic {
	return s.engine.GameDiagnostics(doc, i)
}

// GameVariants returns the players' variant names in game i of doc (see
// Engine.GameVariants).
func (s *Session) GameVariants(doc *Document, i int) []analysis.Diagnostic {
	return s.engine.GameVariants(doc, i)
}

// Analysed reports whether every game of doc, the current version of its
// document, is analysed under the configuration in force.
func (s *Session) Analysed(doc *Document) bool { return s.engine.Analysed(doc) }

// Stop cancels every pending analysis (at shutdown).
func (s *Session) Stop() { s.engine.Stop() }

// Wait waits for the analyses under way, and those scheduled, to end.
func (s *Session) Wait() { s.engine.Wait() }
