package checks_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/syntax"
)

// genGame is a generated game: its players, its moves in SAN and an
// event, which copies change.
type genGame struct {
	white, black, event string
	moves               []string
}

// randomLine returns n random legal half-moves from the start position,
// fewer when the game ends before, after the moves of from (which it
// continues).
func randomLine(rng *rand.Rand, from []string, n int) []string {
	p := chess.StartPosition()
	line := slices.Clone(from)
	for _, san := range from {
		m, err := p.Resolve(mustSAN(san))
		if err != nil {
			panic(err)
		}
		p = p.Make(m)
	}
	for len(line) < n {
		legal := p.LegalMoves()
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		line = append(line, p.SAN(m))
		p = p.Make(m)
	}
	return line
}

func mustSAN(s string) chess.SAN {
	san, err := chess.ParseSAN(s)
	if err != nil {
		panic(err)
	}
	return san
}

// text writes g as PGN.
func (g genGame) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event %q]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White %q]\n[Black %q]\n[Result \"*\"]\n\n", g.event, g.white, g.black)
	col := 0
	for i, m := range g.moves {
		tok := m
		if i%2 == 0 {
			tok = fmt.Sprintf("%d. %s", i/2+1, m)
		}
		if col+len(tok) > 78 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(tok)
		col += len(tok)
	}
	b.WriteString(" *\n\n")
	return b.String()
}

// Players' names, spellings of one player among them, and an unknown
// one.
var genPlayers = [][2]string{
	{"Carlsen, Magnus", "Carlsen,M"},
	{"Le, Quang Liem", "Le Quang Liem"},
	{"Polgar, Judit", "Polgar, Judit"},
	{"Polgar, Susan", "Polgar, Susan"},
	{"?", "?"},
}

// genFiles returns n generated games with repeats planted among them
// (exact copies, truncated copies, extensions, short games, copies
// between other players), spread over files texts in a random order.
func genFiles(rng *rand.Rand, n, files int) []string {
	player := func() (string, string) {
		w, b := genPlayers[rng.IntN(len(genPlayers))], genPlayers[rng.IntN(len(genPlayers))]
		return w[0], b[0]
	}
	spelling := func(name string) string {
		for _, p := range genPlayers {
			if p[0] == name {
				return p[rng.IntN(2)]
			}
		}
		return name
	}
	var games []genGame
	// A deep opening that a quarter of the games branch from, between
	// the same players: more than the candidates a game is compared
	// with share its first NearPlies half-moves.
	theory := randomLine(rng, nil, duplicates.NearPlies+4)
	for range n / 4 {
		games = append(games, genGame{"Carlsen, Magnus", "Le, Quang Liem", "theory", randomLine(rng, theory[:duplicates.NearPlies+rng.IntN(5)], duplicates.NearPlies+5+rng.IntN(40))})
	}
	for len(games) < n {
		w, b := player()
		var g genGame
		if len(games) > 0 && rng.IntN(2) == 0 {
			o := games[rng.IntN(len(games))]
			switch rng.IntN(6) {
			case 0: // an exact copy, another event
				g = genGame{spelling(o.white), spelling(o.black), "copy", o.moves}
			case 1: // a truncated copy
				k := duplicates.NearPlies + rng.IntN(max(len(o.moves)-duplicates.NearPlies, 1))
				g = genGame{spelling(o.white), spelling(o.black), "cut", o.moves[:min(k, len(o.moves))]}
			case 2: // a longer game that begins with it
				g = genGame{spelling(o.white), spelling(o.black), "longer", randomLine(rng, o.moves, len(o.moves)+1+rng.IntN(20))}
			case 3: // the same moves between other players
				g = genGame{w, b, "others", o.moves[:max(len(o.moves)-rng.IntN(3), 1)]}
			case 4: // another game that shares the opening
				g = genGame{spelling(o.white), spelling(o.black), "branch", randomLine(rng, o.moves[:min(duplicates.NearPlies+rng.IntN(5), len(o.moves))], 90)}
			default: // a copy of a short game
				g = genGame{o.white, o.black, "short", o.moves[:min(len(o.moves), 1+rng.IntN(duplicates.ShortPlies))]}
			}
		} else {
			length := 1 + rng.IntN(100)
			if rng.IntN(3) == 0 {
				length = rng.IntN(duplicates.ShortPlies) + 1
			}
			g = genGame{w, b, "new", randomLine(rng, nil, length)}
		}
		games = append(games, g)
	}
	rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
	out := make([]string, files)
	for i, g := range games {
		out[i*files/len(games)] += g.text()
	}
	return out
}

// checkRepeats checks texts, named a.pgn, b.pgn, ..., with rep and
// returns the repeated games, as pgnls check prints them: those found as
// each game is read, then those found at the end. again says which
// texts can be read again.
func checkRepeats(t *testing.T, rep *checks.Repeats, texts []string, again func(i int) bool) []string {
	t.Helper()
	cfg := &analysis.Config{MinSeverity: analysis.Info}
	var out []string
	for i, text := range texts {
		name := fmt.Sprintf("%c.pgn", 'a'+i)
		var reread func(off int64, n int) (string, bool)
		if again(i) {
			reread = func(off int64, n int) (string, bool) { return text[off : off+int64(n)], true }
		}
		rep.Stream(name, reread)
		gr := syntax.NewGameReader(strings.NewReader(text), name, syntax.PGN, false)
		checks.CheckStreamRepeats(context.Background(), gr, 0, cfg, nil, rep, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
			for _, d := range ds {
				if d.Source == duplicates.Source {
					line := g.Position(d.Span.Start).Line
					col := utf8.RuneCountInString(g.LineText(d.Span.Start)) + 1
					out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", name, line, col, d.Code, d.Message))
				}
			}
		})
	}
	if err := rep.Finish(cfg, func(l checks.Late) {
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", l.Path, l.Line, l.Col, l.Diagnostic.Code, l.Diagnostic.Message))
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRepeatsSpill is the property that bounds the memory of duplicate
// detection: over generated files with planted duplicates and
// near-duplicates, a Repeats whose budget is forced tiny, which spills
// its fingerprints to sorted runs on disk after a few games and merges
// them in many passes, finds exactly the repeated games that one holding
// them all in memory finds, with the same messages and places, and the
// same counts; files that cannot be read again among them. Its
// temporary files are gone after Finish.
func TestRepeatsSpill(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	kinds := map[analysis.Code]int{}
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 25))
		texts := genFiles(rng, 150+rng.IntN(150), 1+rng.IntN(3))
		again := func(i int) bool { return (int(seed)+i)%3 != 2 } // some files cannot be read again
		want := checkRepeats(t, checks.NewRepeats(), texts, again)
		if len(want) == 0 {
			t.Fatalf("seed %d: no repeated game found", seed)
		}
		for _, w := range want {
			code, _, _ := strings.Cut(strings.SplitN(w, ": ", 2)[1], ":")
			kinds[analysis.Code(code)]++
			switch {
			case strings.Contains(w, "(a truncated copy?)"):
				kinds["truncated"]++
			case strings.Contains(w, "(a truncated copy of this game?)"):
				kinds["extended"]++
			}
		}
		wantGames, wantDups, wantNear := 0, 0, 0
		{
			rep := checks.NewRepeats()
			checkRepeats(t, rep, texts, again)
			wantGames, wantDups, wantNear = rep.Counts()
		}
		sort := func(l []string) []string { l = slices.Clone(l); slices.Sort(l); return l }
		// Spill after the first game, after a few, and half-way.
		for _, games := range []int64{1, 7, int64(wantGames / 2)} {
			dir := spill.NewDir()
			rep := checks.NewRepeatsBounded(2*360*games, dir)
			got := checkRepeats(t, rep, texts, again)
			if !rep.Spilled() {
				t.Fatalf("seed %d, %d games: the fingerprints did not spill", seed, games)
			}
			if !slices.Equal(sort(got), sort(want)) {
				t.Errorf("seed %d, spilled after %d games: found\n%s\nin memory\n%s", seed, games, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if g, d, n := rep.Counts(); g != wantGames || d != wantDups || n != wantNear {
				t.Errorf("seed %d, spilled after %d games: counts %d %d %d, in memory %d %d %d", seed, games, g, d, n, wantGames, wantDups, wantNear)
			}
			dir.Remove()
		}
	}
	for _, k := range []analysis.Code{duplicates.CodeDuplicate, duplicates.CodeNear, "truncated", "extended"} {
		if kinds[k] < 10 {
			t.Errorf("only %d findings of %s: the generator plants too few", kinds[k], k)
		}
	}
	ents, _ := os.ReadDir(tmp)
	if len(ents) > 0 {
		t.Errorf("%d temporary files left, first %s", len(ents), ents[0].Name())
	}
}
