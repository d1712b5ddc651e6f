package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDefects lists, per file of ../shared/testdata, diagnostics that
// pgnls check must report: "line:col: severity code". These are the known
// defects of the quirky files (see that folder's README).
var sharedDefects = map[string][]string{
	"pgn/quirky/antichess-programfox.pgn":                    {"1:1: info variant-not-checked"},
	"pgn/quirky/chessbase-empty-line.pgn":                    {"3:1: warning blank-line-in-tag-section"},
	"pgn/quirky/chessops-headers-and-moves-on-same-line.pgn": {"1:23: warning tags-and-moves-on-one-line", "1:43: error missing-result"},
	"pgn/quirky/chessops-pathological-headers.pgn":           {"1:11: warning tags-on-one-line", "1:74: error missing-result"},
	"pgn/quirky/fics-crazyhouse.pgn":                         {"15:1: info variant-not-checked"},
	"pgn/quirky/immortal-games-annotated-nonstandard.pgn":    {"16:1: warning move-number-dots", "17:8: error ambiguous-move", "26:44: error unknown-token", "178:41: info invalid-utf8", "239:10: error unknown-token"},
	"pgn/quirky/pgn-extract-fixresulttags.pgn":               {"13:60: warning result-contradicts-position"},
	"pgn/quirky/pgn-extract-long-line.pgn":                   {"10:80: warning line-too-long"},
	"pgn/quirky/pgn-extract-nested-comment.pgn":              {"1:4: warning nested-comment"},
	"pgn/quirky/pgn-extract-no-blank-between-games.pgn":      {"9:21: warning missing-blank-line"},
	"pgn/quirky/pgn-extract-nullmoves.pgn":                   {"11:9: info null-move", "23:9: info null-move"},
	"pgn/quirky/pgn-extract-result-mismatch.pgn":             {"1:19: error result-mismatch", "9:17: error result-mismatch", "2:16: warning tags-and-moves-on-one-line"},
	"pgn/quirky/pgn-parser-german-piece-letters.pgn":         {"2:13: error bad-san", "2:17: error missing-result"},
	"pgn/quirky/pychess-badpgn.pgn":                          {"1:18: error bad-tag", "2:1: error bad-san"},
	"pgn/quirky/uci-moves-ccrl.pgn":                          {"9:11: warning non-canonical-san"},
	"pgn/quirky/utf8-bom.pgn":                                {"1:1: info byte-order-mark"},
	"pgn/annotated/mate-in-3-fen-puzzles.pgn":                {"2861:9: error unescaped-quote"},
	"pgn/big/pgnmentor-Kasparov.pgn":                         {"34328:21: info invalid-utf8", "1:18: info crlf-line-endings"},
}

// TestSharedTestdata runs pgnls check on every file of the shared test
// data: it must exit 0 or 1 (never 2, never panic), print nothing on
// stderr, report each known defect at its position, and report no
// illegal move in the big files, which hold only legal games.
func TestSharedTestdata(t *testing.T) {
	root := "../../../shared/testdata"
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isGameFile(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("shared test data not found")
	}
	seen := map[string]bool{}
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		if testing.Short() && strings.HasPrefix(rel, "pgn/big/") && sharedDefects[rel] == nil {
			continue
		}
		var out, errb bytes.Buffer
		code := run([]string{"check", path}, nil, &out, &errb)
		if code != exitOK && code != exitProblems {
			t.Errorf("%s: exit code %d, want 0 or 1", rel, code)
		}
		if errb.Len() > 0 {
			t.Errorf("%s: stderr: %s", rel, errb.String())
		}
		for _, want := range sharedDefects[rel] {
			if !strings.Contains(out.String(), path+":"+want+":") {
				t.Errorf("%s: missing %q in\n%s", rel, want, firstLines(out.String(), 20))
			}
		}
		seen[rel] = true
		if strings.HasPrefix(rel, "pgn/big/") {
			for _, code := range []string{"illegal-move", "ambiguous-move", "bad-san"} {
				if strings.Contains(out.String(), " "+code+":") {
					t.Errorf("%s: reports %s, but every game there is legal", rel, code)
				}
			}
		}
	}
	for rel := range sharedDefects {
		if !seen[rel] {
			t.Errorf("%s: expected file not found", rel)
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
