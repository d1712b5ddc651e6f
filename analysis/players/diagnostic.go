package players

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// CodeVariant is the code of a player's name spelt another way than the
// canonical spelling of its player in the collection (Names).
const CodeVariant = analysis.Code("player-name-variant")

// Source is the source of the diagnostics of the package.
const Source = "players"

// Codes documents the code for the catalogue. It is reported across
// games: pgnls check counts the names of every file given, the language
// server those of the workspace's files (Counts).
var Codes = []analysis.CodeInfo{
	{Code: CodeVariant, Severity: analysis.Hint, Doc: "A White or Black name is another spelling of a player's name that the file (pgnls check: the files given; the editor: the files of the workspace) spells otherwise more often: spacing, commas, periods, letter case or blanks around it (Le,Quang Liem and Le, Quang Liem; Morphy, Paul with a trailing blank), or initials, or no given name, for the one full name they may stand for in the file (Carlsen,M and Carlsen, Magnus; not Polgar, S when both Polgar, Susan and Polgar, Sofia are there). Names that differ otherwise (Polgar, Judit and Polgar, Susan) are never joined. The canonical spelling is the most frequent spelling of the fullest name, blanks trimmed, unless a names file (.pgnls-names, or pgnls fix --names-file) gives it: lines 'canonical = variant; variant'. The message lists the spellings with their counts; the fix (and pgnls fix --names) writes the canonical spelling."},
}

// Message returns the message of a diagnostic on the variant name,
// whose canonical spelling is canon.
func (n *Names) Message(name, canon string) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(name) + " is another spelling of " + strconv.Quote(canon) + ": ")
	for i, s := range n.Spellings(canon) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(s) + " " + strconv.Itoa(n.count[s]))
	}
	return b.String()
}

// AddGame adds the names of White and Black of g.
func (n *Names) AddGame(g *syntax.Game) {
	for _, t := range g.Tags {
		if t.Name == "White" || t.Name == "Black" {
			n.Add(t.Value)
		}
	}
}

// Fix returns the fix that writes canon as the value of tag t of g, or
// none when the value has no closing quote or canon cannot be written in
// g's encoding.
func Fix(g *syntax.Game, t *syntax.Tag, canon string) []analysis.Fix {
	raw := g.Slice(t.ValueSpan)
	if len(raw) < 2 || !t.Closed || raw[len(raw)-1] != '"' {
		return nil
	}
	v, ok := tags.Quoted(g, canon)
	if !ok {
		return nil
	}
	return []analysis.Fix{{Title: "Write " + canon, Edits: []analysis.Edit{{Span: t.ValueSpan, New: v}}}}
}

// GameDiagnostics returns the diagnostics (game-relative) of the White
// and Black tags of g whose values are variants in n, under cfg, with
// their fixes.
func (n *Names) GameDiagnostics(g *syntax.Game, cfg *analysis.Config) []analysis.Diagnostic {
	return n.gameDiagnostics(g, cfg, n.Message)
}

// gameDiagnostics is GameDiagnostics with the messages made by message
// (Message, or a memo of it).
func (n *Names) gameDiagnostics(g *syntax.Game, cfg *analysis.Config, message func(name, canon string) string) []analysis.Diagnostic {
	sev, ok := cfg.Resolve(nil, CodeVariant, analysis.Hint)
	if !ok {
		return nil
	}
	var out []analysis.Diagnostic
	for _, t := range g.Tags {
		if t.Name != "White" && t.Name != "Black" || t.ValueSpan == (syntax.Span{}) {
			continue
		}
		canon, ok := n.Canonical(t.Value)
		if !ok {
			continue
		}
		out = append(out, analysis.Diagnostic{
			Span: t.ValueSpan, Severity: sev, Code: CodeVariant, Source: Source,
			Message: message(t.Value, canon), Fixes: Fix(g, t, canon),
		})
	}
	return out
}

// FileDiagnostics returns the diagnostics of the variant names of f
// (file-absolute) under cfg, its names counted with the names file of
// file (a names file read, or nil) and the counts of the other files of
// the collection file was given (SetCounts), but those of the file
// f.Name itself there (its text on disk, which f replaces).
func FileDiagnostics(f *syntax.File, cfg *analysis.Config, file *Names) []analysis.Diagnostic {
	if _, ok := cfg.Resolve(nil, CodeVariant, analysis.Hint); !ok {
		return nil
	}
	var n Names
	if file != nil {
		n.file = file.file
	}
	// One pass over the games (a compact file parses them again at each
	// pass) keeps their names; only the games with a variant are read
	// again, for their diagnostics.
	type gameNames struct {
		i     int
		names []string
	}
	var games []gameNames
	for i, r := range f.Games() {
		var names []string
		for _, t := range r.Game.Tags {
			if t.Name == "White" || t.Name == "Black" {
				n.Add(t.Value)
				names = append(names, t.Value)
			}
		}
		if len(names) > 0 {
			games = append(games, gameNames{i, names})
		}
	}
	if file != nil && file.others != nil {
		file.others.addOthers(&n, f.Name)
	}
	// One message per variant, shared by its diagnostics: a variant
	// of a big database recurs in thousands of games, and its message
	// lists every spelling of the name (an open document of 21 MB held
	// 10 MB of copies of them).
	messages := make(map[[2]string]string)
	message := func(name, canon string) string {
		m, ok := messages[[2]string{name, canon}]
		if !ok {
			m = n.Message(name, canon)
			messages[[2]string{name, canon}] = m
		}
		return m
	}
	var out []analysis.Diagnostic
	for _, g := range games {
		if !slices.ContainsFunc(g.names, func(s string) bool { _, ok := n.Canonical(s); return ok }) {
			continue
		}
		r := f.Game(g.i)
		for _, d := range n.gameDiagnostics(r.Game, cfg, message) {
			out = append(out, d.Shift(r.Start))
		}
	}
	return out
}
