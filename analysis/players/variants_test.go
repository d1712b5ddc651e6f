package players

import (
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// TestNames: spacing, comma, case and blank variants, and initials that
// stand for one full name, are variants of the most frequent spelling
// of the fullest name; different people, and initials that could be
// either of two of them, are not.
func TestNames(t *testing.T) {
	var n Names
	add := func(name string, times int) {
		for range times {
			n.Add(name)
		}
	}
	add("Le, Quang Liem", 5)
	add("Le,Quang Liem", 2)
	add("Le Quang Liem", 1)
	add("Carlsen, Magnus", 3)
	add("Carlsen,M", 4)
	add("Morphy, Paul ", 7)
	add("Morphy, Paul", 2)
	add("Polgar, Judit", 3)
	add("Polgar, Susan", 3)
	add("Polgar, Sofia", 1)
	add("Polgar, S", 2)
	add("Polgar, J", 1)
	add("CARLSEN, MAGNUS", 1)
	add("?", 9)
	for _, tt := range []struct{ name, canon string }{
		{"Le,Quang Liem", "Le, Quang Liem"},
		{"Le Quang Liem", "Le, Quang Liem"},
		{"Le, Quang Liem", ""},
		{"Carlsen,M", "Carlsen, Magnus"},
		{"CARLSEN, MAGNUS", "Carlsen, Magnus"},
		{"Carlsen, Magnus", ""},
		{"Morphy, Paul ", "Morphy, Paul"},
		{"Morphy, Paul", ""},
		{"Polgar, Judit", ""},
		{"Polgar, Susan", ""},
		{"Polgar, Sofia", ""},
		{"Polgar, S", ""}, // Susan or Sofia
		{"Polgar, J", "Polgar, Judit"},
		{"?", ""},
	} {
		c, ok := n.Canonical(tt.name)
		if ok != (tt.canon != "") || c != tt.canon {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tt.name, c, ok, tt.canon)
		}
	}
	if got := strings.Join(n.Spellings("Carlsen, Magnus"), " | "); got != "Carlsen, Magnus | Carlsen,M | CARLSEN, MAGNUS" {
		t.Errorf("spellings of Carlsen: %s", got)
	}
}

// TestNamesFile: a names file chooses the canonical spelling and joins
// spellings the rules keep apart.
func TestNamesFile(t *testing.T) {
	var n Names
	for _, s := range []string{"Kortschnoj, Viktor", "Kortschnoj, Viktor", "Korchnoi, Viktor", "Carlsen,M", "Carlsen,M", "Carlsen, Magnus"} {
		n.Add(s)
	}
	if err := n.ReadFile(strings.NewReader("# players\nKorchnoi, Viktor = Kortschnoj, Viktor; Kortchnoi, V\n\nCarlsen, Magnus Oen = Carlsen, Magnus\n")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, canon string }{
		{"Kortschnoj, Viktor", "Korchnoi, Viktor"},
		{"Korchnoi, Viktor", ""},
		{"Carlsen,M", "Carlsen, Magnus Oen"},
		{"Carlsen, Magnus", "Carlsen, Magnus Oen"},
	} {
		if c, ok := n.Canonical(tt.name); ok != (tt.canon != "") || c != tt.canon {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tt.name, c, ok, tt.canon)
		}
	}
	for _, tt := range []struct{ name, canon string }{
		{"kortschnoj viktor", "Korchnoi, Viktor"},
		{"Korchnoi,Viktor", "Korchnoi, Viktor"},
		{"Kortchnoi, V.", "Korchnoi, Viktor"},
		{"Carlsen,M", ""}, // a variant by the counts, not by the file
		{"?", ""},
	} {
		if c, ok := n.Listed(tt.name); ok != (tt.canon != "") || c != tt.canon {
			t.Errorf("Listed(%q) = %q, %v; want %q", tt.name, c, ok, tt.canon)
		}
	}
	if got, want := n.ListedSpellings("Korchnoi, Viktor"), []string{"Korchnoi, Viktor", "Kortschnoj, Viktor", "Kortchnoi, V"}; !slices.Equal(got, want) {
		t.Errorf("ListedSpellings = %q, want %q", got, want)
	}
	if err := n.ReadFile(strings.NewReader("no equals sign\n")); err == nil {
		t.Error("a line without = read")
	}
}

// TestCounts: FileVariants counts the spellings of the other files of
// the collection, not those of the file's own text on disk, which its
// text replaces; only spellings of its surnames are taken.
func TestCounts(t *testing.T) {
	var c Counts
	c.SetFile("/ws/a.pgn", map[string]int{"Carlsen, Magnus": 3, "Polgar, Judit": 1, "?": 5})
	c.SetFile("/ws/doc.pgn", map[string]int{"Carlsen,M": 1, "Carlsen, Magnus": 9}) // the disk of the document
	var n Names
	n.SetCounts(&c)
	doc := "[White \"Carlsen,M\"]\n[Black \"Kasparov, Garry\"]\n\n1. e4 *\n"
	// One cache throughout: it must see the other file's name and the
	// counts' changes.
	var cache Cache
	variants := func(name string) []string {
		f := syntax.Parse(name, doc, syntax.PGN)
		var out []string
		for _, d := range fileDiagnostics(f, &analysis.Config{}, &n, &cache) {
			out = append(out, d.Message)
		}
		return out
	}
	want := `"Carlsen,M" is another spelling of "Carlsen, Magnus": "Carlsen, Magnus" 3, "Carlsen,M" 1`
	if got := variants("/ws/doc.pgn"); len(got) != 1 || got[0] != want {
		t.Errorf("doc.pgn: %q, want %q", got, want)
	}
	if got := variants("/ws/other.pgn"); len(got) != 1 || !strings.Contains(got[0], `"Carlsen, Magnus" 12, "Carlsen,M" 2`) {
		t.Errorf("another file: %q", got)
	}
	if c.SetFile("/ws/a.pgn", map[string]int{"Polgar, Judit": 1, "Carlsen, Magnus": 3}) {
		t.Error("the same counts again changed them")
	}
	if !c.Retain([]string{"/ws/doc.pgn"}) || c.Retain([]string{"/ws/doc.pgn"}) {
		t.Error("Retain does not tell whether it forgot a file")
	}
	if got := variants("/ws/doc.pgn"); len(got) != 0 {
		t.Errorf("a.pgn forgotten: %q", got)
	}
	if !c.SetFile("/ws/doc.pgn", nil) || len(c.files) != 0 || len(c.bySurname) != 0 {
		t.Errorf("all forgotten: %v %v", c.files, c.bySurname)
	}
}
