package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// line is a main line the generated games play the first moves of.
var line = strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6")

// plantedGame is a generated game: the first plies half-moves of line
// between white and black ("?" unknown).
type plantedGame struct {
	plies        int
	white, black string
}

// key is what makes two generated games duplicates, as package
// duplicates finds them: the same moves, and under 20 half-moves the
// same players, both known; ok is false for a game that repeats none.
func (g plantedGame) key() (string, bool) {
	if g.plies == 0 {
		return "", false
	}
	if g.plies >= 20 {
		return fmt.Sprint(g.plies), true
	}
	if g.white == "?" || g.black == "?" {
		return "", false
	}
	return fmt.Sprint(g.plies, g.white, g.black), true
}

func (g plantedGame) text(rng *rand.Rand, n int) string {
	var b strings.Builder
	nl := "\n"
	if rng.IntN(4) == 0 {
		nl = "\r\n"
	}
	fmt.Fprintf(&b, "[Event \"E%d\"]%s[White \"%s\"]%s[Black \"%s\"]%s[Result \"*\"]%s%s", n, nl, g.white, nl, g.black, nl, nl, nl)
	for i := range g.plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(line[i] + " ")
		if i%8 == 7 {
			b.WriteString(nl)
		}
	}
	b.WriteString("*" + nl)
	if rng.IntN(3) > 0 {
		b.WriteString(nl)
	}
	return b.String()
}

// plantedFiles returns the texts of a few streams of generated games
// with duplicates planted among them, and the games in order.
func plantedFiles(rng *rand.Rand) ([]string, []plantedGame) {
	players := []string{"A", "B", "?"}
	var texts []string
	var games []plantedGame
	for range 1 + rng.IntN(3) {
		var b strings.Builder
		for range rng.IntN(120) {
			g := plantedGame{plies: rng.IntN(len(line) + 1), white: players[rng.IntN(3)], black: players[rng.IntN(3)]}
			if rng.IntN(10) == 0 {
				g.plies = 0
			}
			b.WriteString(g.text(rng, len(games)))
			games = append(games, g)
		}
		texts = append(texts, b.String())
	}
	return texts, games
}

// selectedGame is what a test compares of a game selected.
type selectedGame struct {
	Name         string
	Offset       int64
	Start        syntax.Pos
	Line         int
	Prefix, Text string
	White        string
}

// runSelection runs sel over the texts, each read again when again is
// set, and returns the games it kept, in order.
func runSelection(t *testing.T, sel *Selection, texts []string, again bool) []selectedGame {
	t.Helper()
	var out []selectedGame
	emit := func(g Selected) error {
		white, _ := g.Game.TagValue("White")
		out = append(out, selectedGame{g.Name, g.Offset, g.Start, g.Line, g.Prefix, g.Game.Text, white})
		return nil
	}
	for i, text := range texts {
		name := fmt.Sprintf("f%d.pgn", i)
		var reread func(off int64, n int) (string, bool)
		if again {
			reread = func(off int64, n int) (string, bool) { return text[off : off+int64(n)], true }
		}
		gr := syntax.NewGameReader(strings.NewReader(text), name, syntax.PGN, false)
		if err := sel.Stream(context.Background(), name, gr, reread, emit); err != nil {
			t.Fatal(err)
		}
	}
	if err := sel.Finish(emit); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDuplicatesSpill: the duplicates selected by a Selection whose
// fingerprints spill to disk at once (a budget of a few games) are those
// of one that holds them all, and those the generator planted, with the
// other criteria, -v, --matches and -n, whether the games set aside are
// read again or kept on disk; and no file is left.
func TestDuplicatesSpill(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	whiteA, err := Compile(Spec{Where: "White = A"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		texts, games := plantedFiles(rng)
		var query *Query
		if rng.IntN(2) == 0 {
			query = whiteA
		}
		invert := rng.IntN(2) == 0
		var numbers Ranges
		if rng.IntN(3) == 0 {
			numbers, _ = ParseRanges("--games", fmt.Sprintf("3:%d", 1+rng.IntN(len(games)+1)))
		}
		var matches Ranges
		switch rng.IntN(3) {
		case 1:
			matches, _ = ParseRanges("-n", "1:5")
		case 2:
			matches, _ = ParseRanges("--matches", "2:4,7,9:")
		}
		// What the generator planted.
		var want []int
		seen := map[string]bool{}
		selected, printed := 0, 0
		for i, g := range games {
			k, ok := g.key()
			met := (numbers.Empty() || numbers.Has(i+1)) && (query == nil || g.white == "A")
			repeat := met && ok && seen[k]
			if met && ok {
				seen[k] = true
				printed++
			}
			if repeat != invert {
				selected++
				if matches.Empty() || matches.Has(selected) {
					want = append(want, i)
				}
			}
		}
		new := func(budget int64) *Selection {
			return &Selection{Query: query, Invert: invert, Games: numbers, Matches: matches, Duplicates: true, Budget: budget, Jobs: 1 + rng.IntN(3)}
		}
		whole := runSelection(t, new(0), texts, false)
		name := fmt.Sprintf("seed %d (%d games, invert %v, games %v, matches %v, where %v)", seed, len(games), invert, numbers, matches, query != nil)
		if len(whole) != len(want) {
			t.Fatalf("%s: %d games selected, %d planted", name, len(whole), len(want))
		}
		for i, g := range whole {
			if !strings.Contains(g.Text, fmt.Sprintf("[Event \"E%d\"]", want[i])) {
				t.Fatalf("%s: selected game %d is %q, want game E%d", name, i, g.Text[:20], want[i])
			}
		}
		for _, again := range []bool{false, true} {
			for _, budget := range []int64{4000, 16000} {
				sel := new(budget)
				got := runSelection(t, sel, texts, again)
				if !slices.Equal(got, whole) {
					t.Errorf("%s, budget %d, read again %v: %d games, want %d\n%v\n%v", name, budget, again, len(got), len(whole), got, whole)
				}
				if !sel.Spilled() && matches.Empty() && numbers.Empty() && int64(printed) > budget/2/360+1 {
					t.Errorf("%s, budget %d: did not spill", name, budget)
				}
			}
		}
	}
	if left, err := os.ReadDir(tmp); err != nil || len(left) > 0 {
		t.Errorf("left in $TMPDIR: %v %v", left, err)
	}
}

// TestDuplicatesCollision: with fingerprints that all collide, a game
// that the fingerprints take for a repeat of the first game is compared
// with it move by move, in memory and after the spill: the games that
// repeat the first are selected, and no other.
func TestDuplicatesCollision(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	defer func(f func(*syntax.Game, syntax.Dialect) (duplicates.Fingerprint, bool)) { fingerprint = f }(fingerprint)
	fingerprint = func(g *syntax.Game, d syntax.Dialect) (duplicates.Fingerprint, bool) {
		fp, ok := duplicates.Of(g, d)
		fp.Moves, fp.Check = 1, 1
		return fp, ok
	}
	for seed := range uint64(10) {
		rng := rand.New(rand.NewPCG(seed, 8))
		texts, games := plantedFiles(rng)
		var want []string
		first := ""
		for i, g := range games {
			switch k, ok := g.key(); {
			case ok && first == "":
				first = k
			case ok && k == first:
				want = append(want, fmt.Sprintf("[Event \"E%d\"]", i))
			}
		}
		for _, budget := range []int64{0, 4000} {
			var got []string
			for _, g := range runSelection(t, &Selection{Duplicates: true, Budget: budget}, texts, true) {
				event, _, _ := strings.Cut(g.Text, "\n")
				got = append(got, strings.TrimSuffix(event, "\r"))
			}
			if !slices.Equal(got, want) {
				t.Errorf("seed %d, budget %d: selected %q, want %q", seed, budget, got, want)
			}
		}
	}
}
