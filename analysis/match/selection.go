package match

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/pgnls/pgnls/analysis/spill"
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
// games of several files are numbered as one sequence, and gives the
// games it keeps in that order. It is used by one goroutine at a time.
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
	// as pgnls check reports duplicate-game. The fingerprints, check's
	// two hashes of a main line, are kept in a duplicates.Finder within
	// Budget; two games they take for one are compared move by move
	// (duplicates.Same) when the earlier one can be read again, so
	// that a collision never selects a game that repeats none (else
	// the hashes decide: see package duplicates on collisions).
	Duplicates bool
	// Budget bounds the memory of the fingerprints of Duplicates, in
	// bytes; 0 means no bound. Beyond it they spill to files in Dir
	// (a directory of the Selection's own when nil), and whether a
	// game read after that repeats an earlier one is known only at the
	// end of the input: such games, and every game that may be
	// selected after them, are set aside in Dir (their places in a
	// stream that can be read again, else their text) and given, in
	// order, by Finish.
	Budget int64
	Dir    *spill.Dir
	// Jobs is how many games are evaluated at once; 0 means one per
	// core.
	Jobs int
	// OnRead, when set, is called as each game is read, on the
	// goroutine that reads them: a progress line counts them.
	OnRead func()

	read, selected, kept int
	done                 atomic.Bool // read by the workers

	finder  *duplicates.Finder
	dir     *spill.Dir // made for the Selection, removed by Finish
	streams []source
	held    *spill.Log // the games set aside once the finder spilled
	nheld   int64
}

// source is a stream given to Stream.
type source struct {
	name    string
	dialect syntax.Dialect
	again   func(off int64, n int) (string, bool)
}

// fingerprint is duplicates.Of, a variable for the tests that make
// fingerprints collide.
var fingerprint = duplicates.Of

// Selected is a game kept by a Selection.
type Selected struct {
	syntax.StreamGame
	Name    string // of its stream, as given to Stream
	Dialect syntax.Dialect
	// Offset is where the game starts in its stream, in bytes: unlike
	// its Start, right past 2 GiB.
	Offset int64
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

// Spilled reports whether the fingerprints of Duplicates outgrew the
// budget: the games selected from then on come at Finish.
func (s *Selection) Spilled() bool { return s.held != nil }

// item is what the workers work out of a game.
type item struct {
	n       int // ordinal number
	matched bool
	fp      duplicates.Fingerprint
	fpOK    bool
}

// Stream reads the games of gr, the stream named name, evaluates them on
// Jobs goroutines, and calls emit in file order for each game kept. It
// stops reading when the selection is Done, when ctx is done or when
// emit fails (and then returns emit's error). At most a few batches of
// games per core are in memory at once. again (nil: none) returns n
// bytes of the stream from offset off again, as they were read: the
// games set aside once the fingerprints spill are then read again at
// Finish rather than kept on disk.
func (s *Selection) Stream(ctx context.Context, name string, gr *syntax.GameReader, again func(off int64, n int) (string, bool), emit func(Selected) error) error {
	if s.done.Load() {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d := gr.Dialect()
	si := len(s.streams)
	s.streams = append(s.streams, source{name: name, dialect: d, again: again})
	if s.Duplicates && s.finder == nil {
		budget := s.Budget
		if budget <= 0 {
			budget = math.MaxInt64
		}
		if s.Dir == nil {
			s.dir = spill.NewDir()
			s.Dir = s.dir
		}
		s.finder = duplicates.NewFinder(budget, s.Dir)
		s.finder.DuplicatesOnly = true
	}
	var offsets analysis.Offsets
	var emitErr error
	analysis.EachGame(ctx, gr, s.Jobs, func(it *analysis.StreamItem[item]) {
		s.read++
		it.Value.n = s.read
		if s.OnRead != nil {
			s.OnRead()
		}
	}, func(it *analysis.StreamItem[item]) {
		v := &it.Value
		if s.done.Load() || !s.Games.Empty() && !s.Games.Has(v.n) {
			return
		}
		v.matched = s.Query == nil || s.Query.Match(it.Game.Game, d)
		if v.matched && s.Duplicates {
			v.fp, v.fpOK = fingerprint(it.Game.Game, d)
		}
	}, func(it *analysis.StreamItem[item]) {
		offset := offsets.Of(it.Game)
		if s.done.Load() || emitErr != nil {
			return
		}
		v := &it.Value
		g := Selected{StreamGame: it.Game, Name: name, Dialect: d, Offset: offset}
		decided, dup := true, false
		if v.matched && s.Duplicates && v.fpOK {
			spilled := s.finder.Spilled()
			found, other := s.finder.Add(v.fp, duplicates.Place{Stream: int32(si), Number: int64(v.n), Offset: offset, Size: int32(len(g.Game.Text))}, nil)
			decided = !spilled
			dup = found.Kind == duplicates.Duplicate && s.same(g.Game, d, other)
		}
		if !s.Invert && v.n >= s.Games.Last() {
			s.done.Store(true)
			cancel()
		}
		how := holdSure
		switch {
		case !decided && s.Invert:
			how = holdUnlessRepeat
		case !decided:
			how = holdIfRepeat
		case (v.matched && (!s.Duplicates || dup)) == s.Invert:
			return // not selected
		}
		if s.held != nil || !decided {
			// Whether an earlier game is selected is known at the end
			// only: this one comes after it.
			s.hold(si, v.n, how, g)
			return
		}
		if err := s.keep(g, emit); err != nil {
			emitErr = err
		}
		if emitErr != nil || s.done.Load() {
			cancel()
		}
	})
	return emitErr
}

// keep counts a game selected and gives it to emit if Matches keeps it.
func (s *Selection) keep(g Selected, emit func(Selected) error) error {
	s.selected++
	if s.selected >= s.Matches.Last() {
		s.done.Store(true)
	}
	if s.Matches.Empty() || s.Matches.Has(s.selected) {
		s.kept++
		return emit(g)
	}
	return nil
}

// How a game set aside is selected, once the duplicates are known.
const (
	holdSure         = iota // selected whatever they are
	holdIfRepeat            // selected if it repeats an earlier game
	holdUnlessRepeat        // selected unless it does
)

// heldSize is the size of the fixed part of a game set aside: its
// number, how it is selected, its stream, offset, line, the lengths of
// its prefix and text, whether the text follows, and its text's hash.
const heldSize = 8 + 1 + 4 + 8 + 8 + 4 + 4 + 1 + 8

// held is a game set aside.
type held struct {
	n      int64
	how    uint8
	stream int32
	offset int64
	line   int64
	prefix string
	size   int
	text   string // "" when read again from the stream
	hash   uint64
}

// hold sets game g, number n of stream si, aside until Finish: its text,
// or its place when its stream can be read again.
func (s *Selection) hold(si, n, how int, g Selected) {
	if s.held == nil {
		s.held = spill.NewLog(s.Dir)
	}
	text := g.Game.Text
	again := s.streams[si].again != nil
	b := make([]byte, heldSize, heldSize+len(g.Prefix)+len(text))
	e := binary.LittleEndian
	e.PutUint64(b, uint64(n))
	b[8] = uint8(how)
	e.PutUint32(b[9:], uint32(si))
	e.PutUint64(b[13:], uint64(g.Offset))
	e.PutUint64(b[21:], uint64(g.Line))
	e.PutUint32(b[29:], uint32(len(g.Prefix)))
	e.PutUint32(b[33:], uint32(len(text)))
	if !again {
		b[37] = 1
	}
	e.PutUint64(b[38:], textHash(text))
	b = append(b, g.Prefix...)
	if !again {
		b = append(b, text...)
	}
	s.held.Append(b)
	s.nheld++
}

// textHash hashes a text set aside (FNV-1a), to tell that the text read
// again is the one read first.
func textHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// heldReader reads the games set aside back, in order.
type heldReader struct {
	r    io.Reader
	left int64
}

func (r *heldReader) next() (h held, ok bool, err error) {
	if r.left == 0 {
		return held{}, false, nil
	}
	r.left--
	b := make([]byte, heldSize)
	if _, err := io.ReadFull(r.r, b); err != nil {
		return held{}, false, err
	}
	e := binary.LittleEndian
	h = held{
		n: int64(e.Uint64(b)), how: b[8], stream: int32(e.Uint32(b[9:])),
		offset: int64(e.Uint64(b[13:])), line: int64(e.Uint64(b[21:])),
		size: int(e.Uint32(b[33:])), hash: e.Uint64(b[38:]),
	}
	p := int(e.Uint32(b[29:]))
	n := p
	if b[37] == 1 {
		n += h.size
	}
	rest := make([]byte, n)
	if _, err := io.ReadFull(r.r, rest); err != nil {
		return held{}, false, err
	}
	h.prefix = string(rest[:p])
	if b[37] == 1 {
		h.text = string(rest[p:])
	}
	return h, true, nil
}

// settled is a game set aside, with what the end of the input tells of
// it, worked out on the workers of Finish.
type settled struct {
	h      held
	found  bool             // the fingerprints take it for a repeat
	other  duplicates.Place // of this game
	g      Selected         // loaded when selected
	picked bool
	err    error
}

// settle decides whether the game is selected, reading it again (or
// from disk) to confirm it repeats the other game, and to give it.
func (x *settled) settle(s *Selection) {
	repeat := false
	if x.found && x.h.how != holdSure {
		if x.g, x.err = s.load(x.h); x.err != nil {
			return
		}
		repeat = s.same(x.g.Game, x.g.Dialect, x.other)
	}
	x.picked = x.h.how == holdSure || (x.h.how == holdIfRepeat) == repeat
	if x.picked && x.g.Game == nil {
		x.g, x.err = s.load(x.h)
	}
}

// Finish gives emit, in order, the games selected among those set aside
// once the fingerprints of Duplicates spilled (see Budget), and removes
// the Selection's files. The games set aside are read again, parsed and
// confirmed on Jobs goroutines; emit is called on another goroutine than
// Finish's, one game at a time. The Selection must not be used after.
// The error is emit's, or one of the files or of a stream read again,
// which may have cut the selection short.
func (s *Selection) Finish(emit func(Selected) error) error {
	defer s.Close()
	if s.held == nil {
		return nil
	}
	lr, err := s.held.Reader()
	if err != nil {
		return err
	}
	r := &heldReader{r: lr, left: s.nheld}
	workers := s.Jobs
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	type batch struct {
		games []settled
		done  chan struct{}
	}
	todo := make(chan *batch, workers)
	order := make(chan *batch, 2*workers) // bounds the games in flight
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for b := range todo {
				for i := range b.games {
					b.games[i].settle(s)
				}
				close(b.done)
			}
		})
	}
	// The games go out in order, on this goroutine, as they are settled;
	// stop tells the reading to stop after the last of Matches.
	var stop atomic.Bool
	var outErr error
	out := make(chan struct{})
	go func() {
		defer close(out)
		for b := range order {
			<-b.done
			for _, x := range b.games {
				switch {
				case outErr != nil || stop.Load():
				case x.err != nil:
					outErr = x.err
				case x.picked:
					outErr = s.keep(x.g, emit)
				}
				// (Done may be set: reading stopped after the last of
				// Games; the last of Matches stops here.)
				if s.selected >= s.Matches.Last() {
					stop.Store(true)
				}
			}
		}
	}()
	const batchGames = 16 // parsed games, ten to twenty times their text
	b := &batch{done: make(chan struct{})}
	send := func() {
		order <- b
		todo <- b
		b = &batch{done: make(chan struct{})}
	}
	var readErr error
	// give reads the games set aside up to number n (all for -1), which
	// the fingerprints say repeats the game at other.
	give := func(n int64, other duplicates.Place) {
		for readErr == nil && !stop.Load() {
			h, ok, err := r.next()
			if readErr = err; !ok {
				return
			}
			x := settled{h: h}
			if h.n == n {
				x.found, x.other = true, other
			}
			if b.games = append(b.games, x); len(b.games) == batchGames {
				send()
			}
			if h.n == n {
				return
			}
		}
	}
	ferr := s.finder.Finish(func(p duplicates.Place, f duplicates.Finding, other duplicates.Place) {
		if f.Kind == duplicates.Duplicate {
			give(p.Number, other)
		}
	})
	give(-1, duplicates.Place{})
	if len(b.games) > 0 {
		send()
	}
	close(todo)
	close(order)
	wg.Wait()
	<-out
	return errors.Join(ferr, readErr, outErr, s.held.Err())
}

// load returns a game set aside, read again or from disk.
func (s *Selection) load(h held) (Selected, error) {
	src := s.streams[h.stream]
	text := h.text
	if text == "" && h.size > 0 {
		var ok bool
		if text, ok = src.again(h.offset, h.size); !ok || textHash(text) != h.hash {
			return Selected{}, fmt.Errorf("%s: cannot read the game at byte %d again, or it changed since it was read", src.name, h.offset)
		}
	}
	g := Selected{Name: src.name, Dialect: src.dialect, Offset: h.offset}
	g.Line, g.Prefix = int(h.line), h.prefix
	g.GameRef = reparse(src.name, text, src.dialect)
	g.Start = syntax.Pos(int32(uint32(h.offset)))
	return g, nil
}

// same confirms that game g, of dialect d, repeats the game at other, as
// their fingerprints say: by their texts, when the other game's stream
// can be read again, and if they differ by their moves (duplicates.Same);
// else by the two hashes of the fingerprints alone (see package
// duplicates).
func (s *Selection) same(g *syntax.Game, d syntax.Dialect, other duplicates.Place) bool {
	src := s.streams[other.Stream]
	if src.again == nil {
		return true
	}
	text, ok := src.again(other.Offset, int(other.Size))
	switch {
	case !ok:
		return true
	case text == g.Text && d == src.dialect:
		return true // a copy: the commonest duplicate, told without a replay
	}
	return duplicates.Same(g, d, reparse(src.name, text, src.dialect).Game, src.dialect)
}

// reparse returns the game of text, the text of one game of a stream,
// parsed again: the stream's parse finds the same game in it.
func reparse(name, text string, d syntax.Dialect) syntax.GameRef {
	f := syntax.Parse(name, text, d)
	if f.NumGames() == 1 {
		return f.Game(0)
	}
	return syntax.GameRef{Game: &syntax.Game{Text: text}}
}

// Close removes the Selection's files, if any, without finishing.
func (s *Selection) Close() {
	if s.finder != nil {
		s.finder.Close()
	}
	if s.held != nil {
		s.held.Close()
	}
	if s.dir != nil {
		s.dir.Remove()
	}
}
