package workspace

import (
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/syntax"
)

const gameA = `[Event "Open A"]
[Date "2020.01.01"]
[White "Carlsen, Magnus"]
[Black "Anand, Viswanathan"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

`

const gameC = `[Event "Open C"]
[Date "2019.03.03"]
[White "Kramnik, Vladimir"]
[Black "Carlsen, Magnus"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2

`

const gameB = `[Event "Blitz B"]
[Date "2021.05.05"]
[White "Anand, Viswanathan"]
[Black "Kramnik, Vladimir"]
[Result "0-1"]

1. Nf3 Nc6 2. e4 {a comment with é} e5 0-1
`

// workspaceDir writes a folder of games: a.pgn (A and C), sub/b.pgn.gz
// (B, compressed), and returns it.
func workspaceDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.pgn"), gameA+gameC)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "sub", "b.pgn.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	zw.Write([]byte(gameB))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return dir
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func newIndex(t *testing.T, cache string, roots ...string) *Index {
	t.Helper()
	ix := New(Options{CacheDir: cache, Auto: true})
	t.Cleanup(func() { ix.Close() })
	ix.SetRoots(roots)
	return ix
}

func build(t *testing.T, ix *Index) Stats {
	t.Helper()
	st, err := ix.Build(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Errors) > 0 {
		t.Fatalf("build errors: %v", st.Errors)
	}
	return st
}

// keyAfter returns the position after the last move of a line of chess
// moves.
func keyAfter(t *testing.T, moves string) *query.Place {
	t.Helper()
	f := syntax.Parse("line.pgn", moves, syntax.PGN)
	last := strings.LastIndex(strings.TrimSpace(moves), " ") + 1
	pl, ok := query.PlaceAt(f, syntax.Pos(last))
	if !ok || pl.Move == nil {
		t.Fatalf("no move at the end of %q", moves)
	}
	return &pl
}

// hits writes hits as "file:line:col game name (ply, next)".
func hits(dir string, hs []Hit) []string {
	var out []string
	for _, h := range hs {
		rel, _ := filepath.Rel(dir, h.At.Path)
		out = append(out, fmt.Sprintf("%s:%d:%d-%d %s ply %d next %q", filepath.ToSlash(rel), h.At.Line, h.At.Col, h.At.Col+h.Width, h.Game.Name, h.Ply, h.Next))
	}
	return out
}

func TestReaching(t *testing.T) {
	dir := workspaceDir(t)
	ix := newIndex(t, t.TempDir(), dir)
	st := build(t, ix)
	if st.Files != 2 || st.Indexed != 2 || st.Games != 3 {
		t.Errorf("stats %+v, want 2 files indexed, 3 games", st)
	}
	got, total, err := ix.Reaching(context.Background(), keyAfter(t, "1. e4 e5 2. Nf3 Nc6"), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`a.pgn:6:16-19 Carlsen, Magnus – Anand, Viswanathan, Open A, 2020.01.01, 1-0 ply 4 next "Bb5"`,
		// The comment before it has an é: one UTF-16 unit.
		`sub/b.pgn.gz:6:36-38 Anand, Viswanathan – Kramnik, Vladimir, Blitz B, 2021.05.05, 0-1 ply 4 next ""`,
	}
	if g := hits(dir, got); !slices.Equal(g, want) || total != 2 {
		t.Errorf("games reaching the position (%d):\n%s\nwant:\n%s", total, strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
	if _, total, _ := ix.Reaching(context.Background(), keyAfter(t, "1. e4 e5 2. Nf3 Nc6"), 1); total != 2 {
		t.Errorf("with a limit of 1, %d games in all, want 2", total)
	}
	none, _, _ := ix.Reaching(context.Background(), keyAfter(t, "1. c4"), 0)
	if len(none) != 0 {
		t.Errorf("1. c4 reached by %v", hits(dir, none))
	}
}

func TestExplore(t *testing.T) {
	dir := workspaceDir(t)
	ix := newIndex(t, t.TempDir(), dir)
	build(t, ix)
	f := syntax.Parse("x.pgn", "[Event \"x\"]\n\n1. e4 *\n", syntax.PGN)
	pl, ok := query.PlaceAt(f, 2) // in the tags: the start
	if !ok || pl.Move != nil {
		t.Fatal("no start position in the tags")
	}
	x, err := ix.Explore(context.Background(), &pl, 2)
	if err != nil {
		t.Fatal(err)
	}
	if x.Score != (Score{Games: 3, WhiteWins: 1, Draws: 1, BlackWins: 1}) {
		t.Errorf("score %+v", x.Score)
	}
	var moves []string
	for _, m := range x.Moves {
		moves = append(moves, fmt.Sprintf("%s %d +%d =%d -%d", m.Move, m.Games, m.WhiteWins, m.Draws, m.BlackWins))
	}
	if want := []string{"Nf3 1 +0 =0 -1", "d4 1 +0 =1 -0", "e4 1 +1 =0 -0"}; !slices.Equal(moves, want) {
		t.Errorf("moves %q, want %q", moves, want)
	}
	var recent []string
	for _, h := range x.Recent {
		recent = append(recent, h.Game.Date+" "+h.Next)
	}
	if want := []string{"2021.05.05 Nf3", "2020.01.01 e4"}; !slices.Equal(recent, want) {
		t.Errorf("recent %q, want %q", recent, want)
	}
	// After 1. e4 e5 2. Nf3 Nc6 game A plays Bb5, game B ends.
	x, err = ix.Explore(context.Background(), keyAfter(t, "1. e4 e5 2. Nf3 Nc6"), 5)
	if err != nil {
		t.Fatal(err)
	}
	if x.Games != 2 || len(x.Moves) != 1 || x.Moves[0].Move != "Bb5" || len(x.Recent) != 2 {
		t.Errorf("after the transposition: %+v", x)
	}
}

func TestGames(t *testing.T) {
	dir := workspaceDir(t)
	ix := newIndex(t, t.TempDir(), dir)
	build(t, ix)
	for _, c := range []struct {
		text string
		want []string
	}{
		{"carlsen", []string{"Open A", "Open C"}},
		{"Carlsen anand", []string{"Open A"}},
		{"", []string{"Open A", "Open C", "Blitz B"}},
		{`Black ~ Carlsen`, []string{"Open C"}},
		{`Result = 0-1 or Event ~ "Open A"`, []string{"Open A", "Blitz B"}},
		{`Plies > 4`, []string{"Open A"}},
		{"nobody", nil},
	} {
		games, err := ix.Games(context.Background(), c.text, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range games {
			for _, event := range []string{"Open A", "Open C", "Blitz B"} {
				if strings.Contains(g.Name, event) {
					got = append(got, event)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	games, _ := ix.Games(context.Background(), "kramnik", 1)
	if len(games) != 1 || games[0].Line != 8 || games[0].Col != 0 || games[0].Detail != "game 2" {
		t.Errorf("kramnik, the first: %+v", games)
	}
}

func TestCacheReuse(t *testing.T) {
	dir := workspaceDir(t)
	cache := t.TempDir()
	key := keyAfter(t, "1. e4 e5 2. Nf3 Nc6")
	ix := newIndex(t, cache, dir)
	build(t, ix)
	first, _, _ := ix.Reaching(context.Background(), key, 0)
	// A new index (a restart) finds the tables in the cache.
	again := newIndex(t, cache, dir)
	if st := build(t, again); st.Indexed != 0 || st.Files != 2 || st.Games != 3 {
		t.Errorf("after a restart: %+v, want nothing indexed again", st)
	}
	second, _, _ := again.Reaching(context.Background(), key, 0)
	if !slices.Equal(hits(dir, first), hits(dir, second)) || len(second) != 2 {
		t.Errorf("after a restart %q, before %q", hits(dir, second), hits(dir, first))
	}
	// A changed file is read again, and only it.
	write(t, filepath.Join(dir, "a.pgn"), gameA+gameC+strings.Replace(gameA, "Open A", "Open D", 1))
	st := build(t, again)
	if st.Indexed != 1 || st.Games != 4 {
		t.Errorf("after a change: %+v, want 1 file indexed again, 4 games", st)
	}
	third, _, _ := again.Reaching(context.Background(), key, 0)
	if len(third) != 3 || !strings.Contains(third[1].Game.Name, "Open D") {
		t.Errorf("after a change: %q", hits(dir, third))
	}
	// The same size, another modification time: read again too.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "a.pgn"), later, later); err != nil {
		t.Fatal(err)
	}
	if st := build(t, again); st.Indexed != 1 {
		t.Errorf("after a touch: %+v, want 1 file indexed again", st)
	}
	// A file removed leaves the index.
	if err := os.Remove(filepath.Join(dir, "a.pgn")); err != nil {
		t.Fatal(err)
	}
	build(t, again)
	fourth, _, _ := again.Reaching(context.Background(), key, 0)
	if len(fourth) != 1 {
		t.Errorf("after a removal: %q", hits(dir, fourth))
	}
}

func TestOverlay(t *testing.T) {
	dir := workspaceDir(t)
	ix := newIndex(t, t.TempDir(), dir)
	build(t, ix)
	key := keyAfter(t, "1. e4 e5 2. Nf3 Nc6")
	a := filepath.Join(dir, "a.pgn")
	// The open document a.pgn no longer reaches the position.
	ix.SetOverlays(map[string]*syntax.File{a: syntax.Parse(a, strings.Replace(gameA, "Nc6", "Nf6", 1), syntax.PGN)})
	got, _, _ := ix.Reaching(context.Background(), key, 0)
	if len(got) != 1 || !strings.HasSuffix(got[0].At.Path, "b.pgn.gz") {
		t.Errorf("with a.pgn edited: %q", hits(dir, got))
	}
	// An unsaved document outside the folders, then edited.
	u := filepath.Join(t.TempDir(), "new.pgn")
	doc := syntax.Parse(u, "1. Nf3 Nc6 2. e4 e5 *\n", syntax.PGN)
	ix.SetOverlays(map[string]*syntax.File{u: doc})
	got, _, _ = ix.Reaching(context.Background(), key, 0)
	if len(got) != 3 || got[2].At.Path != u || got[2].At.Line != 0 || got[2].At.Col != 17 {
		t.Errorf("with new.pgn open: %q", hits(dir, got))
	}
	ix.SetOverlays(map[string]*syntax.File{u: doc}) // unchanged: kept
	ix.SetOverlays(map[string]*syntax.File{u: syntax.Parse(u, "1. Nf3 Nc6 2. d4 e5 *\n", syntax.PGN)})
	got, _, _ = ix.Reaching(context.Background(), key, 0)
	if len(got) != 2 {
		t.Errorf("with new.pgn edited: %q", hits(dir, got))
	}
	names, _ := ix.Games(context.Background(), "Open", 0)
	if len(names) != 2 {
		t.Errorf("games named Open: %d, want 2", len(names))
	}
}

func TestCescacs(t *testing.T) {
	dir := t.TempDir()
	text, err := os.ReadFile("../../testdata/examples/cescacs.ctl-pgn")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "g.ctl-pgn"), string(text))
	ix := newIndex(t, t.TempDir(), dir)
	build(t, ix)
	f := syntax.Parse("g.ctl-pgn", string(text), syntax.CTLPGN)
	off := strings.Index(string(text), "EH4-H8")
	pl, ok := query.PlaceAt(f, syntax.Pos(off))
	if !ok {
		t.Fatal("no position at EH4-H8")
	}
	got, _, err := ix.Reaching(context.Background(), &pl, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Ply != 7 || got[0].At.Line != 12 || got[0].At.Col != 3 || got[0].Next == "" {
		t.Errorf("hits %+v", got)
	}
}

// TestSpill indexes real games with a budget of a few postings, which
// sorts them on disk in many runs, in three sorts of a part of the keys
// each, and finds the same answers as with the default budget and one
// sort.
func TestSpill(t *testing.T) {
	src := "../../../shared/testdata/pgn/big/pgnmentor-Capablanca.pgn"
	if _, err := os.Stat(src); err != nil {
		t.Fatalf("shared corpus not found (check out ../shared beside the repository): %v", err)
	}
	answers := func(memory int64, spills bool, jobs int) []string {
		ix := New(Options{CacheDir: t.TempDir(), Memory: memory, Auto: true, Jobs: jobs})
		defer ix.Close()
		ix.SetRoots([]string{src})
		st, err := ix.Build(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if (st.Spilled > 0) != spills || st.Indexed != 1 {
			t.Fatalf("budget %d: %+v, want spilling %v", memory, st, spills)
		}
		var out []string
		for _, line := range []string{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "1. d4 d5 2. c4 e6 3. Nc3 Nf6", "1. d4 Nf6 2. c4 e6"} {
			x, err := ix.Explore(context.Background(), keyAfter(t, line), 3)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s: %+v", line, x.Score))
			for _, m := range x.Moves {
				out = append(out, fmt.Sprintf("  %s %+v", m.Move, m.Score))
			}
			hs, total, err := ix.Reaching(context.Background(), keyAfter(t, line), 0)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(total))
			out = append(out, hits("", hs)...)
		}
		return out
	}
	big, tiny := answers(0, false, 1), answers(postSize*2048, true, 3)
	if len(big) < 20 {
		t.Fatalf("too few answers to compare: %q", big)
	}
	if !slices.Equal(big, tiny) {
		t.Errorf("a tiny budget answers otherwise:\n%s\nwant:\n%s", strings.Join(tiny, "\n"), strings.Join(big, "\n"))
	}
}

func TestExplorerText(t *testing.T) {
	x := &Explorer{
		Score: Score{Games: 3, WhiteWins: 1, Draws: 1, BlackWins: 1},
		Moves: []MoveStats{{Move: "Nf3", Score: Score{Games: 2, WhiteWins: 2}}, {Move: "e4", Score: Score{Games: 1, Draws: 1}}},
		Recent: []Hit{{Game: Game{Name: "Aaaaaaaaaaaa, Bbbbbbbb – Cccccccccccc, Ddddddd, Open, 2021.05.05, 1-0"}, At: Location{Path: "/w/b.pgn", Line: 9}, Next: "Nf3"},
			{Game: Game{Name: "C – D"}, At: Location{Path: "/w/a.pgn.gz"}}},
	}
	want := `Explorer: 3 games reach this position, +33% =33% -33%
  Nf3      2  +100% =0% -0%
  e4       1  +0% =100% -0%
Latest:
  Aaaaaaaaaaaa, Bbbbbbbb – Cccccccccccc, … → Nf3  (b.pgn:10)
  C – D → end  (a.pgn.gz:1)`
	if got := x.Text(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if (&Explorer{}).Text() != "" {
		t.Error("text without games")
	}
}

// TestPlayers: the spellings of the players of each file, as written
// (a trailing blank kept), counted by game, from the tables (a second
// index reads them from the cache); the details of the games stay as
// they were.
func TestPlayers(t *testing.T) {
	dir := workspaceDir(t)
	write(t, filepath.Join(dir, "c.pgn"), strings.Replace(gameC, `"Carlsen, Magnus"`, `"Carlsen, Magnus "`, 1)+"\n{ comments only }\n")
	cache := t.TempDir()
	for range 2 {
		ix := newIndex(t, cache, dir)
		build(t, ix)
		got, err := ix.Players(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]map[string]int{
			filepath.Join(dir, "a.pgn"):           {"Carlsen, Magnus": 2, "Anand, Viswanathan": 1, "Kramnik, Vladimir": 1},
			filepath.Join(dir, "sub", "b.pgn.gz"): {"Anand, Viswanathan": 1, "Kramnik, Vladimir": 1},
			filepath.Join(dir, "c.pgn"):           {"Carlsen, Magnus ": 1, "Kramnik, Vladimir": 1},
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Players:\n%v\nwant\n%v", got, want)
		}
		games, _ := ix.Games(context.Background(), "kramnik", 0)
		for _, g := range games {
			if strings.ContainsRune(g.Detail, 0) || strings.Contains(g.Detail, "Kramnik") {
				t.Errorf("detail %q", g.Detail)
			}
		}
	}
}
