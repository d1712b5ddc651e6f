// Package format prints games in export form, like gofmt prints Go, and
// filters CTL-PGN records into the clean input of a minimal reader
// (Filter).
//
// Invariants: formatting never drops meaning (comments, variations, NAGs,
// escape lines and unknown tags survive; comment words are kept, only the
// blanks between them change); a game with syntax errors, an unresolved
// move or a contradiction it cannot settle is returned byte for byte as it
// was; Format(Format(x)) == Format(x). The filter drops what a minimal
// reader does not read, and nothing else; it too leaves a record it
// cannot filter byte for byte, and Filter(Filter(x)) == Filter(x).
package format

import (
	"context"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
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
	// Filter writes CTL-PGN records in the filtered form of Filter
	// instead of the export form; Width and CTLStyle do not apply, and
	// PGN games are left as they are.
	Filter bool
	// Strip lists what the writer leaves out of every game, for a clean
	// copy (see Strip); it applies with Filter too.
	Strip Strip
	// Notation is how PGN moves are written: "san" ("", the default),
	// "lan" (e2-e4, Ng1xf3), "uci" (e2e4, e7e8q; Chess960 castling as the
	// king taking its rook) or "figurine" (SAN with ♔♕♖♗♘); see
	// CheckNotation.
	Notation string
	// Lang writes the piece letters of SAN or LAN in a language of
	// chess.Languages ("de": Sf3); "" or "en" is English.
	Lang string
	// FENComments writes after every move of a PGN game a comment
	// holding the FEN of the position after it.
	FENComments bool
	// FinalFEN writes a FinalFEN tag holding the FEN of the position
	// after the last move of the main line of a PGN game.
	FinalFEN bool
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
	// At is where the problem of a Broken game is, as an offset into
	// the game's text: the move, syntax error, tag or result that stopped
	// the rewriting; 0 (the game's start) when nothing narrower applies.
	At syntax.Pos
	// Edited marks a Text that is not laid out in export form but is
	// the game's own text, edited in place or not at all (by package
	// fix): a Joiner writes it as a game left as it was, without the
	// blank lines between formatted games, yet, when it differs from the
	// game's text, checks as for a formatted game that it still reads
	// as a game of its own.
	Edited bool
}

// Joiner writes the results of Game one after another, games separated
// by one blank line, the text ending with exactly one newline when its
// last game is formatted, so that a stream of games can be formatted
// without holding the file.
type Joiner struct {
	w          io.Writer
	d          syntax.Dialect
	started    bool
	prev       bool    // the previous game was formatted
	prevEdited bool    // the previous game was edited (Result.Edited) and changed
	prevText   string  // its text as written
	prevEnd    byte    // the last byte of its original text
	tail       [3]byte // the last bytes written, right-aligned
	err        error
}

// NewJoiner returns a Joiner writing games of dialect d to w.
func NewJoiner(w io.Writer, d syntax.Dialect) *Joiner { return &Joiner{w: w, d: d} }

// Add writes the result res of formatting game g, preceded by the blank
// line that separates it from the game before, and returns the game's
// text as written and the first write error so far. A formatted (or
// edited) game that would no longer be read as a game of its own after
// the game before it is written as it was: the text is then g's, not
// res.Text.
func (j *Joiner) Add(g *syntax.Game, res Result) (string, error) {
	sep, text, _ := j.Next(g, res)
	for _, s := range [2]string{sep, text} {
		if j.err == nil && s != "" {
			_, j.err = io.WriteString(j.w, s)
		}
	}
	return text, j.err
}

// Next is Add without the writing: it returns the separator to write
// before game g, the game's text (res.Text, or g's own text when it had
// to be left as it was) and whether that text is formatted, and goes on
// as if they had been written. The language server uses it to turn the
// layout into per-game edits.
func (j *Joiner) Next(g *syntax.Game, res Result) (sep, text string, formatted bool) {
	formatted = res.Skipped == "" && !res.Edited
	rewritten := formatted || res.Edited && res.Text != g.Text
	if j.started && (formatted || j.prev) {
		nl := analysis.LineEnd(g)
		t := string(j.tail[:])
		switch {
		case strings.HasSuffix(t, "\n\n") || t == "\n\r\n":
		case strings.HasSuffix(t, "\n"):
			sep = nl
		default:
			sep = nl + nl
		}
	}
	// An edited game glued to the next one, on the same line, may end in
	// a way that joins the next game's first token ("*" made "1-0"
	// before "0"): a line end keeps them apart.
	if j.prevEdited && sep == "" && !endsBlank(j.prevText) && !separate(j.prevText, sep, res.Text, j.d) {
		sep = analysis.LineEnd(g)
	}
	// A formatted (or edited) game must still read as a game of its own:
	// after an unformatted game whose tag section it could continue, or,
	// when it does not start with a tag, after any game whose trailing
	// comments it could become (CTL-PGN keeps comments after the result
	// line).
	if rewritten && j.started && (!j.prev || !strings.HasPrefix(res.Text, "[")) && !separate(j.prevText, sep, res.Text, j.d) {
		res, formatted = Result{Text: g.Text, Skipped: "rewritten, it would merge with the game before it"}, false
		if !j.prev {
			sep = ""
		}
	}
	// A game left as it was that began in the middle of a line, after a
	// formatted game, now begins a line: a "%" there would open an escape
	// comment. A space keeps it where it was, out of column 1.
	// The space then reads as part of the game (as it would on the next
	// run), for the check above.
	lead := ""
	if !formatted && j.prev && strings.HasPrefix(res.Text, "%") && j.prevEnd != '\n' && j.prevEnd != '\r' {
		sep += " "
		lead = " "
	}
	j.record(sep)
	j.record(res.Text)
	j.started, j.prev, j.prevText = true, formatted, lead+res.Text
	j.prevEdited = res.Edited && res.Text != g.Text
	if g.Text != "" {
		j.prevEnd = g.Text[len(g.Text)-1]
	}
	return sep, res.Text, formatted
}

// separate reports whether a parse of a+sep+b reads a as a game of its
// own; the separator's line ends go with it, as blank lines do.
func separate(a, sep, b string, d syntax.Dialect) bool {
	f := syntax.Parse("", a+sep+b, d)
	return f.NumGames() > 1 && f.Game(0).Game.Text == a+sep
}

// endsBlank reports whether s ends with a blank or a line end.
func endsBlank(s string) bool {
	return s != "" && strings.ContainsRune(" \t\r\n", rune(s[len(s)-1]))
}

// Err returns the first write error.
func (j *Joiner) Err() error { return j.err }

func (j *Joiner) record(s string) {
	if len(s) >= len(j.tail) {
		copy(j.tail[:], s[len(s)-len(j.tail):])
		return
	}
	copy(j.tail[:], j.tail[len(s):])
	copy(j.tail[len(j.tail)-len(s):], s)
}

// Game formats one game in export form: PGN's (1994, §8), or for CTL-PGN
// records that of the C'escacs specification (§8). A byte-order mark
// that starts the game (the file) is kept. With opts.Filter it is
// Filter.
func Game(g *syntax.Game, d syntax.Dialect, opts Options) Result {
	if !opts.Strip.IsZero() || opts.FENComments || opts.FinalFEN {
		return stripped(g, d, opts)
	}
	if opts.Filter {
		return Filter(g, d)
	}
	return keepBOM(g, game(g, d, opts))
}

// stripped formats g without what opts.Strip leaves out, and with the
// FEN comments of opts.FENComments. A game that held only what is
// stripped (a file's header comment) is written as nothing; one that
// cannot be formatted is left as it was.
func stripped(g *syntax.Game, d syntax.Dialect, opts Options) Result {
	s := opts.Strip.apply(g, d)
	if opts.FENComments && d == syntax.PGN && !opts.Filter {
		s = withFENs(s)
	}
	if opts.FinalFEN && d == syntax.PGN && !opts.Filter {
		s = withFinalFEN(s)
	}
	if len(s.Header) == 0 && len(s.Moves) == 0 && s.Result == nil && len(s.After) == 0 &&
		(len(g.Header) > 0 || len(g.Moves) > 0 || len(g.After) > 0) && len(g.Errs) == 0 {
		return Result{}
	}
	var res Result
	if opts.Filter {
		res = filter(s, d)
	} else {
		res = game(s, d, opts)
	}
	if res.Skipped != "" {
		res.Text = g.Text
	}
	return keepBOM(g, res)
}

// keepBOM puts back the byte-order mark that starts g before its
// rewritten text.
func keepBOM(g *syntax.Game, res Result) Result {
	if res.Skipped == "" && strings.HasPrefix(g.Text, bom) {
		res.Text = bom + res.Text
	}
	return res
}

// bom is the UTF-8 byte-order mark.
const bom = "\uFEFF"

func game(g *syntax.Game, d syntax.Dialect, opts Options) Result {
	empty := len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == nil
	if empty && (d != syntax.PGN || len(g.Header) == 0) {
		return Result{Text: g.Text, Skipped: "the game is empty"}
	}
	if d != syntax.PGN {
		return ctlGame(g, opts)
	}
	if reason, at := broken(g); reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true, At: at}
	}
	if empty {
		return Result{Text: commentsOnly(g, opts)}
	}
	text, reason, at := pgnGame(g, opts)
	if reason != "" {
		return Result{Text: g.Text, Skipped: reason, Broken: true, At: at}
	}
	return Result{Text: text}
}

// broken reports a syntax error that makes the game's meaning uncertain,
// and where it is. A missing result is not one: the formatter writes the
// result the final position decides, else the one the Result tag gives,
// or "*".
func broken(g *syntax.Game) (string, syntax.Pos) {
	for _, e := range g.Errs {
		if e.Severity == syntax.SevError && e.Code != syntax.CodeMissingResult {
			return "syntax error: " + e.Msg, e.Span.Start
		}
	}
	return "", 0
}

// invalidUTF8 returns the offset of the first byte of text that is not
// valid UTF-8, or -1.
func invalidUTF8(text string) syntax.Pos {
	for i, r := range text {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(text[i:]); n == 1 {
				return syntax.Pos(i)
			}
		}
	}
	return -1
}

// firstTag returns g's first tag called name, or nil.
func firstTag(g *syntax.Game, name string) *syntax.Tag {
	for _, t := range g.Tags {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// valueAt returns the offset of the value of tag t (of its name when it
// has none), or 0 when t is nil.
func valueAt(t *syntax.Tag) syntax.Pos {
	switch {
	case t == nil:
		return 0
	case t.ValueSpan != syntax.Span{}:
		return t.ValueSpan.Start
	}
	return t.Sp.Start
}

// Stream formats the games of gr, jobs at once (every core when jobs < 1),
// while later games are still being read, and calls emit for each game in
// file order with its result; memory does not grow with the stream (see
// analysis.EachGame).
func Stream(ctx context.Context, gr *syntax.GameReader, jobs int, opts Options, emit func(syntax.StreamGame, Result)) {
	if gr.Dialect() == syntax.PGN {
		gr.DropTokens() // the PGN printer reads only the tree (TestStreamMatchesFile)
	}
	work := func(it *analysis.StreamItem[Result]) { it.Value = Game(it.Game.Game, gr.Dialect(), opts) }
	analysis.EachGame(ctx, gr, jobs, nil, work, func(it *analysis.StreamItem[Result]) { emit(it.Game, it.Value) })
}
