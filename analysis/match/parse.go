package match

import (
	"strings"
)

// Expr is a compiled --where expression. Its String is the expression in
// a canonical form (every operator spaced, every value quoted, and
// parentheses around every and/or), which ParseWhere reads back to the
// same Expr.
type Expr interface {
	String() string
	eval(c *gameCtx) bool
	// needs reports what evaluating the expression may need beyond the
	// tags and the syntax tree.
	needs() need
}

// need is a set of things an evaluation may have to compute.
type need uint8

const (
	needMoves   need = 1 << iota // the movetext (Plies, has comments, ...)
	needFacts                    // replay the main line to its end (End, repetitions, ...)
	needOpening                  // classify the opening the main line reaches
)

type andExpr struct{ x, y Expr }
type orExpr struct{ x, y Expr }
type notExpr struct{ x Expr }

func (e *andExpr) String() string { return "(" + e.x.String() + " and " + e.y.String() + ")" }
func (e *orExpr) String() string  { return "(" + e.x.String() + " or " + e.y.String() + ")" }
func (e *notExpr) String() string { return "not " + e.x.String() }

func (e *andExpr) eval(c *gameCtx) bool { return e.x.eval(c) && e.y.eval(c) }
func (e *orExpr) eval(c *gameCtx) bool  { return e.x.eval(c) || e.y.eval(c) }
func (e *notExpr) eval(c *gameCtx) bool { return !e.x.eval(c) }

func (e *andExpr) needs() need { return e.x.needs() | e.y.needs() }
func (e *orExpr) needs() need  { return e.x.needs() | e.y.needs() }
func (e *notExpr) needs() need { return e.x.needs() }

// maxDepth bounds the nesting of parentheses and not, so that no
// expression can exhaust the stack.
const maxDepth = 200

// parser reads a --where expression: a recursive descent over the
// scanner's tokens, modelled on go/parser. It stops at the first problem.
type parser struct {
	s     scanner
	tok   token
	depth int
	err   *Error
}

// ParseWhere compiles a --where expression. A problem is an *Error with
// its offset in src. It never panics, whatever src holds.
//
// The grammar:
//
//	expr       = and { "or" and }
//	and        = unary { "and" unary }
//	unary      = "not" unary | "(" expr ")" | "has" NAME | comparison
//	comparison = FIELD OP VALUE
//	OP         = "=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=" | "~" | "=~" | "!~"
//	VALUE      = WORD | "quoted" | 'quoted' | /regexp/[i] | WORD..WORD
//
// Keywords (and, or, not, has) are read in any letter case.
func ParseWhere(src string) (Expr, error) {
	p := &parser{s: scanner{src: src}}
	p.next()
	e := p.expr()
	if p.err == nil && p.tok.kind != tEOF {
		switch p.tok.kind {
		case tRParen:
			p.error(p.tok.off, "unexpected ')': no '(' to close")
		case tWord, tString:
			p.error(p.tok.off, "unexpected %s: join criteria with and or or (a value with blanks needs quotes)", describe(p.tok, src))
		default:
			p.error(p.tok.off, "unexpected %s", describe(p.tok, src))
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return e, nil
}

func (p *parser) error(off int, format string, args ...any) {
	if p.err == nil {
		p.err = errorf("--where", p.s.src, off, format, args...)
	}
}

func (p *parser) next() {
	p.tok = p.s.next()
	if p.s.err != nil && p.err == nil {
		p.err = p.s.err
	}
}

// describe names a token in messages.
func describe(t token, src string) string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tLParen:
		return "'('"
	case tRParen:
		return "')'"
	case tOp:
		return "'" + src[t.off:t.end] + "'"
	case tAnd, tOr, tNot, tHas:
		return "keyword " + strings.ToLower(src[t.off:t.end])
	}
	return quoteText(src[t.off:t.end])
}

// quoteText quotes s for a message, shortened when it is long.
func quoteText(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return "'" + s + "'"
}

func (p *parser) expr() Expr {
	x := p.and()
	for p.err == nil && p.tok.kind == tOr {
		p.next()
		y := p.and()
		x = &orExpr{x, y}
	}
	return x
}

func (p *parser) and() Expr {
	x := p.unary()
	for p.err == nil && p.tok.kind == tAnd {
		p.next()
		y := p.unary()
		x = &andExpr{x, y}
	}
	return x
}

func (p *parser) unary() Expr {
	if p.err != nil {
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.error(p.tok.off, "expression nested too deeply (more than %d levels)", maxDepth)
		return nil
	}
	switch p.tok.kind {
	case tNot:
		p.next()
		x := p.unary()
		return &notExpr{x}
	case tLParen:
		open := p.tok.off
		p.next()
		x := p.expr()
		if p.err != nil {
			return nil
		}
		if p.tok.kind != tRParen {
			if p.tok.kind == tEOF {
				p.error(open, "'(' not closed")
			} else {
				p.error(p.tok.off, "expected ')' or and/or, found %s", describe(p.tok, p.s.src))
			}
			return nil
		}
		p.next()
		return x
	case tHas:
		p.next()
		return p.has()
	case tWord:
		return p.comparison()
	case tEOF:
		p.error(p.tok.off, "expected a criterion such as White ~ Carlsen, found end of expression")
	default:
		p.error(p.tok.off, "expected a criterion such as White ~ Carlsen, found %s", describe(p.tok, p.s.src))
	}
	return nil
}

func (p *parser) has() Expr {
	t := p.tok
	if t.kind != tWord && t.kind != tString {
		p.error(t.off, "expected what the game has after has (comments, variations, eval, clock, a tag name, ...), found %s", describe(t, p.s.src))
		return nil
	}
	p.next()
	if t.kind == tWord {
		if prop, ok := properties[strings.ToLower(t.text)]; ok {
			return &hasExpr{prop: prop, name: strings.ToLower(t.text)}
		}
		if !validTagName(t.text) {
			p.error(t.off, "%s is neither a property (%s) nor a tag name", quoteText(t.text), propertyNames())
			return nil
		}
	}
	return &hasExpr{tag: t.text, name: t.text}
}

// validTagName reports whether s can name a tag: letters, digits and
// underscores, as the PGN standard allows.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func (p *parser) comparison() Expr {
	ft := p.tok
	if !validTagName(ft.text) {
		p.error(ft.off, "%s is not a tag or field name (letters, digits and _ only)", quoteText(ft.text))
		return nil
	}
	f := fieldOf(ft.text)
	p.next()
	if p.tok.kind != tOp {
		if p.tok.kind == tWord || p.tok.kind == tString {
			p.error(p.tok.off, "expected an operator (=, !=, <, <=, >, >=, ~, !~) after %s, found %s (a value with blanks needs quotes)", ft.text, describe(p.tok, p.s.src))
		} else {
			p.error(p.tok.off, "expected an operator (=, !=, <, <=, >, >=, ~, !~) after %s, found %s", ft.text, describe(p.tok, p.s.src))
		}
		return nil
	}
	o := p.tok.op
	p.next()
	vt := p.tok
	switch vt.kind {
	case tWord, tString, tRegex:
	case tAnd, tOr, tNot, tHas:
		p.error(vt.off, "expected a value after %s %s, found %s (quote a value that is a keyword: %q)", ft.text, o, describe(vt, p.s.src), p.s.src[vt.off:vt.end])
		return nil
	default:
		p.error(vt.off, "expected a value after %s %s, found %s", ft.text, o, describe(vt, p.s.src))
		return nil
	}
	p.next()
	c, err := compileComparison(f, o, vt, p.s.src)
	if err != nil {
		p.err = err
		return nil
	}
	return c
}
