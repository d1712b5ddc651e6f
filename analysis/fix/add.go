package fix

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// Addable lists the tags Options.Add may name, in the order they are
// added: the opening of the main line, by the lichess opening names that
// package openings embeds (the last named position it reaches,
// transpositions included, from the standard start only), and the
// number of its half-moves.
var Addable = []string{"ECO", "Opening", "Variation", "PlyCount"}

// ParseAdd reads a list of tags to add, separated by commas, in any
// letter case ("eco,opening,variation,plycount"), and returns them as
// Addable spells them; ok is false, with the name, for a tag it cannot
// add.
func ParseAdd(s string) (names []string, bad string, ok bool) {
	for w := range strings.SplitSeq(s, ",") {
		if w = strings.TrimSpace(w); w == "" {
			continue
		}
		found := false
		for _, a := range Addable {
			if strings.EqualFold(a, w) {
				found = true
				if !contains(names, a) {
					names = append(names, a)
				}
			}
		}
		if !found {
			return nil, w, false
		}
	}
	return names, "", true
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// AddTags returns the edits (game-relative, in order) that add to g (of dialect d) the tags of
// names (Addable's) it lacks, and their names. The opening tags are added
// when the main line from the standard start reaches a named position:
// ECO its code; Opening its whole name, or, when Variation is added too,
// its family, and Variation the rest (none for a family's own name, nor
// beside an Opening tag that is not the family).
// PlyCount is added to PGN games only.
func AddTags(g *syntax.Game, d syntax.Dialect, names []string) ([]syntax.Edit, []string) {
	if d != syntax.PGN {
		return nil, nil
	}
	has := func(name string) bool {
		_, ok := g.TagValue(name)
		return ok
	}
	var o *openings.Opening
	for _, n := range names {
		if n != "PlyCount" && !has(n) {
			if l := openings.Classify(g); l != nil {
				o = l.Opening()
			}
			break
		}
	}
	var pairs, added []string
	for _, name := range Addable {
		if !contains(names, name) || has(name) {
			continue
		}
		v := ""
		switch {
		case name == "PlyCount":
			v = strconv.Itoa(tags.Plies(g))
		case o == nil:
		case name == "ECO":
			v = o.ECO
		case name == "Opening" && contains(names, "Variation") && !has("Variation"):
			v = o.Family() // and Variation the rest
		case name == "Opening":
			v = o.Name
		case name == "Variation":
			// Beside an Opening tag of the family, added or there.
			if op, ok := g.TagValue("Opening"); ok && op == o.Family() || !ok && contains(names, "Opening") {
				v = o.Variation()
			}
		}
		if v == "" {
			continue
		}
		if p, ok := tags.Pair(g, name, v); ok {
			pairs = append(pairs, p)
			added = append(added, name)
		}
	}
	return tags.Append(g, pairs), added
}
