package syntax

import (
	"iter"
	"sort"
	"sync"
)

// chunkSize is the number of games a chunk is built with; an edit copies
// one chunk and the list of chunks, never the list of all games.
const chunkSize = 256

// chunk is a run of consecutive games. Chunks are immutable and shared
// between the versions of a file, like the games themselves; the starts
// of its games are relative to the chunk's first byte, so a chunk stays
// valid wherever an edit moves it.
type chunk struct {
	games []GameRef
	size  Pos

	linesOnce sync.Once
	lines     chunkLines
}

// chunkLines locates lines inside a chunk.
type chunkLines struct {
	count     int   // line terminators in the chunk
	before    []int // per game: terminators in the chunk before the game
	lineStart []Pos // per game: relative start of the line holding its first byte, or -1 when that line starts before the chunk
	lastStart Pos   // relative start of the chunk's last line, or -1
}

func newChunk(games []GameRef, base Pos) *chunk {
	c := &chunk{games: make([]GameRef, len(games))}
	for i, r := range games {
		c.games[i] = GameRef{Start: r.Start - base, Game: r.Game}
	}
	if n := len(games); n > 0 {
		c.size = games[n-1].End() - base
	}
	return c
}

// chunksOf splits games (with file-absolute starts) into chunks.
func chunksOf(games []GameRef) []*chunk {
	var out []*chunk
	for len(games) > 0 {
		n := min(len(games), chunkSize)
		if len(games) < 2*chunkSize {
			n = len(games)
		}
		out = append(out, newChunk(games[:n], games[0].Start))
		games = games[n:]
	}
	return out
}

func (c *chunk) lineInfo() *chunkLines {
	c.linesOnce.Do(func() {
		l := &c.lines
		l.before = make([]int, len(c.games))
		l.lineStart = make([]Pos, len(c.games))
		l.lastStart = -1
		for i, r := range c.games {
			l.before[i], l.lineStart[i] = l.count, l.lastStart
			if nl := r.Game.lines(); len(nl) > 0 {
				l.count += len(nl)
				l.lastStart = r.Start + nl[len(nl)-1]
			}
		}
	})
	return &c.lines
}

// setChunks installs chunks in f and computes where each one starts.
func (f *File) setChunks(chunks []*chunk) {
	f.chunks = chunks
	f.starts = make([]Pos, len(chunks))
	f.first = make([]int, len(chunks))
	var at Pos
	n := 0
	for i, c := range chunks {
		f.starts[i], f.first[i] = at, n
		at += c.size
		n += len(c.games)
	}
	f.n = n
}

// NumGames reports the number of games in f.
func (f *File) NumGames() int { return f.n }

// chunkOfGame returns the chunk holding game i and i's index in it.
func (f *File) chunkOfGame(i int) (int, int) {
	c := sort.Search(len(f.first), func(c int) bool { return f.first[c] > i }) - 1
	return c, i - f.first[c]
}

// Game returns game i (0 <= i < NumGames) with its file-absolute start.
func (f *File) Game(i int) GameRef {
	c, j := f.chunkOfGame(i)
	r := f.chunks[c].games[j]
	return GameRef{Start: f.starts[c] + r.Start, Game: r.Game}
}

// Games iterates over the games of f in order, with their indices.
func (f *File) Games() iter.Seq2[int, GameRef] {
	return func(yield func(int, GameRef) bool) {
		for c, ch := range f.chunks {
			for j, r := range ch.games {
				if !yield(f.first[c]+j, GameRef{Start: f.starts[c] + r.Start, Game: r.Game}) {
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
	c := sort.Search(len(f.starts), func(c int) bool { return f.starts[c] > p }) - 1
	c = max(c, 0)
	games := f.chunks[c].games
	rel := p - f.starts[c]
	j := sort.Search(len(games), func(j int) bool { return games[j].End() > rel })
	if j == len(games) {
		if c+1 < len(f.chunks) {
			return f.first[c+1]
		}
		return f.n - 1
	}
	return f.first[c] + j
}

// Len reports the length of the file's text in bytes.
func (f *File) Len() Pos {
	if len(f.chunks) == 0 {
		return 0
	}
	last := len(f.chunks) - 1
	return f.starts[last] + f.chunks[last].size
}
