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
	"cmp"
	"slices"

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
	// Requires lists the analyzers whose results (see Result) Run reads,
	// as go/analysis's Requires does. The driver (Run) runs them before it
	// on the same game, each once whatever the order and the number of
	// the analyzers that require it, and drops the diagnostics of those
	// the caller did not ask for.
	Requires []*Analyzer
	Run      func(*Pass)
}

// runsOn reports whether a checks games of dialect d.
func (a *Analyzer) runsOn(d syntax.Dialect) bool {
	return a.Dialects == nil || slices.Contains(a.Dialects, d)
}

// NeedsTokens reports whether one of the analyzers that Run runs on a
// game of dialect d under cfg for analyzers, of those that may report
// something (or that report nothing and run for their result) and of
// what they require, declares that it reads the game's tokens
// (Analyzer.NeedsTokens). When none does, the games can be parsed without
// them (syntax.GameReader.DropTokens), which saves about a third of the
// parse.
func NeedsTokens(analyzers []*Analyzer, d syntax.Dialect, cfg *Config) bool {
	var wanted []*Analyzer
	for _, a := range analyzers {
		if len(a.Codes) == 0 || a.reports(d, cfg) {
			wanted = append(wanted, a)
		}
	}
	var buf [32]step
	for _, s := range plan(wanted, d, cfg, buf[:0]) {
		if s.a.NeedsTokens {
			return true
		}
	}
	return false
}

// step is an analyzer to run on a game; quiet: only for what an
// analyzer that requires it reads, its diagnostics dropped.
type step struct {
	a     *Analyzer
	quiet bool
}

// plan appends to steps what Run runs for analyzers on a game of
// dialect d under cfg, in order: each analyzer that checks d (and, under
// the minimal CTL-PGN reader, reports some code), in the caller's order,
// each after what it requires, each once. It allocates nothing for up to
// 32 analyzers when steps has room: it runs for every game.
func plan(analyzers []*Analyzer, d syntax.Dialect, cfg *Config, steps []step) []step {
	var buf [32]*Analyzer
	asked := buf[:0]
	skip := cfg.minimal(d)
	for _, a := range analyzers {
		if a.runsOn(d) && !(skip && !a.hasMinimal()) && !slices.Contains(asked, a) { // else it would report nothing
			asked = append(asked, a)
		}
	}
	// A depth-first walk from each analyzer asked for, in order, with a
	// stack of its own: a recursive one would put the buffers on the heap.
	start := len(steps)
	ran := func(a *Analyzer) bool {
		for _, s := range steps[start:] {
			if s.a == a {
				return true
			}
		}
		return false
	}
	var stackBuf [8]*Analyzer
	for _, a := range asked {
		stack := append(stackBuf[:0], a)
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			var next *Analyzer
			for _, r := range top.Requires {
				if r.runsOn(d) && !ran(r) {
					next = r
					break
				}
			}
			if next == nil {
				stack = stack[:len(stack)-1]
				if !ran(top) {
					steps = append(steps, step{top, !slices.Contains(asked, top)})
				}
				continue
			}
			if slices.Contains(stack, next) {
				panic("analysis: the analyzers require each other in a cycle")
			}
			stack = append(stack, next)
		}
	}
	return steps
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
	quiet    bool      // it runs for its result only: its diagnostics are dropped
	diags    []Diagnostic
	results  []resultValue // see Result; a few per pass, so a slice beats a map
}

// resultValue is one result of an analyzer (see Result.Set).
type resultValue struct {
	key any
	v   any
}

// Result names the typed result of type T that an analyzer produces for
// each game, for the analyzers that require it (Analyzer.Requires) and
// for the caller of Run: what one analyzer learnt (the main line the
// legality analyzer replayed, say) need not be worked out again. The
// package of the analyzer declares it as a variable (NewResult); its Run
// sets it on every game it runs on.
type Result[T any] struct{ name string }

// NewResult returns a result named name (as "legality.MainLine") in
// messages.
func NewResult[T any](name string) *Result[T] { return &Result[T]{name} }

// Set records v as the result of the game of p.
func (r *Result[T]) Set(p *Pass, v T) {
	for i := range p.results {
		if p.results[i].key == r {
			p.results[i].v = v
			return
		}
	}
	p.results = append(p.results, resultValue{r, v})
}

// Of returns the result of the game of p. It panics when the analyzer
// that sets it has not run on the game: the analyzer reading it must
// require that one, and a driver must ask for it, so that no result is
// ever worked out twice (or silently not at all).
func (r *Result[T]) Of(p *Pass) T {
	if v, ok := r.Lookup(p); ok {
		return v
	}
	reader := "the caller"
	if p.analyzer != nil {
		reader = p.analyzer.Name
	}
	panic("analysis: " + reader + " reads the result " + r.name + " of an analyzer that did not run on the game (see Analyzer.Requires)")
}

// Lookup returns the result of the game of p, and whether the analyzer
// that sets it has run on the game (it does not run on games of other
// dialects).
func (r *Result[T]) Lookup(p *Pass) (T, bool) {
	for _, x := range p.results {
		if x.key == r {
			return x.v.(T), true
		}
	}
	var zero T
	return zero, false
}

// Report records a diagnostic. Its severity is the configured override
// of its code, if any; else, for a layout code (CodeInfo.Layout), the
// profile's; else the one reported. A code switched off, or less severe
// than Config.MinSeverity, is dropped, and so is, in a CTL-PGN record
// read by the minimal reader, a code the reader does not report
// (CodeInfo.Minimal; of the parser's, those reported below error).
func (p *Pass) Report(d Diagnostic) {
	if p.quiet {
		return
	}
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
	// ReadLang is the language in which moves that are not SAN are
	// read (localized-san): a code of chess.Languages ("de", "fr", ...)
	// or "figurine" reads that one only, "en" none (SAN only); "" infers
	// it per game.
	ReadLang string
}

// DefaultConfig returns the settings used when the user sets nothing.
func DefaultConfig() *Config { return &Config{} }

// Game runs the syntax check and every analyzer over one game and returns
// the diagnostics with game-relative spans, sorted (see Run).
func Game(g *syntax.Game, d syntax.Dialect, cfg *Config, analyzers []*Analyzer) []Diagnostic {
	ds, _ := Run(g, d, cfg, analyzers)
	return ds
}

// Run runs the syntax check and the analyzers over one game, with what
// they require (Analyzer.Requires) first, each once, and returns the
// diagnostics of the syntax check and of the analyzers asked for, with
// game-relative spans, sorted, and the pass, from which the caller reads
// the results of the analyzers (Result.Of): an analyzer that reports
// nothing, such as the fingerprints of package duplicates, runs for its
// result. A driver that runs the same analyzers over many games makes
// their Plan once instead.
func Run(g *syntax.Game, d syntax.Dialect, cfg *Config, analyzers []*Analyzer) ([]Diagnostic, *Pass) {
	var buf [32]step
	return run(g, d, cfg, plan(analyzers, d, cfg, buf[:0]))
}

// A Plan is what Run runs for some analyzers on the games of one dialect
// under one configuration, worked out once for all of them.
type Plan struct {
	d     syntax.Dialect
	cfg   *Config
	steps []step
}

// NewPlan returns the plan of analyzers for games of dialect d under cfg.
func NewPlan(analyzers []*Analyzer, d syntax.Dialect, cfg *Config) *Plan {
	return &Plan{d, cfg, plan(analyzers, d, cfg, nil)}
}

// Run is Run of the plan's analyzers over g, a game of its dialect.
func (pl *Plan) Run(g *syntax.Game) ([]Diagnostic, *Pass) { return run(g, pl.d, pl.cfg, pl.steps) }

func run(g *syntax.Game, d syntax.Dialect, cfg *Config, steps []step) ([]Diagnostic, *Pass) {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	pass := &Pass{Game: g, Dialect: d, Config: cfg, source: "syntax"}
	for _, e := range g.Errs {
		x := fromSyntax(e)
		x.Fixes = SyntaxFixes(g, d, e)
		pass.Report(x)
	}
	for _, s := range steps {
		pass.source, pass.analyzer, pass.quiet = s.a.Name, s.a, s.quiet
		s.a.Run(pass)
	}
	pass.source, pass.analyzer, pass.quiet = "", nil, false
	Sort(pass.diags)
	return pass.diags, pass
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
// is deterministic. Diagnostics already in order (as most publications
// are) cost one comparison each.
func Sort(ds []Diagnostic) {
	if !slices.IsSortedFunc(ds, compareDiagnostics) {
		slices.SortStableFunc(ds, compareDiagnostics)
	}
}

// compareDiagnostics orders diagnostics for Sort.
func compareDiagnostics(a, b Diagnostic) int {
	if c := cmp.Compare(a.Span.Start, b.Span.Start); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Span.End, b.Span.End); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}
