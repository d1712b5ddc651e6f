package wire

import (
	"bytes"
	"encoding/json"
	"slices"
)

// DecodeDidChange decodes the params of textDocument/didChange. An editor
// applying a formatting sends thousands of changes in one notification;
// encoding/json decodes them by reflection, a third of the notification's
// cost, and reads the whole params twice (to check them, then to skip
// the changes) even for the few bytes of textDocument. So the params are
// checked once (json.Valid), then read here in one pass, each change
// decoded by hand and textDocument alone by encoding/json. Params in a
// form the shortcut does not expect (a key spelt otherwise or repeated,
// a number with a fraction, a null) are decoded by encoding/json alone:
// the result is the same either way (FuzzDecodeDidChange). Errors are as
// Unmarshal's.
func DecodeDidChange(params json.RawMessage) (DidChangeParams, error) {
	var p DidChangeParams
	if json.Valid(params) {
		var changes []ContentChange
		doc := -1
		end := members(params, skipSpace(params, 0), func(key []byte, v int) int {
			switch string(key) {
			case "contentChanges":
				var end int
				changes, end = decodeChanges(params, v)
				return end
			case "textDocument":
				doc = v
			default:
				if foldsTo(key, "contentChanges", "textDocument") {
					return -1
				}
			}
			return valueEnd(params, v)
		})
		if end >= 0 && changes != nil && doc >= 0 && Unmarshal(params[doc:valueEnd(params, doc)], &p.TextDocument) == nil {
			p.ContentChanges = changes
			return p, nil
		}
		p = DidChangeParams{}
	}
	err := Unmarshal(params, &p)
	return p, err
}

// decodeChanges decodes the array of content changes at b[i] (b is valid
// JSON) and returns where it ends, or -1 where encoding/json might read
// it otherwise.
func decodeChanges(b []byte, i int) ([]ContentChange, int) {
	if b[i] != '[' {
		return nil, -1
	}
	out := []ContentChange{}
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != ']' {
		var c ContentChange
		i = members(b, i, func(key []byte, v int) int {
			switch string(key) {
			case "range":
				r, end := decodeRange(b, v)
				c.Range = r
				return end
			case "text":
				s, ok := unquote(b[v:])
				if !ok {
					return -1
				}
				c.Text = s
			default:
				if foldsTo(key, "range", "text") {
					return -1
				}
			}
			return valueEnd(b, v)
		})
		if i < 0 {
			return nil, -1
		}
		out = append(out, c)
		i = skipSpace(b, i)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	if i >= len(b) {
		return nil, -1
	}
	return out, i + 1
}

// decodeRange decodes the range object at b[i] and returns where it
// ends, or -1.
func decodeRange(b []byte, i int) (*Range, int) {
	var r Range
	end := members(b, i, func(key []byte, v int) int {
		switch string(key) {
		case "start":
			return decodePosition(b, v, &r.Start)
		case "end":
			return decodePosition(b, v, &r.End)
		}
		if foldsTo(key, "start", "end") {
			return -1
		}
		return valueEnd(b, v)
	})
	return &r, end
}

// decodePosition decodes the position object at b[i] into p and returns
// where it ends, or -1.
func decodePosition(b []byte, i int, p *Position) int {
	return members(b, i, func(key []byte, v int) int {
		switch string(key) {
		case "line":
			return decodeInt(b, v, &p.Line)
		case "character":
			return decodeInt(b, v, &p.Character)
		}
		if foldsTo(key, "line", "character") {
			return -1
		}
		return valueEnd(b, v)
	})
}

// decodeInt decodes the integer at b[i] into n (an optional minus sign
// and digits, in the range of an int64) and returns where it ends, or -1.
func decodeInt(b []byte, i int, n *int64) int {
	j := i
	neg := j < len(b) && b[j] == '-'
	if neg {
		j++
	}
	limit := uint64(1<<63 - 1)
	if neg {
		limit++
	}
	k := j
	var v uint64
	for ; k < len(b) && b[k] >= '0' && b[k] <= '9'; k++ {
		d := uint64(b[k] - '0')
		if v > (limit-d)/10 {
			return -1 // out of range
		}
		v = v*10 + d
	}
	if k == j || k < len(b) && (b[k] == '.' || b[k] == 'e' || b[k] == 'E') {
		return -1
	}
	if neg {
		*n = int64(-v)
	} else {
		*n = int64(v)
	}
	return k
}

// foldsTo reports whether encoding/json would take key for one of names
// (it matches keys without regard to case): a key that is not exactly one
// of them then sends the caller to encoding/json.
func foldsTo(key []byte, names ...string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return bytes.EqualFold(key, []byte(n)) })
}

// members calls f with the key and the value's offset of each member of
// the object at b[i] (b is valid JSON; otherwise members reads it
// somehow, without failing), in order; f returns where the value ends,
// or -1 to reject it. members returns where the object ends, or -1
// unless it is an object whose keys need no unescaping and appear once
// (encoding/json merges a repeated object into the first) and f accepted
// every one.
func members(b []byte, i int, f func(key []byte, v int) int) int {
	if i >= len(b) || b[i] != '{' {
		return -1
	}
	var seenBuf [4][]byte
	seen := seenBuf[:0]
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] == '"' {
		end := valueEnd(b, i)
		if end-i < 2 || b[end-1] != '"' {
			return -1
		}
		name := b[i+1 : end-1]
		if bytes.IndexByte(name, '\\') >= 0 || slices.ContainsFunc(seen, func(s []byte) bool { return bytes.Equal(s, name) }) {
			return -1
		}
		seen = append(seen, name)
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return -1
		}
		if i = f(name, skipSpace(b, i+1)); i < 0 {
			return -1
		}
		i = skipSpace(b, i)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	if i < len(b) && b[i] == '}' {
		return i + 1
	}
	return -1
}
