package lsptest

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// writeDisk writes a game file of the workspace folder, gzipped when its
// name ends in .gz.
func writeDisk(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if !strings.HasSuffix(path, ".gz") {
		return os.WriteFile(path, data, 0o644)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// place writes a URI of an answer for goldens: $WORK/NAME for a file of
// the workspace folder, the document's name for an open one; and
// returns the text it has, to quote ranges of.
func (mt *markerTest) place(u protocol.DocumentURI) (string, string) {
	for _, d := range mt.docs {
		if d.uri == u {
			return d.name, d.text
		}
	}
	if mt.root != "" {
		prefix := string(uri.File(mt.root)) + "/"
		if name, ok := strings.CutPrefix(string(u), prefix); ok {
			return "$WORK/" + name, mt.disk[name]
		}
	}
	return string(u), ""
}

// wsymbol runs the wsymbol marker: workspace/symbol for a query, a line
// per symbol: its name, container, and place.
func (mt *markerTest) wsymbol(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	if pos[0].kind != 's' {
		mt.t.Errorf("%v: query string expected", m)
		return
	}
	var syms []protocol.SymbolInformation
	if err := mt.c.Call(protocol.MethodWorkspaceSymbol, map[string]any{"query": pos[0].value}, &syms); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var b strings.Builder
	for _, s := range syms {
		name, _ := mt.place(s.Location.URI)
		fmt.Fprintf(&b, "%s %s | %s | %s:%s\n", s.Kind, s.Name, s.ContainerName, name, rng(s.Location.Range))
	}
	mt.golden(m, pos[1], b.String())
}

// refs runs the refs marker: textDocument/references at a location, a
// line per location with the text of its range.
func (mt *markerTest) refs(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var locs []protocol.Location
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}, "position": r.Start, "context": map[string]bool{"includeDeclaration": true}}
	if err := mt.c.Call(protocol.MethodTextDocumentReferences, params, &locs); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var b strings.Builder
	for _, l := range locs {
		name, text := mt.place(l.URI)
		fmt.Fprintf(&b, "%s:%s %s\n", name, rng(l.Range), quoteRange(text, l.Range))
	}
	mt.golden(m, pos[1], b.String())
}

// explorer runs the explorer marker: the explorer of pgnls/board at a
// location, as JSON, with the places of its games as in refs.
func (mt *markerTest) explorer(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var board struct {
		Text     string          `json:"text"`
		Explorer json.RawMessage `json:"explorer"`
	}
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}, "position": r.Start, "explorer": true}
	if err := mt.c.Call("pgnls/board", params, &board); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var x struct {
		Text   string `json:"text"`
		Recent []struct {
			Location protocol.Location `json:"location"`
		} `json:"recent"`
	}
	if err := json.Unmarshal(board.Explorer, &x); err != nil {
		mt.t.Errorf("%v: explorer: %v", m, err)
		return
	}
	if !strings.HasSuffix(board.Text, x.Text) {
		mt.t.Errorf("%v: the board's text does not end with the explorer's", m)
	}
	got, err := PrettyJSON(board.Explorer, func(path, value string) string {
		var s string
		switch {
		case strings.HasSuffix(path, ".uri") && json.Unmarshal([]byte(value), &s) == nil:
			name, _ := mt.place(protocol.DocumentURI(s))
			return fmt.Sprintf("%q", name)
		case strings.HasPrefix(path, ".folders[") && json.Unmarshal([]byte(value), &s) == nil && s == mt.root:
			return `"$WORK"`
		}
		return value
	})
	if err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	for _, g := range x.Recent {
		name, text := mt.place(g.Location.URI)
		got += fmt.Sprintf("recent %s:%s %s\n", name, rng(g.Location.Range), quoteRange(text, g.Location.Range))
	}
	mt.golden(m, pos[1], got)
}

// WaitIndexed waits until the server has ended the progress of its first
// indexing of the workspace ("N games in M files"): what it learns of
// the folder's files (the players' names of player-name-variant) is then
// in its queue, ahead of the requests sent after.
func (c *Client) WaitIndexed() {
	c.t.Helper()
	c.waitFor("the end of the workspace's indexing", func() bool {
		for _, n := range c.notes {
			if n.Method != protocol.MethodProgress {
				continue
			}
			var p struct {
				Value struct {
					Kind    string `json:"kind"`
					Message string `json:"message"`
				} `json:"value"`
			}
			if json.Unmarshal(n.Params, &p) == nil && p.Value.Kind == "end" && strings.Contains(p.Value.Message, " games in ") {
				return true
			}
		}
		return false
	})
}
