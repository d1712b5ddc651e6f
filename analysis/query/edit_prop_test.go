package query

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

// tnode is a node of a game tree as a PGN reader such as python-chess
// sees it: a move with its NAGs and comments, and the moves that may
// follow it, the main one first.
type tnode struct {
	san      string
	nags     []int
	comments []string
	parent   *tnode
	kids     []*tnode
	pos      chess.Position // the position after the move (the root's: the start)
}

// readTree reads the tree of the game g: the moves as written, a NAG or
// glyph and a comment after a move belong to it, a variation adds an
// alternative to the move before it.
func readTree(g *syntax.Game) *tnode {
	root := &tnode{}
	var read func(line []syntax.Elem, base *tnode)
	read = func(line []syntax.Elem, base *tnode) {
		var last *tnode
		for _, x := range line {
			switch x := x.(type) {
			case *syntax.Move:
				n := &tnode{san: x.Text, parent: base}
				if last != nil {
					base = last
					n.parent = base
				}
				base.kids = append(base.kids, n)
				last = n
			case *syntax.NAG:
				last.nags = append(last.nags, x.Value)
			case *syntax.Glyph:
				last.nags = append(last.nags, nag.Glyphs[x.Text])
			case *syntax.Comment:
				if last != nil {
					last.comments = append(last.comments, strings.Join(strings.Fields(x.Text), " "))
				}
			case *syntax.Variation:
				read(x.Elems, base)
			}
		}
	}
	read(g.Moves, root)
	return root
}

// dumpTree writes the tree for comparisons.
func dumpTree(n *tnode, b *strings.Builder, depth int) {
	for _, k := range n.kids {
		fmt.Fprintf(b, "%s%s %v %q\n", strings.Repeat(" ", depth), k.san, k.nags, k.comments)
		dumpTree(k, b, depth+1)
	}
}

// order lists the moves of the tree in the order a writer writes them.
func order(root *tnode) []*tnode {
	var out []*tnode
	var line func(n *tnode)
	line = func(n *tnode) {
		for n != nil {
			out = append(out, n)
			if p := n.parent; p.kids[0] == n {
				for _, v := range p.kids[1:] {
					line(v)
				}
			}
			if len(n.kids) == 0 {
				return
			}
			n = n.kids[0]
		}
	}
	if len(root.kids) > 0 {
		line(root.kids[0])
	}
	return out
}

// writeTree writes the movetext of the tree: White's moves numbered,
// Black's at the start of a line and after a comment or variation.
func writeTree(root *tnode) string {
	var b strings.Builder
	var line func(n *tnode, ply int)
	col := 0
	word := func(s string) {
		switch {
		case col+1+len(s) > 60:
			b.WriteByte('\n')
			col = 0
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "("):
			b.WriteByte(' ')
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	line = func(n *tnode, ply int) {
		first := true
		for n != nil {
			num := strconv.Itoa(ply/2 + 1)
			switch {
			case ply%2 == 0:
				word(num + ". " + n.san)
			case first:
				word(num + "... " + n.san)
			default:
				word(n.san)
			}
			first = false
			for _, v := range n.nags {
				word("$" + strconv.Itoa(v))
			}
			for _, c := range n.comments {
				word("{" + c + "}")
				first = true
			}
			if p := n.parent; p.kids[0] == n {
				for _, v := range p.kids[1:] {
					word("(")
					line(v, ply)
					b.WriteString(")")
					col++
					first = true
				}
			}
			if len(n.kids) == 0 {
				return
			}
			n, ply = n.kids[0], ply+1
		}
	}
	if len(root.kids) > 0 {
		line(root.kids[0], 0)
	}
	return b.String()
}

// genTree makes a random game: a main line of legal moves with
// variations, NAGs and comments; no line ends the game.
func genTree(rnd *rand.Rand) *tnode {
	root := &tnode{pos: chess.StartPosition()}
	var grow func(n *tnode, plies, depth int)
	grow = func(n *tnode, plies, depth int) {
		for i := 0; i < plies; i++ {
			ms := n.pos.LegalMoves()
			rnd.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
			alts := 1
			if depth < 2 && rnd.IntN(4) == 0 {
				alts = 2 + rnd.IntN(2)
			}
			var next *tnode
			for _, m := range ms {
				after := n.pos.Make(m)
				if len(after.LegalMoves()) == 0 {
					continue
				}
				k := &tnode{san: n.pos.SAN(m), parent: n, pos: after}
				if rnd.IntN(6) == 0 {
					k.nags = append(k.nags, 1+rnd.IntN(6))
				}
				if rnd.IntN(8) == 0 {
					k.comments = append(k.comments, fmt.Sprintf("c%d", rnd.IntN(100)))
				}
				n.kids = append(n.kids, k)
				if next == nil {
					next = k
				} else {
					grow(k, rnd.IntN(4), depth+1)
				}
				if len(n.kids) == alts {
					break
				}
			}
			if next == nil {
				return
			}
			n = next
		}
	}
	grow(root, 4+rnd.IntN(16), 0)
	return root
}

// diagnosticCounts counts the diagnostics check reports on f by code.
func diagnosticCounts(f *syntax.File) map[analysis.Code]int {
	out := map[analysis.Code]int{}
	for _, x := range analysis.FileDiagnostics(f, nil) {
		out[x.Code]++
	}
	for _, r := range f.Games() {
		for _, x := range analysis.Game(r.Game, f.Dialect, nil, checks.All) {
			out[x.Code]++
		}
	}
	return out
}

// lineTop returns the first move of the line holding n and whether that
// line is a variation.
func lineTop(n *tnode) (*tnode, bool) {
	for n.parent.parent != nil && n.parent.kids[0] == n {
		n = n.parent
	}
	return n, n.parent.kids[0] != n
}

// TestEditProperty applies random sequences of editing operations to
// generated games, in free and export layout, and checks after each that
// the file reads with no new diagnostic and that its tree is the one
// the operation means, worked out on the tree.
func TestEditProperty(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	for seed := range seeds {
		rnd := rand.New(rand.NewPCG(uint64(seed), 32))
		model := genTree(rnd)
		text := str7 + writeTree(model) + " *\n"
		if seed%2 == 1 {
			g := syntax.Parse("p.pgn", text, syntax.PGN).Game(0).Game
			text = format.Game(g, syntax.PGN, format.Options{}).Text
		}
		if seed%3 == 2 {
			text = strings.ReplaceAll(text, "\n", "\r\n")
		}
		for step := range 12 {
			f := syntax.Parse("p.pgn", text, syntax.PGN)
			before := diagnosticCounts(f)
			if got := readTree(f.Game(0).Game); dumpString(got) != dumpString(model) {
				t.Fatalf("seed %d step %d: tree before:\n%s\nwant:\n%s\ntext:\n%s", seed, step, dumpString(got), dumpString(model), text)
			}
			nodes := order(model)
			var moves []*syntax.Move
			syntax.Inspect(f.Game(0).Game.Moves, func(x syntax.Elem) bool {
				if m, ok := x.(*syntax.Move); ok {
					moves = append(moves, m)
				}
				return true
			})
			if len(nodes) != len(moves) {
				t.Fatalf("seed %d step %d: %d nodes, %d moves", seed, step, len(nodes), len(moves))
			}
			var n *tnode
			var op string
			var off syntax.Pos
			ok := true
			if len(nodes) == 0 {
				// A game without moves: play one before the result.
				m := model.pos.LegalMoves()[rnd.IntN(20)]
				n = &tnode{san: model.pos.SAN(m), parent: model, pos: model.pos.Make(m)}
				model.kids = append(model.kids, n)
				op, off = "play "+n.san, f.Game(0).Start+f.Game(0).Game.Result.Sp.Start
			} else {
				i := rnd.IntN(len(nodes))
				n, off = nodes[i], f.Game(0).Start+moves[i].Sp.Start
				op, ok = randomOp(rnd, n)
			}
			if !ok {
				continue
			}
			ch, err := applyOp(f, off, op)
			if err != nil {
				t.Fatalf("seed %d step %d: %s at %s: %v\n%s", seed, step, op, n.san, err, text)
			}
			text = applyChange(text, ch)
			after := diagnosticCounts(syntax.Parse("p.pgn", text, syntax.PGN))
			for code, k := range after {
				if k > before[code] {
					t.Fatalf("seed %d step %d: %s at %s: new %s\n%s", seed, step, op, n.san, code, text)
				}
			}
			if seed%2 == 1 {
				for _, l := range strings.Split(text, "\n") {
					if len(strings.TrimRight(l, "\r")) > 79 {
						t.Fatalf("seed %d step %d: %s: line longer than 79: %q", seed, step, op, l)
					}
				}
			}
		}
	}
}

func dumpString(n *tnode) string {
	var b strings.Builder
	dumpTree(n, &b, 0)
	return b.String()
}

// randomOp picks an operation at n, applies it to the model and returns
// it as applyOp reads it; false when the operation does not apply.
func randomOp(rnd *rand.Rand, n *tnode) (string, bool) {
	top, inVar := lineTop(n)
	switch rnd.IntN(7) {
	case 0, 1:
		ms := n.pos.LegalMoves()
		var m chess.Move
		found := false
		for _, k := range rnd.Perm(len(ms)) {
			after := n.pos.Make(ms[k])
			if len(after.LegalMoves()) > 0 {
				m, found = ms[k], true
				break
			}
		}
		if !found {
			return "", false
		}
		san := n.pos.SAN(m)
		if !slices.ContainsFunc(n.kids, func(k *tnode) bool { return k.san == san }) {
			n.kids = append(n.kids, &tnode{san: san, parent: n, pos: n.pos.Make(m)})
		}
		if rnd.IntN(2) == 0 {
			return "play " + n.pos.UCI(m), true
		}
		return "play " + san, true
	case 2:
		if !inVar {
			return "", false
		}
		promote(top)
		return "promote-one", true
	case 3:
		if !inVar {
			return "", false
		}
		for {
			promote(top)
			if top, inVar = lineTop(top); !inVar {
				break
			}
		}
		return "promote", true
	case 4:
		if !inVar {
			return "", false
		}
		p := top.parent
		p.kids = slices.DeleteFunc(p.kids, func(k *tnode) bool { return k == top })
		return "delete-variation", true
	case 5:
		// As lichess: the move and its subtree go, its alternatives stay.
		p := n.parent
		p.kids = slices.DeleteFunc(p.kids, func(k *tnode) bool { return k == n })
		return "delete-from-here", true
	}
	if rnd.IntN(2) == 0 {
		c := fmt.Sprintf("note %d", rnd.IntN(100))
		if len(n.comments) > 0 {
			n.comments[0] = c
		} else {
			n.comments = append(n.comments, c)
		}
		return "comment " + c, true
	}
	v := []int{1, 2, 3, 4, 5, 6, 10, 14, 16, 18}[rnd.IntN(10)]
	class := func(v int) int { return min(v/10+1, 3) }
	done := false
	for i, x := range n.nags {
		if x == v {
			done = true
			break
		}
		if class(x) == class(v) && (v < 20) {
			n.nags[i], done = v, true
			break
		}
	}
	if !done {
		n.nags = append(n.nags, v)
	}
	return "nag " + strconv.Itoa(v), true
}

// promote makes the variation starting at w the main line of its parent.
func promote(w *tnode) {
	p := w.parent
	i := slices.Index(p.kids, w)
	p.kids = slices.Insert(slices.Delete(p.kids, i, i+1), 0, w)
}
