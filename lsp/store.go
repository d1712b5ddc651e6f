package lsp

import (
	"net/url"
	"os"
	"runtime/debug"
	"sort"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// document is one version of an open text document (its URI is the
// client's DocumentURI). It is immutable: an edit builds a new value, and
// whoever holds the old one (a debounced analysis, a request in progress)
// keeps a consistent snapshot.
type document = session.Document

// heldTrees is how much text, in bytes, the open documents of one
// lineage keep the syntax trees of (the most recently used games'; see
// syntax.ParseCompact): trees take ten to twenty times their text, so a
// big document costs about its text plus this budget's trees, and a
// request on a game whose tree was dropped parses its chunk (about 256
// games) again, a few milliseconds.
var heldTrees = 512 << 10

// parseDocument parses the text of an open document.
func parseDocument(name, text string, d syntax.Dialect) *syntax.File {
	return syntax.ParseCompact(name, text, d, heldTrees)
}

// store maps URIs of open documents to their current version.
type store struct {
	mu   sync.Mutex
	docs map[protocol.DocumentURI]*document
	// outlines caches the symbols and folds of each open document by
	// chunk, across its versions.
	outlines map[protocol.DocumentURI]*query.Outline
	limit    bool  // set the memory limit from the documents' sizes
	bytes    int64 // of the open documents
	extra    int64 // of a document being opened
	last     int64 // the limit last set
}

func newStore(limitMemory bool) *store {
	return &store{docs: make(map[protocol.DocumentURI]*document), outlines: make(map[protocol.DocumentURI]*query.Outline), limit: limitMemory && os.Getenv("GOMEMLIMIT") == ""}
}

// get returns the current version of uri, or nil if it is not open.
func (s *store) get(uri protocol.DocumentURI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// current reports whether d is the current version of its URI.
func (s *store) current(d *document) bool {
	return s.get(protocol.DocumentURI(d.URI)) == d
}

// outline returns the outline cache of uri, an open document.
func (s *store) outline(uri protocol.DocumentURI) *query.Outline {
	s.mu.Lock()
	defer s.mu.Unlock()
	o := s.outlines[uri]
	if o == nil {
		o = new(query.Outline)
		if s.docs[uri] != nil {
			s.outlines[uri] = o
		}
	}
	return o
}

// set makes d the current version of its URI.
func (s *store) set(d *document) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.docs[protocol.DocumentURI(d.URI)]; old != nil {
		s.bytes -= int64(old.File.Len())
	}
	s.docs[protocol.DocumentURI(d.URI)] = d
	s.bytes += int64(d.File.Len())
	s.extra = 0 // what was expected is the document now
	s.setLimit()
}

// remove forgets uri and returns the version it held, or nil.
func (s *store) remove(uri protocol.DocumentURI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	delete(s.docs, uri)
	delete(s.outlines, uri)
	if d != nil {
		s.bytes -= int64(d.File.Len())
		s.setLimit()
		if s.limit && d.File.Len() >= bigDocument {
			// Give the document's memory back to the system now, not
			// over the next minutes.
			go debug.FreeOSMemory()
		}
	}
	return d
}

// Memory: a document costs its text, its line table, its diagnostics
// and the syntax trees of its most recently used games (heldTrees), about
// two to three times its size (docs/BENCHMARKS.md). The Go runtime lets
// the heap grow to twice what is live before it collects, so with
// LimitMemory the server sets a soft limit of memoryPerByte times the
// open documents' bytes (never below minMemoryLimit): the heap is then
// collected before the process outgrows four times its documents.
const (
	memoryPerByte  = 3.5
	minMemoryLimit = 64 << 20
	bigDocument    = 4 << 20
)

// expect counts bytes more in the memory limit, for a document about to be
// opened (0 when it is).
func (s *store) expect(bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.extra = bytes
	s.setLimit()
}

// setLimit sets the runtime's soft memory limit from the open documents;
// s.mu is held.
func (s *store) setLimit() {
	if !s.limit {
		return
	}
	limit := max(minMemoryLimit, int64(memoryPerByte*float64(s.bytes+s.extra)))
	if d := limit - s.last; d > 1<<20 || d < -1<<20 {
		debug.SetMemoryLimit(limit)
		s.last = limit
	}
}

// all returns the current version of every open document, sorted by URI.
func (s *store) all() []*document {
	s.mu.Lock()
	docs := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		docs = append(docs, d)
	}
	s.mu.Unlock()
	sort.Slice(docs, func(i, j int) bool { return docs[i].URI < docs[j].URI })
	return docs
}

// fileName returns the path part of a document URI, for dialect detection
// by extension and for messages. It accepts any scheme ("untitled:x.pgn"
// included) and never fails.
func fileName(uri protocol.DocumentURI) string {
	u, err := url.Parse(string(uri))
	if err != nil {
		return string(uri)
	}
	switch {
	case u.Path != "":
		return u.Path
	case u.Opaque != "":
		if p, err := url.PathUnescape(u.Opaque); err == nil {
			return p
		}
		return u.Opaque
	}
	return string(uri)
}
