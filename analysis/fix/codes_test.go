package fix_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/syntax"
)

// corpus returns the game files of the repository's test data: every
// .pgn and .ctl-pgn file, and those held in txtar archives, parsed.
func corpus(t *testing.T) []*syntax.File {
	t.Helper()
	var files []*syntax.File
	add := func(name, text string) {
		if strings.HasSuffix(name, ".pgn") || strings.HasSuffix(name, ".ctl-pgn") {
			files = append(files, syntax.Parse(name, text, syntax.DetectDialect(name, text)))
		}
	}
	err := filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(path, ".txtar") {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range ar.Files {
				add(path+"/"+f.Name, string(f.Data))
			}
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		add(path, string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("only %d game files in the test data", len(files))
	}
	return files
}

// TestCodes holds the table of fixable codes to the analyzers, over the
// test data: the codes whose diagnostics offer a chosen fix, under the
// export profile (which reports every code), are the table's; and a
// code with a fix reported more severely than its default severity has
// that severity in the table (see fix.Fixed).
func TestCodes(t *testing.T) {
	cfg := &analysis.Config{Profile: analysis.ExportProfile}
	severest := map[analysis.Code]analysis.Severity{} // of the diagnostics with a chosen fix
	where := map[analysis.Code]string{}
	for _, f := range corpus(t) {
		for _, r := range f.Games() {
			for _, d := range analysis.Game(r.Game, f.Dialect, cfg, checks.All) {
				if _, ok := fix.Chosen(d); !ok {
					continue
				}
				if s, seen := severest[d.Code]; !seen || d.Severity < s {
					severest[d.Code], where[d.Code] = d.Severity, f.Name
				}
			}
		}
	}
	codes := fix.Codes()
	for _, c := range codes {
		if _, ok := checks.Lookup(c); !ok {
			t.Errorf("fixable code %s is not in the catalogue", c)
		}
		if _, ok := severest[c]; !ok {
			t.Errorf("fixable code %s: no diagnostic of the test data offers a fix bulk fixing applies (drop it, or add a case)", c)
		}
	}
	// The severity of each code fixed as Fixed sees it, alone.
	for c, s := range severest {
		if !slices.Contains(codes, c) {
			t.Errorf("code %s offers a fix bulk fixing applies (%s) but is not in the table of package fix", c, where[c])
			continue
		}
		e, _ := checks.Lookup(c)
		only := &analysis.Config{Profile: analysis.ExportProfile, MinSeverity: s}
		if !slices.Contains(fix.Fixed(only), c) {
			t.Errorf("code %s offers a fix at severity %s (%s), more severely than its default %s: give it that severity in the table", c, s, where[c], e.In(analysis.ExportProfile))
		}
		if s > analysis.Error {
			above := &analysis.Config{Profile: analysis.ExportProfile, MinSeverity: s - 1}
			if slices.Contains(fix.Fixed(above), c) {
				t.Errorf("code %s: the table gives it a severity more severe than %s, which no diagnostic with a fix of the test data has", c, s)
			}
		}
	}
}

// TestFixedLists: the codes fixed under pgnls check's default
// configuration (default profile, infos and above) leave out the hints
// and the layout; a profile, a minimum severity and per-code settings
// change them as they change what is reported.
func TestFixedLists(t *testing.T) {
	checkDefault := &analysis.Config{MinSeverity: analysis.Info}
	for _, tc := range []struct {
		cfg       *analysis.Config
		has, lack []analysis.Code
	}{
		{checkDefault,
			[]analysis.Code{"check-mark", "result-mismatch", "missing-roster-tag", "non-canonical-san", "ctl-site-format", "ctl-legacy-check"},
			[]analysis.Code{"eco-mismatch", "opening-mismatch", "over-disambiguation", "ctl-check-refine", "tag-sort", "suffix-glyph"}},
		{nil, // every severity: the language server's default
			[]analysis.Code{"check-mark", "eco-mismatch", "over-disambiguation", "ctl-check-refine"},
			[]analysis.Code{"tag-sort", "suffix-glyph"}},
		{&analysis.Config{MinSeverity: analysis.Info, Profile: analysis.ExportProfile},
			[]analysis.Code{"check-mark", "tag-sort", "suffix-glyph"},
			[]analysis.Code{"eco-mismatch"}},
		{&analysis.Config{MinSeverity: analysis.Error},
			[]analysis.Code{"result-mismatch", "unknown-token"},
			[]analysis.Code{"check-mark", "ctl-site-format"}},
		{&analysis.Config{MinSeverity: analysis.Info, Severity: map[analysis.Code]analysis.Severity{"eco-mismatch": analysis.Warning, "check-mark": 0}},
			[]analysis.Code{"eco-mismatch"},
			[]analysis.Code{"check-mark", "opening-mismatch"}},
	} {
		got := fix.Fixed(tc.cfg)
		for _, c := range tc.has {
			if !slices.Contains(got, c) {
				t.Errorf("Fixed(%+v) lacks %s", tc.cfg, c)
			}
		}
		for _, c := range tc.lack {
			if slices.Contains(got, c) {
				t.Errorf("Fixed(%+v) has %s", tc.cfg, c)
			}
		}
	}
}

// TestFixedHolds: fixing the test data under a configuration changes
// only codes of Fixed of it: under pgnls check's defaults, no hint and
// no layout.
func TestFixedHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("fixes every game of the test data")
	}
	for _, cfg := range []*analysis.Config{{MinSeverity: analysis.Info}, {MinSeverity: analysis.Warning, Profile: analysis.ExportProfile}} {
		fixed := fix.Fixed(cfg)
		seen := map[analysis.Code]bool{}
		for _, f := range corpus(t) {
			for _, r := range f.Games() {
				for _, a := range fix.Game(r.Game, f.Dialect, fix.Options{Config: cfg}).Fixed {
					seen[a.Code] = true
					if !slices.Contains(fixed, a.Code) {
						t.Errorf("%s: fixed %s under %+v, not in Fixed: %s", f.Name, a.Code, cfg, a.Title)
					}
				}
			}
		}
		if len(seen) < 20 {
			t.Errorf("under %+v only %d codes fixed in the test data", cfg, len(seen))
		}
	}
}

// The scope cases of issue #24: the openings of two games of a real
// database (pgnmentor's Kasparov.pgn) whose ECO codes come from another
// classification than the lichess opening names, which eco-mismatch, a
// hint that pgnls check does not show by default, would rewrite (E60 to
// A05, D41 to B14); and a mate without its mark, a warning.
const scopeGames = `[Event "Another classification"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "*"]
[ECO "E60"]

1. Nf3 Nf6 2. b3 g6 3. Bb2 Bg7 4. c4 O-O 5. g3 d6 6. d4 *

[Event "A Panov"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "*"]
[ECO "D41"]

1. e4 c6 2. d4 d5 3. exd5 cxd5 4. c4 Nf6 5. Nc3 e6 6. Nf3 Be7 7. cxd5 Nxd5 8.
Bd3 O-O *

[Event "A mate without its mark"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1-0"]
[ECO "C20"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0
`

// TestDefaultScope: under pgnls check's defaults, fixing leaves the ECO
// tags of another classification alone and fixes the missing check
// marks; --only eco-mismatch (Options.Only) rewrites them, and so does
// a configuration that reports hints, as the language server's does.
func TestDefaultScope(t *testing.T) {
	f := syntax.Parse("eco.pgn", scopeGames, syntax.PGN)
	checkDefault := &analysis.Config{MinSeverity: analysis.Info}
	for _, tc := range []struct {
		name  string
		opts  fix.Options
		eco   [3]string // the ECO tags after fixing
		codes []analysis.Code
	}{
		{"check's default", fix.Options{Config: checkDefault}, [3]string{"E60", "D41", "C20"}, []analysis.Code{"check-mark"}},
		{"--only eco-mismatch", fix.Options{Config: checkDefault, Only: []analysis.Code{"eco-mismatch"}}, [3]string{"A05", "B14", "C20"}, []analysis.Code{"eco-mismatch"}},
		{"hints reported", fix.Options{}, [3]string{"A05", "B14", "C20"}, []analysis.Code{"check-mark", "eco-mismatch"}},
	} {
		var codes []analysis.Code
		for i, r := range f.Games() {
			res := fix.Game(r.Game, f.Dialect, tc.opts)
			if eco, _ := res.Game.TagValue("ECO"); eco != tc.eco[i] {
				t.Errorf("%s: game %d: ECO %q after fixing, want %q", tc.name, i+1, eco, tc.eco[i])
			}
			for _, a := range res.Fixed {
				if !slices.Contains(codes, a.Code) {
					codes = append(codes, a.Code)
				}
			}
			for _, l := range res.Left {
				if l.Diagnostic.Severity == analysis.Hint && tc.opts.Config == checkDefault && len(tc.opts.Only) == 0 {
					t.Errorf("%s: a hint reported left: %s", tc.name, l.Diagnostic.Message)
				}
			}
		}
		slices.Sort(codes)
		if !slices.Equal(codes, tc.codes) {
			t.Errorf("%s: fixed the codes %v, want %v", tc.name, codes, tc.codes)
		}
	}
}
