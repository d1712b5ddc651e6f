package syntax

// Inspect calls fn for every element of elems in source order, descending
// into variations when fn returns true for them.
func Inspect(elems []Elem, fn func(Elem) bool) {
	for _, e := range elems {
		if !fn(e) {
			continue
		}
		if v, ok := e.(*Variation); ok {
			Inspect(v.Elems, fn)
		}
	}
}

// Elems returns every top-level element of g in source order: header,
// movetext, result and the comments after it.
func (g *Game) Elems() []Elem {
	all := make([]Elem, 0, len(g.Header)+len(g.Moves)+len(g.After)+1)
	all = append(all, g.Header...)
	all = append(all, g.Moves...)
	if g.Result != nil {
		all = append(all, g.Result)
	}
	return append(all, g.After...)
}

// NodeAt returns the innermost element of g whose span contains the
// game-relative offset p, preferring the element that starts at p over the
// one that ends there, and the chain of variations that enclose it
// (outermost first). It returns nil when p is in trivia.
func (g *Game) NodeAt(p Pos) (Elem, []*Variation) {
	var path []*Variation
	elems := g.Elems()
	for {
		var hit Elem
		for _, e := range elems {
			sp := e.Span()
			if sp.Start <= p && p < sp.End || sp.End == p && hit == nil {
				hit = e
			}
		}
		if v, ok := hit.(*Variation); ok && p > v.Sp.Start && (p < v.Sp.End || !v.Closed) {
			if inner, _ := innerAt(v.Elems, p); inner != nil {
				path = append(path, v)
				elems = v.Elems
				continue
			}
		}
		return hit, path
	}
}

func innerAt(elems []Elem, p Pos) (Elem, bool) {
	for _, e := range elems {
		if e.Span().Contains(p) {
			return e, true
		}
	}
	return nil, false
}

// TokenAt returns the index of the token of g holding game-relative offset
// p (the token starting at p when p is between two tokens), or -1.
func (g *Game) TokenAt(p Pos) int {
	lo, hi := 0, len(g.Tokens)
	for lo < hi {
		m := (lo + hi) / 2
		if g.Tokens[m].Span.End <= p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(g.Tokens) {
		return lo
	}
	return -1
}
