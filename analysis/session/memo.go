package session

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pgnls/pgnls/syntax"
)

// A Memo is the key of a value the session keeps for each open document,
// across its versions: made on first use (Of), dropped when the document
// closes. A feature keeps its caches there (the outline by chunk, what
// the language server last published) without the session knowing their
// types. A Memo is made once, as a package variable of the feature.
type Memo[T any] struct {
	id   int
	new  func() T
	fill filler // nil: the analysis does not fill it
}

// memoIDs numbers the memos.
var memoIDs atomic.Int64

// NewMemo returns the key of a per-document value made by new.
func NewMemo[T any](new func() T) *Memo[T] {
	return &Memo[T]{id: int(memoIDs.Add(1)), new: new}
}

// ChunkStore is a per-document cache of what a feature makes of each
// game, kept by chunk of games (syntax.Chunk), which the analysis can
// fill as it reads chunks whole (see NewChunkMemo). query.Outline is one.
type ChunkStore[G any] interface {
	// Expect tells the store that the values of f's games will be Put:
	// until done is called, a request for them may wait rather than
	// compute them beside the analysis.
	Expect(f *syntax.File) (done func())
	// Put keeps the values of the games of chunks of f, by index in
	// f.Chunks(), each in the order of the chunk's games.
	Put(f *syntax.File, games map[int][]G)
}

// NewChunkMemo returns the key of a per-document ChunkStore made by new,
// which the analysis fills (when the session is told to, Session.Fill)
// with game's value of each game of the chunks it reads whole, while the
// game's tree is at hand: a request for the store's values then need
// not parse the games again.
func NewChunkMemo[T ChunkStore[G], G any](new func() T, game func(d syntax.Dialect, r syntax.GameRef, i int) G) *Memo[T] {
	m := NewMemo(new)
	m.fill = chunkFiller[T, G]{m: m, of: game}
	return m
}

// Of returns the value of m for doc's document: the one its versions
// share while it is open. For a document the session does not hold, it
// is a new value, not kept.
func (m *Memo[T]) Of(doc *Document) T {
	if doc.memos == nil {
		return m.new()
	}
	return doc.memos.get(m.id, func() any { return m.new() }).(T)
}

// Filled is a memo the analysis can fill (see NewChunkMemo).
type Filled interface {
	filler() filler
}

func (m *Memo[T]) filler() filler { return m.fill }

// memos are the memo values of an open document, shared by its versions.
type memos struct {
	fill []filler // the memos the analysis fills, as the session had them at the open

	mu   sync.Mutex
	vals map[int]any
}

// get returns the value of memo id, made by new if needed.
func (ms *memos) get(id int, new func() any) any {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	v, ok := ms.vals[id]
	if !ok {
		v = new()
		if ms.vals == nil {
			ms.vals = make(map[int]any)
		}
		ms.vals[id] = v
	}
	return v
}

// fillers returns the memos the analysis of doc fills.
func (doc *Document) fillers() []filler {
	if doc.memos == nil {
		return nil
	}
	return doc.memos.fill
}

// filler is a memo the analysis fills.
type filler interface {
	// expect tells doc's value that the analysis will fill it.
	expect(doc *Document) (done func())
	// record returns what takes the values of n games of doc to
	// analyse.
	record(doc *Document, n int) recording
}

// recording takes the values of the games an analysis reads.
type recording interface {
	// game records game i of the document (r), at position k of the
	// games analysed. It is called for different k concurrently.
	game(k int, r syntax.GameRef, i int)
	// put keeps the values of the chunks whole (see wholeChunks) whose
	// games were all analysed (failed tells which were not).
	put(whole map[int][2]int, failed []bool)
}

// chunkFiller fills a ChunkStore.
type chunkFiller[T ChunkStore[G], G any] struct {
	m  *Memo[T]
	of func(syntax.Dialect, syntax.GameRef, int) G
}

func (c chunkFiller[T, G]) expect(doc *Document) func() { return c.m.Of(doc).Expect(doc.File) }

func (c chunkFiller[T, G]) record(doc *Document, n int) recording {
	return &chunkRecording[T, G]{store: c.m.Of(doc), f: doc.File, of: c.of, vals: make([]G, n)}
}

// chunkRecording is the recording of a chunkFiller.
type chunkRecording[T ChunkStore[G], G any] struct {
	store T
	f     *syntax.File
	of    func(syntax.Dialect, syntax.GameRef, int) G
	vals  []G // by position in the games analysed
}

func (r *chunkRecording[T, G]) game(k int, ref syntax.GameRef, i int) {
	r.vals[k] = r.of(r.f.Dialect, ref, i)
}

func (r *chunkRecording[T, G]) put(whole map[int][2]int, failed []bool) {
	put := make(map[int][]G, len(whole))
	for c, rg := range whole {
		if !slices.Contains(failed[rg[0]:rg[1]], true) {
			put[c] = r.vals[rg[0]:rg[1]]
		}
	}
	r.store.Put(r.f, put)
}
