package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// games parses the file testdata/match/name and returns its games.
func games(t *testing.T, name string) []*syntax.Game {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "match", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := syntax.DetectDialect(name, string(data))
	f := syntax.Parse(name, string(data), d)
	var gs []*syntax.Game
	for _, r := range f.Games() {
		gs = append(gs, r.Game)
	}
	return gs
}

// selected returns the 1-based numbers of the games of the file name
// that spec selects, as "1 3".
func selected(t *testing.T, name string, spec Spec) string {
	t.Helper()
	q, err := Compile(spec)
	if err != nil {
		t.Fatalf("%+v: %v", spec, err)
	}
	path := filepath.Join("..", "..", "testdata", "match", name)
	data, _ := os.ReadFile(path)
	d := syntax.DetectDialect(name, string(data))
	var out []string
	for i, g := range games(t, name) {
		if q.Match(g, d) {
			out = append(out, itoa(i+1))
		}
	}
	return strings.Join(out, " ")
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

func TestWhereTags(t *testing.T) {
	for _, tc := range []struct{ where, want string }{
		{`White ~ Kasparov`, "1"},
		{`white ~ kasparov and Result = 1-0`, "1"},
		{`White ~ Kasparov and Result = 0-1`, ""},
		{`Player ~ Carlsen`, "2 3"},
		{`Player = "Carlsen, Magnus"`, "2 3"}, // Carlsen,M may be him
		{`Player = "Carlsen, Mikhail"`, "2"},  // ... and so may he; Magnus may not
		{`Player != Carlsen`, "1 4"},
		{`White ~ "Le Quang"`, "2"}, // spacing and commas aside
		{`White = "le quang liem"`, "2"},
		{`White ~ /^Ka/`, "1"},
		{`White ~ /^ka/`, ""},
		{`White ~ /^ka/i`, "1"},
		{`White !~ /^Ka/`, "2 3 4"},
		{`Elo >= 2800`, "1 3"},
		{`WhiteElo >= 2800`, "1 3"},
		{`MinElo >= 2700`, "1 3"},
		{`MaxElo < 2700`, ""},
		{`EloDiff >= 80`, "1"},
		{`EloDiff < 80`, "3"},
		{`Elo = 2600..2700`, "2"},
		{`ECO = B90..B99`, "1"},
		{`ECO = b90..b99`, "1"},
		{`ECO != B90..B99`, "2 3 4"},
		{`ECO >= C00`, "3"},
		{`Date >= 1993`, "1"},
		{`Date < 1991`, "2 4"},
		{`Date = 1990`, "2"},
		{`Date = 1990.05`, ""}, // 1990.??.?? may be May, or not
		{`Date <= 1990.12`, "2 4"},
		{`Date > 1990.06`, "1"},
		{`Date < 1990.06`, "4"}, // 1990.??.?? may be later
		{`Date >= 1990.01.01`, "1 2"},
		{`Date = 1960..1970`, "4"},
		{`Result = 1/2`, "2"},
		{`Result = draw`, "2"},
		{`Result = decisive`, "1 3"},
		{`Result = white`, "1"},
		{`Result = unfinished`, "4"},
		{`Result = "*"`, "4"},
		{`Result != 1-0`, "2 3 4"},
		{`Plies = 2`, "2"},
		{`Plies >= 5`, "1 3"},
		{`Moves = 1`, "2 4"},
		{`Moves = 6`, "1"},
		{`Speed = blitz`, "2"},
		{`Speed = bullet`, "3"},
		{`Speed = classical`, "1"},
		{`BaseTime < 100`, "3"},
		{`Increment = 2`, "2"},
		{`Site ~ lichess`, "3"},
		{`has Site`, "1 3"}, // "?" is no value
		{`not has Site`, "2 4"},
		{`has Round`, "1 3"},
		{`(White ~ Tal or Black ~ Karpov) and not Result = 1-0`, "4"},
		{`White ~ Tal or Black ~ Karpov and Result = 0-1`, "4"}, // and binds tighter
		{`Variant = standard`, "1 2 3 4"},
		{`Round = 3`, "1"},
		{`Event = linares`, "1"},
		{`Event = "No result tag"`, "4"},
		{`Annotator ~ x`, ""},
		{`Annotator !~ x`, "1 2 3 4"},
	} {
		if got := selected(t, "tags.pgn", Spec{Where: tc.where}); got != tc.want {
			t.Errorf("%s: got games %q, want %q", tc.where, got, tc.want)
		}
	}
}

func TestWhereErrors(t *testing.T) {
	for _, tc := range []struct {
		where string
		col   int
		msg   string
	}{
		{`White = `, 9, "expected a value after White ="},
		{`White Kasparov`, 7, "expected an operator"},
		{`White ~ Carlsen Magnus`, 17, "a value with blanks needs quotes"},
		{`(White ~ a`, 1, "'(' not closed"},
		{`White ~ a)`, 10, "unexpected ')'"},
		{`White ~ "abc`, 9, "string not terminated"},
		{`White ~ /abc`, 9, "regular expression not terminated"},
		{`White ~ /a(/`, 9, "bad regular expression"},
		{`White = /a/`, 9, "goes with ~ or !~"},
		{`Elo >= high`, 8, "Elo is a number"},
		{`Result < 1-0`, 10, "results have no order"},
		{`End = mated`, 7, "unknown end"},
		{`ECO < B90..B99`, 7, "goes with = or !="},
		{`has frobnicate!`, 15, "unexpected '!'"},
		{`White ! Kasparov`, 7, "unexpected '!'"},
		{`and`, 1, "expected a criterion"},
		{``, 0, ""},
		{`White ~ a and`, 14, "found end of expression"},
		{`White ~ and`, 9, "quote a value that is a keyword"},
		{`Plies = 1..x`, 9, "numbers at both ends"},
		{`ClassifiedOpening = "Not an opening"`, 21, "not an opening"},
		{`Wh*te = x`, 1, "not a tag or field name"},
		{strings.Repeat("(", 300) + "a = b" + strings.Repeat(")", 300), 201, "nested too deeply"},
		{strings.Repeat("not ", 300) + "a = b", 801, "nested too deeply"},
	} {
		_, err := ParseWhere(tc.where)
		if tc.msg == "" {
			if tc.where == "" {
				continue
			}
		}
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: error %v, want one at column %d", tc.where, err, tc.col)
			continue
		}
		if e.Column() != tc.col || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: column %d %q, want column %d with %q", tc.where, e.Column(), e.Msg, tc.col, tc.msg)
		}
	}
}

// TestWhereString checks that an expression's canonical form reads back
// as the same expression.
func TestWhereString(t *testing.T) {
	for _, src := range []string{
		`White ~ Kasparov and Result = 1-0`,
		`not (Elo >= 2700 or Date < 1990.??.??) and has comments`,
		`White ~ /^Ka\/s/i`,
		`ECO = B90..B99`,
		`Event = "a \"quoted\" \\ value"`,
		`has "comments" or has Annotator`,
		`White <> x`,
	} {
		e, err := ParseWhere(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		e2, err := ParseWhere(e.String())
		if err != nil {
			t.Fatalf("%s: canonical %s: %v", src, e.String(), err)
		}
		if e.String() != e2.String() {
			t.Errorf("%s: %s reads back as %s", src, e, e2)
		}
	}
}

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		s       string
		lenient bool
		lo, hi  int
		ok      bool
	}{
		{"1990.05.17", false, 19900517, 19900517, true},
		{"1990.??.??", false, 19900101, 19901231, true},
		{"1990.02.??", false, 19900201, 19900228, true},
		{"1992.02", false, 19920201, 19920229, true},
		{"1990", false, 19900101, 19901231, true},
		{"1990-05-17", false, 19900517, 19900517, true},
		{"????.??.??", false, 0, 99999999, true},
		{"?", false, 0, 99999999, true},
		{"2012.16.6", false, 0, 0, false},
		{"2012.16.6", true, 20120101, 20121231, true}, // day and month swapped: the year counts
		{"2012.02.30", true, 20120201, 20120229, true},
		{"2012.02.30", false, 0, 0, false},
		{"90.01.01", true, 0, 0, false},
		{"1990..01", false, 0, 0, false},
		{"abc", true, 0, 0, false},
		{"", true, 0, 0, false},
	} {
		d, ok := parseDate(tc.s, tc.lenient)
		if ok != tc.ok || ok && (d.lo != tc.lo || d.hi != tc.hi) {
			t.Errorf("parseDate(%q, %v) = %v %v, want %d..%d %v", tc.s, tc.lenient, d, ok, tc.lo, tc.hi, tc.ok)
		}
	}
}

// TestWhereNames: with a names file, the comparisons of names take every
// spelling it gives a player as that player's name, and keep apart the
// players it does not join.
func TestWhereNames(t *testing.T) {
	var n players.Names
	file := "Kasparov, Garry = Kasparow, Garri; Garry Kasparov\nTal, Mikhail = Tal\n"
	if err := n.ReadFile(strings.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ where, without, with string }{
		{`White = Kasparow`, "", "1"},
		{`White = "Garry Kasparov"`, "", "1"},
		{`Player = "Kasparow, Garri"`, "", "1"},
		{`White ~ Kasparow`, "", "1"},
		{`Player ~ "garri"`, "", "1"},
		{`White ~ /Garri$/`, "", "1"},
		{`White !~ Kasparow`, "1 2 3 4", "2 3 4"},
		{`Player != "Garry Kasparov"`, "1 2 3 4", "2 3 4"},
		{`White ~ Mikhail`, "", "4"},
		{`White = "Tal, Mikhail"`, "4", "4"},
		{`White = "Tal, Mikhail Nekhemievich"`, "4", "4"},
		{`Black = "Karpow, Anatoli"`, "", ""}, // nor that Karpov is Karpow
		{`Player ~ Carlsen`, "2 3", "2 3"},
	} {
		if got := selected(t, "tags.pgn", Spec{Where: tc.where}); got != tc.without {
			t.Errorf("%s without a names file: got games %q, want %q", tc.where, got, tc.without)
		}
		if got := selected(t, "tags.pgn", Spec{Where: tc.where, Names: &n}); got != tc.with {
			t.Errorf("%s with the names file: got games %q, want %q", tc.where, got, tc.with)
		}
	}
}
