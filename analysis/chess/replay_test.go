package chess

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const (
	bigPGNDir    = "../../../shared/testdata/pgn/big"
	quirkyPGNDir = "../../../shared/testdata/pgn/quirky"
)

// pgnGame is a game extracted crudely from a PGN file: its starting FEN
// (empty for the standard start) and its SAN tokens.
type pgnGame struct {
	fen   string
	moves []string
}

// crudeGames extracts games from PGN text without a real parser: a tag
// pair after movetext starts a new game; comments, variations, NAGs,
// move numbers, results and annotation glyphs are dropped.
func crudeGames(text string) []pgnGame {
	var games []pgnGame
	inMoves := false   // the current game has movetext
	inComment := false // inside {...}
	depth := 0         // nesting of (...) variations
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && !inComment && depth == 0 {
			if len(games) == 0 || inMoves {
				games = append(games, pgnGame{})
				inMoves = false
			}
			if v, ok := strings.CutPrefix(line, "[FEN \""); ok {
				games[len(games)-1].fen = strings.TrimSuffix(v, "\"]")
			}
			continue
		}
		if len(games) == 0 {
			continue
		}
		var movetext strings.Builder
	scan:
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case inComment:
				inComment = c != '}'
			case c == '{':
				inComment = true
			case c == ';':
				break scan
			case c == '(':
				depth++
			case c == ')':
				depth--
			case depth == 0:
				movetext.WriteByte(c)
			}
		}
		g := &games[len(games)-1]
		for _, tok := range strings.Fields(movetext.String()) {
			if i := strings.LastIndexByte(tok, '.'); i >= 0 && strings.Trim(tok[:i+1], "0123456789.") == "" {
				tok = tok[i+1:] // move number, possibly glued to the move
			}
			tok = strings.TrimRight(tok, "!?")
			switch {
			case tok == "", tok[0] == '$', tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
				continue
			}
			g.moves = append(g.moves, tok)
			inMoves = true
		}
	}
	return games
}

// replay plays the game and reports the first failing move.
func replay(t testing.TB, name string, g pgnGame, chess960 bool) (plies, findings int) {
	pos := StartPosition()
	if g.fen != "" {
		var err error
		if pos, err = ParseFEN(g.fen, chess960); err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
	}
	for i, tok := range g.moves {
		san, err := ParseSAN(tok)
		if err != nil {
			t.Errorf("%s ply %d: ParseSAN(%q): %v", name, i+1, tok, err)
			return
		}
		m, rerr := pos.Resolve(san)
		if rerr != nil {
			t.Errorf("%s ply %d: %q in %s: %v", name, i+1, tok, pos.FEN(), rerr)
			return
		}
		findings += len(pos.Lint(san, m))
		pos = pos.Make(m)
		plies++
	}
	return plies, findings
}

func replayFile(t *testing.T, path string, chess960 bool) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Fatalf("%s not found (check out ../shared beside the repository)", path)
	} else if err != nil {
		t.Fatal(err)
	}
	plies, findings := 0, 0
	games := crudeGames(string(data))
	for i, g := range games {
		p, f := replay(t, filepath.Base(path)+" game "+strconv.Itoa(i+1), g, chess960)
		plies += p
		findings += f
	}
	t.Logf("%s: %d games, %d plies, %d findings", filepath.Base(path), len(games), plies, findings)
}

func TestReplayMorphy(t *testing.T) {
	replayFile(t, filepath.Join(bigPGNDir, "pgnmentor-Morphy.pgn"), false)
}

func TestReplayAll(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	files, _ := filepath.Glob(filepath.Join(bigPGNDir, "*.pgn"))
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { replayFile(t, f, false) })
	}
}

func TestReplayChess960(t *testing.T) {
	for _, name := range []string{"chess960-rapid-wch-2009.pgn", "cutechess-fischerrandom.pgn"} {
		t.Run(name, func(t *testing.T) { replayFile(t, filepath.Join(quirkyPGNDir, name), true) })
	}
}
