// Package ctlcheck checks the exchange-format rules of CTL-PGN records
// (C'escacs games) that do not need the position: spec/cescacs-rules.md
// §8, with §2.1, §10 and §12.
//
//   - Tags: [Variant "C'escacs"] first; the game-record order Event, Site,
//     Date, Round, White, [WhiteAlias], Black, [BlackAlias], Result; the
//     minimal-record order Variant, Id, Annotator (annotator drafts:
//     Variant, Id, Date, [Result], Annotator, and an AnnotatorId);
//     consecutive Annotator and Example tags, no other repeated tag; Title
//     after Lang; Redefine right before PDTL or last; PDTL last; misspelt
//     names (DPTL, model); the value formats of §8.4 and the Id grammar of
//     §8.4.1.
//   - Movetext layout: one move pair per line and each pair on one line,
//     "…" only in the first pair of a record or variation, comment braces
//     at line start and end, "@W:"/"@B:" prefixes, the space before a
//     valuation glyph, references "~F14",
//     "~J[d]", "#14[#12.2]@B", "#12.2" that are well formed, resolve and
//     point backwards, piece letters of references against the Redefine
//     tag, nesting dots, variation labels.
//   - Characters: the en dash and other look-alike dashes and spaces where
//     the notation wants "-" or a plain space.
//
// Package ctllegality owns what needs the replay: move legality and move
// texts (their letters under Redefine and FAN included), move numbers
// and commas of the pairs, check and end marks, results, and the
// Redefine and PDTL values. Package linelength checks line lengths.
// Where ctllegality does not judge the moves (after a failed move, after
// the end of the game), the pair findings here are not reported either:
// ctllegality.UnjudgedOf says where, the result of its run on the game,
// which Movetext requires.
//
// Invariants: the analyzers run only for syntax.CTLPGN and never panic
// on any input; every span is game-relative and lies inside the game's
// text; fixes are offered only where the repair is unambiguous, and the
// edits of one fix are ordered and never overlap. Where the
// specification's own sources deviate (§10.4) the findings are warnings
// or hints, never errors.
package ctlcheck

import (
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Tags analyzer.
const (
	CodeVariantMissing = analysis.Code("ctl-variant-missing")
	CodeVariantValue   = analysis.Code("ctl-variant-value")
	CodeTagOrder       = analysis.Code("ctl-tag-order")
	CodeNotConsecutive = analysis.Code("ctl-tag-not-consecutive")
	CodeDuplicate      = analysis.Code("ctl-duplicate-tag")
	CodeMissingTag     = analysis.Code("ctl-missing-tag")
	CodeTagName        = analysis.Code("ctl-tag-name")
	CodeTagValue       = analysis.Code("ctl-tag-value")
	CodeSite           = analysis.Code("ctl-site-format")
	CodeLangMismatch   = analysis.Code("ctl-lang-mismatch")
)

// Codes reported by the Movetext analyzer.
const (
	CodePairsPerLine     = analysis.Code("ctl-pairs-per-line")
	CodePairLayout       = analysis.Code("ctl-pair-layout")
	CodeEllipsis         = analysis.Code("ctl-ellipsis")
	CodeVariationPlace   = analysis.Code("ctl-variation-place")
	CodeCommentPlacement = analysis.Code("ctl-comment-placement")
	CodeCommentPrefix    = analysis.Code("ctl-comment-prefix")
	CodeCommentRef       = analysis.Code("ctl-comment-ref")
	CodeRefLetters       = analysis.Code("ctl-ref-letters")
	CodeNestingDots      = analysis.Code("ctl-nesting-dots")
	CodeVarLabel         = analysis.Code("ctl-var-label")
	CodeValuationSpace   = analysis.Code("ctl-valuation-space")
)

// Codes reported by the Chars analyzer.
const (
	CodeEnDash    = analysis.Code("ctl-en-dash")
	CodeCharacter = analysis.Code("ctl-character")
)

// Tags checks the tag section of CTL-PGN records.
var Tags = &analysis.Analyzer{
	Name: "ctltags",
	Doc:  "CTL-PGN tag checks: the Variant tag, tag order for game and minimal records, repeated and misspelt tags, and value formats.",
	Codes: []analysis.CodeInfo{
		{Code: CodeVariantMissing, Severity: analysis.Error, Minimal: true, Doc: "A CTL-PGN record has no [Variant \"C'escacs\"] tag; every record starts with it. The fix inserts it."},
		{Code: CodeVariantValue, Severity: analysis.Error, Minimal: true, Doc: "The Variant tag is not \"C'escacs\" (with an ASCII apostrophe). \"Grand C'escacs\" is an experimental variant without records and is rejected; misspellings get a fix."},
		{Code: CodeTagOrder, Severity: analysis.Warning, Doc: "Tags out of the CTL-PGN order: Variant first; a game record continues Event, Site, Date, Round, White (or WhiteNA), [WhiteAlias], Black (or BlackNA), [BlackAlias], Result; a minimal record continues Id, Annotator (an annotator draft: Id, Date, [Result], Annotator); Title after Lang; Redefine right before PDTL, or last; PDTL last. The fix rewrites the tag section in that order when no comment stands between the tags."},
		{Code: CodeNotConsecutive, Severity: analysis.Warning, Doc: "Annotator (or Example) tags are not consecutive; the real record 2022-08-14 repeats Annotator after Result. The fix regroups them with the tag-order rewrite."},
		{Code: CodeDuplicate, Severity: analysis.Warning, Doc: "A tag other than Annotator and Example appears twice in one record. The fix removes an identical copy."},
		{Code: CodeMissingTag, Severity: analysis.Warning, Doc: "A tag the record needs is missing: a game record needs Event, Site, Date, Round, White, Black and Result (the fix inserts them with placeholder values); WhiteNA and BlackNA need their alias tag; a minimal record with Id needs an Annotator; an annotator draft (Id with the A prefix) needs Date and AnnotatorId."},
		{Code: CodeTagName, Severity: analysis.Warning, Doc: "A misspelt tag name: DPTL for PDTL (as in the specification's own example §6.10; pgnls replays the record from it when there is no PDTL tag, readers that follow the specification ignore it), or a known name in the wrong case such as model or Timecontrol. The fix renames it."},
		{Code: CodeTagValue, Severity: analysis.Warning, Doc: "A tag value does not have its CTL-PGN format: Date, EventDate, MatchDate YYYY-MM-DD with ? digits (PGN's dots get a fix); Round - or dotted numbers; Result 3-0, 0-3, 1-1, 2-1, 1-2 or * (PGN results get a fix); Termination; Lang (ISO 639 letters); Mode; WhiteType and BlackType; TimeControl; Id, Model, Revisited and Example (the Id grammar of §8.4.1)."},
		{Code: CodeSite, Severity: analysis.Hint, Doc: "The Site value does not end with an ISO 3166 three-letter country code (\"Barcelona, Catalunya ESP\"). A hint, or a warning when the value is clearly wrong (empty, or a two-letter code)."},
		{Code: CodeLangMismatch, Severity: analysis.Warning, Doc: "The Lang tag differs from the language suffix of the Id (Cescacs-X01-ca with Lang \"en\")."},
	},
	Dialects: []syntax.Dialect{syntax.CTLPGN},
	Run:      runTags,
}

// Movetext checks the layout of CTL-PGN movetext, comments and references.
var Movetext = &analysis.Analyzer{
	Name: "ctlmovetext",
	Doc:  "CTL-PGN movetext layout: pairs per line, ellipses, comment placement and prefixes, references inside comments and their letters, nesting dots and variation labels.",
	Codes: []analysis.CodeInfo{
		{Code: CodePairsPerLine, Severity: analysis.Hint, Layout: true, Doc: "Several move pairs on one line. The specification writes one pair per line; the author's website also shows whole games on one line, so this is a hint that the formatter resolves."},
		{Code: CodePairLayout, Severity: analysis.Warning, Doc: "A move pair spread over several lines (only comments and variations may span lines), or a move number without moves. Not reported where ctllegality does not judge the moves (after a failed move, after the end of the game)."},
		{Code: CodeEllipsis, Severity: analysis.Warning, Doc: "A pair split by a comment or a variation and resumed as 'N. …, move': the ellipsis (… or ...) stands for White's move only on the first line of a record or of a variation, and move comments follow the whole pair. Not reported where ctllegality does not judge the moves (after a failed move, after the end of the game), which it reports once instead."},
		{Code: CodeVariationPlace, Severity: analysis.Warning, Doc: "A variation stands after a later pair than the one whose move it replaces; it belongs right after that pair and its comments (§8.6). A variation numbered after the pair it follows is a move-number finding of ctllegality. Not reported where ctllegality does not judge the moves (after a failed move, after the end of the game)."},
		{Code: CodeCommentPlacement, Severity: analysis.Warning, Doc: "A brace comment that does not start its line (after optional nesting dots) or whose closing brace is not the last thing on its line. The fix breaks the line."},
		{Code: CodeCommentPrefix, Severity: analysis.Warning, Doc: "A misused move-comment prefix: more than one @W: or @B: comment after a move line, @B: before @W:, a prefix for a move the line does not have, a prefix outside move comments, or a lower-case @w:/@b: (fixed)."},
		{Code: CodeCommentRef, Severity: analysis.Warning, Doc: "A reference inside a comment that is malformed or does not resolve: ~ followed by no hex or piece, a coordinate that is not a hex, a colour class other than [d], [l] or [c], a move #N or variation #N.k that does not exist, lies after the comment, or is not on the comment's line of play. The earlier moves of that line, those of the lines a variation branches from included, need no label (§8.7); the moves of other variations are reached through their labels (#14[#12.2])."},
		{Code: CodeRefLetters, Severity: analysis.Warning, Doc: "A piece reference in a comment (~J, ~gL5) whose letter is not in force: a standard letter replaced by the Redefine tag, an alternative letter without its Redefine pair, or a FAN glyph without Redefine \"FAN\" (under FAN, whose use in references the specification leaves open, letters and glyphs are both accepted). The fix writes the letter in force."},
		{Code: CodeNestingDots, Severity: analysis.Warning, Doc: "Leading nesting dots before a move number, '(' or '{' do not match the variation depth. The fix writes the right number of dots."},
		{Code: CodeVarLabel, Severity: analysis.Warning, Doc: "Two variations of the same move carry the same label $[n], or a label is $[0]; references #N.n would be ambiguous."},
		{Code: CodeValuationSpace, Severity: analysis.Warning, Doc: "A valuation glyph (! ? !! ?? !? ?! ◇) written right after its move, as in 'H6-H12?!': one space separates a move from its valuation, while the draw offer and ':' that follow the valuation are joined to it (§7.1, §7.4: 'H6-H12 ?!(=):'). The fix inserts the space."},
	},
	Dialects:    []syntax.Dialect{syntax.CTLPGN},
	NeedsTokens: true,                                       // the layout of the movetext: lines, dots, comment placement
	Requires:    []*analysis.Analyzer{ctllegality.Analyzer}, // the stretches it does not judge
	Run:         runMovetext,
}

// Chars checks characters that the CTL-PGN notation spells otherwise.
var Chars = &analysis.Analyzer{
	Name: "ctlchars",
	Doc:  "CTL-PGN character checks: look-alike dashes and spaces in movetext and in structured tag values.",
	Codes: []analysis.CodeInfo{
		{Code: CodeEnDash, Severity: analysis.Warning, Doc: "An en dash (U+2013) used as a hyphen in a structured tag value (Date, Round, Result, Id, TimeControl …) or in movetext outside moves and comments, such as a result 0–3; the fix writes '-'. (In moves, package ctllegality reports it.)"},
		{Code: CodeCharacter, Severity: analysis.Warning, Doc: "A look-alike character in movetext outside comments: a dash other than '-', '‐' and the en dash (figure dash, em dash, minus sign …), a space other than the ASCII space and tab (no-break space …), or a zero-width space. The fix writes '-' or ' ', or removes the invisible character."},
	},
	Dialects:    []syntax.Dialect{syntax.CTLPGN},
	NeedsTokens: true, // the characters of the movetext outside moves and comments
	Run:         runChars,
}

// Analyzers lists the analyzers of this package in a fixed order.
var Analyzers = []*analysis.Analyzer{Tags, Movetext, Chars}

// newline returns the line terminator a fix should write in text.
func newline(text string) string {
	if strings.Contains(text, "\r\n") {
		return "\r\n"
	}
	return "\n"
}

// fix builds a one-edit fix.
func fix(title string, sp syntax.Span, text string) []analysis.Fix {
	return []analysis.Fix{{Title: title, Edits: []analysis.Edit{{Span: sp, New: text}}}}
}

// manual marks the fixes of fixes Manual, for the reason why.
func manual(fixes []analysis.Fix, why string) []analysis.Fix {
	for i := range fixes {
		fixes[i].Manual = why
	}
	return fixes
}

// isBlank reports whether c is a space or a tab.
func isBlank(c byte) bool { return c == ' ' || c == '\t' }
