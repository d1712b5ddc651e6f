package cescacs

// Severity ranks a Problem.
type Severity uint8

// Problem severities.
const (
	SeverityError   Severity = iota // the text is wrong
	SeverityWarning                 // tolerated, but not the specified form
	SeverityHint                    // acceptable; a more precise form exists
)

// String returns "error", "warning" or "hint".
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	}
	return "hint"
}

// A Problem is a diagnostic about a PDTL string, a Redefine value or a
// move text. Offsets are byte offsets into that text.
type Problem struct {
	Offset, End int      // the half-open byte range [Offset, End) concerned
	Severity    Severity // how bad it is
	Code        string   // stable kebab-case identifier, one of the Code constants
	Msg         string   // one-line English message
	// Fix, when HasFix is set, is the canonical text that should replace
	// [Offset, End); it may be empty (delete the range).
	Fix    string
	HasFix bool
}

// Problem codes of ParseRedefine.
const (
	CodeRedefineEmpty       = "redefine-empty"       // no pair at all
	CodeRedefineSyntax      = "redefine-syntax"      // an item is not of the form Alt@Std
	CodeRedefineStrayQuote  = "redefine-stray-quote" // a quote inside the value (spec's own typo)
	CodeRedefineUnknownPair = "redefine-unknown-pair"
	CodeRedefineUnsupported = "redefine-unsupported" // H (halberdier) or M (almogàver)
	CodeRedefineDuplicate   = "redefine-duplicate"   // a standard letter replaced twice
	CodeRedefineFANMixed    = "redefine-fan-mixed"   // FAN combined with letter pairs
)

// Problem codes of ParsePDTL.
const (
	CodePDTLFields           = "pdtl-fields"            // wrong number of fields or spacing
	CodePDTLPlacement        = "pdtl-placement"         // malformed placement syntax
	CodePDTLLineNumber       = "pdtl-line-number"       // bad or duplicate line number
	CodePDTLLineOrder        = "pdtl-line-order"        // lines not in descending order
	CodePDTLLineOverflow     = "pdtl-line-overflow"     // more cells than hexes on the line
	CodePDTLLineShort        = "pdtl-line-short"        // fewer cells than hexes (missing trailing run)
	CodePDTLEmptyRun         = "pdtl-empty-run"         // non-canonical empty run (two digits, 0 or 9)
	CodePDTLPiece            = "pdtl-piece"             // unknown piece symbol
	CodePDTLLetters          = "pdtl-letters"           // symbol not of the alphabet in force
	CodePDTLKings            = "pdtl-kings"             // not exactly one king per side
	CodePDTLPieceCount       = "pdtl-piece-count"       // too many pieces of a kind
	CodePDTLBishopColor      = "pdtl-bishop-color"      // two bishops of a side on one hex colour
	CodePDTLUnlikely         = "pdtl-unlikely"          // unreachable but harmless (pawn counts, back-rank pawns)
	CodePDTLNotToMoveInCheck = "pdtl-not-to-move-check" // the side not to move is in check
	CodePDTLTurn             = "pdtl-turn"              // the turn is not w or b
	CodePDTLCastling         = "pdtl-castling"          // malformed castling field
	CodePDTLCastlingPiece    = "pdtl-castling-piece"    // a right whose king or rook is not at home
	CodePDTLSpecial          = "pdtl-special"           // malformed or inconsistent field 4
	CodePDTLSpecialEForm     = "pdtl-special-e-form"    // field 4 in E's spelling
	CodePDTLClock            = "pdtl-clock"             // bad halfmove clock
	CodePDTLMoveNumber       = "pdtl-move-number"       // bad, unknown or missing move number
	CodePDTLMissingMoveNo    = "pdtl-missing-move-no"   // five fields: move number unknown
	CodePDTLTrailing         = "pdtl-trailing"          // text after the sixth field
	CodePDTLHyphen           = "pdtl-hyphen"            // U+2010 hyphen where '-' is canonical
	CodePDTLCastlingEForm    = "pdtl-castling-e-form"   // castling field in E's spelling
)

// Problem codes of ParseMove.
const (
	CodeMoveSyntax       = "move-syntax"        // not a CTL-AN move
	CodeMoveHex          = "move-hex"           // coordinates that are not a hex
	CodeMoveCaptureX     = "move-capture-x"     // x used as capture sign
	CodeMoveEnDash       = "move-en-dash"       // U+2013 used as separator
	CodeMovePawnLetter   = "move-pawn-letter"   // explicit pawn letter
	CodeMoveLetters      = "move-letters"       // symbol not of the alphabet in force
	CodeMoveLegacyCheck  = "move-legacy-check"  // ^+ instead of +^
	CodeMoveTrailing     = "move-trailing"      // text after the move
	CodeMoveCastlingName = "move-castling-name" // unknown castling identifier
)

// Problem codes of Position.Findings.
const (
	CodeCheckMissing   = "check-missing"   // a check or mate without indicator
	CodeCheckRefine    = "check-refine"    // plain + where +∞ / +^ / ++ is the refined form
	CodeCheckWrong     = "check-wrong"     // an indicator that does not match the check
	CodeCheckNone      = "check-none"      // an indicator on a move that gives no check
	CodeMateFalse      = "mate-false"      // # on a move that does not mate
	CodeAwaitingSuffix = "awaiting-suffix" // awaiting promotion written without =&
)

// HasError reports whether some problem of probs is an error.
func HasError(probs []Problem) bool {
	for _, p := range probs {
		if p.Severity == SeverityError {
			return true
		}
	}
	return false
}
