package format

import (
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// File formats every game of f and separates games by one blank line;
// the file ends with exactly one newline when its last game is formatted.
// Games that cannot be formatted keep their bytes.
func File(f *syntax.File, opts Options) string {
	var b strings.Builder
	j := NewJoiner(&b, f.Dialect)
	for _, r := range f.Games() {
		j.Add(r.Game, Game(r.Game, f.Dialect, opts))
	}
	return b.String()
}
