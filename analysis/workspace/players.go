package workspace

import (
	"context"
	"errors"
	"slices"
	"strings"
)

// Players returns the spellings of the players' names (the values of the
// White and Black tags) of the games of each game file of the index, with
// the number of games that write each, by path, as read from the files'
// tables: the text on disk, not that of the open documents. It is what
// player-name-variant counts across the workspace. Memory grows with the
// spellings of each file (not with its games). The error of a file is
// returned with the counts of the others.
func (ix *Index) Players(ctx context.Context) (map[string]map[string]int, error) {
	ix.mu.Lock()
	var files []*entry
	for _, e := range ix.files {
		files = append(files, e)
	}
	ix.mu.Unlock()
	slices.SortFunc(files, func(a, b *entry) int { return strings.Compare(a.path, b.path) })
	out := make(map[string]map[string]int, len(files))
	var errs []error
	for _, e := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		counts := map[string]int{}
		err := e.read(func(t *tableFile) error {
			return t.games(func(_ int, _ *gameRec, str string) bool {
				_, ps, ok := strings.Cut(str, "\x00")
				if !ok {
					return true
				}
				white, black, _ := strings.Cut(ps, "\x00")
				for _, n := range [2]string{white, black} {
					if n != "" {
						counts[n]++
					}
				}
				return true
			})
		})
		if err != nil {
			errs = append(errs, err)
		}
		if len(counts) > 0 {
			out[e.path] = counts
		}
	}
	return out, errors.Join(errs...)
}
