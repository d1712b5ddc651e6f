package cescacs

import "strings"

// ResolveErrorKind classifies why a notation does not name a legal move
// (Resolve), or, ErrIncoherent, not even a coherent one (Coherent).
type ResolveErrorKind uint8

// Resolve error kinds.
const (
	ErrInvalidNotation      ResolveErrorKind = iota // the notation could not be parsed
	ErrNoMoves                                      // the game is over: no legal move at all
	ErrNoPiece                                      // the origin does not hold the named piece of the side to move
	ErrForcedPromotion                              // an awaiting pawn must be promoted first (§3.7)
	ErrIllegalMove                                  // the piece cannot move that way
	ErrDestinationOccupied                          // the destination holds an own piece, or a non-capturing move meets a piece
	ErrPathBlocked                                  // a piece stands on the slide, ride or step path
	ErrKingExposed                                  // the move would leave the own king attacked
	ErrCastling                                     // a castling condition fails (§4.3)
	ErrEnPassantUnavailable                         // no such en-passant or scornful capture is pending
	ErrPromotionMissing                             // a pawn reaching its promotion hex must promote
	ErrPromotionUnavailable                         // the promotion piece is on the board or not regainable
	ErrPromotionBishopColor                         // a bishop of that hex colour is on the board
	ErrPromotionAvailable                           // "=&" although an eligible piece exists
	ErrPromotionUnexpected                          // "=X" on a move that does not reach a promotion hex
	ErrNotAwaiting                                  // a deferred promotion without an awaiting pawn
	ErrSeparatorMismatch                            // the separator does not match the kind of move
	ErrWrongVictim                                  // the captured-piece symbol is missing, superfluous or wrong
	ErrIncoherent                                   // the notation describes no move of the position at all (Coherent)
)

var resolveCodes = [...]string{
	ErrInvalidNotation:      "invalid-notation",
	ErrNoMoves:              "no-moves",
	ErrNoPiece:              "no-piece",
	ErrForcedPromotion:      "forced-promotion",
	ErrIllegalMove:          "illegal-move",
	ErrDestinationOccupied:  "destination-occupied",
	ErrPathBlocked:          "path-blocked",
	ErrKingExposed:          "king-exposed",
	ErrCastling:             "castling-unavailable",
	ErrEnPassantUnavailable: "en-passant-unavailable",
	ErrPromotionMissing:     "promotion-missing",
	ErrPromotionUnavailable: "promotion-unavailable",
	ErrPromotionBishopColor: "promotion-bishop-color",
	ErrPromotionAvailable:   "promotion-available",
	ErrPromotionUnexpected:  "promotion-unexpected",
	ErrNotAwaiting:          "not-awaiting",
	ErrSeparatorMismatch:    "separator-mismatch",
	ErrWrongVictim:          "wrong-victim",
	ErrIncoherent:           "incoherent",
}

// A ResolveError explains why a notation does not designate a legal move
// of a position. For ErrSeparatorMismatch and ErrWrongVictim the move is
// still identified and Resolve returns it alongside the error, so that a
// tolerant reader may go on.
type ResolveError struct {
	Kind        ResolveErrorKind
	Msg         string // English message naming the hexes and pieces involved
	Offset, End int    // the part of the move text concerned
	// Fix, when HasFix is set, is the canonical text for [Offset, End).
	Fix    string
	HasFix bool
}

func rerr(kind ResolveErrorKind, sp Span, msg string) *ResolveError {
	return &ResolveError{Kind: kind, Msg: msg, Offset: sp.Offset, End: sp.End}
}

func rerrFix(kind ResolveErrorKind, sp Span, msg, fix string) *ResolveError {
	return &ResolveError{Kind: kind, Msg: msg, Offset: sp.Offset, End: sp.End, Fix: fix, HasFix: true}
}

// describe names the content of h for messages: "a black knight" or "nothing".
func (p *Position) describe(h Hex) string {
	pc := p.board[h]
	if pc == NoPiece {
		return "nothing"
	}
	return "a " + pc.Color().String() + " " + pc.Kind().String()
}

// Resolve matches the notation n to a legal move of p (§7.2). On failure
// it returns the zero Move (or the identified move, see ResolveError) and
// an error whose offsets refer to the text n was parsed from. The check
// indicator is not judged here: see Findings.
func (p *Position) Resolve(n Notation) (Move, *ResolveError) { return p.ResolveInto(&n) }

// ResolveInto is Resolve reading the notation in place, for a caller
// that keeps it: a replay resolves a move at every ply, and the
// Notation is too large to copy there for nothing. *n is not changed.
func (p *Position) ResolveInto(n *Notation) (Move, *ResolveError) {
	whole := Span{0, n.CheckSpan.Offset}
	if n.Kind == NotationInvalid {
		return Move{}, rerr(ErrInvalidNotation, whole, "not a move")
	}
	var few [32]Move // one piece's moves to one hex, and the special captures
	if m, err, ok := p.resolveFast(n, few[:0]); ok {
		return m, err
	}
	var all [maxMovesHint]Move
	return p.resolveGeneral(n, all[:0])
}

// resolveGeneral is Resolve from every legal move of the position.
func (p *Position) resolveGeneral(n *Notation, buf []Move) (Move, *ResolveError) {
	whole := Span{0, n.CheckSpan.Offset}
	legal := p.LegalMoves(buf)
	if len(legal) == 0 {
		what := "stalemate"
		if p.InCheck() {
			what = "checkmate"
		}
		return Move{}, rerr(ErrNoMoves, whole, "no legal move: "+p.turn.String()+" is in "+what)
	}
	forced := legal[0].Kind == MoveDeferred
	switch n.Kind {
	case NotationCastling:
		return p.resolveCastling(*n, legal, forced, whole)
	case NotationDeferred:
		return p.resolveDeferred(*n, legal, whole)
	}
	us := p.turn
	if pc := p.board[n.From]; pc == NoPiece || pc != MakePiece(us, n.Mover) {
		return Move{}, rerr(ErrNoPiece, Span{0, n.FromSpan.End},
			"no "+us.String()+" "+n.Mover.String()+" on "+n.From.String()+": it holds "+p.describe(n.From))
	}
	if forced {
		return Move{}, p.forcedError(*n, legal, whole)
	}
	var candArr [8]Move // promotion choices at most; an array keeps it off the heap
	cands := candidates(candArr[:0], legal, n)
	if len(cands) == 0 {
		return Move{}, p.explain(*n, whole)
	}
	return p.finishResolve(n, cands)
}

// candidates appends the moves of legal that n names by origin and
// destination (castlings aside) to buf.
func candidates(buf, legal []Move, n *Notation) []Move {
	for _, m := range legal {
		if m.From == n.From && m.To == n.To && m.Kind != MoveCastling {
			buf = append(buf, m)
		}
	}
	return buf
}

// resolveFast resolves an ordinary move from the legal moves of its
// origin alone; ok is false when the general path must decide (another
// notation kind, no such piece there, the forced deferred promotion, or
// no legal move of that piece to the destination, whose explanation
// needs the whole position). It gives exactly what that path would.
func (p *Position) resolveFast(n *Notation, buf []Move) (m Move, err *ResolveError, ok bool) {
	if n.Kind == NotationCastling || n.Kind == NotationDeferred {
		return Move{}, nil, false
	}
	if pc := p.board[n.From]; pc == NoPiece || pc != MakePiece(p.turn, n.Mover) {
		return Move{}, nil, false
	}
	legal, ok := p.legalMovesTo(buf, n.From, n.To)
	if !ok {
		return Move{}, nil, false
	}
	var candArr [8]Move
	cands := candidates(candArr[:0], legal, n)
	if len(cands) == 0 {
		return Move{}, nil, false
	}
	m, err = p.finishResolve(n, cands)
	return m, err, true
}

// finishResolve picks the move among the candidates n names and checks
// the rest of its notation (separator, captured piece).
func (p *Position) finishResolve(n *Notation, cands []Move) (Move, *ResolveError) {
	m, err := p.choosePromotion(n, cands)
	if err != nil {
		return Move{}, err
	}
	if want := separatorOf(m); n.Sep != want {
		fix := [...]string{"-", "×", "@", "@@"}[want]
		return m, rerrFix(ErrSeparatorMismatch, n.SepSpan, n.From.String()+"-"+n.To.String()+" is "+moveKindText(m)+": write "+fix, fix)
	}
	want := m.Captured
	if want == Pawn {
		want = NoKind
	}
	if n.Victim != want {
		fix := n.letters.Symbol(want)
		var msg string
		switch {
		case want == NoKind && m.Captured == Pawn:
			msg = "the captured pawn is not written"
		case want == NoKind:
			msg = "nothing is captured on " + n.To.String()
		case n.Victim == NoKind:
			msg = "the captured " + want.String() + " must be written: " + fix
		default:
			msg = "the captured piece is " + want.article() + ", not " + n.Victim.article()
		}
		return m, &ResolveError{Kind: ErrWrongVictim, Msg: msg, Offset: n.VictimSpan.Offset, End: n.VictimSpan.End, Fix: fix, HasFix: true}
	}
	return m, nil
}

// moveTexts returns the canonical texts of moves without check indicators.
func moveTexts(moves []Move, letters *Alphabet) []string {
	var s []string
	for _, m := range moves {
		s = append(s, string(appendMove(nil, m, letters.orStandard(), StyleE)))
	}
	return s
}

// separatorOf returns the separator the move m is written with.
func separatorOf(m Move) Separator {
	switch {
	case m.Kind == MoveLongEnPassant:
		return SepLongEnPassant
	case m.Kind == MoveEnPassant || m.Kind == MoveScornful:
		return SepEnPassant
	case m.Captured != NoKind:
		return SepCapture
	}
	return SepQuiet
}

func moveKindText(m Move) string {
	switch m.Kind {
	case MoveLongEnPassant:
		return "a long en-passant capture"
	case MoveEnPassant:
		return "an en-passant capture"
	case MoveScornful:
		return "a scornful-pawn capture"
	}
	if m.Captured != NoKind {
		return "a capture"
	}
	return "not a capture"
}

// choosePromotion picks among the legal moves from n.From to n.To the one
// with the promotion n asks for.
func (p *Position) choosePromotion(n *Notation, cands []Move) (Move, *ResolveError) {
	sp := n.PromotionSpan
	if cands[0].Promotion == NoKind {
		if n.Promotion != NoKind {
			return Move{}, rerrFix(ErrPromotionUnexpected, sp, n.To.String()+" is not a promotion hex for "+p.turn.String(), "")
		}
		return cands[0], nil
	}
	var choices []string
	for _, m := range cands {
		if m.Promotion == n.Promotion {
			return m, nil
		}
		choices = append(choices, string(appendPromotion(nil, m.Promotion, n.letters.orStandard())))
	}
	list := strings.Join(choices, ", ")
	switch {
	case n.Promotion == NoKind && cands[0].Promotion == Pawn:
		// E's bare awaiting move: accepted, Findings warns.
		return cands[0], nil
	case n.Promotion == NoKind:
		return Move{}, rerr(ErrPromotionMissing, sp, "the pawn reaches its promotion hex "+n.To.String()+" and must promote: "+list)
	case cands[0].Promotion == Pawn:
		return Move{}, rerrFix(ErrPromotionUnavailable, sp, "no regainable piece of "+p.turn.String()+" can be placed on "+n.To.String()+": the pawn awaits promotion (=&)", "=&")
	case n.Promotion == Pawn:
		return Move{}, rerr(ErrPromotionAvailable, sp, "a piece is available, the pawn must promote: "+list)
	case n.Promotion == Bishop && p.count[p.turn][Bishop] < complement[Bishop]:
		return Move{}, rerr(ErrPromotionBishopColor, sp, p.turn.String()+"'s bishop of the "+n.To.Color().String()+" hexes is on the board; available: "+list)
	case n.Promotion.Regainable():
		return Move{}, rerr(ErrPromotionUnavailable, sp, "every "+p.turn.String()+" "+n.Promotion.String()+" is on the board; available: "+list)
	}
	return Move{}, rerr(ErrPromotionUnavailable, sp, "a pawn cannot promote to "+n.Promotion.article()+"; available: "+list)
}

// forcedError reports that the forced deferred promotion must be played.
func (p *Position) forcedError(n Notation, legal []Move, whole Span) *ResolveError {
	choices := moveTexts(legal, n.letters)
	e := rerr(ErrForcedPromotion, whole, "the awaiting pawn must be promoted now: "+strings.Join(choices, ", "))
	if len(legal) == 1 {
		e.Fix, e.HasFix = choices[0], true
	}
	return e
}

func (p *Position) resolveCastling(n Notation, legal []Move, forced bool, whole Span) (Move, *ResolveError) {
	if n.Castle == 0 || n.Castle >= numCastleIDs {
		return Move{}, rerr(ErrInvalidNotation, whole, "not a castling")
	}
	for _, m := range legal {
		if m.Kind == MoveCastling && m.Castle == n.Castle {
			return m, nil
		}
	}
	if forced {
		return Move{}, p.forcedError(n, legal, whole)
	}
	name := n.Castle.String()
	us := p.turn
	if p.board[kingHome[us]] != MakePiece(us, King) {
		return Move{}, rerr(ErrCastling, whole, name+": no "+us.String()+" king on "+kingHome[us].String())
	}
	if why := p.castleBlock(n.Castle, p.InCheck()); why != "" {
		return Move{}, rerr(ErrCastling, whole, name+" is not possible: "+why)
	}
	return Move{}, rerr(ErrKingExposed, whole, name+" would leave the king in check")
}

func (p *Position) resolveDeferred(n Notation, legal []Move, whole Span) (Move, *ResolveError) {
	for _, m := range legal {
		if m.Kind == MoveDeferred && m.From == n.From && m.Promotion == n.Promotion {
			return m, nil
		}
	}
	us := p.turn
	switch {
	case p.board[n.From] != MakePiece(us, Pawn):
		return Move{}, rerr(ErrNoPiece, n.FromSpan, "no "+us.String()+" pawn on "+n.From.String()+": it holds "+p.describe(n.From))
	case !n.From.IsPromotion(us):
		return Move{}, rerr(ErrNotAwaiting, whole, "the pawn on "+n.From.String()+" is not on a promotion hex")
	case legal[0].Kind == MoveDeferred:
		choices := moveTexts(legal, n.letters)
		kind := ErrPromotionUnavailable
		if n.Promotion == Bishop {
			kind = ErrPromotionBishopColor
		}
		return Move{}, rerr(kind, n.PromotionSpan, "not an available promotion; choose among "+strings.Join(choices, ", "))
	case p.InCheck():
		return Move{}, rerr(ErrNotAwaiting, whole, "the deferred promotion waits while the king is in check")
	}
	return Move{}, rerr(ErrPromotionUnavailable, n.PromotionSpan, "no regainable piece of "+us.String()+" can be placed on "+n.From.String())
}

// explain says why no legal move goes from n.From to n.To.
func (p *Position) explain(n Notation, whole Span) *ResolveError {
	us := p.turn
	from, to := n.From, n.To
	inCheck := p.InCheck()
	var arr [256]Move
	for _, m := range p.pseudoMoves(arr[:0], inCheck) {
		if m.From == from && m.To == to && m.Kind != MoveCastling {
			if inCheck {
				return rerr(ErrKingExposed, whole, "the "+us.String()+" king is in check and "+from.String()+"-"+to.String()+" does not parry it")
			}
			return rerr(ErrKingExposed, whole, from.String()+"-"+to.String()+" would leave the "+us.String()+" king in check")
		}
	}
	dest := p.board[to]
	if dest != NoPiece && dest.Color() == us {
		return rerr(ErrDestinationOccupied, n.ToSpan, to.String()+" holds a "+us.String()+" "+dest.Kind().String())
	}
	if dest.Kind() == King {
		return rerr(ErrIllegalMove, n.ToSpan, "a king is never captured")
	}
	k := n.Mover
	if k == Pawn {
		if e := p.explainPawn(n, whole); e != nil {
			return e
		}
	}
	// Slides along a line in one of the piece's directions.
	lo, hi := 0, 0
	switch k {
	case Rook, Wyvern:
		lo, hi = orthoLo, orthoHi
	case Bishop, Pegasus:
		lo, hi = diagLo, diagHi
	case Queen:
		lo, hi = orthoLo, diagHi
	}
	for d := lo; d < hi; d++ {
		for t := step[d][from]; t != NoHex; t = step[d][t] {
			if t == to {
				break
			}
			if p.board[t] != NoPiece {
				if onRay(t, d, to) {
					return rerr(ErrPathBlocked, whole, "the path from "+from.String()+" to "+to.String()+" is blocked on "+t.String()+" by "+p.describe(t))
				}
				break
			}
		}
	}
	switch k {
	case Knight:
		for d := knightLo; d < knightHi; d++ {
			mid := step[d][from]
			if mid == NoHex || step[d][mid] != to {
				continue
			}
			if p.board[mid] != NoPiece {
				return rerr(ErrPathBlocked, whole, "the knight ride "+from.String()+"-"+to.String()+" needs "+mid.String()+" empty; it holds "+p.describe(mid))
			}
			return rerr(ErrDestinationOccupied, n.ToSpan, "a knight ride cannot capture: "+to.String()+" holds "+p.describe(to))
		}
	case King:
		if KnightApart(from, to) {
			switch {
			case !p.canLeap(from):
				return rerr(ErrIllegalMove, whole, "the king's leap is only allowed as the king's first move, from "+kingHome[us].String())
			case inCheck:
				return rerr(ErrIllegalMove, whole, "the king cannot leap while in check")
			}
		}
	case Elephant:
		mid := step[forward(us)][from]
		if step[forward(us)][mid] == to && p.board[mid] != NoPiece {
			return rerr(ErrPathBlocked, whole, "the elephant's two-step advance needs "+mid.String()+" empty; it holds "+p.describe(mid))
		}
	}
	return rerr(ErrIllegalMove, whole, k.article()+" cannot move from "+from.String()+" to "+to.String())
}

// onRay reports whether to lies beyond t in direction d.
func onRay(t Hex, d int, to Hex) bool {
	for s := step[d][t]; s != NoHex; s = step[d][s] {
		if s == to {
			return true
		}
	}
	return false
}

// explainPawn explains pawn moves that are not pseudo-legal, or returns
// nil to fall back to the generic message.
func (p *Position) explainPawn(n Notation, whole Span) *ResolveError {
	us := p.turn
	from, to := n.From, n.To
	if n.Sep == SepEnPassant || n.Sep == SepLongEnPassant {
		return rerr(ErrEnPassantUnavailable, whole, "no en-passant or scornful capture "+from.String()+"@"+to.String()+" is available")
	}
	fwd := forward(us)
	t := from
	for i := range 3 {
		t = step[fwd][t]
		if t == NoHex {
			break
		}
		if t == to {
			if p.board[to] != NoPiece {
				return rerr(ErrDestinationOccupied, n.ToSpan, "a pawn moving forward cannot capture: "+to.String()+" holds "+p.describe(to))
			}
			if i == 2 && !from.IsTripleStep(us) {
				return rerr(ErrIllegalMove, whole, "a pawn triple-steps only from "+tripleStepList(us))
			}
			return rerr(ErrPathBlocked, whole, "a piece blocks the pawn's advance from "+from.String()+" to "+to.String())
		}
	}
	for _, d := range pawnObliqueDirs[us] {
		if step[d][from] == to {
			return rerr(ErrDestinationOccupied, n.ToSpan, "a pawn's oblique step cannot capture: "+to.String()+" holds "+p.describe(to))
		}
	}
	for _, d := range pawnCaptureDirs[us] {
		if step[d][from] == to {
			return rerr(ErrIllegalMove, n.ToSpan, "a pawn moves diagonally only to capture: "+to.String()+" is empty")
		}
	}
	return nil
}

func tripleStepList(c Color) string {
	var s []string
	for h := Hex(0); h < NumHexes; h++ {
		if h.IsTripleStep(c) {
			s = append(s, h.String())
		}
	}
	return strings.Join(s, " ")
}

// FindingsAfter returns the soft problems of the notation n that
// resolved to the legal move m, played from p: a missing, superfluous,
// unrefined or wrong check indicator (§5.3) and an awaiting promotion
// written without "=&". Each carries the canonical replacement. Offsets
// refer to the text n was parsed from. after must be the position that
// p.Play(m) gives, whose check state says what the move deserves
// without playing it again.
func (p *Position) FindingsAfter(n *Notation, m Move, after *Position) []Problem {
	return findings(n, m, after.checkMark())
}

// findings returns the problems of FindingsAfter, given the indicator the
// move deserves.
func findings(n *Notation, m Move, actual CheckMark) []Problem {
	var probs []Problem
	if m.Promotion == Pawn && n.Promotion == NoKind && n.Kind == NotationMove {
		at := n.PromotionSpan.Offset
		probs = append(probs, Problem{Offset: at, End: at, Severity: SeverityWarning, Code: CodeAwaitingSuffix,
			Msg: "the pawn awaits promotion: write =&", Fix: "=&", HasFix: true})
	}
	written := n.Check
	if written == actual {
		return probs
	}
	fix := actual.String()
	pr := Problem{Offset: n.CheckSpan.Offset, End: n.CheckSpan.End, Fix: fix, HasFix: true}
	switch {
	case written == CheckMate:
		pr.Severity, pr.Code, pr.Msg = SeverityError, CodeMateFalse, "# but the move does not mate"
		if actual != NoCheck {
			pr.Msg += ": it gives check " + fix
		}
	case actual == NoCheck:
		pr.Severity, pr.Code, pr.Msg = SeverityWarning, CodeCheckNone, "check indicator "+written.String()+" but the move gives no check"
	case written == NoCheck:
		pr.Severity, pr.Code, pr.Msg = SeverityWarning, CodeCheckMissing, "missing indicator: the move gives "+checkName(actual)+" "+fix
	case actual == CheckMate:
		pr.Severity, pr.Code, pr.Msg = SeverityWarning, CodeCheckWrong, "the move mates: write #"
	case written == CheckPlain:
		pr.Severity, pr.Code, pr.Msg = SeverityHint, CodeCheckRefine, "the refined indicator of this "+checkName(actual)+" is "+fix
	default:
		pr.Severity, pr.Code, pr.Msg = SeverityWarning, CodeCheckWrong, written.String()+" but the move gives "+checkName(actual)+" "+fix
	}
	return append(probs, pr)
}

func checkName(c CheckMark) string {
	switch c {
	case CheckDistant:
		return "check from afar"
	case CheckAdjoining:
		return "an adjoining or knight-leap check"
	case CheckDouble:
		return "double check"
	case CheckMate:
		return "checkmate"
	}
	return "check"
}
