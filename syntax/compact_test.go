package syntax

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// sameAsParse fails when ParseCompact (segments of size bytes, a tree
// budget of held bytes) reads text differently from Parse, or answers a
// position, line, slice or diagnostic question differently.
func sameAsParse(t *testing.T, text string, d Dialect, size, held int) *File {
	t.Helper()
	old := segmentSize
	segmentSize = size
	defer func() { segmentSize = old }()
	want := Parse("x", text, d)
	got := ParseCompact("x", text, d, held)
	sameFile(t, got, want)
	return got
}

// sameFile compares a compact file with the file Parse makes of its text.
func sameFile(t *testing.T, got, want *File) {
	t.Helper()
	if g, w := Dump(got), Dump(want); g != w {
		t.Fatalf("compact file differs from Parse\n--- compact\n%s\n--- parse\n%s", g, w)
	}
	if got.Text() != want.Text() {
		t.Fatal("compact file's text differs")
	}
	if g, w := fmt.Sprint(got.Errors()), fmt.Sprint(want.Errors()); g != w {
		t.Fatalf("Errors = %s, want %s", g, w)
	}
	if g, w := fmt.Sprint(got.FileErrors()), fmt.Sprint(want.FileErrors()); g != w {
		t.Fatalf("FileErrors = %s, want %s", g, w)
	}
	for i := range want.NumGames() {
		r := want.Game(i)
		if sp := got.GameSpan(i); sp != (Span{r.Start, r.End()}) {
			t.Fatalf("GameSpan(%d) = %v, want %v", i, sp, Span{r.Start, r.End()})
		}
	}
	if len(want.Text()) < 64<<10 {
		if err := checkLines(got); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewSource(int64(len(want.Text()))))
	for range 200 {
		n := int(want.Len()) + 1
		s := Span{Pos(rng.Intn(n)), Pos(rng.Intn(n))}
		if got.Slice(s) != want.Slice(s) {
			t.Fatalf("Slice(%v) = %q, want %q", s, got.Slice(s), want.Slice(s))
		}
	}
}

// manyGames returns a text of n small games, each naming its index.
func manyGames(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 {c%d} e5 *\n\n", i, i)
	}
	return b.String()
}

// TestParseCompact reads every corpus file compact, with segments small
// enough to make many chunks and a tree budget so small that almost every
// question parses a chunk again.
func TestParseCompact(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data[:min(len(data), 128<<10)])
		d := DetectDialect(path, text)
		t.Run(path, func(t *testing.T) {
			sameAsParse(t, text, d, 16<<10, 1)
			if len(text) < 32<<10 {
				sameAsParse(t, text, d, 1, 8<<10)
			}
		})
	}
}

// TestCompactDropsTrees checks that a compact file holds the trees of
// its most recently used chunks only, and parses the others again.
func TestCompactDropsTrees(t *testing.T) {
	text := manyGames(3000)
	old := segmentSize
	segmentSize = 4 << 10
	defer func() { segmentSize = old }()
	f := ParseCompact("many.pgn", text, PGN, 1)
	held := func() int {
		n := 0
		for _, c := range f.chunks {
			if c.held.Load() != nil {
				n++
			}
		}
		return n
	}
	if n := held(); n != 0 {
		t.Fatalf("%d chunks hold their games after ParseCompact, want 0", n)
	}
	for range f.Games() {
	}
	if n := held(); n != 1 {
		t.Fatalf("%d chunks hold their games after reading them all with a budget of one, want 1", n)
	}
	first := f.Game(0).Game
	f.Game(f.NumGames() - 1)
	if again := f.Game(0).Game; again == first {
		t.Error("the first chunk's games were not dropped")
	} else if again.Text != first.Text {
		t.Error("the first game parsed again differs")
	}
}

// TestChunkGames checks that a walk of a chunk's games yields the games
// Parse finds, with their indices and starts, while other readers make
// the cache drop the chunk under it.
func TestChunkGames(t *testing.T) {
	text := manyGames(3000)
	f := ParseCompact("many.pgn", text, PGN, 1)
	whole := Parse("many.pgn", text, PGN)
	refs := f.Chunks()
	if len(refs) < 2 {
		t.Fatalf("%d chunks, want several", len(refs))
	}
	for k, ref := range refs[:2] {
		other := refs[(k+1)%len(refs)].First
		n := 0
		for i, r := range ref.Games() {
			if i != ref.First+n {
				t.Fatalf("chunk %d: game %d yielded as %d", k, ref.First+n, i)
			}
			want := whole.Game(i)
			if r.Start != want.Start || r.Game.Text != want.Game.Text {
				t.Fatalf("game %d: at %d %q, want at %d %q", i, r.Start, r.Game.Text, want.Start, want.Game.Text)
			}
			f.Game(other) // drops this chunk's trees: budget of one byte
			if again := f.Game(i).Game; again == r.Game {
				t.Fatalf("game %d: the cache did not drop its chunk", i)
			}
			f.Game(other)
			n++
		}
		if n != ref.Chunk.Len() {
			t.Errorf("chunk %d: %d games yielded, want %d", k, n, ref.Chunk.Len())
		}
	}
}

// TestCompactReparse edits a compact file at random places, with a tiny
// tree budget, and compares each version with Parse of its text: the
// chunks edits build are dropped and parsed again from the window of text
// the edit parsed them from, like the others from the file's text.
func TestCompactReparse(t *testing.T) {
	text := manyGames(1500)
	inserts := []string{"", "x", "\n", "\n\n[Event \"N\"]\n\n*\n", "{", "}", "*", "\r\n", "%", "("}
	rng := rand.New(rand.NewSource(3))
	old := segmentSize
	segmentSize = 8 << 10
	defer func() { segmentSize = old }()
	f := ParseCompact("many.pgn", text, PGN, 20<<10)
	for i := range 25 {
		start := Pos(rng.Intn(int(f.Len()) + 1))
		end := min(start+Pos(rng.Intn(40)), f.Len())
		e := Edit{Span: Span{Start: start, End: end}, New: inserts[rng.Intn(len(inserts))]}
		next, _ := Reparse(f, e)
		want := Parse("many.pgn", e.Apply(f.Text()), PGN)
		if i%20 == 0 {
			sameFile(t, next, want)
		} else if Dump(next) != Dump(want) {
			t.Fatalf("edit %d %+v: incremental parse of a compact file differs from full parse", i, e)
		}
		f = next
	}
	if f.cache == nil {
		t.Fatal("an edit lost the tree cache")
	}
}

// TestCompactConcurrent reads a compact file from several goroutines at
// once with a budget that keeps dropping trees (run it with -race).
func TestCompactConcurrent(t *testing.T) {
	text := manyGames(2000)
	old := segmentSize
	segmentSize = 8 << 10
	defer func() { segmentSize = old }()
	want := Dump(Parse("x", text, PGN))
	f := ParseCompact("x", text, PGN, 16<<10)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewSource(int64(w)))
			for range 300 {
				i := rng.Intn(f.NumGames())
				r := f.Game(i)
				if !strings.Contains(r.Game.Text, fmt.Sprintf("\"E%d\"", i)) {
					t.Errorf("game %d is %q", i, r.Game.Text)
					return
				}
				f.Position(r.Start + 3)
			}
		})
	}
	wg.Wait()
	if Dump(f) != want {
		t.Fatal("compact file read concurrently differs from Parse")
	}
}

// TestCompactNoGoroutine: a compact file, read and edited with a budget
// that keeps dropping trees, leaves no goroutine behind (a goleak-style
// count), and an evicted chunk holds no games the moment it is evicted.
func TestCompactNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	old := segmentSize
	segmentSize = 4 << 10
	defer func() { segmentSize = old }()
	f := ParseCompact("many.pgn", manyGames(2000), PGN, 8<<10)
	for range f.Games() {
	}
	for i := range 10 {
		f, _ = Reparse(f, Edit{Span: Span{Start: f.GameSpan(i * 150).Start, End: f.GameSpan(i * 150).Start}, New: "{x} "})
		f.Game(f.NumGames() - 1 - i*100)
	}
	for c, ch := range f.chunks {
		if ch.held.Load() != nil && !ch.cached.Load() {
			t.Fatalf("chunk %d is not in the cache but holds its games", c)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}

// TestHeldGamesTakeNoCacheLock: reading the games of a chunk that holds
// them takes no lock of the file's tree cache, which all the versions of
// a document share: workers analysing games in parallel would otherwise
// take one document-wide lock per game.
func TestHeldGamesTakeNoCacheLock(t *testing.T) {
	f := ParseCompact("many.pgn", manyGames(100), PGN, 1<<20)
	f.Game(0) // the chunk enters the cache
	f.cache.mu.Lock()
	done := make(chan struct{})
	go func() {
		for i := range f.NumGames() {
			f.Game(i)
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading held games waits for the tree cache's lock")
	}
	f.cache.mu.Unlock()
}
