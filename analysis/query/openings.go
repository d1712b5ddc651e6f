package query

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/syntax"
)

// maxOpenings bounds the named positions an ECO hover lists.
const maxOpenings = 12

// ecoMarkdown describes the ECO code of g's ECO tag: the named positions
// of the lichess opening names with that code and their moves, and the
// opening g's main line reaches.
func ecoMarkdown(g *syntax.Game, code string) string {
	var b strings.Builder
	list := openings.ByCode(code)
	b.WriteString("**ECO " + code + "**")
	switch len(list) {
	case 0:
		b.WriteString(" — not a code of the lichess opening names (A00 to E99).")
	case 1:
		b.WriteString(" — 1 opening in the lichess opening names:\n\n")
	default:
		b.WriteString(" — " + strconv.Itoa(len(list)) + " openings in the lichess opening names:\n\n")
	}
	for i, o := range list {
		if i == maxOpenings {
			b.WriteString("- … and " + strconv.Itoa(len(list)-maxOpenings) + " more\n")
			break
		}
		b.WriteString("- " + o.Name + ": `" + o.Moves + "`\n")
	}
	if l := openings.Classify(g); l != nil && l.Opening() != nil {
		o := l.Opening()
		b.WriteString("\nThe moves of this game reach " + o.ECO + " " + o.Name + ".")
	}
	return strings.TrimRight(b.String(), "\n")
}

// openingAfter returns the opening reached after node on its line (main
// line or variation) from the start: the last named position of the
// lichess opening names the line passes; nil when there is none, when
// the game does not start from the standard position, or when node or a
// move before it cannot be played.
func openingAfter(g *syntax.Game, start legality.Start, node *syntax.Move) *openings.Opening {
	if !openings.Classifiable(start) {
		return nil
	}
	// after[d]: the opening after the last move visited at depth d,
	// before[d] the one before it; line[d] identifies the line visited
	// at depth d. A variation starts with the opening before the move
	// it replaces: before[d-1], visited just before the variation.
	var after, before []*openings.Opening
	var line []*syntax.Elem
	var found *openings.Opening
	done := false
	legality.Replay(g, start, func(st *legality.Step) {
		d := st.Depth
		if done || len(st.Line) == 0 {
			return
		}
		for len(after) <= d {
			after, before, line = append(after, nil), append(before, nil), append(line, nil)
		}
		if line[d] != &st.Line[0] {
			line[d], after[d] = &st.Line[0], nil
			if d > 0 {
				after[d] = before[d-1]
			}
		}
		before[d] = after[d]
		if st.After != nil {
			if o := openings.At(st.After); o != nil {
				after[d] = o
			}
		}
		if st.Node == node {
			if st.After != nil {
				found = after[d]
			}
			done = true
		}
	})
	return found
}

// openingValues proposes values for the ECO and Opening tags of g from
// its main line: the last named position it reaches first, then the
// others it reaches, latest first.
func openingValues(g *syntax.Game, tag string) []value {
	l := openings.Classify(g)
	if l == nil {
		return nil
	}
	reached := l.Reached()
	var out []value
	seen := map[string]bool{}
	add := func(text, doc string) {
		if !seen[text] {
			seen[text] = true
			out = append(out, value{text, doc})
		}
	}
	for i := len(reached) - 1; i >= 0; i-- {
		o := reached[i]
		switch tag {
		case "ECO":
			add(o.ECO, o.Name)
		case "Opening":
			add(o.Name, o.ECO+": "+o.Moves)
		}
	}
	return out
}
