//go:build ignore

// gen_vscode writes the schema of the VS Code setting pgnls.diagnostics
// (the "properties" object of "pgnls.diagnostics" in
// editors/vscode/package.json) from checks.Catalogue: one property per
// code, so that the Settings editor and settings.json offer every code
// with its summary and default severities. The rest of package.json is
// kept byte for byte. Run it with
//
//	go generate ./analysis/checks
//
// or "go run gen_vscode.go -f FILE" from the analysis/checks directory.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
)

func main() {
	file := flag.String("f", "../../editors/vscode/package.json", "package.json to rewrite in place")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("gen_vscode: ")
	src, err := os.ReadFile(*file)
	if err != nil {
		log.Fatal(err)
	}
	out, err := rewrite(src, checks.Catalogue())
	if err != nil {
		log.Fatalf("%s: %v", *file, err)
	}
	if !bytes.Equal(out, src) {
		if err := os.WriteFile(*file, out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// target is the path of keys to the object that is generated.
var target = []string{"contributes", "configuration", "properties", "pgnls.diagnostics", "properties"}

// rewrite replaces the object at target in the JSON text src with the
// generated one, indented to fit where it stands.
func rewrite(src []byte, entries []checks.CatalogueEntry) ([]byte, error) {
	start, end, err := locate(src, target)
	if err != nil {
		return nil, err
	}
	lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
	indent := src[lineStart:start]
	indent = indent[:len(indent)-len(bytes.TrimLeft(indent, " "))]
	obj, err := render(entries, string(indent))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(src[:start])
	b.Write(obj)
	b.Write(src[end:])
	if !json.Valid(b.Bytes()) {
		return nil, errors.New("the rewritten file is not valid JSON")
	}
	return b.Bytes(), nil
}

// locate returns the byte range [start, end) of the object value found by
// following the object keys of path from the top-level value.
func locate(src []byte, path []string) (start, end int, err error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	var walk func(depth int) error // reads one value; path[:depth] matched so far
	found := false
	walk = func(depth int) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return nil // a scalar
		}
		if depth == len(path) && d == '{' {
			start = int(dec.InputOffset()) - 1
		}
		for dec.More() {
			next := -1 // depth of the value that follows; -1: off the path
			if d == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				if depth >= 0 && depth < len(path) && key == path[depth] {
					next = depth + 1
				}
			}
			if err := walk(next); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return err
		}
		if depth == len(path) && d == '{' {
			end = int(dec.InputOffset())
			found = true
		}
		return nil
	}
	if err := walk(0); err != nil && err != io.EOF {
		return 0, 0, err
	}
	if !found {
		return 0, 0, fmt.Errorf("no object at %s", strings.Join(path, " → "))
	}
	return start, end, nil
}

// property is the schema of one key of pgnls.diagnostics, its fields in
// the order they are written.
type property struct {
	Type                string   `json:"type"`
	Format              string   `json:"format,omitempty"`
	Enum                []string `json:"enum,omitempty"`
	Description         string   `json:"description,omitempty"`
	MarkdownDescription string   `json:"markdownDescription,omitempty"`
}

var severities = []string{"error", "warning", "info", "hint", "off"}

// render writes the properties object: one property per code, in the
// catalogue's order, then catalogueURL. Its first line is not indented
// (it follows the key); the lines after it are indented by indent.
func render(entries []checks.CatalogueEntry, indent string) ([]byte, error) {
	type kv struct {
		key string
		val property
	}
	var props []kv
	for _, e := range entries {
		props = append(props, kv{string(e.Code), property{
			Type: "string",
			Enum: severities,
			Description: fmt.Sprintf("%s Severity: %s under the default profile, %s under export.",
				checks.Summary(e.Doc), severity(e.In(analysis.DefaultProfile)), severity(e.In(analysis.ExportProfile))),
		}})
	}
	props = append(props, kv{"catalogueURL", property{
		Type:                "string",
		Format:              "uri",
		MarkdownDescription: "Base URL of the catalogue of diagnostic codes; the code is appended to it to link each diagnostic to its documentation.",
	}})
	inner := indent + "  "
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, p := range props {
		key, err := marshal(p.key, inner)
		if err != nil {
			return nil, err
		}
		val, err := marshal(p.val, inner)
		if err != nil {
			return nil, err
		}
		b.WriteString(inner)
		b.Write(key)
		b.WriteString(": ")
		b.Write(val)
		if i < len(props)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + "}")
	return b.Bytes(), nil
}

// marshal is json.MarshalIndent with two spaces, without HTML escapes.
func marshal(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// severity names a severity; 0 is off.
func severity(s analysis.Severity) string {
	if s == 0 {
		return "off"
	}
	return s.String()
}
