package lsp_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/synctest"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// codes returns "code severity" for each diagnostic of a publication.
func codes(p lsptest.Published) []string {
	var out []string
	for _, d := range p.Diagnostics {
		out = append(out, d.Code.(string)+" "+d.Severity.String())
	}
	return out
}

// pullClient starts a client that answers workspace/configuration with
// settings (nil: null), initializes the server with unknown-token off,
// opens pullURI, with an unknown token, and waits for its analysis, after
// the one pull that initialized makes.
func pullClient(t *testing.T, settings any) *lsptest.Client {
	t.Helper()
	c := start(t, lsptest.Options{
		Serve:        lsp.ServeForTest,
		Capabilities: map[string]any{"workspace": map[string]any{"configuration": true}},
		Settings:     settings,
	})
	c.Initialize(map[string]any{"diagnostics": map[string]any{"unknown-token": "off"}})
	c.Open(pullURI, "[Event \"x\"]\n\n1. e4 @@ e5 *\n")
	c.Settle()
	if n := len(c.Requests(protocol.MethodWorkspaceConfiguration)); n != 1 {
		t.Fatalf("%d workspace/configuration requests after initialized, want 1", n)
	}
	return c
}

// pullURI is the document pullClient opens.
const pullURI = "file:///s.pgn"

// TestSettingsPull checks workspace/configuration: pulled on initialized
// and again on each didChangeConfiguration (whose own settings are then
// ignored), each time re-analysing the open documents.
func TestSettingsPull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := pullClient(t, map[string]any{"diagnostics": map[string]any{"unknown-token": "hint"}})
		last, _ := c.Last(pullURI)
		if got := strings.Join(codes(last), ","); !strings.Contains(got, "unknown-token Hint") {
			t.Errorf("pulled settings not applied (they win over initializationOptions): %s", got)
		}

		c.SetSettings(map[string]any{"diagnostics": map[string]any{"unknown-token": "off"}})
		c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{}}})
		c.Settle()
		if n := len(c.Requests(protocol.MethodWorkspaceConfiguration)); n != 2 {
			t.Fatalf("%d workspace/configuration requests after didChangeConfiguration, want 2", n)
		}
		last, _ = c.Last(pullURI)
		if got := strings.Join(codes(last), ","); strings.Contains(got, "unknown-token") {
			t.Errorf("code switched off still published: %s", got)
		}
		if last.Version != 1 {
			t.Errorf("republished with version %d, want 1", last.Version)
		}
	})
}

// TestSettingsPullNull checks a client that answers workspace/configuration
// with null, as Neovim does without settings and eglot 1.9 always does
// (it answers from a buffer where a buffer's configuration is not seen):
// the initializationOptions stay in force, and come back when the
// client's pgnls section goes; settings a didChangeConfiguration brings
// then apply.
func TestSettingsPullNull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := pullClient(t, nil)
		published := func() string {
			last, _ := c.Last(pullURI)
			return strings.Join(codes(last), ",")
		}
		if got := published(); strings.Contains(got, "unknown-token") {
			t.Errorf("initializationOptions lost to a null workspace/configuration: %s", got)
		}

		c.SetSettings(map[string]any{"diagnostics": map[string]any{"unknown-token": "hint"}})
		c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": nil})
		c.Settle()
		if got := published(); !strings.Contains(got, "unknown-token Hint") {
			t.Errorf("pulled settings not applied: %s", got)
		}

		c.SetSettings(nil)
		c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": nil})
		c.Settle()
		if got := published(); strings.Contains(got, "unknown-token") {
			t.Errorf("initializationOptions not back once the pgnls section went: %s", got)
		}

		// eglot 1.9's pgnls-update-settings: the settings come with the
		// notification only.
		c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{
			"diagnostics": map[string]any{"unknown-token": "warning"}}}})
		c.Settle()
		if got := published(); !strings.Contains(got, "unknown-token Warning") {
			t.Errorf("didChangeConfiguration's settings not applied after a null workspace/configuration: %s", got)
		}
	})
}

// TestSettingsPush checks settings without workspace/configuration: from
// initializationOptions (wrapped in "pgnls" or not), then from
// didChangeConfiguration; bad values are ignored with a warning.
func TestSettingsPush(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{Serve: lsp.ServeForTest})
		c.Initialize(map[string]any{"pgnls": map[string]any{"profile": "export", "lineLength": 10, "diagnostics": map[string]any{"catalogueURL": "x:"}}})
		if n := len(c.Requests(protocol.MethodWorkspaceConfiguration)); n != 0 {
			t.Errorf("workspace/configuration sent to a client without the capability")
		}
		const uri = "file:///p.pgn"
		c.Open(uri, "[Event \"long enough\"]\n\n1. e4 e5 *\n")
		c.Settle()
		last, _ := c.Last(uri)
		var found bool
		for _, d := range last.Diagnostics {
			if d.Code == "line-too-long" {
				found = true
				if d.CodeDescription == nil || d.CodeDescription.Href != "x:line-too-long" {
					t.Errorf("codeDescription = %+v, want x:line-too-long", d.CodeDescription)
				}
			}
		}
		if !found {
			t.Errorf("lineLength 10 from initializationOptions not applied: %s", last.Raw)
		}
		c.Notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{
			"lineLength": "wide", "tagOrder": "sometimes", "diagnostics": map[string]any{"line-too-long": "loud"}}}})
		c.Settle()
		last, _ = c.Last(uri)
		for _, d := range last.Diagnostics {
			if d.Code == "line-too-long" {
				t.Errorf("line-too-long after the settings went back to the defaults: %+v", d)
			}
			if !strings.HasPrefix(string(d.CodeDescription.Href), "https://github.com/pgnls/pgnls/blob/main/docs/DIAGNOSTICS.md#") {
				t.Errorf("default catalogue URL not restored: %s", d.CodeDescription.Href)
			}
		}
	})
}

// TestCapabilities checks what initialize announces.
func TestCapabilities(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		res := c.Initialize(nil)
		raw, _ := json.Marshal(res.Capabilities)
		var caps map[string]json.RawMessage
		_ = json.Unmarshal(raw, &caps)
		for _, name := range []string{"hoverProvider", "completionProvider", "documentFormattingProvider", "documentRangeFormattingProvider",
			"codeActionProvider", "documentSymbolProvider", "foldingRangeProvider", "selectionRangeProvider", "semanticTokensProvider", "documentHighlightProvider"} {
			if isNullOrFalse(caps[name]) {
				t.Errorf("capability %s missing: %s", name, raw)
			}
		}
		legend := c.Legend()
		if len(legend.TokenTypes) == 0 || len(legend.TokenModifiers) != 1 {
			t.Errorf("semantic tokens legend = %+v", legend)
		}
		var st struct{ Full, Range bool }
		if err := json.Unmarshal(caps["semanticTokensProvider"], &st); err != nil || !st.Full || !st.Range {
			t.Errorf("semanticTokensProvider = %s, want full and range", caps["semanticTokensProvider"])
		}
	})
}

func isNullOrFalse(raw json.RawMessage) bool {
	s := string(raw)
	return s == "" || s == "null" || s == "false"
}

func TestParseSettings(t *testing.T) {
	for _, tc := range []struct {
		json     string
		problems int
	}{
		{`{}`, 0},
		{`null`, 0},
		{`[1]`, 1},
		{`{"lineLength": 80, "tagOrder": "strict", "ctlpgn": {"symbols": "ascii"}, "maxDiagnostics": 10, "diagnostics": {"illegal-move": "off", "catalogueURL": "x#"}}`, 0},
		{`{"lineLength": 1.5}`, 1},
		{`{"tagOrder": "sometimes"}`, 1},
		{`{"ctlpgn": {"symbols": "fancy"}}`, 1},
		{`{"ctlpgn": {"reader": "minimal"}}`, 0},
		{`{"ctlpgn": {"reader": "lenient"}}`, 1},
		{`{"readLang": "figurine"}`, 0},
		{`{"readLang": "klingon"}`, 1},
		{`{"maxDiagnostics": -1}`, 1},
		{`{"diagnostics": {"illegal-move": "loud", "no-such-code": "error", "tag-order": 3}}`, 3},
	} {
		if _, problems := lsp.ParseSettings(json.RawMessage(tc.json)); len(problems) != tc.problems {
			t.Errorf("%s: problems %q, want %d", tc.json, problems, tc.problems)
		}
	}
}

// TestGluedTokenOffByDefault: the glued-token hint ("1.e4") is off in
// editors unless pgnls.diagnostics.glued-token asks for it.
func TestGluedTokenOffByDefault(t *testing.T) {
	for _, tc := range []struct {
		init any
		want bool
	}{
		{nil, false},
		{map[string]any{"diagnostics": map[string]any{"glued-token": "hint"}}, true},
		{map[string]any{"diagnostics": map[string]any{"glued-token": "warning", "unknown-token": "off"}}, true},
	} {
		synctest.Test(t, func(t *testing.T) {
			c := start(t, lsptest.Options{Serve: lsp.ServeForTest})
			c.Initialize(tc.init)
			const uri = "file:///g.pgn"
			c.Open(uri, "[Event \"x\"]\n\n1.e4 e5 *\n")
			c.Settle()
			p, _ := c.Last(uri)
			got := strings.Contains(strings.Join(codes(p), ","), "glued-token")
			if got != tc.want {
				t.Errorf("settings %v: glued-token published %v, want %v (%v)", tc.init, got, tc.want, codes(p))
			}
		})
	}
}
