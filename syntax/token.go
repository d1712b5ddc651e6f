package syntax

// Kind is the lexical class of a Token.
type Kind uint8

// Token kinds. Every byte of a file belongs to exactly one token; the
// trivia kinds (Space, Newline, BOM) carry no meaning but keep the tree
// lossless.
const (
	KError        Kind = iota // bytes that form no valid token
	KSpace                    // spaces and tabs
	KNewline                  // "\n", "\r\n" or "\r"
	KBOM                      // a UTF-8 byte-order mark at the start of the file
	KLineComment              // ";" to the end of the line
	KEscape                   // "%" in column 1 to the end of the line
	KBraceComment             // "{" ... "}", possibly unterminated
	KTagOpen                  // "["
	KTagName                  // a symbol inside a tag
	KString                   // a quoted tag value, possibly unterminated
	KTagClose                 // "]"
	KMoveNumber               // "12.", "12...", "12" or CTL-PGN "1?"
	KMove                     // SAN or CTL-AN text, check marks included; in PGN with an en passant mark after blanks ("exd6 e.p.")
	KGlyph                    // a suffix annotation: ! ? !! ?? !? ?! or CTL-PGN ◇
	KNAG                      // "$" followed by digits
	KEllipsis                 // "…" or "..." in place of a White move (CTL-PGN); in PGN periods apart from a move number ("1 .d4")
	KComma                    // "," between the moves of a CTL-PGN pair
	KDots                     // CTL-PGN nesting dots before a number, "(" or "{"
	KVarOpen                  // "("
	KVarClose                 // ")"
	KVarLabel                 // CTL-PGN variation label "$[2]"
	KDrawOffer                // CTL-PGN game mark "(=)"
	KEndMark                  // CTL-PGN end-of-record mark ":"
	KResult                   // game termination marker
)

var kindNames = [...]string{
	KError:        "Error",
	KSpace:        "Space",
	KNewline:      "Newline",
	KBOM:          "BOM",
	KLineComment:  "LineComment",
	KEscape:       "Escape",
	KBraceComment: "BraceComment",
	KTagOpen:      "TagOpen",
	KTagName:      "TagName",
	KString:       "String",
	KTagClose:     "TagClose",
	KMoveNumber:   "MoveNumber",
	KMove:         "Move",
	KGlyph:        "Glyph",
	KNAG:          "NAG",
	KEllipsis:     "Ellipsis",
	KComma:        "Comma",
	KDots:         "Dots",
	KVarOpen:      "VarOpen",
	KVarClose:     "VarClose",
	KVarLabel:     "VarLabel",
	KDrawOffer:    "DrawOffer",
	KEndMark:      "EndMark",
	KResult:       "Result",
}

// String returns the name of k.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// isComment reports whether tokens of kind k are comments.
func (k Kind) isComment() bool { return k == KBraceComment || k == KLineComment || k == KEscape }

// IsTrivia reports whether tokens of kind k carry no meaning.
func (k Kind) IsTrivia() bool { return k == KSpace || k == KNewline || k == KBOM }

// Token is one lexical token. Its Span is relative to the game that holds it.
type Token struct {
	Kind Kind
	Span Span
}
