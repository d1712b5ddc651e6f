package workspace

import (
	"context"
	"runtime"
	"strings"
	"sync"

	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/syntax"
)

// indexed is what the index keeps of one game.
type indexed struct {
	rec   gameRec
	str   string // name, '\n', detail, then the players (see players); "" for a game of comments only
	posts []posting
}

// describe returns the record of game number i of a file of dialect d,
// its name and detail, and the game-relative offset of its first tag (or
// move); str is "" for a game of comments only.
func describe(sg syntax.StreamGame, d syntax.Dialect, i int) (rec gameRec, str string, sel syntax.Pos) {
	g := sg.Game
	first := firstMove(g.Moves)
	switch {
	case len(g.Tags) > 0:
		sel = g.Tags[0].Sp.Start
	case first != nil:
		sel = first.Sp.Start
	default:
		sel = syntax.Pos(len(g.Text) - len(strings.TrimLeft(g.Text, " \t\r\n")))
	}
	line, col := place(sg, sel)
	rec = gameRec{line: line, col: col, result: resultOf(g), date: dateOf(g)}
	plies := 0
	for _, e := range g.Moves {
		if _, ok := e.(*syntax.Move); ok {
			plies++
		}
	}
	rec.plies = uint16(min(plies, 1<<16-1))
	if len(g.Tags) == 0 && first == nil && g.Result == nil {
		return rec, "", sel // comments only: no symbol, no position
	}
	name, detail := query.GameName(d, g, i)
	return rec, name + "\n" + detail + players(g), sel
}

// players returns the values of the White and Black tags of g as the
// strings of a game keep them after its name and detail, each after a
// NUL ("" for a missing tag): written as they are, trailing blanks and
// all, for the counts of player-name-variant (see Index.Players).
func players(g *syntax.Game) string {
	w, _ := g.TagValue("White")
	b, _ := g.TagValue("Black")
	if w == "" && b == "" {
		return ""
	}
	return "\x00" + w + "\x00" + b
}

// indexGame indexes game number i of a file of dialect d, appending its
// postings to posts[:0] (whose room is reused).
func indexGame(sg syntax.StreamGame, d syntax.Dialect, i int, posts []posting) indexed {
	g := sg.Game
	x := indexed{posts: posts[:0]}
	var sel syntax.Pos
	x.rec, x.str, sel = describe(sg, d, i)
	if x.str == "" {
		return x
	}
	pl := placer{sg: sg}
	at := func(key Key, ply int, rel syntax.Pos) posting {
		line, col := pl.place(rel)
		return posting{key: key, game: uint32(i), ply: uint16(min(ply, 1<<16-1)), result: x.rec.result, date: x.rec.date, line: line, col: col}
	}
	if d == syntax.CTLPGN {
		start := ctllegality.StartOf(g)
		if !start.OK {
			return x
		}
		pend := at(CescacsKey(&start.Pos), 0, sel)
		broken := false
		ctllegality.Replay(g, start, func(st *ctllegality.Step) {
			if st.Depth != 0 || broken {
				return
			}
			if st.After == nil {
				broken = true
				return
			}
			pend.next = cescacsNext(st.Move)
			x.posts = append(x.posts, pend)
			pend = at(CescacsKey(st.After), len(x.posts), st.Node.Sp.Start)
			pend.width = uint8(min(utf16Len(st.Node.Text), 255))
		})
		x.posts = append(x.posts, pend)
		return x
	}
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return x
	}
	pend := at(ChessKey(&start.Pos), 0, sel)
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After == nil {
			return false
		}
		pend.next = chessNext(st.Move)
		x.posts = append(x.posts, pend)
		pend = at(ChessKey(st.After), st.Ply+1, st.Node.Sp.Start)
		pend.width = uint8(min(utf16Len(st.Node.Text), 255))
		return true
	})
	x.posts = append(x.posts, pend)
	return x
}

func firstMove(line []syntax.Elem) *syntax.Move {
	for _, e := range line {
		if m, ok := e.(*syntax.Move); ok {
			return m
		}
	}
	return nil
}

// place returns the 0-based line and UTF-16 column of the game-relative
// offset rel of a streamed game.
func place(sg syntax.StreamGame, rel syntax.Pos) (line, col uint32) {
	p := sg.Position(rel)
	return uint32(p.Line - 1), uint32(utf16Len(sg.LineText(rel)))
}

// placer places the offsets of a streamed game as place does, each
// from the one before when it is on the same line: the moves of a game,
// placed in order, cost the length of the text once, not once per move.
type placer struct {
	sg        syntax.StreamGame
	ok        bool       // an offset was placed
	at        syntax.Pos // the last offset placed
	line, col uint32     // its place
}

// place returns the 0-based line and UTF-16 column of the game-relative
// offset rel.
func (p *placer) place(rel syntax.Pos) (line, col uint32) {
	if n, ok := lineUTF16Len(p.sg.Game.Text[min(p.at, rel):rel]); p.ok && rel >= p.at && ok {
		p.col += uint32(n)
	} else {
		p.line, p.col = place(p.sg, rel)
	}
	p.ok, p.at = true, rel
	return p.line, p.col
}

// batchGames is the number of games of a batch per job: a batch is
// indexed at once, then yield may hold the next back.
const batchGames = 32

// indexGames indexes the games next returns, of a file of dialect d,
// jobs at once (0: one per core), and hands each to emit in order,
// calling yield (when not nil) between batches. It stops early when ctx
// is done (and returns its error).
func indexGames(ctx context.Context, d syntax.Dialect, jobs int, yield func(), next func() (syntax.StreamGame, bool), emit func(*indexed) error) error {
	workers := jobs
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	batchSize := batchGames * workers
	batch := make([]syntax.StreamGame, 0, batchSize)
	out := make([]indexed, batchSize)
	n := 0 // games read so far
	flush := func() error {
		var wg sync.WaitGroup
		var next int
		var mu sync.Mutex
		for range min(workers, len(batch)) {
			wg.Go(func() {
				for {
					mu.Lock()
					k := next
					next++
					mu.Unlock()
					if k >= len(batch) {
						return
					}
					out[k] = indexGame(batch[k], d, n-len(batch)+k, out[k].posts)
				}
			})
		}
		wg.Wait()
		for k := range batch {
			if err := emit(&out[k]); err != nil {
				return err
			}
			out[k] = indexed{posts: out[k].posts[:0]} // its room, for the next batch
		}
		batch = batch[:0]
		if yield != nil {
			yield()
		}
		return ctx.Err()
	}
	for {
		sg, ok := next()
		if !ok {
			break
		}
		batch = append(batch, sg)
		n++
		if len(batch) == batchSize {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
