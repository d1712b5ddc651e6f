// Package analysis runs semantic checks over syntax trees and turns every
// finding, syntax errors included, into a Diagnostic.
//
// Architecture invariants: analysis never imports go.lsp.dev or zap; it
// speaks in byte offsets (syntax.Span) and plain data. Analyzers run per
// game, see only that game and the configuration, and must not panic on
// any input; results for a game depend only on (game text, dialect,
// config), so callers may cache them by *syntax.Game.
package analysis

import (
	"slices"
	"sort"

	"github.com/pgnls/pgnls/syntax"
)

// Severity ranks a diagnostic; it is the syntax package's type.
type Severity = syntax.Severity

// The severities.
const (
	Error   = syntax.SevError
	Warning = syntax.SevWarning
	Info    = syntax.SevInfo
	Hint    = syntax.SevHint
)

// Code is a stable, lower-case, dash-separated diagnostic identifier.
type Code string

// Edit is the syntax package's edit; a fix's edits are a batch (see
// syntax.Edit) of game-relative spans.
type Edit = syntax.Edit

// Fix is one suggested repair; the alternatives of a diagnostic apply
// independently of each other.
//
// Bulk fixing (package fix: `pgnls fix`, the fix-all source actions)
// applies, of each diagnostic, the one fix not marked Manual, and
// nothing when there are several. An analyzer marks Manual the fixes
// that need a person's judgement: one that picks a reading among others
// (a piece of an ambiguous move, one of two disagreeing results), or
// one that drops what fixing must keep (an unknown token, a NAG).
type Fix struct {
	Title string
	Edits []Edit
	// Manual, when set, says why bulk fixing must not apply the fix,
	// as in "it deletes the unknown token ','".
	Manual string
}

// Related points at a second place that matters for a diagnostic.
type Related struct {
	Span syntax.Span
	Msg  string
}

// Diagnostic is one finding. Spans are game-relative inside a game's
// results (Game, Pass.Report) and file-absolute once shifted by the
// game's start (Diagnostic.Shift), as the drivers return them: the
// streaming check (checks.CheckStreamRepeats) and the language server's engine
// (package session).
type Diagnostic struct {
	Span     syntax.Span
	Severity Severity
	Code     Code
	Source   string // "syntax", "legality", "tags", ...
	Message  string
	Related  []Related
	Fixes    []Fix
}

// CodeInfo documents a code for the generated catalogue.
type CodeInfo struct {
	Code     Code
	Severity Severity // default severity
	// Layout marks export-format layout that pgnls fmt fixes (the width
	// of 79, the order of tags past the roster, glyphs for NAGs, ...):
	// it is off under the default profile and a warning under the export
	// profile.
	Layout bool
	// Minimal marks a code that the minimal CTL-PGN reader reports too
	// (Config.CTLReader): what makes a record unreadable or its moves
	// incoherent. Under that reader the other codes of CTL-PGN records
	// are off.
	Minimal bool
	Doc     string
}

// In returns the severity of the code under profile p; 0 means off.
func (c CodeInfo) In(p Profile) Severity {
	switch {
	case !c.Layout:
		return c.Severity
	case p == ExportProfile:
		return Warning
	}
	return 0
}

// Profile decides the default severities of the codes.
type Profile uint8

// The profiles.
const (
	// DefaultProfile is for editing and CI: errors are what breaks
	// readers or the rules, warnings what the standard asks and readers
	// survive; the export-format layout that pgnls fmt fixes is off.
	DefaultProfile Profile = iota
	// ExportProfile is for those who want the export format: the layout
	// codes are warnings too.
	ExportProfile
)

// String returns "default" or "export".
func (p Profile) String() string {
	if p == ExportProfile {
		return "export"
	}
	return "default"
}

// ParseProfile is the inverse of Profile.String.
func ParseProfile(s string) (Profile, bool) {
	switch s {
	case "default":
		return DefaultProfile, true
	case "export":
		return ExportProfile, true
	}
	return 0, false
}

// CTLReader selects how CTL-PGN records are read: as the full reader
// of the specification (§8.9: the rules of the game, check marks and the
// exchange format) or as its minimal reader, which checks only what it
// needs to read the moves.
type CTLReader uint8

// The readers.
const (
	// FullReader checks everything: the default.
	FullReader CTLReader = iota
	// MinimalReader checks only the algebraic coherence of the moves of
	// the main line (§8.9), the Variant tag and that PDTL and Redefine
	// can be read; variations, comments and the rest of the layout are
	// ignored, and the other rules pass. Only the codes marked Minimal
	// are reported for CTL-PGN records (the parser's when they are
	// errors); PGN games are not concerned.
	MinimalReader
)

// String returns "full" or "minimal".
func (r CTLReader) String() string {
	if r == MinimalReader {
		return "minimal"
	}
	return "full"
}

// ParseCTLReader is the inverse of CTLReader.String.
func ParseCTLReader(s string) (CTLReader, bool) {
	switch s {
	case "full":
		return FullReader, true
	case "minimal":
		return MinimalReader, true
	}
	return 0, false
}

// Analyzer is one family of checks. Besides its codes, it declares what
// it needs, as go/analysis's Requires does, so that callers decide from
// the registry what to compute instead of knowing each analyzer.
type Analyzer struct {
	Name  string     // also the Diagnostic.Source of what it reports
	Doc   string     // first sentence is the title in the catalogue
	Codes []CodeInfo // every code it may report
	// Dialects lists the dialects of the games it checks; nil means
	// every dialect. Game runs it on those games only.
	Dialects []syntax.Dialect
	// NeedsTokens declares that Run reads the game's tokens
	// (syntax.Game.Tokens, TokenAt), not only its typed tree and text.
	// A caller that parses only for the analyzers drops the tokens when
	// no analyzer that would run needs them (see NeedsTokens);
	// TestNeedsTokens in package checks holds every analyzer that does
	// not declare it to the same results without tokens.
	NeedsTokens bool
	Run         func(*Pass)
}

// runsOn reports whether a checks games of dialect d.
func (a *Analyzer) runsOn(d syntax.Dialect) bool {
	return a.Dialects == nil || slices.Contains(a.Dialects, d)
}

// NeedsTokens reports whether one of analyzers that may report something
// in a game of dialect d under cfg declares that it reads the game's
// tokens (Analyzer.NeedsTokens). When it does not, the games can be
// parsed without them (syntax.GameReader.DropTokens), which saves about a
// third of the parse.
func NeedsTokens(analyzers []*Analyzer, d syntax.Dialect, cfg *Config) bool {
	for _, a := range analyzers {
		if a.NeedsTokens && a.reports(d, cfg) {
			return true
		}
	}
	return false
}

// reports reports whether a may report something in a game of dialect d
// under cfg: it checks d, and one of its codes is neither switched off
// (by an override, the profile or the minimum severity, at the most
// severe level it could be reported at) nor, under the minimal CTL-PGN
// reader, left out by it.
func (a *Analyzer) reports(d syntax.Dialect, cfg *Config) bool {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	if !a.runsOn(d) {
		return false
	}
	for _, ci := range a.Codes {
		if cfg.minimal(d) && !ci.Minimal {
			continue
		}
		if cfg.Enabled(a, ci.Code, Error) {
			return true
		}
	}
	return false
}

// Pass is the state of one analyzer run over one game.
type Pass struct {
	Game     *syntax.Game
	Dialect  syntax.Dialect
	Config   *Config
	source   string
	analyzer *Analyzer // the one running; nil for the parser's diagnostics
	diags    []Diagnostic
	shared   []sharedValue // see Share; a few per pass, so a slice beats a map
}

// sharedValue is one value shared by an analyzer (see Pass.Share).
type sharedValue struct{ key, v any }

// Share publishes v under key for the analyzers that run after this one
// on the same game, so that what one analyzer learnt (which moves the
// replay could check, say) need not be worked out again. The owner of
// the key exports a function that reads it with Shared and computes it
// when its analyzer has not run; key is a value of an unexported type of
// that package, as for context.Context values.
func (p *Pass) Share(key, v any) {
	for i := range p.shared {
		if p.shared[i].key == key {
			p.shared[i].v = v
			return
		}
	}
	p.shared = append(p.shared, sharedValue{key, v})
}

// Shared returns what an analyzer that ran earlier on this game shared
// under key.
func (p *Pass) Shared(key any) (any, bool) {
	for _, s := range p.shared {
		if s.key == key {
			return s.v, true
		}
	}
	return nil, false
}

// Report records a diagnostic. Its severity is the configured override
// of its code, if any; else, for a layout code (CodeInfo.Layout), the
// profile's; else the one reported. A code switched off, or less severe
// than Config.MinSeverity, is dropped, and so is, in a CTL-PGN record
// read by the minimal reader, a code the reader does not report
// (CodeInfo.Minimal; of the parser's, those reported below error).
func (p *Pass) Report(d Diagnostic) {
	if d.Source == "" {
		d.Source = p.source
	}
	sev, ok := p.severity(d.Code, d.Severity)
	if !ok {
		return
	}
	d.Severity = sev
	p.diags = append(p.diags, d)
}

// ReportInstead reports d in place of the parser's diagnostics of code
// parser whose spans lie inside d's, for an analyzer that reads the text
// better (what it means, how to repair it), so that the problem is told
// once. When d is dropped (its code switched off), the parser's stay.
func (p *Pass) ReportInstead(d Diagnostic, parser Code) {
	n := len(p.diags)
	p.Report(d)
	if len(p.diags) == n {
		return
	}
	kept := p.diags[:0]
	for _, x := range p.diags {
		if x.Source == "syntax" && x.Code == parser && d.Span.Start <= x.Span.Start && x.Span.End <= d.Span.End {
			continue
		}
		kept = append(kept, x)
	}
	p.diags = kept
}

// severity returns the severity a diagnostic of code c reported at sev
// gets, and whether it is kept.
func (p *Pass) severity(c Code, sev Severity) (Severity, bool) {
	if p.Config.minimal(p.Dialect) && !minimal(p.analyzer, c, sev) {
		return 0, false
	}
	return p.Config.Resolve(p.analyzer, c, sev)
}

// minimal reports whether games of dialect d are read by the minimal
// reader under c.
func (c *Config) minimal(d syntax.Dialect) bool {
	return c != nil && c.CTLReader == MinimalReader && d == syntax.CTLPGN
}

// minimal reports whether the minimal reader reports code c of analyzer
// a (nil: the parser, whose diagnostics it keeps when they are errors)
// reported at sev.
func minimal(a *Analyzer, c Code, sev Severity) bool {
	if a == nil {
		return sev == Error
	}
	for _, ci := range a.Codes {
		if ci.Code == c {
			return ci.Minimal
		}
	}
	return false
}

// hasMinimal reports whether a reports any code under the minimal
// reader.
func (a *Analyzer) hasMinimal() bool {
	for _, ci := range a.Codes {
		if ci.Minimal {
			return true
		}
	}
	return false
}

// Resolve returns the severity a diagnostic of analyzer a (nil: the
// parser, or a reporter outside the analyzers) with code code, reported
// at sev, gets under c, and whether it is kept.
func (c *Config) Resolve(a *Analyzer, code Code, sev Severity) (Severity, bool) {
	if c == nil {
		c = DefaultConfig()
	}
	if s, ok := c.Severity[code]; ok {
		sev = s
	} else if layout(a, code) {
		sev = 0
		if c.Profile == ExportProfile {
			sev = Warning
		}
	}
	if sev == 0 || c.MinSeverity != 0 && sev > c.MinSeverity {
		return sev, false
	}
	return sev, true
}

// MinimalReader reports whether the game is a CTL-PGN record read by
// the minimal reader (Config.CTLReader), which reports only the codes
// marked Minimal.
func (p *Pass) MinimalReader() bool { return p.Config.minimal(p.Dialect) }

// Enabled reports whether a diagnostic of code c reported at severity
// sev would be kept, so that an analyzer can skip the work of one that
// would be dropped.
func (p *Pass) Enabled(c Code, sev Severity) bool {
	_, ok := p.severity(c, sev)
	return ok
}

// Enabled reports whether a diagnostic of analyzer a (nil: the parser)
// with code c, reported at severity sev, would be kept under c.
func (c *Config) Enabled(a *Analyzer, code Code, sev Severity) bool {
	_, ok := c.Resolve(a, code, sev)
	return ok
}

// layout reports whether analyzer a (nil: the parser) documents c as a
// layout code.
func layout(a *Analyzer, c Code) bool {
	if a == nil {
		for _, ci := range syntax.Codes {
			if Code(ci.Code) == c {
				return ci.Layout
			}
		}
		return false
	}
	for _, ci := range a.Codes {
		if ci.Code == c {
			return ci.Layout
		}
	}
	return false
}

// Wants reports whether diagnostics of severity sev are kept, so that an
// analyzer can skip work whose results would be dropped. Codes with a
// severity override may still be reported at any severity.
func (p *Pass) Wants(sev Severity) bool { return p.Config.Wants(sev) }

// Wants reports whether diagnostics of severity sev are kept under c (see
// Pass.Wants); a nil Config keeps everything.
func (c *Config) Wants(sev Severity) bool {
	return c == nil || c.MinSeverity == 0 || sev <= c.MinSeverity || len(c.Severity) > 0
}

// Config holds the user settings that change analysis results.
type Config struct {
	// Severity overrides the default severity of a code; 0 switches it off.
	Severity map[Code]Severity
	// MinSeverity drops less severe diagnostics; 0 keeps all.
	MinSeverity Severity
	// LineLength is the export-format line limit in characters ("pgnls.lineLength",
	// default 79); longer lines are warnings. 0 means the default, -1 off.
	LineLength int
	// MaxLineLength is the import-format limit in characters, a line's
	// newline included (default 255); longer lines are warnings. 0 means
	// the default, -1 off.
	MaxLineLength int
	// Profile decides the severity of the layout codes (see CodeInfo).
	Profile Profile
	// CTLReader selects the reader of CTL-PGN records: the full one
	// (default) or the minimal one of the specification.
	CTLReader CTLReader
}

// DefaultConfig returns the settings used when the user sets nothing.
func DefaultConfig() *Config { return &Config{} }

// Game runs the syntax check and every analyzer over one game and returns
// the diagnostics with game-relative spans, sorted.
func Game(g *syntax.Game, d syntax.Dialect, cfg *Config, analyzers []*Analyzer) []Diagnostic {
	return GameThen(g, d, cfg, analyzers, nil)
}

// GameThen is Game, and calls then (if not nil) with the pass once the
// analyzers have run, so that a caller can work out more of the game from
// what they shared (Pass.Shared; package duplicates reads the main line
// the legality analyzer replayed) without doing their work again.
func GameThen(g *syntax.Game, d syntax.Dialect, cfg *Config, analyzers []*Analyzer, then func(*Pass)) []Diagnostic {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	pass := &Pass{Game: g, Dialect: d, Config: cfg, source: "syntax"}
	for _, e := range g.Errs {
		x := fromSyntax(e)
		x.Fixes = SyntaxFixes(g, d, e)
		pass.Report(x)
	}
	skip := cfg.minimal(d)
	for _, a := range analyzers {
		if !a.runsOn(d) || skip && !a.hasMinimal() {
			continue // it would report nothing
		}
		pass.source, pass.analyzer = a.Name, a
		a.Run(pass)
	}
	if then != nil {
		pass.source, pass.analyzer = "", nil
		then(pass)
	}
	Sort(pass.diags)
	return pass.diags
}

func fromSyntax(e syntax.Error) Diagnostic {
	return Diagnostic{Span: e.Span, Severity: e.Severity, Code: Code(e.Code), Source: "syntax", Message: e.Msg}
}

// FileDiagnostics returns the file-level syntax diagnostics of f
// (encoding, line endings), file-absolute, after the config is applied.
func FileDiagnostics(f *syntax.File, cfg *Config) []Diagnostic {
	return SyntaxDiagnostics(f.FileErrors(), f.Dialect, cfg)
}

// SyntaxDiagnostics converts syntax diagnostics of a text of dialect d,
// keeping their spans, after the config (severity overrides, minimum
// severity, the CTL-PGN reader) is applied.
func SyntaxDiagnostics(errs []syntax.Error, d syntax.Dialect, cfg *Config) []Diagnostic {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	pass := &Pass{Config: cfg, Dialect: d, source: "syntax"}
	for _, e := range errs {
		pass.Report(fromSyntax(e))
	}
	return pass.diags
}

// Shift moves the spans of a diagnostic (and of its related places and
// fixes) by d bytes, e.g. from game-relative to file-absolute.
func (d Diagnostic) Shift(by syntax.Pos) Diagnostic {
	d.Span = d.Span.Shift(by)
	if len(d.Related) > 0 {
		rel := make([]Related, len(d.Related))
		for i, r := range d.Related {
			rel[i] = Related{r.Span.Shift(by), r.Msg}
		}
		d.Related = rel
	}
	if len(d.Fixes) > 0 {
		fixes := make([]Fix, len(d.Fixes))
		for i, f := range d.Fixes {
			edits := syntax.ShiftEdits(slices.Clone(f.Edits), by)
			fixes[i] = Fix{Title: f.Title, Edits: edits, Manual: f.Manual}
		}
		d.Fixes = fixes
	}
	return d
}

// Sort orders diagnostics by position, then code and message, so output
// is deterministic.
func Sort(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Span.Start != b.Span.Start {
			return a.Span.Start < b.Span.Start
		}
		if a.Span.End != b.Span.End {
			return a.Span.End < b.Span.End
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
}
