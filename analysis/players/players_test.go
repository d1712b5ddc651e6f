package players_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/players"
)

// pairs are names that Same must take for one player (same) or keep
// apart.
var pairs = []struct {
	a, b string
	same bool
}{
	// Spacing, commas, periods and case.
	{"Le, Quang Liem", "Le,Quang Liem", true},
	{"Le, Quang Liem", "Le Quang Liem", true},
	{"Le,Quang Liem", "Le Quang Liem", true},
	{"Morphy, Paul ", "Morphy, Paul", true},
	{"  Morphy,   Paul", "morphy, PAUL", true},
	{"Anand, Viswanathan", "Anand,Viswanathan", true},
	{"Ivanchuk, Vassily.", "Ivanchuk Vassily", true},
	{"Ivanchuk, Vassily", "Ivanchuk, Vassily", true},
	{"Öztürk, Çağla", "ÖZTÜRK, ÇAĞLA", true},
	// Initials for the given names.
	{"Carlsen,M", "Carlsen, Magnus", true},
	{"Carlsen, M.", "Carlsen, Magnus", true},
	{"Carlsen M", "Carlsen, Magnus", true},
	{"Le, Q. L.", "Le, Quang Liem", true},
	{"Le, Q.L.", "Le Quang Liem", true},
	{"Van der Wiel, J", "Van der Wiel, John", true},
	{"Kasparov, G", "Kasparov,Gary", true},
	{"Kramnik,V", "Kramnik, Vladimir", true},
	{"Bauer, JH.", "Bauer, Johann", true},
	{"Bauer, JH.", "Bauer, J. H.", true},
	{"Bauer, JH.", "Bauer, Johann Hermann", true},
	{"Le, Quang L", "Le, Quang Liem", true},
	{"Le, Q", "Le, Quang Liem", true},
	{"Öztürk, Ç", "Öztürk, Çağla", true},
	// Given names missing from one name.
	{"Pillsbury, Harry", "Pillsbury, Harry Nelson", true},
	{"Carlsen, M", "Carlsen, Magnus Oen", true},
	{"Tal", "Tal, Mihail", true},
	{"Carlsen", "Carlsen, Magnus", true},
	// Other players, for all the rule knows.
	{"Polgar, Judit", "Polgar, Susan", false},
	{"Polgar, J", "Polgar, Susan", false},
	{"Carlsen, Magnus", "Carlsen, Mikhail", false},
	{"Carlsen, M", "Caruana, M", false},
	{"Magnus Carlsen", "Carlsen, Magnus", false},
	{"M Carlsen", "Magnus Carlsen", false},
	{"Bauer, JH.", "Bauer, Jakob Kurt", false},
	{"Bauer, JH", "Bauer, Johann", false}, // capitals without a period are a name
	{"Bauer, JH.", "Bauer, Karl", false},
	{"Öztürk, Ö", "Öztürk, Çağla", false},
	{"Ivanov, Ä", "Ivanov, Ö", false},
	{"Harry Nelson Pillsbury", "Pillsbury, Harry Nelson", false},
	{"Korchnoi, Viktor", "Kortschnoj, Viktor", false},
	{"De la Bourdonnais, Louis", "La Bourdonnais", false}, {"Kasparov, Gary", "Kasparov, Garry", false},
	{"Grischuk, Alexander", "Shirov, Alexei", false},
	{"Grischuk,A", "Shirov,A", false},
	{"Zhu, Chen", "Chen, Zhu", false},
	{"Van der Wiel, John", "Van der Wiel J", false}, // without the comma the surname is "Van"
	// Unknown names are the same as no other.
	{"?", "?", false},
	{"", "", false},
	{"-", "Carlsen, Magnus", false},
	{" , ", "Carlsen, Magnus", false},
}

func TestSame(t *testing.T) {
	for _, p := range pairs {
		for _, ab := range [][2]string{{p.a, p.b}, {p.b, p.a}} {
			if got := players.Same(ab[0], ab[1]); got != p.same {
				t.Errorf("Same(%q, %q) = %v, want %v", ab[0], ab[1], got, p.same)
			}
			pa, pb := players.PrintOf(ab[0]), players.PrintOf(ab[1])
			if got := pa.Same(pb); got != p.same {
				t.Errorf("PrintOf(%q).Same(PrintOf(%q)) = %v, want %v", ab[0], ab[1], got, p.same)
			}
		}
	}
	for _, p := range pairs {
		if !players.Unknown(p.a) && !players.Same(p.a, p.a) {
			t.Errorf("Same(%q, itself) = false", p.a)
		}
	}
}

func TestKey(t *testing.T) {
	for _, c := range []struct{ name, key string }{
		{"Le,Quang Liem", "le quang liem"},
		{" Le,  Quang\tLiem. ", "le quang liem"},
		{"Carlsen, M.", "carlsen m"},
		{"Bauer, JH.", "bauer j h"},
		{"Bauer, JH", "bauer jh"},
		{"JH. Bauer", "jh bauer"},
		{"?", ""},
		{"", ""},
		{"-", ""},
		{"O'Kelly de Galway, Alberic", "o'kelly de galway alberic"},
	} {
		if got := players.Key(c.name); got != c.key {
			t.Errorf("Key(%q) = %q, want %q", c.name, got, c.key)
		}
	}
}

func TestUnknown(t *testing.T) {
	for name, want := range map[string]bool{
		"": true, "?": true, " ? ": true, "-": true, ", .": true,
		"NN": false, "Carlsen": false, "??": false,
	} {
		if got := players.Unknown(name); got != want {
			t.Errorf("Unknown(%q) = %v, want %v", name, got, want)
		}
		if got := players.PrintOf(name).Known(); got == want {
			t.Errorf("PrintOf(%q).Known() = %v, want %v", name, got, !want)
		}
	}
}

// TestPrintAgrees: on the names of real databases, a Print compares as
// Same does, for every pair of names that share their first three
// letters (the pairs Same may match) and for a sample of the others.
func TestPrintAgrees(t *testing.T) {
	var names []string
	seen := map[string]bool{}
	for _, path := range []string{
		"../../../shared/testdata/pgn/big/pgnmentor-Kasparov.pgn",
		"../../../shared/testdata/pgn/big/pgnmentor-Lasker.pgn",
		"../../../shared/testdata/pgn/big/twic-01-232games.pgn",
		"../../../shared/testdata/pgn/annotated/vanreek-world-matches.pgn",
	} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Skip(err)
		}
		for _, m := range tagRE.FindAllStringSubmatch(string(data), -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				names = append(names, m[1])
			}
		}
	}
	for _, p := range pairs {
		names = append(names, p.a, p.b)
	}
	prints := make([]players.Print, len(names))
	prefix := make([]string, len(names))
	for i, n := range names {
		prints[i] = players.PrintOf(n)
		k := players.Key(n)
		prefix[i] = k[:min(3, len(k))]
	}
	same, compared := 0, 0
	for i := range names {
		for j := range names {
			if prefix[i] != prefix[j] && (i+j)%97 != 0 {
				continue
			}
			compared++
			want := players.Same(names[i], names[j])
			if got := prints[i].Same(prints[j]); got != want {
				t.Errorf("prints of %q and %q: Same %v, Same of the names %v", names[i], names[j], got, want)
			}
			if want && names[i] != names[j] {
				same++
			}
		}
	}
	if same == 0 {
		t.Errorf("no two spellings of one name among %d names (%d pairs)", len(names), compared)
	}
	t.Logf("%d names, %d pairs compared, %d of other spellings the same", len(names), compared, same)
}

var tagRE = regexp.MustCompile(`(?m)^\[(?:White|Black) "([^"]*)"\]`)

// TestPrintAgreesGenerated: prints compare as Same does over names made
// of surnames, given names and initials in the forms databases write
// them (commas, periods, case, glued initials), every pair of them.
func TestPrintAgreesGenerated(t *testing.T) {
	surnames := []string{"Le", "Carlsen", "Van der Wiel", "Öztürk", "Bauer", "carlsen"}
	givens := []string{"", "Magnus", "M", "M.", "Mikhail", "Quang Liem", "Q. L.", "Q.L.", "Quang L", "JH.", "J H", "Johann Hermann", "Johann", "Çağla", "Ç", "ç.", "Magnus Oen"}
	forms := []func(s, g string) string{
		func(s, g string) string { return s + ", " + g },
		func(s, g string) string { return s + "," + g },
		func(s, g string) string { return s + " " + g + " " },
		func(s, g string) string { return strings.ToUpper(s) + ", " + g },
	}
	var names []string
	for _, s := range surnames {
		for _, g := range givens {
			for _, f := range forms {
				names = append(names, f(s, g))
			}
		}
	}
	prints := make([]players.Print, len(names))
	for i, n := range names {
		prints[i] = players.PrintOf(n)
	}
	same := 0
	for i := range names {
		for j := range names {
			want := players.Same(names[i], names[j])
			if got := prints[i].Same(prints[j]); got != want {
				t.Fatalf("prints of %q and %q: Same %v, Same of the names %v", names[i], names[j], got, want)
			}
			if want {
				same++
			}
		}
	}
	t.Logf("%d names, %d pairs the same", len(names), same)
}

// TestPrintBinary: a print comes back from its binary form as it was.
func TestPrintBinary(t *testing.T) {
	for _, name := range []string{"", "?", "Carlsen, Magnus", "Le,Quang Liem", "Bauer, JH.", "Ötvös, Ödön Ádám Béla"} {
		p := players.PrintOf(name)
		b, err := p.AppendBinary([]byte("x"))
		if err != nil || len(b) != 1+players.PrintSize {
			t.Fatalf("%q: %d bytes, %v", name, len(b), err)
		}
		var q players.Print
		if err := q.UnmarshalBinary(b[1:]); err != nil || q != p {
			t.Errorf("%q: %+v came back as %+v (%v)", name, p, q, err)
		}
	}
	var q players.Print
	if q.UnmarshalBinary(make([]byte, players.PrintSize-1)) == nil {
		t.Error("a short form read without an error")
	}
}
