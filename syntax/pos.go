package syntax

import (
	"sort"
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

// lineTable holds the offsets of line starts, built on first use.
type lineTable struct {
	once   sync.Once
	starts []Pos
}

// lineStarts returns the start offset of every line of text. A line ends
// at "\n", "\r\n" or a lone "\r", the three terminators LSP recognises.
func lineStarts(text string) []Pos {
	starts := make([]Pos, 1, len(text)/40+1)
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, Pos(i+1))
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, Pos(i+1))
		}
	}
	return starts
}

func (f *File) lineTable() []Pos {
	f.lines.once.Do(func() { f.lines.starts = lineStarts(f.Text) })
	return f.lines.starts
}

// LineCount reports the number of lines in f (at least 1).
func (f *File) LineCount() int { return len(f.lineTable()) }

// LineStart returns the offset of the first byte of the 1-based line,
// clamped to the file.
func (f *File) LineStart(line int) Pos {
	t := f.lineTable()
	switch {
	case line < 1:
		return 0
	case line > len(t):
		return Pos(len(f.Text))
	}
	return t[line-1]
}

// LineEnd returns the offset just before the terminator of the 1-based line.
func (f *File) LineEnd(line int) Pos {
	t := f.lineTable()
	if line < 1 {
		line = 1
	}
	if line >= len(t) {
		return Pos(len(f.Text))
	}
	end := t[line]
	if end > 0 && f.Text[end-1] == '\n' {
		end--
	}
	if end > t[line-1] && f.Text[end-1] == '\r' {
		end--
	}
	return end
}

// Position converts a file-absolute offset to a 1-based line and byte column.
// Offsets outside the file are clamped.
func (f *File) Position(p Pos) Position {
	if p < 0 {
		p = 0
	}
	if int(p) > len(f.Text) {
		p = Pos(len(f.Text))
	}
	t := f.lineTable()
	i := sort.Search(len(t), func(i int) bool { return t[i] > p }) - 1
	return Position{Line: i + 1, Col: int(p-t[i]) + 1}
}
