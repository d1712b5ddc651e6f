package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// A reporter writes the results of a check run in one output format
// (check --format).
type reporter interface {
	// diagnostic writes d, reported in the game g of the file name.
	diagnostic(name string, g syntax.StreamGame, d analysis.Diagnostic) error
	// located writes d, reported at r in the file name: a diagnostic
	// found without its game at hand (checks.Late), whose span is
	// ignored.
	located(name string, r textRange, d analysis.Diagnostic) error
	// failure records a path that could not be read or checked; the
	// message goes to standard error whatever the format.
	failure(err error)
	// end writes what follows the last diagnostic.
	end() error
}

// newReporter returns the reporter of the output format named format
// (text, json, sarif or github) writing to w, or false for an unknown
// name. profile is the run's severity profile, which gives the SARIF
// rules their default level.
func newReporter(format string, w io.Writer, profile analysis.Profile) (reporter, bool) {
	switch format {
	case "text":
		return textReporter{w, new([]byte)}, true
	case "json":
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return jsonReporter{enc}, true
	case "github":
		return githubReporter{w}, true
	case "sarif":
		return newSARIFReporter(w, profile), true
	}
	return nil, false
}

// textRange is where a diagnostic goes: the 1-based lines and character
// columns of the start and the (exclusive) end of its span.
type textRange struct{ line, col, endLine, endCol int }

// diagnosticRange returns where d goes in g.
func diagnosticRange(g syntax.StreamGame, d analysis.Diagnostic) textRange {
	var r textRange
	r.line, r.col = charPos(g, d.Span.Start)
	r.endLine, r.endCol = charPos(g, max(d.Span.End, d.Span.Start))
	return r
}

// lateRange returns where a diagnostic found without its game goes.
func lateRange(l checks.Late) textRange {
	return textRange{l.Line, l.Col, l.EndLine, l.EndCol}
}

// textReporter writes file:line:col: severity code: message, the first
// line of the message only.
type textReporter struct {
	w   io.Writer
	buf *[]byte // one line, reused: a line costs no allocation
}

func (r textReporter) diagnostic(name string, g syntax.StreamGame, d analysis.Diagnostic) error {
	line, col := charPos(g, d.Span.Start)
	return r.located(name, textRange{line: line, col: col}, d)
}

func (r textReporter) located(name string, at textRange, d analysis.Diagnostic) error {
	msg, _, _ := strings.Cut(d.Message, "\n")
	// name:line:col: severity code: message
	b := append((*r.buf)[:0], name...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(at.line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(at.col), 10)
	b = append(b, ": "...)
	b = append(b, d.Severity.String()...)
	b = append(b, ' ')
	b = append(b, d.Code...)
	b = append(b, ": "...)
	b = append(b, msg...)
	b = append(b, '\n')
	*r.buf = b
	_, err := r.w.Write(b)
	return err
}

func (textReporter) failure(error) {}
func (textReporter) end() error    { return nil }

// jsonReporter writes one JSON object per diagnostic per line.
type jsonReporter struct{ enc *json.Encoder }

// jsonDiagnostic is the JSON form of a diagnostic; the field order is
// the key order of the output.
type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

func (r jsonReporter) diagnostic(name string, g syntax.StreamGame, d analysis.Diagnostic) error {
	return r.located(name, diagnosticRange(g, d), d)
}

func (r jsonReporter) located(name string, at textRange, d analysis.Diagnostic) error {
	return r.enc.Encode(jsonDiagnostic{
		File: name, Line: at.line, Column: at.col, EndLine: at.endLine, EndColumn: at.endCol,
		Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message,
	})
}

func (jsonReporter) failure(error) {}
func (jsonReporter) end() error    { return nil }

// githubReporter writes GitHub Actions workflow commands, which the
// runner turns into annotations of the files:
//
//	::error file=F,line=L,col=C,endLine=L,endColumn=E,title=CODE::MESSAGE
//
// Errors are ::error, warnings ::warning, information and hints
// ::notice. GitHub takes columns only on one line, and its endColumn is
// the last column of the span (inclusive); a span over several lines
// gives its lines only.
type githubReporter struct{ w io.Writer }

func (r githubReporter) diagnostic(name string, g syntax.StreamGame, d analysis.Diagnostic) error {
	return r.located(name, diagnosticRange(g, d), d)
}

func (r githubReporter) located(name string, at textRange, d analysis.Diagnostic) error {
	cmd := "notice"
	switch d.Severity {
	case analysis.Error:
		cmd = "error"
	case analysis.Warning:
		cmd = "warning"
	}
	props := fmt.Sprintf("file=%s,line=%d,endLine=%d", githubProperty(filepath.ToSlash(name)), at.line, at.endLine)
	if at.endLine == at.line {
		props += fmt.Sprintf(",col=%d,endColumn=%d", at.col, max(at.endCol-1, at.col))
	}
	_, err := fmt.Fprintf(r.w, "::%s %s,title=%s::%s\n", cmd, props, githubProperty(string(d.Code)), githubData(d.Message))
	return err
}

func (githubReporter) failure(error) {}
func (githubReporter) end() error    { return nil }

// githubData escapes the message of a workflow command as the runner
// reads it back: %, CR and LF as %25, %0D and %0A.
var githubData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace

// githubProperty escapes a property value of a workflow command: as
// githubData, and also ':' and ',' (which end a value) as %3A and %2C.
var githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace

// sarifReporter writes a SARIF 2.1.0 log of one run. It streams: the
// results are written as they are found, and the tool, with a rule for
// each code reported (in the order of first use, as ruleIndex counts),
// after them, so that memory does not grow with the number of results.
type sarifReporter struct {
	w        io.Writer
	profile  analysis.Profile
	started  bool
	results  int
	rules    []sarifRule
	index    map[analysis.Code]int // rule index of each code used
	notes    []sarifNotification   // paths that could not be read
	rootBase *sarifArtifact        // the working directory, base of relative paths
}

// SARIF's identification of the format and of pgnls.
const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"
	pgnlsURI     = "https://github.com/pgnls/pgnls"
	// srcRoot is the uriBaseId of the files named by relative paths.
	srcRoot = "%SRCROOT%"
)

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifArtifact struct {
	URI         string        `json:"uri,omitempty"`
	URIBaseID   string        `json:"uriBaseId,omitempty"`
	Description *sarifMessage `json:"description,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	} `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifRule struct {
	ID string `json:"id"`
	// Name is the code in Pascal case ("MissingResult"): SARIF's
	// "friendly name" of a rule, which some viewers show.
	Name                 string        `json:"name"`
	ShortDescription     *sarifMessage `json:"shortDescription,omitempty"`
	FullDescription      *sarifMessage `json:"fullDescription,omitempty"`
	HelpURI              string        `json:"helpUri"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	Properties *sarifProperties `json:"properties,omitempty"`
}

// sarifProperties tags a rule with the source reporting its code.
type sarifProperties struct {
	Tags []string `json:"tags"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

// sarifTail is the part of the run written after the results.
type sarifTail struct {
	Tool struct {
		Driver struct {
			Name string `json:"name"`
			// Version and SemanticVersion are both the module
			// version without its "v" (SARIF wants a version that
			// starts with a digit, and a semantic version without
			// "v"); "0.0.0-devel" for a build outside a module
			// version.
			Version         string      `json:"version"`
			SemanticVersion string      `json:"semanticVersion"`
			InformationURI  string      `json:"informationUri"`
			Rules           []sarifRule `json:"rules"`
		} `json:"driver"`
	} `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	// Columns count characters, as in the other formats: SARIF's
	// unicodeCodePoints (a byte that is not UTF-8 is read as one
	// Windows-1252 character, one code point too). Set explicitly, as
	// readers disagree on the default.
	ColumnKind         string                   `json:"columnKind"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
}

func newSARIFReporter(w io.Writer, profile analysis.Profile) *sarifReporter {
	r := &sarifReporter{w: w, profile: profile, index: map[analysis.Code]int{}}
	if wd, err := os.Getwd(); err == nil {
		u := fileURI(wd)
		if !strings.HasSuffix(u, "/") {
			u += "/"
		}
		r.rootBase = &sarifArtifact{URI: u}
	}
	return r
}

// sarifLevel maps a severity to a SARIF level: information and hints
// are notes.
func sarifLevel(s analysis.Severity) string {
	switch s {
	case analysis.Error:
		return "error"
	case analysis.Warning:
		return "warning"
	case analysis.Info, analysis.Hint:
		return "note"
	}
	return "none" // off
}

// fileURI returns the file URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x is file:///C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// artifact returns the location of the file name: a relative URI from
// the working directory for a relative path, a file URI for an absolute
// one, a description for standard input.
func (r *sarifReporter) artifact(name string) sarifArtifact {
	switch {
	case name == "<stdin>":
		return sarifArtifact{Description: &sarifMessage{Text: "standard input"}}
	case filepath.IsAbs(name):
		return sarifArtifact{URI: fileURI(name)}
	}
	// url.URL writes a relative reference, "./" before a first segment
	// holding ':', and escapes what a URI cannot hold.
	u := (&url.URL{Path: filepath.ToSlash(name)}).String()
	a := sarifArtifact{URI: u}
	if r.rootBase != nil {
		a.URIBaseID = srcRoot
	}
	return a
}

// rule returns the index of the rule of code, adding it on first use.
func (r *sarifReporter) rule(code analysis.Code) int {
	if i, ok := r.index[code]; ok {
		return i
	}
	rule := sarifRule{ID: string(code), Name: pascalCase(string(code)), HelpURI: checks.CatalogueURL + string(code)}
	if e, ok := checks.Lookup(code); ok {
		rule.ShortDescription = &sarifMessage{Text: checks.Summary(e.Doc)}
		rule.FullDescription = &sarifMessage{Text: e.Doc}
		rule.DefaultConfiguration.Level = sarifLevel(e.In(r.profile))
		rule.Properties = &sarifProperties{Tags: []string{e.Source}}
	} else {
		rule.DefaultConfiguration.Level = "warning" // SARIF's default
	}
	r.index[code] = len(r.rules)
	r.rules = append(r.rules, rule)
	return len(r.rules) - 1
}

// start writes the log up to the first result.
func (r *sarifReporter) start() error {
	if r.started {
		return nil
	}
	r.started = true
	_, err := fmt.Fprintf(r.w, "{\"$schema\":%q,\"version\":%q,\"runs\":[{\"results\":[\n", sarifSchema, sarifVersion)
	return err
}

func (r *sarifReporter) diagnostic(name string, g syntax.StreamGame, d analysis.Diagnostic) error {
	return r.located(name, diagnosticRange(g, d), d)
}

func (r *sarifReporter) located(name string, at textRange, d analysis.Diagnostic) error {
	if err := r.start(); err != nil {
		return err
	}
	loc := sarifLocation{}
	loc.PhysicalLocation.ArtifactLocation = r.artifact(name)
	loc.PhysicalLocation.Region = sarifRegion{StartLine: at.line, StartColumn: at.col, EndLine: at.endLine, EndColumn: at.endCol}
	res := sarifResult{
		RuleID: string(d.Code), RuleIndex: r.rule(d.Code), Level: sarifLevel(d.Severity),
		Message: sarifMessage{Text: d.Message}, Locations: []sarifLocation{loc},
	}
	b, err := marshal(res)
	if err != nil {
		return err
	}
	if r.results > 0 {
		if _, err := io.WriteString(r.w, ",\n"); err != nil {
			return err
		}
	}
	r.results++
	_, err = r.w.Write(b)
	return err
}

func (r *sarifReporter) failure(err error) {
	r.notes = append(r.notes, sarifNotification{Level: "error", Message: sarifMessage{Text: err.Error()}})
}

func (r *sarifReporter) end() error {
	if err := r.start(); err != nil {
		return err
	}
	var t sarifTail
	t.Tool.Driver.Name = "pgnls"
	t.Tool.Driver.Version = sarifToolVersion(moduleVersion())
	t.Tool.Driver.SemanticVersion = t.Tool.Driver.Version
	t.Tool.Driver.InformationURI = pgnlsURI
	t.Tool.Driver.Rules = r.rules
	if t.Tool.Driver.Rules == nil {
		t.Tool.Driver.Rules = []sarifRule{}
	}
	t.Invocations = []sarifInvocation{{ExecutionSuccessful: len(r.notes) == 0, Notifications: r.notes}}
	t.ColumnKind = "unicodeCodePoints"
	if r.rootBase != nil {
		t.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: *r.rootBase}
	}
	b, err := marshal(t)
	if err != nil {
		return err
	}
	// The tail object's members follow the results in the run object.
	_, err = fmt.Fprintf(r.w, "\n],%s]}\n", b[1:])
	return err
}

// sarifToolVersion returns the module version v as SARIF's version and
// semanticVersion: without its "v", and "0.0.0-devel" for "devel".
func sarifToolVersion(v string) string {
	if v == "devel" {
		return "0.0.0-devel"
	}
	return strings.TrimPrefix(v, "v")
}

// pascalCase returns a kebab-case code in Pascal case.
func pascalCase(code string) string {
	var b strings.Builder
	for _, w := range strings.Split(code, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// marshal encodes v as JSON without escaping <, > and &, which messages
// hold ("<stdin>").
func marshal(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}
