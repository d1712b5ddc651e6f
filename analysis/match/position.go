package match

import (
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// placement is the pieces of a chess position, by colour and type.
type placement [2][chess.King + 1]chess.Bitboard

func placementOf(p *chess.Position) placement {
	var pl placement
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			pl[c][t] = p.Pieces(c, t)
		}
	}
	return pl
}

// same reports whether p has exactly the pieces of pl, looking first at
// the pawns, which differ in most positions.
func (pl *placement) same(p *chess.Position) bool {
	if p.Pieces(chess.White, chess.Pawn) != pl[chess.White][chess.Pawn] || p.Pieces(chess.Black, chess.Pawn) != pl[chess.Black][chess.Pawn] {
		return false
	}
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Knight; t <= chess.King; t++ {
			if p.Pieces(c, t) != pl[c][t] {
				return false
			}
		}
	}
	return true
}

// reach is what a position must still have for a target to be reachable
// from it in a game without drops: pieces never come back, pawns never
// return to their first square, and their number only decreases.
type reach struct {
	men        int               // pieces of both sides, kings and pawns included
	pawns      [2]int            // pawns of each side
	home       [2]chess.Bitboard // pawns of each side still on their second rank
	impossible bool              // nothing is reachable (an empty set)
}

const (
	rank2 chess.Bitboard = 0xff << 8
	rank7 chess.Bitboard = 0xff << 48
)

func reachOf(p *chess.Position) reach {
	var r reach
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			r.men += p.Pieces(c, t).Count()
		}
		r.pawns[c] = p.Pieces(c, chess.Pawn).Count()
	}
	r.home[chess.White] = p.Pieces(chess.White, chess.Pawn) & rank2
	r.home[chess.Black] = p.Pieces(chess.Black, chess.Pawn) & rank7
	return r
}

// weakest returns what both r and o need: a position from which neither
// is reachable fails both.
func (r reach) weakest(o reach) reach {
	if r.impossible {
		return o
	}
	if o.impossible {
		return r
	}
	return reach{
		men:   min(r.men, o.men),
		pawns: [2]int{min(r.pawns[0], o.pawns[0]), min(r.pawns[1], o.pawns[1])},
		home:  [2]chess.Bitboard{r.home[0] & o.home[0], r.home[1] & o.home[1]},
	}
}

// reachable reports whether a position with r's needs may still come
// after p, in a game of variant v. Crazyhouse drops bring pieces back
// and a horde's pawns start on the first rank, so for them it answers
// yes as soon as anything may be.
func (r *reach) reachable(p *chess.Position, v chess.Variant) bool {
	if r.impossible {
		return false
	}
	if v == chess.Crazyhouse {
		return true
	}
	wp, bp := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	if wp.Count() < r.pawns[chess.White] || bp.Count() < r.pawns[chess.Black] {
		return false
	}
	if v != chess.Horde && (wp&r.home[chess.White] != r.home[chess.White] || bp&r.home[chess.Black] != r.home[chess.Black]) {
		return false
	}
	men := 0
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			men += p.Pieces(c, t).Count()
		}
	}
	return men >= r.men
}

// fenTarget is a position given as a FEN: its placement, and as many of
// the side to move, castling rights and en passant square as were given.
type fenTarget struct {
	text   string
	fields int // fields given: 1 placement, 2 side, 3 castling, 4 and more en passant
	pl     placement
	side   chess.Color
	castle [2][2]chess.Square // by colour, short and long
	key    chess.Key
	reach  reach
}

// parseFEN reads a --fen value (or a --reaches line's final position,
// with fields 4).
func parseFEN(source, s string) (*fenTarget, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return nil, errorf(source, s, 0, "empty FEN")
	}
	text := s
	pos, errs := chess.CheckFEN(text, true)
	if len(fields) == 1 && !usable(errs) {
		// The side to move was not given: the position may be one
		// with Black to move only (White gives check).
		if p2, e2 := chess.CheckFEN(strings.TrimSpace(s)+" b", true); usable(e2) {
			pos, errs = p2, e2
		}
	}
	if !usable(errs) {
		for _, e := range errs {
			if !e.Usable() {
				return nil, errorf(source, s, min(e.Offset, len(s)), "%s", e.Msg)
			}
		}
	}
	return newFENTarget(s, len(fields), &pos), nil
}

func usable(errs []*chess.FENError) bool {
	for _, e := range errs {
		if !e.Usable() {
			return false
		}
	}
	return true
}

func newFENTarget(text string, fields int, pos *chess.Position) *fenTarget {
	t := &fenTarget{text: text, fields: fields, pl: placementOf(pos), side: pos.SideToMove(), key: pos.Key(), reach: reachOf(pos)}
	for c := chess.White; c <= chess.Black; c++ {
		t.castle[c][0] = pos.CastlingRook(c, chess.CastleShort)
		t.castle[c][1] = pos.CastlingRook(c, chess.CastleLong)
	}
	return t
}

// at reports whether p is the target, on the fields given.
func (t *fenTarget) at(p *chess.Position) bool {
	if t.fields >= 4 {
		return t.pl.same(p) && p.Key() == t.key
	}
	if !t.pl.same(p) {
		return false
	}
	if t.fields >= 2 && p.SideToMove() != t.side {
		return false
	}
	if t.fields >= 3 {
		for c := chess.White; c <= chess.Black; c++ {
			if p.CastlingRook(c, chess.CastleShort) != t.castle[c][0] || p.CastlingRook(c, chess.CastleLong) != t.castle[c][1] {
				return false
			}
		}
	}
	return true
}

// Positions is a set of positions to find in games: every position of
// the games of another file (pgnls select --positions-from). It holds
// the engine's key of each (chess.Key for PGN games,
// cescacs.RepetitionKey for CTL-PGN records), about a hundred bytes a
// position; build it with Add before compiling a Query with it, and do
// not change it after.
type Positions struct {
	chess map[chess.Key]struct{}
	ctl   map[cescacs.RepetitionKey]struct{}
	reach reach // what every chess position of the set needs at least
}

// NewPositions returns an empty set.
func NewPositions() *Positions {
	return &Positions{chess: map[chess.Key]struct{}{}, ctl: map[cescacs.RepetitionKey]struct{}{}, reach: reach{impossible: true}}
}

// Len returns the number of positions in the set.
func (s *Positions) Len() int { return len(s.chess) + len(s.ctl) }

// Add adds the positions of the main line of g, a game of dialect d:
// the position after each of its moves that can be played (not its start
// position, which most games share). It returns how many positions it
// added; a game whose moves cannot be replayed (an unknown variant, a
// bad FEN or PDTL) adds none.
func (s *Positions) Add(g *syntax.Game, d syntax.Dialect) int {
	n := s.Len()
	if d == syntax.CTLPGN {
		start := ctllegality.StartOf(g)
		if !start.OK {
			return 0
		}
		broken := false
		ctllegality.Replay(g, start, func(st *ctllegality.Step) {
			if st.Depth != 0 || broken {
				return
			}
			if st.After == nil {
				broken = true
				return
			}
			s.ctl[st.After.RepetitionKey()] = struct{}{}
		})
		return s.Len() - n
	}
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return 0
	}
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After == nil {
			return false
		}
		k := st.After.Key()
		if _, ok := s.chess[k]; !ok {
			s.chess[k] = struct{}{}
			s.reach = s.reach.weakest(reachOf(st.After))
		}
		return true
	})
	return s.Len() - n
}

// pdtlTarget is a C'escacs position given as a PDTL.
type pdtlTarget struct {
	text string
	key  cescacs.RepetitionKey
}

func parsePDTL(s string) (*pdtlTarget, error) {
	pos, probs := cescacs.ParsePDTL(s, nil)
	for _, p := range probs {
		if p.Severity == cescacs.SeverityError {
			return nil, errorf("--pdtl", s, min(max(p.Offset, 0), len(s)), "%s", p.Msg)
		}
	}
	return &pdtlTarget{text: s, key: pos.RepetitionKey()}, nil
}
