package syntax

import (
	"errors"
	"io"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

// GameReader parses a stream game by game with a bounded window of text
// in memory, for files too large to hold whole. The games it returns are
// exactly those Parse would return for the whole stream.
//
// It parses the text it holds, hands out every game but the last two,
// and keeps those two (and one byte before them, for the scanner's
// look-behind) to parse again with more text: a game's end may depend on
// the first line of the game after it, and on at most nestLookahead bytes
// after its end, never further.
type GameReader struct {
	r       io.Reader
	name    string
	dialect Dialect
	chunk   int

	buf   string // text from base on; buf[0] is look-behind when base > 0
	base  Pos    // file-absolute offset of buf[0]
	lb    int    // 1 when buf[0] is look-behind
	eof   bool
	err   error
	ready []GameRef // parsed games not yet returned, absolute starts

	lines   int    // line terminators before the next game
	pending string // text of the next game's line before it (game started mid-line)
	facts   FileFacts

	mode parseMode
}

// StreamGame is a game read from a stream, with what is needed to turn
// its offsets into lines and columns without the rest of the file.
type StreamGame struct {
	GameRef
	Line   int    // 1-based line of the game's first byte
	Prefix string // text of that line before the game (usually "")
}

// NewGameReader returns a reader of the games in r. With auto set the
// dialect is detected from name and the first tag, as DetectDialect does.
func NewGameReader(r io.Reader, name string, d Dialect, auto bool) *GameReader {
	// A chunk is parsed in segments on every core (parseConcurrently):
	// one segment per core at least.
	gr := &GameReader{r: r, name: name, dialect: d, chunk: min(max(256<<10, segmentSize*runtime.GOMAXPROCS(0)), 8<<20)}
	if auto {
		gr.fill()
		gr.dialect = DetectDialect(name, gr.buf)
	}
	return gr
}

// DropTokens makes the games returned from now on keep no Tokens
// (Game.Tokens is nil; everything else is as usual), for consumers that
// read only the typed tree: it saves about a third of the parse's memory
// and allocation. Call it before the first Next.
func (gr *GameReader) DropTokens() { gr.mode |= modeNoTokens }

// HeadersOnly makes the games returned from now on keep their text, tag
// section (Header and Tags), Result and position in the file, but no
// Tokens and no movetext: Moves holds no move, number, variation or
// annotation, only what the header leaves before them (comments, stray
// bytes), After nothing of the movetext, and the syntax
// errors (Errs) of the movetext may be missing. The games are the same
// games, with the same boundaries, as a whole parse reads. It is for
// consumers that read the tags only (pgnls select with tag criteria),
// and saves about a third of the parse. Call it before the first Next.
func (gr *GameReader) HeadersOnly() { gr.mode |= modeNoTokens | modeHeaders }

// Name returns the name the stream was opened with.
func (gr *GameReader) Name() string { return gr.name }

// Dialect reports the dialect the stream is parsed in.
func (gr *GameReader) Dialect() Dialect { return gr.dialect }

// Err returns the first read error other than io.EOF.
func (gr *GameReader) Err() error { return gr.err }

// Facts returns the file-level facts of the games returned so far.
func (gr *GameReader) Facts() *FileFacts { return &gr.facts }

// fill appends up to one chunk of input to buf.
func (gr *GameReader) fill() {
	if gr.eof {
		return
	}
	// Read behind a copy of buf into one new block that is never written
	// again, and make it the new buf without copying it once more.
	b := make([]byte, len(gr.buf)+gr.chunk)
	copy(b, gr.buf)
	n, err := io.ReadFull(gr.r, b[len(gr.buf):])
	gr.buf = unsafe.String(unsafe.SliceData(b), len(gr.buf)+n)
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		gr.eof = true
	case err != nil:
		gr.err, gr.eof = err, true
	}
}

// Next returns the next game; ok is false at the end of the stream.
func (gr *GameReader) Next() (g StreamGame, ok bool) {
	for len(gr.ready) == 0 {
		if gr.eof && len(gr.buf) <= gr.lb {
			return StreamGame{}, false
		}
		gr.fill()
		gr.parse()
	}
	r := gr.ready[0]
	gr.ready = gr.ready[1:]
	g = StreamGame{GameRef: r, Line: gr.lines + 1, Prefix: gr.pending}
	gr.facts.Add(r)
	nl := r.Game.lines()
	gr.lines += len(nl)
	if len(nl) > 0 {
		gr.pending = r.Game.Text[nl[len(nl)-1]:]
	} else {
		gr.pending += r.Game.Text
	}
	return g, true
}

// parse parses buf and moves the complete games to ready.
func (gr *GameReader) parse() {
	// The line ends of each game, which Next counts, are found on the
	// parsing goroutines, so that every core shares that work too.
	games := slices.Concat(parseSegments(gr.buf, gr.lb, gr.dialect, gr.mode, func(games []GameRef) []GameRef {
		for _, r := range games {
			r.Game.lines()
		}
		return games
	})...)
	keep := 2
	if gr.eof {
		keep = 0
	} else {
		// A game's end may also depend on up to nestLookahead bytes after
		// it (a comment's braces); keep the games that end closer than
		// that to the end of what was read.
		for keep < len(games) && int(games[len(games)-keep-1].End()) > len(gr.buf)-nestLookahead {
			keep++
		}
	}
	if len(games) <= keep {
		if !gr.eof {
			gr.chunk = min(gr.chunk*2, 64<<20) // a long game: read more at once
		}
		return
	}
	done := games[:len(games)-keep]
	for _, r := range done {
		r.Start += gr.base
		gr.ready = append(gr.ready, r)
	}
	if keep == 0 {
		gr.base += Pos(len(gr.buf))
		gr.buf, gr.lb = "", 0
		return
	}
	cut := int(games[len(games)-keep].Start) - 1 // keep one byte of look-behind
	gr.base += Pos(cut)
	gr.buf, gr.lb = strings.Clone(gr.buf[cut:]), 1
}

// Position converts a game-relative offset of a streamed game to a
// 1-based line and byte column.
func (g StreamGame) Position(p Pos) Position {
	nl := g.Game.lines()
	i := sort.Search(len(nl), func(i int) bool { return nl[i] > p })
	if i == 0 {
		return Position{Line: g.Line, Col: len(g.Prefix) + int(p) + 1}
	}
	return Position{Line: g.Line + i, Col: int(p-nl[i-1]) + 1}
}

// LineText returns the text of the line holding the game-relative offset
// p, from its start up to p.
func (g StreamGame) LineText(p Pos) string {
	nl := g.Game.lines()
	i := sort.Search(len(nl), func(i int) bool { return nl[i] > p })
	if i == 0 {
		return g.Prefix + g.Game.Text[:p]
	}
	return g.Game.Text[nl[i-1]:p]
}
