package syntax

import "fmt"

// Severity ranks a diagnostic. The analysis and lsp layers reuse it.
type Severity uint8

// Severities, most severe first.
const (
	SevError Severity = iota + 1
	SevWarning
	SevInfo
	SevHint
)

// String returns "error", "warning", "info" or "hint".
func (s Severity) String() string {
	switch s {
	case SevError:
		return "error"
	case SevWarning:
		return "warning"
	case SevInfo:
		return "info"
	case SevHint:
		return "hint"
	}
	return "unknown"
}

// ParseSeverity is the inverse of Severity.String.
func ParseSeverity(s string) (Severity, bool) {
	for v := SevError; v <= SevHint; v++ {
		if v.String() == s {
			return v, true
		}
	}
	return 0, false
}

// Error is a syntax diagnostic. Its Span is game-relative inside Game.Errs
// and file-absolute in File.Errs and File.Errors.
type Error struct {
	Span     Span
	Severity Severity
	Code     string // stable kebab-case identifier, one of Codes
	Msg      string
}

func (e Error) String() string {
	return fmt.Sprintf("%d..%d %s %s: %s", e.Span.Start, e.Span.End, e.Severity, e.Code, e.Msg)
}

// Codes reported by the parser.
const (
	CodeUnterminatedComment = "unterminated-comment"
	CodeNestedComment       = "nested-comment"
	CodeUnterminatedString  = "unterminated-string"
	CodeUnterminatedTag     = "unterminated-tag"
	CodeBadTag              = "bad-tag"
	CodeBadTagName          = "bad-tag-name"
	CodeUnescapedQuote      = "unescaped-quote"
	CodeUnclosedVariation   = "unclosed-variation"
	CodeUnmatchedParen      = "unmatched-paren"
	CodeUnknownToken        = "unknown-token"
	CodeTagAfterMovetext    = "tag-after-movetext"
	CodeMissingResult       = "missing-result"
	CodeAfterResult         = "after-result"
	CodeMissingBlankLine    = "missing-blank-line"
	CodeTagsAndMovesOnLine  = "tags-and-moves-on-one-line"
	CodeTagsOnOneLine       = "tags-on-one-line"
	CodeBlankLineInTags     = "blank-line-in-tag-section"
	CodeSplitTag            = "tag-split-over-lines"
	CodeBOM                 = "byte-order-mark"
	CodeCRLF                = "crlf-line-endings"
	CodeMixedLineEndings    = "mixed-line-endings"
	CodeControlCharacter    = "control-character"
	CodeInvalidUTF8         = "invalid-utf8"
)

// CodeInfo documents one diagnostic code for the generated catalogue.
type CodeInfo struct {
	Code     string
	Severity Severity // default severity
	// Layout marks export-format layout that pgnls fmt fixes: it is off
	// unless the export profile is asked for (see analysis.Profile).
	Layout bool
	Doc    string // one or more sentences; the first is the title
}

// Codes lists every code the parser may report.
var Codes = []CodeInfo{
	{Code: CodeUnterminatedComment, Severity: SevError, Doc: "A brace comment has no closing brace. It is closed at the end of the file, or before the next line that starts a tag section, so that the following games still parse."},
	{Code: CodeNestedComment, Severity: SevWarning, Doc: "A brace comment contains another opening brace. PGN comments do not nest; the braces are paired as nested, as pgn-extract --nestedcomments does."},
	{Code: CodeUnterminatedString, Severity: SevError, Doc: "A tag value has no closing quote before the end of the line."},
	{Code: CodeUnterminatedTag, Severity: SevError, Doc: "A tag has no closing bracket before the end of the line."},
	{Code: CodeBadTag, Severity: SevError, Doc: "A tag pair is malformed: its name or its quoted value is missing, or something else stands between the brackets."},
	{Code: CodeUnescapedQuote, Severity: SevError, Doc: "A tag value contains a '\"' that is not escaped as \\\"; the value is read up to the last quote before the closing bracket. The fix escapes the quote, which keeps the value so read."},
	{Code: CodeBadTagName, Severity: SevError, Doc: "A tag name contains characters other than letters, digits and underscore, or does not start with a letter."},
	{Code: CodeUnclosedVariation, Severity: SevError, Doc: "A variation opened with '(' is never closed."},
	{Code: CodeUnmatchedParen, Severity: SevError, Doc: "A ')' closes no variation."},
	{Code: CodeUnknownToken, Severity: SevError, Doc: "Text that is not a move, move number, annotation, comment or game result."},
	{Code: CodeTagAfterMovetext, Severity: SevError, Doc: "A tag appears after the movetext of its game has started, on the same line as movetext."},
	{Code: CodeMissingResult, Severity: SevError, Doc: "A game ends without a termination marker (result). In CTL-PGN, where real records often end with '#' or ':' and no result line, it is a warning. The fix writes, after the last element, the result the Result tag gives, or '*'; where the final position decides another, result-contradicts-position (ctl-result-position) corrects it, so that pgnls fix ends the game as pgnls fmt does."},
	{Code: CodeAfterResult, Severity: SevError, Doc: "A NAG, a suffix glyph, periods or a '(' follows the game's result. The game ends at its result, so it annotates nothing (python-chess would give it to the last move); it stays with the game, and fmt leaves the game as it is rather than make a game of it."},
	{Code: CodeMissingBlankLine, Severity: SevWarning, Layout: true, Doc: "The next game starts on the line right after this one ends; export format puts a blank line between games."},
	{Code: CodeTagsAndMovesOnLine, Severity: SevWarning, Layout: true, Doc: "Tags and movetext share a line; export format puts each tag on its own line and a blank line before the movetext."},
	{Code: CodeTagsOnOneLine, Severity: SevWarning, Layout: true, Doc: "Two tags share a line; export format puts each tag on its own line."},
	{Code: CodeBlankLineInTags, Severity: SevWarning, Doc: "A blank line separates tags of one game (as in some ChessBase exports); export format has none, and some readers take it as the end of the tag section."},
	{Code: CodeSplitTag, Severity: SevHint, Layout: true, Doc: "A tag pair is split over lines (its value or its closing bracket on the next line), as import format allows; it is read as one tag, and export format writes it on one line."},
	{Code: CodeBOM, Severity: SevInfo, Doc: "The file starts with a UTF-8 byte-order mark; it is ignored."},
	{Code: CodeCRLF, Severity: SevInfo, Doc: "The file uses CRLF line endings."},
	{Code: CodeMixedLineEndings, Severity: SevWarning, Doc: "The file mixes LF and CRLF (or CR) line endings."},
	{Code: CodeControlCharacter, Severity: SevError, Doc: "A control character (other than tab and line breaks) or a stray byte-order mark appears in the text."},
	{Code: CodeInvalidUTF8, Severity: SevInfo, Doc: "The file is not valid UTF-8; its bytes are read as Windows-1252 (Latin-1). Positions count one character per byte there."},
}
