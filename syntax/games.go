package syntax

import (
	"container/list"
	"iter"
	"slices"
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
// demand, from its source text.
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
	src    atomic.Pointer[source]    // the text to parse the games again from; nil: none yet
	cache  *treeCache                // nil: the games are always held
	pinned atomic.Bool               // a parse of the chunk's own text differs: always held
}

// source is text from which a chunk's games are parsed again: the
// chunk's bytes are text[off:off+size], and the text around them is the
// context they were first parsed in.
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

// newChunk returns a chunk of games (file-absolute starts) that holds
// them. A cache, if not nil, may drop them later.
func newChunk(games []GameRef, d Dialect, cache *treeCache) *Chunk {
	rel := relative(games)
	c := chunkMeta(rel, d)
	c.cache = cache
	c.held.Store(&rel)
	if cache != nil {
		cache.touch(c)
	}
	return c
}

// newCompactChunk returns a chunk of games (starts absolute in text, from
// which they were parsed) that does not hold them: it parses them again
// from text when asked for them.
func newCompactChunk(games []GameRef, text string, d Dialect, cache *treeCache) *Chunk {
	c := chunkMeta(relative(games), d)
	c.cache = cache
	c.src.Store(&source{text: text, off: int(games[0].Start)})
	c.lines() // from the text, while it is in the processor's cache
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
	if s := c.src.Load(); s != nil {
		v.src.Store(&source{text: s.text, off: s.off + int(base)})
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
	if c.pinned.Load() {
		v.pinned.Store(true)
	} else if c.cache != nil {
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
		if c.cache != nil && !c.pinned.Load() {
			c.cache.touch(c)
		}
		return *p
	}
	c.parse.Lock() // one parse, however many readers want the games
	defer c.parse.Unlock()
	if p := c.held.Load(); p != nil {
		return *p
	}
	s := c.src.Load()
	end := s.off + int(c.size())
	games := parseRange(s.text, s.off, end, c.d, func(b int) bool { return b >= end }, false)
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

// drop makes c stop holding its games, if it can parse them again. A
// chunk built from games (by an edit) first checks that a parse of its
// own text gives the same games; if not, it is pinned and keeps them.
func (c *Chunk) drop() {
	p := c.held.Load()
	if p == nil || c.pinned.Load() {
		return
	}
	if c.src.Load() == nil {
		text, ok := reproducible(*p, c.d)
		if !ok {
			c.pinned.Store(true)
			return
		}
		c.src.Store(&source{text: text})
	}
	c.held.CompareAndSwap(p, nil)
}

// reproducible returns the text of games (consecutive, chunk-relative
// starts) and whether parsing that text alone gives the same games: the
// same tokens and syntax errors. Context can matter: the scanner looks
// one byte behind a token, and a few recovery decisions look ahead.
func reproducible(games []GameRef, d Dialect) (string, bool) {
	var b strings.Builder
	for _, r := range games {
		b.WriteString(r.Game.Text)
	}
	text := b.String()
	again := parseRange(text, 0, len(text), d, nil, false)
	if len(again) != len(games) {
		return "", false
	}
	for i, r := range again {
		g, h := r.Game, games[i].Game
		if r.Start != games[i].Start || len(g.Text) != len(h.Text) || !slices.Equal(g.Tokens, h.Tokens) ||
			!slices.Equal(g.Errs, h.Errs) || len(g.Moves) != len(h.Moves) || len(g.Header) != len(h.Header) {
			return "", false
		}
	}
	return text, true
}

// lines returns the line table of c.
func (c *Chunk) lines() []Pos {
	c.nlOnce.Do(func() {
		if s := c.src.Load(); s != nil {
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
	if s := c.src.Load(); s != nil {
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
	if s := c.src.Load(); s != nil {
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
// about max bytes of text. The others parse their games again on demand.
type treeCache struct {
	mu    sync.Mutex
	max   Pos
	bytes Pos
	order list.List // of *Chunk, the most recently used first
	at    map[*Chunk]*list.Element
	drops sync.WaitGroup // the drops under way
}

func newTreeCache(max Pos) *treeCache {
	return &treeCache{max: max, at: make(map[*Chunk]*list.Element)}
}

// touch records a use of c, which holds its games, and drops the games
// of the chunks used least recently beyond the budget (always keeping c).
func (tc *treeCache) touch(c *Chunk) {
	tc.mu.Lock()
	if e, ok := tc.at[c]; ok {
		tc.order.MoveToFront(e)
		tc.mu.Unlock()
		return
	}
	tc.at[c] = tc.order.PushFront(c)
	tc.bytes += c.size()
	var out []*Chunk
	for tc.bytes > tc.max && tc.order.Len() > 1 {
		e := tc.order.Back()
		old := e.Value.(*Chunk)
		tc.order.Remove(e)
		delete(tc.at, old)
		tc.bytes -= old.size()
		out = append(out, old)
	}
	tc.mu.Unlock()
	if len(out) > 0 {
		// Dropping a chunk an edit built first parses its text to check
		// it: not on the caller's time.
		tc.drops.Go(func() {
			for _, old := range out {
				old.drop()
			}
		})
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
		for c, ch := range f.chunks {
			for j, r := range ch.games() {
				if !yield(f.refs[c].First+j, GameRef{Start: f.refs[c].Start + r.Start, Game: r.Game}) {
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
