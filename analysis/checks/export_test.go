package checks

import (
	"context"
	"math"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// CheckStream is CheckStreamRepeats with All on every core, and the
// repeated games of the stream alone, fingerprints in memory: what the
// tests hold the streaming check to.
func CheckStream(ctx context.Context, gr *syntax.GameReader, cfg *analysis.Config, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	rep := NewRepeats()
	rep.Stream(gr.Name(), nil)
	CheckStreamRepeats(ctx, gr, 0, cfg, All, rep, emit)
}

// NewRepeats returns an empty Repeats that holds every fingerprint in
// memory.
func NewRepeats() *Repeats { return NewRepeatsBounded(math.MaxInt64, nil) }

// Stream is StreamFile for a stream shown and named name.
func (r *Repeats) Stream(name string, reread func(off int64, n int) (string, bool)) {
	r.StreamFile(name, name, reread)
}
