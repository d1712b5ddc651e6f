package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/export"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite the column tables of docs/EXPORT.md")

// run exports text (a PGN file called name) in format and returns the
// output.
func run(t *testing.T, name, text, format string, opts export.Options) []byte {
	t.Helper()
	var b bytes.Buffer
	e, err := export.New(&b, format, opts)
	if err != nil {
		t.Fatal(err)
	}
	gr := syntax.NewGameReader(strings.NewReader(text), name, syntax.PGN, false)
	if err := e.Read(context.Background(), gr, name); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rows decodes NDJSON.
func rows(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for line := range strings.Lines(string(data)) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		out = append(out, m)
	}
	return out
}

const sample = `[Event "Test"]
[Site "?"]
[Date "2024.01.02"]
[Round "1"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "2100"]
[BlackElo "?"]
[TimeControl "60+1"]
[Annotator "Zoë"]

1. e4 { [%clk 0:01:00] [%eval 0.3] } d5 { [%clk 0:00:59.5] } 2. exd5 $1 { takes [%clk 0:00:58] } Qxd5 $2 $18
{ [%eval #-3] } 3. Nc3 Qe5+ { [%emt 0:00:04] } 4. Be2 Bg4 5. Nf3 Bxf3 6. O-O 1-0

[Event "960"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 30"]

30. O-O-O Kf7 31. b8=Q *

[Event "Bad"]

1. e4 e5 2. Nf6 *
`

// TestSample checks the records of a hand-made file, value by value.
func TestSample(t *testing.T) {
	games := rows(t, run(t, "sample.pgn", sample, "ndjson", export.Options{}))
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	want := []map[string]any{
		{"game": 1.0, "file": "sample.pgn", "line": 1.0, "event": "Test", "white": "Alice", "white_elo": 2100.0, "black_elo": nil,
			"time_control": "60+1", "result": "1-0", "plies": 11.0, "opening_eco": "B01", "start_fen": nil, "problem": nil,
			"other_tags": map[string]any{"Annotator": "Zoë"}},
		{"game": 2.0, "line": 16.0, "result": "*", "plies": 3.0, "opening_eco": nil, "start_fen": "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 30",
			"final_fen": "1Q6/5k2/8/8/8/8/8/2KR3R b - - 0 31", "other_tags": map[string]any{"SetUp": "1", "Variant": "Chess960", "FEN": "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 30"}},
		{"game": 3.0, "event": "Bad", "plies": 2.0, "problem": "move Nf6 cannot be played", "result": "*"},
	}
	for i, w := range want {
		for k, v := range w {
			if got := games[i][k]; !equal(got, v) {
				t.Errorf("game %d: %s = %#v, want %#v", i+1, k, got, v)
			}
		}
	}

	moves := rows(t, run(t, "sample.pgn", sample, "ndjson", export.Options{Moves: true}))
	if len(moves) != 11+3+3 {
		t.Fatalf("%d moves, want 17", len(moves))
	}
	wantMoves := []map[string]any{
		{"game": 1.0, "ply": 1.0, "move_number": 1.0, "side": "white", "san": "e4", "uci": "e2e4", "clock": 60.0, "elapsed": 1.0, "eval_cp": 30.0, "eval_mate": nil, "comment": nil, "is_capture": false},
		{"ply": 2.0, "side": "black", "san": "d5", "clock": 59.5, "elapsed": 1.5},
		{"ply": 3.0, "san": "exd5", "uci": "e4d5", "nags": "1", "comment": "takes", "clock": 58.0, "elapsed": 3.0, "is_capture": true, "material_black": 38.0},
		{"ply": 4.0, "san": "Qxd5", "nags": "2 18", "eval_mate": -3.0, "eval_cp": nil, "clock": nil, "elapsed": nil, "material_white": 38.0},
		{"ply": 5.0, "san": "Nc3"},
		{"ply": 6.0, "san": "Qe5+", "is_check": true, "elapsed": 4.0},
		{}, {}, {},
		{"san": "Bxf3", "is_capture": true, "material_white": 35.0},
		{"ply": 11.0, "move_number": 6.0, "san": "O-O", "uci": "e1g1", "fen_after": "rn2kbnr/ppp1pppp/8/4q3/8/2N2b2/PPPPBPPP/R1BQ1RK1 b kq - 1 6"},
		{"game": 2.0, "ply": 1.0, "move_number": 30.0, "san": "O-O-O", "uci": "e1a1", "fen_before": "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 30"},
		{"ply": 2.0, "move_number": 30.0, "side": "black", "san": "Kf7"},
		{"ply": 3.0, "move_number": 31.0, "san": "b8=Q", "uci": "b7b8q", "material_white": 19.0},
		{"game": 3.0, "san": "e4"}, {},
		{"game": 3.0, "ply": 3.0, "san": "Nf6", "uci": nil, "fen_before": nil, "is_check": nil},
	}
	for i, w := range wantMoves {
		for k, v := range w {
			if got := moves[i][k]; !equal(got, v) {
				t.Errorf("move row %d: %s = %#v, want %#v", i+1, k, got, v)
			}
		}
	}
}

func equal(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestMovesReplay exports the moves of shared files and checks each row
// against the board: the UCI move is one legal move of fen_before, which
// makes fen_after; fen_after is the next row's fen_before; is_check and
// the material agree with fen_after.
func TestMovesReplay(t *testing.T) {
	files := []string{
		"../../../shared/testdata/pgn/big/lichess-2017-05-clk.pgn",
		"../../../shared/testdata/pgn/quirky/chess960-rapid-wch-2009.pgn",
		"../../../shared/testdata/pgn/annotated/lichess-study-checkmate-patterns-ii.pgn",
	}
	n := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (check out ../shared beside the repository)", err)
		}
		var prev map[string]any
		for _, r := range rows(t, run(t, path, string(data), "ndjson", export.Options{Moves: true})) {
			before, ok := r["fen_before"].(string)
			if !ok {
				continue
			}
			n++
			if prev != nil && prev["game"] == r["game"] && prev["fen_after"] != before {
				t.Errorf("%s: game %v ply %v: fen_before %s is not the fen_after before it", path, r["game"], r["ply"], before)
			}
			prev = r
			pos, err := chess.ParseFEN(before, strings.Contains(path, "960"))
			if err != nil {
				t.Fatalf("%s: %v", before, err)
			}
			var made []string
			for _, m := range pos.LegalMoves() {
				if pos.UCI(m) == r["uci"] {
					after := pos.Make(m)
					made = append(made, after.FEN())
					if after.InCheck() != r["is_check"] {
						t.Errorf("%s: %s %v: is_check %v", path, before, r["uci"], r["is_check"])
					}
				}
			}
			if len(made) != 1 || made[0] != r["fen_after"] {
				t.Errorf("%s: %s %v: makes %v, want %v", path, before, r["uci"], made, r["fen_after"])
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d moves checked", n)
	}
}

// TestFormatsAgree: the three formats write the same values.
func TestFormatsAgree(t *testing.T) {
	for _, moves := range []bool{false, true} {
		opts := export.Options{Moves: moves}
		nd := rows(t, run(t, "sample.pgn", sample, "ndjson", opts))
		csvText := string(run(t, "sample.pgn", sample, "csv", opts))
		lines := strings.Split(strings.TrimSuffix(csvText, "\n"), "\n")
		if len(lines) != len(nd)+1 {
			t.Errorf("moves=%v: %d CSV lines, want a header and %d rows", moves, len(lines), len(nd))
		}
		pq := run(t, "sample.pgn", sample, "parquet", opts)
		f, err := parquet.OpenFile(bytes.NewReader(pq), int64(len(pq)))
		if err != nil {
			t.Fatal(err)
		}
		if f.NumRows() != int64(len(nd)) {
			t.Errorf("moves=%v: %d Parquet rows, want %d", moves, f.NumRows(), len(nd))
		}
		r := parquet.NewReader(f)
		got := make([]map[string]any, len(nd))
		for i := range got {
			got[i] = map[string]any{}
			if err := r.Read(&got[i]); err != nil {
				t.Fatalf("Parquet row %d: %v", i+1, err)
			}
		}
		for i := range nd {
			for k, v := range nd[i] {
				g := got[i][k]
				if s, ok := g.(string); ok && k == "other_tags" {
					var obj any
					json.Unmarshal([]byte(s), &obj)
					g = obj
				}
				if !equal(g, v) {
					t.Errorf("moves=%v: row %d: %s: Parquet %#v, NDJSON %#v", moves, i+1, k, g, v)
				}
			}
		}
	}
}

// TestRowGroups: a Parquet export holds two row groups in memory at a
// time: with a small budget it writes many, the rows in the order of
// one row group's.
func TestRowGroups(t *testing.T) {
	data, err := os.ReadFile("../../../shared/testdata/pgn/big/lichess-2017-05-clk.pgn")
	if err != nil {
		t.Fatal(err)
	}
	pq := run(t, "clk.pgn", string(data), "parquet", export.Options{Moves: true, RowGroup: 64 << 10})
	f, err := parquet.OpenFile(bytes.NewReader(pq), int64(len(pq)))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.RowGroups()); n < 10 {
		t.Errorf("%d row groups, want many", n)
	}
	if f.NumRows() != 21247 {
		t.Errorf("%d rows, want the 21247 half-moves of the file", f.NumRows())
	}
	one := run(t, "clk.pgn", string(data), "parquet", export.Options{Moves: true})
	if a, b := parquetRows(t, pq), parquetRows(t, one); !slices.EqualFunc(a, b, parquet.Row.Equal) {
		t.Errorf("the rows of many row groups (%d) are not those of one (%d)", len(a), len(b))
	}
}

// parquetRows returns the rows of a Parquet file, in order.
func parquetRows(t *testing.T, pq []byte) []parquet.Row {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(pq), int64(len(pq)))
	if err != nil {
		t.Fatal(err)
	}
	var out []parquet.Row
	for _, rg := range f.RowGroups() {
		rows := rg.Rows()
		buf := make([]parquet.Row, 64)
		for {
			n, err := rows.ReadRows(buf)
			for _, r := range buf[:n] {
				out = append(out, r.Clone())
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		rows.Close()
	}
	return out
}

// TestTagColumn: tag names in snake case.
func TestTagColumn(t *testing.T) {
	for tag, want := range map[string]string{"WhiteElo": "white_elo", "ECO": "eco", "UTCDate": "utc_date", "TimeControl": "time_control", "Event": "event", "WhiteFideId": "white_fide_id", "X-Y": "x_y"} {
		if got := export.TagColumn(tag); got != want {
			t.Errorf("TagColumn(%q) = %q, want %q", tag, got, want)
		}
	}
	tab := export.GamesTable([]string{"Game", "Plies", "White"})
	for _, name := range []string{"tag_game", "tag_plies", "white", "game", "plies"} {
		if tab.Index(name) < 0 {
			t.Errorf("no column %s in %v", name, tab.Columns)
		}
	}
}

// TestDocs: docs/EXPORT.md documents every column of both tables as the
// schema does (-update rewrites its tables).
func TestDocs(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "EXPORT.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, tab := range []export.Table{export.GamesTable(nil), export.MovesTable} {
		begin, end := "<!-- "+tab.Name+" columns -->\n", "<!-- end of "+tab.Name+" columns -->\n"
		i, j := strings.Index(text, begin), strings.Index(text, end)
		if i < 0 || j < i {
			t.Fatalf("%s: no %q ... %q section", path, begin, end)
		}
		var b strings.Builder
		b.WriteString("| column | type | null | meaning |\n|---|---|---|---|\n")
		for _, c := range tab.Columns {
			typ := c.Kind.String()
			switch {
			case c.Kind == export.Int:
				typ = map[int]string{32: "int32", 64: "int64"}[c.Bits]
			case c.Kind == export.Float:
				typ = "double"
			}
			if c.Dict {
				typ += ", dictionary"
			}
			null := ""
			if c.Nullable {
				null = "yes"
			}
			b.WriteString("| `" + c.Name + "` | " + typ + " | " + null + " | " + c.Doc + " |\n")
		}
		table := b.String()
		if got := text[i+len(begin) : j]; got != table {
			if *update {
				text = text[:i+len(begin)] + table + text[j:]
				continue
			}
			t.Errorf("%s: the %s columns differ from the schema (go test ./analysis/export -run TestDocs -update)", path, tab.Name)
		}
	}
	if *update {
		os.WriteFile(path, []byte(text), 0o644)
	}
}
