package fix_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// TestFormatEndsLikeFix: where a game has no termination marker, pgnls
// fmt writes the one pgnls fix settles on (the result the final position
// decides, else the Result tag's, else "*"), with the same Result tag,
// so that check does not flag what fmt wrote.
func TestFormatEndsLikeFix(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/format/*.pgn", "../../testdata/format/ctl/*.ctl-pgn", "../../../shared/testdata/ctl-pgn/*.ctl-pgn"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	checked := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		d := syntax.DetectDialect(path, string(data))
		for i, ref := range syntax.Parse(path, string(data), d).Games() {
			g := ref.Game
			if g.Result != nil || len(g.Moves) == 0 {
				continue
			}
			formatted := format.Game(g, d, format.Options{})
			fixed := fix.Game(g, d, fix.Options{})
			if formatted.Skipped != "" || fixed.Skipped != "" {
				continue
			}
			checked++
			fg := syntax.Parse(path, formatted.Text, d).Game(0).Game
			xg := fixed.Game
			if fg.Result == nil || xg.Result == nil {
				t.Errorf("%s: game %d: fmt wrote %v, fix %v", path, i+1, fg.Result, xg.Result)
				continue
			}
			fTag, fHas := fg.TagValue("Result")
			xTag, xHas := xg.TagValue("Result")
			if fg.Result.Text != xg.Result.Text || fTag != xTag || fHas != xHas {
				t.Errorf("%s: game %d: fmt ends with %s (Result tag %q), fix with %s (Result tag %q)", path, i+1, fg.Result.Text, fTag, xg.Result.Text, xTag)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d games without a termination marker checked", checked)
	}
}
