package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// line40 is 40 half-moves of a Ruy Lopez, enough for a near-duplicate.
const line40 = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n" +
	"11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7"

// otherLine40 is line40 with 9. h4 for 9. h3.
var otherLine40 = strings.Replace(line40, "9. h3", "9. h4", 1)

func roster(date, white, black, result string, more ...string) string {
	s := fmt.Sprintf("[Event \"E\"]\n[Site \"S\"]\n[Date %q]\n[Round \"1\"]\n[White %q]\n[Black %q]\n[Result %q]\n", date, white, black, result)
	for _, m := range more {
		s += m + "\n"
	}
	return s + "\n"
}

// The planted sets: a game, its exact copy with a comment more and
// another date (kept: more annotations; the date conflicts), its
// truncated copy with an Annotator tag (merged) and another spelling of
// White (a conflict) and an unknown result (no conflict); and a
// truncated game that two different longer games begin (both kept, the
// short one removed for the first of them).
var (
	dedupeA1 = roster("2020.01.01", "Carlsen, Magnus", "Caruana, Fabiano", "1-0") + line40 + " 21. Qe3 1-0\n\n"
	dedupeA2 = roster("2020.01.02", "X", "Y", "*") + "1. d4 d5 *\n\n"
	dedupeA3 = roster("2020.01.01", "Carlsen,M", "Caruana, Fabiano", "*", `[Annotator "Z"]`) + line40 + " *\n"
	dedupeB1 = roster("2020.01.03", "Carlsen, Magnus", "Caruana, Fabiano", "1-0") +
		strings.Replace(line40, "3. Bb5", "3. Bb5 {Ruy}", 1) + " 21. Qe3 1-0\n\n"
	dedupeB2 = roster("2021.05.05", "Anand, V", "Kramnik, V", "*") + otherLine40 + " *\n\n"
	dedupeB3 = roster("2021.05.06", "Anand, V", "Kramnik, V", "1-0") + otherLine40 + " 21. Qe3 Nh7 1-0\n\n"
	dedupeB4 = roster("2021.05.07", "Anand, V", "Kramnik, V", "0-1") + otherLine40 + " 21. Bh6 Bf8 0-1\n"
)

// TestDedupe: pgnls dedupe -w keeps the most complete game of each set,
// merges the tags only removed copies have and reports the conflicts,
// and writes the removed games as they were: the files kept and the
// removed games hold every game given, byte for byte, but the tags
// added.
func TestDedupe(t *testing.T) {
	dir := t.TempDir()
	a := dedupeA1 + dedupeA2 + dedupeA3
	b := dedupeB1 + dedupeB2 + dedupeB3 + dedupeB4
	for name, text := range map[string]string{"a.pgn": a, "b.pgn": b} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := pgnlsCommand(t, dir, t.TempDir(), "dedupe", "-w", "--removed", "removed.pgn", "a.pgn", "b.pgn")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	keptB1 := strings.Replace(dedupeB1, "[Result \"1-0\"]\n", "[Result \"1-0\"]\n[Annotator \"Z\"]\n", 1)
	for name, want := range map[string]string{
		"a.pgn":       dedupeA2,
		"b.pgn":       keptB1 + dedupeB3 + dedupeB4,
		"removed.pgn": dedupeA1 + dedupeA3 + dedupeB2,
	} {
		if got := read(name); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
	}
	wantErr := `a.pgn:1: removed: a duplicate of game 1 (line 1) of b.pgn, kept
a.pgn:22: removed: a truncated copy (40 half-moves of 41) of game 1 (line 1) of b.pgn, kept
b.pgn:1: kept game: tag Annotator "Z" added from game 3 (line 22) of a.pgn
b.pgn:1: kept game: tag Date is "2020.01.03" here and "2020.01.01" in game 1 (line 1) of a.pgn, removed; left as it is
b.pgn:1: kept game: tag White is "Carlsen, Magnus" here and "Carlsen,M" in game 3 (line 22) of a.pgn, removed; left as it is
b.pgn:12: removed: a truncated copy (40 half-moves of 42) of game 3 (line 23), kept
b.pgn:23: kept game: tag Date is "2021.05.06" here and "2021.05.05" in game 2 (line 12), removed; left as it is
pgnls dedupe: 3 games removed of 7 games; 1 tag merged, 3 tag conflicts
`
	if stderr.String() != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), wantErr)
	}

	// Every game given is in the files kept or the removed games.
	var out []string
	for _, name := range []string{"a.pgn", "b.pgn", "removed.pgn"} {
		text := read(name)
		if name == "b.pgn" {
			text = strings.Replace(text, "[Annotator \"Z\"]\n", "", 1)
		}
		f := syntax.Parse(name, text, syntax.PGN)
		for _, g := range f.Games() {
			out = append(out, g.Game.Text)
		}
	}
	all := strings.Join(out, "\x00")
	for _, in := range []string{a, b} {
		for _, g := range syntax.Parse("", in, syntax.PGN).Games() {
			if !strings.Contains(all, strings.TrimRight(g.Game.Text, "\n")) {
				t.Errorf("lost:\n%s", g.Game.Text)
			}
		}
	}
}

// TestDedupeList: -l lists the files to change, changes none and writes
// no removed games.
func TestDedupeList(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"a.pgn": dedupeA1 + dedupeA2, "b.pgn": dedupeB1, "c.pgn": dedupeB4}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := pgnlsCommand(t, dir, t.TempDir(), "dedupe", "-l", "--removed", "removed.pgn", ".")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if stdout.String() != "a.pgn\n" {
		t.Errorf("listed %q, want a.pgn", stdout.String())
	}
	for name, text := range files {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != text {
			t.Errorf("%s changed", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "removed.pgn")); err == nil {
		t.Error("removed.pgn written")
	}
}

// TestDedupeMemory: when the fingerprints outgrow --memory and spill to
// disk, dedupe still removes every repeated game: manyGames repeats each
// game once, right after it.
func TestDedupeMemory(t *testing.T) {
	dir := t.TempDir()
	in := manyGames(2 * spillingGames)
	if err := os.WriteFile(filepath.Join(dir, "many.pgn"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := pgnlsCommand(t, dir, t.TempDir(), "dedupe", "--memory", "32MiB", "--removed", "removed.pgn", "many.pgn")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.HasSuffix(stderr.String(), fmt.Sprintf("%d games removed of %d games; 0 tags merged, 0 tag conflicts\n", spillingGames, 2*spillingGames)) {
		t.Errorf("stderr ends: %s", stderr.String()[max(0, stderr.Len()-200):])
	}
	removed, err := os.ReadFile(filepath.Join(dir, "removed.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var kept, gone strings.Builder
	for i, g := range syntax.Parse("", string(in), syntax.PGN).Games() {
		if i%2 == 0 {
			kept.WriteString(g.Game.Text)
		} else {
			gone.WriteString(g.Game.Text)
		}
	}
	if stdout.String() != kept.String() {
		t.Error("the games kept are not the first of each pair")
	}
	if string(removed) != gone.String() {
		t.Error("the games removed are not the second of each pair")
	}
}

// TestDedupeTinyBudget: with a share of the budget so small that the
// sets of repeated games, their roots and what happens to each game all
// spill to disk, dedupe writes what it writes with the default share:
// the games kept, the removed ones, the tags merged and every message.
func TestDedupeTinyBudget(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.pgn":    dedupeA1 + dedupeA2 + dedupeA3,
		"b.pgn":    dedupeB1 + dedupeB2 + dedupeB3 + dedupeB4,
		"many.pgn": string(manyGames(3000)),
	}
	var paths []string
	for _, name := range []string{"a.pgn", "b.pgn", "many.pgn"} {
		paths = append(paths, filepath.Join(dir, name))
		if err := os.WriteFile(paths[len(paths)-1], []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(removed string) (stdout, stderr, removedText string) {
		var out, errs bytes.Buffer
		args := append([]string{"--removed", filepath.Join(dir, removed)}, paths...)
		if code := dedupeVerb(args, nil, &out, &errs); code != exitOK {
			t.Fatalf("exit %d\n%s", code, errs.String())
		}
		r, err := os.ReadFile(filepath.Join(dir, removed))
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), errs.String(), string(r)
	}
	out, errs, removed := run("removed1.pgn")
	if !strings.Contains(errs, "1503 games removed of 3007 games; 1 tag merged, 3 tag conflicts") {
		t.Fatalf("the default share: %s", errs)
	}
	defer func(share func(int64) int64) { setsShare = share }(setsShare)
	setsShare = func(int64) int64 { return 1 }
	tout, terrs, tremoved := run("removed2.pgn")
	if tout != out || terrs != errs || tremoved != removed {
		t.Errorf("a tiny share differs from the default: stdout %v, stderr %v, removed %v\n%s", tout == out, terrs == errs, tremoved == removed, terrs)
	}
}
