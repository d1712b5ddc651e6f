package checks

import (
	"errors"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// Repeats finds the games that repeat earlier games (package duplicates)
// across the streams checked with it by CheckStreamRepeats: the games of
// one file, as pgnls check does by default, or of several (pgnls check
// --duplicates). It keeps a fingerprint and a place per game, never the
// games, and those in a duplicates.Finder: within a memory budget, beyond
// which the findings of the games that follow come at Finish.
type Repeats struct {
	// Found, when set, is told of every game found repeating an earlier
	// one, with where both are: when the game is added, or at Finish.
	// pgnls dedupe gathers the sets of copies from it.
	Found func(p duplicates.Place, f duplicates.Finding, other duplicates.Place)

	finder  *duplicates.Finder
	dir     *spill.Dir // made by NewRepeatsBounded, removed by Finish; nil: the caller's
	streams []stream
	out     *duplicates.PrintWriter
}

type stream struct {
	path, name string
	dialect    syntax.Dialect
	reread     func(off int64, n int) (string, bool)
	games      int64
	written    bool // its header is in Repeats.out
	// offsets gives the games' starts in bytes from the start of the
	// stream, past 2 GiB too.
	offsets analysis.Offsets
}

// NewRepeatsBounded returns an empty Repeats whose fingerprints take
// about budget bytes of memory at most, spilling to temporary files in
// dir beyond (a directory of its own when dir is nil).
func NewRepeatsBounded(budget int64, dir *spill.Dir) *Repeats {
	r := &Repeats{}
	if dir == nil {
		dir = spill.NewDir()
		r.dir = dir
	}
	r.finder = duplicates.NewFinder(budget, dir)
	r.finder.Line = r.again
	return r
}

// StreamFile starts a new stream of games, shown as path in diagnostics
// (Late) and named name in messages (the name of the text of an
// archive); reread (nil: none) returns n bytes of the stream from offset
// off again, as they were read, and false when it cannot: it confirms
// that a game begins an earlier, longer one.
func (r *Repeats) StreamFile(path, name string, reread func(off int64, n int) (string, bool)) {
	r.streams = append(r.streams, stream{path: path, name: name, reread: reread})
}

// Write makes r write the fingerprint and the place of every game with
// one to w, from the next stream on (see duplicates.PrintWriter).
func (r *Repeats) Write(w *duplicates.PrintWriter) { r.out = w }

// Counts returns how many games with moves were checked, and how many of
// them were found duplicates and near-duplicates (so far: all of them
// after Finish).
func (r *Repeats) Counts() (games, duplicates, near int) {
	return r.finder.Counts()
}

// Spilled reports whether the fingerprints outgrew the budget: repeated
// games are found at Finish from then on.
func (r *Repeats) Spilled() bool { return r.finder.Spilled() }

// again returns duplicates.Line of the game at p, read again.
func (r *Repeats) again(p duplicates.Place, fp duplicates.Fingerprint) ([]uint64, bool) {
	s := r.streams[p.Stream]
	if s.reread == nil {
		return nil, false
	}
	text, ok := s.reread(p.Offset, int(p.Size))
	if !ok {
		return nil, false
	}
	// The text read again must be the game read then: the stream may be
	// decoded (decompressed) text, or the file may have changed since.
	f := syntax.Parse(s.name, text, s.dialect)
	if f.NumGames() != 1 {
		return nil, false
	}
	// Lines are asked of games of NearPlies half-moves or more, whose
	// line ends with the hash of the whole main line, Fingerprint.Moves:
	// one replay tells the game and gives its line.
	l := duplicates.Line(f.Game(0).Game, s.dialect)
	if len(l) == 0 || l[len(l)-1] != fp.Moves {
		return nil, false
	}
	return l, true
}

// add records the next game g of the current stream, with fingerprint fp
// when it has one, and returns its diagnostic if it repeats an earlier
// game.
func (r *Repeats) add(g syntax.StreamGame, fp duplicates.Fingerprint, hasFP bool, cfg *analysis.Config) (analysis.Diagnostic, bool) {
	si := len(r.streams) - 1
	s := &r.streams[si]
	number := s.games
	s.games++
	offset := s.offsets.Of(g)
	if !hasFP {
		return analysis.Diagnostic{}, false
	}
	span := fp.Mark
	p := duplicates.Place{
		Stream: int32(si), Again: s.reread != nil, Number: number,
		Offset: offset, Size: int32(len(g.Game.Text)),
	}
	line, col := charPos(g, span.Start)
	endLine, endCol := charPos(g, max(span.End, span.Start))
	p.Line, p.Col, p.EndLine, p.EndCol = int64(line), int32(col), int64(endLine), int32(endCol)
	var l []uint64
	mine := func() []uint64 {
		if l == nil {
			l = duplicates.Line(g.Game, s.dialect)
		}
		return l
	}
	found, other := r.finder.Add(fp, p, mine)
	if r.out != nil {
		if !s.written {
			r.out.Stream(s.path, s.name, s.dialect, s.reread != nil)
			s.written = true
		}
		var saved []uint64
		if !p.Again && fp.Plies > duplicates.NearPlies {
			saved = mine()
		}
		r.out.Game(fp, p, saved)
	}
	if found.Kind == duplicates.None {
		return analysis.Diagnostic{}, false
	}
	if r.Found != nil {
		r.Found(p, found, other)
	}
	return found.Diagnostic(cfg, span, r.where(other, si), nil)
}

// where names the game at p in a message on a game of stream si.
func (r *Repeats) where(p duplicates.Place, si int) string {
	where := duplicates.Where(int(p.Number), int(p.Line))
	if int(p.Stream) != si {
		where = r.streams[p.Stream].name + " " + where
	}
	return where
}

// charPos converts the game-relative byte offset p of a streamed game to
// a 1-based line and a 1-based character column, as pgnls check prints
// them: every rune counts as one column, and so does every byte that is
// not valid UTF-8.
func charPos(g syntax.StreamGame, p syntax.Pos) (line, col int) {
	return g.Position(p).Line, utf8.RuneCountInString(g.LineText(p)) + 1
}

// Late is a diagnostic of a repeated game found at the end (Finish), or
// found without the game at hand (Join): where it goes, spelled out.
type Late struct {
	Path            string // the stream, as StreamFile named it
	Line, Col       int    // 1-based, columns in characters
	EndLine, EndCol int    // the end, exclusive
	Diagnostic      analysis.Diagnostic
}

// late returns the Late diagnostic of finding f of the game at p, which
// repeats the game at other, under cfg, if cfg keeps it.
func (r *Repeats) late(p duplicates.Place, f duplicates.Finding, other duplicates.Place, cfg *analysis.Config) (Late, bool) {
	d, ok := f.Diagnostic(cfg, syntax.Span{}, r.where(other, int(p.Stream)), nil)
	if !ok {
		return Late{}, false
	}
	return Late{
		Path: r.streams[p.Stream].path, Line: int(p.Line), Col: int(p.Col),
		EndLine: int(p.EndLine), EndCol: int(p.EndCol), Diagnostic: d,
	}, true
}

// Finish calls emit with the diagnostics of the repeated games found at
// the end, those after the fingerprints outgrew the budget, in the order
// of the games, and removes the temporary files. The error is one of
// those files (a full disk), which may have cut the findings short.
func (r *Repeats) Finish(cfg *analysis.Config, emit func(Late)) error {
	err := r.finder.Finish(func(p duplicates.Place, f duplicates.Finding, other duplicates.Place) {
		if r.Found != nil {
			r.Found(p, f, other)
		}
		if l, ok := r.late(p, f, other, cfg); ok {
			emit(l)
		}
	})
	r.Close()
	return err
}

// Close removes the temporary files, if any, without finishing.
func (r *Repeats) Close() {
	r.finder.Close()
	if r.dir != nil {
		r.dir.Remove()
	}
}

// Join adds the games of a file of fingerprints (see
// duplicates.PrintWriter and Write), stream by stream, as if they were
// checked in its order after the streams checked or joined before, and
// calls emit with the diagnostics of the games found repeating earlier
// ones: what CheckStreamRepeats would find checking the games themselves
// (those found at the end come at Finish). open returns the function
// that reads a stream's file again (see Stream), or nil when it cannot
// be read: a near-duplicate of one of its games is then confirmed only
// from the Line the file holds for the games that could not be read
// again when it was written.
func (r *Repeats) Join(pr *duplicates.PrintReader, cfg *analysis.Config, open func(path string) func(off int64, n int) (string, bool), emit func(Late)) error {
	base := len(r.streams)
	for {
		ps, g, ok := pr.Next()
		if !ok {
			return pr.Err()
		}
		if ps != nil {
			var reread func(off int64, n int) (string, bool)
			if ps.Again && open != nil {
				reread = open(ps.Path)
			}
			r.StreamFile(ps.Path, ps.Name, reread)
			r.streams[len(r.streams)-1].dialect = ps.Dialect
			continue
		}
		si := base + int(g.Place.Stream)
		if g.Place.Stream < 0 || si >= len(r.streams) {
			return errors.New("a damaged file of fingerprints: a game of no stream")
		}
		p := g.Place
		p.Stream = int32(si)
		p.Again = p.Again && r.streams[si].reread != nil
		mine := func() []uint64 {
			if g.Line != nil {
				return g.Line
			}
			l, _ := r.again(p, g.Fingerprint)
			return l
		}
		found, other := r.finder.Add(g.Fingerprint, p, mine)
		if found.Kind == duplicates.None {
			continue
		}
		if l, ok := r.late(p, found, other, cfg); ok {
			emit(l)
		}
	}
}
