package syntax

// This file is the fast path of a parse of headers only
// (GameReader.HeadersOnly): it finds where a PGN game's movetext ends with
// a byte scan instead of the scanner's tokens.
//
// Of the movetext, a parse of headers only needs what decides where the
// game ends (see startsGame and restartsMoves): the variations open, the
// result of the main line, a "[" that begins a line, and the newlines
// since the last significant token. The byte scan tracks exactly those:
// blanks and newlines byte by byte, a word (a run of bytes the scanner
// ends no word at) at once, looking only at whether it reads as a result,
// and comments and strings with the scanner's own functions, whose ends
// depend on what follows them. Where the parser would look at more than
// that (a "[" inside a line opens a tag; a move number after a blank line
// may begin a game without tags, depending on the moves before), the scan
// gives up and the game's movetext is parsed token by token as before.
//
// The scan stops at the start of a significant token: the scanner is
// context-free at token starts (see scanner), so the parse goes on from
// there as if it had read every token before.

// skipMovetext reads the movetext of the current game from the scanner's
// position up to its main line's result, or up to the "[" that begins
// the next game, or to the end of the text, updating the parser as the
// token-by-token parse of headers only would (the variations open, the
// result, the newline tokens, the last significant token); it leaves the
// scanner at the token where it stopped. It changes nothing when it gives
// up. The parser must be in the movetext of a PGN game of headers only,
// with no token peeked, no split word pending and no variation open.
func (p *parser) skipMovetext() {
	s, g, text := p.sc, p.g, p.text
	from, nerrs, far, ntoks := s.pos, len(s.errs), s.far, len(p.toks)
	opens := p.opens[:0] // offsets of the '(' not closed yet
	nl := g.nlSeen
	last, play := g.last, g.play
	lineHead := p.onlyBlanksBefore(from) // only blanks before i on its line
	content := false

	i := from
	stop := func(at int) {
		s.pos = at
		s.saw(min(at+1, len(text)))
		g.nlSeen, g.last, g.play = nl, last, play
		p.content = p.content || content
		for _, o := range opens {
			g.stack = append(g.stack, &Variation{Sp: p.relSpan(Span{Pos(o), Pos(o + 1)})})
		}
		p.opens = opens
	}
	for i < len(text) {
		c := text[i]
		switch c {
		case ' ', '\t':
			i++
			continue
		case '\n', '\r':
			j := nextLineStart(text, i)
			p.toks = append(p.toks, tok(KNewline, i, j))
			nl++
			i, lineHead = j, true
			continue
		}
		// A token starts at i.
		if lineHead && c == '[' {
			stop(i) // the next game (startsGame)
			return
		}
		if c == '[' || nl >= 2 && isDigit(c) {
			// A tag inside the movetext, or maybe a game without tags
			// (restartsMoves): the parser's own business.
			s.pos, s.errs, s.far, p.toks = from, s.errs[:nerrs], far, p.toks[:ntoks]
			p.opens = opens
			return
		}
		start, kind := i, KMove // kind: of the token, as far as it matters here
		switch {
		case !delimsStar[c] && c != '%' && c != 0xEF:
			// A word, the most frequent token: a result, after periods
			// of its own ("...1-0"), or not.
			j := i
			for j < len(text) && !delimsStar[text[j]] {
				j++
			}
			w := text[i:j]
			k := 0
			for k < len(w) && w[k] == '.' {
				k++
			}
			if r := w[k:]; r == "1-0" || r == "0-1" || r == "1/2-1/2" {
				start, kind = i+k, KResult
			}
			i = j
		case c == '{':
			s.pos = i
			i, kind = int(s.braceComment().Span.End), KBraceComment
		case c == ';':
			i, kind = lineEnd(text, i), KLineComment
		case c == '%' && s.atLineStart(i):
			i, kind = lineEnd(text, i), KEscape
		case c == '"':
			s.pos = i
			i = int(s.str().Span.End)
		case c == '(':
			opens = append(opens, i)
			i++
		case c == ')':
			if len(opens) > 0 {
				opens = opens[:len(opens)-1]
			}
			i++
		case c == '$':
			i++
			for i < len(text) && isDigit(text[i]) {
				i++
			}
		case c == '*':
			i, kind = i+1, KResult
		case c == 0xEF && len(text)-i >= 3 && text[i:i+3] == "\uFEFF":
			i += 3
		case isControl(c):
			for i++; i < len(text) && isControl(text[i]); i++ {
			}
		case delims[c]: // '}', ']', ','
			i++
		default: // a word that starts with '%' or 0xEF
			for i < len(text) && !delimsStar[text[i]] {
				i++
			}
		}
		t := tok(kind, start, i)
		last, nl, lineHead = t, 0, false
		if !t.Kind.isComment() {
			play, content = t, true
		}
		if kind != KResult {
			continue
		}
		if len(opens) > 0 && p.nextSignificantByte(i) == ')' {
			continue // the result of a variation (element)
		}
		// The main line's result: the token-by-token parse goes on after it.
		stop(i)
		p.closeVariations()
		g.game.Result = &Result{Sp: p.relSpan(t.Span), Text: text[t.Span.Start:t.Span.End]}
		g.phase = inAfter
		return
	}
	stop(i)
}
