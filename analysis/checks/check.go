package checks

import (
	"context"
	"runtime"
	"sync"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// CheckFile runs analysis.Game with All over every game of f, in parallel over the
// available cores, and returns all diagnostics with file-absolute spans,
// sorted, file-level ones included. It stops early when ctx is done and
// then returns what it has.
func CheckFile(ctx context.Context, f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	per := make([][]analysis.Diagnostic, f.NumGames())
	workers := min(runtime.GOMAXPROCS(0), f.NumGames())
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := f.Game(i)
				ds := analysis.Game(r.Game, f.Dialect, cfg, All)
				for j := range ds {
					ds[j] = ds[j].Shift(r.Start)
				}
				per[i] = ds
			}
		}()
	}
feed:
	for i := range f.NumGames() {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var all []analysis.Diagnostic
	for _, ds := range per {
		all = append(all, ds...)
	}
	all = append(all, analysis.FileDiagnostics(f, cfg)...)
	analysis.Sort(all)
	return all
}
