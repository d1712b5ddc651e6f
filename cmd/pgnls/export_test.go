package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// duckdbQuery is a Node.js program that runs each SQL statement of its
// arguments in one in-memory DuckDB database and prints the rows of
// each as JSON: an array (one per statement) of arrays of rows.
const duckdbQuery = `const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const out = [];
  for (const q of process.argv.slice(2)) {
    try {
      out.push((await con.runAndReadAll(q)).getRowsJson());
    } catch (e) {
      console.error(q + ': ' + e);
      process.exit(1);
    }
  }
  console.log(JSON.stringify(out));
})();
`

// duckdb returns a function that runs SQL statements with DuckDB
// (npm @duckdb/node-api from $PGNLS_DUCKDB, which .ci/duckdb installs)
// and returns the rows of each, as JSON values; the test is skipped
// without it, except in CI, where it fails.
func duckdb(t *testing.T) func(queries ...string) [][][]any {
	t.Helper()
	dir := os.Getenv("PGNLS_DUCKDB")
	if dir == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("$PGNLS_DUCKDB is not set: .ci/run installs DuckDB's Node.js client with .ci/duckdb")
		}
		t.Skip("$PGNLS_DUCKDB is not set (bash .ci/duckdb installs DuckDB's Node.js client and prints its directory)")
	}
	script := filepath.Join(t.TempDir(), "query.js")
	if err := os.WriteFile(script, []byte(duckdbQuery), 0o644); err != nil {
		t.Fatal(err)
	}
	return func(queries ...string) [][][]any {
		t.Helper()
		cmd := exec.Command("node", append([]string{script}, queries...)...)
		cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(dir, "node_modules"))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("duckdb: %v\n%s", err, stderr.String())
		}
		var res [][][]any
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("duckdb: %v: %s", err, out)
		}
		return res
	}
}

// TestExportDuckDB exports shared files as Parquet, NDJSON and CSV, games
// and moves, and reads them with DuckDB: the counts are those of the
// games and half-moves, the Parquet columns have their types, a few
// values are those of the files, the three formats hold the same rows,
// and the SQL examples of docs/EXPORT.md run on them.
func TestExportDuckDB(t *testing.T) {
	query := duckdb(t)
	dir := t.TempDir()
	files := []string{
		sharedPGN + "/big/lichess-2017-05-clk.pgn",          // 298 games, clocks
		sharedPGN + "/quirky/chess960-rapid-wch-2009.pgn",   // 20 games, CRLF, Chess960
		sharedPGN + "/quirky/pgn-extract-fixresulttags.pgn", // 5 games
	}
	out := map[string]string{}
	for _, table := range []string{"games", "moves"} {
		for _, format := range []string{"parquet", "ndjson", "csv"} {
			path := filepath.Join(dir, table+"."+format)
			args := []string{"export", "--format", format, "-o", path}
			if table == "moves" {
				args = append(args, "--moves")
			}
			var stdout, stderr bytes.Buffer
			if code := run(append(args, files...), nil, &stdout, &stderr); code != exitOK {
				t.Fatalf("%v: exit code %d\n%s", args, code, stderr.String())
			}
			out[table+"."+format] = "'" + path + "'"
		}
	}
	// The half-moves, counted by the games export.
	var plies int
	data, err := os.ReadFile(filepath.Join(dir, "games.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		var g struct{ Plies int }
		json.Unmarshal([]byte(line), &g)
		plies += g.Plies
	}
	g, m := out["games.parquet"], out["moves.parquet"]
	res := query(
		"SELECT count(*), count(DISTINCT file) FROM "+g,
		"SELECT count(*), count(fen_after) FROM "+m,
		"SELECT column_name, column_type FROM (DESCRIBE SELECT game, white_elo, other_tags FROM "+g+")",
		"SELECT column_name, column_type FROM (DESCRIBE SELECT ply, clock, eval_cp, is_check, san FROM "+m+")",
		"SELECT white, black, white_elo, result, plies, time_control, other_tags->>'PlyCount' FROM "+g+" WHERE game = 1",
		"SELECT san, uci, clock, elapsed, fen_before FROM "+m+" WHERE game = 1 AND ply <= 2 ORDER BY ply",
		"SELECT uci FROM "+m+" m JOIN "+g+" g USING (game) WHERE g.file LIKE '%chess960%' AND m.san = 'O-O' ORDER BY game, ply LIMIT 1",
		"SELECT count(*) FROM (SELECT * FROM "+m+" EXCEPT SELECT * FROM read_json("+out["moves.ndjson"]+"))",
		"SELECT count(*) FROM (SELECT * FROM "+m+" EXCEPT SELECT * FROM read_csv("+out["moves.csv"]+"))",
		"SELECT count(*) FROM (SELECT * EXCLUDE (other_tags) FROM "+g+" EXCEPT SELECT * EXCLUDE (other_tags) FROM read_json("+out["games.ndjson"]+"))",
		// other_tags, whose keys differ from game to game, as JSON text.
		"SELECT count(*) FROM (SELECT game, other_tags::VARCHAR FROM "+g+" EXCEPT SELECT (json->>'game')::BIGINT, (json->'other_tags')::VARCHAR FROM read_ndjson_objects("+out["games.ndjson"]+"))",
		"SELECT count(*) FROM (SELECT * EXCLUDE (other_tags) FROM "+g+" EXCEPT SELECT * EXCLUDE (other_tags) FROM read_csv("+out["games.csv"]+"))",
	)
	want := []string{
		`[["323","3"]]`,
		// Every half-move of the games' main lines has a row, and a
		// position (every move of these files can be played).
		`[["` + itoaT(plies) + `","` + itoaT(plies) + `"]]`,
		`[["game","BIGINT"],["white_elo","INTEGER"],["other_tags","JSON"]]`,
		`[["ply","INTEGER"],["clock","DOUBLE"],["eval_cp","INTEGER"],["is_check","BOOLEAN"],["san","VARCHAR"]]`,
		`[["thibault","kingscrusher-youtub3",1334,"1/2-1/2",8,"900+20","8"]]`,
		`[["e3","e2e3",900,20,"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],["d5","d7d5",900,20,"rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]]`,
		"", // checked below: a king taking its rook
		`[["0"]]`, `[["0"]]`, `[["0"]]`, `[["0"]]`, `[["0"]]`,
	}
	for i, w := range want {
		got, _ := json.Marshal(res[i])
		if w != "" && string(got) != w {
			t.Errorf("query %d: got %s, want %s", i+1, got, w)
		}
	}
	if len(res[6]) != 1 || !regexp.MustCompile(`^[a-h]1[a-h]1$`).MatchString(res[6][0][0].(string)) {
		t.Errorf("Chess960 O-O as UCI: got %v, want the king's square then its rook's", res[6])
	}

	// The examples of docs/EXPORT.md run on these files.
	doc, err := os.ReadFile("../../docs/EXPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```sql\n(.*?)```").FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/EXPORT.md has no SQL example")
	}
	var stmts []string
	for s := range strings.SplitSeq(string(block[1]), ";") {
		if s = strings.TrimSpace(s); s != "" {
			s = strings.NewReplacer("'games.parquet'", g, "'moves.parquet'", m).Replace(s)
			stmts = append(stmts, s)
		}
	}
	if len(stmts) < 3 {
		t.Fatalf("%d SQL examples", len(stmts))
	}
	res = query(stmts...)
	if len(res[0]) == 0 || len(res[1]) == 0 {
		t.Errorf("the first SQL examples return no row: %v", res[:2])
	}
}

func itoaT(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
