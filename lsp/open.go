package lsp

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// openParams is DidOpenTextDocumentParams without the text, which
// decodeDidOpen decodes itself.
type openParams struct {
	TextDocument struct {
		URI        protocol.DocumentURI        `json:"uri"`
		LanguageID protocol.LanguageIdentifier `json:"languageId"`
		Version    int32                       `json:"version"`
	} `json:"textDocument"`
}

// decodeDidOpen decodes the params of textDocument/didOpen. The text of a
// big file is most of them: encoding/json would hold an unescaped copy of
// it besides the string it makes of that copy, so the text is unescaped
// here straight into its string, and the rest decoded by encoding/json
// (which skips the text without copying it). Params in a form the
// shortcut does not expect (a key spelt otherwise than "text", say) are
// decoded by encoding/json alone: the result is the same either way.
func decodeDidOpen(params json.RawMessage) (protocol.TextDocumentItem, error) {
	var meta openParams
	if err := unmarshal(params, &meta); err != nil {
		return protocol.TextDocumentItem{}, err
	}
	item := protocol.TextDocumentItem{URI: meta.TextDocument.URI, LanguageID: meta.TextDocument.LanguageID, Version: meta.TextDocument.Version}
	if doc, ok := member(params, skipSpace(params, 0), "textDocument"); ok {
		if text, ok := member(params, doc, "text"); ok {
			if s, ok := unquote(params[text:]); ok {
				item.Text = s
				return item, nil
			}
		}
	}
	var p protocol.DidOpenTextDocumentParams
	if err := unmarshal(params, &p); err != nil {
		return protocol.TextDocumentItem{}, err
	}
	return p.TextDocument, nil
}

// member returns where the value of the last member named key of the
// JSON object at b[i:] starts. b is valid JSON. It reports false when
// encoding/json could read another member as key (it unescapes names and
// matches them without regard to case), so that the caller falls back
// to it.
func member(b []byte, i int, key string) (int, bool) {
	if i >= len(b) || b[i] != '{' {
		return 0, false
	}
	found, at := false, 0
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] == '"' {
		end := valueEnd(b, i)
		name := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return 0, false
		}
		i = skipSpace(b, i+1)
		switch {
		case string(name) == key:
			found, at = true, i
		case strings.EqualFold(string(name), key) || strings.IndexByte(string(name), '\\') >= 0:
			return 0, false
		}
		i = skipSpace(b, valueEnd(b, i))
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return at, found
}

// valueEnd returns the end of the JSON value that starts at b[i] (b is
// valid JSON).
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return len(b)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = valueEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i
	for j < len(b) && !strings.ContainsRune(",}] \t\r\n", rune(b[j])) {
		j++
	}
	return j
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// unquote decodes the JSON string at the start of b as encoding/json
// does (an invalid UTF-8 byte or a lone surrogate becomes U+FFFD). It
// reports false for anything else.
func unquote(b []byte) (string, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	end := valueEnd(b, 0)
	if end < 2 || b[end-1] != '"' {
		return "", false
	}
	b = b[1 : end-1]
	var out strings.Builder
	out.Grow(len(b))
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\\':
			if i+1 >= len(b) {
				return "", false
			}
			switch b[i+1] {
			case '"', '\\', '/':
				out.WriteByte(b[i+1])
			case 'b':
				out.WriteByte('\b')
			case 'f':
				out.WriteByte('\f')
			case 'n':
				out.WriteByte('\n')
			case 'r':
				out.WriteByte('\r')
			case 't':
				out.WriteByte('\t')
			case 'u':
				r, ok := hex4(b[i+2:])
				if !ok {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					r2, ok := rune(-1), false
					if i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
						r2, ok = hex4(b[i+2:])
					}
					if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				out.WriteRune(r)
				continue
			default:
				return "", false
			}
			i += 2
		case c < ' ':
			return "", false
		case c < utf8.RuneSelf:
			j := i + 1
			for j < len(b) && b[j] >= ' ' && b[j] < utf8.RuneSelf && b[j] != '\\' {
				j++
			}
			out.Write(b[i:j])
			i = j
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				out.WriteRune(utf8.RuneError)
			} else {
				out.Write(b[i : i+size])
			}
			i += size
		}
	}
	return out.String(), true
}

// hex4 decodes the four hexadecimal digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 32)
	return rune(n), err == nil
}
