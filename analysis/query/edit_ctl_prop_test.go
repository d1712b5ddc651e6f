package query

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// ctlNode is a node of the tree of a CTL-PGN record: a move and the
// moves that may follow it, the main one first; src is the move in the
// text it was read from.
type ctlNode struct {
	san    string
	parent *ctlNode
	kids   []*ctlNode
	pos    cescacs.Position // the position after the move (the root's: the start)
	src    *syntax.Move
}

// readCTLTree reads the tree of the record g as the specification
// means it (§8.6): a variation replaces the move of its line that its
// first move number names, so it adds an alternative to that move.
func readCTLTree(g *syntax.Game) *ctlNode {
	root := &ctlNode{}
	var read func(line []syntax.Elem, base *ctlNode, ply int)
	read = func(line []syntax.Elem, base *ctlNode, ply int) {
		var path []*ctlNode // the moves of the line, the first of ply
		for _, x := range line {
			switch x := x.(type) {
			case *syntax.Move:
				p := base
				if len(path) > 0 {
					p = path[len(path)-1]
				}
				n := &ctlNode{san: strings.TrimSuffix(x.Text, ":"), parent: p, src: x}
				p.kids = append(p.kids, n)
				path = append(path, n)
			case *syntax.Variation:
				t, ok := ctllegality.NumberedPly(x.Elems)
				if !ok || t < ply || t-ply >= len(path) {
					panic("a variation names no move of its line: " + g.Slice(x.Sp))
				}
				read(x.Elems, path[t-ply].parent, t)
			}
		}
	}
	read(g.Moves, root, 0)
	return root
}

// dumpCTL writes the tree for comparisons.
func dumpCTL(n *ctlNode, b *strings.Builder, depth int) {
	for _, k := range n.kids {
		b.WriteString(strings.Repeat(" ", depth) + k.san + "\n")
		dumpCTL(k, b, depth+1)
	}
}

func dumpCTLString(n *ctlNode) string {
	var b strings.Builder
	dumpCTL(n, &b, 0)
	return b.String()
}

// ctlOrder lists the nodes of the tree depth first, main moves first.
func ctlOrder(n *ctlNode) []*ctlNode {
	var out []*ctlNode
	for _, k := range n.kids {
		out = append(out, k)
		out = append(out, ctlOrder(k)...)
	}
	return out
}

// genCTLTree makes a random record: a main line of legal moves with
// variations; no move ends the game.
func genCTLTree(rnd *rand.Rand) *ctlNode {
	root := &ctlNode{pos: cescacs.InitialPosition()}
	var grow func(n *ctlNode, plies, depth int)
	grow = func(n *ctlNode, plies, depth int) {
		for range plies {
			ms := n.pos.LegalMoves(nil)
			rnd.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
			alts := 1
			if depth < 2 && rnd.IntN(4) == 0 {
				alts = 2 + rnd.IntN(2)
			}
			var next *ctlNode
			for _, m := range ms {
				after := n.pos
				after.Play(m)
				if len(after.LegalMoves(nil)) == 0 {
					continue
				}
				k := &ctlNode{san: n.pos.Notation(m, nil, cescacs.StyleE), parent: n, pos: after}
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
	grow(root, 4+rnd.IntN(12), 0)
	return root
}

// writeCTLTree writes the movetext of the tree: a pair a line, the
// variations of its moves on lines of their own after it, the end mark
// on the last move of the main line.
func writeCTLTree(root *ctlNode) string {
	last := root
	for len(last.kids) > 0 {
		last = last.kids[0]
	}
	san := func(n *ctlNode) string {
		if n == last {
			return n.san + ":"
		}
		return n.san
	}
	var lines []string
	var line func(n *ctlNode, ply int, open string)
	alts := func(n *ctlNode, ply int) {
		if p := n.parent; p.kids[0] == n {
			for _, v := range p.kids[1:] {
				line(v, ply, "(")
				lines[len(lines)-1] += ")"
			}
		}
	}
	line = func(n *ctlNode, ply int, open string) {
		for n != nil {
			num := strconv.Itoa(ply/2 + 1)
			if ply%2 == 1 {
				lines = append(lines, open+num+". …, "+san(n))
				open = ""
				alts(n, ply)
				n, ply = first(n.kids), ply+1
				continue
			}
			l := open + num + ". " + san(n)
			open = ""
			b := first(n.kids)
			if b != nil {
				l += ", " + san(b)
			}
			lines = append(lines, l)
			alts(n, ply)
			if b == nil {
				return
			}
			alts(b, ply+1)
			n, ply = first(b.kids), ply+2
		}
	}
	if len(root.kids) > 0 {
		line(root.kids[0], 0, "")
	}
	return strings.Join(lines, "\n")
}

// first returns the first of kids, or nil.
func first(kids []*ctlNode) *ctlNode {
	if len(kids) == 0 {
		return nil
	}
	return kids[0]
}

// TestEditPropertyCTL is TestEditProperty for CTL-PGN records: random
// plays, promotions and deletions on generated records, in free layout
// and in export form, leave a record that reads with no new diagnostic
// and whose tree (read by the move numbers of its variations) is the
// one the operation means.
func TestEditPropertyCTL(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	for seed := range seeds {
		rnd := rand.New(rand.NewPCG(uint64(seed), 33))
		model := genCTLTree(rnd)
		text := ctlHead + writeCTLTree(model) + "\n\n*\n"
		if seed%2 == 1 {
			g := syntax.Parse("p.ctl-pgn", text, syntax.CTLPGN).Game(0).Game
			res := format.Game(g, syntax.CTLPGN, format.Options{})
			if res.Skipped != "" {
				t.Fatalf("seed %d: not formatted: %s\n%s", seed, res.Skipped, text)
			}
			text = res.Text
		}
		if seed%3 == 2 {
			text = strings.ReplaceAll(text, "\n", "\r\n")
		}
		for step := range 10 {
			f := syntax.Parse("p.ctl-pgn", text, syntax.CTLPGN)
			before := diagnosticCounts(f)
			got := readCTLTree(f.Game(0).Game)
			if dumpCTLString(got) != dumpCTLString(model) {
				t.Fatalf("seed %d step %d: tree before:\n%s\nwant:\n%s\ntext:\n%s", seed, step, dumpCTLString(got), dumpCTLString(model), text)
			}
			nodes, read := ctlOrder(model), ctlOrder(got)
			if len(nodes) == 0 {
				break
			}
			i := rnd.IntN(len(nodes))
			n, off := nodes[i], f.Game(0).Start+read[i].src.Sp.Start
			op, ok := randomCTLOp(rnd, n)
			if !ok {
				continue
			}
			ch, err := applyOp(f, off, op)
			if err != nil {
				t.Fatalf("seed %d step %d: %s at %s: %v\n%s", seed, step, op, n.san, err, text)
			}
			text = applyChange(text, ch)
			after := diagnosticCounts(syntax.Parse("p.ctl-pgn", text, syntax.CTLPGN))
			for code, k := range after {
				if k > before[code] {
					t.Fatalf("seed %d step %d: %s at %s: new %s\n%s", seed, step, op, n.san, code, text)
				}
			}
			if strings.Contains(text, "\r\n") != (seed%3 == 2) || seed%3 == 2 && strings.Count(text, "\n") != strings.Count(text, "\r\n") {
				t.Fatalf("seed %d step %d: %s: line endings changed\n%q", seed, step, op, text)
			}
		}
	}
}

// randomCTLOp picks an operation at n, applies it to the model and
// returns it as applyOp reads it; false when it does not apply.
func randomCTLOp(rnd *rand.Rand, n *ctlNode) (string, bool) {
	top := n
	for top.parent.parent != nil && top.parent.kids[0] == top {
		top = top.parent
	}
	inVar := top.parent.kids[0] != top
	promote := func(w *ctlNode) {
		p := w.parent
		i := slices.Index(p.kids, w)
		p.kids = slices.Insert(slices.Delete(p.kids, i, i+1), 0, w)
	}
	switch rnd.IntN(5) {
	case 0, 1:
		var cands []cescacs.Move
		for _, m := range n.pos.LegalMoves(nil) {
			after := n.pos
			after.Play(m)
			if len(after.LegalMoves(nil)) > 0 {
				cands = append(cands, m)
			}
		}
		if len(cands) == 0 {
			return "", false
		}
		m := cands[rnd.IntN(len(cands))]
		san := n.pos.Notation(m, nil, cescacs.StyleE)
		if !slices.ContainsFunc(n.kids, func(k *ctlNode) bool { return k.san == san }) {
			after := n.pos
			after.Play(m)
			n.kids = append(n.kids, &ctlNode{san: san, parent: n, pos: after})
		}
		return "play " + san, true
	case 2:
		if !inVar {
			return "", false
		}
		if rnd.IntN(2) == 0 {
			promote(top)
			return "promote-one", true
		}
		for inVar {
			promote(top)
			for top.parent.parent != nil && top.parent.kids[0] == top {
				top = top.parent
			}
			inVar = top.parent.kids[0] != top
		}
		return "promote", true
	case 3:
		if !inVar {
			return "", false
		}
		p := top.parent
		p.kids = slices.DeleteFunc(p.kids, func(k *ctlNode) bool { return k == top })
		return "delete-variation", true
	}
	p := n.parent
	p.kids = slices.DeleteFunc(p.kids, func(k *ctlNode) bool { return k == n })
	return "delete-from-here", true
}
