package chess

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var perftFull = flag.Bool("perft.full", false, "run every depth of the perft suites in ../shared/testdata/perft")

// perftLimit is the largest node count a perft suite test runs without
// -perft.full, so that each suite takes about a second.
const perftLimit = 200_000

// suiteDir holds python-chess's perft suites.
const suiteDir = "../../../shared/testdata/perft"

// suitePosition is one position of a perft suite.
type suitePosition struct {
	id     string
	epd    string
	counts map[int]uint64 // depth -> nodes
	depths []int
}

// readSuite reads a perft suite: "id", "epd" and "perft DEPTH NODES"
// lines, positions separated by blank lines.
func readSuite(t testing.TB, name string) []*suitePosition {
	t.Helper()
	f, err := os.Open(filepath.Join(suiteDir, name))
	if err != nil {
		t.Skipf("perft suite not found (check out ../shared beside the repository): %v", err)
	}
	defer f.Close()
	var all []*suitePosition
	var cur *suitePosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, rest, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch key {
		case "id":
			cur = &suitePosition{id: rest, counts: map[int]uint64{}}
			all = append(all, cur)
		case "epd":
			cur.epd = rest
		case "perft":
			d, n, _ := strings.Cut(rest, " ")
			depth, err1 := strconv.Atoi(d)
			nodes, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", name, sc.Text())
			}
			cur.counts[depth] = nodes
			cur.depths = append(cur.depths, depth)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

// variantSuites maps each variant to its suite file.
var variantSuites = []struct {
	file    string
	variant Variant
}{
	{"3check.perft", ThreeCheck},
	{"atomic.perft", Atomic},
	{"crazyhouse.perft", Crazyhouse},
	{"giveaway.perft", Antichess},
	{"horde.perft", Horde},
	{"racingkings.perft", RacingKings},
}

// TestVariantPerft runs the variant perft suites: the depths up to
// perftLimit nodes, every depth with -perft.full. Castling rights are
// read as X-FEN, which python-chess's atomic960 positions need.
func TestVariantPerft(t *testing.T) {
	eachSuitePosition(t, func(t *testing.T, sp *suitePosition, p Position) {
		for _, d := range sp.depths {
			want := sp.counts[d]
			if want > perftLimit && !*perftFull {
				break
			}
			if got := perft(p, d); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", sp.id, d, got, want)
				break
			}
		}
	})
}

// eachSuitePosition calls f, in a parallel subtest per variant, on every
// position of the variant suites, read with X-FEN castling rights.
func eachSuitePosition(t *testing.T, f func(*testing.T, *suitePosition, Position)) {
	for _, s := range variantSuites {
		t.Run(s.variant.String(), func(t *testing.T) {
			t.Parallel()
			for _, sp := range readSuite(t, s.file) {
				p, err := ParseVariantFEN(sp.epd, s.variant, true)
				if err != nil {
					t.Errorf("%s: %v", sp.id, err)
					continue
				}
				f(t, sp, p)
			}
		})
	}
}

// BenchmarkVariantPerft reports the perft speed of each variant on the
// first position of its suite, at the deepest depth under perftLimit.
func BenchmarkVariantPerft(b *testing.B) {
	for _, s := range variantSuites {
		b.Run(s.variant.String(), func(b *testing.B) {
			sp := readSuite(b, s.file)[0]
			p, err := ParseVariantFEN(sp.epd, s.variant, true)
			if err != nil {
				b.Fatal(err)
			}
			depth := sp.depths[0]
			for _, d := range sp.depths {
				if sp.counts[d] <= perftLimit {
					depth = d
				}
			}
			var nodes uint64
			start := time.Now()
			for b.Loop() {
				nodes += perft(p, depth)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// TestVariantMoveConsistency walks the first plies of every position of
// the variant suites and checks, for every move, that its SAN and its
// coordinate form resolve back to it, that Lint finds nothing in its
// SAN, and that FEN round-trips.
func TestVariantMoveConsistency(t *testing.T) {
	eachSuitePosition(t, func(t *testing.T, sp *suitePosition, p Position) {
		depth := 2
		if sp.counts[2] > 20000 {
			depth = 1
		}
		checkTree(t, &p, depth)
	})
}

// TestKingOfTheHillPerft checks king of the hill, which has no suite:
// where no king can reach the centre within the depth, its perft is the
// orthodox one; elsewhere a move that puts a king on the centre ends the
// game, so it counts as a leaf with no moves below it.
func TestKingOfTheHillPerft(t *testing.T) {
	for _, c := range perftCases[:3] {
		p := mustVariantFEN(t, c.fen, KingOfTheHill)
		if got, want := perft(p, 3), c.counts[2]; got != want {
			t.Errorf("%s: king of the hill perft(3) = %d, want the orthodox %d", c.name, got, want)
		}
	}
	for _, fen := range []string{"8/8/8/8/8/3K4/8/k7 w - - 0 1", "4k3/8/8/8/8/2K5/8/8 w - - 0 1", "8/8/2k5/8/8/8/8/4K2R b K - 0 1"} {
		p := mustVariantFEN(t, fen, KingOfTheHill)
		o := mustVariantFEN(t, fen, Standard)
		for depth := 2; depth <= 4; depth++ {
			if got, want := perft(p, depth), hillPerft(o, depth); got != want {
				t.Errorf("%s: king of the hill perft(%d) = %d, want %d", fen, depth, got, want)
			}
		}
	}
}

// hillPerft counts orthodox perft but stops below a king on the centre.
func hillPerft(p Position, depth int) uint64 {
	if p.byType(King)&centre != 0 {
		return 0
	}
	moves := p.LegalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += hillPerft(p.Make(m), depth-1)
	}
	return n
}
