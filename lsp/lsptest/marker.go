package lsptest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"unicode"

	"github.com/rogpeppe/go-internal/txtar"
	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
)

// Marker tests (DESIGN.md §5, level 3), modelled on gopls's.
//
// A test is a txtar archive. Its sections:
//
//	-- flags --        optional: server flags, e.g. -dialect=ctl-pgn
//	-- settings.json --  optional: the pgnls settings the client returns
//	                   for workspace/configuration
//	-- NAME.pgn --     documents: every section whose name ends in .pgn
//	-- NAME.ctl-pgn -- or .ctl-pgn is opened in the server
//	-- @NAME --        golden sections, referred to by markers
//
// Markers are rest-of-line comments ";@name(args), name(args)..." in the
// documents. The runner cuts each one, and the blanks before it, out of
// its line before didOpen, so the server never sees it and every other
// character keeps its line and column. Arguments are strings ("..." or
// `...`), regular expressions (re"..." or re`...`), bare words (golden
// names, code action kinds) and key=value pairs.
//
// A location argument is a string or a regular expression searched from
// the start of the marker's line onwards; a regular expression with a
// group locates the group. Requests that take a position use the start of
// the location: re"Ev()" puts the cursor after "Ev".
//
// Markers:
//
//	diag(loc, re, code=CODE, severity=S, related=re)
//	                                   a published diagnostic: range, message, code,
//	                                   severity, and a related place whose message and
//	                                   quoted text match
//	hover(loc, golden)                 hover range and Markdown (inline images elided)
//	complete(loc, labels...)           the labels occur in this order in the completion list
//	format(golden)                     the document after textDocument/formatting
//	rangeformat(loc, golden)           the document after rangeFormatting of loc
//	codeaction(loc, kind, edit=golden, title=re, preferred=true|false, columns=utf-8|utf-16|utf-32)
//	                                   the one action of that kind (and title) for
//	                                   the range loc, applied; without edit=, there is none;
//	                                   preferred= checks its isPreferred; columns= sends the
//	                                   context's diagnostics with their characters counted
//	                                   in that encoding, as some clients send them (Neovim 0.7:
//	                                   bytes), the range of the request staying in UTF-16
//	symbol(golden)                     document symbols
//	foldingrange(golden)               folding ranges
//	semantic(golden)                   semantic tokens (full)
//	highlight(loc, golden)             document highlights
//	selection(loc, golden)             the selection-range chain, innermost first
//	board(loc, golden)                 the pgnls/board answer as JSON, compact where short,
//	                                   the SVG abbreviated; each move's range must quote
//	                                   its san
//	wsymbol(query, golden)             workspace/symbol for the query (a string)
//	refs(loc, golden)                  textDocument/references, each location with its text
//	explorer(loc, golden)              the explorer of pgnls/board, as JSON
//
// Sections named disk/NAME are game files of the workspace folder, on
// disk and never opened; a NAME ending in .gz is written gzipped. With
// them the server is given the folder, and a cache of its own, and the
// diagnostics are read once its first indexing has ended; paths in
// goldens are written $WORK/NAME.
//
// Strictness (gopls): each published diagnostic must match exactly one
// diag marker and each diag marker one diagnostic; every golden section
// must be used; an unknown marker fails. With update set, golden sections
// are rewritten with what the server answers, and those no marker uses
// are dropped; diag markers are never written.

// MarkerOptions configures RunMarkers.
type MarkerOptions struct {
	Serve  ServeFunc // nil: lsp.Serve
	Update bool      // rewrite golden sections
}

// Capabilities a full-featured client announces; marker tests use them.
var fullCapabilities = map[string]any{
	"workspace": map[string]any{"configuration": true},
	"window":    map[string]any{"workDoneProgress": true},
	"textDocument": map[string]any{
		"hover":          map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
		"documentSymbol": map[string]any{"hierarchicalDocumentSymbolSupport": true},
		"completion":     map[string]any{"completionItem": map[string]any{"documentationFormat": []string{"markdown"}}},
		"codeAction":     map[string]any{"codeActionLiteralSupport": map[string]any{"codeActionKind": map[string]any{"valueSet": []string{"quickfix", "refactor", "source"}}}},
	},
}

// RunMarkers runs each archive matching the glob pattern as a subtest.
func RunMarkers(t *testing.T, pattern string, opts MarkerOptions) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker tests match %s (%v)", pattern, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.ToSlash(file), ".txtar")
		if i := strings.Index(name, "testdata/lsp/"); i >= 0 {
			name = name[i+len("testdata/lsp/"):]
		}
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { runArchive(t, file, opts) })
		})
	}
}

// markerTest is the state of one archive.
type markerTest struct {
	t       *testing.T
	file    string
	ar      *txtar.Archive
	update  bool
	c       *Client
	docs    []*markerDoc
	goldens map[string]*golden
	root    string            // the workspace folder, if any
	disk    map[string]string // the text of its files, by name
}

type golden struct {
	data    string
	used    bool
	updated bool
}

type markerDoc struct {
	uri     protocol.DocumentURI
	name    string
	text    string // as opened, markers cut
	markers []*marker
	diags   []protocol.Diagnostic // the last publication
}

type marker struct {
	doc       *markerDoc
	name      string
	args      []markerArg
	line      int // 0-based
	lineStart int // byte offset of the line in doc.text
}

type markerArg struct {
	key   string // for key=value
	kind  byte   // 's' string, 'r' regexp, 'w' bare word
	value string
	re    *regexp.Regexp
}

func (m *marker) String() string {
	return fmt.Sprintf("%s:%d: @%s", m.doc.name, m.line+1, m.name)
}

func runArchive(t *testing.T, file string, opts MarkerOptions) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	mt := &markerTest{t: t, file: file, ar: ar, update: opts.Update, goldens: map[string]*golden{}}
	var server lsp.Options
	var settings any
	var folders []string
	for _, f := range ar.Files {
		switch {
		case strings.HasPrefix(f.Name, "disk/"):
			if mt.disk == nil {
				mt.root, mt.disk = t.TempDir(), map[string]string{}
				folders, server.WorkspaceCache = []string{mt.root}, t.TempDir()
			}
			if err := writeDisk(filepath.Join(mt.root, filepath.FromSlash(f.Name[len("disk/"):])), f.Data); err != nil {
				t.Fatal(err)
			}
			mt.disk[f.Name[len("disk/"):]] = string(f.Data)
		case f.Name == "flags":
			for _, flag := range strings.Fields(string(f.Data)) {
				if v, ok := strings.CutPrefix(flag, "-dialect="); ok {
					server.Dialect = v
				} else {
					t.Fatalf("unknown flag %q", flag)
				}
			}
		case f.Name == "settings.json":
			if err := json.Unmarshal(f.Data, &settings); err != nil {
				t.Fatalf("settings.json: %v", err)
			}
		case strings.HasPrefix(f.Name, "@"):
			mt.goldens[f.Name[1:]] = &golden{data: string(f.Data)}
		case strings.HasSuffix(f.Name, ".pgn") || strings.HasSuffix(f.Name, ".ctl-pgn"):
			d, err := parseDoc(f.Name, string(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			mt.docs = append(mt.docs, d)
		default:
			t.Fatalf("unknown section %q", f.Name)
		}
	}
	mt.c = Start(t, Options{Serve: opts.Serve, Server: server, Capabilities: fullCapabilities, Settings: settings, WorkspaceFolders: folders})
	mt.c.Initialize(nil)
	for _, d := range mt.docs {
		mt.c.Open(d.uri, d.text)
	}
	if mt.disk != nil {
		mt.c.WaitIndexed()
	}
	mt.c.Settle()
	for _, d := range mt.docs {
		last, ok := mt.c.Last(d.uri)
		if !ok || last.Version != 1 {
			t.Fatalf("%s: no diagnostics published for version 1", d.name)
		}
		d.diags = last.Diagnostics
		mt.checkDiagnostics(d)
		for _, m := range d.markers {
			if m.name == "diag" {
				continue
			}
			run := markerFuncs[m.name]
			if run == nil {
				t.Errorf("%v: unknown marker", m)
				continue
			}
			run(mt, m)
		}
	}
	if mt.update {
		mt.writeGoldens()
	} else {
		for name, g := range mt.goldens {
			if !g.used {
				t.Errorf("golden section @%s is not used by any marker", name)
			}
		}
	}
	if err := mt.c.Shutdown(); err != nil {
		t.Errorf("shutdown: %v", err)
	}
	if code := mt.c.Exit(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// parseDoc cuts the markers out of a document.
func parseDoc(name, text string) (*markerDoc, error) {
	d := &markerDoc{uri: protocol.DocumentURI("file:///" + name), name: name}
	var b strings.Builder
	line := 0
	for rest := text; rest != ""; line++ {
		l := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = ""
		}
		body, eol := strings.CutSuffix(l, "\n")
		nl := ""
		if eol {
			nl = "\n"
			if strings.HasSuffix(body, "\r") {
				body, nl = body[:len(body)-1], "\r\n"
			}
		}
		lineStart := b.Len()
		if i := strings.Index(body, ";@"); i >= 0 {
			calls, err := parseCalls(body[i+2:])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line+1, err)
			}
			for _, c := range calls {
				c.doc, c.line, c.lineStart = d, line, lineStart
				d.markers = append(d.markers, c)
			}
			body = strings.TrimRightFunc(body[:i], unicode.IsSpace)
		}
		b.WriteString(body + nl)
	}
	d.text = b.String()
	return d, nil
}

// parseCalls parses `name(args), name(args)...`.
func parseCalls(s string) ([]*marker, error) {
	var out []*marker
	p := &argParser{s: s}
	for {
		p.space()
		name := p.word()
		if name == "" || !p.eat('(') {
			return nil, fmt.Errorf("marker expected at %q", p.s[p.i:])
		}
		m := &marker{name: name}
		for {
			p.space()
			if p.eat(')') {
				break
			}
			a, err := p.arg()
			if err != nil {
				return nil, err
			}
			m.args = append(m.args, a)
			p.space()
			if !p.eat(',') && !p.peek(')') {
				return nil, fmt.Errorf("',' or ')' expected at %q", p.s[p.i:])
			}
		}
		out = append(out, m)
		p.space()
		if p.i == len(p.s) {
			return out, nil
		}
		if !p.eat(',') {
			return nil, fmt.Errorf("',' expected between markers at %q", p.s[p.i:])
		}
	}
}

type argParser struct {
	s string
	i int
}

func (p *argParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *argParser) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *argParser) eat(c byte) bool {
	if p.peek(c) {
		p.i++
		return true
	}
	return false
}

// word reads a bare word: letters, digits and _ . - characters.
func (p *argParser) word() string {
	j := p.i
	for j < len(p.s) && (isWordByte(p.s[j])) {
		j++
	}
	w := p.s[p.i:j]
	p.i = j
	return w
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (p *argParser) quoted() (string, error) {
	q, err := strconv.QuotedPrefix(p.s[p.i:])
	if err != nil {
		return "", fmt.Errorf("bad string at %q", p.s[p.i:])
	}
	p.i += len(q)
	return strconv.Unquote(q)
}

func (p *argParser) arg() (markerArg, error) {
	var a markerArg
	save := p.i
	if w := p.word(); w != "" && p.eat('=') {
		a.key = w
		p.space()
	} else {
		p.i = save
	}
	switch {
	case strings.HasPrefix(p.s[p.i:], `re"`) || strings.HasPrefix(p.s[p.i:], "re`"):
		p.i += 2
		s, err := p.quoted()
		if err != nil {
			return a, err
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return a, err
		}
		a.kind, a.value, a.re = 'r', s, re
	case p.peek('"') || p.peek('`'):
		s, err := p.quoted()
		if err != nil {
			return a, err
		}
		a.kind, a.value = 's', s
	default:
		w := p.word()
		if w == "" {
			return a, fmt.Errorf("argument expected at %q", p.s[p.i:])
		}
		a.kind, a.value = 'w', w
	}
	return a, nil
}

// markerFuncs runs the markers other than diag, which is checked as a set.
var markerFuncs = map[string]func(*markerTest, *marker){
	"hover":        (*markerTest).hover,
	"complete":     (*markerTest).complete,
	"format":       (*markerTest).format,
	"rangeformat":  (*markerTest).rangeFormat,
	"codeaction":   (*markerTest).codeAction,
	"symbol":       (*markerTest).symbol,
	"foldingrange": (*markerTest).foldingRange,
	"semantic":     (*markerTest).semantic,
	"highlight":    (*markerTest).highlight,
	"selection":    (*markerTest).selection,
	"board":        (*markerTest).board,
	"wsymbol":      (*markerTest).wsymbol,
	"refs":         (*markerTest).refs,
	"explorer":     (*markerTest).explorer,
}

// positional returns the positional arguments of m and its keyed ones.
func (m *marker) split() (pos []markerArg, keyed map[string]markerArg) {
	keyed = map[string]markerArg{}
	for _, a := range m.args {
		if a.key != "" {
			keyed[a.key] = a
		} else {
			pos = append(pos, a)
		}
	}
	return pos, keyed
}

// want checks the number of positional arguments and the allowed keys.
func (mt *markerTest) want(m *marker, n int, keys ...string) ([]markerArg, map[string]markerArg, bool) {
	pos, keyed := m.split()
	for k := range keyed {
		if !slices.Contains(keys, k) {
			mt.t.Errorf("%v: unknown argument %s=", m, k)
			return nil, nil, false
		}
	}
	if n >= 0 && len(pos) != n {
		mt.t.Errorf("%v: %d arguments, want %d", m, len(pos), n)
		return nil, nil, false
	}
	return pos, keyed, true
}

// locate resolves a location argument to a byte span of the document.
func (mt *markerTest) locate(m *marker, a markerArg) (start, end int, ok bool) {
	text := m.doc.text[m.lineStart:]
	switch a.kind {
	case 's':
		i := strings.Index(text, a.value)
		if i >= 0 {
			return m.lineStart + i, m.lineStart + i + len(a.value), true
		}
	case 'r':
		if loc := a.re.FindStringSubmatchIndex(text); loc != nil {
			if len(loc) >= 4 && loc[2] >= 0 {
				loc = loc[2:]
			}
			return m.lineStart + loc[0], m.lineStart + loc[1], true
		}
	default:
		mt.t.Errorf("%v: location expected, got %q", m, a.value)
		return 0, 0, false
	}
	mt.t.Errorf("%v: location %q not found from the marker's line on", m, a.value)
	return 0, 0, false
}

func (mt *markerTest) rangeOf(m *marker, a markerArg) (protocol.Range, bool) {
	s, e, ok := mt.locate(m, a)
	if !ok {
		return protocol.Range{}, false
	}
	return protocol.Range{Start: Position(m.doc.text, s), End: Position(m.doc.text, e)}, true
}

// golden compares got with the golden section named by a (and records
// got under -update).
func (mt *markerTest) golden(m *marker, a markerArg, got string) {
	if a.kind != 'w' {
		mt.t.Errorf("%v: golden name expected, got %q", m, a.value)
		return
	}
	if got != "" && !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	g := mt.goldens[a.value]
	if g == nil {
		if !mt.update {
			mt.t.Errorf("%v: no golden section @%s; got:\n%s", m, a.value, got)
			return
		}
		g = &golden{}
		mt.goldens[a.value] = g
		mt.ar.Files = append(mt.ar.Files, txtar.File{Name: "@" + a.value})
	}
	g.used = true
	if g.data == got {
		return
	}
	if mt.update {
		g.data, g.updated = got, true
		return
	}
	mt.t.Errorf("%v: @%s differs:\n--- got ---\n%s--- want ---\n%s", m, a.value, got, g.data)
}

// writeGoldens rewrites the archive with the updated golden sections,
// dropping those no marker uses.
func (mt *markerTest) writeGoldens() {
	changed := false
	files := mt.ar.Files[:0]
	for _, f := range mt.ar.Files {
		if g := mt.goldens[strings.TrimPrefix(f.Name, "@")]; strings.HasPrefix(f.Name, "@") && g != nil {
			if !g.used {
				changed = true
				continue
			}
			if g.updated {
				f.Data = []byte(g.data)
				changed = true
			}
		}
		files = append(files, f)
	}
	mt.ar.Files = files
	if changed {
		if err := os.WriteFile(mt.file, txtar.Format(mt.ar), 0o644); err != nil {
			mt.t.Error(err)
		}
	}
}

// checkDiagnostics matches the published diagnostics of d with its diag
// markers, one to one.
func (mt *markerTest) checkDiagnostics(d *markerDoc) {
	type want struct {
		m     *marker
		r     protocol.Range
		msg   *regexp.Regexp
		code  string
		rel   *regexp.Regexp
		sev   string
		found int
	}
	var wants []*want
	for _, m := range d.markers {
		if m.name != "diag" {
			continue
		}
		pos, keyed, ok := mt.want(m, 2, "code", "related", "severity")
		if !ok {
			continue
		}
		r, ok := mt.rangeOf(m, pos[0])
		if !ok {
			continue
		}
		if pos[1].kind != 'r' {
			mt.t.Errorf("%v: message regexp expected", m)
			continue
		}
		w := &want{m: m, r: r, msg: pos[1].re, code: keyed["code"].value, sev: keyed["severity"].value}
		if rel, ok := keyed["related"]; ok {
			if rel.kind != 'r' {
				mt.t.Errorf("%v: related= takes a regexp", m)
			}
			w.rel = rel.re
		}
		wants = append(wants, w)
	}
	related := func(pd protocol.Diagnostic, re *regexp.Regexp) bool {
		for _, ri := range pd.RelatedInformation {
			if ri.Location.URI == d.uri && re.MatchString(ri.Message+" "+quoteRange(d.text, ri.Location.Range)) {
				return true
			}
		}
		return false
	}
	for _, pd := range d.diags {
		code, _ := pd.Code.(string)
		if code == "" || pd.CodeDescription == nil || !strings.HasSuffix(string(pd.CodeDescription.Href), code) {
			mt.t.Errorf("%s: diagnostic %s without a string code linked to the catalogue: %+v", d.name, rng(pd.Range), pd)
		}
		var hits []*want
		for _, w := range wants {
			if w.r == pd.Range && w.msg.MatchString(pd.Message) && (w.code == "" || w.code == code) && (w.rel == nil || related(pd, w.rel)) &&
				(w.sev == "" || strings.EqualFold(w.sev, severityName(pd.Severity))) {
				hits = append(hits, w)
			}
		}
		switch len(hits) {
		case 0:
			mt.t.Errorf("%s: unexpected diagnostic %s %s %s: %s", d.name, rng(pd.Range), severityName(pd.Severity), code, pd.Message)
		case 1:
			hits[0].found++
		default:
			mt.t.Errorf("%s: diagnostic %s %s matched by %d markers", d.name, rng(pd.Range), code, len(hits))
		}
	}
	for _, w := range wants {
		if w.found != 1 {
			mt.t.Errorf("%v: matched %d diagnostics, want 1 (at %s)", w.m, w.found, rng(w.r))
		}
	}
}

// severityName returns "error", "warning", "info" or "hint".
func severityName(s protocol.DiagnosticSeverity) string {
	switch s {
	case protocol.DiagnosticSeverityError:
		return "error"
	case protocol.DiagnosticSeverityWarning:
		return "warning"
	case protocol.DiagnosticSeverityInformation:
		return "info"
	}
	return "hint"
}

func rng(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

// quote returns the text of r in text, quoted, for dumps.
func quoteRange(text string, r protocol.Range) string {
	s, e := Offset(text, r.Start), Offset(text, r.End)
	if e < s {
		return "<reversed>"
	}
	return strconv.Quote(text[s:e])
}

func (mt *markerTest) hover(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var h *protocol.Hover
	if err := mt.c.Call(protocol.MethodTextDocumentHover, positionParams(m.doc.uri, r.Start), &h); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	got := "<no hover>"
	if h != nil {
		got = inlineImage.ReplaceAllString(h.Contents.Value, "(${1}<elided>)")
		if h.Range != nil {
			got = fmt.Sprintf("@range %s %s\n%s", rng(*h.Range), quoteRange(m.doc.text, *h.Range), got)
		}
	}
	mt.golden(m, pos[1], got)
}

// inlineImage matches the data URLs of images in Markdown, which hover
// goldens elide.
var inlineImage = regexp.MustCompile(`\((data:image/[a-z+]+;base64,)[A-Za-z0-9+/=]+\)`)

func positionParams(uri protocol.DocumentURI, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: p}
}

func (mt *markerTest) complete(m *marker) {
	pos, _, ok := mt.want(m, -1)
	if !ok || len(pos) == 0 {
		mt.t.Errorf("%v: location expected", m)
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var list protocol.CompletionList
	if err := mt.c.Call(protocol.MethodTextDocumentCompletion, positionParams(m.doc.uri, r.Start), &list); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	// The client's order: by sort text, then label.
	items := list.Items
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		ka, kb := a.SortText, b.SortText
		if ka == "" {
			ka = a.Label
		}
		if kb == "" {
			kb = b.Label
		}
		return ka < kb
	})
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
		if it.TextEdit != nil && (it.TextEdit.Range.Start.Line != r.Start.Line || it.TextEdit.Range.End.Line != r.Start.Line) {
			mt.t.Errorf("%v: item %q edits %s, not on the cursor's line", m, it.Label, rng(it.TextEdit.Range))
		}
	}
	k := 0
	for _, l := range labels {
		if k < len(pos)-1 && l == pos[1+k].value {
			k++
		}
	}
	if k < len(pos)-1 {
		var want []string
		for _, a := range pos[1:] {
			want = append(want, a.value)
		}
		mt.t.Errorf("%v: labels %q do not contain %q in this order", m, labels, want)
	}
}

func (mt *markerTest) format(m *marker) {
	pos, _, ok := mt.want(m, 1)
	if !ok {
		return
	}
	var edits []protocol.TextEdit
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}
	if err := mt.c.Call(protocol.MethodTextDocumentFormatting, params, &edits); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	mt.golden(m, pos[0], mt.apply(m, edits))
}

func (mt *markerTest) rangeFormat(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var edits []protocol.TextEdit
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}, "range": r, "options": map[string]any{"tabSize": 4, "insertSpaces": true}}
	if err := mt.c.Call(protocol.MethodTextDocumentRangeFormatting, params, &edits); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	mt.golden(m, pos[1], mt.apply(m, edits))
}

// apply applies edits to the document's text, failing on overlaps.
func (mt *markerTest) apply(m *marker, edits []protocol.TextEdit) string {
	text, err := ApplyEdits(m.doc.text, edits)
	if err != nil {
		mt.t.Errorf("%v: %v", m, err)
	}
	return text
}

func (mt *markerTest) codeAction(m *marker) {
	pos, keyed, ok := mt.want(m, 2, "edit", "title", "preferred", "columns")
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	kind := protocol.CodeActionKind(pos[1].value)
	columns := "utf-16"
	if c, ok := keyed["columns"]; ok {
		columns = c.value
	}
	var context []protocol.Diagnostic
	for _, d := range m.doc.diags {
		if !before(d.Range.End, r.Start) && !before(r.End, d.Range.Start) {
			start, ok1 := PositionIn(m.doc.text, d.Range.Start, columns)
			end, ok2 := PositionIn(m.doc.text, d.Range.End, columns)
			if !ok1 || !ok2 {
				mt.t.Errorf("%v: unknown encoding columns=%s", m, columns)
				return
			}
			d.Range = protocol.Range{Start: start, End: end}
			context = append(context, d)
		}
	}
	params := map[string]any{
		"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri},
		"range":        r,
		"context":      map[string]any{"diagnostics": context, "only": []protocol.CodeActionKind{kind}},
	}
	var actions []protocol.CodeAction
	if err := mt.c.Call(protocol.MethodTextDocumentCodeAction, params, &actions); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var found []protocol.CodeAction
	var titles []string
	for _, a := range actions {
		titles = append(titles, fmt.Sprintf("%s %q", a.Kind, a.Title))
		if a.Kind != kind {
			continue
		}
		if t, ok := keyed["title"]; ok && !(t.kind == 'r' && t.re.MatchString(a.Title) || t.value == a.Title) {
			continue
		}
		found = append(found, a)
	}
	edit, wantEdit := keyed["edit"]
	switch {
	case !wantEdit && len(found) == 0:
		return
	case !wantEdit:
		mt.t.Errorf("%v: unexpected actions %q", m, titles)
		return
	case len(found) != 1:
		mt.t.Errorf("%v: %d matching actions among %q, want 1", m, len(found), titles)
		return
	}
	a := found[0]
	if p, ok := keyed["preferred"]; ok && strconv.FormatBool(a.IsPreferred) != p.value {
		mt.t.Errorf("%v: action %q is preferred: %v, want %s", m, a.Title, a.IsPreferred, p.value)
	}
	if kind == protocol.QuickFix && len(a.Diagnostics) == 0 {
		mt.t.Errorf("%v: quick fix %q carries no diagnostic", m, a.Title)
	}
	if a.Edit == nil {
		mt.t.Errorf("%v: action %q has no edit", m, a.Title)
		return
	}
	for uri := range a.Edit.Changes {
		if uri != m.doc.uri {
			mt.t.Errorf("%v: action %q edits %s", m, a.Title, uri)
		}
	}
	mt.golden(m, edit, mt.apply(m, a.Edit.Changes[m.doc.uri]))
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

func (mt *markerTest) symbol(m *marker) {
	pos, _, ok := mt.want(m, 1)
	if !ok {
		return
	}
	var syms []protocol.DocumentSymbol
	if err := mt.c.Call(protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}}, &syms); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var b strings.Builder
	var dump func(ss []protocol.DocumentSymbol, indent string)
	dump = func(ss []protocol.DocumentSymbol, indent string) {
		for _, s := range ss {
			fmt.Fprintf(&b, "%s%s %q %s %s select %s %s\n", indent, s.Kind, s.Detail, s.Name, rng(s.Range), rng(s.SelectionRange), quoteRange(m.doc.text, s.SelectionRange))
			dump(s.Children, indent+"\t")
		}
	}
	dump(syms, "")
	mt.golden(m, pos[0], b.String())
}

func (mt *markerTest) foldingRange(m *marker) {
	pos, _, ok := mt.want(m, 1)
	if !ok {
		return
	}
	var folds []protocol.FoldingRange
	if err := mt.c.Call(protocol.MethodTextDocumentFoldingRange, map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}}, &folds); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	lines := strings.SplitAfter(m.doc.text, "\n")
	var b strings.Builder
	for _, f := range folds {
		first := ""
		if int(f.StartLine) < len(lines) {
			first = strings.TrimRight(lines[f.StartLine], "\r\n")
		}
		fmt.Fprintf(&b, "%d-%d %s %q\n", f.StartLine, f.EndLine, f.Kind, first)
	}
	mt.golden(m, pos[0], b.String())
}

func (mt *markerTest) semantic(m *marker) {
	pos, _, ok := mt.want(m, 1)
	if !ok {
		return
	}
	var toks protocol.SemanticTokens
	if err := mt.c.Call(protocol.MethodSemanticTokensFull, map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}}, &toks); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	types := mt.c.Legend()
	var b strings.Builder
	var line, char uint32
	for i := 0; i+5 <= len(toks.Data); i += 5 {
		d := toks.Data[i : i+5]
		if d[0] > 0 {
			char = 0
		}
		line, char = line+d[0], char+d[1]
		start := protocol.Position{Line: line, Character: char}
		end := protocol.Position{Line: line, Character: char + d[2]}
		typ := fmt.Sprint(d[3])
		if int(d[3]) < len(types.TokenTypes) {
			typ = string(types.TokenTypes[d[3]])
		}
		if d[4]&1 != 0 && len(types.TokenModifiers) > 0 {
			typ += "." + string(types.TokenModifiers[0])
		}
		fmt.Fprintf(&b, "%d:%d %s %s\n", line, char, typ, quoteRange(m.doc.text, protocol.Range{Start: start, End: end}))
	}
	mt.golden(m, pos[0], b.String())
}

func (mt *markerTest) highlight(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var hs []protocol.DocumentHighlight
	if err := mt.c.Call(protocol.MethodTextDocumentDocumentHighlight, positionParams(m.doc.uri, r.Start), &hs); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	var b strings.Builder
	for _, h := range hs {
		fmt.Fprintf(&b, "%s %s\n", rng(h.Range), quoteRange(m.doc.text, h.Range))
	}
	mt.golden(m, pos[1], b.String())
}

func (mt *markerTest) selection(m *marker) {
	pos, _, ok := mt.want(m, 2)
	if !ok {
		return
	}
	r, ok := mt.rangeOf(m, pos[0])
	if !ok {
		return
	}
	var sels []*protocol.SelectionRange
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: m.doc.uri}, "positions": []protocol.Position{r.Start}}
	if err := mt.c.Call("textDocument/selectionRange", params, &sels); err != nil {
		mt.t.Errorf("%v: %v", m, err)
		return
	}
	if len(sels) != 1 {
		mt.t.Errorf("%v: %d selection ranges for one position", m, len(sels))
		return
	}
	var b strings.Builder
	for s := sels[0]; s != nil; s = s.Parent {
		text := quoteRange(m.doc.text, s.Range)
		if len(text) > 60 {
			text = text[:50] + "…" + text[len(text)-8:]
		}
		fmt.Fprintf(&b, "%s %s\n", rng(s.Range), text)
		if p := s.Parent; p != nil && (before(s.Range.Start, p.Range.Start) || before(p.Range.End, s.Range.End)) {
			mt.t.Errorf("%v: parent %s does not contain %s", m, rng(p.Range), rng(s.Range))
		}
	}
	mt.golden(m, pos[1], b.String())
}
