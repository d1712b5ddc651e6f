package duplicates

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// TestFinderMemory: gameBytes, by which a Finder measures the memory of
// the fingerprints it holds before it spills, is no less than what a
// game takes in it: the budget holds.
func TestFinderMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("adds 200,000 games")
	}
	const n = 200_000
	rng := rand.New(rand.NewPCG(1, 2))
	prints := make([]Fingerprint, n)
	for i := range prints {
		prints[i] = Fingerprint{Moves: rng.Uint64(), Check: rng.Uint64(), Plies: int32(rng.IntN(100) + 1)}
		if prints[i].Plies >= NearPlies {
			prints[i].Prefix = rng.Uint64()
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := NewFinder(1<<62, spill.NewDir())
	for i, fp := range prints {
		x.Add(fp, Place{Number: int64(i)}, nil)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%.0f bytes per game held, %d counted", per, gameBytes)
	if per > gameBytes {
		t.Errorf("a game takes %.0f bytes in a Finder, more than the %d it counts", per, gameBytes)
	}
	if x.Spilled() {
		t.Error("spilled")
	}
	runtime.KeepAlive(x)
}

// TestCollision: two games whose main lines collide in Moves but not in
// Check are not duplicates, in an Index, a Live index and a Finder that
// spilled; those that agree in both are.
func TestCollision(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	a := Fingerprint{Moves: 42, Check: 1, Plies: 30}
	b := Fingerprint{Moves: 42, Check: 2, Plies: 30}
	var x Index
	if f := x.Add(0, a); f.Kind != None {
		t.Fatalf("first game: %+v", f)
	}
	if f := x.Add(1, b); f.Kind != None {
		t.Errorf("Index: a collision of Moves found a %v", f.Kind)
	}
	if f := x.Add(2, a); f.Kind != Duplicate || f.Other != 0 {
		t.Errorf("Index: the same main line found %+v", f)
	}
	prints := []Fingerprint{a, b, a}
	var live Live[int]
	o := Order[int]{Print: func(g int) Fingerprint { return prints[g] }, Before: func(g, h int) bool { return g < h }}
	live.Add([]int{0, 1, 2}, o)
	live.Settle(o, func(int) ([]uint64, bool) { return nil, false }, func(int) {})
	if r, ok := live.Found(1); ok {
		t.Errorf("Live: a collision of Moves found %+v", r)
	}
	if r, ok := live.Found(2); !ok || r != (Repeat[int]{0, Duplicate}) {
		t.Errorf("Live: the same main line found %+v, %v", r, ok)
	}
	dir := spill.NewDir()
	defer dir.Remove()
	y := NewFinder(1, dir) // spills after the first game
	for i, fp := range []Fingerprint{a, b, a, b} {
		y.Add(fp, Place{Number: int64(i)}, nil)
	}
	if !y.Spilled() {
		t.Fatal("did not spill")
	}
	var got []string
	if err := y.Finish(func(p Place, f Finding, other Place) {
		got = append(got, fmt.Sprintf("%d %v %d", p.Number, f.Kind, other.Number))
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"2 1 0", "3 1 1"}; !slices.Equal(got, want) {
		t.Errorf("Finder found %q, want %q", got, want)
	}
}

// TestPrints: a file of fingerprints gives back its streams and games as
// they were written, Lines too; a damaged one is an error.
func TestPrints(t *testing.T) {
	var buf bytes.Buffer
	pw := NewPrintWriter(&buf)
	pw.Stream("a.pgn.gz", "a.pgn", syntax.CTLPGN, false)
	fp := Fingerprint{Moves: 1, Check: 2, Prefix: 3, Plies: 45, Tags: [8]uint32{1, 2, 3, 4, 5, 6, 7, 8}}
	fp.Players[0] = players.PrintOf("Carlsen, Magnus")
	p := Place{Stream: 9, Again: false, Number: 1 << 40, Offset: 1 << 33, Size: 1234, Line: 1 << 35, EndLine: 1<<35 + 1, Col: 3, EndCol: 17}
	line := []uint64{7, 8, 9, 10, 11, 12}
	pw.Game(fp, p, line)
	pw.Stream("b.pgn", "b.pgn", syntax.PGN, true)
	pw.Game(Fingerprint{Moves: 5, Plies: 3}, Place{Again: true}, nil)
	if err := pw.Flush(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	pr := NewPrintReader(bytes.NewReader(data), "x")
	var got []string
	for {
		s, g, ok := pr.Next()
		if !ok {
			break
		}
		if s != nil {
			got = append(got, fmt.Sprintf("%+v", *s))
		} else {
			got = append(got, fmt.Sprintf("%+v", *g))
		}
	}
	if err := pr.Err(); err != nil {
		t.Fatal(err)
	}
	p.Stream = 0
	want := []string{
		fmt.Sprintf("%+v", PrintStream{"a.pgn.gz", "a.pgn", syntax.CTLPGN, false}),
		fmt.Sprintf("%+v", PrintGame{fp, p, line}),
		fmt.Sprintf("%+v", PrintStream{"b.pgn", "b.pgn", syntax.PGN, true}),
		fmt.Sprintf("%+v", PrintGame{Fingerprint{Moves: 5, Plies: 3}, Place{Stream: 1, Again: true}, nil}),
	}
	if !slices.Equal(got, want) {
		t.Errorf("read back\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, bad := range [][]byte{data[:len(data)-3], []byte("not a file of fingerprints"), append(slices.Clone(data), 'X')} {
		pr := NewPrintReader(bytes.NewReader(bad), "bad")
		for {
			if _, _, ok := pr.Next(); !ok {
				break
			}
		}
		if pr.Err() == nil {
			t.Errorf("%q...: read without an error", bad[:20])
		}
	}
}

// TestFinderDuplicatesOnly: a Finder of duplicates only finds them, in
// memory and after the spill, and no near-duplicate; the places of the
// games, past 4 GiB into a stream, come back whole from the disk.
func TestFinderDuplicatesOnly(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	long := Fingerprint{Moves: 1, Check: 1, Prefix: 9, Plies: 60}
	short := Fingerprint{Moves: 2, Check: 2, Prefix: 9, Plies: 45} // begins long
	line := func() []uint64 {
		l := make([]uint64, 60-NearPlies+1)
		l[45-NearPlies] = short.Moves
		return l
	}
	place := func(i int) Place {
		return Place{Number: int64(i), Offset: 5<<30 + int64(i)*1000, Size: 999, Line: 1<<33 + int64(i), Col: 1}
	}
	for _, budget := range []int64{1 << 30, 1} {
		dir := spill.NewDir()
		x := NewFinder(budget, dir)
		x.DuplicatesOnly = true
		var got []string
		for i, fp := range []Fingerprint{short, long, short, long} {
			if f, other := x.Add(fp, place(i), line); f.Kind != None {
				got = append(got, fmt.Sprintf("%d %v %+v", i, f.Kind, other))
			}
		}
		if err := x.Finish(func(p Place, f Finding, other Place) {
			got = append(got, fmt.Sprintf("%d %v %+v", p.Number, f.Kind, other))
			if p != place(int(p.Number)) {
				t.Errorf("budget %d: the place of game %d came back as %+v", budget, p.Number, p)
			}
		}); err != nil {
			t.Fatal(err)
		}
		want := []string{fmt.Sprintf("2 1 %+v", place(0)), fmt.Sprintf("3 1 %+v", place(1))}
		if !slices.Equal(got, want) {
			t.Errorf("budget %d: found %q, want %q", budget, got, want)
		}
		dir.Remove()
	}
}
