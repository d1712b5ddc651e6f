package duplicates

import (
	"strconv"
	"sync"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// File returns the diagnostics of the games of f that repeat earlier
// games of f, file-absolute, under cfg, in file order. fingerprint
// returns the fingerprint of game i (Of, or one kept from an earlier
// analysis of the same game), and false for a game without one; it is
// asked for the games in order, and again for the earlier games found
// repeated. cache (nil: none) keeps what the next File of a later version
// of the document may need again.
func File(f *syntax.File, cfg *analysis.Config, fingerprint func(i int) (Fingerprint, bool), cache *Cache) []analysis.Diagnostic {
	if !Enabled(cfg, f.Dialect) {
		return nil
	}
	if cache == nil {
		cache = new(Cache)
	}
	cache.mu.Lock()
	defer cache.mu.Unlock()
	defer cache.rotate()
	// Only the rare confirmation of a near-duplicate reads a game's tree;
	// the rest needs the fingerprints and the places of the games. The
	// index and the hits reuse the memory of the last File.
	x := &cache.index
	x.reset()
	x.Line = func(i Ref, fp Fingerprint) ([]uint64, bool) {
		return cache.line(fp.Moves, func() []uint64 { return Line(f.Game(i).Game, f.Dialect) }), true
	}
	x.Grow(f.NumGames())
	hits := cache.hits[:0]
	for i := range f.NumGames() {
		if fp, ok := fingerprint(i); ok {
			if found := x.Add(i, fp); found.Kind != None {
				hits = append(hits, hit{i, fp.Mark, found})
			}
		}
	}
	cache.hits = hits
	var sev [Extended + 1]analysis.Severity // by kind; 0: off
	for k := Duplicate; k <= Extended; k++ {
		if d, ok := (Finding{Kind: k}).diagnostic(cfg, syntax.Span{}, func() string { return "" }, nil); ok {
			sev[k] = d.Severity
		}
	}
	type earlier struct {
		where   string
		related []analysis.Related
		last    Finding // of the last game found repeating it, with its message
		msg     string
	}
	others := make(map[int]earlier, len(hits)/2) // the games found repeated
	out := make([]analysis.Diagnostic, 0, len(hits))
	for _, h := range hits {
		if sev[h.found.Kind] == 0 {
			continue
		}
		o, ok := others[h.found.Other]
		if !ok {
			ofp, _ := fingerprint(h.found.Other)
			sp := ofp.Mark.Shift(f.GameSpan(h.found.Other).Start)
			o = earlier{where: Where(h.found.Other, f.Position(sp.Start).Line), related: []analysis.Related{{Span: sp, Msg: "the earlier game"}}}
			others[h.found.Other] = o
		}
		code := CodeNear
		if h.found.Kind == Duplicate {
			code = CodeDuplicate
		}
		if o.msg == "" || o.last != h.found {
			// Copies of one game mostly say the same of it.
			o.last, o.msg = h.found, cache.message(h.found, o.where)
			others[h.found.Other] = o
		}
		out = append(out, analysis.Diagnostic{
			Span: h.mark.Shift(f.GameSpan(h.game).Start), Severity: sev[h.found.Kind], Code: code, Source: "duplicates",
			Message: o.msg, Related: o.related,
		})
	}
	return out
}

// Where names game i (from 0) of a file, whose diagnostic span starts on
// line (from 1), in messages: "game 13 (line 340)".
func Where(i, line int) string {
	return "game " + strconv.Itoa(i+1) + " (line " + strconv.Itoa(line) + ")"
}

// Cache keeps what File works out that the File of the next version of a
// document is likely to need again: the lines of the games it confirmed
// near-duplicates (their trees may have to be parsed again to read
// them), by fingerprint, and the messages, by what they say, so that an
// edit does not rebuild thousands of them. What a File did not use is
// dropped after it.
type Cache struct {
	mu         sync.Mutex
	lines, got map[uint64][]uint64
	msgs, said map[messageKey]string
	index      Index
	hits       []hit
}

// hit is a game found repeating an earlier one.
type hit struct {
	game  int
	mark  syntax.Span
	found Finding
}

type messageKey struct {
	f     Finding
	where string
}

// line returns the line of the game with main line moves, read (by
// read) when the cache does not have it.
func (c *Cache) line(moves uint64, read func() []uint64) []uint64 {
	l, ok := c.lines[moves]
	if !ok {
		l = read()
	}
	if c.got == nil {
		c.got = make(map[uint64][]uint64, len(c.lines))
	}
	c.got[moves] = l
	return l
}

// message returns the message of f with where, made when the cache does
// not hold it.
func (c *Cache) message(f Finding, where string) string {
	k := messageKey{f, where}
	k.f.Other = 0 // where names the other game
	msg, ok := c.msgs[k]
	if !ok {
		msg = f.Message(where)
	}
	if c.said == nil {
		c.said = make(map[messageKey]string, len(c.msgs))
	}
	c.said[k] = msg
	return msg
}

// rotate keeps what the last File used.
func (c *Cache) rotate() {
	c.lines, c.got = c.got, nil
	c.msgs, c.said = c.said, nil
}
