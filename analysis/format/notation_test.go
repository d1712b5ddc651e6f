package format_test

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// notationCases are the notations the goldens show, by the name of their
// golden file: each notation, then SAN and LAN in every language.
func notationCases() map[string]format.Options {
	cases := map[string]format.Options{
		"lan":          {Notation: "lan"},
		"uci":          {Notation: "uci"},
		"figurine":     {Notation: "figurine"},
		"fen-comments": {FENComments: true},
		"final-fen":    {FinalFEN: true},
	}
	for lang := range chess.Languages {
		if lang != "en" {
			cases["san-"+lang] = format.Options{Lang: lang}
			cases["lan-"+lang] = format.Options{Notation: "lan", Lang: lang}
		}
	}
	return cases
}

// TestNotationGolden writes testdata/format/notation/*.pgn in every
// notation and language and compares with NAME.CASE.golden (-update
// rewrites them).
func TestNotationGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/format/notation/*.pgn")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	cases := notationCases()
	for _, in := range files {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range slices.Sorted(maps.Keys(cases)) {
			opts := cases[name]
			got := format.File(parse(in, string(data)), opts)
			if strings.Contains(got, "game left") || got == format.File(parse(in, string(data)), format.Options{}) {
				t.Errorf("%s: %s: the moves were not rewritten", in, name)
			}
			golden := in + "." + name + ".golden"
			if *update {
				os.WriteFile(golden, []byte(got), 0o644)
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s: %s: output differs from %s\n%s", in, name, golden, got)
			}
			if again := format.File(parse(in, got), opts); again != got {
				t.Errorf("%s: %s: not idempotent", in, name)
			}
		}
	}
}

// TestNotationRoundTrip writes the shared PGN files of sampleFile in LAN,
// UCI and with FEN comments: formatting the output again in SAN (and, for
// the FEN comments, stripping comments from both sides) gives the SAN
// form of the input, game by game; and each FEN comment is the position
// the board replay reaches after its move.
func TestNotationRoundTrip(t *testing.T) {
	n := 0
	eachSharedFile(t, func(path, text string) {
		if !sampleFile(path, text) {
			return
		}
		n++
		f := parse(path, text)
		san := format.File(f, format.Options{})
		for _, opts := range []format.Options{{Notation: "lan"}, {Notation: "uci"}} {
			out := format.File(f, opts)
			if back := format.File(parse(path, out), format.Options{}); back != san {
				t.Errorf("%s: --notation %s then fmt is not fmt", path, opts.Notation)
			}
		}
		bare := format.Options{Strip: format.Strip{Comments: true}}
		withFEN := format.File(f, format.Options{FENComments: true})
		if got, want := format.File(parse(path, withFEN), bare), format.File(f, bare); got != want {
			t.Errorf("%s: --fen-comments then --strip comments is not --strip comments", path)
		}
		checkFENComments(t, path, f)
	})
	if n == 0 {
		t.Fatal("no PGN file")
	}
}

// checkFENComments checks that in every game of f that can be formatted
// with FEN comments, the comment after every move that can be played is
// the FEN of the replay's position after it.
func checkFENComments(t *testing.T, path string, f *syntax.File) {
	t.Helper()
	for _, r := range f.Games() {
		res := format.Game(r.Game, f.Dialect, format.Options{FENComments: true})
		if res.Skipped != "" || res.Text == "" {
			continue
		}
		g := parse(path, res.Text).Game(0).Game
		start := legality.StartOf(g)
		if !start.Known {
			continue
		}
		legality.Replay(g, start, func(st *legality.Step) {
			if st.After == nil {
				return
			}
			if st.Index+1 >= len(st.Line) {
				t.Errorf("%s: no comment after %s", path, st.Node.Text)
				return
			}
			c, ok := st.Line[st.Index+1].(*syntax.Comment)
			if !ok || strings.Join(strings.Fields(c.Text), " ") != st.After.FEN() {
				t.Errorf("%s: after %s: %v, want the FEN %s", path, st.Node.Text, st.Line[st.Index+1], st.After.FEN())
			}
		})
	}
}

// uciForm is a UCI move as python-chess's Move.uci() writes it: origin,
// target, and the promotion piece in lower case.
var uciForm = regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?$`)

// TestNotationPerft plays every legal move of 200 orthodox and Chess960
// positions of the shared perft suites as a game of one move (the
// moves as variations of the first) and writes it in UCI and LAN: as
// many distinct UCI moves as the suite's depth-1 count, each in
// python-chess's form (Chess960 castling as the king taking its rook);
// and reading either back gives the game in SAN.
func TestNotationPerft(t *testing.T) {
	positions := 0
	for _, file := range []string{"tricky.perft", "chess960.perft", "random.perft"} {
		path := "../../../shared/testdata/perft/" + file
		fh, err := os.Open(path)
		if err != nil {
			t.Fatalf("%v (check out ../shared beside the repository)", err)
		}
		sc := bufio.NewScanner(fh)
		var epd, id string
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "id "); ok {
				id = v
				continue
			}
			if v, ok := strings.CutPrefix(line, "epd "); ok {
				epd = v
				continue
			}
			v, ok := strings.CutPrefix(line, "perft 1 ")
			if !ok || epd == "" || positions >= 200 {
				continue
			}
			want, _ := strconv.Atoi(v)
			positions++
			checkPerftPosition(t, file, epd+" 0 1", file == "chess960.perft" || strings.HasPrefix(id, "xfen"), want)
			epd = ""
		}
		fh.Close()
	}
	if positions < 100 {
		t.Fatalf("only %d positions", positions)
	}
}

func checkPerftPosition(t *testing.T, file, fen string, chess960 bool, want int) {
	t.Helper()
	pos, err := chess.ParseFEN(fen, chess960)
	if err != nil {
		return // a position the suite has for its move generator, no game can reach (pgnls check reports it)
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return
	}
	var b strings.Builder
	variant := ""
	if chess960 {
		variant = "[Variant \"Chess960\"]\n"
	}
	b.WriteString("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n" + variant + "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n")
	first := true
	for _, m := range moves {
		if !first {
			b.WriteString("(")
		}
		b.WriteString(pos.SAN(m))
		if !first {
			b.WriteString(") ")
		} else {
			b.WriteString(" ")
		}
		first = false
	}
	b.WriteString("*\n")
	f := parse("perft.pgn", b.String())
	san := format.File(f, format.Options{})
	uci := format.File(f, format.Options{Notation: "uci"})
	seen := map[string]bool{}
	for _, r := range parse("perft.pgn", uci).Games() {
		syntax.Inspect(r.Game.Moves, func(e syntax.Elem) bool {
			if m, ok := e.(*syntax.Move); ok {
				seen[m.Text] = true
				if !uciForm.MatchString(m.Text) {
					t.Errorf("%s: %s: %s is not a UCI move", file, fen, m.Text)
				}
			}
			return true
		})
	}
	if len(seen) != want {
		t.Errorf("%s: %s: %d distinct UCI moves, perft 1 is %d", file, fen, len(seen), want)
	}
	for _, n := range []string{"uci", "lan"} {
		out := format.File(f, format.Options{Notation: n})
		if back := format.File(parse("perft.pgn", out), format.Options{}); back != san {
			t.Errorf("%s: %s: the %s moves do not read back:\n%s\n%s", file, fen, n, out, back)
		}
	}
}
