package session

import (
	"slices"
	"sync"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// The repeated games of a document (package duplicates) are found across
// games, so they cannot live in the games' states; nor are they made
// into file-level diagnostics at each analysis, which would cost a step
// per repeated game per edit (a database often repeats thousands of
// games). Instead a duplicates.Live index follows the games' states from
// one analysis to the next: a game is a place in a chunk's state, which
// is immutable, so the games of the states an analysis replaced leave the
// index and those of the new states enter it, and only the findings they
// change are worked out again. The findings are kept by chunk state and
// name the earlier game by its place, never by number: the diagnostics
// (their message names the earlier game's number and line) are made at
// publication, for the findings the publication holds only.

// gameID is a game of a document: game j of the chunk whose state is cd.
type gameID struct {
	cd *chunkDiags
	j  int32
}

// fingerprint returns the fingerprint of g, kept by its state.
func (g gameID) fingerprint() duplicates.Fingerprint { return g.cd.games[g.j].fp }

// chunkRepeats is the findings of the games of one chunk state that
// repeat earlier games, by game; immutable.
type chunkRepeats struct {
	games []gameRepeat
	n     [analysis.Hint + 1]int32 // by severity
}

// gameRepeat is the finding of game j of a chunk state, of severity sev:
// the rest of it follows from the fingerprints the states keep.
type gameRepeat struct {
	r   duplicates.Repeat[gameID]
	j   int32
	sev analysis.Severity
}

// repeats is the repeated games of a version: the findings by chunk
// state. It is immutable.
type repeats map[*chunkDiags]*chunkRepeats

// repeatIndex keeps the repeated games of a document from one analysis
// to the next.
type repeatIndex struct {
	mu     sync.Mutex
	live   duplicates.Live[gameID]
	order  []*chunkDiags       // the chunk states of the version in live
	chunks map[*chunkDiags]int // and their places
	found  repeats
}

// places returns the chunk states of chunks by place.
func places(chunks []*chunkDiags) map[*chunkDiags]int {
	pos := make(map[*chunkDiags]int, len(chunks))
	for c, cd := range chunks {
		pos[cd] = c
	}
	return pos
}

// order returns the order of the games of the chunk states at pos.
func order(pos map[*chunkDiags]int) duplicates.Order[gameID] {
	return duplicates.Order[gameID]{
		Print: gameID.fingerprint,
		Before: func(a, b gameID) bool {
			if a.cd != b.cd {
				return pos[a.cd] < pos[b.cd]
			}
			return a.j < b.j
		},
	}
}

// appendGames appends the games of cd that have a fingerprint.
func appendGames(gs []gameID, cd *chunkDiags) []gameID {
	for j, st := range cd.games {
		if st.hasFP {
			gs = append(gs, gameID{cd, int32(j)})
		}
	}
	return gs
}

// update brings the index to f, whose analysed chunk states are chunks,
// under cfg, and returns its repeated games. It costs a step per chunk,
// plus the games of the chunk states that came or went and the findings
// that change.
func (x *repeatIndex) update(f *syntax.File, chunks []*chunkDiags, cfg *analysis.Config) repeats {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !duplicates.Enabled(cfg, f.Dialect) {
		x.live, x.order, x.chunks, x.found = duplicates.Live[gameID]{}, nil, nil, nil
		return nil
	}
	pos := places(chunks)
	var gone, came []gameID
	for _, cd := range x.order {
		if _, ok := pos[cd]; !ok {
			gone = appendGames(gone, cd)
		}
	}
	for _, cd := range chunks {
		if _, ok := x.chunks[cd]; !ok {
			came = appendGames(came, cd)
		}
	}
	dirty := map[*chunkDiags]bool{}
	changed := func(g gameID) { dirty[g.cd] = true }
	x.live.Remove(gone, order(x.chunks), changed)
	now := order(pos)
	x.live.Add(came, now)
	refs := f.Chunks()
	x.live.Settle(now, func(g gameID) ([]uint64, bool) {
		return duplicates.Line(f.Game(refs[pos[g.cd]].First+int(g.j)).Game, f.Dialect), true
	}, changed)

	var sev [duplicates.Extended + 1]analysis.Severity // by kind; 0: off
	for k := duplicates.Duplicate; k <= duplicates.Extended; k++ {
		if s, ok := (duplicates.Finding{Kind: k}).Severity(cfg); ok {
			sev[k] = s
		}
	}
	found := make(repeats, len(x.found)+len(dirty))
	for cd, r := range x.found {
		if _, ok := pos[cd]; ok && !dirty[cd] {
			found[cd] = r
		}
	}
	for cd := range dirty {
		if _, ok := pos[cd]; !ok {
			continue
		}
		var cr chunkRepeats
		for j := range cd.games {
			r, ok := x.live.Found(gameID{cd, int32(j)})
			if !ok || sev[r.Kind] == 0 {
				continue
			}
			cr.games = append(cr.games, gameRepeat{r, int32(j), sev[r.Kind]})
			cr.n[min(sev[r.Kind], analysis.Hint)]++
		}
		if len(cr.games) > 0 {
			cr.games = slices.Clip(cr.games)
			found[cd] = &cr
		}
	}
	x.order, x.chunks, x.found = chunks, pos, found
	return found
}

// count returns the number of findings of chunks by severity.
func (r repeats) count(chunks []*chunkDiags) (n [analysis.Hint + 1]int) {
	if len(r) == 0 {
		return n
	}
	for _, cd := range chunks {
		if cr := r[cd]; cr != nil {
			for s, k := range cr.n {
				n[s] += int(k)
			}
		}
	}
	return n
}

// diagnostics appends the diagnostics of the findings of chunks, the
// states of the chunks refs of f, in file order: those more severe than
// level, and the first quota of level (level past Hint: all). A finding
// whose earlier game is not among chunks (a phase-1 publication, before
// the analysis of the edited games) is left out.
func (r repeats) diagnostics(out []analysis.Diagnostic, f *syntax.File, refs []syntax.ChunkRef, chunks []*chunkDiags, level analysis.Severity, quota int, msgs *duplicates.Messages) []analysis.Diagnostic {
	if len(r) == 0 {
		return out
	}
	var pos map[*chunkDiags]int
	for c, cd := range chunks {
		cr := r[cd]
		if cr == nil {
			continue
		}
		if pos == nil {
			pos = places(chunks)
		}
		for _, g := range cr.games {
			s := min(g.sev, analysis.Hint)
			if s > level || s == level && quota == 0 {
				continue
			}
			oc, ok := pos[g.r.Of.cd]
			if !ok {
				continue
			}
			if s == level {
				quota--
			}
			other := refs[oc].Chunk.GameSpan(int(g.r.Of.j)).Start + refs[oc].Start
			related := g.r.Of.fingerprint().Mark.Shift(other)
			where := duplicates.Where(refs[oc].First+int(g.r.Of.j), f.Position(related.Start).Line)
			start := refs[c].Chunk.GameSpan(int(g.j)).Start + refs[c].Start
			fp := cd.games[g.j].fp
			fd := g.r.Finding(fp, g.r.Of.fingerprint())
			out = append(out, fd.Report(g.sev, fp.Mark.Shift(start), msgs.Message(fd, where), &related))
		}
	}
	return out
}
