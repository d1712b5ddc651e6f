package wire

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// DecodeDidChange decodes the params of textDocument/didChange. An editor
// applying a formatting sends thousands of changes in one notification;
// encoding/json decodes them by reflection, a third of the notification's
// cost, and reads the whole params twice (to check them, then to skip
// the changes) even for the few bytes of textDocument. So the params are
// checked once (json.Valid), the changes read here by hand and
// textDocument alone decoded by encoding/json. Params in a form the
// shortcut does not expect (a key spelt otherwise, a number with a
// fraction, a null) are decoded by encoding/json alone: the result is
// the same either way (FuzzDecodeDidChange). Errors are as Unmarshal's.
func DecodeDidChange(params json.RawMessage) (DidChangeParams, error) {
	var p DidChangeParams
	if json.Valid(params) {
		start := skipSpace(params, 0)
		if at, ok := member(params, start, "contentChanges"); ok {
			if changes, ok := decodeChanges(params, at); ok {
				doc, ok := member(params, start, "textDocument")
				if ok && Unmarshal(params[doc:valueEnd(params, doc)], &p.TextDocument) == nil {
					p.ContentChanges = changes
					return p, nil
				}
				p = DidChangeParams{}
			}
		}
	}
	err := Unmarshal(params, &p)
	return p, err
}

// decodeChanges decodes the array of content changes at b[i] (b is valid
// JSON), or reports false where encoding/json might read it otherwise.
func decodeChanges(b []byte, i int) ([]ContentChange, bool) {
	if b[i] != '[' {
		return nil, false
	}
	var out []ContentChange
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != ']' {
		var c ContentChange
		ok := members(b, i, func(key string, v int) bool {
			switch key {
			case "range":
				r, ok := decodeRange(b, v)
				c.Range = r
				return ok
			case "text":
				s, ok := unquote(b[v:])
				c.Text = s
				return ok
			}
			return !strings.EqualFold(key, "range") && !strings.EqualFold(key, "text")
		})
		if !ok {
			return nil, false
		}
		out = append(out, c)
		i = skipSpace(b, valueEnd(b, i))
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	if out == nil {
		out = []ContentChange{}
	}
	return out, true
}

// decodeRange decodes the range object at b[i].
func decodeRange(b []byte, i int) (*Range, bool) {
	var r Range
	ok := members(b, i, func(key string, v int) bool {
		switch key {
		case "start":
			return decodePosition(b, v, &r.Start)
		case "end":
			return decodePosition(b, v, &r.End)
		}
		return !strings.EqualFold(key, "start") && !strings.EqualFold(key, "end")
	})
	return &r, ok
}

// decodePosition decodes the position object at b[i] into p.
func decodePosition(b []byte, i int, p *Position) bool {
	return members(b, i, func(key string, v int) bool {
		switch key {
		case "line":
			return decodeInt(b, v, &p.Line)
		case "character":
			return decodeInt(b, v, &p.Character)
		}
		return !strings.EqualFold(key, "line") && !strings.EqualFold(key, "character")
	})
}

// decodeInt decodes the integer at b[i] into n: an optional minus sign
// and digits, in the range of an int64.
func decodeInt(b []byte, i int, n *int64) bool {
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	k := j
	for k < len(b) && b[k] >= '0' && b[k] <= '9' {
		k++
	}
	if k == j || k < len(b) && (b[k] == '.' || b[k] == 'e' || b[k] == 'E') {
		return false
	}
	v, err := strconv.ParseInt(string(b[i:k]), 10, 64)
	if err != nil {
		return false
	}
	*n = v
	return true
}

// members calls f with the key and the value's offset of each member of
// the object at b[i] (b is valid JSON), in order, and reports whether it
// is an object whose keys need no unescaping and appear once (encoding/json
// merges a repeated object into the first) and f accepted every one.
func members(b []byte, i int, f func(key string, v int) bool) bool {
	if i >= len(b) || b[i] != '{' {
		return false
	}
	var seen []string
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] == '"' {
		end := valueEnd(b, i)
		name := string(b[i+1 : end-1])
		if strings.IndexByte(name, '\\') >= 0 || slices.Contains(seen, name) {
			return false
		}
		seen = append(seen, name)
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		if !f(name, i) {
			return false
		}
		i = skipSpace(b, valueEnd(b, i))
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return i < len(b) && b[i] == '}'
}
