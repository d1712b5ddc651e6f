package query

import (
	"sort"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// Folds returns the foldable ranges of f that span several lines: games,
// tag sections and variations (FoldRegion) and comments (FoldComment),
// sorted by start, outer ranges first.
func Folds(f *syntax.File) []Fold {
	if f == nil {
		return nil
	}
	var out []Fold
	for _, r := range f.Games() {
		out = gameFolds(out, r)
	}
	sortFolds(out)
	return out
}

// gameFolds appends the folds of the game r to out, unsorted.
func gameFolds(out []Fold, r syntax.GameRef) []Fold {
	g := r.Game
	add := func(sp syntax.Span, k FoldKind) {
		if sp.End > sp.Start && strings.ContainsAny(g.Slice(sp), "\r\n") {
			out = append(out, Fold{Span: sp.Shift(r.Start), Kind: k})
		}
	}
	if sp, ok := content(g); ok {
		add(sp, FoldRegion)
	}
	if sp, ok := headerSpan(g); ok {
		add(sp, FoldRegion)
	}
	visit := func(e syntax.Elem) bool {
		switch n := e.(type) {
		case *syntax.Comment:
			add(n.Sp, FoldComment)
		case *syntax.Variation:
			add(n.Span(), FoldRegion)
		}
		return true
	}
	syntax.Inspect(g.Header, visit)
	syntax.Inspect(g.Moves, visit)
	syntax.Inspect(g.After, visit)
	return out
}

// sortFolds sorts folds by start, outer ranges first.
func sortFolds(out []Fold) {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Span, out[j].Span
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		return a.End > b.End
	})
}
