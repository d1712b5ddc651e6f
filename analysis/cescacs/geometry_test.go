package cescacs

import (
	"slices"
	"strings"
	"testing"
)

func TestBoardShape(t *testing.T) {
	perColumn := make([]int, NumColumns)
	for h := Hex(0); h < NumHexes; h++ {
		c, l := h.Column(), h.Line()
		perColumn[c]++
		if got, ok := HexAt(c, l); !ok || got != h {
			t.Errorf("HexAt(%d, %d) = %v, want %v", c, l, got, h)
		}
		if got, ok := ParseHex(h.String()); !ok || got != h {
			t.Errorf("ParseHex(%q) = %v", h.String(), got)
		}
		if h > 0 && (l < (h-1).Line() || l == (h-1).Line() && c <= (h-1).Column()) {
			t.Errorf("hex %d (%v) out of line-major order", h, h)
		}
	}
	if want := []int{8, 9, 10, 11, 12, 13, 14, 15, 14, 13, 12, 11, 10, 9, 8}; !slices.Equal(perColumn, want) {
		t.Errorf("hexes per column %v", perColumn)
	}
	for _, s := range []string{"F15", "P5", "Z23", "F29", "J3", "F", "14", "F014", "f14", "F14 ", "F-1"} {
		if h, ok := ParseHex(s); ok {
			t.Errorf("ParseHex(%q) = %v", s, h)
		}
	}
	if NoHex.Valid() || NoHex.String() != "-" || NoHex.Column() != -1 || NoHex.Line() != -1 {
		t.Error("NoHex")
	}
}

func TestHexColors(t *testing.T) {
	for s, want := range map[string]HexColor{
		"G1": HexWhite, "E1": HexWhite, "G27": HexBlack, "E27": HexBlack, "F14": HexColour,
		"F0": HexBlack, "P21": HexBlack, "Z21": HexBlack, "F28": HexWhite, "P7": HexWhite, "Z7": HexWhite,
		"F2": HexColour, "F4": HexWhite, "F6": HexBlack, "F22": HexWhite, "F24": HexBlack, "F26": HexColour,
	} {
		if got := hexOf(s).Color(); got != want {
			t.Errorf("%s: %v, want %v", s, got, want)
		}
	}
	for h := Hex(0); h < NumHexes; h++ {
		for d := range Direction(numDirections) {
			to := h.Step(d)
			if to == NoHex {
				continue
			}
			same := to.Color() == h.Color()
			if d.Diagonal() != same {
				t.Fatalf("%v→%v (direction %d): colour kept %v", h, to, d, same)
			}
		}
	}
}

func hexList(hs ...Hex) string {
	var s []string
	for _, h := range hs {
		s = append(s, h.String())
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

func TestDirectionsFromCentre(t *testing.T) {
	c := hexOf("F14")
	var ortho, diag, knight, ride []Hex
	for d := range Direction(numDirections) {
		to := c.Step(d)
		switch {
		case d.Orthogonal():
			ortho = append(ortho, to)
		case d.Diagonal():
			diag = append(diag, to)
		case d.Knight():
			knight = append(knight, to)
			ride = append(ride, to.Step(d))
		}
	}
	for _, tc := range []struct{ name, got, want string }{
		{"orthogonal", hexList(ortho...), "E13 E15 F12 F16 G13 G15"},
		{"diagonal", hexList(diag...), "D14 E11 E17 G11 G17 H14"},
		{"knight", hexList(knight...), "C13 C15 D10 D18 E19 E9 G19 G9 H10 H18 I13 I15"},
		{"ride", hexList(ride...), "B22 B6 D24 D4 H24 H4 K22 K6 T12 T16 X12 X16"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s from F14: %s, want %s", tc.name, tc.got, tc.want)
		}
	}
	var ray []Hex
	for h := range c.Ray(LineUp) {
		ray = append(ray, h)
	}
	if got := hexList(ray...); got != "G17 H20 I23" {
		t.Errorf("ray LineUp from F14: %s", got)
	}
	if !Adjacent(c, hexOf("H14")) || Adjacent(c, hexOf("F18")) || !KnightApart(c, hexOf("I15")) || KnightApart(c, hexOf("H14")) {
		t.Error("Adjacent / KnightApart")
	}
}

func TestSpecialHexes(t *testing.T) {
	var promo [2][]Hex
	var triple [2][]Hex
	for h := Hex(0); h < NumHexes; h++ {
		for c := White; c <= Black; c++ {
			if h.IsPromotion(c) {
				promo[c] = append(promo[c], h)
			}
			if h.IsTripleStep(c) {
				triple[c] = append(triple[c], h)
			}
		}
	}
	lw, lb := LeapHexes(White), LeapHexes(Black)
	for _, tc := range []struct{ got, want string }{
		{hexList(promo[White]...), "A23 B24 C25 D26 E27 F28 G27 H26 I25 K24 L23 P21 T22 X22 Z21"},
		{hexList(promo[Black]...), "A5 B4 C3 D2 E1 F0 G1 H2 I3 K4 L5 P7 T6 X6 Z7"},
		{hexList(triple[White]...), "B4 C5 D6 E7 G7 H6 I5 K4"},
		{hexList(triple[Black]...), "B24 C23 D22 E21 G21 H22 I23 K24"},
		{hexList(lw[:]...), "D2 E5 F6 H6 I5"},
		{hexList(lb[:]...), "D26 E23 F22 H22 I23"},
		{hexList(KingHome(White), KingHome(Black), RookHome(White, true), RookHome(White, false), RookHome(Black, true), RookHome(Black, false)), "C25 C3 G1 G27 I25 I3"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
	for _, l := range LeapHexes(White) {
		if !KnightApart(KingHome(White), l) {
			t.Errorf("%v is not a knight jump from G1", l)
		}
	}
}

func TestCastleHexes(t *testing.T) {
	king, from, to := CastleHexes(lookupCastle('R', "EEF"), Black)
	if hexList(king) != "E23" || hexList(from[:]...) != "C25 I25" || hexList(to[:]...) != "E21 F22" {
		t.Errorf("KRR-EEF Black: %v %v %v", king, from, to)
	}
	for id := CastleID(1); id < numCastleIDs; id++ {
		if n, _ := ParseMove(id.String(), nil); n.Castle != id {
			t.Errorf("%v does not parse back", id)
		}
	}
}
