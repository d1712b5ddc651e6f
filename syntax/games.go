package syntax

import (
	"container/list"
	"iter"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// chunkSize is the number of games a chunk is built with; an edit copies
// one chunk and the list of chunks, never the list of all games.
const chunkSize = 256

// Chunk is a run of consecutive games. Chunks are immutable and shared
// between the versions of a file, like the games themselves; the starts
// of its games are relative to the chunk's first byte, so a chunk stays
// valid wherever an edit moves it. Its pointer is its identity: what is
// computed for a chunk's games holds wherever the chunk is shared.
//
// Besides the games, a chunk keeps what the file needs without walking
// them: where each game ends, their syntax errors, the line table and the
// file facts. A chunk of a compact file (see ParseCompact) holds its games
// only while its tree cache says so; otherwise it parses them again, on
// demand, from the text they were parsed from.
type Chunk struct {
	d      Dialect
	ends   []Pos        // chunk-relative end of each game
	reach  []Pos        // how far the parse of each game read (Game.reach), game-relative
	errs   [][]Error    // the syntax errors of each game (its Errs)
	gfacts []chunkFacts // the file facts of each game, game-relative
	facts  chunkFacts   // and of the whole chunk

	nlOnce sync.Once
	nl     []Pos // chunk-relative offsets just after each line terminator

	held   atomic.Pointer[[]GameRef] // the games; nil while dropped
	parse  sync.Mutex                // held while the games are parsed again
	src    *source                   // the text the games were parsed from; nil: always held
	cache  *treeCache                // nil: the games are always held
	cached atomic.Bool               // in the cache (written under its lock)
	used   atomic.Bool               // used since the cache's clock last passed it
}

// source is the text a chunk's games were parsed from, and are parsed
// again from: the chunk's bytes are text[off:off+size], and the text
// around them is the context they were first parsed in (the byte before,
// which the scanner looks behind at, and what its look-aheads read after),
// so a parse from off gives the same games again.
type source struct {
	text string
	off  int
}

// chunkFacts are the file facts of a chunk (see FileFacts), chunk-relative.
type chunkFacts struct {
	first   [3]Pos // lf, crlf, cr: first offset, or -1
	invalid Pos    // first byte that is not UTF-8, or -1
	fffd    Pos    // first U+FFFD, or -1
}

// newChunk returns a chunk of games (file-absolute starts) that always
// holds them.
func newChunk(games []GameRef, d Dialect) *Chunk {
	rel := relative(games)
	c := chunkMeta(rel, d)
	c.held.Store(&rel)
	return c
}

// newCompactChunk returns a chunk of games parsed from text, the first
// at offset off in it, whose games cache holds: at first when hold is set
// (the games an edit parsed), else once asked for them. It parses them
// again from text when they were dropped.
func newCompactChunk(games []GameRef, text string, off int, d Dialect, cache *treeCache, hold bool) *Chunk {
	rel := relative(games)
	c := chunkMeta(rel, d)
	c.cache = cache
	c.src = &source{text: text, off: off}
	c.lines() // from the text, while it is in the processor's cache
	if hold {
		c.held.Store(&rel)
		cache.touch(c)
	}
	return c
}

// relative returns games with starts relative to the first one's.
func relative(games []GameRef) []GameRef {
	rel := make([]GameRef, len(games))
	for i, r := range games {
		rel[i] = GameRef{Start: r.Start - games[0].Start, Game: r.Game}
	}
	return rel
}

// chunkMeta returns a chunk with the facts of games (chunk-relative
// starts) and nothing held.
func chunkMeta(games []GameRef, d Dialect) *Chunk {
	c := &Chunk{d: d, ends: make([]Pos, len(games)), reach: make([]Pos, len(games)), errs: make([][]Error, len(games)), gfacts: make([]chunkFacts, len(games))}
	for i, r := range games {
		c.ends[i] = r.End()
		c.reach[i] = r.Game.reach
		c.errs[i] = r.Game.Errs
		le := r.Game.lineEnd
		c.gfacts[i] = chunkFacts{first: [3]Pos{le.lf, le.crlf, le.cr}, invalid: Pos(r.Game.invalidUTF8()), fffd: Pos(strings.Index(r.Game.Text, "\uFFFD"))}
	}
	c.foldFacts()
	return c
}

// foldFacts sets the facts of c from those of its games.
func (c *Chunk) foldFacts() {
	c.facts = chunkFacts{first: [3]Pos{-1, -1, -1}, invalid: -1, fffd: -1}
	for j, g := range c.gfacts {
		start := c.start(j)
		for k, p := range g.first {
			if p >= 0 && c.facts.first[k] < 0 {
				c.facts.first[k] = start + p
			}
		}
		if g.invalid >= 0 && c.facts.invalid < 0 {
			c.facts.invalid = start + g.invalid
		}
		if g.fffd >= 0 && c.facts.fffd < 0 {
			c.facts.fffd = start + g.fffd
		}
	}
}

// view returns a chunk of games [a, b) of c (0 <= a < b <= Len) that
// shares c's source text and, while c holds them, its games.
func (c *Chunk) view(a, b int) *Chunk {
	base := c.start(a)
	v := &Chunk{d: c.d, cache: c.cache, ends: make([]Pos, b-a), reach: c.reach[a:b:b], errs: c.errs[a:b:b], gfacts: c.gfacts[a:b:b]}
	for j := a; j < b; j++ {
		v.ends[j-a] = c.ends[j] - base
	}
	v.foldFacts()
	nl := c.lines()
	lo := sort.Search(len(nl), func(i int) bool { return nl[i] > base })
	hi := sort.Search(len(nl), func(i int) bool { return nl[i] > c.ends[b-1] })
	v.nlOnce.Do(func() {
		v.nl = make([]Pos, hi-lo)
		for i, p := range nl[lo:hi] {
			v.nl[i] = p - base
		}
	})
	if s := c.src; s != nil {
		v.src = &source{text: s.text, off: s.off + int(base)}
	}
	p := c.held.Load()
	if p == nil {
		return v
	}
	games := make([]GameRef, b-a)
	for j, r := range (*p)[a:b] {
		games[j] = GameRef{Start: r.Start - base, Game: r.Game}
	}
	v.held.Store(&games)
	if c.cache != nil {
		c.cache.touch(v)
	}
	return v
}

// chunksOf splits games (with file-absolute starts) into runs of
// chunkSize (all of them when fewer than two chunks' worth remain) and
// makes a chunk of each with build.
func chunksOf(games []GameRef, build func([]GameRef) *Chunk) []*Chunk {
	var out []*Chunk
	for len(games) > 0 {
		n := chunkSize
		if len(games) < 2*chunkSize {
			n = len(games)
		}
		out = append(out, build(games[:n]))
		games = games[n:]
	}
	return out
}

// size is the chunk's length in bytes.
func (c *Chunk) size() Pos {
	if len(c.ends) == 0 {
		return 0
	}
	return c.ends[len(c.ends)-1]
}

// start returns the chunk-relative start of game j.
func (c *Chunk) start(j int) Pos {
	if j == 0 {
		return 0
	}
	return c.ends[j-1]
}

// games returns the games of c with chunk-relative starts, parsing them
// again if c does not hold them.
func (c *Chunk) games() []GameRef {
	if p := c.held.Load(); p != nil {
		if c.cache != nil {
			c.cache.use(c)
		}
		return *p
	}
	c.parse.Lock() // one parse, however many readers want the games
	defer c.parse.Unlock()
	if p := c.held.Load(); p != nil {
		return *p
	}
	s := c.src
	end := s.off + int(c.size())
	games := parseRange(s.text, s.off, end, c.d, func(b int) bool { return b >= end }, 0)
	if len(games) != len(c.ends) {
		panic("syntax: a chunk parsed again has a different number of games")
	}
	for i := range games {
		games[i].Start -= Pos(s.off)
		if games[i].End() != c.ends[i] {
			panic("syntax: a chunk parsed again has different game boundaries")
		}
	}
	c.held.Store(&games)
	c.cache.touch(c)
	return games
}

// lines returns the line table of c.
func (c *Chunk) lines() []Pos {
	c.nlOnce.Do(func() {
		if s := c.src; s != nil {
			c.nl = newlineEnds(s.text[s.off : s.off+int(c.size())])
			return
		}
		for _, r := range *c.held.Load() {
			for _, p := range newlineEnds(r.Game.Text) {
				c.nl = append(c.nl, r.Start+p)
			}
		}
	})
	return c.nl
}

// appendText writes the chunk-relative bytes [lo, hi) of c to b.
func (c *Chunk) appendText(b *strings.Builder, lo, hi Pos) {
	if s := c.src; s != nil {
		b.WriteString(s.text[s.off+int(lo) : s.off+int(hi)])
		return
	}
	for _, r := range *c.held.Load() {
		if r.End() <= lo || r.Start >= hi {
			continue
		}
		b.WriteString(r.Game.Text[max(lo, r.Start)-r.Start : min(hi, r.End())-r.Start])
	}
}

// slice returns the chunk-relative bytes [lo, hi) of c.
func (c *Chunk) slice(lo, hi Pos) string {
	if s := c.src; s != nil {
		return s.text[s.off+int(lo) : s.off+int(hi)]
	}
	j := sort.Search(len(c.ends), func(j int) bool { return c.ends[j] > lo })
	if j < len(c.ends) && hi <= c.ends[j] {
		start := c.start(j)
		return (*c.held.Load())[j].Game.Text[lo-start : hi-start]
	}
	var b strings.Builder
	c.appendText(&b, lo, hi)
	return b.String()
}

// treeCache decides which chunks of a compact file, and of the versions
// edits make of it, hold their games: the most recently used ones, up to
// about max bytes of text. The others parse their games again on demand
// from their source text; dropping them is one store, so it is done at
// once and no goroutine is ever needed.
//
// A use of a chunk already in the cache only sets the chunk's used flag
// (an atomic store, no lock), so that the workers analysing a document's
// games in parallel do not serialise on one document-wide lock per game.
// The lock is taken when a chunk enters the cache; the chunks then
// evicted are the least recently used ones as a clock sees them: from the
// oldest entry, a chunk used since it was last passed goes back to the
// front (its flag cleared), the first one unused goes.
type treeCache struct {
	mu    sync.Mutex
	max   Pos
	bytes Pos
	order list.List // of *Chunk, the most recently entered or passed first
	at    map[*Chunk]*list.Element
}

func newTreeCache(max Pos) *treeCache {
	return &treeCache{max: max, at: make(map[*Chunk]*list.Element)}
}

// use records a use of c: without a lock when c is in the cache, else by
// entering it (see touch).
func (tc *treeCache) use(c *Chunk) {
	if c.cached.Load() {
		if !c.used.Load() {
			c.used.Store(true)
		}
		return
	}
	tc.touch(c)
}

// touch enters c in the cache if it holds its games (or marks it used if
// it is there), and drops the games of the chunks evicted beyond the
// budget (always keeping c).
func (tc *treeCache) touch(c *Chunk) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if _, ok := tc.at[c]; ok {
		c.used.Store(true)
		return
	}
	if c.held.Load() == nil {
		return // evicted since its caller read its games
	}
	tc.at[c] = tc.order.PushFront(c)
	c.cached.Store(true)
	tc.bytes += c.size()
	for tc.bytes > tc.max && tc.order.Len() > 1 {
		e := tc.order.Back()
		old := e.Value.(*Chunk)
		if old == c || old.used.Swap(false) {
			tc.order.MoveToFront(e) // a second chance
			continue
		}
		tc.order.Remove(e)
		delete(tc.at, old)
		old.cached.Store(false)
		old.held.Store(nil)
		tc.bytes -= old.size()
	}
}

// setChunks installs chunks in f and places them.
func (f *File) setChunks(chunks []*Chunk) {
	f.chunks = chunks
	f.refs = make([]ChunkRef, len(chunks))
	var at Pos
	n := 0
	for i, c := range chunks {
		f.refs[i] = ChunkRef{Chunk: c, Start: at, First: n}
		at += c.size()
		n += len(c.ends)
	}
	f.n = n
}

// ChunkRef places a chunk in a file.
type ChunkRef struct {
	Chunk *Chunk
	Start Pos // file-absolute offset of its first byte
	First int // index of its first game in the file
}

// Chunks returns the chunks of f in order. The slice is f's own: callers
// must not modify it.
func (f *File) Chunks() []ChunkRef { return f.refs }

// Len reports the number of games in c.
func (c *Chunk) Len() int { return len(c.ends) }

// Games iterates over the games of the chunk r places, with their
// file-absolute indices and starts. It parses the chunk at most once,
// where a File.Game per game parses it again whenever another reader
// made the tree cache drop it in between: a walk of every chunk on
// several cores would parse a fifth of them twice.
func (r ChunkRef) Games() iter.Seq2[int, GameRef] {
	return func(yield func(int, GameRef) bool) {
		for j, g := range r.Chunk.games() {
			if !yield(r.First+j, GameRef{Start: r.Start + g.Start, Game: g.Game}) {
				return
			}
		}
	}
}

// GameSpan returns the span of game j of c (0 <= j < Len), relative to
// the chunk's first byte, without parsing anything.
func (c *Chunk) GameSpan(j int) Span { return Span{c.start(j), c.ends[j]} }

// NumGames reports the number of games in f.
func (f *File) NumGames() int { return f.n }

// chunkOfGame returns the chunk holding game i and i's index in it.
func (f *File) chunkOfGame(i int) (int, int) {
	c := sort.Search(len(f.refs), func(c int) bool { return f.refs[c].First > i }) - 1
	return c, i - f.refs[c].First
}

// Game returns game i (0 <= i < NumGames) with its file-absolute start.
// In a compact file this may parse the game's chunk again.
func (f *File) Game(i int) GameRef {
	c, j := f.chunkOfGame(i)
	r := f.chunks[c].games()[j]
	return GameRef{Start: f.refs[c].Start + r.Start, Game: r.Game}
}

// GameSpan returns the file-absolute span of game i (0 <= i < NumGames)
// without parsing anything.
func (f *File) GameSpan(i int) Span {
	c, j := f.chunkOfGame(i)
	ch := f.chunks[c]
	return Span{ch.start(j), ch.ends[j]}.Shift(f.refs[c].Start)
}

// gameReach returns the file-absolute offset just past the furthest byte
// the parse of game i read (see Game.reach).
func (f *File) gameReach(i int) Pos {
	c, j := f.chunkOfGame(i)
	ch := f.chunks[c]
	return f.refs[c].Start + ch.start(j) + ch.reach[j]
}

// GameErrors returns the syntax errors of game i (its Errs, game-relative)
// without parsing anything.
func (f *File) GameErrors(i int) []Error {
	c, j := f.chunkOfGame(i)
	return f.chunks[c].errs[j]
}

// Games iterates over the games of f in order, with their indices.
func (f *File) Games() iter.Seq2[int, GameRef] {
	return func(yield func(int, GameRef) bool) {
		for _, ref := range f.refs {
			for i, r := range ref.Games() {
				if !yield(i, r) {
					return
				}
			}
		}
	}
}

// GameAt returns the index of the game holding the file-absolute offset p;
// an offset at the very end belongs to the last game. It returns -1 for an
// empty file.
func (f *File) GameAt(p Pos) int {
	if f.n == 0 {
		return -1
	}
	c := f.chunkAt(p)
	ends := f.chunks[c].ends
	rel := p - f.refs[c].Start
	j := sort.Search(len(ends), func(j int) bool { return ends[j] > rel })
	if j == len(ends) {
		if c+1 < len(f.chunks) {
			return f.refs[c+1].First
		}
		return f.n - 1
	}
	return f.refs[c].First + j
}

// chunkAt returns the chunk holding the file-absolute offset p (the last
// chunk for the very end); f must have chunks.
func (f *File) chunkAt(p Pos) int {
	return max(sort.Search(len(f.refs), func(c int) bool { return f.refs[c].Start > p })-1, 0)
}

// Len reports the length of the file's text in bytes.
func (f *File) Len() Pos {
	if len(f.chunks) == 0 {
		return 0
	}
	last := len(f.chunks) - 1
	return f.refs[last].Start + f.chunks[last].size()
}
