// Command gochess is the github.com/corentings/chess/v2 peer of the pgnls
// peer benchmark (bench/run): it replays every game of a PGN file with the
// library's tokenizer and parser (chess.TokenizeGame, chess.NewParser(...).
// Parse). That parser matches every move it reads, main line and
// variations, against the legal moves of the position, so a game with an
// illegal move is an error.
//
// Usage: gochess [-scanner] FILE
//
// By default the file is split into games here (a tag line after movetext
// starts a game, as in bench/node/split.mjs), because the library's own
// chess.Scanner stops on some corpus files: it ends a game only before an
// "[Event " tag and holds a game in a bufio.Scanner token of at most 64 KiB.
// With -scanner the library's Scanner splits the file instead, which shows
// how far it gets.
//
// It prints one line, "corentings<TAB>games=N<TAB>errors=E<TAB>plies=P<TAB>FILE",
// where games counts the games parsed without error, errors the games the
// parser rejected and plies the main-line moves of the parsed games; the
// first few errors go to standard error. Exit status 1 if some game was
// rejected or the file could not be read to its end.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/corentings/chess/v2"
)

func main() {
	useScanner := flag.Bool("scanner", false, "split games with the library's chess.Scanner")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: gochess [-scanner] FILE")
		os.Exit(2)
	}
	path := flag.Arg(0)
	var c counter
	var err error
	if *useScanner {
		err = c.scanLibrary(path)
	} else {
		err = c.scanLines(path)
	}
	status := 0
	if err != nil {
		fmt.Fprintf(os.Stderr, "gochess: stopped after %d games: %v\n", c.games+c.errors, err)
		status = 1
	}
	fmt.Printf("corentings\tgames=%d\terrors=%d\tplies=%d\t%s\n", c.games, c.errors, c.plies, path)
	if c.errors > 0 {
		status = 1
	}
	os.Exit(status)
}

type counter struct {
	games, errors, plies int
}

// parse tokenizes, parses and replays one game.
func (c *counter) parse(text string) {
	tokens, err := chess.TokenizeGame(&chess.GameScanned{Raw: text})
	var g *chess.Game
	if err == nil {
		g, err = chess.NewParser(tokens).Parse()
	}
	if err != nil {
		c.errors++
		if c.errors <= 5 {
			fmt.Fprintf(os.Stderr, "gochess: game %d: %v\n", c.games+c.errors, err)
		}
		return
	}
	c.games++
	c.plies += len(g.Moves())
}

// scanLibrary splits the file with the library's chess.Scanner.
func (c *counter) scanLibrary(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := chess.NewScanner(bufio.NewReaderSize(f, 1<<16))
	for {
		scanned, err := sc.ScanGame()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		c.parse(scanned.Raw)
	}
}

// scanLines splits the file into games: a tag line ("[" in column 1,
// outside a {comment}) that follows movetext starts a new game.
func (c *counter) scanLines(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(data)
	start := 0 // offset of the current game
	sawMoves, inComment := false, false
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off + 1
		}
		line := text[off:end]
		if !inComment && strings.HasPrefix(line, "[") && sawMoves {
			c.parse(text[start:off])
			start, sawMoves = off, false
		}
		if inComment || !(strings.HasPrefix(line, "[") || strings.HasPrefix(line, "%") || strings.TrimSpace(line) == "") {
			sawMoves, inComment = scanMovetext(line, sawMoves, inComment)
		}
		off = end
	}
	if strings.TrimSpace(text[start:]) != "" {
		c.parse(text[start:])
	}
	return nil
}

// scanMovetext follows {comments} across a movetext line and notes
// whether it holds anything but comments and space.
func scanMovetext(line string, sawMoves, inComment bool) (bool, bool) {
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case inComment:
			inComment = ch != '}'
		case ch == '{':
			inComment = true
		case ch == ';':
			return sawMoves, inComment
		case ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n':
			sawMoves = true
		}
	}
	return sawMoves, inComment
}
