package match

import (
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// FuzzWhere checks the --where parser on any input: it never panics, an
// error points inside the expression, and an expression it reads prints
// in a canonical form that reads back as itself. The expression is then
// evaluated on a game, which must not panic either.
func FuzzWhere(f *testing.F) {
	for _, s := range []string{
		`White ~ Kasparov and Result = 1-0`,
		`Elo >= 2700 or (Date < 1990.??.?? and not has comments)`,
		`ECO = B90..B99`,
		`White ~ /^Ka\/s/i`,
		`Player = "Carlsen, Magnus" and Plies > 40`,
		`End = checkmate and has underpromotion`,
		`ClassifiedECO = C60..C99 or ClassifiedOpening ~ Sicilian`,
		`Speed = blitz and BaseTime <= 300 and Increment != 0`,
		`EloDiff > 200 and MinElo >= 2500`,
		`Event = 'Linares \' 93' or Site ~ "a \"b\""`,
		`has Annotator and not has "variations"`,
		`((((a = b))))`,
		`Variant = "King of the Hill" or Variant = cescacs`,
		`Date = 1990..1999 and Round >= 5`,
		`White <> x`,
		`!`, `(`, `"`, `/`, `a ~ /(/`, `a = 1..`,
	} {
		f.Add(s)
	}
	game := syntax.Parse("f.pgn", "[Event \"E\"]\n[White \"Kasparov, Garry\"]\n[Date \"1990.??.??\"]\n[WhiteElo \"2800\"]\n[TimeControl \"300+2\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:05:00] a } e5 (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", syntax.PGN)
	var g *syntax.Game
	for _, r := range game.Games() {
		g = r.Game
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ParseWhere(src)
		if err != nil {
			pe, ok := err.(*Error)
			if !ok {
				t.Fatalf("%q: error of type %T", src, err)
			}
			if pe.Offset < 0 || pe.Offset > len(src) {
				t.Fatalf("%q: error offset %d out of the text", src, pe.Offset)
			}
			_ = pe.Error()
			_ = pe.Caret()
			return
		}
		if !utf8.ValidString(src) {
			return // the canonical form of bytes that are not UTF-8 may differ
		}
		canon := e.String()
		e2, err := ParseWhere(canon)
		if err != nil {
			t.Fatalf("%q: canonical form %q does not read: %v", src, canon, err)
		}
		if e2.String() != canon {
			t.Fatalf("%q: canonical form %q reads back as %q", src, canon, e2.String())
		}
		q := &Query{where: e}
		q.Match(g, syntax.PGN)
	})
}

// FuzzCriteria gives any text to every other criterion's reader (FEN,
// FEN pattern, PDTL, moves, --reaches, material, ranges): none panics, an
// error points inside the text, and a criterion that reads is evaluated
// on a chess game and a C'escacs record without panicking.
func FuzzCriteria(f *testing.F) {
	for _, s := range []string{
		"rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
		"*/*/*/*/???PP???/*/*/*", "r*/[^Pp]*/?!Aa*/8/8/8/8/8 w",
		"1. e4 c5 2. Nf3|Nc3 * !d6 ... O-O", "14... Bxh7+", "1. H6-H12, I23-I19", "6. …, GL5-H6",
		"10 KRP vs KR", "q*r+l*p+ vs q=r1<=l2>=p1<", "DVR2G2N2J3E4P11 vs DVR2G2N2J3E4P11",
		"1:10,15,20:", ":5", "1..3",
		"/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
	} {
		f.Add(s)
	}
	chessGames := syntax.Parse("f.pgn", "[Event \"E\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 (5... e5) 6. Be3 e5 *\n\n[FEN \"8/P6k/8/8/8/8/6K1/8 w - - 0 1\"]\n\n1. a8=N Kg6 *\n", syntax.PGN)
	ctlGames := syntax.Parse("f.ctl-pgn", "[Variant \"C'escacs\"]\n1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n(2. L5-L7)\n*\n", syntax.CTLPGN)
	f.Fuzz(func(t *testing.T, s string) {
		check := func(source string, err error) bool {
			if err == nil {
				return true
			}
			pe, ok := err.(*Error)
			if !ok {
				t.Fatalf("%s %q: error of type %T", source, s, err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("%s %q: error offset %d out of the text", source, s, pe.Offset)
			}
			return false
		}
		_, err := ParseRanges("--games", s)
		check("ranges", err)
		for _, spec := range []Spec{
			{FEN: []string{s}}, {FENPattern: []string{s}}, {FENPatternEither: []string{s}}, {PDTL: []string{s}},
			{Moves: []string{s}}, {Reaches: []string{s}}, {Material: []string{s}}, {MaterialWhite: []string{s}, Variations: true},
		} {
			q, err := Compile(spec)
			if !check("criterion", err) {
				continue
			}
			for _, r := range chessGames.Games() {
				q.Match(r.Game, syntax.PGN)
			}
			for _, r := range ctlGames.Games() {
				q.Match(r.Game, syntax.CTLPGN)
			}
		}
	})
}
