package wire

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
)

// Unmarshal decodes params into v; absent or null params leave v as it
// is. A failure is an InvalidParams error, to answer as it is.
func Unmarshal(params json.RawMessage, v any) error {
	if IsNull(params) {
		return nil
	}
	if err := json.Unmarshal(params, v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid params: %v", err)
	}
	return nil
}

// IsNull reports whether raw is absent or JSON null.
func IsNull(raw json.RawMessage) bool {
	s := bytes.TrimSpace(raw) // not a string: params can be a whole file
	return len(s) == 0 || string(s) == "null"
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
// valid JSON; otherwise some offset from i to len(b)).
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	switch b[i] {
	case '"':
		// The closing quote is the first one after an even number of
		// backslashes; quotes are searched for, not every byte read
		// (a file's text is one string, megabytes long).
		for j := i + 1; ; j++ {
			k := bytes.IndexByte(b[j:], '"')
			if k < 0 {
				return len(b)
			}
			j += k
			n := 0
			for n < j-i-1 && b[j-1-n] == '\\' {
				n++
			}
			if n%2 == 0 {
				return j + 1
			}
		}
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
	return decodeString(b[:valueEnd(b, 0)])
}

// decodeString is unquote for b, a JSON string token as valueEnd ends it
// (from its opening quote to its closing one, or to the end of the data).
func decodeString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	b = b[1 : len(b)-1]
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
		default:
			// A run of characters written as they are, valid UTF-8 up
			// to the next escape; an invalid byte becomes U+FFFD.
			j := i
			for j < len(b) && b[j] >= ' ' && b[j] != '\\' {
				if b[j] < utf8.RuneSelf {
					j++
					continue
				}
				r, size := utf8.DecodeRune(b[j:])
				if r == utf8.RuneError && size == 1 {
					break
				}
				j += size
			}
			if j == i {
				out.WriteRune(utf8.RuneError)
				j++
			} else {
				out.Write(b[i:j])
			}
			i = j
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

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML characters included; invalid UTF-8 becomes U+FFFD).
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
