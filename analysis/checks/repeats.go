package checks

import (
	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// Repeats finds the games that repeat earlier games (package duplicates)
// across the streams checked with it by CheckStreamRepeats: the games of
// one file, as pgnls check does by default, or of several (pgnls check
// --duplicates). It keeps a fingerprint and a location per game, never
// the games.
type Repeats struct {
	index   duplicates.Index
	games   []located // by duplicates.Ref
	streams []stream
	current *syntax.Game // the game being added
}

// located is where a game of a stream is.
type located struct {
	stream, number, line int32 // number: the game's index in its stream
	start                syntax.Pos
	size                 int32
	moves                uint64 // its Fingerprint.Moves, to know it when read again
}

type stream struct {
	name    string
	dialect syntax.Dialect
	reread  func(off int64, n int) (string, bool)
	games   int32
}

// NewRepeats returns an empty Repeats.
func NewRepeats() *Repeats {
	r := &Repeats{}
	r.index.Line = r.line
	return r
}

// Stream starts a new stream of games, named name in messages; reread
// (nil: none) returns n bytes of the stream from offset off again, as
// they were read, and false when it cannot: it confirms that a game
// begins an earlier, longer one.
func (r *Repeats) Stream(name string, reread func(off int64, n int) (string, bool)) {
	r.streams = append(r.streams, stream{name: name, reread: reread})
}

// Counts returns how many games with moves were checked, and how many of
// them were found duplicates and near-duplicates.
func (r *Repeats) Counts() (games, duplicates, near int) {
	d, n := r.index.Counts()
	return r.index.Games(), d, n
}

// line returns duplicates.Line of the game ref.
func (r *Repeats) line(ref duplicates.Ref, _ duplicates.Fingerprint) ([]uint64, bool) {
	loc := r.games[ref]
	s := r.streams[loc.stream]
	if ref == len(r.games)-1 && r.current != nil {
		return duplicates.Line(r.current, s.dialect), true
	}
	if s.reread == nil {
		return nil, false
	}
	text, ok := s.reread(int64(loc.start), int(loc.size))
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
	if len(l) == 0 || l[len(l)-1] != loc.moves {
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
	if !hasFP {
		return analysis.Diagnostic{}, false
	}
	span := fp.Mark
	r.games = append(r.games, located{
		stream: int32(si), number: number, line: int32(g.Line + g.Game.Line(span.Start)),
		start: g.Start, size: int32(len(g.Game.Text)), moves: fp.Moves,
	})
	r.current = g.Game
	found := r.index.Add(len(r.games)-1, fp)
	r.current = nil
	if found.Kind == duplicates.None {
		return analysis.Diagnostic{}, false
	}
	o := r.games[found.Other]
	where := duplicates.Where(int(o.number), int(o.line))
	if int(o.stream) != si {
		where = r.streams[o.stream].name + " " + where
	}
	return found.Diagnostic(cfg, span, where, nil)
}
