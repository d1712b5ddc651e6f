package session

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"

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

// memory sets the runtime's soft memory limit from the sizes of the open
// documents (see Options.LimitMemory); the session's mu guards it.
type memory struct {
	limit bool  // set the memory limit from the documents' sizes
	base  int64 // resident bytes of the process before any document
	bytes int64 // of the open documents
	extra int64 // of a document being opened
	last  int64 // the limit last set
}

// newMemory returns the accounting of a session, which sets the limit
// with limitMemory unless the GOMEMLIMIT environment variable is set.
func newMemory(limitMemory bool) memory {
	m := memory{limit: limitMemory && os.Getenv("GOMEMLIMIT") == ""}
	if m.limit {
		m.base = resident()
	}
	return m
}

// add counts a document of size bytes more (less when negative).
func (m *memory) add(bytes int64) {
	m.bytes += bytes
	m.extra = 0 // what was expected is the document now
	m.set()
}

// closed counts a document of size bytes less, and returns a big
// document's memory to the system.
func (m *memory) closed(bytes int64) {
	m.bytes -= bytes
	m.set()
	if m.limit && bytes >= bigDocument {
		// Give the document's memory back to the system now, not
		// over the next minutes.
		go debug.FreeOSMemory()
	}
}

// expect counts bytes more, for a document about to be opened.
func (m *memory) expect(bytes int64) {
	m.extra = bytes
	m.set()
}

// set sets the runtime's soft memory limit from the open documents.
func (m *memory) set() {
	if !m.limit {
		return
	}
	limit := max(minMemoryLimit, int64((memoryPromise-memoryOvershoot)*float64(m.bytes+m.extra))-m.base)
	if d := limit - m.last; d > 1<<20 || d < -1<<20 {
		debug.SetMemoryLimit(limit)
		m.last = limit
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
