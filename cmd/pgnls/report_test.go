package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// sarifLog is what the tests read of a SARIF log.
type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version, InformationURI string
				Rules                         []struct {
					ID               string
					ShortDescription sarifMessage
					FullDescription  sarifMessage
					HelpURI          string
				}
			}
		}
		Results []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   sarifMessage
			Locations []sarifLocation
		}
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []sarifNotification
		}
		ColumnKind         string
		OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds"`
	}
}

// sarifFiles writes, in a new working directory, files that exercise the
// SARIF output: names that a URI must escape, a character beyond UTF-16's
// first plane before a diagnostic, a Latin-1 file, and an archive that
// cannot be read. It returns their paths.
func sarifFiles(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for name, text := range map[string]string{
		"broken.pgn":                "[Event \"Broken\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 ] Nc6 *\n",
		"odd:dir, with space/é.pgn": "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 {😀 x} ] e5 *\n",
		"latin1.pgn":                "[Event \"Caf\xe9\"]\n[Result \"*\"]\n\n1. e4 \xe9 ] *\n",
		"record.ctl-pgn":            "1. H6-H12, I23-I19 1-0\n",
		"bad.pgn.gz":                "not gzip\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return []string{"broken.pgn", "odd:dir, with space/é.pgn", "latin1.pgn", "record.ctl-pgn", "bad.pgn.gz", "-", filepath.Join(dir, "broken.pgn")}
}

const sarifStdin = "[Event \"In\"]\n\n1. e4 ) *\n"

// TestSARIFSchema validates the SARIF output against the SARIF 2.1.0
// schema and checks it against the JSON output of the same run: the
// same diagnostics, at the same places, in the same order.
func TestSARIFSchema(t *testing.T) {
	schemas := compileSARIFSchemas(t)
	paths := sarifFiles(t)
	args := append([]string{"check", "--severity", "hint"}, paths...)
	var sarifOut, jsonOut, stderr bytes.Buffer
	if code := run(append(args, "--format", "sarif"), strings.NewReader(sarifStdin), &sarifOut, &stderr); code != exitUsage {
		t.Fatalf("exit code %d, want 2 (an archive cannot be read); stderr:\n%s", code, stderr.String())
	}
	if code := run(append(args, "--json"), strings.NewReader(sarifStdin), &jsonOut, &stderr); code != exitUsage {
		t.Fatalf("--json: exit code %d, want 2", code)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(sarifOut.Bytes()))
	if err != nil {
		t.Fatalf("the output is not JSON: %v\n%s", err, sarifOut.String())
	}
	for name, schema := range schemas {
		if err := schema.Validate(doc); err != nil {
			t.Fatalf("the output is not valid SARIF 2.1.0 (%s): %v", name, err)
		}
	}
	var log sarifLog
	if err := json.Unmarshal(sarifOut.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q with %d runs, want 2.1.0 with one", log.Version, len(log.Runs))
	}
	r := log.Runs[0]
	if d := r.Tool.Driver; d.Name != "pgnls" || d.Version == "" || d.InformationURI != pgnlsURI {
		t.Errorf("driver %q %q %q", d.Name, d.Version, d.InformationURI)
	}
	if r.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q, want unicodeCodePoints", r.ColumnKind)
	}
	wd, _ := os.Getwd()
	if base := r.OriginalURIBaseIDs[srcRoot].URI; base != fileURI(wd)+"/" {
		t.Errorf("%s is %q, want the working directory %q", srcRoot, base, fileURI(wd)+"/")
	}
	if inv := r.Invocations; len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
		!strings.Contains(inv[0].ToolExecutionNotifications[0].Message.Text, "bad.pgn.gz") {
		t.Errorf("invocations %+v, want one, unsuccessful, with a notification naming bad.pgn.gz", inv)
	}

	docs := map[string]checks.CatalogueEntry{}
	for _, e := range checks.Catalogue() {
		docs[string(e.Code)] = e
	}
	seen := map[string]bool{}
	for _, rule := range r.Tool.Driver.Rules {
		e, ok := docs[rule.ID]
		if !ok || seen[rule.ID] {
			t.Errorf("rule %q: not in the catalogue, or twice", rule.ID)
			continue
		}
		seen[rule.ID] = true
		if rule.HelpURI != checks.CatalogueURL+rule.ID || rule.FullDescription.Text != e.Doc || rule.ShortDescription.Text != checks.Summary(e.Doc) {
			t.Errorf("rule %q: help %q, descriptions %q, %q", rule.ID, rule.HelpURI, rule.ShortDescription.Text, rule.FullDescription.Text)
		}
	}

	var want []jsonDiagnostic
	sc := bufio.NewScanner(&jsonOut)
	for sc.Scan() {
		var d jsonDiagnostic
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		want = append(want, d)
	}
	if len(r.Results) != len(want) || len(want) < 10 {
		t.Fatalf("%d results, want the %d diagnostics of --json (at least 10)", len(r.Results), len(want))
	}
	codes := map[string]bool{}
	for i, res := range r.Results {
		w := want[i]
		codes[w.Code] = true
		if res.RuleIndex < 0 || res.RuleIndex >= len(r.Tool.Driver.Rules) || r.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID || res.RuleID != w.Code {
			t.Errorf("result %d: rule %q at index %d, want %q", i, res.RuleID, res.RuleIndex, w.Code)
		}
		if res.Level != map[string]string{"error": "error", "warning": "warning", "info": "note", "hint": "note"}[w.Severity] {
			t.Errorf("result %d: level %q for severity %s", i, res.Level, w.Severity)
		}
		if res.Message.Text != w.Message || len(res.Locations) != 1 {
			t.Errorf("result %d: message %q, %d locations", i, res.Message.Text, len(res.Locations))
			continue
		}
		loc := res.Locations[0].PhysicalLocation
		if got := (sarifRegion{w.Line, w.Column, w.EndLine, w.EndColumn}); loc.Region != got {
			t.Errorf("result %d (%s): region %+v, want %+v", i, w.File, loc.Region, got)
		}
		a := loc.ArtifactLocation
		switch {
		case w.File == "<stdin>":
			if a.URI != "" || a.Description == nil {
				t.Errorf("result %d: standard input located at %+v", i, a)
			}
		case filepath.IsAbs(w.File):
			if a.URI != fileURI(w.File) || a.URIBaseID != "" {
				t.Errorf("result %d: %s located at %+v", i, w.File, a)
			}
		default:
			u, err := url.Parse(a.URI)
			if err != nil || u.IsAbs() || strings.TrimPrefix(u.Path, "./") != w.File || a.URIBaseID != srcRoot {
				t.Errorf("result %d: %s located at %+v (%v)", i, w.File, a, err)
			}
		}
		if w.File == "odd:dir, with space/é.pgn" && w.Code == "unknown-token" && w.Column != 13 {
			// "1. e4 {😀 x} ]": the emoji is one code point (two UTF-16 units).
			t.Errorf("column %d of ']' after an emoji, want 13", w.Column)
		}
	}
	if len(codes) != len(r.Tool.Driver.Rules) {
		t.Errorf("%d rules for %d codes reported: one rule per code used", len(r.Tool.Driver.Rules), len(codes))
	}

	// A run without results is valid too.
	sarifOut.Reset()
	if code := run([]string{"check", "--format", "sarif", "-"}, strings.NewReader("[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n"), &sarifOut, &stderr); code != exitOK {
		t.Fatalf("clean input: exit code %d\n%s", code, sarifOut.String())
	}
	doc, err = jsonschema.UnmarshalJSON(bytes.NewReader(sarifOut.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for name, schema := range schemas {
		if err := schema.Validate(doc); err != nil {
			t.Fatalf("the output without results is not valid SARIF 2.1.0 (%s): %v\n%s", name, err, sarifOut.String())
		}
	}
}

// compileSARIFSchemas compiles the SARIF 2.1.0 schemas of testdata/sarif
// (see its README), by file name.
func compileSARIFSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	schemas := map[string]*jsonschema.Schema{}
	for _, name := range []string{"sarif-schema-2.1.0.json", "sarif-schema-2.1.0-rtm.5.json"} {
		f, err := os.Open(filepath.Join("../../testdata/sarif", name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat() // artifactLocation.uri must be a URI reference
		if err := c.AddResource(name, doc); err != nil {
			t.Fatal(err)
		}
		if schemas[name], err = c.Compile(name); err != nil {
			t.Fatal(err)
		}
	}
	return schemas
}

// TestSARIFMultitool validates the SARIF output with the SARIF SDK's own
// validator, `Sarif.Multitool validate` (npm @microsoft/sarif-multitool-linux,
// installed by .ci/sarif-multitool; $PGNLS_SARIF_MULTITOOL names it): the
// schema and the specification's rules (SARIF1xxx: must, SARIF2xxx:
// should). No result may be an error or a warning; its notes are
// suggestions (message ids instead of texts, snippets, numbered rule
// ids) that pgnls does not follow. Skipped without the validator, except
// in CI, where it fails.
func TestSARIFMultitool(t *testing.T) {
	tool := os.Getenv("PGNLS_SARIF_MULTITOOL")
	if tool == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("$PGNLS_SARIF_MULTITOOL is not set: .ci/run installs the validator with .ci/sarif-multitool")
		}
		t.Skip("$PGNLS_SARIF_MULTITOOL is not set (bash .ci/sarif-multitool installs the validator and prints its path)")
	}
	paths := sarifFiles(t)
	dir := t.TempDir()
	for i, c := range []struct {
		args  []string
		stdin string
		want  int
	}{
		{append([]string{"check", "--severity", "hint", "--format", "sarif"}, paths...), sarifStdin, exitUsage},
		{[]string{"check", "--format", "sarif", "-"}, "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n", exitOK},
	} {
		var out, stderr bytes.Buffer
		if code := run(c.args, strings.NewReader(c.stdin), &out, &stderr); code != c.want {
			t.Fatalf("%v: exit code %d, want %d\n%s", c.args, code, c.want, stderr.String())
		}
		in := filepath.Join(dir, fmt.Sprintf("run%d.sarif", i))
		report := filepath.Join(dir, fmt.Sprintf("run%d.validation.sarif", i))
		if err := os.WriteFile(in, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(tool, "validate", in, "--output", report, "--log", "ForceOverwrite", "--level", "Error;Warning;Note")
		msgs, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, msgs)
		}
		var log struct {
			Runs []struct {
				Results []struct {
					RuleID  string
					Level   string
					Message struct{ Text, ID string }
				}
			}
		}
		b, err := os.ReadFile(report)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("the validator's report: %v, %d runs\n%s", err, len(log.Runs), b)
		}
		// The validator says nothing at all of a log it cannot
		// deserialize (a level it does not know, say): a run of
		// pgnls's always draws notes, so none means it was not read.
		if len(log.Runs[0].Results) == 0 {
			t.Fatalf("the validator reported nothing on %s: it did not read it\n%s", in, msgs)
		}
		for _, r := range log.Runs[0].Results {
			level := r.Level
			if level == "" {
				level = "warning" // SARIF's default
			}
			if level != "note" && level != "none" {
				t.Errorf("%s (%v): %s %s", in, c.args, level, r.RuleID)
			}
		}
		if t.Failed() {
			t.Logf("the validator's messages:\n%s", msgs)
		}
	}
}

// TestGitHubFormat checks the workflow commands: the command of each
// severity, the columns (GitHub's end column is inclusive, and it takes
// columns only on one line) and the escaping of messages and properties.
func TestGitHubFormat(t *testing.T) {
	gr := syntax.NewGameReader(strings.NewReader("[Event \"E\"]\n\n1. e4 {😀} e5\n*\n"), "g.pgn", syntax.PGN, false)
	g, ok := gr.Next()
	if !ok {
		t.Fatal("no game")
	}
	at := func(text string) syntax.Pos { return syntax.Pos(strings.Index(g.Game.Text, text)) }
	for _, c := range []struct {
		name string
		d    analysis.Diagnostic
		want string
	}{
		{"g.pgn", analysis.Diagnostic{Span: syntax.Span{Start: at("e5"), End: at("e5") + 2}, Severity: analysis.Error, Code: "bad-san", Message: "50% done\r\nnext: a,b::c"},
			"::error file=g.pgn,line=3,endLine=3,col=11,endColumn=12,title=bad-san::50%25 done%0D%0Anext: a,b::c\n"},
		{"dir:a,b/%x.pgn", analysis.Diagnostic{Span: syntax.Span{Start: at("e4"), End: at("e4")}, Severity: analysis.Warning, Code: "check-mark", Message: "m"},
			"::warning file=dir%3Aa%2Cb/%25x.pgn,line=3,endLine=3,col=4,endColumn=4,title=check-mark::m\n"},
		{"g.pgn", analysis.Diagnostic{Span: syntax.Span{Start: at("e5"), End: at("*") + 1}, Severity: analysis.Info, Code: "x", Message: "over two lines"},
			"::notice file=g.pgn,line=3,endLine=4,title=x::over two lines\n"},
		{"g.pgn", analysis.Diagnostic{Span: syntax.Span{Start: 0, End: 1}, Severity: analysis.Hint, Code: "y", Message: "h"},
			"::notice file=g.pgn,line=1,endLine=1,col=1,endColumn=1,title=y::h\n"},
	} {
		var b strings.Builder
		if err := (githubReporter{&b}).diagnostic(c.name, g, c.d); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.name, c.d.Code, b.String(), c.want)
		}
	}
}
