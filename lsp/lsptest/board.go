package lsptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"
)

// board runs the board marker: pgnls/board at a location, its JSON
// printed by PrettyJSON with the SVG and the text abbreviated (the
// query goldens hold them).
func (mt *markerTest) board(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var raw json.RawMessage
	if err := mt.c.Call("pgnls/board", positionParams(m.doc.uri, r.Start), &raw); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var check struct {
		SVG   *string `json:"svg"`
		Moves []struct {
			SAN        string         `json:"san"`
			Range      protocol.Range `json:"range"`
			Variations []struct {
				SAN   string         `json:"san"`
				Range protocol.Range `json:"range"`
			} `json:"variations"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(raw, &check); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	for _, mv := range check.Moves {
		if q := quoteRange(m.doc.text, mv.Range); q != fmt.Sprintf("%q", mv.SAN) {
			mt.t.Errorf("%v: move %q has the range %s of %s", m, mv.SAN, rng(mv.Range), q)
		}
		for _, v := range mv.Variations {
			if q := quoteRange(m.doc.text, v.Range); q != fmt.Sprintf("%q", v.SAN) {
				mt.t.Errorf("%v: variation %q has the range %s of %s", m, v.SAN, rng(v.Range), q)
			}
		}
	}
	if check.SVG != nil && (!strings.HasPrefix(*check.SVG, "<svg ") || !strings.HasSuffix(*check.SVG, "</svg>")) {
		mt.t.Errorf("%v: not an SVG document: %.60q", m, *check.SVG)
	}
	got, err := PrettyJSON(raw, func(path, value string) string {
		switch {
		case path == ".text":
			var text string
			if err := json.Unmarshal([]byte(value), &text); err != nil {
				return value
			}
			return fmt.Sprintf("%q", fmt.Sprintf("<%d lines of text>", strings.Count(text, "\n")+1))
		case path != ".svg" || check.SVG == nil:
			return value
		}
		svg := *check.SVG
		return fmt.Sprintf("%q", fmt.Sprintf("<%d bytes of SVG: %d arrows, %d circles>", len(svg), strings.Count(svg, "<line"), strings.Count(svg, "<circle")))
	})
	if err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	mt.golden(m, pos[1], got)
}

// PrettyJSON prints a JSON value for goldens: keys in their order,
// objects and arrays on one line when they fit in 160 columns, else one
// member per line, indented by two spaces. edit may replace the encoding
// of a scalar; path is its place, such as ".moves[2].san".
func PrettyJSON(raw []byte, edit func(path, value string) string) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := readJSON(dec, "", edit)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	v.print(&b, "", 0)
	b.WriteByte('\n')
	return b.String(), nil
}

// jsonValue is a decoded JSON value that keeps the order of keys.
type jsonValue struct {
	scalar string       // the encoding of a scalar
	delim  byte         // '{' or '[' for a composite
	keys   []string     // of an object, encoded
	elems  []*jsonValue // members or elements
}

func readJSON(dec *json.Decoder, path string, edit func(path, value string) string) (*jsonValue, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(tok); err != nil {
			return nil, err
		}
		s := strings.TrimSuffix(buf.String(), "\n")
		if edit != nil {
			s = edit(path, s)
		}
		return &jsonValue{scalar: s}, nil
	}
	v := &jsonValue{delim: byte(d)}
	for i := 0; dec.More(); i++ {
		sub := fmt.Sprintf("%s[%d]", path, i)
		if d == '{' {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			v.keys = append(v.keys, fmt.Sprintf("%q", key))
			sub = path + "." + key
		}
		e, err := readJSON(dec, sub, edit)
		if err != nil {
			return nil, err
		}
		v.elems = append(v.elems, e)
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return nil, err
	}
	return v, nil
}

// compact returns v on one line.
func (v *jsonValue) compact() string {
	if v.delim == 0 {
		return v.scalar
	}
	var b strings.Builder
	b.WriteByte(v.delim)
	for i, e := range v.elems {
		if i > 0 {
			b.WriteString(", ")
		}
		if v.delim == '{' {
			b.WriteString(v.keys[i] + ": ")
		}
		b.WriteString(e.compact())
	}
	b.WriteByte(v.delim + 2) // '}' or ']'
	return b.String()
}

// print writes v at the indentation indent, after lead bytes of its
// line (a key) are written.
func (v *jsonValue) print(b *strings.Builder, indent string, lead int) {
	if c := v.compact(); v.delim == 0 || len(indent)+lead+len(c) <= 160 || len(v.elems) == 0 {
		b.WriteString(c)
		return
	}
	b.WriteByte(v.delim)
	for i, e := range v.elems {
		b.WriteString("\n" + indent + "  ")
		lead := 0
		if v.delim == '{' {
			b.WriteString(v.keys[i] + ": ")
			lead = len(v.keys[i]) + 2
		}
		e.print(b, indent+"  ", lead)
		if i < len(v.elems)-1 {
			b.WriteByte(',')
		}
	}
	b.WriteString("\n" + indent)
	b.WriteByte(v.delim + 2)
}
