// Package localized reads moves written with the piece letters of other
// languages (German Sf3, French Cf3, Dutch Pf3, ...) or with figurines
// (♘f3), which SAN does not accept: its Analyzer reports each such move
// of a game's main line as localized-san, with a fix to English SAN.
//
// The language is inferred per game, on the failure path only: when the
// main line replays in English (the legality analyzer shared it), nothing
// is done; else each language of chess.Languages, figurines first, is
// tried on the whole main line, and the first in which every move can be
// played is the game's. A language set by hand (analysis.Config.ReadLang)
// is the only one tried. Reading is a translation of the letters before
// the SAN parser, so the SAN path itself is unchanged.
//
// It imports the chess rules and the legality replay; it must not import
// the protocol (go.lsp.dev), the logger (zap), lsp or cmd.
package localized

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// Code is the code the Analyzer reports.
const Code = analysis.Code("localized-san")

// Analyzer reports the moves written with the piece letters of another
// language or with figurines.
var Analyzer = &analysis.Analyzer{
	Name: "localized",
	Doc:  "Moves written with the piece letters of another language or with figurines.",
	Codes: []analysis.CodeInfo{
		{Code: Code, Severity: analysis.Warning, Doc: "A move is written with the piece letters of another language (German Sf3, French Cf3, Dutch Pf3, Russian Кf3, ...; cs da de es fi fr hu it nl no pl pt ru sv tr) or with figurines (♘f3), which SAN does not accept: other programs reject it or read another move. The language is inferred for each game, from the letters with which its whole main line can be played; the fix writes the move in English SAN. Reported when the main line cannot be played in English SAN only, so a game in SAN costs nothing."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Requires: []*analysis.Analyzer{legality.Analyzer}, // the main line it replayed
	Run:      run,
}

// languages are the codes tried, in order: figurines first, then the
// languages, those with the most players first (German before Danish,
// Norwegian and Swedish, which share its letters).
var languages = []string{"figurine", "de", "fr", "es", "it", "nl", "pt", "ru", "pl", "cs", "hu", "sv", "da", "no", "fi", "tr"}

// ParseReadLang reads the value of a setting of analysis.Config.ReadLang:
// "" or "auto" (infer per game), "en" (SAN only), "figurine" or a code
// of chess.Languages, in any letter case.
func ParseReadLang(s string) (string, bool) {
	switch s = strings.ToLower(s); s {
	case "", "auto":
		return "", true
	case "en":
		return s, true
	}
	_, ok := Letters(s)
	return s, ok
}

// ReadLangs is the list of the values of ParseReadLang, for messages.
const ReadLangs = "auto, en, figurine, cs, da, de, es, fi, fr, hu, it, nl, no, pl, pt, ru, sv or tr"

// Letters returns the piece letters of a language code of
// chess.Languages, or of "figurine".
func Letters(lang string) (chess.Letters, bool) {
	if lang == "figurine" {
		return chess.Figurines, true
	}
	l, ok := chess.Languages[lang]
	return l, ok && lang != "en"
}

// Translate returns text, a move written with the piece letters l, in
// English letters: the letter that starts it and the one after "=" of a
// promotion; and whether it changed.
func Translate(text string, l *chess.Letters) (string, bool) {
	var b strings.Builder
	changed := false
	for i := 0; i < len(text); {
		if i == 0 || text[i-1] == '=' {
			if t, n := letterAt(text[i:], l); n > 0 {
				b.WriteByte("-PNBRQK"[t])
				i += n
				changed = true
				continue
			}
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		b.WriteString(text[i : i+n])
		i += n
	}
	return b.String(), changed
}

// letterAt returns the piece type whose letter of l starts s, the
// longest first ("Кр" before "К"), and the letter's length; 0, 0 when
// none does. The letters of a pawn count only before "@" (a drop).
func letterAt(s string, l *chess.Letters) (chess.PieceType, int) {
	best, n := chess.PieceType(0), 0
	for t := chess.Pawn; t <= chess.King; t++ {
		letter := l[t]
		if letter == "" || len(letter) <= n || !strings.HasPrefix(s, letter) {
			continue
		}
		if t == chess.Pawn && !strings.HasPrefix(s[len(letter):], "@") {
			continue
		}
		best, n = t, len(letter)
	}
	return best, n
}

func run(p *analysis.Pass) {
	if !p.Enabled(Code, analysis.Warning) {
		return
	}
	g := p.Game
	ml := legality.MainLineOf(p)
	if !ml.Start.Known || !ml.Start.OK {
		return
	}
	// The main line's moves, and the unknown tokens that may be moves in
	// figurines or in letters beyond ASCII (Russian, Turkish): counted
	// first, and gathered only when the main line is not SAN.
	n := 0
	for _, e := range g.Moves {
		switch e := e.(type) {
		case *syntax.Move:
			n++
		case *syntax.Bad:
			if maybeMove(e) {
				n = -1
			}
		}
		if n < 0 {
			break
		}
	}
	if n == len(ml.Moves) {
		return // the main line is SAN
	}
	var tokens []syntax.Elem
	for _, e := range g.Moves {
		switch e := e.(type) {
		case *syntax.Move:
			tokens = append(tokens, e)
		case *syntax.Bad:
			if maybeMove(e) {
				tokens = append(tokens, e)
			}
		}
	}
	try := languages
	if set := p.Config.ReadLang; set != "" {
		try = []string{set}
	}
	for _, lang := range try {
		l, ok := Letters(lang)
		if !ok {
			return // "en": SAN only
		}
		if fixes, ok := replay(ml.Start.Pos, tokens, &l); ok && len(fixes) > 0 {
			name := languageNames[lang]
			for _, f := range fixes {
				d := analysis.Diagnostic{
					Span: f.span, Severity: analysis.Warning, Code: Code,
					Message: "'" + f.text + "' is written with " + name + ": in SAN it is " + f.san,
					Fixes:   []analysis.Fix{{Title: "Write " + f.san, Edits: []analysis.Edit{{Span: f.span, New: f.san}}}},
				}
				p.ReportInstead(d, "unknown-token")
			}
			return
		}
	}
}

// maybeMove reports whether the unknown token b may be a move in
// figurines or in letters beyond ASCII.
func maybeMove(b *syntax.Bad) bool { return b.Text != "" && b.Text[0] >= utf8.RuneSelf }

type fix struct {
	span      syntax.Span
	text, san string
}

// replay plays tokens from start with the letters l, and returns the
// moves that were written otherwise than in SAN with their SAN, and
// whether every token is a legal move.
func replay(start chess.Position, tokens []syntax.Elem, l *chess.Letters) ([]fix, bool) {
	pos := start
	var fixes []fix
	for _, e := range tokens {
		text := ""
		switch n := e.(type) {
		case *syntax.Move:
			text = n.Text
		case *syntax.Bad:
			text = n.Text
		}
		english, changed := Translate(text, l)
		san, err := chess.ParseSAN(english)
		if err != nil {
			return nil, false
		}
		m, rerr := pos.Resolve(san)
		if rerr != nil {
			return nil, false
		}
		if changed {
			fixes = append(fixes, fix{span: e.Span(), text: text, san: pos.SAN(m)})
		}
		pos = pos.Make(m)
	}
	return fixes, true
}

// languageNames name the letters of each language code in messages.
var languageNames = map[string]string{
	"figurine": "figurines",
	"cs":       "the Czech piece letters",
	"da":       "the Danish piece letters",
	"de":       "the German piece letters",
	"es":       "the Spanish piece letters",
	"fi":       "the Finnish piece letters",
	"fr":       "the French piece letters",
	"hu":       "the Hungarian piece letters",
	"it":       "the Italian piece letters",
	"nl":       "the Dutch piece letters",
	"no":       "the Norwegian piece letters",
	"pl":       "the Polish piece letters",
	"pt":       "the Portuguese piece letters",
	"ru":       "the Russian piece letters",
	"sv":       "the Swedish piece letters",
	"tr":       "the Turkish piece letters",
}
