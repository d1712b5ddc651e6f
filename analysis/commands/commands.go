// Package commands reads the commands embedded in PGN comments, the
// convention of ChessBase that lichess and chess.com follow:
// "[%clk 0:05:00]" the clock of the side that has just moved, "[%emt
// 0:00:05]" the time the move took, "[%eval 0.35]" an evaluation,
// "[%cal Ge2e4]" arrows and "[%csl Gd4]" marked squares. Its Analyzer
// checks the format of the clock values; package query reads the rest
// for hovers and boards.
package commands

import (
	"iter"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Command is one command of a comment's text.
type Command struct {
	Name string // "clk"
	Args string // "0:05:00", without the blanks around it
	// ArgsAt is the byte offset of Args in the text read; Start and End
	// are those of the whole command, "[" to "]".
	ArgsAt, Start, End int
}

// All returns the commands of a comment's text, in order: each "[%" up
// to the next "]" is one, its name up to the first blank.
func All(text string) iter.Seq[Command] {
	return func(yield func(Command) bool) {
		at := 0
		for {
			i := strings.Index(text[at:], "[%")
			if i < 0 {
				return
			}
			start := at + i
			end := strings.IndexByte(text[start:], ']')
			if end < 0 {
				return
			}
			end += start
			c := Command{Name: text[start+2 : end], Start: start, End: end + 1, ArgsAt: end}
			if j := strings.IndexAny(c.Name, " \t\r\n"); j >= 0 {
				args := c.Name[j:]
				trimmed := strings.TrimLeft(args, " \t\r\n")
				c.ArgsAt = start + 2 + j + len(args) - len(trimmed)
				c.Name, c.Args = c.Name[:j], strings.TrimRight(trimmed, " \t\r\n")
			}
			if !yield(c) {
				return
			}
			at = end + 1
		}
	}
}

// ValidClock reports whether s is a clock value as lichess writes it,
// H:MM:SS ("0:03:00"), with any number of digits for the hours, minutes
// and seconds below 60 and an optional decimal fraction of a second
// ("0:00:09.5").
func ValidClock(s string) bool {
	h, rest, ok1 := strings.Cut(s, ":")
	m, sec, ok2 := strings.Cut(rest, ":")
	sec, frac, hasFrac := strings.Cut(sec, ".")
	return ok1 && ok2 && len(s) <= 16 && analysis.Digits(h) && len(m) == 2 && analysis.Digits(m) && m < "60" &&
		len(sec) == 2 && analysis.Digits(sec) && sec < "60" && (!hasFrac || analysis.Digits(frac))
}

// CodeClock is the code the Analyzer reports.
const CodeClock = analysis.Code("clock-format")

// Analyzer checks the clock commands of the comments of PGN games.
var Analyzer = &analysis.Analyzer{
	Name: "commands",
	Doc:  "Commands in comments: the format of the clock values of [%clk] and [%emt].",
	Codes: []analysis.CodeInfo{
		{Code: CodeClock, Severity: analysis.Hint, Doc: "A [%clk] (the clock after the move) or [%emt] (the time the move took) command of a comment does not hold a time as lichess and ChessBase write it, H:MM:SS with an optional fraction of a second, such as [%clk 0:03:00] or [%emt 0:00:09.5]; readers skip it."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Run:      run,
}

func run(p *analysis.Pass) {
	if !p.Enabled(CodeClock, analysis.Hint) {
		return
	}
	g := p.Game
	check := func(e syntax.Elem) bool {
		c, ok := e.(*syntax.Comment)
		if !ok || !strings.Contains(c.Text, "[%") {
			return true
		}
		base := c.Sp.Start + 1 // the text follows "{", ";" or "%"
		for cmd := range All(c.Text) {
			if cmd.Name != "clk" && cmd.Name != "emt" || ValidClock(cmd.Args) {
				continue
			}
			sp := syntax.Span{Start: base + syntax.Pos(cmd.Start), End: base + syntax.Pos(cmd.End)}
			if cmd.Args != "" {
				sp = syntax.Span{Start: base + syntax.Pos(cmd.ArgsAt), End: base + syntax.Pos(cmd.ArgsAt+len(cmd.Args))}
			}
			what := "the clock after the move"
			if cmd.Name == "emt" {
				what = "the time the move took"
			}
			written := "[%" + cmd.Name + "]"
			if cmd.Args != "" {
				written = "[%" + cmd.Name + " " + cmd.Args + "]"
			}
			p.Report(analysis.Diagnostic{
				Span: sp, Severity: analysis.Hint, Code: CodeClock,
				Message: written + ": " + what + " is written H:MM:SS, as in [%" + cmd.Name + " 0:03:00], with an optional fraction of a second",
			})
		}
		return true
	}
	syntax.Inspect(g.Header, check)
	syntax.Inspect(g.Moves, check)
	syntax.Inspect(g.After, check)
}
