package session

import (
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/syntax"
)

// HeldTrees is how much text, in bytes, an open document keeps the
// syntax trees of (its most recently used games'; see
// syntax.ParseCompact): trees take ten to twenty times their text, so a
// big document costs about its text plus this budget's trees, and a
// request on a game whose tree was dropped parses its chunk (about 256
// games) again, a few milliseconds. 256 KB holds a chunk or two of a
// typical database (the one edited and the one on screen); 512 KB took
// 0.1x the document more at the peak of a 21 MB outline
// (docs/BENCHMARKS.md). It applies to the documents parsed after it is
// set; tests lower it.
var HeldTrees = 256 << 10

// Parse parses the text of an open document, keeping the trees of
// HeldTrees bytes of it.
func Parse(name, text string, d syntax.Dialect) *syntax.File {
	return syntax.ParseCompact(name, text, d, HeldTrees)
}

// Documents is the set of open documents: the current version of each,
// by URI, and the outline cache of each. With a memory limit, it also
// keeps the Go runtime's soft memory limit in proportion to the open
// documents' sizes. It is safe for concurrent use.
type Documents struct {
	// Outlines, when set before the documents open, gives each version
	// the document's outline cache (Document.Outline), which the
	// analysis fills: a client that shows the outline (documentSymbol,
	// foldingRange) then gets the first one without the games being
	// parsed again.
	Outlines bool

	mu   sync.Mutex
	docs map[string]*Document
	// outlines caches the symbols and folds of each open document by
	// chunk, across its versions.
	outlines map[string]*query.Outline
	limit    bool  // set the memory limit from the documents' sizes
	base     int64 // resident bytes of the process before any document
	bytes    int64 // of the open documents
	extra    int64 // of a document being opened
	last     int64 // the limit last set
}

// Memory: a document costs its text, its line table, its diagnostics
// and the syntax trees of its most recently used games (HeldTrees), about
// two to three times its size (docs/BENCHMARKS.md). The promise is a peak
// resident set of at most memoryPromise times the open documents. The Go
// runtime lets the heap grow to twice what is live before it collects, so
// with a memory limit the documents set the runtime's soft limit to what
// the promise leaves: memoryPromise times the documents, less what the
// collector overshoots its goal by while it marks (memoryOvershoot times
// the documents: a big open or outline allocates that much meanwhile),
// less what is resident outside the runtime's count (the program's own
// code and data, measured as the process's resident set before any
// document), never below minMemoryLimit.
const (
	memoryPromise   = 4
	memoryOvershoot = 0.4
	minMemoryLimit  = 64 << 20
	bigDocument     = 4 << 20
)

// NewDocuments returns an empty set of documents. With limitMemory (for
// a program that owns its process), it sets the runtime's soft memory
// limit (runtime/debug.SetMemoryLimit) from the open documents' sizes and
// returns a big document's memory to the system when it closes, unless
// the GOMEMLIMIT environment variable is set.
func NewDocuments(limitMemory bool) *Documents {
	ds := &Documents{
		docs:     make(map[string]*Document),
		outlines: make(map[string]*query.Outline),
		limit:    limitMemory && os.Getenv("GOMEMLIMIT") == "",
	}
	if ds.limit {
		ds.base = resident()
	}
	return ds
}

// Get returns the current version of uri, or nil if it is not open.
func (ds *Documents) Get(uri string) *Document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.docs[uri]
}

// Current reports whether doc is the current version of its URI.
func (ds *Documents) Current(doc *Document) bool {
	return ds.Get(doc.URI) == doc
}

// Outline returns the outline cache of uri, an open document (a cache
// of a document that is not open is not kept).
func (ds *Documents) Outline(uri string) *query.Outline {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.outline(uri)
}

// outline is Outline with ds.mu held.
func (ds *Documents) outline(uri string) *query.Outline {
	o := ds.outlines[uri]
	if o == nil {
		o = new(query.Outline)
		if ds.docs[uri] != nil {
			ds.outlines[uri] = o
		}
	}
	return o
}

// Open parses text, in dialect d, as the given version of the document
// at uri (name is its file name) and makes it current, replacing the
// version open before if any.
func (ds *Documents) Open(uri string, version int32, name, text string, d syntax.Dialect) *Document {
	return ds.Update(uri, version, Parse(name, text, d))
}

// Update makes f, the text of the document at uri after a change, its
// current version. f is made by Change.Apply from the document's current
// text, or by Parse when the text is parsed anew (in another dialect).
func (ds *Documents) Update(uri string, version int32, f *syntax.File) *Document {
	doc := &Document{URI: uri, Version: version, File: f}
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if old := ds.docs[uri]; old != nil {
		ds.bytes -= int64(old.File.Len())
	}
	ds.docs[uri] = doc
	if ds.Outlines {
		doc.Outline = ds.outline(uri)
	}
	ds.bytes += int64(f.Len())
	ds.extra = 0 // what was expected is the document now
	ds.setLimit()
	return doc
}

// Close forgets uri and returns the version it held, or nil.
func (ds *Documents) Close(uri string) *Document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := ds.docs[uri]
	delete(ds.docs, uri)
	delete(ds.outlines, uri)
	if d != nil {
		ds.bytes -= int64(d.File.Len())
		ds.setLimit()
		if ds.limit && d.File.Len() >= bigDocument {
			// Give the document's memory back to the system now, not
			// over the next minutes.
			go debug.FreeOSMemory()
		}
	}
	return d
}

// Expect counts bytes more in the memory limit, for a document about to
// be opened (0 when it is, or when it will not be).
func (ds *Documents) Expect(bytes int64) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	ds.extra = bytes
	ds.setLimit()
}

// setLimit sets the runtime's soft memory limit from the open documents;
// ds.mu is held.
func (ds *Documents) setLimit() {
	if !ds.limit {
		return
	}
	limit := max(minMemoryLimit, int64((memoryPromise-memoryOvershoot)*float64(ds.bytes+ds.extra))-ds.base)
	if d := limit - ds.last; d > 1<<20 || d < -1<<20 {
		debug.SetMemoryLimit(limit)
		ds.last = limit
	}
}

// resident returns the resident set of the process in bytes, or 0 where
// /proc/self/statm cannot tell (outside Linux).
func resident() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// All returns the current version of every open document, sorted by URI.
func (ds *Documents) All() []*Document {
	ds.mu.Lock()
	docs := make([]*Document, 0, len(ds.docs))
	for _, d := range ds.docs {
		docs = append(docs, d)
	}
	ds.mu.Unlock()
	sort.Slice(docs, func(i, j int) bool { return docs[i].URI < docs[j].URI })
	return docs
}
