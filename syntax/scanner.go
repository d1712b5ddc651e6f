package syntax

import (
	"strings"
	"unicode/utf8"
)

// scanner splits text into tokens with file-absolute spans. It never
// stops: bytes that form no token become Error tokens with a diagnostic.
//
// The scanner is context-free at token starts except for two look-behinds
// of one byte (column-1 checks), the tag-line look-ahead that ends an
// unterminated comment and the look-ahead along a move's line for an en
// passant mark; the parser relies on this for game-level reparse.
type scanner struct {
	text    string
	dialect Dialect
	pos     int
	queue   [4]Token // split parts of the last word: queue[head:tail]
	head    int
	tail    int
	tagName bool // the next word is a tag name
	// skipSpace drops the blanks between tokens instead of returning
	// them as Space tokens, for a parser that keeps no tokens: the
	// other tokens, and what the scanner reads, are the same.
	skipSpace bool
	errs      []Error // diagnostics in position order
	far       int     // just past the furthest byte read so far, look-aheads included (see Game.reach)
}

// saw records that the bytes before i have been read.
func (s *scanner) saw(i int) {
	if i > s.far {
		s.far = i
	}
}

func newScanner(text string, d Dialect, start int) *scanner {
	return &scanner{text: text, dialect: d, pos: start}
}

func (s *scanner) errorf(start, end int, sev Severity, code, msg string) {
	s.errs = append(s.errs, Error{Span{Pos(start), Pos(end)}, sev, code, msg})
}

func tok(k Kind, start, end int) Token { return Token{k, Span{Pos(start), Pos(end)}} }

// atLineStart reports whether offset i is the first byte of a line.
func (s *scanner) atLineStart(i int) bool {
	return i == 0 || s.text[i-1] == '\n' || s.text[i-1] == '\r'
}

// next returns the next token; at the end of text it returns a token with
// an empty span and ok false. Every token's scan may read the byte after
// it (to see where it ends); the look-aheads record themselves.
func (s *scanner) next() (Token, bool) {
	t, ok := s.scan()
	s.saw(min(s.pos+1, len(s.text)))
	return t, ok
}

// scan is next without the bookkeeping of what it read.
func (s *scanner) scan() (Token, bool) {
	if s.head < s.tail {
		t := s.queue[s.head]
		s.head++
		return t, true
	}
	if s.skipSpace {
		for s.pos < len(s.text) && (s.text[s.pos] == ' ' || s.text[s.pos] == '\t') {
			s.pos++
		}
	}
	if s.pos >= len(s.text) {
		return Token{}, false
	}
	start := s.pos
	c := s.text[start]
	if !delims[c] && c != '%' && c != '*' && c != 0xEF {
		return s.word(), true // a move, a number, a glyph...: none of the cases below
	}
	switch {
	case c == ' ' || c == '\t':
		i := start + 1
		for i < len(s.text) && (s.text[i] == ' ' || s.text[i] == '\t') {
			i++
		}
		s.pos = i
		return tok(KSpace, start, i), true
	case c == '\n':
		s.pos++
		return tok(KNewline, start, s.pos), true
	case c == '\r':
		s.pos++
		if s.pos < len(s.text) && s.text[s.pos] == '\n' {
			s.pos++
		}
		return tok(KNewline, start, s.pos), true
	case c == 0xEF && strings.HasPrefix(s.text[start:], "\uFEFF"):
		s.pos += 3
		if start == 0 {
			s.errorf(start, s.pos, SevInfo, CodeBOM, "byte-order mark at the start of the file; it is ignored")
			return tok(KBOM, start, s.pos), true
		}
		s.errorf(start, s.pos, SevError, CodeControlCharacter, "byte-order mark (U+FEFF) inside the text")
		return tok(KError, start, s.pos), true
	case c < 0x20 || c == 0x7F:
		i := start + 1
		for i < len(s.text) && isControl(s.text[i]) {
			i++
		}
		s.pos = i
		s.errorf(start, i, SevError, CodeControlCharacter, "control character "+quoteBytes(s.text[start:i])+" is not allowed in PGN text")
		return tok(KError, start, i), true
	case c == '%' && s.atLineStart(start):
		s.pos = lineEnd(s.text, start)
		return tok(KEscape, start, s.pos), true
	case c == ';':
		s.pos = lineEnd(s.text, start)
		return tok(KLineComment, start, s.pos), true
	case c == '{':
		return s.braceComment(), true
	case c == '"':
		return s.str(), true
	case c == '[':
		s.pos++
		return tok(KTagOpen, start, s.pos), true
	case c == ']':
		s.pos++
		return tok(KTagClose, start, s.pos), true
	case c == '(':
		if s.dialect == CTLPGN && strings.HasPrefix(s.text[start:], "(=)") {
			s.pos += 3
			return tok(KDrawOffer, start, s.pos), true
		}
		s.pos++
		return tok(KVarOpen, start, s.pos), true
	case c == ')':
		s.pos++
		return tok(KVarClose, start, s.pos), true
	case c == ',':
		s.pos++
		if s.dialect != CTLPGN {
			s.errorf(start, s.pos, SevError, CodeUnknownToken, "',' has no meaning in PGN movetext")
			return tok(KError, start, s.pos), true
		}
		return tok(KComma, start, s.pos), true
	case c == '}':
		s.pos++
		s.errorf(start, s.pos, SevError, CodeUnknownToken, "'}' closes no comment")
		return tok(KError, start, s.pos), true
	case c == '$':
		return s.dollar(), true
	case c == '*' && s.selfTerminatingStar():
		// The standard (§7) makes "*" a token of its own: "****" is four
		// results, "*1. e4" a result and a move number.
		s.pos++
		return tok(KResult, start, s.pos), true
	}
	return s.word(), true
}

// selfTerminatingStar reports whether a '*' is a token of its own: in PGN
// movetext, not in a tag name nor in CTL-PGN, where '*' is a capture mark.
func (s *scanner) selfTerminatingStar() bool { return s.dialect == PGN && !s.tagName }

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isControl(c byte) bool {
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F
}

// isDelim reports whether c ends a word, from a table: the scanner
// asks it for every byte of every word.
func isDelim(c byte) bool { return delims[c] }

var delims = func() (t [256]bool) {
	for c := range t {
		t[c] = delim(byte(c))
	}
	return t
}()

// delimsStar is delims with '*', which ends a word of PGN movetext.
var delimsStar = func() [256]bool {
	t := delims
	t['*'] = true
	return t
}()

// delim reports whether c ends a word.
func delim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '{', '}', '(', ')', '[', ']', '"', ';', ',', '$':
		return true
	}
	return c < 0x20 || c == 0x7F
}

// lineEnd returns the offset of the first "\r" or "\n" at or after i,
// or len(text): by the vectorised search for "\n", then for "\r" before
// it.
func lineEnd(text string, i int) int {
	rest := text[i:]
	j := strings.IndexByte(rest, '\n')
	if j < 0 {
		j = len(rest)
	}
	if k := strings.IndexByte(rest[:j], '\r'); k >= 0 {
		j = k
	}
	return i + j
}

// nextLineStart returns the offset after the line terminator at i.
func nextLineStart(text string, i int) int {
	if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
		return i + 2
	}
	return i + 1
}

// looksLikeTagLine reports whether the line starting at i opens a tag pair:
// blanks, "[", a symbol, blanks and a quote; to is just past the last
// byte it read.
func looksLikeTagLine(text string, i int) (ok bool, to int) {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != '[' {
		return false, min(i+1, len(text))
	}
	return namedValue(text, i+1)
}

// namedValue reports whether a tag name, blanks and a quote start at i;
// to is just past the last byte it read.
func namedValue(text string, i int) (ok bool, to int) {
	j := i
	for j < len(text) && isSymbolByte(text[j]) {
		j++
	}
	if j == i || !isLetter(text[i]) {
		return false, min(j+1, len(text))
	}
	k := j
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	return k > j && k < len(text) && text[k] == '"', min(k+1, len(text))
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isSymbolByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
}

// braceComment scans "{ ... }". Braces inside are paired as nested when
// that closes the comment; otherwise the first "}" closes it. Without any
// "}", the comment ends before the next line that looks like a tag, or at
// the end of the text.
// nestLookahead bounds how far past its first '}' a comment is searched
// for the brace that closes a nested '{'. Without a bound, the end of a
// comment with unpaired braces would depend on text arbitrarily far
// ahead, and a stream could not hand out games before reading it all.
const nestLookahead = 4096

// shortComment bounds the fast search for the end of a brace comment.
const shortComment = 512

func (s *scanner) braceComment() Token {
	start := s.pos
	// Most comments are short and hold no brace and no line end before
	// their "}": then that "}" closes them, and the vectorised searches
	// find it at once. (The search is bounded, so that a text of many
	// comments without "}" stays linear.)
	if j := strings.IndexByte(s.text[start+1:min(start+1+shortComment, len(s.text))], '}'); j >= 0 {
		end := start + 1 + j + 1
		if body := s.text[start+1 : end-1]; strings.IndexByte(body, '{') < 0 && strings.IndexByte(body, '\n') < 0 && strings.IndexByte(body, '\r') < 0 {
			s.saw(min(end+1, len(s.text))) // as the loop below would
			s.pos = end
			return tok(KBraceComment, start, end)
		}
	}
	depth, nested, firstClose := 1, false, -1
	i := start + 1
	end := -1
	for i < len(s.text) && end < 0 {
		if firstClose >= 0 && i >= firstClose+nestLookahead {
			break // braces that do not pair up soon are not nested
		}
		switch c := s.text[i]; c {
		case '}':
			if firstClose < 0 {
				firstClose = i + 1
			}
			depth--
			if depth == 0 {
				end = i + 1
			}
		case '{':
			depth++
			nested = true
		case '\n', '\r':
			n := nextLineStart(s.text, i)
			tagLine, to := looksLikeTagLine(s.text, n)
			s.saw(to)
			if tagLine {
				if firstClose >= 0 {
					end = firstClose
					nested = false
				} else {
					// End after the last non-blank byte, so that the blank
					// lines stay between the games.
					for i > start+1 && isSpaceByte(s.text[i-1]) {
						i--
					}
					s.pos = i
					s.errorf(start, start+1, SevError, CodeUnterminatedComment, "comment is not closed before the next tag section")
					return tok(KBraceComment, start, i)
				}
				continue
			}
			i = n
			continue
		}
		i++
	}
	s.saw(min(i+1, len(s.text)))
	if end < 0 {
		if firstClose >= 0 {
			end, nested = firstClose, false
		} else {
			s.pos = len(s.text)
			s.errorf(start, start+1, SevError, CodeUnterminatedComment, "comment is not closed before the end of the file")
			return tok(KBraceComment, start, s.pos)
		}
	}
	if nested {
		s.errorf(start, start+1, SevWarning, CodeNestedComment, "comment contains '{'; PGN comments do not nest, the braces were paired as nested")
	}
	s.pos = end
	return tok(KBraceComment, start, end)
}

// str scans a quoted string with \" and \\ escapes. It ends at the line's
// end when unterminated. A quote followed by more text and a later `"]`
// on the same line is taken as an unescaped quote inside the value.
func (s *scanner) str() Token {
	start := s.pos
	eol := lineEnd(s.text, start)
	s.saw(min(eol+1, len(s.text)))
	i := start + 1
	for i < eol {
		switch s.text[i] {
		case '\\':
			i += 2
			continue
		case '"':
			if s.closesValue(i+1, eol) {
				s.pos = i + 1
				return tok(KString, start, s.pos)
			}
			s.errorf(i, i+1, SevError, CodeUnescapedQuote, "unescaped '\"' inside a tag value; write \\\"")
		}
		i++
	}
	if i > eol {
		i = eol
	}
	s.pos = i
	s.errorf(start, start+1, SevError, CodeUnterminatedString, "tag value is not closed before the end of the line")
	return tok(KString, start, i)
}

// closesValue decides whether the quote just before offset i ends the
// string: it does unless more text follows on the line before another
// quote that is followed by "]". The search is bounded so that a long
// line of quotes stays linear.
func (s *scanner) closesValue(i, eol int) bool {
	eol = min(eol, i+maxQuoteLookahead)
	j := i
	for j < eol && (s.text[j] == ' ' || s.text[j] == '\t') {
		j++
	}
	if j == eol || s.text[j] == ']' {
		return true
	}
	for k := j; k < eol; k++ {
		switch s.text[k] {
		case '\\':
			k++
		case '"':
			r := k + 1
			for r < eol && (s.text[r] == ' ' || s.text[r] == '\t') {
				r++
			}
			if r < eol && s.text[r] == ']' {
				return false
			}
		case '[', ']':
			return true
		}
	}
	return true
}

// maxQuoteLookahead bounds the search for the real end of a tag value.
const maxQuoteLookahead = 256

// dollar scans "$n" (NAG) and, in CTL-PGN, "$[n]" (variation label).
func (s *scanner) dollar() Token {
	start := s.pos
	i := start + 1
	for i < len(s.text) && isDigit(s.text[i]) {
		i++
	}
	if i > start+1 {
		s.pos = i
		return tok(KNAG, start, i)
	}
	if s.dialect == CTLPGN && i < len(s.text) && s.text[i] == '[' {
		j := i + 1
		for j < len(s.text) && isDigit(s.text[j]) {
			j++
		}
		if j > i+1 && j < len(s.text) && s.text[j] == ']' {
			s.pos = j + 1
			return tok(KVarLabel, start, s.pos)
		}
	}
	s.pos = start + 1
	s.errorf(start, s.pos, SevError, CodeUnknownToken, "'$' must be followed by a number")
	return tok(KError, start, s.pos)
}

// word scans a run of non-delimiter bytes and classifies it; words that
// hold several tokens ("1.e4", "e4!?", "G7-G11:") are split.
func (s *scanner) word() Token {
	start := s.pos
	i := start
	ends := &delims
	if s.selfTerminatingStar() {
		ends = &delimsStar
	}
	for i < len(s.text) && !ends[s.text[i]] {
		i++
	}
	s.pos = i
	if s.tagName {
		return tok(KTagName, start, i)
	}
	s.head, s.tail = 0, 0
	if s.dialect == CTLPGN {
		s.classifyCTL(start, i)
	} else {
		s.classifyPGN(start, i)
	}
	t := s.queue[0]
	s.head = 1
	return t
}

func (s *scanner) emit(k Kind, start, end int) {
	s.queue[s.tail] = tok(k, start, end)
	s.tail++
}

func (s *scanner) unknown(start, end int, what string) {
	s.emit(KError, start, end)
	s.errorf(start, end, SevError, CodeUnknownToken, what)
}

// digitsEnd returns the end of the run of digits at i.
func digitsEnd(w string, i int) int {
	for i < len(w) && isDigit(w[i]) {
		i++
	}
	return i
}

func isGlyphText(w string) bool {
	switch w {
	case "!", "?", "!!", "??", "!?", "?!", "◇":
		return true
	}
	return false
}

// splitGlyph returns the length of the move part of w when w ends with a
// suffix annotation glyph.
func splitGlyph(w string) int {
	n := len(w)
	if c := w[n-1]; c != '!' && c != '?' && c != 0x87 {
		return n
	}
	for _, g := range []string{"!!", "??", "!?", "?!", "!", "?", "◇"} {
		if len(w) > len(g) && strings.HasSuffix(w, g) {
			return n - len(g)
		}
	}
	return n
}

func (s *scanner) classifyPGN(start, end int) {
	w := s.text[start:end]
	// Most words are moves and move numbers, which none of the other
	// readings below starts like: those at once.
	switch c := w[0]; {
	case isLetter(c) && (c != 'e' || len(w) < 2 || w[1] != '.' && w[1] != 'p'):
		s.move(start, end)
		return
	case c >= '1' && c <= '9' && w != "1-0" && w != "1/2-1/2":
		if !s.numbered(start, end) {
			s.unknown(start, end, "unknown token "+quoteText(w))
		}
		return
	}
	switch {
	case isGlyphText(w):
		s.emit(KGlyph, start, end)
		return
	case w == "1-0" || w == "0-1" || w == "1/2-1/2":
		s.emit(KResult, start, end)
		return
	case w[0] == '.' && strings.Trim(w, ".") == "" || w == "…":
		s.emit(KEllipsis, start, end)
		return
	case w[0] == '.':
		// Periods are tokens of their own (§7): "1 .d4" is a move number,
		// a period and a move.
		d := len(w) - len(strings.TrimLeft(w, "."))
		s.emit(KEllipsis, start, start+d)
		s.classifyPGN(start+d, end)
		return
	case w[0] == 'e' && isEnPassantMark(w[:splitGlyph(w)]):
		s.unknown(start, end, "en passant mark "+quoteText(w)+" does not directly follow a move on its line")
		return
	case (w[0] == '0' || w[0] == '-') && digitMove(w):
		s.move(start, end)
		return
	case isDigit(w[0]):
		if s.numbered(start, end) {
			return
		}
	case isLetter(w[0]), w[0] == '@' && len(w) > 2 && w[1] >= 'a' && w[1] <= 'h':
		// '@' and a file start a pawn drop of crazyhouse as python-chess
		// writes it (@e4).
		s.move(start, end)
		return
	}
	s.unknown(start, end, "unknown token "+quoteText(w))
}

// numbered classifies the word text[start:end], which starts with a
// digit and is not a result: a move number, alone or glued to the move
// it numbers. It reports false, emitting nothing, for any other word.
func (s *scanner) numbered(start, end int) bool {
	w := s.text[start:end]
	d := digitsEnd(w, 0)
	p := d
	for p < len(w) && w[p] == '.' {
		p++
	}
	if p == len(w) {
		s.emit(KMoveNumber, start, end)
		return true
	}
	if p > d && (isLetter(w[p]) || w[p] == '@' && p+2 < len(w) && w[p+1] >= 'a' && w[p+1] <= 'h' || digitMove(w[p:])) {
		s.emit(KMoveNumber, start, start+p)
		if m := w[p:]; m[0] == 'e' && isEnPassantMark(m[:splitGlyph(m)]) {
			s.classifyPGN(start+p, end) // an en passant mark
		} else {
			s.move(start+p, end)
		}
		return true
	}
	return false
}

// digitMove reports whether w, which does not start with a letter, is
// still a move: castling written with zeros and any dash ("0-0", "0–0",
// "0‐0", "0−0-0"), or a null move "0000" or "--" (ParseSAN reads them).
func digitMove(w string) bool {
	if strings.HasPrefix(w, "--") {
		return true
	}
	if !strings.HasPrefix(w, "0") {
		return false
	}
	if strings.HasPrefix(w, "0000") {
		return len(w) == 4 || !isDigit(w[4]) && w[4] != '.'
	}
	rest, ok := cutDash(w[1:])
	return ok && rest != "" && (rest[0] == '0' || rest[0] == 'O' || rest[0] == 'o')
}

// castlingDashes are the dashes castling is written with: the hyphen,
// the other hyphens and dashes of Unicode (U+2010 to U+2015), the minus
// sign, the small and full-width forms, and the en and em dashes of
// Windows-1252 as lone bytes (chess.ParseSAN reads the same).
var castlingDashes = [...]string{
	"-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212",
	"\uFE58", "\uFE63", "\uFF0D", "\x96", "\x97",
}

// cutDash removes a leading dash (one of castlingDashes) from s.
func cutDash(s string) (string, bool) {
	for _, dash := range castlingDashes {
		if rest, ok := strings.CutPrefix(s, dash); ok {
			return rest, true
		}
	}
	return s, false
}

// enPassantMarks are the spellings of the en passant mark that may follow
// a move as a word of their own ("exd6 e.p."); ParseSAN also accepts them
// glued to the move ("exd6e.p.").
var enPassantMarks = [...]string{"e.p.", "e.p", "ep"}

// isEnPassantMark reports whether w is an en passant mark, possibly with
// the move's check or mate sign after it ("ep+").
func isEnPassantMark(w string) bool {
	if len(w) < 2 || w[0] != 'e' || (w[1] != '.' && w[1] != 'p') {
		return false // most words: at once
	}
	w = strings.TrimSuffix(strings.TrimSuffix(w, "+"), "#")
	for _, m := range enPassantMarks {
		if w == m {
			return true
		}
	}
	return false
}

// move emits a Move token, splitting a trailing glyph. In PGN an en
// passant mark after blanks on the same line ("exd6 e.p.") is part of
// the move: the token then holds the blanks too.
func (s *scanner) move(start, end int) {
	m := start + splitGlyph(s.text[start:end])
	if m == end && s.dialect == PGN {
		s.saw(min(end+3, len(s.text))) // mayMarkEnPassant's look
	}
	if m == end && s.dialect == PGN && mayMarkEnPassant(s.text, end) {
		if mark, wordEnd := s.enPassantMarkAt(end); mark > end {
			m, end = mark, wordEnd
			s.pos = wordEnd
		}
	}
	s.emit(KMove, start, m)
	if m < end {
		s.emit(KGlyph, m, end)
	}
}

// mayMarkEnPassant tells, from the three bytes at i, whether an en
// passant mark may follow there: blanks, then "e." or "ep" (or more
// blanks). Most moves are followed by another move; this keeps them fast.
func mayMarkEnPassant(text string, i int) bool {
	if i+2 >= len(text) || text[i] != ' ' && text[i] != '\t' {
		return false
	}
	switch text[i+1] {
	case ' ', '\t':
		return true
	case 'e':
		return text[i+2] == '.' || text[i+2] == 'p'
	}
	return false
}

// enPassantMarkAt looks for blanks and an en passant mark (possibly with
// a check sign and a glyph) as the next word after offset i. It returns
// the end of the mark and the end of the word, or i, i when there is none.
func (s *scanner) enPassantMarkAt(i int) (mark, wordEnd int) {
	j := i
	for j < len(s.text) && (s.text[j] == ' ' || s.text[j] == '\t') {
		j++
	}
	s.saw(min(j+2, len(s.text)))
	// Most moves are followed by another move: reject those at once.
	if j == i || j+1 >= len(s.text) || s.text[j] != 'e' || (s.text[j+1] != '.' && s.text[j+1] != 'p') {
		return i, i
	}
	k := j
	for k < len(s.text) && !isDelim(s.text[k]) && s.text[k] != '*' {
		k++
	}
	s.saw(min(k+1, len(s.text)))
	if k == j {
		return i, i
	}
	w := s.text[j:k]
	if isEnPassantMark(w[:splitGlyph(w)]) {
		return j + splitGlyph(w), k
	}
	return i, i
}

func (s *scanner) classifyCTL(start, end int) {
	w := s.text[start:end]
	// Leading nesting dots, unless the word is an ellipsis.
	if w != "..." && w[0] == '.' {
		d := 1
		for d < len(w) && w[d] == '.' {
			d++
		}
		s.emit(KDots, start, start+d)
		if d == len(w) {
			return
		}
		start += d
		w = w[d:]
	}
	// A trailing end mark.
	if w[len(w)-1] == ':' {
		if len(w) > 1 {
			s.classifyCTLWord(start, end-1)
		}
		s.emit(KEndMark, end-1, end)
		return
	}
	s.classifyCTLWord(start, end)
}

func (s *scanner) classifyCTLWord(start, end int) {
	w := s.text[start:end]
	switch {
	case isLetter(w[0]): // a move, the most common word; no glyph, ellipsis or result starts with a letter
		s.move(start, end)
		return
	case isGlyphText(w):
		s.emit(KGlyph, start, end)
		return
	case w == "…" || w == "...":
		s.emit(KEllipsis, start, end)
		return
	case w == "3-0" || w == "0-3" || w == "1-1" || w == "2-1" || w == "1-2" || w == "*":
		s.emit(KResult, start, end)
		return
	case isDigit(w[0]):
		d := digitsEnd(w, 0)
		if d < len(w) && (w[d] == '.' || w[d] == '?') {
			p := d + 1
			for w[d] == '.' && p < len(w) && w[p] == '.' {
				p++
			}
			if p == len(w) {
				s.emit(KMoveNumber, start, end)
				return
			}
			if isLetter(w[p]) || w[p] >= utf8.RuneSelf {
				s.emit(KMoveNumber, start, start+p)
				s.move(start+p, end)
				return
			}
		}
		if w == "1-0" || w == "0-1" || w == "1/2-1/2" {
			s.unknown(start, end, quoteText(w)+" is a PGN result; CTL-PGN results are 3-0, 0-3, 1-1, 2-1, 1-2 and *")
			return
		}
	case w[0] >= utf8.RuneSelf:
		s.move(start, end)
		return
	}
	s.unknown(start, end, "unknown token "+quoteText(w))
}
