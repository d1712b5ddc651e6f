package format

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// Strip lists what the writer leaves out of a game (Options.Strip): the
// parts of a "clean copy". The zero Strip leaves out nothing.
//
// Stripping is done on the tree, before the game is printed: the parts
// left out are removed from the game's elements, and the writer prints
// the rest as it always does, so the promises of the export form hold
// for what is kept (its moves, words, NAGs, variations, encoding and line
// endings). A game the writer cannot format is left byte for byte, not
// stripped.
type Strip struct {
	Comments bool // every comment: brace, rest-of-line and escape lines
	// Commands names the commands embedded in comments ("[%clk 0:05:00]")
	// to remove, keeping the rest of each comment; "*" removes every one.
	// A comment left with nothing but blanks goes away.
	Commands   []string
	NAGs       bool // NAGs and suffix glyphs ("!", "?!")
	Variations bool // every variation
	// Tags removes every tag but the Seven Tag Roster (PGN's; for
	// CTL-PGN the tags of a C'escacs game record and Id), those the moves
	// are read with (FEN, SetUp and Variant; PDTL and Redefine) and the
	// names of KeepTags.
	Tags     bool
	KeepTags []string
	// DropTags names tags to remove, whatever Tags says; the roster's and
	// those the moves are read with cannot be dropped (see Check).
	DropTags []string
	// Results removes the termination marker (or CTL-PGN result line)
	// from the movetext; the Result tag keeps the result.
	Results bool
}

// StripItems are the words of ParseStrip, in the order of its usage.
var StripItems = []string{"comments", "commands", "clk", "emt", "eval", "cal", "csl", "nags", "variations", "tags", "results"}

// ParseStrip reads a comma-separated list of what to strip: "comments",
// "commands" (every embedded command), "clk", "emt", "eval", "cal",
// "csl" or "%NAME" (the embedded commands of that name), "nags",
// "variations", "tags" (all but the roster's) and "results" (the
// termination marker of the movetext).
func ParseStrip(list string) (Strip, error) {
	var s Strip
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		switch item {
		case "":
		case "comments":
			s.Comments = true
		case "commands":
			s.Commands = append(s.Commands, "*")
		case "clk", "emt", "eval", "cal", "csl":
			s.Commands = append(s.Commands, item)
		case "nags":
			s.NAGs = true
		case "variations":
			s.Variations = true
		case "tags":
			s.Tags = true
		case "results":
			s.Results = true
		default:
			name, ok := strings.CutPrefix(item, "%")
			if !ok || name == "" || strings.ContainsAny(name, " \t[]%") {
				return Strip{}, fmt.Errorf("unknown item %q (want %s, or %%NAME for the embedded command [%%NAME ...])", item, strings.Join(StripItems, ", "))
			}
			s.Commands = append(s.Commands, name)
		}
	}
	return s, nil
}

// IsZero reports whether s strips nothing.
func (s Strip) IsZero() bool {
	return !s.Comments && len(s.Commands) == 0 && !s.NAGs && !s.Variations && !s.Tags && len(s.KeepTags) == 0 && len(s.DropTags) == 0 && !s.Results
}

// keptTags are the tags Strip.Tags keeps besides the roster: those the
// moves are read with.
var keptTags = map[syntax.Dialect][]string{
	syntax.PGN:    {"FEN", "SetUp", "Variant"},
	syntax.CTLPGN: {"Variant", "Id", "PDTL", "Redefine"},
}

// ctlRoster is the tag section of a C'escacs game record (spec §8.3).
var ctlRoster = []string{"Event", "Site", "Date", "Round", "White", "WhiteNA", "Black", "BlackNA", "Result"}

// needed reports whether tag name must stay in games of dialect d: the
// roster's and those the moves are read with.
func needed(d syntax.Dialect, name string) bool {
	roster := tags.Roster
	if d == syntax.CTLPGN {
		roster = ctlRoster
	}
	return slices.Contains(roster, name) || slices.Contains(keptTags[d], name)
}

// Check returns an error when s asks to drop a tag that must stay in
// games of dialect d.
func (s Strip) Check(d syntax.Dialect) error {
	for _, name := range s.DropTags {
		if needed(d, name) {
			return fmt.Errorf("tag %s cannot be dropped: the export form needs it, or the moves are read with it", name)
		}
	}
	return nil
}

// keepTag reports whether tag name stays in a game of dialect d.
func (s Strip) keepTag(d syntax.Dialect, name string) bool {
	switch {
	case needed(d, name):
		return true
	case slices.Contains(s.DropTags, name):
		return false
	case s.Tags || len(s.KeepTags) > 0:
		return slices.Contains(s.KeepTags, name)
	}
	return true
}

// apply returns g without what s strips: a new game over the same text,
// whose spans still point into it, holding the same nodes but for the
// comments whose commands it removed. It returns g itself when s strips
// nothing.
func (s Strip) apply(g *syntax.Game, d syntax.Dialect) *syntax.Game {
	if s.IsZero() {
		return g
	}
	out := &syntax.Game{Text: g.Text, Tokens: g.Tokens, Result: g.Result, Errs: g.Errs}
	for _, e := range g.Header {
		if t, ok := e.(*syntax.Tag); ok {
			if s.keepTag(d, t.Name) {
				out.Header = append(out.Header, t)
				out.Tags = append(out.Tags, t)
			}
			continue
		}
		if e = s.elem(e); e != nil {
			out.Header = append(out.Header, e)
		}
	}
	out.Moves = s.line(g.Moves)
	out.After = s.line(g.After)
	return out
}

// line returns the elements of a line that s keeps.
func (s Strip) line(elems []syntax.Elem) []syntax.Elem {
	out := make([]syntax.Elem, 0, len(elems))
	for _, e := range elems {
		if e = s.elem(e); e != nil {
			out = append(out, e)
		}
	}
	return out
}

// elem returns e as s keeps it, or nil when s strips it.
func (s Strip) elem(e syntax.Elem) syntax.Elem {
	switch n := e.(type) {
	case *syntax.Comment:
		if s.Comments {
			return nil
		}
		if len(s.Commands) == 0 || !strings.Contains(n.Text, "[%") {
			return n
		}
		text, removed := s.removeCommands(n.Text)
		switch {
		case !removed:
			return n
		case strings.Trim(text, " \t\r\n") == "":
			return nil
		}
		c := *n
		c.Text = text
		return &c
	case *syntax.NAG, *syntax.Glyph:
		if s.NAGs {
			return nil
		}
	case *syntax.Variation:
		if s.Variations {
			return nil
		}
		v := *n
		v.Elems = s.line(n.Elems)
		return &v
	}
	return e
}

// removeCommands returns text without the embedded commands s removes,
// and whether it removed any.
func (s Strip) removeCommands(text string) (string, bool) {
	return commands.Remove(text, func(c commands.Command) bool {
		return slices.Contains(s.Commands, "*") || slices.Contains(s.Commands, c.Name)
	})
}
