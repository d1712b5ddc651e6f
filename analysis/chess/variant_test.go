package chess

import "testing"

func TestParseVariant(t *testing.T) {
	for name, want := range map[string]Variant{
		"": Standard, "Standard": Standard, "From Position": Standard, "chess": Standard,
		"Chess960": Chess960, "chess 960": Chess960, "fischerandom": Chess960, "Fischer Random": Chess960,
		"Crazyhouse": Crazyhouse, "crazyhouse": Crazyhouse, "ZH": Crazyhouse,
		"Atomic": Atomic, "atomic": Atomic,
		"Antichess": Antichess, "Giveaway": Antichess, "giveaway": Antichess, "anti": Antichess,
		"King of the Hill": KingOfTheHill, "kingofthehill": KingOfTheHill, "KOTH": KingOfTheHill, "King-of-the-Hill": KingOfTheHill,
		"Three-check": ThreeCheck, "3check": ThreeCheck, "threecheck": ThreeCheck, "Three Check": ThreeCheck,
		"Horde": Horde, "horde": Horde,
		"Racing Kings": RacingKings, "racingkings": RacingKings, "racing_kings": RacingKings,
	} {
		if got, ok := ParseVariant(name); !ok || got != want {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v, true", name, got, ok, want)
		}
	}
	for _, name := range []string{"Suicide", "Bughouse", "Shogi", "chess 961"} {
		if v, ok := ParseVariant(name); ok {
			t.Errorf("ParseVariant(%q) = %v, true; want unknown", name, v)
		}
	}
	for _, v := range Variants {
		if got, ok := ParseVariant(v.String()); !ok || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v: the key does not read back", v.String(), got, ok)
		}
		if got, ok := ParseVariant(v.Name()); !ok || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v: the name does not read back", v.Name(), got, ok)
		}
		p := VariantStart(v)
		if p.Variant() != v || p.FEN() == "" || !p.hasLegalMove() {
			t.Errorf("VariantStart(%v) = %s, variant %v", v, p.FEN(), p.Variant())
		}
	}
}
