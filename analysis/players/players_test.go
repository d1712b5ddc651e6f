package players_test

import (
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
	// Other players, for all the rule knows.
	{"Polgar, Judit", "Polgar, Susan", false},
	{"Polgar, J", "Polgar, Susan", false},
	{"Carlsen, Magnus", "Carlsen, Mikhail", false},
	{"Carlsen, M", "Caruana, M", false},
	{"Carlsen", "Carlsen, Magnus", false},
	{"Carlsen, M", "Carlsen, Magnus Oen", false},
	{"Magnus Carlsen", "Carlsen, Magnus", false},
	{"M Carlsen", "Magnus Carlsen", false},
	{"Le, Quang L", "Le, Quang Liem", false},
	{"Le, Q", "Le, Quang Liem", false},
	{"Kasparov, Gary", "Kasparov, Garry", false},
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
