// Package format prints games in export form, like gofmt prints Go.
//
// Invariants: formatting never drops meaning (comments, variations, NAGs,
// escape lines and unknown tags survive; comment words are kept, only the
// blanks between them change); a game with syntax errors, an unresolved
// move or a contradiction it cannot settle is returned byte for byte as it
// was; Format(Format(x)) == Format(x).
package format

import (
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// Options control the layout.
type Options struct {
	// Width is the longest movetext line in characters; 0 means 79.
	// CTL-PGN records have one move pair per line; their comments are
	// filled up to the width.
	Width int
	// CTLStyle selects the separators of CTL-PGN moves: CTLKeep ("", the
	// style the record uses consistently, else "-" and "×"), CTLASCII
	// ("-" and "*") or CTLUnicode ("‐" and "×"). Other values keep.
	CTLStyle string
}

func (o Options) width() int {
	if o.Width <= 0 {
		return 79
	}
	return o.Width
}

// Result is the outcome of formatting one game.
type Result struct {
	Text    string // the formatted game, or the original text when Skipped
	Skipped string // why the game was left as it was; "" when formatted
	Broken  bool   // Skipped because of an error in the game (not, say, because it is empty)
}

// File formats every game of f and separates games by one blank line;
// the file ends with exactly one newline when its last game is formatted.
// Games that cannot be formatted keep their bytes.
func File(f *syntax.File, opts Options) string {
	var b strings.Builder
	prevFormatted := false
	for i, r := range f.Games() {
		res := Game(r.Game, f.Dialect, opts)
		formatted := res.Skipped == ""
		if i > 0 && (formatted || prevFormatted) {
			blankLine(&b, lineEnd(r.Game))
		}
		b.WriteString(res.Text)
		prevFormatted = formatted
	}
	return b.String()
}

// blankLine ends b with an empty line, adding as few line ends as needed.
func blankLine(b *strings.Builder, nl string) {
	s := b.String()
	switch {
	case strings.HasSuffix(s, "\n\n") || strings.HasSuffix(s, "\n\r\n"):
	case strings.HasSuffix(s, "\n"):
		b.WriteString(nl)
	default:
		b.WriteString(nl + nl)
	}
}

// lineEnd is the game's line terminator: CRLF when the game uses it.
func lineEnd(g *syntax.Game) string {
	if strings.Contains(g.Text, "\r\n") {
		return "\r\n"
	}
	return "\n"
}

// Game formats one game in export form: PGN's (1994, §8), or for CTL-PGN
// records that of the C'escacs specification (§8).
func Game(g *syntax.Game, d syntax.Dialect, opts Options) Result {
	if len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == nil {
		return Result{Text: g.Text, Skipped: "the game is empty"}
	}
	if d != syntax.PGN {
		return ctlGame(g, opts)
	}
	if reason := broken(g); reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true}
	}
	text, reason := pgnGame(g, opts)
	if reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true}
	}
	return Result{Text: text}
}

// broken reports a syntax error that makes the game's meaning uncertain.
func broken(g *syntax.Game) string {
	for _, e := range g.Errs {
		if e.Severity == syntax.SevError {
			return "syntax error: " + e.Msg
		}
	}
	return ""
}
