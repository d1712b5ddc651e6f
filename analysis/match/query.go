package match

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// Spec is the text of the criteria of a selection, as pgnls select's
// flags give them. A game is selected when it meets every criterion
// given; the values of one criterion are alternatives (a game reaching
// any of the FENs meets FEN). Empty fields select every game.
type Spec struct {
	Where            string     // a --where expression (ParseWhere)
	FEN              []string   // positions as FENs: placement, then side to move, castling, en passant when given
	FENPattern       []string   // FEN patterns (pgn-extract's FENPattern syntax), the colours as written
	FENPatternEither []string   // FEN patterns matched as written or with the colours swapped
	PDTL             []string   // C'escacs positions
	Reaches          []string   // lines of moves from the start: the position each reaches
	Positions        *Positions // every position of the games of another file
	Moves            []string   // move patterns (see MovePattern syntax in docs/SELECT.md)
	Material         []string   // material balances, either side
	MaterialWhite    []string   // material balances, the first side White's
	// Variations searches positions and material in the variations too,
	// not only in the main line.
	Variations bool
	// Names, when not nil, is a names file read (players.Names.ReadFile):
	// the comparisons of White, Black and Player take the spellings it
	// gives one player as one name.
	Names *players.Names
}

// Query is a compiled selection: the conjunction of the criteria of a
// Spec. It is immutable, and Match may be called from any number of
// goroutines at once.
type Query struct {
	where    Expr
	fens     []*fenTarget
	fenReach reach
	patterns []*fenPattern
	pdtls    []*pdtlTarget

	reaching   bool // --reaches was given
	reachChess []*fenTarget
	reachCTL   []*pdtlTarget
	reachReach reach

	positions *Positions
	moves     []*movePattern

	material   bool // --material or --material-white was given
	chessMat   []*materialSpec
	ctlMat     []*materialSpec
	variations bool

	unsupported [2][]string // by dialect: the criteria that cannot match its games
}

// Compile compiles spec. A criterion that cannot be read is an *Error
// saying which and where.
func Compile(spec Spec) (*Query, error) {
	q := &Query{variations: spec.Variations, fenReach: reach{impossible: true}, reachReach: reach{impossible: true}, positions: spec.Positions}
	if spec.Where != "" {
		e, err := ParseWhere(spec.Where)
		if err != nil {
			return nil, err
		}
		q.where = e
		if spec.Names != nil {
			withNames(e, spec.Names)
		}
	}
	for _, s := range spec.FEN {
		t, err := parseFEN("--fen", s)
		if err != nil {
			return nil, err
		}
		q.fens = append(q.fens, t)
		q.fenReach = q.fenReach.weakest(t.reach)
	}
	for _, s := range spec.FENPattern {
		p, err := parsePattern("--fen-pattern", s)
		if err != nil {
			return nil, err
		}
		q.patterns = append(q.patterns, p)
	}
	for _, s := range spec.FENPatternEither {
		p, err := parsePattern("--fen-pattern-either", s)
		if err != nil {
			return nil, err
		}
		q.patterns = append(q.patterns, p, p.swapped())
	}
	for _, s := range spec.PDTL {
		t, err := parsePDTL(s)
		if err != nil {
			return nil, err
		}
		q.pdtls = append(q.pdtls, t)
	}
	for _, s := range spec.Reaches {
		q.reaching = true
		c, t, err := parseReaches("--reaches", s)
		if err != nil {
			return nil, err
		}
		if c != nil {
			q.reachChess = append(q.reachChess, c)
			q.reachReach = q.reachReach.weakest(c.reach)
		} else {
			q.reachCTL = append(q.reachCTL, t)
		}
	}
	for _, s := range spec.Moves {
		p, err := parseMoves("--moves", s)
		if err != nil {
			return nil, err
		}
		q.moves = append(q.moves, p)
	}
	for i, list := range [][]string{spec.Material, spec.MaterialWhite} {
		source := [...]string{"--material", "--material-white"}[i]
		for _, s := range list {
			q.material = true
			cm, cerr := parseMaterial(source, s, &chessLetters, i == 0)
			tm, terr := parseMaterial(source, s, &ctlLetters, i == 0)
			if cerr != nil && terr != nil {
				return nil, cerr
			}
			if cerr == nil {
				q.chessMat = append(q.chessMat, cm)
			}
			if terr == nil {
				q.ctlMat = append(q.ctlMat, tm)
			}
		}
	}
	q.note()
	return q, nil
}

// note records the criteria that cannot match the games of a dialect.
func (q *Query) note() {
	pgn, ctl := &q.unsupported[syntax.PGN], &q.unsupported[syntax.CTLPGN]
	if len(q.fens) > 0 {
		*ctl = append(*ctl, "--fen")
	}
	if len(q.patterns) > 0 {
		*ctl = append(*ctl, "--fen-pattern")
	}
	if len(q.pdtls) > 0 {
		*pgn = append(*pgn, "--pdtl")
	}
	if q.reaching && len(q.reachChess) == 0 {
		*pgn = append(*pgn, "--reaches (its moves are C'escacs moves)")
	}
	if q.reaching && len(q.reachCTL) == 0 {
		*ctl = append(*ctl, "--reaches (its moves are chess moves)")
	}
	if q.material && len(q.chessMat) == 0 {
		*pgn = append(*pgn, "--material (its letters are C'escacs pieces)")
	}
	if q.material && len(q.ctlMat) == 0 {
		*ctl = append(*ctl, "--material (its letters are chess pieces)")
	}
	movesIn := func(ok func(*moveAlt) bool) bool {
		for _, p := range q.moves {
			all := true
			for _, it := range p.items {
				hit := it.gap || it.any || it.neg
				for i := range it.alts {
					hit = hit || ok(&it.alts[i])
				}
				all = all && hit
			}
			if all {
				return true
			}
		}
		return false
	}
	if len(q.moves) > 0 && !movesIn(func(a *moveAlt) bool { return a.sanOK }) {
		*pgn = append(*pgn, "--moves (its moves are C'escacs moves)")
	}
	if len(q.moves) > 0 && !movesIn(func(a *moveAlt) bool { return a.ctlOK }) {
		*ctl = append(*ctl, "--moves (its moves are chess moves)")
	}
}

// Unsupported returns the criteria of q that mean nothing in dialect d,
// so that no game of it can match: a FEN in a C'escacs record, a PDTL
// in a chess game, moves or material of the other game's pieces.
func (q *Query) Unsupported(d syntax.Dialect) []string {
	if int(d) >= len(q.unsupported) {
		return nil
	}
	return q.unsupported[d]
}

// TagsOnly reports whether q looks at nothing but the tag section and
// the result of a game: neither its movetext nor a replay of its moves.
// Games read with syntax.GameReader.HeadersOnly are enough for it.
func (q *Query) TagsOnly() bool {
	return !q.replays() && (q.where == nil || q.where.needs() == 0)
}

// replays reports whether a criterion besides --where replays moves.
func (q *Query) replays() bool {
	return len(q.fens) > 0 || len(q.patterns) > 0 || len(q.pdtls) > 0 || q.reaching ||
		q.positions != nil || len(q.moves) > 0 || q.material
}

// Match reports whether game g, of dialect d, meets every criterion of
// q. The tags are looked at first; moves are replayed only when a
// criterion needs them, and only as far as it needs.
func (q *Query) Match(g *syntax.Game, d syntax.Dialect) bool {
	c := gameCtx{g: g, d: d}
	if q.where != nil && !q.where.eval(&c) {
		return false
	}
	if !q.replays() {
		return true
	}
	if len(q.unsupported[d]) > 0 {
		return false
	}
	if d == syntax.CTLPGN {
		return q.matchCTL(g)
	}
	return q.matchPGN(g)
}

// groups are the criteria a replay decides, one bit each.
type groups uint8

const (
	gFEN groups = 1 << iota
	gPattern
	gPDTL
	gReaches
	gPositions
	gMoves
	gMaterial
)

// pending returns the groups q asks a game of dialect d to meet.
func (q *Query) pending(d syntax.Dialect) groups {
	var g groups
	if len(q.fens) > 0 {
		g |= gFEN
	}
	if len(q.patterns) > 0 {
		g |= gPattern
	}
	if len(q.pdtls) > 0 {
		g |= gPDTL
	}
	if q.reaching {
		g |= gReaches
	}
	if q.positions != nil {
		g |= gPositions
	}
	if len(q.moves) > 0 {
		g |= gMoves
	}
	if q.material {
		g |= gMaterial
	}
	return g
}

// lineRuns counts, for each material balance, the positions in a row of
// the current line in which it holds.
type lineRuns struct {
	runs  []int
	first *syntax.Elem // the first element of the line, telling lines apart
}

// pgnRun is the replay of one chess game for the criteria of a query.
type pgnRun struct {
	q       *Query
	pending groups
	variant chess.Variant
	nfas    []nfa
	lines   []lineRuns // by depth
}

func (q *Query) matchPGN(g *syntax.Game) bool {
	start := legality.StartOf(g)
	if !start.Known || !start.OK {
		return false
	}
	r := &pgnRun{q: q, pending: q.pending(syntax.PGN), variant: start.Variant}
	if r.pending&gMoves != 0 {
		r.nfas = make([]nfa, len(q.moves))
		for i, p := range q.moves {
			r.nfas[i] = p.start()
			if r.nfas[i].done {
				r.pending &^= gMoves
			}
		}
	}
	r.lines = []lineRuns{{runs: make([]int, len(q.chessMat))}}
	r.see(&start.Pos, 0)
	if r.pending == 0 {
		return true
	}
	// Step.Ply counts from White's move of the start's move number.
	first := 2 * (start.Pos.FullmoveNumber() - 1)
	if q.variations {
		mainDone := false
		legality.Replay(g, start, func(st *legality.Step) {
			if r.pending == 0 {
				return
			}
			if st.Depth == 0 && st.After == nil {
				mainDone = true
			}
			if st.After == nil {
				return
			}
			if st.Depth == 0 && !mainDone && r.pending&gMoves != 0 {
				r.moved(first+st.Ply, chessMove{st.Before, st.Move})
			}
			r.enter(st)
			r.see(st.After, st.Depth)
		})
		return r.pending == 0
	}
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After == nil {
			return false
		}
		if r.pending&gMoves != 0 {
			r.moved(first+st.Ply, chessMove{st.Before, st.Move})
		}
		r.see(st.After, 0)
		return r.pending != 0 && !r.dead(st.After)
	})
	return r.pending == 0
}

// moved steps the move patterns over a move of the main line.
func (r *pgnRun) moved(ply int, m chessMove) {
	for i := range r.nfas {
		step(&r.nfas[i], ply, m)
		if r.nfas[i].done {
			r.pending &^= gMoves
		}
	}
}

// enter makes the material runs follow the line of step st: a new
// variation starts its runs from the position it branches from.
func (r *pgnRun) enter(st *legality.Step) {
	if len(r.q.chessMat) == 0 || st.Depth == 0 {
		return
	}
	for len(r.lines) <= st.Depth {
		r.lines = append(r.lines, lineRuns{runs: make([]int, len(r.q.chessMat))})
	}
	l := &r.lines[st.Depth]
	if l.first != &st.Line[0] {
		l.first = &st.Line[0]
		clear(l.runs)
		r.material(st.Before, st.Depth)
	}
}

// see tests the position p, reached in the line at depth.
func (r *pgnRun) see(p *chess.Position, depth int) {
	q := r.q
	if r.pending&gFEN != 0 {
		for _, t := range q.fens {
			if t.at(p) {
				r.pending &^= gFEN
				break
			}
		}
	}
	if r.pending&gPattern != 0 {
		for _, t := range q.patterns {
			if t.at(p) {
				r.pending &^= gPattern
				break
			}
		}
	}
	if r.pending&gReaches != 0 {
		for _, t := range q.reachChess {
			if t.at(p) {
				r.pending &^= gReaches
				break
			}
		}
	}
	if r.pending&gPositions != 0 && len(q.positions.chess) > 0 {
		if _, ok := q.positions.chess[p.Key()]; ok {
			r.pending &^= gPositions
		}
	}
	if r.pending&gMaterial != 0 {
		r.material(p, depth)
	}
}

// material counts the runs of the material balances at position p.
func (r *pgnRun) material(p *chess.Position, depth int) {
	n := chessCounts(p)
	runs := r.lines[depth].runs
	for i, m := range r.q.chessMat {
		if !m.holds(&n) {
			runs[i] = 0
			continue
		}
		runs[i]++
		if runs[i] > m.hold {
			r.pending &^= gMaterial
		}
	}
}

// dead reports whether, after position p of the main line, some pending
// criterion can no longer be met: a position that can no longer come, a
// move pattern that failed.
func (r *pgnRun) dead(p *chess.Position) bool {
	q := r.q
	if r.pending&gFEN != 0 && !q.fenReach.reachable(p, r.variant) {
		return true
	}
	if r.pending&gReaches != 0 && !q.reachReach.reachable(p, r.variant) {
		return true
	}
	if r.pending&gPositions != 0 && !q.positions.reach.reachable(p, r.variant) {
		return true
	}
	if r.pending&gMoves != 0 {
		for i := range r.nfas {
			if !r.nfas[i].dead {
				return false
			}
		}
		return true
	}
	return false
}

// ctlRun is pgnRun for a C'escacs record.
type ctlRun struct {
	q       *Query
	pending groups
	nfas    []nfa
	lines   []lineRuns
}

func (q *Query) matchCTL(g *syntax.Game) bool {
	start := ctllegality.StartOf(g)
	if !start.OK {
		return false
	}
	r := &ctlRun{q: q, pending: q.pending(syntax.CTLPGN)}
	if r.pending&gMoves != 0 {
		r.nfas = make([]nfa, len(q.moves))
		for i, p := range q.moves {
			r.nfas[i] = p.start()
			if r.nfas[i].done {
				r.pending &^= gMoves
			}
		}
	}
	r.lines = []lineRuns{{runs: make([]int, len(q.ctlMat))}}
	r.see(&start.Pos, 0)
	mainDone := false
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		if r.pending == 0 || st.Depth > 0 && !q.variations {
			return
		}
		if st.Depth == 0 && st.After == nil {
			mainDone = true
		}
		if st.After == nil || st.Depth == 0 && mainDone {
			return
		}
		if st.Depth == 0 && r.pending&gMoves != 0 {
			for i := range r.nfas {
				step(&r.nfas[i], st.Ply, ctlMove{st.Before, st.Move})
				if r.nfas[i].done {
					r.pending &^= gMoves
				}
			}
		}
		if st.Depth > 0 && len(q.ctlMat) > 0 {
			for len(r.lines) <= st.Depth {
				r.lines = append(r.lines, lineRuns{runs: make([]int, len(q.ctlMat))})
			}
			if l := &r.lines[st.Depth]; l.first != &st.Line[0] {
				l.first = &st.Line[0]
				clear(l.runs)
				r.material(st.Before, st.Depth)
			}
		}
		r.see(st.After, st.Depth)
	})
	return r.pending == 0
}

func (r *ctlRun) see(p *cescacs.Position, depth int) {
	q := r.q
	if r.pending&(gPDTL|gReaches|gPositions) != 0 {
		k := p.RepetitionKey()
		if r.pending&gPDTL != 0 {
			for _, t := range q.pdtls {
				if t.key == k {
					r.pending &^= gPDTL
					break
				}
			}
		}
		if r.pending&gReaches != 0 {
			for _, t := range q.reachCTL {
				if t.key == k {
					r.pending &^= gReaches
					break
				}
			}
		}
		if r.pending&gPositions != 0 {
			if _, ok := q.positions.ctl[k]; ok {
				r.pending &^= gPositions
			}
		}
	}
	if r.pending&gMaterial != 0 {
		r.material(p, depth)
	}
}

func (r *ctlRun) material(p *cescacs.Position, depth int) {
	n := ctlCounts(p)
	runs := r.lines[depth].runs
	for i, m := range r.q.ctlMat {
		if !m.holds(&n) {
			runs[i] = 0
			continue
		}
		runs[i]++
		if runs[i] > m.hold {
			r.pending &^= gMaterial
		}
	}
}

// withNames gives the names file n to the comparisons of names of e.
func withNames(e Expr, n *players.Names) {
	switch e := e.(type) {
	case *andExpr:
		withNames(e.x, n)
		withNames(e.y, n)
	case *orExpr:
		withNames(e.x, n)
		withNames(e.y, n)
	case *notExpr:
		withNames(e.x, n)
	case *cmpExpr:
		if e.f.kind == fName || e.f.kind == fPlayer {
			e.names = n
			e.rawCanon, _ = n.Listed(e.raw)
		}
	}
}
