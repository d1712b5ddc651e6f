package chess

import "strings"

// Variant is a rule set: orthodox chess, Chess960, or one of the
// variants lichess plays. A Position carries its variant; Chess960 is
// orthodox chess whose castling rights may name any rook, and the other
// variants may be combined with Chess960 castling too (see
// [CheckVariantFEN]).
type Variant uint8

// The variants.
const (
	Standard      Variant = iota // orthodox chess
	Chess960                     // Fischer random chess: orthodox rules, any castling rooks
	Crazyhouse                   // captured pieces change sides and may be dropped (N@f3)
	Atomic                       // captures explode the capturer and the pieces around, pawns excepted
	Antichess                    // captures are compulsory; losing every piece or being stalemated wins
	KingOfTheHill                // a king on d4, e4, d5 or e5 wins
	ThreeCheck                   // the third check wins
	Horde                        // White's pawn horde has no king and loses when it has no pieces left
	RacingKings                  // no checks; the first king on the eighth rank wins
)

// Variants lists every variant, in the order of the constants.
var Variants = [...]Variant{Standard, Chess960, Crazyhouse, Atomic, Antichess, KingOfTheHill, ThreeCheck, Horde, RacingKings}

var variantInfo = [...]struct {
	key, name, start string
	aliases          []string // normalized spellings besides key (see normalizeVariant)
}{
	Standard: {"chess", "Standard", StartFEN, []string{"", "standard", "normal", "orthodox", "fromposition", "frompos"}},
	Chess960: {"chess960", "Chess960", StartFEN, []string{"960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc", "chess960rapid"}},
	Crazyhouse: {"crazyhouse", "Crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
		[]string{"zh", "house", "crazyhousechess"}},
	Atomic:        {"atomic", "Atomic", StartFEN, []string{"atom", "atomicchess"}},
	Antichess:     {"antichess", "Antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", []string{"giveaway", "giveawaychess", "anti"}},
	KingOfTheHill: {"kingofthehill", "King of the Hill", StartFEN, []string{"koth", "kingofthehillchess"}},
	ThreeCheck:    {"3check", "Three-check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", []string{"threecheck", "threecheckchess", "3checkchess"}},
	Horde: {"horde", "Horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
		[]string{"hordechess"}},
	RacingKings: {"racingkings", "Racing Kings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", []string{"racing", "race", "racingkingschess"}},
}

// String returns the variant's key as UCI engines and python-chess name
// it: "chess", "chess960", "crazyhouse", "atomic", "antichess",
// "kingofthehill", "3check", "horde" or "racingkings".
func (v Variant) String() string {
	if int(v) < len(variantInfo) {
		return variantInfo[v].key
	}
	return "unknown"
}

// Name returns the variant's name as lichess writes it in the Variant
// tag, such as "King of the Hill".
func (v Variant) Name() string {
	if int(v) < len(variantInfo) {
		return variantInfo[v].name
	}
	return "unknown"
}

// StartFEN returns the FEN of the variant's usual starting position.
func (v Variant) StartFEN() string {
	if int(v) < len(variantInfo) {
		return variantInfo[v].start
	}
	return StartFEN
}

// normalizeVariant lower-cases s and drops spaces, dashes and
// underscores, so that "King of the Hill", "king-of-the-hill" and
// "kingofthehill" compare equal.
func normalizeVariant(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '_':
			return -1
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// ParseVariant reads a variant name as the Variant tag of lichess,
// python-chess and other programs spell it, ignoring case, spaces,
// dashes and underscores: "Standard" (also "From Position", "" and
// "chess"), "Chess960" (also "Fischerandom", "960"), "Crazyhouse",
// "Atomic", "Antichess" (also "Giveaway"), "King of the Hill" (also
// "KOTH"), "Three-check" (also "3check"), "Horde" and "Racing Kings".
// It reports false for any other name.
func ParseVariant(s string) (Variant, bool) {
	k := normalizeVariant(s)
	for v, info := range variantInfo {
		if k == info.key {
			return Variant(v), true
		}
		for _, a := range info.aliases {
			if k == a {
				return Variant(v), true
			}
		}
	}
	return Standard, false
}

// KnownVariantNames lists the names of the variants ParseVariant knows,
// as lichess writes them, for messages: "Standard, Chess960, ...".
func KnownVariantNames() string {
	names := make([]string, len(variantInfo))
	for i, info := range variantInfo {
		names[i] = info.name
	}
	return strings.Join(names, ", ")
}
