package syntax

import (
	"runtime"
	"sync"
)

// segmentSize is the amount of text, in bytes, that parseConcurrently
// gives one goroutine; smaller texts are parsed in one piece.
var segmentSize = 256 << 10

// parseConcurrently returns exactly what parseGames(text, start, d, nil)
// returns (without Tokens when noTokens is set), parsing segments of the text on every core.
//
// The text is cut speculatively where a game most likely starts: a line
// beginning with "[" after a blank line. Each segment is parsed from its
// cut until the parse reaches a game boundary at or after the next cut.
// A parse that starts at a true game boundary yields exactly the games of
// the whole parse from there on (Reparse relies on the same property), so
// segment i+1 is kept when segment i ended exactly at its cut; when a game
// ran across the cut (the "[" was inside a comment, say), the text from
// where segment i ended is parsed again, up to the next cut.
func parseConcurrently(text string, start int, d Dialect, noTokens bool) []GameRef {
	cuts := gameCuts(text, start, segmentSize)
	if len(cuts) == 0 {
		return parseRange(text, start, len(text), d, nil, noTokens)
	}
	bounds := append(append([]int{start}, cuts...), len(text))
	segs := make([][]GameRef, len(bounds)-1)
	parse := func(i, from int) []GameRef {
		hi := bounds[i+1]
		return parseRange(text, from, hi, d, func(b int) bool { return b >= hi }, noTokens)
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

	games := segs[0]
	end := gamesEnd(games, start)
	for i := 1; i < len(segs); i++ {
		switch {
		case end == bounds[i]:
			games = append(games, segs[i]...)
		case end < bounds[i+1]:
			// The guess at bounds[i] was wrong: parse again from the
			// true boundary.
			games = append(games, parse(i, end)...)
		default:
			continue // a game ran across the whole segment
		}
		end = gamesEnd(games, end)
	}
	return games
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
