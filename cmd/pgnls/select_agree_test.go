package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// sharedPGN is the folder of the shared real PGN files.
const sharedPGN = "../../../shared/testdata/pgn"

// disagreeingFiles are the shared files pgn-extract reads as other games
// than pgnls does (docs/SELECT.md, "Agreement with pgn-extract"): the
// agreement test leaves them out.
var disagreeingFiles = map[string]string{
	"annotated/mate-in-3-fen-puzzles.pgn":                "a tag value with an unescaped quote: pgn-extract reads four more games",
	"quirky/antichess-programfox.pgn":                    "antichess: pgn-extract plays the moves by the rules of chess and rejects the games",
	"quirky/fics-crazyhouse.pgn":                         "crazyhouse drops (N@f3): pgn-extract cannot read them",
	"quirky/chessops-headers-and-moves-on-same-line.pgn": "a game without a result: pgn-extract drops it",
	"quirky/chessops-pathological-headers.pgn":           "a game without a result: pgn-extract drops it",
	"quirky/immortal-games-annotated-nonstandard.pgn":    "syntax errors each reader recovers from in its own way",
	"quirky/pgn-extract-nested-comment.pgn":              "a nested comment: pgn-extract reads its inside as games",
	"quirky/pgn-extract-nullmoves.pgn":                   "null moves in the main line: pgn-extract rejects the games",
	"quirky/pgn-parser-german-piece-letters.pgn":         "German piece letters: pgn-extract reads them as other games",
	"quirky/pychess-badpgn.pgn":                          "a broken tag: pgn-extract reads two games",
}

// pgnExtract returns the pgn-extract program: it must be there in CI
// (.ci/run installs it), and the test is skipped without it elsewhere.
func pgnExtract(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"pgn-extract", "/usr/games/pgn-extract"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("pgn-extract is missing: .ci/run installs it (apt-get install pgn-extract)")
	}
	t.Skip("pgn-extract is missing (apt-get install pgn-extract)")
	return ""
}

// gameIDs reads a PGN text and returns its games as the multiset of their
// identities: the Seven Tag Roster (a missing or empty tag as "?", as
// pgn-extract writes it) and the number of half-moves of the main line.
func gameIDs(text string) map[string]int {
	ids := map[string]int{}
	f := syntax.Parse("out.pgn", text, syntax.PGN)
	for _, r := range f.Games() {
		g := r.Game
		if len(g.Tags) == 0 && len(g.Moves) == 0 {
			continue
		}
		var b strings.Builder
		for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
			v, _ := g.TagValue(name)
			v = strings.TrimSpace(v)
			if v == "" || v == "????.??.??" {
				v = "?"
			}
			b.WriteString(v + "|")
		}
		fmt.Fprint(&b, countMoves(g.Moves))
		ids[b.String()]++
	}
	return ids
}

// goCommand returns the go command ("go test" puts its own first in the
// PATH of the test).
func goCommand(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build pgnls: %v", err)
	}
	return path
}

func countMoves(line []syntax.Elem) int {
	n := 0
	for _, e := range line {
		if _, ok := e.(*syntax.Move); ok {
			n++
		}
	}
	return n
}

// minus returns the games of a that are not in b, counted.
func minus(a, b map[string]int) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(a)) {
		if n := a[k] - b[k]; n > 0 {
			out = append(out, fmt.Sprintf("%dx %s", n, k))
		}
	}
	return out
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// agreeFiles returns the shared PGN files both programs read as the same
// games, but the two largest (8 MB, which the bench/select script reads:
// the test stays under a minute), sorted.
func agreeFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"annotated", "big", "quirky"} {
		names, _ := filepath.Glob(filepath.Join(sharedPGN, dir, "*.pgn"))
		for _, n := range names {
			rel, _ := filepath.Rel(sharedPGN, n)
			rel = filepath.ToSlash(rel)
			if _, skip := disagreeingFiles[rel]; !skip && rel != "big/pgnmentor-Carlsen.pgn" && rel != "annotated/tcec-S13-superfinal.pgn" {
				files = append(files, n)
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	return files
}

// TestSelectAgreesWithPgnExtract runs the same selections with pgnls
// select and pgn-extract over the shared real files and compares the
// games selected, by identity: the same games, as many, wherever both
// programs mean the same; where pgnls selects more by design (see
// docs/SELECT.md) the games pgn-extract selects must be among pgnls's.
func TestSelectAgreesWithPgnExtract(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pgn-extract forty times over 11 MB")
	}
	px := pgnExtract(t)
	files := agreeFiles(t)
	dir := t.TempDir()
	// pgnls runs as a program built apart, without the race detector
	// that may instrument this test: ten times as fast.
	pgnls := filepath.Join(dir, "pgnls")
	build := exec.Command(goCommand(t), "build", "-o", pgnls, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const najdorf = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"
	const najdorfLine = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"
	const openSicilian = "rnbqkbnr/pp2pppp/3p4/8/3NP3/8/PPP2PPP/RNBQKB1R b KQkq - 0 4"
	pxOut := func(args ...string) map[string]int {
		f, err := os.CreateTemp(dir, "px-*.pgn")
		if err != nil {
			t.Fatal(err)
		}
		out := f.Name()
		f.Close()
		cmd := exec.Command(px, append(append([]string{"-s", "--output", out}, args...), files...)...)
		cmd.Stderr = io.Discard
		if err := cmd.Run(); err != nil {
			t.Fatalf("pgn-extract %s: %v", strings.Join(args, " "), err)
		}
		data, err := os.ReadFile(out)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return gameIDs(string(data))
	}
	plOut := func(args ...string) map[string]int {
		var out, errb bytes.Buffer
		cmd := exec.Command(pgnls, append(append([]string{"select"}, args...), files...)...)
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
				t.Fatalf("pgnls select %s: %v: %s", strings.Join(args, " "), err, errb.String())
			}
		}
		return gameIDs(out.String())
	}
	const (
		equal  = iota
		wider  // pgnls selects every game pgn-extract does, and more
		narrow // pgnls selects only games pgn-extract does
	)
	for _, tc := range []struct {
		name     string
		pgnls    []string
		pgnx     []string
		relation int
	}{
		{"all games", []string{"-v", "--where", `Event = "no such event"`}, nil, equal},
		{"White, a prefix", []string{"--where", "White ~ /^Kasparov/"}, []string{"-TwKasparov"}, equal},
		{"Black, a prefix", []string{"--where", "Black ~ /^Karpov/"}, []string{"-TbKarpov"}, equal},
		{"either player", []string{"--where", "Player ~ /^Carlsen/"}, []string{"-TpCarlsen"}, equal},
		{"result", []string{"--where", "Result = 1-0"}, []string{"-Tr1-0"}, equal},
		{"draws", []string{"--where", "Result = draw"}, []string{"-Tr1/2-1/2"}, equal},
		{"decisive", []string{"--where", "Result = 1-0 or Result = 0-1"}, []string{"-Tr1-0", "-Tr0-1"}, equal},
		{"a year", []string{"--where", "Date = 1990"}, []string{"-Td1990"}, equal},
		{"before a year", []string{"--where", "Date < 1962"}, []string{"-Tdb1962"}, equal},
		{"after a year", []string{"--where", "Date > 1962"}, []string{"-Tda1962"}, equal},
		{"ECO, a prefix", []string{"--where", "ECO ~ /^B9/"}, []string{"-TeB9"}, equal},
		{"ratings", []string{"--where", "WhiteElo >= 2600 and BlackElo < 2500"}, []string{"-t" + write("elo.tags", "WhiteElo >= \"2600\"\nBlackElo < \"2500\"\n")}, equal},
		{"either rating", []string{"--where", "Elo >= 2700"}, []string{"-t" + write("elo2.tags", "Elo >= \"2700\"\n")}, narrow},
		{"tag file: and of or", []string{"--where", "White ~ /^Tal/ and (Date ~ /^1960/ or Date ~ /^1961/)"}, []string{"-t" + write("tal.tags", "White \"Tal\"\nDate \"1960\"\nDate \"1961\"\n")}, equal},
		{"plies, at least", []string{"--where", "Plies >= 80 and not has setup"}, []string{"-pl80", "--nosetuptags"}, equal},
		{"plies, at most", []string{"--where", "Plies <= 20 and not has setup"}, []string{"-pu20", "--nosetuptags"}, equal},
		{"moves, at least", []string{"--where", "Moves >= 30 and not has setup"}, []string{"-bl30", "--nosetuptags"}, equal},
		{"moves, exactly", []string{"--where", "Moves = 25 and not has setup"}, []string{"-b25", "--nosetuptags"}, equal},
		{"checkmate", []string{"--where", "End = checkmate"}, []string{"-M"}, equal},
		{"stalemate", []string{"--where", "End = stalemate"}, []string{"--stalemate"}, equal},
		{"fifty moves", []string{"--where", "has fifty"}, []string{"--fifty"}, equal},
		{"repetition", []string{"--where", "has repetition"}, []string{"--repetition"}, wider},
		{"underpromotion", []string{"--where", "has underpromotion"}, []string{"--underpromotion"}, equal},
		{"SetUp", []string{"--where", "has setup"}, []string{"--onlysetuptags"}, equal},
		{"no SetUp", []string{"--where", "not has setup"}, []string{"--nosetuptags"}, equal},
		{"a FEN's board", []string{"--fen", strings.Fields(najdorf)[0]}, []string{"-t" + write("fen.tags", "FEN \""+najdorf+"\"\n")}, equal},
		{"a FEN's board, in variations", []string{"--variations", "--fen", strings.Fields(openSicilian)[0]}, []string{"-t" + write("fen2.tags", "FEN \""+openSicilian+"\"\n")}, equal},
		{"a FEN pattern", []string{"--variations", "--fen-pattern", "*/*/*/*/???PP???/*/*/*"}, []string{"-Tf*/*/*/*/???PP???/*/*/*"}, equal},
		{"a FEN pattern with sets", []string{"--variations", "--fen-pattern", "r*/*/*/*/*/*/[PB]*/[RQ]*"}, []string{"-Tfr*/*/*/*/*/*/[PB]*/[RQ]*"}, equal},
		{"a position after moves", []string{"--reaches", najdorfLine}, []string{"-x" + write("najdorf.x", najdorfLine+"\n")}, equal},
		{"moves from the start", []string{"--moves", najdorfLine}, []string{"-P", "-v" + write("najdorf.v", najdorfLine+"\n")}, equal},
		{"moves with wildcards", []string{"--moves", "d4 * c4 * Nc3 *"}, []string{"-P", "-v" + write("wild.v", "d4 * c4 * Nc3 *\n")}, equal},
		{"moves with a move left out", []string{"--moves", "e4 c5 !Nf3"}, []string{"-P", "-v" + write("not.v", "e4 c5 !Nf3\n")}, equal},
		{"moves with alternatives", []string{"--moves", "e4 e5 Nf3 Nc6 Bb5|Bc4"}, []string{"-P", "-v" + write("alt.v", "e4 e5 Nf3 Nc6 Bb5|Bc4\n")}, equal},
		{"material, rook endings", []string{"--material", "R+P* vs R+P*"}, []string{"-z" + write("rook.z", "R+P* R+P*\n")}, wider},
		{"material, as written", []string{"--material-white", "q*r*b2n0p* vs q=r=b0n2p="}, []string{"-y" + write("white.z", "q*r*b2n0p* q=r=b0n2p=\n")}, wider},
		{"material, either side", []string{"--material", "q*r*b2n0p* vs q=r=b0n2p="}, []string{"-z" + write("either.z", "q*r*b2n0p* q=r=b0n2p=\n")}, wider},
		{"the matches of some numbers", []string{"--where", "Result = 1-0", "--matches", "2:5,9"}, []string{"-Tr1-0", "--selectonly", "2:5,9"}, equal},
		{"the first matches", []string{"--where", "Result = 0-1", "-n", "3"}, []string{"-Tr0-1", "--stopafter", "3"}, equal},
		{"skipping matches", []string{"--where", "Result = 0-1", "--matches", "3:"}, []string{"-Tr0-1", "--skipmatching", "1:2"}, equal},
		{"no duplicates", []string{"-v", "--duplicates"}, []string{"-D"}, wider},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pl := plOut(tc.pgnls...)
			pe := pxOut(tc.pgnx...)
			if total(pe) == 0 {
				t.Fatalf("pgn-extract selects no game: the test proves nothing")
			}
			more, fewer := minus(pl, pe), minus(pe, pl)
			switch {
			case tc.relation != narrow && len(fewer) > 0:
				t.Errorf("pgnls (%d games) misses %d of pgn-extract's (%d), such as\n%s", total(pl), len(fewer), total(pe), strings.Join(fewer[:min(5, len(fewer))], "\n"))
			case tc.relation != wider && len(more) > 0:
				t.Errorf("pgnls (%d games) selects %d that pgn-extract (%d) does not, such as\n%s", total(pl), len(more), total(pe), strings.Join(more[:min(5, len(more))], "\n"))
			}
			t.Logf("pgnls %d games, pgn-extract %d", total(pl), total(pe))
		})
	}
}
