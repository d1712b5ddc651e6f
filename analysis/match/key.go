package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// A Key is a field with one value per game, by which games are grouped
// (pgnls select --split-by): a tag, or a pseudo-tag of the --where
// language that has one value.
type Key struct {
	f field
}

// ParseKey returns the key of a field name, in any letter case: a tag
// name, or one of the pseudo-tags with one value per game (Result,
// Variant, Plies, Moves, End, ClassifiedECO, ClassifiedOpening, Speed,
// BaseTime, Increment, MinElo, MaxElo, EloDiff). "eco" is the ECO tag.
func ParseKey(name string) (Key, error) {
	if !validTagName(name) {
		return Key{}, fmt.Errorf("%q is not a tag or field name", name)
	}
	f := fieldOf(name)
	switch f.kind {
	case fPlayer, fElo:
		return Key{}, fmt.Errorf("%s has two values per game (White's and Black's); split by White, Black, WhiteElo or BlackElo", f.name)
	}
	return Key{f}, nil
}

// Value returns the value of the key in game g of dialect d, and false
// when g has none (a missing tag, no rating, a CTL-PGN record for
// ClassifiedECO). A result is written as 1-0, 0-1, draw or unfinished
// when it is one of the PGN results, an end as checkmate, stalemate,
// insufficient, repetition, fifty, variant or none.
func (k Key) Value(g *syntax.Game, d syntax.Dialect) (string, bool) {
	c := gameCtx{g: g, d: d}
	num := func(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }
	switch k.f.kind {
	case fTag, fName:
		v, ok := c.tag(k.f.name)
		v = strings.TrimSpace(v)
		return v, ok && v != "" && v != "?"
	case fMinElo, fMaxElo, fEloDiff:
		w, okw := c.number("WhiteElo")
		b, okb := c.number("BlackElo")
		if !okw || !okb {
			return "", false
		}
		switch k.f.kind {
		case fMinElo:
			return num(min(w, b)), true
		case fMaxElo:
			return num(max(w, b)), true
		}
		return num(math.Abs(w - b)), true
	case fPlies:
		return strconv.Itoa(c.plies()), true
	case fMoves:
		return strconv.Itoa((c.plies() + 1) / 2), true
	case fResult:
		text, w, b, scored := normalResult(c.result())
		switch {
		case text == "*":
			return "unfinished", true
		case text == "1/2-1/2" || scored && w == b && d == syntax.PGN:
			return "draw", true
		}
		return text, true
	case fEnd:
		e := c.facts().end
		for _, n := range endOrder {
			if e&n.kind != 0 {
				return n.name, true
			}
		}
		return "", false
	case fOpeningECO, fOpeningName:
		o := c.opening()
		if o == nil {
			return "", false
		}
		if k.f.kind == fOpeningECO {
			return o.ECO, true
		}
		return o.Name, true
	case fVariant:
		return c.variant(), true
	case fSpeed:
		tc, _ := c.tag("TimeControl")
		s := speedOf(tc)
		return s, s != ""
	case fBaseTime, fIncrement:
		tc, _ := c.tag("TimeControl")
		base, inc, corr, ok := timeControl(tc)
		if !ok || corr {
			return "", false
		}
		if k.f.kind == fBaseTime {
			return num(base), true
		}
		return num(inc), true
	}
	return "", false
}

// endOrder names the ends, the first that applies naming a game's end.
var endOrder = []struct {
	kind endKind
	name string
}{
	{endCheckmate, "checkmate"}, {endStalemate, "stalemate"}, {endInsufficient, "insufficient"},
	{endVariant, "variant"}, {endRepetition, "repetition"}, {endFifty, "fifty"}, {endNone, "none"},
}

// String returns the key's field name as documented.
func (k Key) String() string { return k.f.name }
