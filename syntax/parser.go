package syntax

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Parse parses a whole file in dialect d. It never fails: problems are
// reported as diagnostics inside the games, and the games together hold
// every byte of text.
func Parse(name, text string, d Dialect) *File {
	f := &File{Name: name, text: text, Dialect: d}
	f.setChunks(chunksOf(parseConcurrently(text, 0, d, 0), func(games []GameRef) *Chunk { return newChunk(games, d) }))
	return f
}

// ParseCompact is Parse for a file that is kept open a long time, as in an
// editor: its games hold their syntax trees only while they are among the
// most recently used, up to about held bytes of their text, and are
// parsed again on demand otherwise; the versions Reparse makes of it share
// that budget. The file's meaning is exactly Parse's, but its memory is
// about its text, its line table and its syntax errors, not its trees
// (ten to twenty times the text).
func ParseCompact(name, text string, d Dialect, held int) *File {
	f := &File{Name: name, text: text, Dialect: d, cache: newTreeCache(Pos(held))}
	// The games parsed here only give their chunks' facts; their trees
	// go at once, so they keep no tokens (a chunk read again has them).
	f.setChunks(slices.Concat(parseSegments(text, 0, d, modeNoTokens, func(games []GameRef) []*Chunk {
		return chunksOf(games, func(games []GameRef) *Chunk {
			return newCompactChunk(games, text, int(games[0].Start), d, f.cache, false)
		})
	})...))
	return f
}

// phase is where a game's parser stands.
type phase uint8

const (
	inHeader phase = iota // tags and comments
	inMoves               // movetext
	inAfter               // after the result
)

// parser turns the token stream of one file into games.
type parser struct {
	text  string
	d     Dialect
	sc    *scanner
	peekT Token
	peekK bool // peekT is valid

	g     *builder // the current game's: &gb
	gb    builder
	toks  []Token // the current game's tokens, in a block shared with the games before
	moves []Elem  // the current game's main line, likewise
	slab  nodeSlab
	stop  func(boundary int) bool
	limit int // where the parse is expected to stop, for sizing blocks

	// noTokens: games keep no Tokens. p.toks then holds the newlines of
	// the game being read (what finish needs of its tokens), and the
	// scanner skips blanks.
	noTokens bool
	noMoves  bool  // games keep no movetext (see GameReader.HeadersOnly)
	plies    int   // with noMoves: the moves of the current game's main line
	content  bool  // with noMoves: the current game has movetext besides comments
	opens    []int // with noMoves: skipMovetext's variations open, reused
}

// parseMode says what the games of a parse keep.
type parseMode uint8

const (
	modeNoTokens parseMode = 1 << iota // no Tokens (GameReader.DropTokens)
	modeHeaders                        // no Tokens, no movetext (GameReader.HeadersOnly)
)

// builder collects one game. Spans of nodes are game-relative.
type builder struct {
	start   int
	game    *Game
	phase   phase
	stack   []*Variation
	errs    []Error
	last    Token // last significant token (absolute)
	play    Token // last significant token that is not a comment
	nlSeen  int   // newlines since the last significant token
	tagEnd  int   // absolute end of the last tag, or -1
	skimmed bool  // skipMovetext has read (or given up on) the movetext
}

// parseGames parses games from offset start until the end of text, or
// until stop accepts the offset where the next game would start.
func parseGames(text string, start int, d Dialect, stop func(int) bool) []GameRef {
	return parseRange(text, start, len(text), d, stop, 0)
}

// parseRange is parseGames for a parse expected to stop near limit; mode
// says what the games keep.
func parseRange(text string, start, limit int, d Dialect, stop func(int) bool, mode parseMode) []GameRef {
	p := &parser{text: text, d: d, sc: newScanner(text, d, start), stop: stop, limit: limit,
		noTokens: mode != 0, noMoves: mode&modeHeaders != 0}
	p.sc.skipSpace = p.noTokens
	if p.noTokens {
		// One game's tokens at a time (see finish).
		p.toks = make([]Token, 0, 1024)
	} else {
		p.toks = nextBlock[Token](nil, limit-start, 4)
	}
	p.moves = nextBlock[Elem](nil, limit-start, 16)
	return p.run(start)
}

func (p *parser) peek() (Token, bool) {
	if !p.peekK {
		t, ok := p.sc.next()
		if !ok {
			return Token{}, false
		}
		p.peekT, p.peekK = t, true
	}
	return p.peekT, true
}

// take consumes the peeked token into the current game.
func (p *parser) take() Token {
	t := p.peekT
	p.peekK = false
	if !p.noTokens || t.Kind == KNewline {
		p.toks = append(p.toks, t)
	}
	return t
}

func (p *parser) relSpan(s Span) Span { return s.Shift(-Pos(p.g.start)) }

func (p *parser) errorf(s Span, sev Severity, code, msg string) {
	p.g.errs = append(p.g.errs, Error{s, sev, code, msg})
}

func (p *parser) newGame(start int) {
	p.plies, p.content = 0, false
	// One builder for every game of the parse (no game keeps it), and
	// one allocation for the game with room for the usual tags.
	a := new(gameBlock)
	a.game.Header, a.game.Tags = a.header[:0], a.tags[:0]
	stack := p.gb.stack[:0]
	clear(stack[:cap(stack)]) // let the variations of the game before go
	p.gb = builder{start: start, game: &a.game, tagEnd: -1, stack: stack}
	p.g = &p.gb
}

// gameBlock is a game with room for its header and tags in the same
// allocation: a dozen tags and comments cover most games.
type gameBlock struct {
	game   Game
	header [12]Elem
	tags   [12]*Tag
}

func (p *parser) run(start int) []GameRef {
	var games []GameRef
	p.newGame(start)
	for {
		if g := p.g; p.noMoves && g.phase == inMoves && !g.skimmed && p.d == PGN && len(g.stack) == 0 && !p.peekK && p.sc.head == p.sc.tail {
			g.skimmed = true
			p.skipMovetext() // the rest of the movetext at a byte scan
		}
		t, ok := p.peek()
		if !ok {
			break
		}
		if t.Kind.IsTrivia() {
			p.take()
			if t.Kind == KNewline {
				p.g.nlSeen++
			}
			continue
		}
		if p.startsGame(t) {
			b := p.boundary(t)
			if p.g.nlSeen < 2 {
				p.errorf(p.relSpan(p.g.last.Span), SevWarning, CodeMissingBlankLine, "no blank line between this game and the next")
			}
			games = append(games, p.finish(b))
			if p.stop != nil && p.stop(b) {
				return games
			}
			p.newGame(b)
		}
		p.element(t)
	}
	if len(p.text) > start {
		games = append(games, p.finish(len(p.text)))
	}
	return games
}

// boundary returns where the game starting with token t begins: the start
// of t's line when only blanks precede t there, otherwise t itself.
func (p *parser) boundary(t Token) int {
	i := int(t.Span.Start)
	for i > p.g.start && (p.text[i-1] == ' ' || p.text[i-1] == '\t') {
		i--
	}
	if i > p.g.start && (p.text[i-1] == '\n' || p.text[i-1] == '\r') {
		return i
	}
	return int(t.Span.Start)
}

// onlyBlanksBefore reports whether only blanks precede offset i on its line.
func (p *parser) onlyBlanksBefore(i int) bool {
	for i > 0 && (p.text[i-1] == ' ' || p.text[i-1] == '\t') {
		i--
	}
	return i == 0 || p.text[i-1] == '\n' || p.text[i-1] == '\r'
}

// startsGame decides whether significant token t opens the next game.
func (p *parser) startsGame(t Token) bool {
	g := p.g
	switch g.phase {
	case inAfter:
		if p.d != PGN {
			// CTL-PGN keeps the comments after the result line.
			return !t.Kind.isComment()
		}
		if len(g.stack) > 0 {
			// A variation after the result (an error) goes on to its
			// ')' as any other does; only a tag line ends it.
			return t.Kind == KTagOpen && p.onlyBlanksBefore(int(t.Span.Start))
		}
		switch t.Kind {
		case KBraceComment, KLineComment:
			// A PGN game goes on to the first blank line after its
			// result, as python-chess reads it: a comment on the lines
			// right after the result is the game's.
			return g.nlSeen > 1
		case KEscape:
			return g.nlSeen > 0
		case KTagOpen, KMoveNumber, KMove, KResult:
			return true
		}
		// A token that cannot begin a game (a NAG, a glyph, a stray
		// bracket) stays with the game it follows, as an error there:
		// no game is made of it.
		return false
	case inMoves:
		return t.Kind == KTagOpen && p.onlyBlanksBefore(int(t.Span.Start)) || t.Kind == KMoveNumber && p.g.nlSeen >= 2 && p.restartsMoves(t)
	case inHeader:
		// A tag section repeated after a blank line is the next game.
		if t.Kind != KTagOpen || g.nlSeen < 2 || len(g.game.Tags) == 0 {
			return false
		}
		name := p.peekTagName(int(t.Span.End))
		for _, tag := range g.game.Tags {
			if tag.Name == name && name != "Annotator" && name != "Example" {
				return true
			}
		}
	}
	return false
}

// restartsMoves reports whether significant token t, in the movetext of
// a game without a result, starts the next game without a tag section:
// White's first move "1. e4" after a blank line, in the main line, when
// the game has already gone past its first moves, or past White's first
// move and the number is "1." (Black's reply would be "1..."). A game
// cannot go on so; it is a game whose result was left out, followed by
// the next one.
func (p *parser) restartsMoves(t Token) bool {
	g := p.g
	if t.Kind != KMoveNumber || g.nlSeen < 2 || len(g.stack) > 0 || p.d != PGN {
		return false
	}
	w := p.text[t.Span.Start:t.Span.End]
	if w != "1" && w != "1." {
		return false
	}
	i := int(t.Span.End)
	for i < len(p.text) && (p.text[i] == ' ' || p.text[i] == '\t') {
		i++
	}
	p.sc.saw(min(i+1, len(p.text)))
	if i == len(p.text) || !isLetter(p.text[i]) {
		return false // not White's move: "1... e5", "1. {comment}"
	}
	plies := p.plies // the moves a parser of headers only did not keep
	if plies >= 2 {
		return true
	}
	for _, e := range p.moves {
		if _, ok := e.(*Move); ok {
			if plies++; plies == 2 {
				return true
			}
		}
	}
	// After White's first move only, "1." with one period numbers
	// another White move, not Black's reply ("1... e5" continues): as
	// python-chess reads it, the next game.
	return plies == 1 && w == "1."
}

// peekTagName reads the symbol after "[" at offset i, and records what
// it read.
func (p *parser) peekTagName(i int) string {
	text := p.text
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	j := i
	for j < len(text) && !isDelim(text[j]) {
		j++
	}
	p.sc.saw(min(j+1, len(text)))
	return text[i:j]
}

// add appends e to the open variation or to the game part being read.
func (p *parser) add(e Elem) {
	g := p.g
	if n := len(g.stack); n > 0 {
		v := g.stack[n-1]
		v.Elems = append(v.Elems, e)
		return
	}
	switch g.phase {
	case inHeader:
		g.game.Header = append(g.game.Header, e)
	case inMoves:
		p.moves = append(p.moves, e)
	case inAfter:
		g.game.After = append(g.game.After, e)
	}
}

// startMoves switches from the header to the movetext. Comments after the
// last tag belong to the movetext.
func (p *parser) startMoves(t Token) {
	g := p.g
	if g.phase != inHeader {
		return
	}
	g.phase = inMoves
	h := g.game.Header
	i := len(h)
	for i > 0 {
		if _, ok := h[i-1].(*Tag); ok {
			break
		}
		i--
	}
	p.moves = append(p.moves, h[i:]...)
	g.game.Header = h[:i:i]
	if g.tagEnd >= 0 && !strings.ContainsAny(p.text[g.tagEnd:t.Span.Start], "\r\n") {
		p.errorf(p.relSpan(t.Span), SevWarning, CodeTagsAndMovesOnLine, "movetext starts on the line of the tag section; export format puts a blank line after the tags")
	}
}

// element consumes the significant token t and what belongs to it.
func (p *parser) element(t Token) {
	g := p.g
	nl := g.nlSeen
	g.last, g.nlSeen = t, 0
	switch t.Kind {
	case KTagOpen:
		if g.phase != inHeader {
			p.errorf(p.relSpan(t.Span), SevError, CodeTagAfterMovetext, "tag after the movetext has started")
		} else if n := len(g.game.Header); n > 0 {
			if _, ok := g.game.Header[n-1].(*Tag); ok {
				switch {
				case nl == 0:
					p.errorf(p.relSpan(t.Span), SevWarning, CodeTagsOnOneLine, "tag on the same line as the previous tag; export format puts one tag per line")
				case nl > 1:
					p.errorf(p.relSpan(t.Span), SevWarning, CodeBlankLineInTags, "blank line inside the tag section; the tags still belong to the same game")
				}
			}
		}
		tag := p.tag()
		g.last = Token{KTagClose, Span{Pos(p.g.start) + tag.Sp.Start, Pos(p.g.start) + tag.Sp.End}}
		g.tagEnd = int(g.last.Span.End)
		g.play = g.last
		if g.phase == inHeader {
			g.game.Tags = append(g.game.Tags, tag)
		}
		p.add(tag)
		return
	case KBraceComment, KLineComment, KEscape:
		p.take()
		if p.noMoves && g.phase != inHeader {
			return
		}
		p.add(p.comment(t))
		return
	}
	g.play = t
	p.take()
	sp := p.relSpan(t.Span)
	text := p.text[t.Span.Start:t.Span.End]
	if t.Kind == KError && g.phase == inHeader {
		p.add(&Bad{Sp: sp, Text: text})
		return
	}
	if g.phase == inAfter && p.d == PGN && p.afterResult(t, sp, text) {
		return
	}
	p.startMoves(t)
	if p.noMoves {
		p.skip(t, sp, text)
		return
	}
	switch t.Kind {
	case KMoveNumber:
		p.add(p.slab.moveNumber(sp, text))
	case KMove:
		p.add(p.slab.move(sp, text))
	case KGlyph:
		p.add(&Glyph{Sp: sp, Text: text})
	case KNAG:
		v, err := strconv.ParseInt(text[1:], 10, 32)
		if err != nil {
			v = -1
		}
		p.add(&NAG{Sp: sp, Value: int(v)})
	case KEllipsis:
		p.add(&Ellipsis{Sp: sp})
	case KDrawOffer:
		p.add(&DrawOffer{Sp: sp})
	case KEndMark:
		p.add(&EndMark{Sp: sp})
	case KComma, KDots:
		// Punctuation of CTL-PGN pairs; kept as tokens only.
	case KVarOpen:
		v := &Variation{Sp: sp}
		p.add(v)
		g.stack = append(g.stack, v)
	case KVarClose:
		if len(g.stack) == 0 {
			p.errorf(sp, SevError, CodeUnmatchedParen, "')' closes no variation")
			p.add(&Bad{Sp: sp, Text: text})
			return
		}
		v := g.stack[len(g.stack)-1]
		v.Sp.End, v.Closed = sp.End, true
		g.stack = g.stack[:len(g.stack)-1]
	case KVarLabel:
		n, _ := strconv.Atoi(text[2 : len(text)-1])
		if k := len(g.stack); k > 0 && g.stack[k-1].Label == nil && len(g.stack[k-1].Elems) == 0 {
			g.stack[k-1].Label = &VarLabel{Sp: sp, Number: n}
			return
		}
		p.errorf(sp, SevError, CodeUnknownToken, "a variation label must follow '(' directly")
		p.add(&Bad{Sp: sp, Text: text})
	case KResult:
		if len(g.stack) > 0 && (g.phase == inAfter || p.nextSignificantByte(int(t.Span.End)) == ')') {
			p.add(&Result{Sp: sp, Text: text})
			return
		}
		p.closeVariations()
		g.game.Result = &Result{Sp: sp, Text: text}
		g.phase = inAfter
	case KString:
		p.errorf(sp, SevError, CodeUnknownToken, "quoted string outside a tag")
		p.add(&Bad{Sp: sp, Text: text})
	case KTagClose:
		p.errorf(sp, SevError, CodeUnknownToken, "']' closes no tag")
		p.add(&Bad{Sp: sp, Text: text})
	default: // KError: the scanner has reported it.
		p.add(&Bad{Sp: sp, Text: text})
	}
}

// skip takes a movetext token t for a parser of headers only: it keeps
// what decides where games end (the variations open, the result, the
// count of the main line's moves) and builds no node.
func (p *parser) skip(t Token, sp Span, text string) {
	g := p.g
	p.content = true
	switch t.Kind {
	case KMove:
		if len(g.stack) == 0 && g.phase == inMoves {
			p.plies++
		}
	case KVarOpen:
		g.stack = append(g.stack, &Variation{Sp: sp})
	case KVarClose:
		if len(g.stack) > 0 {
			g.stack = g.stack[:len(g.stack)-1]
		}
	case KResult:
		if len(g.stack) > 0 && (g.phase == inAfter || p.nextSignificantByte(int(t.Span.End)) == ')') {
			return
		}
		p.closeVariations()
		g.game.Result = &Result{Sp: sp, Text: text}
		g.phase = inAfter
	}
}

// afterResult reports the tokens of a PGN game after its result that
// startsGame keeps in the game and that mean something elsewhere: a NAG,
// a glyph, periods, a '(' (whose variation then goes on as usual). It
// reports whether t is done with; the others are reported as anywhere.
func (p *parser) afterResult(t Token, sp Span, text string) bool {
	if len(p.g.stack) > 0 {
		return false // inside a variation already reported
	}
	what := quoteText(text) + " after the game's result"
	switch t.Kind {
	case KNAG, KGlyph:
		what += " annotates no move"
	case KEllipsis:
	case KVarOpen:
		what += " opens a variation of no move"
	default:
		return false
	}
	p.errorf(sp, SevError, CodeAfterResult, what+": the game ends at its result")
	if t.Kind == KVarOpen {
		return false
	}
	p.add(&Bad{Sp: sp, Text: text})
	return true
}

// nextSignificantByte returns the first byte at or after i that is not
// blank and not inside a comment, or 0 at the end of the text.
func (p *parser) nextSignificantByte(i int) byte {
	defer func() { p.sc.saw(min(i+1, len(p.text))) }() // what it read
	for i < len(p.text) {
		switch c := p.text[i]; c {
		case ' ', '\t', '\n', '\r':
			i++
		case '{':
			j := strings.IndexByte(p.text[i:], '}')
			if j < 0 {
				i = len(p.text)
				return 0
			}
			i += j + 1
		case ';':
			i = lineEnd(p.text, i)
		default:
			return c
		}
	}
	return 0
}

func (p *parser) closeVariations() {
	g := p.g
	// Innermost first: an outer variation ends where its last element,
	// possibly the inner variation, ends.
	for i := len(g.stack) - 1; i >= 0; i-- {
		v := g.stack[i]
		if n := len(v.Elems); n > 0 {
			v.Sp.End = max(v.Sp.End, v.Elems[n-1].Span().End)
		}
	}
	for _, v := range g.stack {
		p.errorf(Span{v.Sp.Start, v.Sp.Start + 1}, SevError, CodeUnclosedVariation, "variation is not closed")
	}
	g.stack = g.stack[:0]
}

func (a *nodeSlab) moveNumber(sp Span, text string) *MoveNumber {
	d := digitsEnd(text, 0)
	n := 0
	for i := 0; i < d; i++ {
		n = n*10 + int(text[i]-'0')
		if n > 1<<31-1 {
			n = 0 // does not fit an int32
			break
		}
	}
	m := a.number()
	*m = MoveNumber{Sp: sp, Number: n}
	rest := text[d:]
	if rest == "?" {
		m.Unknown = true
	} else {
		m.Dots = len(rest)
	}
	return m
}

func (p *parser) comment(t Token) *Comment {
	text := p.text[t.Span.Start:t.Span.End]
	c := p.slab.comment()
	c.Sp = p.relSpan(t.Span)
	switch t.Kind {
	case KBraceComment:
		c.Kind = BraceKind
		c.Closed = len(text) > 1 && text[len(text)-1] == '}'
		if c.Closed {
			c.Text = text[1 : len(text)-1]
		} else {
			c.Text = text[1:]
		}
	case KLineComment:
		c.Kind, c.Text, c.Closed = LineKind, text[1:], true
	case KEscape:
		c.Kind, c.Text, c.Closed = EscapeKind, text[1:], true
	}
	return c
}

// tag parses a tag pair starting at the peeked "[". It stops at "]", at
// the end of the line, or before a "[" that opens another tag.
func (p *parser) tag() *Tag {
	open := p.take()
	tag := p.slab.tag()
	tag.Sp = p.relSpan(open.Span)
	// The blanks inside a tag matter: an unclosed tag ends after them.
	p.sc.tagName, p.sc.skipSpace = true, false
	defer func() { p.sc.tagName, p.sc.skipSpace = false, p.noTokens }()
	var junk []Span
	for {
		t, ok := p.peek()
		if !ok || t.Kind == KTagOpen {
			break
		}
		if t.Kind == KNewline {
			// Import format lets a tag pair go on on the next line
			// ("[White" / "\"Me\"]"); without that, the tag ends here.
			if len(junk) > 0 {
				break
			}
			cont, to := continuesTag(p.text, int(t.Span.End), tag)
			p.sc.saw(to)
			if !cont {
				break
			}
			p.take()
			p.errorf(p.relSpan(t.Span), SevHint, CodeSplitTag, "tag pair is split over lines; export format writes it on one line")
			continue
		}
		p.take()
		if t.Kind != KSpace {
			p.sc.tagName = false
		}
		sp := p.relSpan(t.Span)
		tag.Sp.End = sp.End
		switch {
		case t.Kind == KSpace:
		case t.Kind == KTagName && tag.NameSpan == (Span{}) && tag.ValueSpan == (Span{}):
			tag.NameSpan = sp
			tag.Name = p.text[t.Span.Start:t.Span.End]
		case t.Kind == KString && tag.ValueSpan == (Span{}):
			tag.ValueSpan = sp
			tag.Value = unquote(p.text[t.Span.Start:t.Span.End])
		case t.Kind == KTagClose:
			tag.Closed = true
			p.checkTag(tag, junk)
			return tag
		default:
			junk = append(junk, sp)
		}
	}
	p.errorf(Span{tag.Sp.Start, tag.Sp.Start + 1}, SevError, CodeUnterminatedTag, "tag is not closed with ']' on its line")
	p.checkTag(tag, junk)
	return tag
}

// continuesTag reports whether the line starting at offset i goes on with
// the unclosed tag: after blanks, its missing name and value, its missing
// value, or its closing bracket; to is just past the last byte it read.
func continuesTag(text string, i int, tag *Tag) (ok bool, to int) {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	switch {
	case i >= len(text):
		return false, i
	case tag.NameSpan == (Span{}):
		return namedValue(text, i)
	case tag.ValueSpan == (Span{}):
		return text[i] == '"', i + 1
	}
	return text[i] == ']', i + 1
}

func (p *parser) checkTag(tag *Tag, junk []Span) {
	switch {
	case tag.NameSpan == (Span{}):
		p.errorf(tag.Sp, SevError, CodeBadTag, "tag has no name")
	case !validTagName(tag.Name):
		p.errorf(tag.NameSpan, SevError, CodeBadTagName, "tag name "+quoteText(tag.Name)+" must start with a letter and hold only letters, digits and '_'")
	}
	if tag.NameSpan != (Span{}) && tag.ValueSpan == (Span{}) {
		p.errorf(tag.Sp, SevError, CodeBadTag, "tag "+quoteText(tag.Name)+" has no quoted value")
	}
	for _, j := range junk {
		p.errorf(j, SevError, CodeBadTag, "unexpected "+quoteText(p.text[int(j.Start)+p.g.start:int(j.End)+p.g.start])+" inside a tag")
	}
}

func validTagName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

// unquote strips the quotes of a tag value, resolves \" and \\ and
// decodes it to UTF-8.
func unquote(s string) string { return Decode(unescape(s)) }

// Escape writes a tag value as it stands between its quotes: each '"'
// and '\\' preceded by a backslash. It is the inverse of the reading of
// Tag.Value (before decoding).
func Escape(v string) string {
	if !strings.ContainsAny(v, `"\`) {
		return v
	}
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}

// unescape strips the quotes of a tag value and resolves \" and \\,
// keeping the bytes as they are.
func unescape(s string) string {
	s = strings.TrimSuffix(s[1:], `"`)
	if strings.IndexByte(s, '\\') >= 0 {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
				i++
			}
			b.WriteByte(s[i])
		}
		s = b.String()
	}
	return s
}

// finish closes the current game at absolute offset end.
//
// p.toks holds the game's tokens with absolute spans, followed by the
// trivia at or after end, which belong to the next game; they stay in the
// block for it.
func (p *parser) finish(end int) GameRef {
	g := p.g
	p.closeVariations()
	nt := len(p.toks)
	for nt > 0 && int(p.toks[nt-1].Span.Start) >= end {
		nt--
	}
	toks := p.toks[:nt:nt]
	for i := range toks {
		toks[i].Span = p.relSpan(toks[i].Span)
	}
	g.game.Tokens = toks
	if p.noTokens {
		// What the tokens tell is taken now, then their room is reused
		// for the next game.
		g.game.Text = p.text[g.start:end]
		g.game.lineEnd = scanLineEndings(g.game)
		g.game.Tokens = nil
		p.toks = p.toks[:copy(p.toks, p.toks[nt:])]
	} else {
		p.toks = nextBlock(p.toks[nt:], p.limit-end, 4)
	}
	if len(p.moves) > 0 {
		g.game.Moves = p.moves[:len(p.moves):len(p.moves)]
		p.moves = nextBlock(p.moves[len(p.moves):], p.limit-end, 16)
	}
	hasContent := len(g.game.Tags) > 0 || p.content
	for _, e := range g.game.Moves {
		if _, ok := e.(*Comment); !ok {
			hasContent = true
		}
	}
	if g.game.Result == nil && hasContent {
		at := g.play
		if at.Span == (Span{}) {
			at = g.last
		}
		if p.d == CTLPGN {
			// Real records from the variant's author end with "#" or ":"
			// and no result line, so this is a warning there.
			p.errorf(p.relSpan(at.Span), SevWarning, CodeMissingResult, "record has no result line (3-0, 0-3, 1-1, 2-1, 1-2 or *) after its last move")
		} else {
			p.errorf(p.relSpan(at.Span), SevError, CodeMissingResult, "game has no result (1-0, 0-1, 1/2-1/2 or *) at its end")
		}
	}
	// Scanner diagnostics of this game's bytes.
	n := 0
	for n < len(p.sc.errs) && int(p.sc.errs[n].Span.Start) < end {
		e := p.sc.errs[n]
		e.Span = p.relSpan(e.Span)
		g.errs = append(g.errs, e)
		n++
	}
	p.sc.errs = append(p.sc.errs[:0], p.sc.errs[n:]...)
	sortErrors(g.errs)
	game := g.game
	game.Text = p.text[g.start:end]
	game.Errs = g.errs
	game.reach = Pos(max(p.sc.far, end) - g.start)
	if !p.noTokens {
		game.lineEnd = scanLineEndings(game)
	}
	return GameRef{Start: Pos(g.start), Game: game}
}

func scanLineEndings(g *Game) lineEndings {
	le := lineEndings{-1, -1, -1}
	for _, t := range g.Tokens {
		if t.Kind != KNewline {
			continue
		}
		switch {
		case t.Span.Len() == 2:
			if le.crlf < 0 {
				le.crlf = t.Span.Start
			}
		case g.Text[t.Span.Start] == '\r':
			if le.cr < 0 {
				le.cr = t.Span.Start
			}
		default:
			if le.lf < 0 {
				le.lf = t.Span.Start
			}
		}
	}
	return le
}

// invalidUTF8 returns the game-relative offset of the first byte that is
// not valid UTF-8, or -1.
func (g *Game) invalidUTF8() int {
	if utf8.ValidString(g.Text) {
		return -1
	}
	for i := 0; i < len(g.Text); {
		r, n := utf8.DecodeRuneInString(g.Text[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// sortErrors orders diagnostics by span, then code.
func sortErrors(errs []Error) {
	slices.SortStableFunc(errs, func(a, b Error) int {
		if c := cmp.Compare(a.Span.Start, b.Span.Start); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Span.End, b.Span.End); c != 0 {
			return c
		}
		return strings.Compare(a.Code, b.Code)
	})
}

// nextBlock returns the items of rest (those already read for the next
// game) in a slice with room for more: rest itself while its block has
// room, else a new block sized for the rest of the text (restBytes bytes
// at about one item per bytesPer bytes, capped). Games' slices are thus
// carved from shared blocks instead of being copied one by one.
func nextBlock[T any](rest []T, restBytes, bytesPer int) []T {
	if cap(rest)-len(rest) >= 256 {
		return rest
	}
	n := min(max(restBytes/bytesPer, 64), 1<<16)
	return append(make([]T, 0, n+len(rest)), rest...)
}

// nodeSlab hands out the most frequent nodes from small blocks to cut
// allocations; a block is shared by at most slabSize nodes. The blocks
// of a parser start small and double up to slabSize, so that parsing a
// short text (one game, as fixing and joining games do many times per
// game) does not allocate room for a long one.
type nodeSlab struct {
	moves    []Move
	numbers  []MoveNumber
	tags     []Tag
	comments []Comment
}

const slabSize = 64

// slabGrow returns the size of the block that follows one of size n.
func slabGrow(n int) int { return min(max(2*n, 4), slabSize) }

func (a *nodeSlab) move(sp Span, text string) *Move {
	if len(a.moves) == cap(a.moves) {
		a.moves = make([]Move, 0, slabGrow(cap(a.moves)))
	}
	a.moves = append(a.moves, Move{Sp: sp, Text: text})
	return &a.moves[len(a.moves)-1]
}

// tag returns a new zero Tag.
func (a *nodeSlab) tag() *Tag {
	if len(a.tags) == cap(a.tags) {
		a.tags = make([]Tag, 0, slabGrow(cap(a.tags)))
	}
	a.tags = append(a.tags, Tag{})
	return &a.tags[len(a.tags)-1]
}

func (a *nodeSlab) number() *MoveNumber {
	if len(a.numbers) == cap(a.numbers) {
		a.numbers = make([]MoveNumber, 0, slabGrow(cap(a.numbers)))
	}
	a.numbers = append(a.numbers, MoveNumber{})
	return &a.numbers[len(a.numbers)-1]
}

// comment returns a new zero Comment.
func (a *nodeSlab) comment() *Comment {
	if len(a.comments) == cap(a.comments) {
		a.comments = make([]Comment, 0, slabSize)
	}
	a.comments = append(a.comments, Comment{})
	return &a.comments[len(a.comments)-1]
}
