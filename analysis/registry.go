package analysis

import (
	"sort"

	"github.com/pgnls/pgnls/syntax"
)

// All lists the analyzers that run by default, in a fixed order.
var All = []*Analyzer{Layout}

// Catalogue returns every diagnostic code pgnls may report, from the
// parser and from each analyzer, sorted by code. The user-facing catalogue
// docs/DIAGNOSTICS.md is generated from it.
func Catalogue() []CatalogueEntry {
	var out []CatalogueEntry
	for _, c := range syntax.Codes {
		out = append(out, CatalogueEntry{CodeInfo{Code(c.Code), c.Severity, c.Doc}, "syntax"})
	}
	for _, a := range All {
		for _, c := range a.Codes {
			out = append(out, CatalogueEntry{c, a.Name})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// CatalogueEntry is one code of the catalogue with the source reporting it.
type CatalogueEntry struct {
	CodeInfo
	Source string
}
