package syntax

import (
	"runtime"
	"slices"
	"sync"
)

// segmentSize is the amount of text, in bytes, that parseConcurrently
// gives one goroutine; smaller texts are parsed in one piece.
var segmentSize = 256 << 10

// parseConcurrently returns exactly what parseGames(text, start, d, nil)
// returns (keeping what mode says), parsing segments of the text on every
// core (see parseSegments).
func parseConcurrently(text string, start int, d Dialect, mode parseMode) []GameRef {
	return slices.Concat(parseSegments(text, start, d, mode, func(games []GameRef) []GameRef { return games })...)
}

// parseSegments parses the games of text from start on every core and
// returns conv of each run of them, in order: together the runs are
// exactly what parseGames(text, start, d, nil) returns. conv runs on the
// parsing goroutine as soon as a run is parsed, so that a caller can
// shrink the games before the next segment is parsed.
//
// The text is cut speculatively where a game most likely starts: a line
// beginning with "[" after a blank line. Each segment is parsed from its
// cut until the parse reaches a game boundary at or after the next cut.
// A parse that starts at a true game boundary yields exactly the games of
// the whole parse from there on (Reparse relies on the same property), so
// segment i+1 is kept when segment i ended exactly at its cut; when a game
// ran across the cut (the "[" was inside a comment, say), the text from
// where segment i ended is parsed again, up to the next cut.
func parseSegments[T any](text string, start int, d Dialect, mode parseMode, conv func([]GameRef) T) []T {
	cuts := gameCuts(text, start, segmentSize)
	if len(cuts) == 0 {
		return []T{conv(parseRange(text, start, len(text), d, nil, mode))}
	}
	type segment struct {
		v   T
		end int // where its last game ends, or where it started
	}
	bounds := append(append([]int{start}, cuts...), len(text))
	segs := make([]segment, len(bounds)-1)
	parse := func(i, from int) segment {
		hi := bounds[i+1]
		games := parseRange(text, from, hi, d, func(b int) bool { return b >= hi }, mode)
		return segment{conv(games), gamesEnd(games, from)}
	}
	var wg sync.WaitGroup
	next := make(chan int, len(segs))
	for i := range segs {
		next <- i
	}
	close(next)
	for range min(runtime.GOMAXPROCS(0), len(segs)) {
		wg.Go(func() {
			for i := range next {
				segs[i] = parse(i, bounds[i])
			}
		})
	}
	wg.Wait()

	out := []T{segs[0].v}
	end := segs[0].end
	for i := 1; i < len(segs); i++ {
		s := segs[i]
		switch {
		case end == bounds[i]:
		case end < bounds[i+1]:
			// The guess at bounds[i] was wrong: parse again from the
			// true boundary.
			s = parse(i, end)
		default:
			continue // a game ran across the whole segment
		}
		out = append(out, s.v)
		end = s.end
	}
	return out
}

// gamesEnd returns where the last of games ends, or def when there is none.
func gamesEnd(games []GameRef, def int) int {
	if len(games) == 0 {
		return def
	}
	return int(games[len(games)-1].End())
}

// gameCuts returns likely game starts in text after start, about every
// size bytes: offsets of a "[" that begins a line after an empty line.
func gameCuts(text string, start, size int) []int {
	var cuts []int
	for at := start + size; at < len(text); {
		i := max(at, 2)
		for ; i+2 < len(text); i++ {
			if text[i] == '[' && text[i-1] == '\n' && (text[i-2] == '\n' || text[i-2] == '\r' && i >= 3 && text[i-3] == '\n') {
				break
			}
		}
		if i+2 >= len(text) {
			break
		}
		cuts = append(cuts, i)
		at = i + size
	}
	return cuts
}
