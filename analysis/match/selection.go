package match

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// Ranges is a set of ordinal numbers, counted from 1: "1:10,15,89:94",
// with open ends ("2:" from the second on, ":5" up to the fifth); ".."
// may stand for ":". The zero Ranges is empty and, for Selection,
// means every number.
type Ranges struct {
	spans [][2]int // inclusive, sorted, disjoint; hi is math.MaxInt for an open end
}

// ParseRanges reads a list of ranges. The numbers must ascend without
// overlaps, as pgn-extract's --selectonly asks.
func ParseRanges(source, s string) (Ranges, error) {
	var r Ranges
	if strings.TrimSpace(s) == "" {
		return r, errorf(source, s, 0, "no numbers given (want a list such as 1:10,15)")
	}
	off := 0
	for part := range strings.SplitSeq(s, ",") {
		p := strings.TrimSpace(part)
		at := off + strings.Index(part, p)
		off += len(part) + 1
		lo, hi, isRange := strings.Cut(strings.Replace(p, "..", ":", 1), ":")
		num := func(t string, def int) (int, bool) {
			t = strings.TrimSpace(t)
			if t == "" && isRange {
				return def, true
			}
			n, err := strconv.Atoi(t)
			return n, err == nil && n >= 1
		}
		a, ok1 := num(lo, 1)
		b := a
		ok2 := true
		if isRange {
			b, ok2 = num(hi, math.MaxInt)
		}
		if !ok1 || !ok2 || p == ":" {
			return Ranges{}, errorf(source, s, at, "%q is not a number from 1 or a range N:M", p)
		}
		if b < a {
			return Ranges{}, errorf(source, s, at, "range %q ends before it starts", p)
		}
		if n := len(r.spans); n > 0 && a <= r.spans[n-1][1] {
			return Ranges{}, errorf(source, s, at, "%q overlaps or comes before the range before it: list the numbers in ascending order", p)
		}
		r.spans = append(r.spans, [2]int{a, b})
	}
	return r, nil
}

// Empty reports whether r holds no number (the zero Ranges).
func (r Ranges) Empty() bool { return len(r.spans) == 0 }

// Has reports whether n is in r.
func (r Ranges) Has(n int) bool {
	_, found := slices.BinarySearchFunc(r.spans, n, func(s [2]int, n int) int {
		switch {
		case s[1] < n:
			return -1
		case s[0] > n:
			return 1
		}
		return 0
	})
	return found
}

// Last returns the largest number of r, or math.MaxInt when r has an
// open end or is empty.
func (r Ranges) Last() int {
	if len(r.spans) == 0 {
		return math.MaxInt
	}
	return r.spans[len(r.spans)-1][1]
}

// Selection is what pgnls select asks of a stream of games, in order:
// the games whose ordinal number is in Games (all when it is empty) that
// meet Query (and, with Duplicates, repeat a game before them that did),
// or with Invert set the others; of those, the ones whose number among
// them is in Matches (all when it is empty).
//
// A Selection counts across every stream given to Stream, so that the
// games of several files are numbered as one sequence. It is used by
// one goroutine at a time.
type Selection struct {
	Query  *Query
	Invert bool
	Games  Ranges
	// Matches are the ordinal numbers of the selected games to keep:
	// "1:10" keeps the first ten and stops reading after them.
	Matches Ranges
	// Duplicates selects only the games that repeat one read before
	// them that met the other criteria: the same main line from the
	// same start position, moves compared as the legal moves they are
	// (and, under duplicates.ShortPlies half-moves, the same players),
	// as pgnls check reports duplicate-game. It holds a 64-bit
	// fingerprint of each such game: 8 to 40 bytes a game.
	Duplicates bool
	// Jobs is how many games are evaluated at once; 0 means one per
	// core.
	Jobs int

	read, selected, kept int
	seen                 map[uint64]struct{}
	done                 atomic.Bool // read by the workers
}

// TagsOnly reports whether the selection looks at the tag sections and
// results of the games only (see Query.TagsOnly): its streams may be
// read with syntax.GameReader.HeadersOnly.
func (s *Selection) TagsOnly() bool {
	return !s.Duplicates && (s.Query == nil || s.Query.TagsOnly())
}

// Kept returns the number of games given to emit so far.
func (s *Selection) Kept() int { return s.kept }

// Done reports whether no later game can be selected, so that reading
// may stop: the last number of Matches was reached, or (without Invert)
// the last of Games was read.
func (s *Selection) Done() bool { return s.done.Load() }

// item is what the workers work out of a game.
type item struct {
	n       int // ordinal number
	matched bool
	fp      uint64
	fpOK    bool
}

// Stream reads the games of gr, evaluates them on Jobs goroutines, and
// calls emit in file order for each game kept. It stops reading when
// the selection is Done, when ctx is done or when emit fails (and then
// returns emit's error). At most a few batches of games per core are in
// memory at once.
func (s *Selection) Stream(ctx context.Context, gr *syntax.GameReader, emit func(syntax.StreamGame) error) error {
	if s.done.Load() {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d := gr.Dialect()
	var emitErr error
	analysis.EachGame(ctx, gr, s.Jobs, func(it *analysis.StreamItem[item]) {
		s.read++
		it.Value.n = s.read
	}, func(it *analysis.StreamItem[item]) {
		v := &it.Value
		if s.done.Load() || !s.Games.Empty() && !s.Games.Has(v.n) {
			return
		}
		v.matched = s.Query == nil || s.Query.Match(it.Game.Game, d)
		if v.matched && s.Duplicates {
			fp, ok := duplicates.Of(it.Game.Game, d)
			v.fp, v.fpOK = fp.Moves, ok
		}
	}, func(it *analysis.StreamItem[item]) {
		if s.done.Load() || emitErr != nil {
			return
		}
		v := it.Value
		matched := v.matched
		if matched && s.Duplicates {
			matched = false
			if v.fpOK {
				if s.seen == nil {
					s.seen = map[uint64]struct{}{}
				}
				_, matched = s.seen[v.fp]
				s.seen[v.fp] = struct{}{}
			}
		}
		if s.Invert {
			matched = !matched
		}
		if matched {
			s.selected++
			if s.Matches.Empty() || s.Matches.Has(s.selected) {
				s.kept++
				if err := emit(it.Game); err != nil {
					emitErr = err
					cancel()
					return
				}
			}
			if s.selected >= s.Matches.Last() {
				s.done.Store(true)
				cancel()
			}
		}
		if !s.Invert && v.n >= s.Games.Last() {
			s.done.Store(true)
			cancel()
		}
	})
	return emitErr
}
