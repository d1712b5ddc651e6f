// Package ctllegality replays C'escacs records (CTL-PGN) with the rules
// engine of package cescacs: every move of the main line and of every
// variation, at any depth, is resolved against the position it is played
// in. The Analyzer reports what does not resolve, the check and game
// marks, the move numbers of the CTL-PGN pairs and the result; Replay is
// also the source of positions and canonical move texts for the CTL-PGN
// formatter and the IDE queries.
//
// A move that fails is ctl-incoherent-move when its notation describes
// no move of the position at all (cescacs.Position.Coherent), else
// ctl-illegal-move. Under the minimal reader of the specification
// (analysis.Config.CTLReader, §8.9) the Analyzer replays the main line
// with ReplayMinimal instead, playing each coherent move as written, and
// reports only coherence and what keeps the record from being read.
//
// Invariants:
//
//   - One failed move stops the verification of its own line only; the
//     rest of that line is reported once as not verified (its move
//     numbers and commas are not judged), and sibling
//     variations, other games and variations that replace the failed
//     move itself are still checked.
//   - A variation starts from the position before the move it replaces.
//     In CTL-PGN a variation follows the whole move pair (§8.6), so the
//     replaced move is the one its first move number and ellipsis name
//     ("(4. …" replaces White's move 4, "(6. …, …" Black's move 6); a
//     variation without a usable number replaces the move just before it,
//     as in PGN.
//   - Replay allocates nothing per move: positions live in a small ring
//     per line, and the Step and positions given to visit are valid only
//     during the call.
//   - Nothing here panics on any input; the analyzer reports a diagnostic
//     for every move that does not resolve, and spans are game-relative.
package ctllegality

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// Start describes the start position of a record.
type Start struct {
	Pos cescacs.Position
	// Letters is the alphabet in force, from the Redefine tag; nil means
	// the standard letters.
	Letters *cescacs.Alphabet
	// PDTL is the tag giving the start position: PDTL, or the misspelt
	// DPTL of the specification's own example (§6.10), whose name is the
	// tag analyzer's business. nil means the initial position.
	PDTL     *syntax.Tag
	PDTLErrs []cescacs.Problem // problems of PDTL.Value, offsets inside the value
	// Redefine is the Redefine tag read, if any.
	Redefine     *syntax.Tag
	RedefineErrs []cescacs.Problem // problems of Redefine.Value, offsets inside the value
	// FirstPly is the ply of the record's first move, counted from White's
	// move 1: 2*(N-1), plus one when Black moves first. When the PDTL does
	// not give the move number, N is the first move number of the main
	// line (1 for "1?").
	FirstPly int
	// NumberKnown reports whether the real move number is known: the
	// record starts from the initial position or from a PDTL with a move
	// number. Otherwise the record numbers its moves from "1?" (§8.5).
	NumberKnown bool
	OK          bool // Pos is usable
}

// StartOf returns the start position of g: the position of its PDTL tag
// (or DPTL tag) read with the letters of its Redefine tag, else the
// initial position.
func StartOf(g *syntax.Game) Start {
	var s Start
	var dptl *syntax.Tag
	for _, t := range g.Tags {
		if t.ValueSpan == (syntax.Span{}) {
			continue
		}
		switch {
		case t.Name == "PDTL" && s.PDTL == nil:
			s.PDTL = t
		case t.Name == "DPTL" && dptl == nil:
			dptl = t
		case t.Name == "Redefine" && s.Redefine == nil:
			s.Redefine = t
		}
	}
	if s.PDTL == nil {
		s.PDTL = dptl
	}
	if s.Redefine != nil {
		s.Letters, s.RedefineErrs = cescacs.ParseRedefine(s.Redefine.Value)
	}
	s.OK = true
	if s.PDTL == nil {
		s.Pos, s.NumberKnown = cescacs.InitialPosition(), true
	} else {
		s.Pos, s.PDTLErrs = cescacs.ParsePDTL(s.PDTL.Value, s.Letters)
		s.OK = !cescacs.HasError(s.PDTLErrs)
		s.NumberKnown = s.Pos.MoveNumber() > 0
	}
	n := s.Pos.MoveNumber()
	if !s.NumberKnown {
		n = firstNumber(g.Moves)
	}
	s.FirstPly = 2 * (max(n, 1) - 1)
	if s.Pos.Turn() == cescacs.Black {
		s.FirstPly++
	}
	return s
}

// firstNumber returns the first move number written in the main line
// before its first move, or 1.
func firstNumber(line []syntax.Elem) int {
	for _, e := range line {
		switch n := e.(type) {
		case *syntax.MoveNumber:
			if n.Number > 0 && n.Number < 1<<20 {
				return n.Number
			}
			return 1
		case *syntax.Move:
			return 1
		}
	}
	return 1
}

// Step is one move visited by Replay.
type Step struct {
	Node *syntax.Move
	// Before is the position the move is played in; nil when it is not
	// known because an earlier move of the line failed (or the start
	// position is invalid).
	Before   *cescacs.Position
	Notation cescacs.Notation
	Problems []cescacs.Problem // ParseMove's problems, offsets inside Node.Text
	// Move is the move played. It is set when After is set, which
	// happens when the move resolved, possibly with a tolerated Err
	// (a wrong separator or captured-piece symbol, which still identify
	// the move). Under ReplayMinimal it is the move as written, and Err
	// says why the notation is not coherent.
	Move  cescacs.Move
	Err   *cescacs.ResolveError
	After *cescacs.Position // the position after the move; nil if it failed

	Depth int           // 0 for the main line
	Ply   int           // the move's ply, counted from White's move 1 (see Start.FirstPly)
	Line  []syntax.Elem // the line (main line or variation) holding Node
	Index int           // Node's index in Line

	// Number and Ellipsis are the move number and the "…" written just
	// before the move in its pair, if any.
	Number   *syntax.MoveNumber
	Ellipsis *syntax.Ellipsis
	// First reports that the move is the first of its line: a Black move
	// there is written "N. …, move". Resumes reports that it follows a
	// comment or a variation, which split a pair when the move is Black's.
	First, Resumes bool
}

// Replay visits every move of g in source order, the main line first
// and each variation where it stands. Moves whose position is unknown
// are visited with Before == nil. The Step and the positions it points
// to are valid only during the call to visit.
func Replay(g *syntax.Game, start Start, visit func(*Step)) {
	r := replayer{letters: start.Letters, visit: visit}
	r.line(g.Moves, start.Pos, start.OK, start.FirstPly, 0)
}

// ReplayMinimal is Replay as the minimal reader of the specification
// reads a record (§8.9): the main line only, variations and comments
// ignored, each move checked for its algebraic coherence alone and
// played as written (cescacs.Position.Coherent), whatever the rules say.
func ReplayMinimal(g *syntax.Game, start Start, visit func(*Step)) {
	r := replayer{letters: start.Letters, visit: visit, minimal: true}
	r.line(g.Moves, start.Pos, start.OK, start.FirstPly, 0)
}

// ringSize is the number of positions a line keeps: those before its
// last few plies. A variation replacing an older move is replayed from
// the line's start instead.
const ringSize = 4

type replayer struct {
	letters *cescacs.Alphabet
	visit   func(*Step)
	minimal bool // ReplayMinimal
}

// line replays one line whose first move is at ply first, from pos when
// ok.
func (r *replayer) line(elems []syntax.Elem, pos cescacs.Position, ok bool, first, depth int) {
	// ring[p%ringSize] is the position before ply p, for the plies p in
	// (known-ringSize, known] at or after first; known is the last ply
	// whose position is known (first-1 when none is).
	var ring [ringSize]cescacs.Position
	known := first - 1
	if ok {
		ring[first%ringSize] = pos
		known = first
	}
	ply := first
	var num *syntax.MoveNumber
	var ell *syntax.Ellipsis
	firstMove, resumes := true, false
	st := Step{Depth: depth, Line: elems} // reused: visit must not keep the pointer
	for i, e := range elems {
		switch n := e.(type) {
		case *syntax.MoveNumber:
			num, ell = n, nil
		case *syntax.Ellipsis:
			ell = n
		case *syntax.Comment:
			resumes = true
		case *syntax.Move:
			// Reset field by field: the large Notation is written once.
			st.Node, st.Ply, st.Index, st.Number, st.Ellipsis, st.First, st.Resumes = n, ply, i, num, ell, firstMove, resumes
			st.Before, st.Move, st.Err, st.After = nil, cescacs.Move{}, nil, nil
			if ply != known {
				st.Notation, st.Problems = cescacs.Notation{}, nil
			} else {
				before := &ring[ply%ringSize]
				st.Before = before
				st.Problems = cescacs.ParseMoveInto(&st.Notation, n.Text, r.letters)
				if st.Notation.Kind != cescacs.NotationInvalid {
					if r.minimal {
						st.Move, st.Err = before.Coherent(st.Notation)
					} else {
						st.Move, st.Err = before.ResolveInto(&st.Notation)
					}
					if st.Err == nil || !st.Move.IsZero() {
						after := &ring[(ply+1)%ringSize]
						*after = *before
						after.Play(st.Move)
						st.After = after
						known = ply + 1
					}
				}
			}
			r.visit(&st)
			ply++
			num, ell, firstMove, resumes = nil, nil, false, false
		case *syntax.Variation:
			if r.minimal {
				continue
			}
			t := variationPly(n, first, ply)
			var vpos cescacs.Position
			vok := false
			switch {
			case t < first || t > known:
			case t > known-ringSize:
				vpos, vok = ring[t%ringSize], true
			default:
				vpos, vok = r.rewalk(elems[:i], pos, first, t)
			}
			r.line(n.Elems, vpos, vok, t, depth+1)
			num, ell, resumes = nil, nil, true
		}
	}
}

// rewalk replays the moves of elems from pos (the position before ply
// first) up to the position before ply t.
func (r *replayer) rewalk(elems []syntax.Elem, pos cescacs.Position, first, t int) (cescacs.Position, bool) {
	ply := first
	for _, e := range elems {
		n, ok := e.(*syntax.Move)
		if !ok {
			continue
		}
		if ply == t {
			break
		}
		nt, _ := cescacs.ParseMove(n.Text, r.letters)
		m, err := pos.Resolve(nt)
		if err != nil && m.IsZero() {
			return pos, false
		}
		pos.Play(m)
		ply++
	}
	return pos, ply == t
}

// variationPly returns the ply of the move a variation replaces, in a
// line whose first move is at ply first and whose next move is at ply
// next: the ply its first move number names when that is an earlier
// move of the line, else the last move of the line by the side the
// number names, else the move just before the variation.
func variationPly(v *syntax.Variation, first, next int) int {
	t, ok := NumberedPly(v.Elems)
	switch {
	case !ok:
		return next - 1
	case t >= first && t < next:
		return t
	case (next-1)%2 != t%2 && next-2 >= first:
		return next - 2
	}
	return next - 1
}

// NumberedPly returns the ply that the move number opening a line names:
// 2*(N-1) for "N. move", plus one for "N. …, move" (or PGN's "N...
// move"). ok is false when the line does not start with a move number.
func NumberedPly(line []syntax.Elem) (ply int, ok bool) {
	for i, e := range line {
		switch n := e.(type) {
		case *syntax.Comment:
			continue
		case *syntax.MoveNumber:
			if n.Number <= 0 || n.Number >= 1<<20 {
				return 0, false
			}
			ply = 2 * (n.Number - 1)
			if i+1 < len(line) {
				if _, black := line[i+1].(*syntax.Ellipsis); black || n.Dots >= 3 {
					ply++
				}
			}
			return ply, true
		}
		return 0, false
	}
	return 0, false
}
