package query

import (
	"context"
	"runtime"
	"sync"

	"github.com/pgnls/pgnls/syntax"
)

// Outline answers Symbols and Folds for the versions of one document from
// a cache per chunk of games (syntax.Chunk): a chunk is immutable and
// shared by the versions an edit makes, so after an edit only the chunks
// it made are computed again, and a big document's outline costs a walk
// of its chunks, not a parse of its games. The chunks to compute are
// computed on every core. An Outline is safe for concurrent use; its
// zero value is ready. It keeps the chunks of the last version asked
// about only.
type Outline struct {
	mu     sync.Mutex
	chunks map[*syntax.Chunk]*chunkOutline
	// While an analysis computes the outline of version fill (Expect),
	// requests for that version wait until filled is closed.
	fill   *syntax.File
	filled chan struct{}
}

// Expect tells o that the outline of f is being computed elsewhere and
// will be Put: until done is called, a request for f waits for it
// instead of parsing every game beside the analysis that reads them (a
// big database opened in an editor that asks for its outline at once).
// done must be called, after the Put or without one; calling it again
// does nothing.
func (o *Outline) Expect(f *syntax.File) (done func()) {
	ch := make(chan struct{})
	o.mu.Lock()
	o.fill, o.filled = f, ch
	o.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			o.mu.Lock()
			if o.filled == ch {
				o.fill, o.filled = nil, nil
			}
			o.mu.Unlock()
			close(ch)
		})
	}
}

// chunkOutline is what Outline keeps of a chunk: its symbols and folds,
// with offsets relative to the chunk's first byte, for the chunk placed
// at game index first (symbol names may hold the game's number).
type chunkOutline struct {
	first   int
	symbols []Symbol
	folds   []Fold
}

// Placed is symbols whose spans count from Base: the symbols of a chunk,
// which the cache keeps from one version to the next, placed in one.
type Placed struct {
	Base    syntax.Pos
	Symbols []Symbol
}

// Symbols returns Symbols(f) as the symbols of each chunk, placed, or
// nil and ctx's error once ctx is done. Nothing is copied: a big
// database has tens of thousands of symbols, and a caller that encodes
// them adds the Base of each.
func (o *Outline) Symbols(ctx context.Context, f *syntax.File) ([]Placed, error) {
	cs, err := o.of(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]Placed, len(cs))
	for i, ref := range f.Chunks() {
		out[i] = Placed{Base: ref.Start, Symbols: cs[i].symbols}
	}
	return out, nil
}

// Folds returns Folds(f), or nil and ctx's error once ctx is done.
func (o *Outline) Folds(ctx context.Context, f *syntax.File) ([]Fold, error) {
	cs, err := o.of(ctx, f)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, c := range cs {
		n += len(c.folds)
	}
	out := make([]Fold, 0, n)
	for i, ref := range f.Chunks() {
		for _, fd := range cs[i].folds {
			out = append(out, Fold{Span: fd.Span.Shift(ref.Start), Kind: fd.Kind})
		}
	}
	return out, nil
}

// of returns the outline of each chunk of f, in order, computing those
// it does not have.
func (o *Outline) of(ctx context.Context, f *syntax.File) ([]*chunkOutline, error) {
	o.mu.Lock()
	if o.fill == f {
		ch := o.filled
		o.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		o.mu.Lock()
	}
	refs := f.Chunks()
	out := make([]*chunkOutline, len(refs))
	var todo []int
	for i, ref := range refs {
		if c := o.chunks[ref.Chunk]; c != nil && c.first == ref.First {
			out[i] = c
		} else {
			todo = append(todo, i)
		}
	}
	o.mu.Unlock()

	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Go(func() {
			for i := range next {
				out[i] = outlineChunk(f, refs[i])
			}
		})
	}
	for _, i := range todo {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	chunks := make(map[*syntax.Chunk]*chunkOutline, len(refs))
	for i, ref := range refs {
		chunks[ref.Chunk] = out[i]
	}
	o.mu.Lock()
	o.chunks = chunks
	o.mu.Unlock()
	return out, nil
}

// outlineChunk computes the outline of the chunk ref of f.
func outlineChunk(f *syntax.File, ref syntax.ChunkRef) *chunkOutline {
	games := make([]GameOutline, ref.Chunk.Len())
	for i, r := range ref.Games() {
		games[i-ref.First] = OutlineOf(f.Dialect, r, i)
	}
	return chunkOf(ref, games)
}

// GameOutline is the part of a document's outline one game makes: its
// symbol, if it has one, and its folds, file-absolute.
type GameOutline struct {
	Symbol    Symbol
	HasSymbol bool
	Folds     []Fold
}

// OutlineOf returns the outline of r, game i of a file of dialect d.
// The language server's analysis computes it while it holds the game's
// tree, for Put.
func OutlineOf(d syntax.Dialect, r syntax.GameRef, i int) GameOutline {
	s, ok := gameSymbol(d, r, i)
	return GameOutline{Symbol: s, HasSymbol: ok, Folds: gameFolds(nil, r)}
}

// chunkOf returns the outline of the chunk ref made of its games'.
func chunkOf(ref syntax.ChunkRef, games []GameOutline) *chunkOutline {
	// Kept while the document is open: no room to spare.
	syms, folds := 0, 0
	for _, g := range games {
		if g.HasSymbol {
			syms++
		}
		folds += len(g.Folds)
	}
	c := &chunkOutline{first: ref.First, symbols: make([]Symbol, 0, syms), folds: make([]Fold, 0, folds)}
	for _, g := range games {
		if g.HasSymbol {
			c.symbols = append(c.symbols, shiftSymbol(g.Symbol, -ref.Start))
		}
		for _, fd := range g.Folds {
			c.folds = append(c.folds, Fold{Span: fd.Span.Shift(-ref.Start), Kind: fd.Kind})
		}
	}
	sortFolds(c.folds) // a chunk starts a game: no fold spans two
	return c
}

// Put keeps the outlines of chunks of f, given by their index in
// f.Chunks() as the outlines of their games (OutlineOf, in order), so
// that a request need not parse them again, and forgets the chunks that
// are not f's, as a request on f does: what an analysis keeps for a
// version that no one asks the outline of does not pile up. It panics
// unless each chunk given has one outline per game.
func (o *Outline) Put(f *syntax.File, games map[int][]GameOutline) {
	refs := f.Chunks()
	made := make(map[int]*chunkOutline, len(games))
	for k, gs := range games {
		if len(gs) != refs[k].Chunk.Len() {
			panic("query: Outline.Put with a wrong number of games")
		}
		made[k] = chunkOf(refs[k], gs)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	chunks := make(map[*syntax.Chunk]*chunkOutline, len(refs))
	for k, ref := range refs {
		if c := made[k]; c != nil {
			chunks[ref.Chunk] = c
		} else if c := o.chunks[ref.Chunk]; c != nil && c.first == ref.First {
			chunks[ref.Chunk] = c
		}
	}
	o.chunks = chunks
}

// shiftSymbol returns s and its children moved by d.
func shiftSymbol(s Symbol, d syntax.Pos) Symbol {
	s.Span, s.Selection = s.Span.Shift(d), s.Selection.Shift(d)
	if len(s.Children) > 0 {
		kids := make([]Symbol, len(s.Children))
		for i, k := range s.Children {
			kids[i] = shiftSymbol(k, d)
		}
		s.Children = kids
	}
	return s
}
