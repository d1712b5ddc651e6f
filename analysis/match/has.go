package match

import (
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// property is something a game has, tested by "has NAME".
type property uint8

const (
	propComments       property = iota + 1 // a comment with text (beyond [%...] commands)
	propVariations                         // a variation
	propNAGs                               // a NAG or a suffix glyph
	propEval                               // a [%eval] command
	propClock                              // a [%clk] command
	propUnderpromotion                     // a promotion to another piece than a queen, in the main line
	propPromotion                          // a promotion, in the main line
	propRepetition                         // a position reached a third time in the main line
	propFifty                              // 50 moves (100 half-moves) without capture or pawn move in the main line
	propSetup                              // a start position of its own: SetUp "1" or FEN (PGN), PDTL (CTL-PGN)
)

var properties = map[string]property{
	"comments":       propComments,
	"comment":        propComments,
	"variations":     propVariations,
	"variation":      propVariations,
	"nags":           propNAGs,
	"nag":            propNAGs,
	"eval":           propEval,
	"evals":          propEval,
	"clock":          propClock,
	"clocks":         propClock,
	"clk":            propClock,
	"underpromotion": propUnderpromotion,
	"promotion":      propPromotion,
	"repetition":     propRepetition,
	"fifty":          propFifty,
	"setup":          propSetup,
}

// propertyNames lists the properties for messages.
func propertyNames() string {
	return "comments, variations, nags, eval, clock, promotion, underpromotion, repetition, fifty, setup"
}

// hasExpr is "has NAME": a property, or a tag with a value.
type hasExpr struct {
	prop property
	tag  string
	name string // as printed
}

func (e *hasExpr) String() string {
	if e.prop == 0 && (!validTagName(e.name) || wordKind(e.name) != tWord || properties[strings.ToLower(e.tag)] != 0) {
		return "has " + quote(e.tag)
	}
	return "has " + e.name
}

func (e *hasExpr) needs() need {
	switch e.prop {
	case 0, propSetup:
		return 0
	case propRepetition, propFifty:
		return needMoves | needFacts
	}
	return needMoves
}

func (e *hasExpr) eval(c *gameCtx) bool {
	g := c.g
	switch e.prop {
	case 0:
		v, ok := c.tag(e.tag)
		v = strings.TrimSpace(v)
		return ok && v != "" && v != "?"
	case propComments, propVariations, propNAGs, propEval, propClock:
		return anyElem(g.Moves, e.prop) || anyElem(g.After, e.prop) ||
			(e.prop == propComments || e.prop == propEval || e.prop == propClock) && anyComment(g.Header, e.prop)
	case propUnderpromotion, propPromotion:
		return c.promotes(e.prop == propUnderpromotion)
	case propRepetition:
		return c.facts().repetition
	case propFifty:
		return c.facts().fifty
	case propSetup:
		if c.d == syntax.CTLPGN {
			return hasTag(g, "PDTL") || hasTag(g, "DPTL")
		}
		v, _ := c.tag("SetUp")
		return strings.TrimSpace(v) == "1" || hasTag(g, "FEN")
	}
	return false
}

// hasTag reports whether g has a tag called name with a value.
func hasTag(g *syntax.Game, name string) bool {
	for _, t := range g.Tags {
		if t.Name == name && strings.TrimSpace(t.Value) != "" {
			return true
		}
	}
	return false
}

// anyElem reports whether the line, or a variation in it at any depth,
// has what prop asks for.
func anyElem(line []syntax.Elem, prop property) bool {
	for _, e := range line {
		switch n := e.(type) {
		case *syntax.Comment:
			if commentHas(n, prop) {
				return true
			}
		case *syntax.Variation:
			if prop == propVariations || anyElem(n.Elems, prop) {
				return true
			}
		case *syntax.NAG, *syntax.Glyph:
			if prop == propNAGs {
				return true
			}
		}
	}
	return false
}

// anyComment is anyElem for the comments of a header.
func anyComment(elems []syntax.Elem, prop property) bool {
	for _, e := range elems {
		if n, ok := e.(*syntax.Comment); ok && commentHas(n, prop) {
			return true
		}
	}
	return false
}

// commentHas reports whether comment n has what prop asks for: text
// beyond its [%...] commands (comments), or a command (eval, clock).
func commentHas(n *syntax.Comment, prop property) bool {
	switch prop {
	case propEval:
		return strings.Contains(n.Text, "[%eval")
	case propClock:
		return strings.Contains(n.Text, "[%clk")
	case propComments:
		return hasProse(n.Text)
	}
	return false
}

// hasProse reports whether a comment's text has something besides blanks
// and [%...] commands.
func hasProse(s string) bool {
	for {
		i := strings.Index(s, "[%")
		if i < 0 {
			return strings.TrimSpace(s) != ""
		}
		if strings.TrimSpace(s[:i]) != "" {
			return true
		}
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			return false // an unclosed command: no prose after it
		}
		s = s[i+j+1:]
	}
}

// promotes reports whether a move of the main line promotes a pawn (to
// another piece than a queen, with under), as its text says.
func (c *gameCtx) promotes(under bool) bool {
	if c.d == syntax.CTLPGN {
		letters := ctllegality.StartOf(c.g).Letters
		for _, e := range c.g.Moves {
			m, ok := e.(*syntax.Move)
			if !ok {
				continue
			}
			n, _ := cescacs.ParseMove(m.Text, letters)
			p := n.Promotion
			if p != cescacs.NoKind && p != cescacs.Pawn && (!under || p != cescacs.Queen) {
				return true
			}
		}
		return false
	}
	for _, e := range c.g.Moves {
		m, ok := e.(*syntax.Move)
		if !ok || !promotionText(m.Text) {
			continue
		}
		san, err := chess.ParseSAN(m.Text)
		if err != nil {
			continue
		}
		if p := san.Promotion; p != chess.NoPieceType && (!under || p != chess.Queen) {
			return true
		}
	}
	return false
}

// promotionText reports whether a SAN move may be a promotion: its
// destination is on the first or the last rank.
func promotionText(s string) bool { return strings.ContainsAny(s, "18") }
