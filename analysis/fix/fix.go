// Package fix applies in bulk the fixes the analyzers offer: the engine
// of `pgnls fix` and of the language server's fix-all source actions.
// It fixes the diagnostics its configuration reports (Options.Config):
// pgnls fix passes the one of pgnls check's flags, so that it fixes what
// check shows, and the language server the client's settings. Codes
// lists the codes it may fix, and Fixed those a configuration lets it.
//
// Of each diagnostic it applies the chosen fix (Chosen: the one fix not
// marked analysis.Fix.Manual), game by game, in rounds: the diagnostics
// of a game are computed, a maximal set of their chosen fixes whose
// edits do not overlap applied together, and the game analysed again,
// until no chosen fix is left to apply. A later round repairs what an
// earlier one revealed (a game ended with "*" where the final position
// is a checkmate then gets "1-0") and applies, computed afresh from the
// new text, a fix that overlapped one applied before it (a C'escacs
// move lacking both its check indicator and its end mark gets the
// indicator, then the mark); most games take one.
//
// Invariants. Fixing never changes what a game means:
//   - fixes whose edits overlap (the same edits excepted) are never
//     applied together: of those, the set of a round takes them in a
//     fixed order, by their first edit, then code, each one that
//     overlaps none taken before it, so the outcome does not depend on
//     the order of the analyzers;
//   - the fixes of a round are applied only when the fixed game still
//     reads as one game, plays every move of every line as the same
//     move as before (a move that did not resolve keeps its text), keeps
//     its comments and variations, and has no more errors of any code
//     than the input game; else they are tried one at a time, and the
//     ones that break this are left and reported;
//   - a game with a syntax error that has no chosen fix, whose meaning is
//     uncertain, is left byte for byte and reported, as the formatter
//     leaves it;
//   - Game(Game(x).Text) changes nothing: fixing is idempotent;
//   - a game whose fixes do not settle (fixes that undo each other,
//     which no analyzer is known to offer) is left as it was, and
//     reported.
//
// The package speaks in game-relative byte offsets and plain data; it
// knows nothing of files, streams or the protocol.
package fix

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// maxRounds bounds the rounds of fixing of one game; a game whose fixes
// have not settled by then (which no analyzer is known to cause) is left
// as it was. Overlapping fixes take a round each: the shared corpora,
// with their games mutated to need every fix, take at most three.
const maxRounds = 8

// Options control what is fixed.
type Options struct {
	// Config is the analysis configuration, which decides what is
	// fixed: the diagnostics it reports, and only those, are fixed and
	// reported. A code it switches off, a layout code its profile leaves
	// off, a diagnostic less severe than its MinSeverity (a hint under
	// pgnls fix's default, as under pgnls check's) is neither. nil means
	// the defaults: every code the default profile reports, hints
	// included.
	Config *analysis.Config
	// Only restricts fixing to the diagnostics of these codes; empty
	// means every code Config reports. A code named here is fixed
	// whatever Config's MinSeverity, and a layout code even when the
	// profile leaves it off, as the export profile reports it; a code
	// Config's Severity switches off stays off.
	Only []analysis.Code
	// Analyzers run on each game; nil means checks.All.
	Analyzers []*analysis.Analyzer
	// Add names tags of Addable to add to the games that lack them,
	// before the fixes (pgnls fix --add).
	Add []string
	// Names, when set, holds the variant spellings of the players'
	// names of the collection: the White and Black tags that are
	// variants in it get their canonical spellings
	// (player-name-variant), before the fixes (pgnls fix --names).
	Names *players.Spellings
}

// Applied is a diagnostic whose fix was applied.
type Applied struct {
	Code  analysis.Code
	Title string // the fix's title
}

// Left is a diagnostic with a fix that was not applied.
type Left struct {
	// Diagnostic is the diagnostic of the fixed game, its span moved to
	// the input game (a span inside fixed text goes to the start of the
	// edit that wrote it).
	Diagnostic analysis.Diagnostic
	Reason     string // why, as in "a choice between 2 fixes"
}

// Result is the outcome of fixing one game.
type Result struct {
	// Text is the fixed game: the input text when nothing was fixed.
	Text string
	// Game is Text parsed: the input game when nothing was fixed.
	Game *syntax.Game
	// Fixed lists the diagnostics fixed, round by round, in the order of
	// their spans.
	Fixed []Applied
	// Added lists the tags added (Options.Add), in order.
	Added []string
	// Left lists the diagnostics of the fixed game (of the codes asked
	// for) that offer a fix not applied (a Manual one, a choice, or one
	// that would change the game's meaning), in the order of their spans.
	Left []Left
	// Skipped says why the game was left as it was without trying; "" when
	// it was tried. Broken tells that it was for a problem of the game,
	// and At where that problem is, as an offset into the game's text
	// (format.Result.At).
	Skipped string
	Broken  bool
	At      syntax.Pos
	// rounds are the edits of each round of fixes, in the offsets of
	// the text before the round (see Input).
	rounds [][]syntax.Edit
}

// Input maps an offset of r.Text, the fixed game, to the input game:
// an offset inside text a fix wrote goes to the start of that fix.
func (r Result) Input(p syntax.Pos) syntax.Pos { return back(r.rounds, p) }

// Chosen returns the fix of d that bulk fixing applies: its one fix not
// marked Manual. ok is false when d has none, or several to choose from.
func Chosen(d analysis.Diagnostic) (fix analysis.Fix, ok bool) {
	n := 0
	for _, f := range d.Fixes {
		if f.Manual == "" {
			fix, n = f, n+1
		}
	}
	return fix, n == 1
}

// unchosen says why d, which has fixes, has no chosen one.
func unchosen(d analysis.Diagnostic) string {
	if len(d.Fixes) == 1 {
		return d.Fixes[0].Manual
	}
	same := true
	for _, f := range d.Fixes {
		same = same && f.Manual != "" && f.Manual == d.Fixes[0].Manual
	}
	if same {
		return d.Fixes[0].Manual
	}
	return "a choice between " + strconv.Itoa(len(d.Fixes)) + " fixes"
}

// engine holds the settings of one fixing.
type engine struct {
	d         syntax.Dialect
	cfg       *analysis.Config
	only      []analysis.Code
	analyzers []*analysis.Analyzer
}

func newEngine(d syntax.Dialect, opts Options) *engine {
	e := &engine{d: d, cfg: opts.Config, only: opts.Only, analyzers: opts.Analyzers}
	if e.cfg == nil {
		e.cfg = analysis.DefaultConfig()
	}
	if e.analyzers == nil {
		e.analyzers = checks.All
	}
	if len(e.only) > 0 {
		cfg := *e.cfg
		cfg.MinSeverity = 0 // the codes named are fixed whatever their severity; only they are
		cfg.Severity = maps.Clone(cfg.Severity)
		for _, c := range e.only {
			if _, set := cfg.Severity[c]; !set && isLayout(c) {
				if cfg.Severity == nil {
					cfg.Severity = map[analysis.Code]analysis.Severity{}
				}
				cfg.Severity[c] = analysis.Warning
			}
		}
		e.cfg = &cfg
	}
	return e
}

// isLayout reports whether the catalogue marks c a layout code.
func isLayout(c analysis.Code) bool {
	e, _ := checks.Lookup(c)
	return e.Layout
}

func (e *engine) wanted(c analysis.Code) bool {
	return len(e.only) == 0 || slices.Contains(e.only, c)
}

// state is a version of the game being fixed.
type state struct {
	g     *syntax.Game
	diags []analysis.Diagnostic
}

// Game fixes one game of dialect d. g must hold its tokens (the
// analyzers that read them run on it).
func Game(g *syntax.Game, d syntax.Dialect, opts Options) Result {
	e := newEngine(d, opts)
	unfixed := Result{Text: g.Text, Game: g}
	cur := state{g, analysis.Game(g, d, e.cfg, e.analyzers)}
	for _, x := range g.Errs {
		if x.Severity != syntax.SevError {
			continue
		}
		if _, ok := Chosen(analysis.Diagnostic{Fixes: analysis.SyntaxFixes(g, d, x)}); !ok && !localizedAt(cur.diags, x.Span) {
			unfixed.Skipped, unfixed.Broken, unfixed.At = "syntax error: "+x.Msg, true, x.Span.Start
			return unfixed
		}
	}
	base := newBaseline(cur)
	var rounds [][]syntax.Edit
	var fixed []Applied
	var added []string
	if len(opts.Add) > 0 {
		// The tags added first, a round of their own, so that the fixes
		// that follow see them (the roster of a game that had no tag).
		if edits, names := AddTags(g, d, opts.Add); len(edits) > 0 {
			base.meaning(g, d)
			if next, reason := e.try(cur, edits, base); reason == "" {
				cur, added, rounds = next, names, append(rounds, edits)
			}
		}
	}
	if opts.Names != nil {
		// The names written as the collection spells them, in a round
		// of their own: they are counted across games, not analysed.
		var edits []syntax.Edit
		var titles []Applied
		for _, x := range opts.Names.GameDiagnostics(cur.g, nil) {
			if f, ok := Chosen(x); ok {
				titles = append(titles, Applied{x.Code, f.Title})
				edits = append(edits, f.Edits...)
			}
		}
		if len(edits) > 0 {
			base.meaning(g, d)
			if next, reason := e.try(cur, edits, base); reason == "" {
				cur, fixed, rounds = next, append(fixed, titles...), append(rounds, edits)
			}
		}
	}
	var why map[int]string // by index in cur.diags: why its chosen fix was not applied
	for round := 0; ; round++ {
		why = map[int]string{}
		var ready []*candidate
		for _, c := range e.candidates(cur) {
			if c.conflict != "" {
				why[c.index] = c.conflict
			} else {
				ready = append(ready, c)
			}
		}
		if len(ready) > 0 && round == maxRounds {
			unfixed.Skipped = "its fixes did not settle after " + strconv.Itoa(maxRounds) + " rounds"
			return unfixed
		}
		// Apply a maximal set of fixes that do not overlap; should the
		// game refuse every one of them, try those they overlapped.
		var accepted []*candidate
		var next state
		var edits []syntax.Edit
		for len(ready) > 0 && len(accepted) == 0 {
			var sel []*candidate
			sel, ready = disjoint(ready, why)
			base.meaning(g, d)
			accepted, next, edits = e.apply(cur, sel, base, why)
		}
		if len(accepted) == 0 {
			break
		}
		for _, c := range accepted {
			fixed = append(fixed, Applied{c.diag.Code, c.fix.Title})
		}
		rounds = append(rounds, edits)
		cur = next
	}
	res := Result{Text: cur.g.Text, Game: cur.g, Fixed: fixed, Added: added, rounds: rounds}
	for i, x := range cur.diags {
		if len(x.Fixes) == 0 || !e.wanted(x.Code) {
			continue
		}
		// The loop ends when each chosen fix left has its reason in why.
		reason, ok := why[i]
		if !ok {
			reason = unchosen(x)
		}
		x.Span = syntax.Span{Start: back(rounds, x.Span.Start), End: back(rounds, x.Span.End)}
		x.Related, x.Fixes = nil, nil
		res.Left = append(res.Left, Left{Diagnostic: x, Reason: reason})
	}
	return res
}

// apply applies the candidates sel to cur: all together when the result
// keeps base, else one at a time, each kept when it does (the others get
// their reason in why). It returns the candidates applied, the new state
// and the edits made, in cur's offsets.
func (e *engine) apply(cur state, sel []*candidate, base *baseline, why map[int]string) ([]*candidate, state, []syntax.Edit) {
	edits := merge(sel)
	next, reason := e.try(cur, edits, base)
	if reason == "" {
		return sel, next, edits
	}
	var accepted []*candidate
	var kept []syntax.Edit
	for _, c := range sel {
		trial := merge(append(slices.Clone(accepted), c))
		n, reason := e.try(cur, trial, base)
		if reason != "" {
			why[c.index] = reason
			continue
		}
		accepted, next, kept = append(accepted, c), n, trial
	}
	return accepted, next, kept
}

// try applies edits to the game of cur and returns the new state, or why
// the result breaks an invariant of the package.
func (e *engine) try(cur state, edits []syntax.Edit, base *baseline) (state, string) {
	text := syntax.ApplyEdits(cur.g.Text, edits)
	f := syntax.Parse("", text, e.d)
	if f.NumGames() != 1 || f.Game(0).Game.Text != text {
		return state{}, "the game would no longer read as one game"
	}
	g := f.Game(0).Game
	diags := analysis.Game(g, e.d, e.cfg, e.analyzers)
	for code, n := range errorCounts(diags) {
		if n > base.errors[code] {
			for _, x := range diags {
				if x.Code == code && x.Severity == analysis.Error {
					return state{}, "fixing would add the error " + string(code) + ": " + firstLine(x.Message)
				}
			}
		}
	}
	if why := base.compare(g, e.d); why != "" {
		return state{}, why
	}
	return state{g, diags}, ""
}

// firstLine returns the first line of a message.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// errorCounts counts the diagnostics of error severity by code.
func errorCounts(ds []analysis.Diagnostic) map[analysis.Code]int {
	n := map[analysis.Code]int{}
	for _, x := range ds {
		if x.Severity == analysis.Error {
			n[x.Code]++
		}
	}
	return n
}

// back maps an offset of the text after the rounds of edits to the input
// text: an offset inside text an edit wrote goes to that edit's start.
func back(rounds [][]syntax.Edit, p syntax.Pos) syntax.Pos {
	for r := len(rounds) - 1; r >= 0; r-- {
		shift := syntax.Pos(0)
		mapped := false
		for _, e := range rounds[r] {
			start := e.Start + shift
			if p < start {
				break
			}
			if p < start+syntax.Pos(len(e.New)) || p == start && e.Start == e.End {
				p, mapped = e.Start, true
				break
			}
			shift += syntax.Pos(len(e.New)) - (e.End - e.Start)
		}
		if !mapped {
			p -= shift
		}
	}
	return p
}

// Joined returns r as the formatter's Joiner and Layout take it: the
// game's own text, edited in place (format.Result.Edited), so that it is
// written without the layout between formatted games, yet left as it was
// if it would merge with the game before it.
func (r Result) Joined() format.Result {
	return format.Result{Text: r.Text, Skipped: r.Skipped, Broken: r.Broken, At: r.At, Edited: true}
}

// Edits returns the file-absolute edits that fix the games [from, to) of
// f, in order: one per game that changes, from its first changed byte to
// its last, so that an edit never spans two games. Games are fixed on
// every core (see format.EditsOf, which also leaves as it was a game
// that would merge with the game before it). It stops early, with the
// edits of the games fixed so far, once ctx is done.
func Edits(ctx context.Context, f *syntax.File, opts Options, from, to int) []syntax.Edit {
	edits, _ := format.EditsOf(ctx, f, from, to, func(g *syntax.Game) format.Result {
		return Game(g, f.Dialect, opts).Joined()
	})
	return edits
}
