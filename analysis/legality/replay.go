// Package legality replays PGN games with the chess engine: every move of
// the main line and of every variation, at any depth, is resolved against
// the position it is played in. The Analyzer reports what does not
// resolve; Replay is also the source of positions for the formatter and
// the IDE queries.
//
// Invariant: one illegal move stops the verification of its own line
// only; sibling variations, other games and variations that replace the
// illegal move itself are still checked.
package legality

import (
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// Step is one move visited by Replay.
type Step struct {
	Node   *syntax.Move
	Before *chess.Position // the position the move is played in
	SAN    chess.SAN
	Move   chess.Move      // valid when Err is nil
	Err    error           // *chess.SANError or *chess.ResolveError
	Depth  int             // 0 for the main line
	Ply    int             // half-moves from the start position, 0 for its first move
	Line   []syntax.Elem   // the line (main line or variation) holding Node
	Index  int             // Node's index in Line
	After  *chess.Position // the position after the move when Err is nil
	// Canonical is set when the move was read as canonical SAN, in which
	// chess.Position.Lint finds nothing (see chess.Position.PlayCanonical);
	// unset, the move may still be canonical (castling is).
	Canonical bool
}

// Start describes the start position of a game.
type Start struct {
	Pos     chess.Position
	Variant chess.Variant     // the rules of the game, from its Variant tag
	Known   bool              // the Variant tag is absent or names a variant chess.ParseVariant knows
	FEN     *syntax.Tag       // the FEN tag used, if any
	FENErrs []*chess.FENError // problems of the FEN value (offsets inside the value)
	OK      bool              // Pos is usable (chess.FENError.Usable holds for every FENErrs)
}

// StartOf returns the start position of g under the rules its Variant
// tag names: the FEN tag's position when there is one, else the
// variant's usual start. A game of an unknown variant starts from the
// standard position (and is not to be checked: Known is false).
func StartOf(g *syntax.Game) Start {
	s := Start{Known: true}
	if v, ok := g.TagValue("Variant"); ok {
		s.Variant, s.Known = chess.ParseVariant(v)
	}
	for _, t := range g.Tags {
		if t.Name == "FEN" && t.ValueSpan != (syntax.Span{}) {
			s.FEN = t
			break
		}
	}
	if s.FEN == nil {
		s.Pos, s.OK = chess.VariantStart(s.Variant), true
		return s
	}
	s.Pos, s.FENErrs = chess.CheckVariantFEN(s.FEN.Value, s.Variant, false)
	s.OK = true
	for _, e := range s.FENErrs {
		s.OK = s.OK && e.Usable()
	}
	return s
}

// Replay visits every move of g in source order. Moves after a failed
// move in the same line are visited with Before == nil. The Step and the
// positions it points to are valid only during the call to visit.
func Replay(g *syntax.Game, start Start, visit func(*Step)) {
	replay(g, start, true, func(st *Step) bool {
		visit(st)
		return true
	})
}

// ReplayMainLine visits the moves of g's main line, as Replay does, until
// visit returns false; variations are skipped.
func ReplayMainLine(g *syntax.Game, start Start, visit func(*Step) bool) {
	replay(g, start, false, visit)
}

// replay replays g from start, with its variations when variations is
// set, until visit returns false. It returns the position after the
// main line (nil when a move of it failed, or visit stopped the replay,
// or the start is unusable): the main line's own buffer, which nothing
// writes once its last move is played, so it stays valid after replay.
func replay(g *syntax.Game, start Start, variations bool, visit func(*Step) bool) *chess.Position {
	if !start.OK {
		replayLine(g.Moves, nil, 0, 0, variations, visit)
		return nil
	}
	pos := start.Pos
	ply := 0
	if pos.SideToMove() == chess.Black {
		ply = 1
	}
	final, _ := replayLine(g.Moves, &pos, ply, 0, variations, visit)
	return final
}

// replayLine replays one line from pos (nil: not verifiable), and its
// variations when variations is set; it returns false once visit has,
// and the position after the line's last move (nil once a move failed,
// or when it stopped). A variation starts from the position before the
// move it follows. Each line keeps two position buffers, so a move costs
// no allocation; the positions a Step points to are valid only during
// the visit.
func replayLine(line []syntax.Elem, pos *chess.Position, ply, depth int, variations bool, visit func(*Step) bool) (*chess.Position, bool) {
	buf := new([2]chess.Position)
	var cur, before *chess.Position // before: the position before the last move
	if pos != nil {
		buf[0] = *pos
		cur = &buf[0]
	}
	beforePly := ply
	st := Step{Depth: depth, Line: line} // reused: visit must not keep the pointer
	for i, e := range line {
		switch n := e.(type) {
		case *syntax.Move:
			// Field by field, each pointer written once: assigning a whole
			// Step costs a copy of every field, and each pointer written
			// a write barrier while the collector marks.
			st.Node, st.Ply, st.Index = n, ply, i
			st.SAN, st.Move, st.Canonical = chess.SAN{}, chess.Move(0), false
			if st.Err != nil {
				st.Err = nil
			}
			before, beforePly = cur, ply
			var after *chess.Position
			if cur != nil {
				next := &buf[0]
				if cur == next {
					next = &buf[1]
				}
				if san, m, ok := cur.PlayCanonical(n.Text, next); ok {
					st.SAN, st.Move, st.Canonical = san, m, true
					after = next
				} else if san, err := chess.ParseSAN(n.Text); err != nil {
					st.SAN, st.Err = san, err
				} else if m, rerr := cur.Resolve(san); rerr != nil {
					st.SAN, st.Err = san, rerr
				} else {
					st.SAN, st.Move = san, m
					cur.MakeTo(next, m)
					after = next
				}
			}
			st.Before, st.After = cur, after
			cur = after
			if !visit(&st) {
				return nil, false
			}
			ply++
		case *syntax.Variation:
			if !variations {
				continue
			}
			if _, ok := replayLine(n.Elems, before, beforePly, depth+1, true, visit); !ok {
				return nil, false
			}
		}
	}
	return cur, true
}
