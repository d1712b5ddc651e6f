package tags

import "testing"

// TestRank holds rank to the order of Roster.
func TestRank(t *testing.T) {
	for i, name := range Roster {
		if r := rank(name); r != i {
			t.Errorf("rank(%q) = %d, want %d", name, r, i)
		}
	}
	for _, name := range []string{"", "event", "WhiteElo", "ECO", "Results"} {
		if r := rank(name); r != len(Roster) {
			t.Errorf("rank(%q) = %d, want %d", name, r, len(Roster))
		}
	}
}
