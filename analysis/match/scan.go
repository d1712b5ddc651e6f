package match

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a token of the --where language.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tLParen         // (
	tRParen         // )
	tOp             // a comparison operator
	tWord           // a bare word: a field name, a value, a keyword
	tString         // a quoted value
	tRegex          // /regular expression/flags
	tAnd            // and
	tOr             // or
	tNot            // not
	tHas            // has
)

// op is a comparison operator.
type op uint8

const (
	opEq    op = iota // =  (also ==)
	opNe              // !=
	opLt              // <
	opLe              // <=
	opGt              // >
	opGe              // >=
	opHas             // ~  (also =~): contains, or matches a regular expression
	opNotHa           // !~
)

var opText = [...]string{opEq: "=", opNe: "!=", opLt: "<", opLe: "<=", opGt: ">", opGe: ">=", opHas: "~", opNotHa: "!~"}

func (o op) String() string { return opText[o] }

// token is a token of the --where language; off and end are byte offsets
// in the expression.
type token struct {
	kind     tokKind
	off, end int
	text     string // a word's text, a string's value, a regular expression's pattern
	flags    string // a regular expression's flags
	op       op
}

// scanner splits a --where expression into tokens, as go/scanner does
// Go: it never stops at a problem but reports it (the first one only is
// kept) and goes on.
type scanner struct {
	src string
	off int
	err *Error
}

func (s *scanner) error(off int, format string, args ...any) {
	if s.err == nil {
		s.err = errorf("--where", s.src, off, format, args...)
	}
}

// isWordByte reports whether c may be part of a bare word: anything but
// blanks, parentheses, quotes and the operator characters.
func isWordRune(r rune) bool {
	switch r {
	case '(', ')', '"', '\'', '=', '<', '>', '~', '!':
		return false
	}
	return !unicode.IsSpace(r)
}

// next returns the next token.
func (s *scanner) next() token {
	for s.off < len(s.src) {
		r, n := utf8.DecodeRuneInString(s.src[s.off:])
		if !unicode.IsSpace(r) {
			break
		}
		s.off += n
	}
	start := s.off
	if start >= len(s.src) {
		return token{kind: tEOF, off: start, end: start}
	}
	c := s.src[start]
	tok := func(k tokKind, n int) token {
		s.off += n
		return token{kind: k, off: start, end: s.off}
	}
	opTok := func(o op, n int) token {
		t := tok(tOp, n)
		t.op = o
		return t
	}
	two := func(b byte) bool { return start+1 < len(s.src) && s.src[start+1] == b }
	switch c {
	case '(':
		return tok(tLParen, 1)
	case ')':
		return tok(tRParen, 1)
	case '=':
		switch {
		case two('='):
			return opTok(opEq, 2)
		case two('~'):
			return opTok(opHas, 2)
		}
		return opTok(opEq, 1)
	case '!':
		switch {
		case two('='):
			return opTok(opNe, 2)
		case two('~'):
			return opTok(opNotHa, 2)
		}
		s.error(start, "unexpected '!' (negate with not, compare with != or !~)")
		return opTok(opNe, 1)
	case '<':
		if two('=') {
			return opTok(opLe, 2)
		}
		if two('>') { // pgn-extract's spelling of "not equal"
			return opTok(opNe, 2)
		}
		return opTok(opLt, 1)
	case '>':
		if two('=') {
			return opTok(opGe, 2)
		}
		return opTok(opGt, 1)
	case '~':
		return opTok(opHas, 1)
	case '"', '\'':
		return s.quoted(c)
	case '/':
		return s.regex()
	}
	for s.off < len(s.src) {
		r, n := utf8.DecodeRuneInString(s.src[s.off:])
		if !isWordRune(r) {
			break
		}
		s.off += n
	}
	t := token{kind: tWord, off: start, end: s.off, text: s.src[start:s.off]}
	t.kind = wordKind(t.text)
	return t
}

// wordKind returns the kind of a bare word: a keyword in any letter case,
// or tWord.
func wordKind(w string) tokKind {
	switch strings.ToLower(w) {
	case "and":
		return tAnd
	case "or":
		return tOr
	case "not":
		return tNot
	case "has":
		return tHas
	}
	return tWord
}

// quoted scans a string in quotes q; a backslash escapes the quote and
// itself, and is kept before any other character.
func (s *scanner) quoted(q byte) token {
	start := s.off
	var b strings.Builder
	i := start + 1
	for i < len(s.src) {
		c := s.src[i]
		switch {
		case c == q:
			s.off = i + 1
			return token{kind: tString, off: start, end: s.off, text: b.String()}
		case c == '\\' && i+1 < len(s.src) && (s.src[i+1] == q || s.src[i+1] == '\\'):
			b.WriteByte(s.src[i+1])
			i += 2
			continue
		}
		b.WriteByte(c)
		i++
	}
	s.error(start, "string not terminated (a %c is missing)", q)
	s.off = len(s.src)
	return token{kind: tString, off: start, end: s.off, text: b.String()}
}

// regex scans /pattern/flags; "\/" stands for a slash in the pattern.
func (s *scanner) regex() token {
	start := s.off
	var b strings.Builder
	i := start + 1
	for i < len(s.src) && s.src[i] != '/' {
		if s.src[i] == '\\' && i+1 < len(s.src) && s.src[i+1] == '/' {
			b.WriteByte('/')
			i += 2
			continue
		}
		b.WriteByte(s.src[i])
		i++
	}
	if i >= len(s.src) {
		s.error(start, "regular expression not terminated (a / is missing)")
		s.off = len(s.src)
		return token{kind: tRegex, off: start, end: s.off, text: b.String()}
	}
	i++
	j := i
	for j < len(s.src) && s.src[j] >= 'a' && s.src[j] <= 'z' {
		j++
	}
	s.off = j
	return token{kind: tRegex, off: start, end: j, text: b.String(), flags: s.src[i:j]}
}
