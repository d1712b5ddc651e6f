package annotate

import (
	"math"
	"strconv"
)

// Eval is an engine's evaluation of a position from White's point of
// view, as [%eval] writes it.
type Eval struct {
	// Mate tells a forced mate in Moves moves, positive when White
	// mates; else CP is the score in centipawns, positive when White
	// is better.
	Mate  bool
	Moves int
	CP    int
}

// String writes e as lichess's [%eval] does, in pawns with two
// decimals ("0.35", "-1.20") or "#N" for a mate ("#3", "#-2").
func (e Eval) String() string {
	if e.Mate {
		return "#" + strconv.Itoa(e.Moves)
	}
	return strconv.FormatFloat(float64(e.CP)/100, 'f', 2, 64)
}

// Judgement is what a move's loss of winning chances makes it.
type Judgement int

// The judgements, and the NAG each one gets.
const (
	Good       Judgement = iota // no NAG
	Inaccuracy                  // $6, ?!
	Mistake                     // $2, ?
	Blunder                     // $4, ??
)

// NAG returns the numeric annotation glyph of j, or 0 for Good.
func (j Judgement) NAG() int {
	return [...]int{Good: 0, Inaccuracy: 6, Mistake: 2, Blunder: 4}[j]
}

// String returns "inaccuracy", "mistake", "blunder" or "good".
func (j Judgement) String() string {
	return [...]string{Good: "good", Inaccuracy: "inaccuracy", Mistake: "mistake", Blunder: "blunder"}[j]
}

// winningChances maps centipawns (White's point of view) to White's
// winning chances in [-1, 1], as lichess does (docs/ANNOTATE.md): Win%
// = 50 + 50 * winningChances.
func winningChances(cp int) float64 {
	const multiplier = -0.00368208
	w := 2/(1+math.Exp(multiplier*float64(cp))) - 1
	return max(-1, min(1, w))
}

// Judge judges the move that white (true) or black played between a
// position evaluated before and one evaluated after, by lichess's rules
// (docs/ANNOTATE.md): between two centipawn scores, by the drop of the
// mover's winning chances (0.1 an inaccuracy, 0.2 a mistake, 0.3 a
// blunder); else by the mates created or lost.
func Judge(before, after Eval, white bool) Judgement {
	sign := 1
	if !white {
		sign = -1
	}
	if !before.Mate && !after.Mate {
		drop := float64(sign) * (winningChances(before.CP) - winningChances(after.CP))
		switch {
		case drop >= 0.3:
			return Blunder
		case drop >= 0.2:
			return Mistake
		case drop >= 0.1:
			return Inaccuracy
		}
		return Good
	}
	// The mover's point of view: a mate for it is positive.
	prevMate, nextMate := sign*before.Moves, sign*after.Moves
	prevCP, nextCP := sign*before.CP, sign*after.CP
	switch {
	case !before.Mate && after.Mate && nextMate < 0: // a mate is now unavoidable
		switch {
		case prevCP < -999:
			return Inaccuracy
		case prevCP < -700:
			return Mistake
		}
		return Blunder
	case before.Mate && prevMate > 0 && !after.Mate: // a forced mate lost
		switch {
		case nextCP > 999:
			return Inaccuracy
		case nextCP > 700:
			return Mistake
		}
		return Blunder
	case before.Mate && prevMate > 0 && after.Mate && nextMate < 0:
		return Blunder
	}
	return Good
}
