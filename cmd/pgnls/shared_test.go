package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/input"
)

// sharedDefects lists, per file of ../shared/testdata, diagnostics that
// pgnls check must report: "line:col: severity code". These are the known
// defects of the quirky files (see that folder's README).
//
// sharedLayout lists those that are export-format layout, which check
// reports under --profile export only.
var sharedDefects = map[string][]string{
	"pgn/quirky/antichess-programfox.pgn":                    {"3:377: warning check-mark"}, // Bxg2#: antichess has no checks
	"pgn/quirky/chessbase-empty-line.pgn":                    {"3:1: warning blank-line-in-tag-section"},
	"pgn/quirky/chessops-headers-and-moves-on-same-line.pgn": {"1:43: error missing-result"},
	"pgn/quirky/chessops-pathological-headers.pgn":           {"1:74: error missing-result"},
	"pgn/quirky/fics-crazyhouse.pgn":                         {"1:39: info crlf-line-endings"},
	"pgn/quirky/immortal-games-annotated-nonstandard.pgn":    {"17:8: error ambiguous-move", "26:44: error unknown-token", "178:41: info invalid-utf8", "239:10: error unknown-token"},
	"pgn/quirky/pgn-extract-fixresulttags.pgn":               {"13:60: warning result-contradicts-position"},
	"pgn/quirky/pgn-extract-nested-comment.pgn":              {"1:4: warning nested-comment"},
	"pgn/quirky/pgn-extract-nullmoves.pgn":                   {"11:9: info null-move", "23:9: info null-move"},
	"pgn/quirky/pgn-extract-result-mismatch.pgn":             {"1:19: error result-mismatch", "9:17: error result-mismatch"},
	"pgn/quirky/pgn-parser-german-piece-letters.pgn":         {"2:13: error bad-san", "2:17: error missing-result"},
	"pgn/quirky/pychess-badpgn.pgn":                          {"1:18: error bad-tag", "2:1: error bad-san"},
	"pgn/quirky/uci-moves-ccrl.pgn":                          {"9:11: warning non-canonical-san"},
	"pgn/quirky/utf8-bom.pgn":                                {"1:1: info byte-order-mark"},
	"pgn/annotated/mate-in-3-fen-puzzles.pgn":                {"2861:9: error unescaped-quote"},
	"pgn/big/pgnmentor-Kasparov.pgn":                         {"34328:21: info invalid-utf8", "1:18: info crlf-line-endings"},
}

// variantFiles are the shared files of real games of lichess variants.
var variantFiles = map[string]bool{
	"pgn/quirky/antichess-programfox.pgn":                    true,
	"pgn/quirky/chessops-headers-and-moves-on-same-line.pgn": true,
	"pgn/quirky/fics-crazyhouse.pgn":                         true,
}

var sharedLayout = map[string][]string{
	"pgn/quirky/chessops-headers-and-moves-on-same-line.pgn": {"1:23: warning tags-and-moves-on-one-line"},
	"pgn/quirky/chessops-pathological-headers.pgn":           {"1:11: warning tags-on-one-line"},
	"pgn/quirky/immortal-games-annotated-nonstandard.pgn":    {"16:1: warning move-number-dots"},
	"pgn/quirky/pgn-extract-long-line.pgn":                   {"10:80: warning line-too-long"},
	"pgn/quirky/pgn-extract-no-blank-between-games.pgn":      {"9:21: warning missing-blank-line"},
	"pgn/quirky/pgn-extract-result-mismatch.pgn":             {"2:16: warning tags-and-moves-on-one-line"},
}

// TestSharedTestdata runs pgnls check on every file of the shared test
// data: it must exit 0 or 1 (never 2, never panic), print nothing on
// stderr, report each known defect at its position, and report no
// illegal move in the big files, which hold only legal games.
func TestSharedTestdata(t *testing.T) {
	root := "../../../shared/testdata"
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && input.IsGameFile(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	seen := map[string]bool{}
	var errs []string // "rel:line:col: code" of each error diagnostic
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
		if layout := sharedLayout[rel]; layout != nil {
			var export bytes.Buffer
			run([]string{"check", "--profile", "export", path}, nil, &export, io.Discard)
			for _, want := range layout {
				if strings.Contains(out.String(), path+":"+want+":") {
					t.Errorf("%s: layout %q reported under the default profile", rel, want)
				}
				if !strings.Contains(export.String(), path+":"+want+":") {
					t.Errorf("%s: missing %q under --profile export in\n%s", rel, want, firstLines(export.String(), 20))
				}
			}
		}
		seen[rel] = true
		for _, line := range strings.Split(out.String(), "\n") {
			if i := strings.Index(line, ": error "); i >= 0 {
				code, _, _ := strings.Cut(line[i+len(": error "):], ":")
				errs = append(errs, rel+line[len(path):i]+": "+code)
			}
		}
		if variantFiles[rel] {
			// Real games of the lichess variants: checked, and legal.
			for _, code := range []string{"illegal-move", "ambiguous-move", "bad-san", "variant-not-checked", "result-contradicts-position"} {
				if strings.Contains(out.String(), " "+code+":") {
					t.Errorf("%s: reports %s, but its variant games are legal", rel, code)
				}
			}
		}
		if strings.HasPrefix(rel, "pgn/big/") {
			// Real databases check clean: nothing breaks a reader there.
			if code != exitOK {
				t.Errorf("%s: exit code %d on a clean real database, want 0", rel, code)
			}
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
	compareBaseline(t, errs, seen)
}

// errorBaseline lists every error-severity diagnostic pgnls check reports
// on the shared test data, one "file:line:col: code" a line, except that
// a code reported more than baselineMany times in a file is one line
// "file: code xN"; go test -update rewrites it.
const errorBaseline = "../../testdata/cmd/shared-errors.baseline"

const baselineMany = 10

// baselineLines returns the lines of the baseline for errs.
func baselineLines(errs []string) []string {
	count := map[string]int{} // "file: code"
	for _, e := range errs {
		file, rest, _ := strings.Cut(e, ":")
		_, code, _ := strings.Cut(rest, ": ")
		count[file+": "+code]++
	}
	var lines []string
	for _, e := range errs {
		file, rest, _ := strings.Cut(e, ":")
		_, code, _ := strings.Cut(rest, ": ")
		if n := count[file+": "+code]; n > baselineMany {
			lines = append(lines, fmt.Sprintf("%s: %s x%d", file, code, n))
			count[file+": "+code] = 0
		} else if n > 0 {
			lines = append(lines, e)
		}
	}
	slices.Sort(lines)
	return lines
}

// compareBaseline fails on every error in errs (of the files in checked)
// that the baseline does not hold, so that a change cannot add false
// errors on real files unnoticed; what the baseline holds that is no
// longer reported is logged (run with -update to drop it).
func compareBaseline(t *testing.T, errs []string, checked map[string]bool) {
	t.Helper()
	lines := baselineLines(errs)
	if *update {
		if testing.Short() {
			t.Fatal("-update needs the big files: run it without -short")
		}
		if err := os.WriteFile(errorBaseline, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(errorBaseline)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	base := map[string]bool{} // the lines of the baseline
	count := map[string]int{} // "file: code" -> its errors in the baseline
	many := map[string]bool{} // of those, the keys written as one line
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		base[l] = true
		key, n := baselineKey(l)
		count[key] += n
		many[key] = many[key] || n > 1
	}
	for _, l := range lines {
		key, n := baselineKey(l)
		if !base[l] && (n > 1 && n > count[key] || n == 1 && !many[key]) {
			t.Errorf("new error on real data, not in %s: %s", errorBaseline, l)
		}
		delete(base, l)
	}
	for l := range base {
		if file, _, _ := strings.Cut(l, ":"); checked[file] {
			t.Logf("no longer reported (go test -update drops it): %s", l)
		}
	}
}

// baselineKey returns the "file: code" of a baseline line and the
// number of errors it stands for.
func baselineKey(l string) (string, int) {
	file, rest, _ := strings.Cut(l, ":")
	if i := strings.LastIndex(rest, " x"); strings.HasPrefix(rest, " ") && i > 0 {
		n, _ := strconv.Atoi(rest[i+2:])
		return file + ":" + rest[:i], n
	}
	_, code, _ := strings.Cut(rest, ": ")
	return file + ": " + code, 1
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// perftPosition is a position of a perft suite of ../shared/testdata/perft:
// an EPD (a FEN without clocks) and its node counts by depth.
type perftPosition struct {
	id, epd string
	nodes   map[int]uint64
}

// readPerft reads a perft suite (format: its folder's README). It skips
// the test if the shared test data is missing.
func readPerft(t *testing.T, name string) []perftPosition {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../../shared/testdata/perft", name))
	if os.IsNotExist(err) {
		t.Skip("shared test data not found")
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []perftPosition
	for line := range strings.Lines(string(data)) {
		key, value, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch key {
		case "id":
			out = append(out, perftPosition{id: value, nodes: map[int]uint64{}})
		case "epd":
			out[len(out)-1].epd = value
		case "perft":
			d, n, _ := strings.Cut(value, " ")
			depth, err1 := strconv.Atoi(d)
			nodes, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", name, line)
			}
			out[len(out)-1].nodes[depth] = nodes
		}
	}
	return out
}

// TestMovesChess960Perft runs pgnls moves --variant chess960 on every
// position of the Chess960 perft suite (Shredder-FEN castling) and on
// the X-FEN positions of the tricky suite: each is accepted, with at most
// a warning for the missing clocks, and has as many moves as its perft
// count at depth 1.
func TestMovesChess960Perft(t *testing.T) {
	suite := readPerft(t, "chess960.perft")
	for _, p := range readPerft(t, "tricky.perft") {
		if strings.HasPrefix(p.id, "xfen-") {
			suite = append(suite, p)
		}
	}
	if len(suite) < 960 {
		t.Fatalf("read %d positions, want at least 960", len(suite))
	}
	for _, p := range suite {
		var out, errb bytes.Buffer
		code := run([]string{"moves", "--variant", "chess960", p.epd}, nil, &out, &errb)
		if code != exitOK || strings.Contains(errb.String(), ": error: ") {
			t.Errorf("%s %s: exit code %d, stderr:\n%s", p.id, p.epd, code, errb.String())
			continue
		}
		if got := uint64(strings.Count(out.String(), "\n")); got != p.nodes[1] {
			t.Errorf("%s %s: %d moves, want %d", p.id, p.epd, got, p.nodes[1])
		}
	}
}

// TestSharedCTLMinimal checks the real C'escacs records of the shared
// test data with the minimal reader: every move of them is coherent
// except the introduction example's G7-E13, which moves a pawn onto the
// hex its neighbour took; its elephant's three steps pass, which the
// full reader reports (see the baseline).
func TestSharedCTLMinimal(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	want := map[string]string{
		"seed-intro-unfinished.ctl-pgn": ":20:4: error ctl-incoherent-move: G7-E13 is incoherent: E13 holds a white pawn: a quiet move needs it empty\n",
	}
	for _, path := range files {
		var out, errb bytes.Buffer
		code := run([]string{"check", "--reader", "minimal", "--severity", "hint", path}, nil, &out, &errb)
		w := want[filepath.Base(path)]
		if w != "" {
			w = path + w
		}
		if out.String() != w || errb.Len() > 0 || code != map[bool]int{false: exitOK, true: exitProblems}[w != ""] {
			t.Errorf("%s: exit %d, stdout:\n%s\nstderr:\n%s\nwant:\n%s", path, code, out.String(), errb.String(), w)
		}
	}
}
