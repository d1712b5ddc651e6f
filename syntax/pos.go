package syntax

import (
	"sort"
	"strings"
	"sync"
)

// Pos is a byte offset. Inside a Game it is relative to the game's first
// byte; File methods that take or return a Pos use file-absolute offsets.
type Pos int32

// Span is the half-open byte range [Start, End). The zero Span means "no span".
type Span struct{ Start, End Pos }

// Len reports the number of bytes in s.
func (s Span) Len() int { return int(s.End - s.Start) }

// Shift returns s moved by d bytes.
func (s Span) Shift(d Pos) Span { return Span{s.Start + d, s.End + d} }

// Contains reports whether p lies inside s, including its end so that a
// cursor placed right after a token still touches it.
func (s Span) Contains(p Pos) bool { return s.Start <= p && p <= s.End }

// Position is a 1-based line and byte column. Conversion to editor columns
// (characters or UTF-16 units) happens at the edges (cmd, lsp).
type Position struct{ Line, Col int }

// newlineEnds returns the offsets just after each line terminator of text.
// A line ends at "\n", "\r\n" or a lone "\r", the three terminators LSP
// recognises.
func newlineEnds(text string) []Pos {
	if strings.IndexByte(text, '\r') < 0 {
		// Only "\n": found by the vectorised search.
		ends := make([]Pos, 0, strings.Count(text, "\n"))
		for i := 0; ; {
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return ends
			}
			i += j + 1
			ends = append(ends, Pos(i))
		}
	}
	// Line by line, each found by the vectorised search for "\n"; the
	// "\r" that ends a line of its own is looked for in the line's bytes
	// (there is none in a file of "\r\n").
	ends := make([]Pos, 0, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); {
		end := len(text)
		if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
			end = i + j
		}
		line := text[i:end]
		if end < len(text) && len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1] // the "\r" of "\r\n"
		}
		for k := 0; ; {
			cr := strings.IndexByte(line[k:], '\r')
			if cr < 0 {
				break
			}
			k += cr + 1
			ends = append(ends, Pos(i+k))
		}
		if end == len(text) {
			break
		}
		ends = append(ends, Pos(end+1))
		i = end + 1
	}
	return ends
}

// lines returns the game-relative offsets just after each line terminator
// of g, computed once and shared by every file version holding g.
func (g *Game) lines() []Pos {
	g.nlOnce.Do(func() { g.nl = newlineEnds(g.Text) })
	return g.nl
}

// Line returns the 0-based line of g's text holding the game-relative
// offset p, from the line ends computed once per game.
func (g *Game) Line(p Pos) int {
	nl := g.lines()
	return sort.Search(len(nl), func(i int) bool { return nl[i] > p })
}

// fileLines locates lines across chunks, built once per file version at
// a cost of one step per chunk.
type fileLines struct {
	once      sync.Once
	before    []int // before[c]: line terminators in chunks before c
	lineStart []Pos // lineStart[c]: absolute start of the line holding chunk c's first byte
}

func (f *File) fileLines() *fileLines {
	f.lns.once.Do(func() {
		n := len(f.chunks)
		f.lns.before = make([]int, n)
		f.lns.lineStart = make([]Pos, n)
		count, start := 0, Pos(0)
		for c, ch := range f.chunks {
			f.lns.before[c], f.lns.lineStart[c] = count, start
			if nl := ch.lines(); len(nl) > 0 {
				count += len(nl)
				start = f.refs[c].Start + nl[len(nl)-1]
			}
		}
	})
	return &f.lns
}

// Text returns the whole text of f. A file built by Reparse assembles it
// from its chunks on first use, so callers on the editing path should read
// game texts or Slice instead.
func (f *File) Text() string {
	f.textOnce.Do(func() {
		if f.text != "" || f.n == 0 {
			return
		}
		var b strings.Builder
		b.Grow(int(f.Len()))
		for _, c := range f.chunks {
			c.appendText(&b, 0, c.size())
		}
		f.text = b.String()
	})
	return f.text
}

// Slice returns the text of a file-absolute span, which may cross games.
func (f *File) Slice(s Span) string {
	s.Start = min(max(s.Start, 0), f.Len())
	s.End = min(max(s.End, s.Start), f.Len())
	if s.Start == s.End {
		return ""
	}
	c := f.chunkAt(s.Start)
	if end := f.refs[c].Start + f.chunks[c].size(); s.End <= end {
		return f.chunks[c].slice(s.Start-f.refs[c].Start, s.End-f.refs[c].Start)
	}
	var b strings.Builder
	for ; c < len(f.chunks) && f.refs[c].Start < s.End; c++ {
		ch := f.chunks[c]
		lo, hi := max(s.Start, f.refs[c].Start), min(s.End, f.refs[c].Start+ch.size())
		ch.appendText(&b, lo-f.refs[c].Start, hi-f.refs[c].Start)
	}
	return b.String()
}

// LineCount reports the number of lines in f (at least 1).
func (f *File) LineCount() int {
	if len(f.chunks) == 0 {
		return 1
	}
	last := len(f.chunks) - 1
	return f.fileLines().before[last] + len(f.chunks[last].lines()) + 1
}

// LineStart returns the offset of the first byte of the 1-based line,
// clamped to the file.
func (f *File) LineStart(line int) Pos {
	if line <= 1 || f.n == 0 {
		return 0
	}
	if line > f.LineCount() {
		return f.Len()
	}
	fl := f.fileLines()
	l := line - 1 // terminators before the line
	// The chunk holding the l-th terminator.
	c := sort.Search(len(f.chunks), func(c int) bool { return fl.before[c] >= l }) - 1
	return f.refs[c].Start + f.chunks[c].lines()[l-fl.before[c]-1]
}

// LineEnd returns the offset just before the terminator of the 1-based line.
func (f *File) LineEnd(line int) Pos {
	line = max(line, 1)
	if line >= f.LineCount() {
		return f.Len()
	}
	end := f.LineStart(line + 1)
	if end > 0 && f.byteAt(end-1) == '\n' {
		end--
	}
	if end > f.LineStart(line) && f.byteAt(end-1) == '\r' {
		end--
	}
	return end
}

func (f *File) byteAt(p Pos) byte {
	c := f.chunkAt(p)
	rel := p - f.refs[c].Start
	return f.chunks[c].slice(rel, rel+1)[0]
}

// Position converts a file-absolute offset to a 1-based line and byte column.
// Offsets outside the file are clamped.
func (f *File) Position(p Pos) Position {
	p = min(max(p, 0), f.Len())
	if f.n == 0 {
		return Position{1, 1}
	}
	fl := f.fileLines()
	c := f.chunkAt(p)
	nl := f.chunks[c].lines()
	rel := p - f.refs[c].Start
	i := sort.Search(len(nl), func(i int) bool { return nl[i] > rel })
	start := fl.lineStart[c]
	if i > 0 {
		start = f.refs[c].Start + nl[i-1]
	}
	return Position{Line: fl.before[c] + i + 1, Col: int(p-start) + 1}
}
