package match

import (
	"strings"
	"testing"
)

func TestMoves(t *testing.T) {
	for _, tc := range []struct{ moves, want string }{
		{"1. e4 c5 2. Nf3", "1 9"},
		{"e4 c5 Nf3", "1 9"},
		{"1.e4 c5 2.Nf3", "1 9"},
		{"1. e2-e4 c7c5 2. Ng1f3", "1 9"}, // any spelling pgnls reads
		{"1. e4 c5 2. * d6", "1 2"},
		{"1. e4 c5 2. !Nf3", "2"},
		{"1. e4 c5 2. Nf3|Nc3", "1 2 9"},
		{"1. e4 c5 2. !Nf3|Nc3", ""},
		{"1... c5", "1 2 9"},
		{"... Nxd4", "1 2 9"}, // anywhere; game 4 has it in a variation only
		{"... cxd4 Nxd4 Nf6", "1 9"},
		{"4. Nxd4", "1 9"},
		{"5. Nxd4", "2"},
		{"4... Nf6", "1 9"},
		{"1. e4 ... 5. Nc3", "1 9"},
		{"1. e4 ... Nc3 ... a6", "1 2"}, // 9 plays a6 before Nc3
		{"1. e4 c5 ...", "1 2 9"},
		{"3. O-O O-O", "7"},
		{"... O-O", "7"},
		{"... 0-0", "7"},
		{"1. a8=N", "5"},
		{"1. a8N", "5"},
		{"1. a8=Q Kg6 2. Qe4", "6"},
		{"4. P@d5", "8"},
		{"1. d4", "3"},
		{"1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5", ""}, // the game ends before
		{"... Nxd4+", "1 2 9"},                      // marks aside
		{"Nxd4", ""},                                // from the start
	} {
		if got := selected(t, "positions.pgn", Spec{Moves: []string{tc.moves}}); got != tc.want {
			t.Errorf("%s: got games %q, want %q", tc.moves, got, tc.want)
		}
	}
	// Several patterns: any of them.
	if got := selected(t, "positions.pgn", Spec{Moves: []string{"1. d4", "1. a8=Q"}}); got != "3 6" {
		t.Errorf("two patterns: got %q, want 3 6", got)
	}
}

func TestMovesErrors(t *testing.T) {
	for _, tc := range []struct{ moves, msg string }{
		{"", "no moves"},
		{"1. e4 Zz9", `"Zz9" is not a move`},
		{"1. e4 |e5", "empty move"},
		{strings.Repeat("e4 ", 61), "more than 60"},
		{"0. e4", "out of range"},
	} {
		_, err := Compile(Spec{Moves: []string{tc.moves}})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one about %q", tc.moves, err, tc.msg)
		}
	}
	if _, err := Compile(Spec{Reaches: []string{"1. e4 e5 2. Ke3"}}); err == nil || !strings.Contains(err.Error(), "cannot be played") {
		t.Errorf("--reaches with an illegal move: %v", err)
	}
	if _, err := Compile(Spec{Reaches: []string{"1. e4 *"}}); err == nil || !strings.Contains(err.Error(), "without wildcards") {
		t.Errorf("--reaches with a wildcard: %v", err)
	}
}

func TestMaterial(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		white bool // --material-white
		want  string
	}{
		{"KRP vs KR", false, "1"},
		{"KR vs KRP", false, "1"},
		{"KR vs KRP", true, ""},
		{"KRP vs KR", true, "1"},
		{"R+P* vs R+P*", false, "1"}, // rook endings
		{"R+ vs R+", false, ""},      // White's pawn is not listed
		{"R+P+ vs R=P#", false, "1"},
		{"Q vs Q", false, ""}, // only one position: not held for 2 half-moves
		{"0 Q vs Q", false, "2"},
		{"1 Q vs Q", false, ""},
		{"0 Q", false, "2"},   // one side only: a queen against anything
		{"K vs K", false, ""}, // the last position only
		{"0 K vs K", false, "2"},
		{"BB vs NN", false, "3"},
		{"B2 vs N2", false, "3"},
		{"L2 vs L2", false, "3"},
		{"B2- vs N2+", false, "3"},
		{"B* vs N*", false, "3"},
		{"b2n0 vs b0n2", false, "3"},
		{"5 BB vs NN", false, ""}, // held for 5 half-moves: 6 positions
		{"4 BB vs NN", false, "3"},
		{"R vs P", false, ""},
		{"RP vs K", false, "4"},
		{"RP vs K", true, ""},
		{"K vs RP", true, "4"},
	} {
		spec := Spec{Material: []string{tc.spec}}
		if tc.white {
			spec = Spec{MaterialWhite: []string{tc.spec}}
		}
		if got := selected(t, "material.pgn", spec); got != tc.want {
			t.Errorf("%q (white %v): got games %q, want %q", tc.spec, tc.white, got, tc.want)
		}
	}
	for _, tc := range []struct{ spec, msg string }{
		{"", "no material"},
		{"KRX vs KR", "'X' is not a piece letter"},
		{"KR vs KR vs KR", "vs goes between"},
		{"R- vs R", "- needs a number"},
		{"R2* vs R", "* takes no number"},
		{"R+R vs R", "R given twice"},
	} {
		_, err := Compile(Spec{Material: []string{tc.spec}})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one about %q", tc.spec, err, tc.msg)
		}
	}
}

func TestProperties(t *testing.T) {
	for _, tc := range []struct{ where, want string }{
		{"End = checkmate", "1"},
		{"End = mate", "1"},
		{"End = stalemate", "2"},
		{"End = repetition", "3"},
		{"has repetition", "3 9"},
		{"End = fifty", "4"},
		{"has fifty", "4"},
		{"End = insufficient", "5"},
		{"End = variant", "6"},
		{"End = none", "7 8 9"}, // 10 has an illegal move: no end at all
		{"End != none", "1 2 3 4 5 6 10"},
		{"has comments", "7"},
		{"has clock", "7 8"},
		{"has eval", "7"},
		{"has variations", "7"},
		{"has nags", "7 8"},
		{"has setup", "2 4 5"},
		{"has promotion", ""},
		{"Variant = kingofthehill", "6"},
		{`Variant = "King of the Hill"`, "6"},
		{"Variant = koth", "6"},
		{"Variant = chess", "1 2 3 4 5 7 8 9 10"},
		{"Variant ~ hill", "6"},
		{"ClassifiedECO = A00", "1"},
		{"ClassifiedECO = C40..C49", "7 8"},
		{`ClassifiedOpening ~ "King's Knight"`, "7 8"},
		{`ClassifiedOpening = "King's Knight Opening"`, "7 8"},
		{`ClassifiedOpening = "Barnes Opening"`, "1"},
		{`ClassifiedOpening = "Barnes Opening: Fool's Mate"`, "1"},
		{"not has ClassifiedECO", "1 2 3 4 5 6 7 8 9 10"}, // a pseudo-tag is not a tag
	} {
		if got := selected(t, "ends.pgn", Spec{Where: tc.where}); got != tc.want {
			t.Errorf("%s: got games %q, want %q", tc.where, got, tc.want)
		}
	}
	for _, tc := range []struct{ where, want string }{
		{"has underpromotion", "5"},
		{"has promotion", "5 6"},
		{"has setup", "5 6 7"},
		{"Variant = chess960", "7"},
		{"Variant = crazyhouse", "8"},
		{"Variant = zh", "8"},
		{"End = insufficient", "5"},
	} {
		if got := selected(t, "positions.pgn", Spec{Where: tc.where}); got != tc.want {
			t.Errorf("positions.pgn: %s: got games %q, want %q", tc.where, got, tc.want)
		}
	}
}

// TestCTL runs the criteria of both dialects on C'escacs records.
func TestCTL(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
		want string
	}{
		{"result", Spec{Where: "Result = 0-3"}, "1 2"},
		{"black wins", Spec{Where: "Result = black"}, "1 2"},
		{"plies", Spec{Where: "Plies = 12"}, "1 2"},
		{"plies of a short record", Spec{Where: "Plies < 10"}, "3"},
		{"variant", Spec{Where: "Variant = cescacs"}, "1 2 3"},
		{"variant as written", Spec{Where: `Variant = "C'escacs"`}, "1 2 3"},
		{"checkmate", Spec{Where: "End = checkmate"}, "1 2"},
		{"has variations", Spec{Where: "has variations"}, "2"},
		{"event", Spec{Where: "Event ~ boig"}, "1 2"},
		{"moves from the start", Spec{Moves: []string{"1. H6-H12, I23-I19"}}, "1 2"},
		{"moves anywhere", Spec{Moves: []string{"... GL5-H6#"}}, "1 2"},
		{"moves at a number", Spec{Moves: []string{"6. K4-K10"}}, "1 2"},
		{"Black's move", Spec{Moves: []string{"6. …, GL5-H6"}}, "1 2"},
		{"Black's move at 5", Spec{Moves: []string{"5. …, GL5-H6"}}, ""},
		{"reaches", Spec{Reaches: []string{"1. E7-E13, E21-E15 2. F8-F12, F20-F16"}}, "3"},
		{"material", Spec{Material: []string{"0 KDVR2G2N2J3E4P10 vs KDVR2G2N2J3E4P10"}}, "3"},
		{"material held", Spec{Material: []string{"DVR2G2N2J3E4P11 vs DVR2G2N2J3E4P11"}}, "1 2 3"},
		{"chess letters", Spec{Material: []string{"Q vs Q"}}, ""},
		{"a chess FEN does not apply", Spec{FEN: []string{najdorf}}, ""},
	} {
		if got := selected(t, "records.ctl-pgn", tc.spec); got != tc.want {
			t.Errorf("%s: got records %q, want %q", tc.name, got, tc.want)
		}
	}
	q, err := Compile(Spec{FEN: []string{najdorf}, FENPattern: []string{"*/*/*/*/*/*/*/*"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(q.Unsupported(1), ", "); got != "--fen, --fen-pattern" {
		t.Errorf("Unsupported(CTL-PGN) = %q", got)
	}
}
