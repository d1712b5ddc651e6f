package lsp_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
	"github.com/pgnls/pgnls/syntax"
)

// The end-to-end tests run inside synctest bubbles: the server, the
// net.Pipe and the debounce timers then use virtual time, so debounced
// analyses fire deterministically and no test sleeps for real.
//
// Unless a test says otherwise the server runs no analyzers (syntax
// diagnostics only), so that the tests do not change whenever an analyzer
// is added to checks.All; TestDefaultAnalyzers covers the real set.

func start(t *testing.T, opts lsptest.Options) *lsptest.Client {
	t.Helper()
	if opts.Serve == nil {
		opts.Serve = lsp.ServeWithAnalyzers()
	}
	return lsptest.Start(t, opts)
}

// serverText returns the server's copy of a document (nil if not open).
func serverText(t *testing.T, c *lsptest.Client, uri protocol.DocumentURI) *lsp.TestText {
	t.Helper()
	var res *lsp.TestText
	if err := c.Call(lsp.MethodTestText, protocol.TextDocumentIdentifier{URI: uri}, &res); err != nil {
		t.Fatalf("%s: %v", lsp.MethodTestText, err)
	}
	return res
}

// want describes an expected diagnostic: its code and the text it covers
// (the first occurrence of sub in text).
type want struct{ code, sub string }

// checkDiagnostics compares a publication with the expected diagnostics,
// whose ranges are computed from text by the harness's own UTF-16 oracle.
func checkDiagnostics(t *testing.T, p lsptest.Published, text string, wants ...want) {
	t.Helper()
	var got, exp []string
	for _, d := range p.Diagnostics {
		got = append(got, fmt.Sprintf("%v %v", d.Code, d.Range))
	}
	for _, w := range wants {
		exp = append(exp, fmt.Sprintf("%v %v", w.code, lsptest.RangeOf(t, text, w.sub)))
	}
	if !slices.Equal(got, exp) {
		t.Errorf("diagnostics of version %d:\n got %q\nwant %q", p.Version, got, exp)
	}
}

func TestEndToEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		res := c.Initialize(nil)
		if res.ServerInfo == nil || res.ServerInfo.Name != "pgnls" || res.ServerInfo.Version == "" {
			t.Errorf("serverInfo = %+v", res.ServerInfo)
		}
		raw, _ := json.Marshal(res.Capabilities.TextDocumentSync)
		var syncOpts protocol.TextDocumentSyncOptions
		if err := json.Unmarshal(raw, &syncOpts); err != nil || !syncOpts.OpenClose || syncOpts.Change != protocol.TextDocumentSyncKindIncremental {
			t.Errorf("textDocumentSync = %s, want incremental with openClose", raw)
		}

		const uri = "file:///games/fan.ctl-pgn"
		text := "[Variant \"C'escacs\"]\n[Result \"*\"]\n\n1. 🩐D2-B6, K5-K7 @@ *\n"
		c.Open(uri, text)
		p := c.WaitDiagnostics(uri, 1)
		checkDiagnostics(t, p, text, want{"unknown-token", "@@"})
		if len(p.Diagnostics) == 1 {
			d := p.Diagnostics[0]
			// The glyph is 4 bytes, 1 rune, 2 UTF-16 units: 18 is right,
			// 17 would count runes and 20 bytes.
			if d.Range.Start != (protocol.Position{Line: 3, Character: 18}) {
				t.Errorf("range start = %v, want 3:18", d.Range.Start)
			}
			if d.Severity != protocol.DiagnosticSeverityError || d.Message == "" || d.Source == "" {
				t.Errorf("diagnostic = %+v", d)
			}
		}
		if !strings.Contains(string(p.Raw), `"code":"unknown-token"`) {
			t.Errorf("code is not a JSON string: %s", p.Raw)
		}

		// An incremental change before the error: the error moves right
		// by a move with another glyph.
		at := lsptest.RangeOf(t, text, "@@")
		v := c.Change(uri, lsptest.Replace(protocol.Range{Start: at.Start, End: at.Start}, "2. 🩐E4-E5 "))
		text = strings.Replace(text, "@@", "2. 🩐E4-E5 @@", 1)
		checkDiagnostics(t, c.WaitDiagnostics(uri, v), text, want{"unknown-token", "@@"})
		if got := serverText(t, c, uri); got.Text != text || got.Version != v {
			t.Errorf("server text = %q (version %d), want %q (version %d)", got.Text, got.Version, text, v)
		}

		// Fixing the error publishes an empty list for the new version.
		v = c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "@@ "), ""))
		text = strings.Replace(text, "@@ ", "", 1)
		p = c.WaitDiagnostics(uri, v)
		checkDiagnostics(t, p, text)
		if !strings.Contains(string(p.Raw), `"diagnostics":[]`) {
			t.Errorf("empty diagnostics sent as %s", p.Raw)
		}

		// didClose clears the diagnostics, without a version.
		c.Change(uri, lsptest.Replace(protocol.Range{Start: at.Start, End: at.Start}, "$$$ "))
		c.Close(uri)
		p = c.WaitDiagnostics(uri, 0)
		if len(p.Diagnostics) != 0 || !strings.Contains(string(p.Raw), `"diagnostics":[]`) {
			t.Errorf("after didClose: %s, want empty diagnostics", p.Raw)
		}
		if got := serverText(t, c, uri); got != nil {
			t.Errorf("document still stored after didClose: %+v", got)
		}
		c.Settle()
		if last, _ := c.Last(uri); last.Version != 0 || len(last.Diagnostics) != 0 {
			t.Errorf("published after didClose: %s", last.Raw)
		}

		if err := c.Shutdown(); err != nil {
			t.Fatalf("shutdown: %v", err)
		}
		if code := c.Exit(); code != 0 {
			t.Errorf("exit code after shutdown = %d, want 0", code)
		}
	})
}

// TestDefaultAnalyzers runs the real analyzers: the syntax error is
// still reported, and every code published is in the catalogue.
func TestDefaultAnalyzers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{Serve: lsp.ServeForTest})
		c.Initialize(nil)
		codes := map[string]bool{}
		for _, e := range checks.Catalogue() {
			codes[string(e.Code)] = true
		}
		for _, tc := range []struct{ uri, text string }{
			{"file:///std.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 @@ *\n"},
			{"file:///fan.ctl-pgn", "[Variant \"C'escacs\"]\n[Result \"*\"]\n\n1. 🩐D2-B6, K5-K7 @@ *\n"},
		} {
			c.Open(protocol.DocumentURI(tc.uri), tc.text)
			c.Settle()
			last, _ := c.Last(protocol.DocumentURI(tc.uri))
			found := false
			for _, d := range last.Diagnostics {
				code, ok := d.Code.(string)
				if !ok || !codes[code] {
					t.Errorf("%s: code %#v is not a catalogued string", tc.uri, d.Code)
				}
				if d.Source == "" || d.Message == "" {
					t.Errorf("%s: diagnostic without source or message: %+v", tc.uri, d)
				}
				if code == "unknown-token" && d.Range == lsptest.RangeOf(t, tc.text, "@@") {
					found = true
				}
			}
			if last.Version != 1 || !found {
				t.Errorf("%s: the syntax error is missing from %s", tc.uri, last.Raw)
			}
		}
	})
}

func TestExitWithoutShutdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		if code := c.Exit(); code != 1 {
			t.Errorf("exit code without shutdown = %d, want 1", code)
		}
	})
}

func TestStreamClosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		if err := c.Shutdown(); err != nil {
			t.Fatal(err)
		}
		c.CloseStream()
		if code := c.Wait(); code != 1 {
			t.Errorf("exit code when the stream closes without exit = %d, want 1", code)
		}
	})
}

func TestLifecycleErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		const uri = "file:///a.pgn"
		for _, method := range []string{protocol.MethodTextDocumentHover, protocol.MethodShutdown, lsp.MethodTestText} {
			if err := c.Call(method, map[string]any{}, nil); lsptest.Code(err) != jsonrpc2.ServerNotInitialized {
				t.Errorf("%s before initialize: %v, want code %d", method, err, jsonrpc2.ServerNotInitialized)
			}
		}
		c.Open(uri, "1. e4 *\n") // dropped: before initialize

		c.Initialize(nil)
		if got := serverText(t, c, uri); got != nil {
			t.Errorf("didOpen before initialize was not dropped: %+v", got)
		}
		if err := c.Call(protocol.MethodInitialize, map[string]any{}, nil); lsptest.Code(err) != jsonrpc2.InvalidRequest {
			t.Errorf("second initialize: %v, want code %d", err, jsonrpc2.InvalidRequest)
		}
		// A request without a method, which go.lsp.dev/jsonrpc2 would take
		// for a response and leave unanswered, is answered too.
		for _, method := range []string{"pgnls/noSuchMethod", protocol.MethodTextDocumentDefinition, "$/noSuchRequest", ""} {
			if err := c.Call(method, map[string]any{}, nil); lsptest.Code(err) != jsonrpc2.MethodNotFound {
				t.Errorf("%s: %v, want code %d", method, err, jsonrpc2.MethodNotFound)
			}
		}
		// Unknown notifications are dropped and the server carries on.
		c.Notify("pgnls/noSuchNotification", map[string]any{"x": 1})
		c.Notify("$/setTrace", map[string]any{"value": "off"})
		c.Open(uri, "1. e4 *\n")
		if got := serverText(t, c, uri); got == nil || got.Text != "1. e4 *\n" {
			t.Errorf("server text = %+v after unknown notifications", got)
		}

		if err := c.Shutdown(); err != nil {
			t.Fatal(err)
		}
		for _, method := range []string{lsp.MethodTestText, protocol.MethodShutdown, "pgnls/noSuchMethod"} {
			if err := c.Call(method, protocol.TextDocumentIdentifier{URI: uri}, nil); lsptest.Code(err) != jsonrpc2.InvalidRequest {
				t.Errorf("%s after shutdown: %v, want code %d", method, err, jsonrpc2.InvalidRequest)
			}
		}
		if code := c.Exit(); code != 0 {
			t.Errorf("exit code = %d, want 0", code)
		}
	})
}

func TestCancelRequest(t *testing.T) {
	for _, tc := range []struct {
		name string
		id   jsonrpc2.ID
		wire any // the id as sent in $/cancelRequest
	}{
		{"number", jsonrpc2.NewNumberID(1000), 1000},
		{"string", jsonrpc2.NewStringID("slow-1"), "slow-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := start(t, lsptest.Options{})
				c.Initialize(nil)
				begin := time.Now()
				slow := c.Send(tc.id, lsp.MethodTestSlow, nil)
				synctest.Wait() // the slow handler is running
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": tc.wire})
				if err := slow.Wait(nil); lsptest.Code(err) != protocol.CodeRequestCancelled {
					t.Fatalf("cancelled request: %v, want code %d", err, protocol.CodeRequestCancelled)
				}
				// The handler saw the cancellation: the worker is free at
				// once, not after the handler's hour.
				if got := serverText(t, c, "file:///none.pgn"); got != nil {
					t.Errorf("unexpected document %+v", got)
				}
				if d := time.Since(begin); d >= time.Hour {
					t.Errorf("the next request waited %v for the cancelled one", d)
				}
				// A request cancelled while still queued behind another.
				first := c.Send(c.NextID(), lsp.MethodTestSlow, nil)
				queued := c.Send(tc.id, lsp.MethodTestText, protocol.TextDocumentIdentifier{URI: "file:///none.pgn"})
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": tc.wire})
				if err := queued.Wait(nil); lsptest.Code(err) != protocol.CodeRequestCancelled {
					t.Errorf("request cancelled while queued: %v, want code %d", err, protocol.CodeRequestCancelled)
				}
				// Cancelling an answered or unknown request is harmless.
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": tc.wire})
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": 1.5})
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": &first.ID})
				if err := first.Wait(nil); lsptest.Code(err) != protocol.CodeRequestCancelled {
					t.Errorf("first: %v", err)
				}
				if err := c.Shutdown(); err != nil {
					t.Fatal(err)
				}
				if code := c.Exit(); code != 0 {
					t.Errorf("exit code = %d", code)
				}
			})
		})
	}
}

// TestQuickEdits sends several edits in a row: each version gets its
// syntax diagnostics at once, and the last publication is the final
// version's.
func TestQuickEdits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///quick.pgn"
		text := "[Event \"quick\"]\n\n1. e4 e5 *\n"
		c.Open(uri, text)
		c.WaitDiagnostics(uri, 1)
		var v int32
		for i := range 5 {
			// Each edit inserts a stray token, moving the previous ones.
			at := lsptest.RangeOf(t, text, "1.").Start
			tok := fmt.Sprintf("@%d ", i)
			v = c.Change(uri, lsptest.Replace(protocol.Range{Start: at, End: at}, tok))
			text = strings.Replace(text, "1.", tok+"1.", 1)
		}
		c.Settle()
		last, ok := c.Last(uri)
		if !ok || last.Version != uint32(v) {
			t.Fatalf("last publication has version %d, want %d", last.Version, v)
		}
		checkDiagnostics(t, last, text,
			want{"unknown-token", "@0"}, want{"unknown-token", "@1"}, want{"unknown-token", "@2"},
			want{"unknown-token", "@3"}, want{"unknown-token", "@4"})
		var versions []uint32
		for _, p := range c.Publications(uri) {
			versions = append(versions, p.Version)
		}
		if !slices.IsSorted(versions) {
			t.Errorf("publications out of version order: %v", versions)
		}
		if got := serverText(t, c, uri); got.Text != text {
			t.Errorf("server text = %q, want %q", got.Text, text)
		}
	})
}

// TestUnchangedDiagnosticsNotRepublished checks the hash check: an edit
// that leaves the diagnostics as they were publishes nothing.
func TestUnchangedDiagnosticsNotRepublished(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///same.pgn"
		text := "[Event \"same\"]\n\n1. e4 @@ e5 {note} *\n"
		c.Open(uri, text)
		c.WaitDiagnostics(uri, 1)
		c.Settle()
		n := len(c.Publications(uri))
		v := c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "note"), "notes"))
		c.Settle()
		if got := c.Publications(uri); len(got) != n {
			t.Errorf("edit %d that changes no diagnostic published %s", v, got[len(got)-1].Raw)
		}
		if got := serverText(t, c, uri); got.Version != v || !strings.Contains(got.Text, "notes") {
			t.Errorf("server document = %+v", got)
		}
		v = c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "e4"), "d4 c5"))
		checkDiagnostics(t, c.WaitDiagnostics(uri, v), strings.Replace(text, "e4", "d4 c5", 1), want{"unknown-token", "@@"})
	})
}

// TestBadRanges checks that out-of-range positions are clamped as the
// specification says and that a reversed range is rejected whole, so the
// server's text stays the one the client has.
func TestBadRanges(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///ranges.pgn"
		text := "[Event \"é\"]\n\n1. e4 e5 *\n"
		c.Open(uri, text)

		pos := func(l, ch uint32) protocol.Position { return protocol.Position{Line: l, Character: ch} }
		// Column past the end of line 0: the end of line 0.
		c.Change(uri, lsptest.Replace(protocol.Range{Start: pos(0, 50), End: pos(0, 99)}, " ;x"))
		text = strings.Replace(text, "\"]\n", "\"] ;x\n", 1)
		// Line past the end: the end of the file.
		v := c.Change(uri, lsptest.Replace(protocol.Range{Start: pos(40, 3), End: pos(41, 0)}, "\n"))
		text += "\n"
		if got := serverText(t, c, uri); got.Text != text || got.Version != v {
			t.Fatalf("after clamped edits: %q (version %d), want %q (version %d)", got.Text, got.Version, text, v)
		}

		// A reversed range in a batch: the whole batch is rejected.
		bad := c.Change(uri,
			lsptest.Replace(lsptest.RangeOf(t, text, "e4"), "d4"),
			lsptest.Replace(protocol.Range{Start: pos(2, 5), End: pos(2, 3)}, "X"))
		if got := serverText(t, c, uri); got.Text != text || got.Version != v {
			t.Errorf("after the rejected version %d: %q (version %d), want %q (version %d)", bad, got.Text, got.Version, text, v)
		}
		if len(c.Notifications(protocol.MethodWindowShowMessage)) != 1 {
			t.Errorf("no warning shown for the rejected edit")
		}
		// The document keeps working.
		v = c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "e5"), "@@"))
		text = strings.Replace(text, "e5", "@@", 1)
		checkDiagnostics(t, c.WaitDiagnostics(uri, v), text, want{"unknown-token", "@@"})
		if got := serverText(t, c, uri); got.Text != text {
			t.Errorf("server text = %q, want %q", got.Text, text)
		}
	})
}

// TestDialect checks the dialect choice: detection, the --dialect flag,
// initializationOptions and workspace/didChangeConfiguration.
func TestDialect(t *testing.T) {
	// CTL-PGN movetext in a .pgn file without a Variant tag.
	const uri = "file:///x.pgn"
	const text = "[Result \"*\"]\n\n1. 🩐D2-B6, K5-K7 *\n"
	pgnErrors := []want{{"unknown-token", "🩐D2-B6"}, {"unknown-token", ","}}
	for _, tc := range []struct {
		name    string
		flag    string
		init    any
		dialect string
		wants   []want
	}{
		{"detected", "", nil, "pgn", pgnErrors},
		{"initializationOptions", "", map[string]any{"dialect": "ctl-pgn"}, "ctl-pgn", nil},
		{"flag", "ctl-pgn", nil, "ctl-pgn", nil},
		{"setting overrides flag", "ctl-pgn", map[string]any{"dialect": "auto"}, "pgn", pgnErrors},
		{"unknown value means auto", "", map[string]any{"dialect": "klingon"}, "pgn", pgnErrors},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c := start(t, lsptest.Options{Server: lsp.Options{Dialect: tc.flag}})
				c.Initialize(tc.init)
				c.Open(uri, text)
				checkDiagnostics(t, c.WaitDiagnostics(uri, 1), text, tc.wants...)
				if got := serverText(t, c, uri); got.Dialect != tc.dialect {
					t.Errorf("dialect = %s, want %s", got.Dialect, tc.dialect)
				}
			})
		})
	}

	t.Run("didChangeConfiguration", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			c := start(t, lsptest.Options{})
			c.Initialize(nil)
			c.Open(uri, text)
			checkDiagnostics(t, c.WaitDiagnostics(uri, 1), text, pgnErrors...)
			c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{"dialect": "ctl-pgn"}}})
			checkDiagnostics(t, c.WaitDiagnostics(uri, 1), text)
			if got := serverText(t, c, uri); got.Dialect != "ctl-pgn" {
				t.Errorf("dialect = %s, want ctl-pgn", got.Dialect)
			}
			// Settings without pgnls.dialect: back to detection.
			c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{}}})
			checkDiagnostics(t, c.WaitDiagnostics(uri, 1), text, pgnErrors...)
			// Typing the Variant tag switches detection to CTL-PGN.
			v := c.Change(uri, lsptest.Replace(protocol.Range{}, "[Variant \"C'escacs\"]\n"))
			checkDiagnostics(t, c.WaitDiagnostics(uri, v), "[Variant \"C'escacs\"]\n"+text)
			if got := serverText(t, c, uri); got.Dialect != "ctl-pgn" {
				t.Errorf("dialect after typing the Variant tag = %s, want ctl-pgn", got.Dialect)
			}
		})
	})
}

// moveAnalyzer is a stand-in for the semantic analyzers: it reports every
// move of the main line and counts its runs per game (by first tag value).
type moveAnalyzer struct {
	mu   sync.Mutex
	runs map[string]int
}

func (m *moveAnalyzer) analyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:  "moves",
		Doc:   "Test analyzer reporting every move.",
		Codes: []analysis.CodeInfo{{Code: "test-move", Severity: analysis.Hint, Doc: "A move."}},
		Run: func(p *analysis.Pass) {
			name, _ := p.Game.TagValue("Event")
			m.mu.Lock()
			m.runs[name]++
			m.mu.Unlock()
			for _, e := range p.Game.Moves {
				if mv, ok := e.(*syntax.Move); ok {
					p.Report(analysis.Diagnostic{Span: mv.Sp, Severity: analysis.Hint, Code: "test-move", Message: mv.Text})
				}
			}
		},
	}
}

func (m *moveAnalyzer) count(name string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.runs[name]
}

// TestTwoPhaseDiagnostics checks the pipeline with an analyzer: syntax
// diagnostics at once, the analysis of an open at once after them and
// that of edits after the debounce, only on games not analysed before,
// once per burst of edits, cached results kept in the immediate
// publication.
func TestTwoPhaseDiagnostics(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		moves := &moveAnalyzer{runs: map[string]int{}}
		c := start(t, lsptest.Options{
			Server: lsp.Options{Debounce: 200 * time.Millisecond},
			Serve:  lsp.ServeWithAnalyzers(moves.analyzer()),
		})
		c.Initialize(nil)
		const uri = "file:///two.pgn"
		text := "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. c4 c5 *\n\n[Event \"c\"]\n\n1. d4 d5 @@ *\n"
		c.Open(uri, text)

		// Phase 1, at once: syntax only.
		checkDiagnostics(t, c.WaitDiagnostics(uri, 1), text, want{"unknown-token", "@@"})
		// Phase 2 of an open, at once too: nothing is being typed.
		synctest.Wait()
		if n := moves.count("a"); n != 1 {
			t.Errorf("analyzer ran %d times on the open without waiting, want 1", n)
		}
		c.Settle()
		// The errors first (VS Code draws the first 500 only), then the
		// others in file order.
		all := []want{{"unknown-token", "@@"}, {"test-move", "e4"}, {"test-move", "e5"}, {"test-move", "c4"}, {"test-move", "c5"},
			{"test-move", "d4"}, {"test-move", "d5"}}
		last, _ := c.Last(uri)
		checkDiagnostics(t, last, text, all...)

		// A burst of edits in game c.
		var v int32
		for _, mv := range []string{"d6", "d7", "d8"} {
			old := "d" + string(rune(mv[1]-1))
			v = c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, old), mv))
			text = strings.Replace(text, old, mv, 1)
		}
		// Phase 1 of the first edit: game a from the cache; games b and c,
		// parsed again, with their syntax errors and the analysis results
		// carried over, except on d5, which the edit replaced. (The next
		// two edits have the same phase-1 result, so they publish nothing.)
		first := strings.Replace(text, "d8", "d6", 1)
		checkDiagnostics(t, c.WaitDiagnostics(uri, v-2), first,
			want{"unknown-token", "@@"}, want{"test-move", "e4"}, want{"test-move", "e5"}, want{"test-move", "c4"}, want{"test-move", "c5"},
			want{"test-move", "d4"})
		// Phase 2 of edits waits for the debounce after the last one.
		time.Sleep(199 * time.Millisecond)
		synctest.Wait()
		if n := moves.count("c"); n != 1 {
			t.Errorf("game c analysed %d times before the debounce delay, want 1 (the open)", n)
		}
		c.Settle()
		last, _ = c.Last(uri)
		if last.Version != uint32(v) {
			t.Errorf("last publication has version %d, want %d", last.Version, v)
		}
		all[6] = want{"test-move", "d8"}
		checkDiagnostics(t, last, text, all...)
		if n := moves.count("a"); n != 1 {
			t.Errorf("game a analysed %d times, want 1 (it never changed)", n)
		}
		if n := moves.count("c"); n != 2 {
			t.Errorf("game c analysed %d times, want 2 (open, then once for the burst)", n)
		}

		c.Close(uri)
		c.WaitDiagnostics(uri, 0)
		c.Settle()
		if n := moves.count("c"); n != 2 {
			t.Errorf("game c analysed after close")
		}
	})
}

// TestAnalyzerPanic checks that a panicking analyzer is a logged fault,
// not a crash: the game keeps its syntax diagnostics and is analysed
// again on the next run.
func TestAnalyzerPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		core, logs := observer.New(zapcore.DebugLevel)
		var runs atomic.Int32
		boom := &analysis.Analyzer{Name: "boom", Doc: "Panics.", Run: func(*analysis.Pass) {
			runs.Add(1)
			panic("boom")
		}}
		c := start(t, lsptest.Options{Serve: lsp.ServeWithAnalyzers(boom), Logger: zap.New(core)})
		c.Initialize(nil)
		const uri = "file:///boom.pgn"
		text := "[Event \"x\"]\n\n1. e4 @@ *\n"
		c.Open(uri, text)
		c.Settle()
		last, _ := c.Last(uri)
		checkDiagnostics(t, last, text, want{"unknown-token", "@@"})
		if n := logs.FilterMessage("panic in an analyzer").FilterLevelExact(zapcore.ErrorLevel).Len(); n != 1 {
			t.Errorf("%d error logs of the panic, want 1", n)
		}
		v := c.Change(uri, lsptest.Replace(lsptest.RangeOf(t, text, "@@"), "e5"))
		c.WaitDiagnostics(uri, v)
		c.Settle()
		if n := runs.Load(); n != 2 {
			t.Errorf("analyzer ran %d times, want 2 (failed results are not cached)", n)
		}
		if err := c.Shutdown(); err != nil {
			t.Fatal(err)
		}
		if code := c.Exit(); code != 0 {
			t.Errorf("exit code = %d", code)
		}
	})
}
