package ctlcheck

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// mline is a line of play: the main line or a variation.
type mline struct {
	v      *syntax.Variation // nil for the main line
	parent *mline
	after  *pair // the parent's pair this variation follows, or nil
	pairs  []*pair
	vars   []*mline // the variations directly inside, in order

	byNumber map[int]*pair       // the first pair of each number, built on demand
	byLabel  map[varLabel]*mline // the first labelled variation of each move and label, built on demand
}

// pair returns the first pair numbered n, or nil.
func (l *mline) pair(n int) *pair {
	if l.byNumber == nil {
		l.byNumber = map[int]*pair{}
		for _, pr := range l.pairs {
			if _, dup := l.byNumber[pr.num.Number]; !dup {
				l.byNumber[pr.num.Number] = pr
			}
		}
	}
	return l.byNumber[n]
}

// variation returns the first variation inside l labelled lab.n that
// replaces a move of pair lab.move, or nil.
func (l *mline) variation(lab varLabel) *mline {
	if l.byLabel == nil {
		l.byLabel = map[varLabel]*mline{}
		for _, v := range l.vars {
			if v.v.Label == nil {
				continue
			}
			key := varLabel{v.moveNumber(), v.v.Label.Number}
			if _, dup := l.byLabel[key]; !dup {
				l.byLabel[key] = v
			}
		}
	}
	return l.byLabel[lab]
}

// moveNumber returns the number of the move a variation replaces, or -1.
func (l *mline) moveNumber() int {
	switch {
	case len(l.pairs) > 0:
		return l.pairs[0].num.Number
	case l.after != nil:
		return l.after.num.Number
	}
	return -1
}

// plays reports whether move n of side ('W', 'B', or 0 for either) is
// played on the line of play of l before offset at: in l's own pairs
// or, when l is a variation and n comes before the move it replaces, in
// the line it branches from, before the variation (§8.7). White's move
// of a variation that opens with Black's, "(6. …, move", is its
// parent's.
func (l *mline) plays(n int, side byte, at syntax.Pos) bool {
	for cur := l; cur != nil; cur = cur.parent {
		for _, pr := range cur.pairs {
			if pr.num.Sp.Start >= at {
				break
			}
			if pr.num.Number != n {
				continue
			}
			if w, ok := pr.white.(*syntax.Move); ok && side != 'B' && w.Sp.End <= at {
				return true
			}
			if pr.black != nil && side != 'W' && pr.black.Sp.End <= at {
				return true
			}
		}
		if cur.v == nil {
			return false
		}
		first := cur.moveNumber()
		if n > first || n == first && (side == 'B' || len(cur.pairs) == 0 || cur.pairs[0].hasWhite()) {
			return false
		}
		at = cur.v.Sp.Start
	}
	return false
}

// pair is a move pair "N. white, black" with the comments after it. Its
// moves are taken in order; ctllegality checks that they fit the number.
type pair struct {
	num      *syntax.MoveNumber
	white    syntax.Elem // *syntax.Move or *syntax.Ellipsis
	black    *syntax.Move
	last     syntax.Span // the last element of the pair
	comments []*syntax.Comment
}

// hasWhite reports whether the pair has a White move (not an ellipsis).
func (pr *pair) hasWhite() bool {
	_, ok := pr.white.(*syntax.Move)
	return ok
}

// where tells where a comment stands.
type where uint8

const (
	inHeader  where = iota // between the tags
	inMoves                // in the movetext (context or move comment)
	afterMain              // after the result line
)

// commentCtx is the place of a brace comment.
type commentCtx struct {
	c     *syntax.Comment
	where where
	line  *mline
	pair  *pair // the pair the comment follows in its line, or nil
}

// number returns the number of the last pair before the comment on its
// line of play: the pair it follows or, before the first pair of a
// variation, the one before the move the variation replaces; -1 before
// the first move of the record.
func (cc commentCtx) number() int {
	switch {
	case cc.pair != nil:
		return cc.pair.num.Number
	case cc.line.v != nil:
		return cc.line.moveNumber() - 1
	}
	return -1
}

// mover holds the state of one Movetext run.
type mover struct {
	p        *analysis.Pass
	g        *syntax.Game
	main     *mline
	comments []commentCtx
	letters  *cescacs.Alphabet // the alphabet of the Redefine tag
	pairs    *pairBuf          // where the pairs are allocated (see newPair)
	unjudged *ctllegality.Unjudged
}

// pairBlock is the number of pairs allocated at once.
const pairBlock = 64

// A pairBuf holds the pairs of one run in blocks, and the main line's
// slice of them; runs release it to pairBufs when they end, so that
// the next game reuses its memory (a record has a pair per move number,
// and the pairs were a sixth of all the bytes pgnls check allocated).
type pairBuf struct {
	blocks [][]pair
	used   int     // pairs handed out
	main   []*pair // the main line's pairs
}

// pairBufs holds the released pairBufs.
var pairBufs sync.Pool // of *pairBuf

// newPairBuf returns a released pairBuf, or a new one.
func newPairBuf() *pairBuf {
	if b, ok := pairBufs.Get().(*pairBuf); ok {
		return b
	}
	return &pairBuf{}
}

// release clears the pairs handed out, which point into the game, and
// gives b back to pairBufs.
func (b *pairBuf) release() {
	for k := 0; k*pairBlock < b.used; k++ {
		clear(b.blocks[k][:min(pairBlock, b.used-k*pairBlock)])
	}
	clear(b.main)
	b.used, b.main = 0, b.main[:0]
	pairBufs.Put(b)
}

// judged reports whether ctllegality judges the moves at offset at: not
// after a failed move or the end of the game, where it reports the rest
// of the line once and the numbers and pairs are not judged, so that no
// finding about them is reported there either.
func (m *mover) judged(at syntax.Pos) bool {
	if m.unjudged == nil {
		m.unjudged = ctllegality.UnjudgedOf(m.p)
	}
	return !m.unjudged.Contains(at)
}

func runMovetext(p *analysis.Pass) {
	g := p.Game
	m := &mover{p: p, g: g, main: &mline{}, letters: cescacs.StandardAlphabet(), pairs: newPairBuf()}
	defer m.pairs.release()
	m.main.pairs = m.pairs.main
	for _, t := range g.Tags {
		if canonicalName(t.Name) == "Redefine" && t.ValueSpan.Len() > 0 {
			m.letters, _ = cescacs.ParseRedefine(t.Value) // ctllegality reports its problems
			break
		}
	}
	for _, e := range g.Header {
		if c, ok := e.(*syntax.Comment); ok && c.Kind == syntax.BraceKind {
			m.comments = append(m.comments, commentCtx{c: c, where: inHeader, line: m.main})
		}
	}
	m.walk(m.main, g.Moves)
	m.pairs.main = m.main.pairs // grown, for the next run
	for _, e := range g.After {
		if c, ok := e.(*syntax.Comment); ok && c.Kind == syntax.BraceKind {
			m.comments = append(m.comments, commentCtx{c: c, where: afterMain, line: m.main})
		}
	}
	m.checkLines(m.main)
	if p.Wants(analysis.Hint) {
		m.checkPairsPerLine()
	}
	m.checkTokens()
	for _, cc := range m.comments {
		m.checkPrefix(cc)
		m.checkRefs(cc)
		m.checkRefLetters(cc.c)
	}
	m.checkPrefixOrder(m.main)
}

func (m *mover) report(sp syntax.Span, sev analysis.Severity, code analysis.Code, msg string, fixes []analysis.Fix) {
	m.p.Report(analysis.Diagnostic{Span: sp, Severity: sev, Code: code, Message: msg, Fixes: fixes})
}

// newPair returns a new pair opened by the move number n, from the
// blocks of m.pairs.
func (m *mover) newPair(n *syntax.MoveNumber) *pair {
	b := m.pairs
	k := b.used / pairBlock
	if k == len(b.blocks) {
		b.blocks = append(b.blocks, make([]pair, pairBlock))
	}
	pr := &b.blocks[k][b.used%pairBlock]
	b.used++
	pr.num, pr.last = n, n.Sp
	return pr
}

// walk builds the pairs of one line of play and records its comments.
func (m *mover) walk(l *mline, elems []syntax.Elem) {
	var cur *pair
	for _, e := range elems {
		switch n := e.(type) {
		case *syntax.MoveNumber:
			cur = m.newPair(n)
			l.pairs = append(l.pairs, cur)
		case *syntax.Ellipsis:
			if cur != nil && cur.white == nil && cur.black == nil {
				cur.white, cur.last = n, n.Sp
			}
		case *syntax.Move:
			switch {
			case cur == nil || cur.black != nil:
			case cur.white == nil:
				cur.white, cur.last = n, n.Sp
			default:
				cur.black, cur.last = n, n.Sp
			}
		case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
			if cur != nil && cur.white != nil {
				cur.last = n.Span()
			}
		case *syntax.Comment:
			if n.Kind != syntax.BraceKind {
				continue
			}
			m.comments = append(m.comments, commentCtx{c: n, where: inMoves, line: l, pair: cur})
			if cur != nil {
				cur.comments = append(cur.comments, n)
			}
		case *syntax.Variation:
			sub := &mline{v: n, parent: l, after: cur}
			l.vars = append(l.vars, sub)
			m.walk(sub, n.Elems)
		}
	}
}

// checkLines checks the layout of the pairs of a line of play and the
// labels of its variations, then its variations.
func (m *mover) checkLines(l *mline) {
	for k, pr := range l.pairs {
		switch {
		case pr.white == nil:
			if m.judged(pr.num.Sp.Start) {
				m.report(pr.num.Sp, analysis.Warning, CodePairLayout, "move number without moves", nil)
			}
			continue
		case k > 0 && !pr.hasWhite() && l.pairs[k-1].black == nil && m.judged(pr.white.Span().Start):
			m.report(pr.white.Span(), analysis.Warning, CodeEllipsis, "Black's move is split from White's: a pair stays on one line with its comments after it, and … opens only the first line of a record or variation", nil)
		}
		if breaksLine(m.g.Text[pr.num.Sp.Start:pr.last.Start]) && m.judged(pr.num.Sp.Start) {
			m.report(pr.num.Sp, analysis.Warning, CodePairLayout, "a move pair is written on one line; only comments and variations span lines", nil)
		}
	}
	labels := map[varLabel]*syntax.VarLabel{}
	for _, v := range l.vars {
		if len(v.pairs) > 0 && v.after != nil && v.pairs[0].num.Number > 0 && v.pairs[0].num.Number < v.after.num.Number && m.judged(v.v.Sp.Start) {
			open := syntax.Span{Start: v.v.Sp.Start, End: v.v.Sp.Start + 1}
			m.report(open, analysis.Warning, CodeVariationPlace, "this variation replaces a move of pair "+strconv.Itoa(v.pairs[0].num.Number)+" but follows pair "+strconv.Itoa(v.after.num.Number)+"; a variation comes right after the pair (and comments) whose move it replaces", nil)
		}
		if lab := v.v.Label; lab != nil {
			key := varLabel{v.moveNumber(), lab.Number}
			switch first, dup := labels[key]; {
			case lab.Number == 0:
				m.report(lab.Sp, analysis.Warning, CodeVarLabel, "variation labels are numbered from $[1]", nil)
			case dup:
				m.p.Report(analysis.Diagnostic{
					Span: lab.Sp, Severity: analysis.Warning, Code: CodeVarLabel,
					Message: "another variation of move " + strconv.Itoa(key.move) + " is already labelled $[" + strconv.Itoa(key.n) + "]",
					Related: []analysis.Related{{Span: first.Sp, Msg: "first $[" + strconv.Itoa(key.n) + "]"}},
				})
			default:
				labels[key] = lab
			}
		}
		m.checkLines(v)
	}
}

// breaksLine reports whether s holds a line terminator.
func breaksLine(s string) bool {
	return strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// checkPairsPerLine reports lines holding several move pairs, at the
// second pair of each.
func (m *mover) checkPairsPerLine() {
	lines := map[int][]*syntax.MoveNumber{}
	var visit func(l *mline)
	visit = func(l *mline) {
		for _, pr := range l.pairs {
			n := m.g.Line(pr.num.Sp.Start)
			lines[n] = append(lines[n], pr.num)
		}
		for _, v := range l.vars {
			visit(v)
		}
	}
	visit(m.main)
	for _, nums := range lines {
		if len(nums) < 2 {
			continue
		}
		slices.SortFunc(nums, func(a, b *syntax.MoveNumber) int { return int(a.Sp.Start - b.Sp.Start) })
		m.report(nums[1].Sp, analysis.Hint, CodePairsPerLine, strconv.Itoa(len(nums))+" move pairs on one line; CTL-PGN writes one pair per line", nil)
	}
}

// checkTokens checks comment placement, nesting dots and the space
// before a valuation glyph, which depend on the tokens around them.
func (m *mover) checkTokens() {
	toks := m.g.Tokens
	nl := newline(m.g.Text)
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case syntax.KVarOpen:
			depth++
		case syntax.KVarClose:
			depth = max(depth-1, 0)
		case syntax.KDots:
			m.checkDots(i, depth)
		case syntax.KBraceComment:
			m.checkPlacement(i, nl)
		case syntax.KGlyph:
			if i > 0 && toks[i-1].Kind == syntax.KMove {
				at := syntax.Span{Start: t.Span.Start, End: t.Span.Start}
				m.report(t.Span, analysis.Warning, CodeValuationSpace, "one space separates a move from its valuation: write "+m.g.Slice(toks[i-1].Span)+" "+m.g.Slice(t.Span),
					fix("Insert a space", at, " "))
			}
		}
	}
}

// checkDots compares the nesting dots of token i with the depth.
func (m *mover) checkDots(i, depth int) {
	toks := m.g.Tokens
	t := toks[i]
	k := i + 1
	for k < len(toks) && toks[k].Kind == syntax.KSpace {
		k++
	}
	if k == len(toks) || toks[k].Kind != syntax.KMoveNumber && toks[k].Kind != syntax.KVarOpen && toks[k].Kind != syntax.KBraceComment {
		m.report(t.Span, analysis.Warning, CodeNestingDots, "nesting dots stand only before a move number, '(' or '{'", fix("Remove the dots", t.Span, ""))
		return
	}
	if t.Span.Len() == depth {
		return
	}
	msg := strconv.Itoa(t.Span.Len()) + " nesting dots at variation depth " + strconv.Itoa(depth)
	var title string
	switch depth {
	case 0:
		msg, title = "nesting dots outside any variation", "Remove the dots"
	case 1:
		title = "Write 1 dot"
	default:
		title = "Write " + strconv.Itoa(depth) + " dots"
	}
	m.report(t.Span, analysis.Warning, CodeNestingDots, msg, fix(title, t.Span, strings.Repeat(".", depth)))
}

// checkPlacement checks that brace comment i starts its line (after
// blanks and nesting dots) and that its closing brace ends it.
func (m *mover) checkPlacement(i int, nl string) {
	toks := m.g.Tokens
	t := toks[i]
	j := i - 1
	for j >= 0 && (toks[j].Kind == syntax.KSpace || toks[j].Kind == syntax.KDots) {
		j--
	}
	if j >= 0 && toks[j].Kind != syntax.KNewline && toks[j].Kind != syntax.KBOM {
		b := toks[j+1]
		edit := syntax.Span{Start: b.Span.Start, End: b.Span.Start}
		if b.Kind == syntax.KSpace {
			edit = b.Span
		}
		m.report(syntax.Span{Start: t.Span.Start, End: t.Span.Start + 1}, analysis.Warning, CodeCommentPlacement,
			"a comment must start its line: '{' is the first character of the line (after nesting dots)", fix("Start the comment on a new line", edit, nl))
	}
	text := m.g.Slice(t.Span)
	if len(text) < 2 || text[len(text)-1] != '}' {
		return
	}
	k := i + 1
	for k < len(toks) && toks[k].Kind == syntax.KSpace {
		k++
	}
	if k < len(toks) && toks[k].Kind != syntax.KNewline {
		edit := syntax.Span{Start: t.Span.End, End: t.Span.End}
		if toks[i+1].Kind == syntax.KSpace {
			edit = toks[i+1].Span
		}
		m.report(syntax.Span{Start: t.Span.End - 1, End: t.Span.End}, analysis.Warning, CodeCommentPlacement,
			"'}' must be the last character of its line", fix("Break the line after the comment", edit, nl))
	}
}
