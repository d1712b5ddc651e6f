package query

import (
	"slices"
	"time"

	"github.com/pgnls/pgnls/syntax"
)

// Options tune the answers of HoverAt and Complete.
type Options struct {
	Today   time.Time // the date offered by Date completion; the zero value means now
	Symbols string    // CTL-PGN symbol style of completed moves: "" (as the file), "ascii", "unicode"
	Markup  Markup    // what the client shows in hovers
}

// Markup is what a client can show in a hover.
type Markup uint8

// The markups, from the least a client can show.
const (
	PlainText      Markup = iota // text only: no emphasis, no fences, no images
	Markdown                     // Markdown without images
	MarkdownImages               // Markdown with images (data: URIs)
)

// Hover is the answer to a hover request: text about the span under the
// cursor, in the markup asked for.
type Hover struct {
	Span   syntax.Span // the text the hover is about (file-absolute)
	Text   string
	Markup Markup
}

// ItemKind classifies completion items.
type ItemKind uint8

// The kinds of completion items.
const (
	ItemTag      ItemKind = iota // a tag name
	ItemTagValue                 // a tag value
	ItemNAG                      // a numeric annotation glyph $n
	ItemGlyph                    // a suffix annotation glyph (! ? …)
	ItemMove                     // a legal move
)

// Item is one completion proposal.
type Item struct {
	Label, Detail, Documentation, InsertText string // Documentation is in the Markup asked for (Markdown or plain text)
	// Snippet is the text to insert for clients that take snippets
	// (TextMate syntax: ${1:default} a placeholder, $0 the final cursor);
	// "" when InsertText is all there is.
	Snippet  string
	Kind     ItemKind
	Replace  syntax.Span // the text the item replaces (may be empty at the cursor)
	SortText string      // ordering key; items sort by it, then by Label
}

// SymbolKind classifies document symbols.
type SymbolKind uint8

// The kinds of document symbols.
const (
	SymbolGame      SymbolKind = iota // a game or record
	SymbolVariation                   // a variation (RAV), nested under its game or variation
)

// Symbol is an entry of the document outline.
type Symbol struct {
	Name, Detail string // "White – Black, Event, Date, Result"; "game 3 · 42 moves"
	Kind         SymbolKind
	Span         syntax.Span // the whole game or variation
	Selection    syntax.Span // the part to reveal when the symbol is picked; inside Span
	Children     []Symbol
}

// FoldKind classifies folding ranges.
type FoldKind uint8

// The kinds of folding ranges.
const (
	FoldRegion  FoldKind = iota // a game, tag section or variation
	FoldComment                 // a comment spanning several lines
)

// Fold is a foldable range. Only ranges spanning several lines are
// returned.
type Fold struct {
	Span syntax.Span // from the first byte of the first line to the last byte of the last line
	Kind FoldKind
}

// TokenType classifies semantic tokens.
type TokenType uint8

// The semantic token types.
const (
	TokTagName     TokenType = iota // a tag name
	TokTagValue                     // a quoted tag value
	TokMoveNumber                   // "12.", "12...", CTL-PGN "1?"
	TokPiece                        // a piece letter or glyph inside a move
	TokSquare                       // a square or hex, or a part of one (disambiguation)
	TokCapture                      // x, ×, *, :, @, @@
	TokCheck                        // + # and the CTL-AN refinements +∞ +^ ++
	TokNAG                          // $n
	TokGlyph                        // ! ? !! ?? !? ?! ◇
	TokComment                      // a comment (one line of it)
	TokResult                       // the game termination marker
	TokVariation                    // "(" and ")" of a variation, CTL-PGN label $[n]
	TokPunctuation                  // [ ] of tags, the hyphen of a move, "=", CTL-PGN "," "…" and nesting dots
	TokCastling                     // O-O, O-O-O, KRK-HIO
	TokMark                         // CTL-PGN game marks (=) and :
	TokReference                    // a CTL-PGN comment reference: ~F14, ~EH4, @W, @B, #14
	TokMove                         // a move, or the part of one that is not split further
)

var tokenNames = [...]string{
	TokTagName:     "tagName",
	TokTagValue:    "tagValue",
	TokMoveNumber:  "moveNumber",
	TokPiece:       "piece",
	TokSquare:      "square",
	TokCapture:     "capture",
	TokCheck:       "check",
	TokNAG:         "nag",
	TokGlyph:       "glyph",
	TokComment:     "comment",
	TokResult:      "result",
	TokVariation:   "variation",
	TokPunctuation: "punctuation",
	TokCastling:    "castling",
	TokMark:        "mark",
	TokReference:   "reference",
	TokMove:        "move",
}

// TokenTypes lists the names of all token types, indexed by TokenType, for
// the legend of a semantic-tokens provider.
func TokenTypes() []string { return slices.Clone(tokenNames[:]) }

// String returns the legend name of t, such as "square".
func (t TokenType) String() string {
	if int(t) < len(tokenNames) {
		return tokenNames[t]
	}
	return "unknown"
}

// SemToken is one semantic token.
type SemToken struct {
	Span  syntax.Span // on a single line
	Type  TokenType
	Depth int // variation nesting depth: 0 for the main line and the tags
}

// locate returns the game holding the file-absolute offset off and off
// relative to that game; ok is false for a nil or empty file or an offset
// outside the file.
func locate(f *syntax.File, off syntax.Pos) (r syntax.GameRef, rel syntax.Pos, ok bool) {
	if f == nil || off < 0 || off > f.Len() {
		return syntax.GameRef{}, 0, false
	}
	i := f.GameAt(off)
	if i < 0 {
		return syntax.GameRef{}, 0, false
	}
	r = f.Game(i)
	return r, off - r.Start, true
}

// tokenAt returns the index of the significant (non-trivia) token of g
// that holds rel, or that ends at rel when rel is in trivia or at the end
// of the game; -1 if there is none.
func tokenAt(g *syntax.Game, rel syntax.Pos) int {
	i := g.TokenAt(rel)
	if i >= 0 && !g.Tokens[i].Kind.IsTrivia() {
		return i
	}
	j := i - 1
	if i < 0 {
		j = len(g.Tokens) - 1
	}
	if j >= 0 && g.Tokens[j].Span.End == rel && !g.Tokens[j].Kind.IsTrivia() {
		return j
	}
	return -1
}

// content returns the span of g from its first to its last significant
// token (game-relative), without the trailing blank lines a game holds;
// ok is false for a game of trivia only.
func content(g *syntax.Game) (syntax.Span, bool) {
	first, last := -1, -1
	for i, t := range g.Tokens {
		if !t.Kind.IsTrivia() {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return syntax.Span{}, false
	}
	return syntax.Span{Start: g.Tokens[first].Span.Start, End: g.Tokens[last].Span.End}, true
}
