package syntax

// Reparse returns the file after edit e. Only the games the edit touches
// (and the one before them, whose end may depend on them) are parsed
// again, from a window of text around the edit; every other game is shared
// with old by pointer and only its start offset moves. The whole text is
// never copied, so the cost does not grow with the file's size beyond one
// step per chunk. The result equals Parse of the edited text. kept tells
// which games are old ones; the others were parsed anew.
//
// An edit outside 0 <= Start <= End <= old.Len() is clamped.
func Reparse(old *File, e Edit) (f *File, kept Kept) {
	n := old.Len()
	e.Start = min(max(e.Start, 0), n)
	e.End = min(max(e.End, e.Start), n)
	if old.n == 0 {
		if old.cache != nil {
			return ParseCompact(old.Name, e.New, old.Dialect, int(old.cache.max)), Kept{}
		}
		return Parse(old.Name, e.New, old.Dialect), Kept{}
	}
	delta := Pos(len(e.New)) - (e.End - e.Start)
	k := old.GameAt(max(e.Start-1, 0))
	if k > 0 {
		k--
	}
	// Games before the edit whose parse looked at its bytes are parsed
	// again too.
	for k > 0 && old.gameReach(k-1) > e.Start {
		k--
	}
	// The window covers old games [k, m): at least two games past the
	// first one that starts after the edit, doubled until a boundary of
	// the new parse meets an old game start.
	after := old.GameAt(e.End) + 1
	m := min(after+2, old.n)
	for {
		fresh, win, reuse, ok := reparseWindow(old, e, delta, k, m)
		if ok {
			f = &File{Name: old.Name, Dialect: old.Dialect, cache: old.cache}
			f.setChunks(splice(old, k, reuse, fresh, win))
			return f, Kept{Prefix: k, Suffix: old.n - reuse}
		}
		m = min(m+(m-k), old.n)
	}
}

// Kept tells which games of a file made by Reparse are those of the
// version it was made from: its first Prefix and its last Suffix games are
// exactly the old version's first Prefix and last Suffix games (the same
// text, parsed alike); the games between them were parsed anew.
type Kept struct{ Prefix, Suffix int }

// Then returns what is kept across k and then next, an edit of the
// version k describes.
func (k Kept) Then(next Kept) Kept {
	return Kept{Prefix: min(k.Prefix, next.Prefix), Suffix: min(k.Suffix, next.Suffix)}
}

// splice returns the chunks of old with games [k, reuse) replaced by
// fresh (file-absolute starts in the new text), parsed from the window
// win: in a compact file, their chunks parse them again from it once
// they were dropped. The games of the chunks holding games k and reuse
// that stay become chunks of their own, views of the old ones that share
// their text and trees, so that an edit neither walks nor parses the
// games it leaves alone.
func splice(old *File, k, reuse int, fresh []GameRef, win window) []*Chunk {
	ck, jk := old.chunkOfGame(k)
	chunks := make([]*Chunk, 0, len(old.chunks)+4)
	chunks = append(chunks, old.chunks[:ck]...)
	if jk > 0 {
		chunks = append(chunks, old.chunks[ck].view(0, jk))
	}
	chunks = append(chunks, chunksOf(fresh, func(games []GameRef) *Chunk {
		if old.cache == nil {
			return newChunk(games, old.Dialect)
		}
		return newCompactChunk(games, win.text, int(games[0].Start-win.base), old.Dialect, old.cache, true)
	})...)
	if reuse < old.n {
		cj, jj := old.chunkOfGame(reuse)
		if jj > 0 {
			c := old.chunks[cj]
			chunks = append(chunks, c.view(jj, c.Len()))
			cj++
		}
		chunks = append(chunks, old.chunks[cj:]...)
	}
	return chunks
}

// lookAhead is how much text past a window reparseWindow lets the scanner
// read: more than its longest look-ahead that does not consume what it
// reads (nestLookahead past a comment's first '}').
const lookAhead = 2 * nestLookahead

// window is the text an edit's games are parsed from: its byte i is at
// base+i in the new text.
type window struct {
	text string
	base Pos
}

// reparseWindow parses the edited text of old games [k, m). It succeeds
// when a new game boundary meets the start of an old game j < m whose
// preceding byte is unchanged (the scanner looks one byte behind a token),
// or when the window reaches the end of the file. It returns the new games
// with file-absolute starts, the window they were parsed from and the
// index of the first old game to reuse.
func reparseWindow(old *File, e Edit, delta Pos, k, m int) (fresh []GameRef, win window, reuse int, ok bool) {
	atEOF := m == old.n
	winStart := old.GameSpan(k).Start
	lb := Pos(0)
	if winStart > 0 {
		lb = 1 // one byte of look-behind
	}
	winEnd := old.GameSpan(m - 1).End
	// The text after the window is there for the scanner's look-aheads
	// (the brace that closes a nested '{', the quote that ends a tag
	// value, a tag line after a comment): the games of the window must be
	// read as in the whole text. Games past the window are not kept.
	text := old.Slice(Span{winStart - lb, e.Start}) + e.New + old.Slice(Span{e.End, min(winEnd+lookAhead, old.Len())})
	base := winStart - lb // unchanged: the window starts before the edit
	reuse = old.n
	stop := func(b int) bool {
		nb := Pos(b) + base
		ob := nb - delta
		if ob < e.End+1 || nb < e.Start+Pos(len(e.New))+1 {
			return false
		}
		j := old.GameAt(ob)
		if j < m && old.GameSpan(j).Start == ob {
			reuse = j
			return true
		}
		return false
	}
	fresh = parseGames(text, int(lb), old.Dialect, stop)
	if reuse == old.n && !atEOF {
		return nil, window{}, 0, false
	}
	for i := range fresh {
		fresh[i].Start += base
	}
	return fresh, window{text, base}, reuse, true
}
