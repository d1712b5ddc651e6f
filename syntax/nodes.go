package syntax

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// Node is any typed node of a game. Spans are game-relative.
type Node interface {
	Span() Span
}

// Elem is a node that can appear in a header, a movetext or a variation.
type Elem interface {
	Node
	elem()
}

// File is a parsed document. It is immutable once built; games that an
// edit did not touch are shared between versions.
//
// Games are held in chunks (see games.go) so that an edit costs one step
// per chunk, not per game; use NumGames, Game, Games and GameAt.
type File struct {
	Name    string
	Dialect Dialect

	chunks []*Chunk   // together they cover the text exactly
	refs   []ChunkRef // the chunks placed, see Chunks
	n      int        // number of games

	text     string // the whole text; built on demand after Reparse
	textOnce sync.Once
	lns      fileLines
	cache    *treeCache // of a compact file: which chunks hold their games
}

// GameRef places a game in a file.
type GameRef struct {
	Start Pos   // file-absolute offset of the game's first byte
	Game  *Game // immutable; all spans inside are relative to Start
}

// End returns the file-absolute offset just after the game.
func (r GameRef) End() Pos { return r.Start + Pos(len(r.Game.Text)) }

// Game is one game record: every byte from its first token (or the start
// of that token's line) up to the next game, trailing blank lines included.
type Game struct {
	Text   string  // the game's bytes
	Tokens []Token // every byte of Text, in order
	Header []Elem  // tags and the comments between them, in order
	Tags   []*Tag  // the tags of Header
	Moves  []Elem  // the main line: moves, numbers, annotations, variations
	Result *Result // the termination marker; nil if missing
	After  []Elem  // after the result: comments (in PGN those before a blank line), and stray tokens
	Errs   []Error // syntax diagnostics, game-relative, sorted

	lineEnd lineEndings
	// reach is just past the furthest byte the parser read to parse the
	// game (game-relative, at least len(Text)): the scanner looks ahead
	// (the brace that closes a nested '{', a tag line after a comment), so
	// an edit before reach may change how the game reads.
	reach  Pos
	nl     []Pos // offsets after each line terminator, see lines
	nlOnce sync.Once
}

// lineEndings records the first line terminator of each kind in a game,
// as a game-relative offset, or -1.
type lineEndings struct{ lf, crlf, cr Pos }

// Tag is a tag pair `[Name "Value"]`.
type Tag struct {
	Sp        Span
	Name      string // as written; "" when missing
	NameSpan  Span
	Value     string // unescaped value; "" when missing
	ValueSpan Span   // the quoted string including quotes; zero when missing
	Closed    bool   // the closing bracket is present
}

// MoveNumber is a move number indication: "12.", "12...", "12", "1?".
type MoveNumber struct {
	Sp      Span
	Number  int  // the number; 0 if it does not fit an int32
	Dots    int  // periods after the number
	Unknown bool // CTL-PGN "1?": the real move number is unknown
}

// Move is a SAN (PGN) or CTL-AN (CTL-PGN) move, check marks included, and
// in PGN an en passant mark written after it on its line ("exd6 e.p.").
// Its meaning is resolved by the analysis layer.
type Move struct {
	Sp   Span
	Text string
}

// Glyph is a suffix annotation glyph (! ? !! ?? !? ?! and CTL-PGN ◇).
type Glyph struct {
	Sp   Span
	Text string
}

// NAG is a numeric annotation glyph "$n".
type NAG struct {
	Sp    Span
	Value int // -1 when the number does not fit in an int32
}

// CommentKind tells the three comment forms apart.
type CommentKind uint8

// Comment forms.
const (
	BraceKind  CommentKind = iota // { ... }
	LineKind                      // ; ... end of line
	EscapeKind                    // % in column 1 ... end of line
)

// Comment is a brace, rest-of-line or escape comment.
type Comment struct {
	Sp     Span
	Kind   CommentKind
	Text   string // the text between the delimiters
	Closed bool   // a brace comment has its closing brace
}

// Variation is a recursive annotation variation "( ... )".
type Variation struct {
	Sp     Span
	Label  *VarLabel // CTL-PGN "$[n]" label, or nil
	Elems  []Elem
	Closed bool // the closing parenthesis is present
}

// VarLabel is a CTL-PGN variation label "$[n]".
type VarLabel struct {
	Sp     Span
	Number int
}

// Ellipsis stands for a missing White move in a CTL-PGN pair ("…" or
// "..."); in PGN it is periods that stand apart from a move number, as in
// "1 .d4" or "1. ... e5", and carry no meaning.
type Ellipsis struct{ Sp Span }

// DrawOffer is the CTL-PGN game mark "(=)".
type DrawOffer struct{ Sp Span }

// EndMark is the CTL-PGN end-of-record mark ":".
type EndMark struct{ Sp Span }

// Result is a game termination marker.
type Result struct {
	Sp   Span
	Text string
}

// Bad covers bytes that form no valid element. A diagnostic explains it.
type Bad struct {
	Sp   Span
	Text string
}

// Span returns the node's game-relative span.
func (n *Tag) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *MoveNumber) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Move) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Glyph) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *NAG) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Comment) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Variation) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *VarLabel) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Ellipsis) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *DrawOffer) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *EndMark) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Result) Span() Span { return n.Sp }

// Span returns the node's game-relative span.
func (n *Bad) Span() Span { return n.Sp }

func (*Tag) elem()        {}
func (*MoveNumber) elem() {}
func (*Move) elem()       {}
func (*Glyph) elem()      {}
func (*NAG) elem()        {}
func (*Comment) elem()    {}
func (*Variation) elem()  {}
func (*Ellipsis) elem()   {}
func (*DrawOffer) elem()  {}
func (*EndMark) elem()    {}
func (*Result) elem()     {}
func (*Bad) elem()        {}

// TagValue returns the value of the first tag called name, and whether
// there is one.
func (g *Game) TagValue(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// RawValue returns the value of tag t of g with its escapes resolved, in
// the bytes of the file (Value is decoded to UTF-8): what a writer that
// keeps the file's encoding must write. It is "" when t has no value.
func (g *Game) RawValue(t *Tag) string {
	if t.ValueSpan == (Span{}) {
		return ""
	}
	return unescape(g.Slice(t.ValueSpan))
}

// Slice returns the text of a game-relative span.
func (g *Game) Slice(s Span) string { return g.Text[s.Start:s.End] }

// TagValueSpan maps the byte range [off, end) of t.Value, which is
// unescaped and decoded to UTF-8, to the game text it comes from, inside
// the quotes: an escape counts as the character it stands for and a
// byte read as Windows-1252 as its UTF-8 encoding. Offsets past the
// value map to the end of the quoted text.
func (g *Game) TagValueSpan(t *Tag, off, end int) Span {
	raw := g.Slice(t.ValueSpan)
	inner := strings.TrimPrefix(raw, `"`)
	if len(inner) < len(raw) && strings.HasSuffix(inner, `"`) {
		inner = inner[:len(inner)-1]
	}
	decode := !utf8.ValidString(inner)
	base := t.ValueSpan.Start + Pos(len(raw)-len(strings.TrimPrefix(raw, `"`)))
	return Span{Start: base + Pos(rawOffset(inner, decode, off)), End: base + Pos(rawOffset(inner, decode, max(end, off)))}
}

// rawOffset maps an offset of an unescaped (and, with decode, decoded)
// tag value to its quoted text raw, without the quotes.
func rawOffset(raw string, decode bool, off int) int {
	u := 0
	for i := 0; i < len(raw); {
		if u >= off {
			return i
		}
		if raw[i] == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			i += 2
			u++
			continue
		}
		r, n := utf8.DecodeRuneInString(raw[i:])
		if decode && r == utf8.RuneError && n == 1 {
			u += utf8.RuneLen(DecodeByte(raw[i]))
		} else {
			u += n
		}
		i += n
	}
	return len(raw)
}
