package checks

import "strings"

// CatalogueURL is where the documentation of the diagnostic codes is
// published: a code appended to it is the anchor of the code's section
// in docs/DIAGNOSTICS.md.
const CatalogueURL = "https://github.com/pgnls/pgnls/blob/main/docs/DIAGNOSTICS.md#"

// Summary returns the first sentence of a code's documentation, the
// summary the catalogue's table shows.
func Summary(doc string) string {
	if i := strings.Index(doc, ". "); i >= 0 {
		return doc[:i+1]
	}
	return doc
}
