package match

import (
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/syntax"
)

// gameCtx is one game being evaluated, with what has been worked out of
// it so far: each fact is computed the first time a criterion asks for
// it, so that a game that fails on its tags is never replayed.
type gameCtx struct {
	g *syntax.Game
	d syntax.Dialect

	nPlies    int
	pliesDone bool
	f         gameFacts
	factsDone bool
	open      *openings.Opening
	openDone  bool
}

// gameFacts is what a replay of the whole main line tells.
type gameFacts struct {
	end        endKind // how the main line ends; 0 when a move cannot be played
	repetition bool    // a position occurs a third time
	fifty      bool    // 100 half-moves without capture or pawn move
}

// tag returns the value of the tag called name: the first with exactly
// that name, else the first with it in another letter case.
func (c *gameCtx) tag(name string) (string, bool) {
	var fold *syntax.Tag
	for _, t := range c.g.Tags {
		if t.Name == name {
			return t.Value, true
		}
		if fold == nil && strings.EqualFold(t.Name, name) {
			fold = t
		}
	}
	if fold != nil {
		return fold.Value, true
	}
	return "", false
}

// number returns the value of a tag as a number.
func (c *gameCtx) number(name string) (float64, bool) {
	v, ok := c.tag(name)
	if !ok {
		return 0, false
	}
	return parseNumber(v)
}

// plies returns the number of half-moves of the main line as written
// (no move is replayed).
func (c *gameCtx) plies() int {
	if !c.pliesDone {
		c.nPlies, c.pliesDone = countMoves(c.g.Moves), true
	}
	return c.nPlies
}

func countMoves(line []syntax.Elem) int {
	n := 0
	for _, e := range line {
		if _, ok := e.(*syntax.Move); ok {
			n++
		}
	}
	return n
}

// result returns the game's result: its Result tag, else its
// termination marker, else "*".
func (c *gameCtx) result() string {
	if v, ok := c.tag("Result"); ok && strings.TrimSpace(v) != "" {
		return v
	}
	if c.g.Result != nil {
		return c.g.Result.Text
	}
	return "*"
}

// variant returns the game's rules as normalVariant names them: "chess"
// without a Variant tag, "cescacs" for a CTL-PGN record.
func (c *gameCtx) variant() string {
	if c.d == syntax.CTLPGN {
		return "cescacs"
	}
	v, ok := c.tag("Variant")
	if !ok || strings.TrimSpace(v) == "" {
		return "chess"
	}
	return normalVariant(v)
}

// opening returns the last named position the main line reaches, in the
// lichess opening names, or nil (a CTL-PGN record, a game from another
// start, a line that reaches no named position).
func (c *gameCtx) opening() *openings.Opening {
	if !c.openDone {
		c.openDone = true
		if c.d == syntax.PGN {
			if l := openings.Classify(c.g); l != nil {
				c.open = l.Opening()
			}
		}
	}
	return c.open
}

// facts replays the main line to its end, once.
func (c *gameCtx) facts() gameFacts {
	if !c.factsDone {
		c.factsDone = true
		if c.d == syntax.CTLPGN {
			c.f = ctlFacts(c.g)
		} else {
			c.f = pgnFacts(c.g)
		}
	}
	return c.f
}

// repetitions counts how often each position of a line occurs, keeping
// only the positions since the last irreversible move, which are the
// only ones that can occur again.
type repetitions[K comparable] struct {
	keys []K
	max  int // the most occurrences of a position so far
	last int // the occurrences of the last position
}

// add records a position whose half-move clock is clock.
func (r *repetitions[K]) add(k K, clock int) {
	if clock == 0 {
		r.keys = r.keys[:0]
	}
	n := 1
	for _, o := range r.keys {
		if o == k {
			n++
		}
	}
	r.keys = append(r.keys, k)
	r.last, r.max = n, max(r.max, n)
}

func pgnFacts(g *syntax.Game) gameFacts {
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return gameFacts{}
	}
	var f gameFacts
	var reps repetitions[chess.Key]
	final := start.Pos
	see := func(p *chess.Position) {
		reps.add(p.Key(), p.HalfmoveClock())
		if p.HalfmoveClock() >= 100 {
			f.fifty = true
		}
	}
	see(&final)
	complete := true
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After == nil {
			complete = false
			return false
		}
		see(st.After)
		final = *st.After
		return true
	})
	f.repetition = reps.max >= 3
	if !complete {
		return f
	}
	switch final.Status() {
	case chess.Checkmate:
		f.end = endCheckmate
	case chess.Stalemate:
		f.end = endStalemate
	case chess.InsufficientMaterial:
		f.end = endInsufficient
	case chess.VariantEnd:
		f.end = endVariant
	}
	if reps.last >= 3 {
		f.end |= endRepetition
	}
	if final.HalfmoveClock() >= 100 {
		f.end |= endFifty
	}
	if f.end == 0 {
		f.end = endNone
	}
	return f
}

func ctlFacts(g *syntax.Game) gameFacts {
	start := ctllegality.StartOf(g)
	if !start.OK {
		return gameFacts{}
	}
	var f gameFacts
	var reps repetitions[cescacs.RepetitionKey]
	final := start.Pos
	see := func(p *cescacs.Position) {
		reps.add(p.RepetitionKey(), p.HalfmoveClock())
		if p.HalfmoveClock() >= cescacs.ClaimableClock {
			f.fifty = true
		}
	}
	see(&final)
	complete := true
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		if st.Depth != 0 || !complete {
			return
		}
		if st.After == nil {
			complete = false
			return
		}
		see(st.After)
		final = *st.After
	})
	f.repetition = reps.max >= cescacs.ClaimableRepetitions
	if !complete {
		return f
	}
	st := final.Status().WithRepetitions(reps.last)
	switch {
	case st.Checkmate:
		f.end = endCheckmate
	case st.Stalemate:
		f.end = endStalemate
	case st.Draw == cescacs.DrawInsufficientMaterial:
		f.end = endInsufficient
	}
	if reps.last >= cescacs.ClaimableRepetitions {
		f.end |= endRepetition
	}
	if final.HalfmoveClock() >= cescacs.ClaimableClock {
		f.end |= endFifty
	}
	if f.end == 0 {
		f.end = endNone
	}
	return f
}
