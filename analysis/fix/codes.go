package fix

import (
	"maps"
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
)

// fixable holds the codes whose diagnostics may offer a fix that bulk
// fixing applies (a chosen one, see Chosen). A code some of whose
// diagnostics with such a fix are reported more severely than its
// severity in the catalogue has that severity here (ctl-site-format, a
// hint, is a warning when the Site is empty, and its fix writes "?");
// the others have 0. TestCodes holds the table to what the analyzers
// report over the test data of the repository, both ways, so that the
// lists made from it (Fixed: the usage of pgnls fix, its README
// section) follow the analyzers.
var fixable = map[analysis.Code]analysis.Severity{
	// Syntax.
	"glued-token":     0,
	"missing-result":  0,
	"unescaped-quote": 0,
	"unknown-token":   0,
	// PGN: moves, FEN and results.
	"bad-fen":                     0,
	"capture-mark":                0,
	"check-mark":                  0,
	"fen-warning":                 0,
	"fivefold-repetition":         0,
	"localized-san":               0,
	"move-number-dots":            0,
	"move-number-mismatch":        0,
	"non-canonical-san":           0,
	"over-disambiguation":         0,
	"result-contradicts-position": 0,
	"result-mismatch":             0,
	"seventy-five-moves":          0,
	// PGN: tags, NAGs, openings.
	"bad-tag-value":       0,
	"duplicate-tag":       0,
	"eco-mismatch":        0,
	"missing-roster-tag":  0,
	"opening-mismatch":    0,
	"plycount-mismatch":   0,
	"setup-fen-mismatch":  0,
	"suffix-glyph":        0,
	"tag-order":           0,
	"tag-sort":            0,
	"unescaped-backslash": 0,
	// CTL-PGN.
	"ctl-awaiting-suffix":     0,
	"ctl-bad-move":            0,
	"ctl-bad-redefine":        0,
	"ctl-capture-x":           0,
	"ctl-character":           0,
	"ctl-check-mark":          0,
	"ctl-check-refine":        0,
	"ctl-comment-placement":   0,
	"ctl-comment-prefix":      0,
	"ctl-duplicate-tag":       0,
	"ctl-en-dash":             0,
	"ctl-end-mark":            0,
	"ctl-false-mate":          0,
	"ctl-illegal-move":        0,
	"ctl-incoherent-move":     0,
	"ctl-legacy-check":        0,
	"ctl-missing-tag":         0,
	"ctl-move-form":           0,
	"ctl-move-number":         0,
	"ctl-move-pair":           0,
	"ctl-nesting-dots":        0,
	"ctl-pdtl-form":           0,
	"ctl-redefine-form":       0,
	"ctl-ref-letters":         0,
	"ctl-result-mismatch":     0,
	"ctl-result-position":     0,
	"ctl-site-format":         analysis.Warning,
	"ctl-tag-name":            0,
	"ctl-tag-not-consecutive": 0,
	"ctl-tag-order":           0,
	"ctl-tag-value":           0,
	"ctl-valuation-space":     0,
	"ctl-variant-missing":     0,
	"ctl-variant-value":       0,
}

// Codes returns the codes whose diagnostics may offer a fix that bulk
// fixing applies, sorted.
func Codes() []analysis.Code {
	return slices.Sorted(maps.Keys(fixable))
}

// Fixed returns the codes of Codes that bulk fixing under cfg (nil: the
// defaults, which report every code the default profile does) may fix,
// sorted: those cfg reports at a severity their diagnostics with a fix
// have (their default severity under cfg's profile, a per-code setting
// of cfg, or the more severe one of the table above), Config.MinSeverity
// and all. Under the configuration of pgnls check's defaults (the
// default profile, MinSeverity Info) they are the codes pgnls fix
// changes by default.
func Fixed(cfg *analysis.Config) []analysis.Code {
	if cfg == nil {
		cfg = analysis.DefaultConfig()
	}
	shown := func(sev analysis.Severity) bool {
		return sev != 0 && (cfg.MinSeverity == 0 || sev <= cfg.MinSeverity)
	}
	var out []analysis.Code
	for _, c := range Codes() {
		e, _ := checks.Lookup(c)
		sev := e.In(cfg.Profile)
		if s, ok := cfg.Severity[c]; ok {
			sev = s
		} else if raised := fixable[c]; sev != 0 && raised != 0 && raised < sev {
			sev = raised
		}
		if shown(sev) {
			out = append(out, c)
		}
	}
	return out
}
