package match

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
)

// moveItem is one element of a move pattern.
type moveItem struct {
	gap  bool // "...": any number of moves, none included
	any  bool // "*": any one move
	neg  bool // "!X": one move that is none of alts
	alts []moveAlt
	ply  int // the ply it must be played at (0: White's first move), or -1
	off  int // offset in the pattern, for messages
}

// moveAlt is one spelling a move of a pattern may have, read in each
// dialect it can be read in.
type moveAlt struct {
	text  string
	san   chess.SAN
	sanOK bool
	ctl   cescacs.Notation
	ctlOK bool
}

// movePattern is a --moves value.
type movePattern struct {
	text     string
	items    []moveItem
	floating bool // the first move may come at any ply (leading "..." or a move number past the start)
	lastPly  int  // with floating set and a first move of known ply: that ply, after which nothing can start; else -1
	chessOK  bool // every move of the pattern reads as SAN
	ctlOK    bool // every move reads as CTL-AN
}

// maxPatternMoves bounds a pattern, whose states are the bits of a word.
const maxPatternMoves = 60

// patToken is a word of a move pattern with its offset.
type patToken struct {
	text string
	off  int
}

// patTokens splits a line of moves into words: blanks and commas
// separate them, a move number is split from a move glued to it
// ("12.e4"), and "…," (C'escacs's missing White move) stays one word.
func patTokens(s string) []patToken {
	var toks []patToken
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ',' {
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ',' {
				break
			}
			j += n
		}
		w := s[i:j]
		// "…" or "..." directly before a comma is C'escacs's missing
		// White move of a pair.
		if (w == "…" || w == "...") && j < len(s) && s[j] == ',' {
			w += ","
			j++
		}
		// A move number glued to its move: "12.e4", "12...e5".
		if k := numberEnd(w); k > 0 && k < len(w) {
			toks = append(toks, patToken{w[:k], i}, patToken{w[k:], i + k})
		} else {
			toks = append(toks, patToken{w, i})
		}
		i = j
	}
	return toks
}

// numberEnd returns the length of the move number that starts w ("12.",
// "12...", "12…", "1?"), or 0.
func numberEnd(w string) int {
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d == 0 {
		return 0
	}
	k := d
	switch {
	case strings.HasPrefix(w[k:], "…"):
		k += len("…")
	case k < len(w) && w[k] == '?':
		k++
	default:
		for k < len(w) && w[k] == '.' {
			k++
		}
	}
	if k == d && k < len(w) {
		return 0 // digits that run into letters: not a number
	}
	return k
}

// parseMoves reads a --moves value.
func parseMoves(source, s string) (*movePattern, error) {
	p := &movePattern{text: s, lastPly: -1, chessOK: true, ctlOK: true}
	ply := -1 // the ply of the next move, when known
	for _, t := range patTokens(s) {
		w := t.text
		if k := numberEnd(w); k == len(w) {
			num := strings.TrimRight(w, ".?…")
			if strings.HasSuffix(w, "?") {
				ply = -1 // C'escacs's unknown move number
				continue
			}
			n, err := strconv.Atoi(num)
			if err != nil || n < 1 || n > 100000 {
				return nil, errorf(source, s, t.off, "move number %q out of range", w)
			}
			ply = 2 * (n - 1)
			if strings.HasSuffix(w, "...") || strings.HasSuffix(w, "…") {
				ply++
			}
			continue
		}
		it := moveItem{ply: ply, off: t.off}
		switch {
		case w == "..." || w == "…":
			it = moveItem{gap: true, ply: -1, off: t.off}
			ply = -1
		case w == "…," || w == "...,":
			// The missing White move of a C'escacs pair: the next move
			// is Black's.
			if ply >= 0 && ply%2 == 0 {
				ply++
			}
			continue
		case w == "*":
			it.any = true
		default:
			text := w
			if strings.HasPrefix(text, "!") {
				it.neg = true
				text = text[1:]
			}
			for _, a := range strings.Split(text, "|") {
				if a == "" {
					return nil, errorf(source, s, t.off, "empty move in %q", w)
				}
				alt := moveAlt{text: a}
				if san, err := chess.ParseSAN(a); err == nil && !san.Null {
					alt.san, alt.sanOK = san, true
				} else {
					p.chessOK = false
				}
				if n, probs := cescacs.ParseMove(a, nil); !cescacs.HasError(probs) && n.Kind != cescacs.NotationInvalid {
					alt.ctl, alt.ctlOK = n, true
				} else {
					p.ctlOK = false
				}
				if !alt.sanOK && !alt.ctlOK {
					return nil, errorf(source, s, t.off, "%q is not a move (SAN such as Nf3, exd5, O-O, e8=Q; or CTL-AN), *, !MOVE, MOVE|MOVE or ...", a)
				}
				it.alts = append(it.alts, alt)
			}
		}
		if !it.gap && ply >= 0 {
			ply++
		}
		p.items = append(p.items, it)
	}
	if len(p.items) == 0 {
		return nil, errorf(source, s, len(s), "no moves given")
	}
	if len(p.items) > maxPatternMoves {
		return nil, errorf(source, s, p.items[maxPatternMoves].off, "more than %d moves", maxPatternMoves)
	}
	first := p.items[0]
	switch {
	case first.gap:
		p.floating = true
	case first.ply > 0:
		p.floating, p.lastPly = true, first.ply
	}
	return p, nil
}

// nfa is the state of a move pattern along a line: which items the moves
// so far may have reached, one bit each, bit len(items) for a match.
type nfa struct {
	p      *movePattern
	active uint64
	done   bool // matched
	dead   bool // can no longer match
}

func (p *movePattern) start() nfa {
	n := nfa{p: p}
	n.active = p.closure(1)
	n.done = n.active&(1<<len(p.items)) != 0
	return n
}

// closure adds to set the states a gap lets through without a move.
func (p *movePattern) closure(set uint64) uint64 {
	for i, it := range p.items {
		if it.gap && set&(1<<i) != 0 {
			set |= 1 << (i + 1)
		}
	}
	return set
}

// moveTester tells whether the move being matched is one a pattern's
// move may stand for.
type moveTester interface {
	test(a *moveAlt) bool
}

// step advances the pattern over one move at ply (counted from White's
// first move); t reports whether the move is one of a move item's
// alternatives.
func step[T moveTester](n *nfa, ply int, t T) {
	if n.done || n.dead {
		return
	}
	p := n.p
	var next uint64
	for set := n.active; set != 0; set &= set - 1 {
		i := bits.TrailingZeros64(set)
		if i >= len(p.items) {
			continue
		}
		it := &p.items[i]
		switch {
		case it.gap:
			next |= 1 << i
		case it.ply >= 0 && it.ply != ply:
		case it.any:
			next |= 1 << (i + 1)
		default:
			hit := false
			for k := range it.alts {
				if t.test(&it.alts[k]) {
					hit = true
					break
				}
			}
			if hit != it.neg {
				next |= 1 << (i + 1)
			}
		}
	}
	if p.floating && (p.lastPly < 0 || ply < p.lastPly) {
		next |= 1 // the pattern may still start at the next move
	}
	n.active = p.closure(next)
	switch {
	case n.active&(1<<len(p.items)) != 0:
		n.done = true
	case n.active == 0:
		n.dead = true
	}
}

// chessMove is move m of a chess game, played in position before.
type chessMove struct {
	before *chess.Position
	m      chess.Move
}

func (c chessMove) test(a *moveAlt) bool {
	if !a.sanOK {
		return false
	}
	if a.san.To != chess.NoSquare && a.san.To != c.m.To() && !c.m.IsCastle() {
		return false
	}
	got, err := c.before.Resolve(a.san)
	return err == nil && got == c.m
}

// ctlMove is move m of a C'escacs record, played in position before.
type ctlMove struct {
	before *cescacs.Position
	m      cescacs.Move
}

func (c ctlMove) test(a *moveAlt) bool {
	if !a.ctlOK {
		return false
	}
	got, err := c.before.Resolve(a.ctl)
	return err == nil && got == c.m
}

// parseReaches plays a --reaches line from the start position and
// returns the position it reaches, for chess or C'escacs as the moves
// read.
func parseReaches(source, s string) (*fenTarget, *pdtlTarget, error) {
	toks := patTokens(s)
	var moves []patToken
	for _, t := range toks {
		if k := numberEnd(t.text); k == len(t.text) || t.text == "…," || t.text == "...," {
			continue
		}
		switch t.text {
		case "*", "...", "…":
			return nil, nil, errorf(source, s, t.off, "--reaches takes moves only, without wildcards (see --moves for patterns)")
		}
		moves = append(moves, t)
	}
	if len(moves) == 0 {
		return nil, nil, errorf(source, s, len(s), "no moves given")
	}
	// Chess first.
	pos := chess.StartPosition()
	var chessErr *Error
	for _, t := range moves {
		san, err := chess.ParseSAN(t.text)
		if err != nil {
			chessErr = errorf(source, s, t.off, "%q is not SAN: %v", t.text, err)
			break
		}
		m, rerr := pos.Resolve(san)
		if rerr != nil {
			chessErr = errorf(source, s, t.off, "%s cannot be played: %v", t.text, rerr)
			break
		}
		pos = pos.Make(m)
	}
	if chessErr == nil {
		return newFENTarget(s, 4, &pos), nil, nil
	}
	ctl := cescacs.InitialPosition()
	for _, t := range moves {
		n, probs := cescacs.ParseMove(t.text, nil)
		if cescacs.HasError(probs) {
			return nil, nil, chessErr
		}
		m, rerr := ctl.Resolve(n)
		if rerr != nil {
			return nil, nil, chessErr
		}
		ctl.Play(m)
	}
	return nil, &pdtlTarget{text: s, key: ctl.RepetitionKey()}, nil
}
