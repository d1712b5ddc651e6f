package session

import (
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// result is the diagnostics of one game, game-relative and sorted, with
// their number per severity (for pick, which must not read them all).
type result struct {
	ds []analysis.Diagnostic
	n  [analysis.Hint + 1]int32
}

func newResult(ds []analysis.Diagnostic) result {
	r := result{ds: ds}
	for _, x := range ds {
		r.n[min(x.Severity, analysis.Hint)]++
	}
	return r
}

// semantic returns the analyzers' diagnostics of r, without the syntax ones.
func (r result) semantic() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, x := range r.ds {
		if x.Source != "syntax" {
			out = append(out, x)
		}
	}
	return out
}

// gameState is what is known of one game of a document: its analysis
// results when analysed, else its syntax diagnostics plus the analyzers'
// diagnostics carried to it from the games it replaced; and, once
// analysed, its fingerprint for the repeated games (package duplicates)
// when they are looked for.
type gameState struct {
	analysed bool
	hasFP    bool
	res      result
	fp       duplicates.Fingerprint
}

// chunkDiags is the state of the games of one chunk. It is immutable and
// shared by the document versions that share the chunk.
type chunkDiags struct {
	chunk   *syntax.Chunk
	games   []gameState
	n       [analysis.Hint + 1]int32 // diagnostics of its games by severity
	pending int                      // games not analysed
}

func newChunkDiags(c *syntax.Chunk, games []gameState) *chunkDiags {
	cd := &chunkDiags{chunk: c, games: games}
	for _, gs := range games {
		for s, n := range gs.res.n {
			cd.n[s] += n
		}
		if !gs.analysed {
			cd.pending++
		}
	}
	return cd
}

// pendingState returns the state of game i of f before its analysis: its
// syntax diagnostics under cfg plus carried, game-relative.
func pendingState(f *syntax.File, i int, cfg *analysis.Config, carried []analysis.Diagnostic) gameState {
	ds := analysis.SyntaxDiagnostics(f.GameErrors(i), f.Dialect, cfg)
	if len(carried) > 0 {
		ds = append(ds, carried...)
	}
	analysis.Sort(ds)
	return gameState{res: newResult(ds)}
}

// staleChunk returns the state of chunk ref of f from cd, computed under
// another configuration: every game is pending, with its syntax
// diagnostics under cfg and the analyzers' old ones carried until it is
// analysed again.
func staleChunk(f *syntax.File, ref syntax.ChunkRef, cd *chunkDiags, cfg *analysis.Config) *chunkDiags {
	games := make([]gameState, len(cd.games))
	for j, gs := range cd.games {
		games[j] = pendingState(f, ref.First+j, cfg, gs.res.semantic())
	}
	return newChunkDiags(ref.Chunk, games)
}

// freshChunks returns the states of the chunks of f before any analysis.
func freshChunks(f *syntax.File, cfg *analysis.Config) []*chunkDiags {
	refs := f.Chunks()
	out := make([]*chunkDiags, len(refs))
	for c, ref := range refs {
		games := make([]gameState, ref.Chunk.Len())
		for j := range games {
			games[j] = pendingState(f, ref.First+j, cfg, nil)
		}
		out[c] = newChunkDiags(ref.Chunk, games)
	}
	return out
}

// withoutFixes returns a copy of ds, no bigger than needed, with the
// fixes left out: what the states keep of an analysis.
func withoutFixes(ds []analysis.Diagnostic) []analysis.Diagnostic {
	if len(ds) == 0 {
		return nil
	}
	out := slices.Clone(ds)
	for i := range out {
		out[i].Fixes = nil
	}
	return out
}

// carryChunks returns the states of the chunks of f, the version after
// edits of old, whose chunk states are oldChunks (valid tells whether
// they are of the current configuration); kept tells which games the
// edits left as they were. Chunks shared with old keep their state; they
// are found by pointer from both ends, since syntax.Reparse replaces one
// run of chunks. In that run, the games kept keep theirs, and the new
// games get the analyzers' diagnostics of the games they replaced,
// carried through the edits (those an edit overlapped are dropped).
func carryChunks(old *syntax.File, oldChunks []*chunkDiags, valid bool, f *syntax.File, edits []syntax.Edit, kept syntax.Kept, cfg *analysis.Config) []*chunkDiags {
	refs, oldRefs := f.Chunks(), old.Chunks()
	n, o := len(refs), len(oldRefs)
	out := make([]*chunkDiags, n)
	keep := func(c int, cd *chunkDiags) {
		if valid {
			out[c] = cd
		} else {
			out[c] = staleChunk(f, refs[c], cd, cfg)
		}
	}
	p := 0
	for p < n && p < o && refs[p].Chunk == oldChunks[p].chunk {
		keep(p, oldChunks[p])
		p++
	}
	q := 0
	for q < n-p && q < o-p && refs[n-1-q].Chunk == oldChunks[o-1-q].chunk {
		keep(n-1-q, oldChunks[o-1-q])
		q++
	}
	if p == n-q {
		return out
	}
	// The run of chunks that differ: new games [lo, hi) of f, old games
	// [oldLo, oldHi) of old, and the states of the latter.
	firstOf := func(refs []syntax.ChunkRef, c, games int) int {
		if c < len(refs) {
			return refs[c].First
		}
		return games
	}
	lo, hi := firstOf(refs, p, f.NumGames()), firstOf(refs, n-q, f.NumGames())
	oldLo, oldHi := firstOf(oldRefs, p, old.NumGames()), firstOf(oldRefs, o-q, old.NumGames())
	var oldStates []gameState
	for _, cd := range oldChunks[p : o-q] {
		oldStates = append(oldStates, cd.games...)
	}
	// oldOf returns the index in old of new game i if the edits kept it.
	oldOf := func(i int) (int, bool) {
		j := -1
		switch {
		case i < kept.Prefix:
			j = i
		case i >= f.NumGames()-kept.Suffix:
			j = i - f.NumGames() + old.NumGames()
		}
		return j, j >= oldLo && j < oldHi
	}
	states := make([]gameState, hi-lo)
	matched := make([]bool, oldHi-oldLo)
	var fresh []int
	for i := lo; i < hi; i++ {
		j, ok := oldOf(i)
		if !ok {
			fresh = append(fresh, i)
			continue
		}
		matched[j-oldLo] = true
		if gs := oldStates[j-oldLo]; valid || !gs.analysed {
			states[i-lo] = gs
		} else {
			states[i-lo] = pendingState(f, i, cfg, gs.res.semantic())
		}
	}
	// The diagnostics of the replaced games, file-absolute in old, then
	// carried into the new text.
	var sem []analysis.Diagnostic
	for j := oldLo; j < oldHi; j++ {
		if !matched[j-oldLo] {
			sem = appendShifted(sem, oldStates[j-oldLo].res.semantic(), old.GameSpan(j).Start)
		}
	}
	sem = carryAll(sem, edits, old.Len())
	analysis.Sort(sem)
	for _, i := range fresh {
		sp := f.GameSpan(i)
		var mine []analysis.Diagnostic
		for len(sem) > 0 && sem[0].Span.Start < sp.End {
			if sem[0].Span.Start >= sp.Start {
				mine = append(mine, sem[0].Shift(-sp.Start))
			}
			sem = sem[1:]
		}
		states[i-lo] = pendingState(f, i, cfg, mine)
	}
	for c := p; c < n-q; c++ {
		first := refs[c].First - lo
		out[c] = newChunkDiags(refs[c].Chunk, states[first:first+refs[c].Chunk.Len()])
	}
	return out
}

// Group is diagnostics to publish: of one game (game-relative, the game
// at Span), or, when File is set, file-level ones (file-absolute).
type Group struct {
	Span syntax.Span
	File bool
	ds   []analysis.Diagnostic // a game's results, or the file-level diagnostics
	from selection             // which of ds a game's group holds
}

// Key identifies the diagnostics of a game's group: equal keys, equal
// diagnostics (a game's results are immutable), so that a publisher may
// keep what it made of them from one publication to the next. A
// file-level group has the zero key.
func (g Group) Key() Key { return Key{g.from} }

// FileGroup returns a group of the file-level diagnostics ds, sorted.
func FileGroup(ds []analysis.Diagnostic) Group { return Group{File: true, ds: ds} }

// GameGroup returns a group of all the diagnostics ds, sorted and
// relative to its start, of the game at span.
func GameGroup(span syntax.Span, ds []analysis.Diagnostic) Group {
	if len(ds) == 0 {
		return Group{Span: span}
	}
	return Group{Span: span, ds: ds, from: selection{from: &ds[0], n: len(ds)}}
}

// Key is the identity of a game's group (see Group.Key).
type Key struct{ from selection }

// selection tells which of a game's results a group holds: all of them
// when level is 0, else those more severe than level and the first quota
// of level. from and n identify the results: they are immutable and
// belong to one game's text, so equal selections are equal diagnostics.
type selection struct {
	from  *analysis.Diagnostic
	n     int
	level analysis.Severity
	quota int
}

// Diagnostics returns the diagnostics of g, sorted.
func (g Group) Diagnostics() []analysis.Diagnostic {
	if g.File || g.from.level == 0 {
		return g.ds
	}
	var out []analysis.Diagnostic
	quota := g.from.quota
	for _, x := range g.ds {
		if x.Severity < g.from.level || x.Severity == g.from.level && quota > 0 {
			if x.Severity == g.from.level {
				quota--
			}
			out = append(out, x)
		}
	}
	return out
}

// fileLevel is what a publication's file-level diagnostics are made of:
// ds (file-absolute, sorted), the repeated games and the players' variant
// names.
type fileLevel struct {
	ds       []analysis.Diagnostic
	reps     repeats
	variants players.Variants
}

// pick returns the diagnostics to publish of f, whose chunks' states are
// chunks, by game, the file-level ones last (file, and those of the
// repeated games reps, whose messages msgs makes), and how many there
// are in all. Past limit (if > 0) it keeps
// limit of them, in this order: the errors (those of the game at focus,
// the one being edited; the file-level ones; the others in file order);
// the other diagnostics of the game at focus, by severity; then the rest
// by severity, and within a severity the file-level ones (a handful:
// line endings, encoding) before the games' in file order. So the cap
// never hides an error while errors fit, and the game being edited
// shows what it can. It reads only the diagnostics it keeps and the
// per-chunk and per-game counts, and skips chunks with none to keep in
// one step.
func pick(out []Group, f *syntax.File, chunks []*chunkDiags, fl fileLevel, msgs *duplicates.Messages, limit int, focus syntax.Pos) (_ []Group, total int) {
	out = out[:0]
	refs := f.Chunks()
	file, reps := fl.ds, fl.reps
	var count [analysis.Hint + 1]int
	for _, cd := range chunks {
		for s, n := range cd.n {
			count[s] += int(n)
		}
	}
	fileCount := reps.count(chunks)
	for s, n := range fl.variants.Count(refs) {
		fileCount[s] += n
	}
	for _, x := range file {
		fileCount[min(x.Severity, analysis.Hint)]++
	}
	for s := range count {
		total += count[s] + fileCount[s]
	}
	// The game at focus, if any: chunk fc, game fj.
	fc, fj := -1, -1
	var fn [analysis.Hint + 1]int
	for c, cd := range chunks {
		ref := refs[c]
		if cd.chunk.Len() == 0 || focus < ref.Start || focus > ref.Start+cd.chunk.GameSpan(cd.chunk.Len()-1).End {
			continue
		}
		for j := range cd.games {
			if sp := cd.chunk.GameSpan(j).Shift(ref.Start); sp.Start <= focus && focus <= sp.End {
				fc, fj = c, j
				for s, n := range cd.games[j].res.n {
					fn[s] = int(n)
				}
				break
			}
		}
		break
	}
	// What is kept: of the other games, the levels more severe than
	// level whole and quota of level; of the game at focus, likewise
	// with its own focusLevel and focusQuota, and of the file-level ones
	// with fileLevel and fileQuota. A level past Hint keeps all.
	level, quota := analysis.Hint+1, 0
	focusLevel, focusQuota := analysis.Hint+1, 0
	fileLevel, fileQuota := analysis.Hint+1, 0
	if limit > 0 && total > limit {
		budget := limit
		// cut takes the n diagnostics of severity s of a part (the
		// game at focus, the file-level ones or the other games) from
		// the budget, each part's severities in order; the first that
		// does not fit becomes the part's level, with what fits of it
		// as its quota, and the part takes no more.
		cut := func(lv *analysis.Severity, q *int, s analysis.Severity, n int) {
			switch {
			case *lv <= analysis.Hint: // cut before
			case n > budget:
				*lv, *q = s, budget
				budget = 0
			default:
				budget -= n
			}
		}
		cut(&focusLevel, &focusQuota, analysis.Error, fn[analysis.Error])
		cut(&fileLevel, &fileQuota, analysis.Error, fileCount[analysis.Error])
		cut(&level, &quota, analysis.Error, count[analysis.Error]-fn[analysis.Error])
		for s := analysis.Warning; s <= analysis.Hint; s++ {
			cut(&focusLevel, &focusQuota, s, fn[s])
		}
		for s := analysis.Warning; s <= analysis.Hint; s++ {
			cut(&fileLevel, &fileQuota, s, fileCount[s])
			cut(&level, &quota, s, count[s]-fn[s])
		}
	}
	// The repeated games' diagnostics and the variant names' are placed
	// for those kept only.
	n := len(file)
	file = reps.diagnostics(slices.Clip(file), f, refs, chunks, fileLevel, fileQuota, msgs)
	file = fl.variants.Append(file, refs, fileLevel, fileQuota)
	if len(file) > n {
		analysis.Sort(file)
	}
	fileGroup := Group{File: true, ds: file}
	if fileLevel <= analysis.Hint {
		var kept []analysis.Diagnostic
		for _, x := range file {
			if s := min(x.Severity, analysis.Hint); s < fileLevel || s == fileLevel && fileQuota > 0 {
				if s == fileLevel {
					fileQuota--
				}
				kept = append(kept, x)
			}
		}
		fileGroup.ds = kept
	}
	for c, cd := range chunks {
		ref := refs[c]
		more := 0
		for s := analysis.Error; s < level; s++ {
			more += int(cd.n[s])
		}
		if c != fc && more == 0 && (quota == 0 || level > analysis.Hint || cd.n[level] == 0) {
			continue
		}
		for j, gs := range cd.games {
			if len(gs.res.ds) == 0 {
				continue
			}
			sp := cd.chunk.GameSpan(j).Shift(ref.Start)
			lv, q := level, &quota
			if c == fc && j == fj {
				lv, q = focusLevel, &focusQuota
			}
			if lv > analysis.Hint {
				out = append(out, Group{Span: sp, ds: gs.res.ds, from: selection{from: &gs.res.ds[0], n: len(gs.res.ds)}})
				continue
			}
			more := 0
			for s := analysis.Error; s < lv; s++ {
				more += int(gs.res.n[s])
			}
			if more == 0 && (*q == 0 || gs.res.n[lv] == 0) {
				continue
			}
			k := min(*q, int(gs.res.n[lv]))
			*q -= k
			out = append(out, Group{Span: sp, ds: gs.res.ds, from: selection{from: &gs.res.ds[0], n: len(gs.res.ds), level: lv, quota: k}})
		}
	}
	return append(out, fileGroup), total
}

// carryAll carries file-absolute diagnostics through edits, applied in
// order to a text of size bytes: those before an edit stay, those after
// it shift, those it overlaps are dropped (as are related places it
// overlaps, and all fixes, which could no longer be trusted). A run of
// edits that goes one way (syntax.Compose), as the many changes of an
// applied formatting do, is carried in one sweep instead of once per
// edit. The result is a new slice; ds is not modified.
func carryAll(ds []analysis.Diagnostic, edits []syntax.Edit, size syntax.Pos) []analysis.Diagnostic {
	for i := 0; i < len(edits); {
		batch, n, _ := syntax.Compose(edits[i:], size)
		ds = sweep(ds, batch)
		for _, e := range edits[i : i+n] {
			size += e.Delta()
		}
		i += n
	}
	return ds
}

// sweep carries ds through a batch of edits (see carryAll): a span
// moves by what the edits ending at or before its start add, but an
// empty span stays before the insertions at its place, and only the
// first edit ending after its start can overlap it.
func sweep(ds []analysis.Diagnostic, batch []syntax.Edit) []analysis.Diagnostic {
	shift := make([]syntax.Pos, len(batch)+1) // shift[k]: what batch[:k] add
	for k, e := range batch {
		shift[k+1] = shift[k] + e.Delta()
	}
	return moved(ds, func(s syntax.Span) (syntax.Span, bool) {
		k, _ := slices.BinarySearchFunc(batch, s.Start, func(e syntax.Edit, p syntax.Pos) int {
			if e.End <= p {
				return -1
			}
			return 1
		})
		if k < len(batch) && s.End > batch[k].Start {
			return s, false
		}
		j := k
		for s.Start == s.End && j > 0 && batch[j-1].Start == s.Start {
			j-- // an insertion where s is: s stays before it
		}
		return s.Shift(shift[j]), true
	})
}

// moved returns ds, without fixes, with their spans and related places
// moved by move; those it drops (false) are left out.
func moved(ds []analysis.Diagnostic, move func(syntax.Span) (syntax.Span, bool)) []analysis.Diagnostic {
	out := make([]analysis.Diagnostic, 0, len(ds))
	for _, x := range ds {
		sp, ok := move(x.Span)
		if !ok {
			continue
		}
		x.Span, x.Fixes = sp, nil
		if len(x.Related) > 0 {
			var rel []analysis.Related
			for _, r := range x.Related {
				if rs, ok := move(r.Span); ok {
					rel = append(rel, analysis.Related{Span: rs, Msg: r.Msg})
				}
			}
			x.Related = rel
		}
		out = append(out, x)
	}
	return out
}

// withResults returns chunks (the states of the chunks refs) with the
// states of the games todo (ascending indices) that done gives, by
// position in todo: only the chunks holding such games are rebuilt. A
// game whose state is not ok keeps its old one.
func withResults(refs []syntax.ChunkRef, chunks []*chunkDiags, todo []int, done func(k int) (gameState, bool)) []*chunkDiags {
	out := slices.Clone(chunks)
	c := 0
	for k := 0; k < len(todo); {
		for c+1 < len(refs) && refs[c+1].First <= todo[k] {
			c++
		}
		var games []gameState
		for ; k < len(todo) && (c+1 == len(refs) || todo[k] < refs[c+1].First); k++ {
			if gs, ok := done(k); ok {
				if games == nil {
					games = slices.Clone(chunks[c].games)
				}
				games[todo[k]-refs[c].First] = gs
			}
		}
		if games != nil {
			out[c] = newChunkDiags(refs[c].Chunk, games)
		}
	}
	return out
}

// appendShifted appends the game-relative diagnostics ds, moved to the
// game's file-absolute start.
func appendShifted(all, ds []analysis.Diagnostic, start syntax.Pos) []analysis.Diagnostic {
	for _, x := range ds {
		all = append(all, x.Shift(start))
	}
	return all
}
