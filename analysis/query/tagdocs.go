package query

import (
	"strings"

	"github.com/pgnls/pgnls/analysis/tags"

	"github.com/pgnls/pgnls/syntax"
)

// tagInfo documents a tag of one dialect for hover and completion.
type tagInfo struct {
	name    string
	summary string  // one sentence: what the tag means
	format  string  // Markdown: the expected value
	values  []value // the values completion offers, if a closed set
}

// value is a tag value offered by completion.
type value struct{ text, doc string }

var resultsPGN = []value{
	{"1-0", "White won"},
	{"0-1", "Black won"},
	{"1/2-1/2", "drawn"},
	{"*", "unfinished, unknown or abandoned"},
}

var resultsCTL = []value{
	{"3-0", "White won (checkmate, resignation, time …)"},
	{"0-3", "Black won"},
	{"2-1", "White stalemated Black: a minimal win for White"},
	{"1-2", "Black stalemated White: a minimal win for Black"},
	{"1-1", "drawn"},
	{"*", "unfinished or interrupted"},
}

var types = []value{{"human", "a human player"}, {"program", "a computer program"}}

var langs = []value{
	{"ca", "Catalan"}, {"en", "English"}, {"es", "Spanish"}, {"fr", "French"}, {"de", "German"},
	{"it", "Italian"}, {"pt", "Portuguese"}, {"nl", "Dutch"}, {"eu", "Basque"}, {"gl", "Galician"},
	{"oc", "Occitan"}, {"ru", "Russian"}, {"pl", "Polish"}, {"cs", "Czech"}, {"hu", "Hungarian"},
}

// pgnTags documents the Seven Tag Roster, the optional tags of the PGN
// standard (section 9) and common extensions.
var pgnTags = []tagInfo{
	{"Event", "Name of the tournament or match event.", "Free text; `?` when unknown.", nil},
	{"Site", "Location of the event.", "`City, Region COUNTRY` with the three-letter IOC country code, like `New York City, NY USA`; `?` when unknown.", nil},
	{"Date", "Starting date of the game.", "`YYYY.MM.DD`; unknown digits are `?`, like `1992.??.??`.", nil},
	{"Round", "Playing round of the game within the event.", "A number, or numbers joined by dots (`3.1`); `?` when unknown, `-` when not applicable.", nil},
	{"White", "Player of the White pieces.", "`Last name, First name` (initials allowed); `?` when unknown.", nil},
	{"Black", "Player of the Black pieces.", "`Last name, First name` (initials allowed); `?` when unknown.", nil},
	{"Result", "Result of the game; it must equal the termination marker after the moves.", "One of `1-0`, `0-1`, `1/2-1/2`, `*`.", resultsPGN},
	{"WhiteTitle", "FIDE title of the White player.", "`GM`, `IM`, `FM`, `WGM`, `WIM`, …; `-` for none.", nil},
	{"BlackTitle", "FIDE title of the Black player.", "`GM`, `IM`, `FM`, `WGM`, `WIM`, …; `-` for none.", nil},
	{"WhiteElo", "FIDE rating of the White player.", "A whole number; `-` when unrated.", nil},
	{"BlackElo", "FIDE rating of the Black player.", "A whole number; `-` when unrated.", nil},
	{"WhiteUSCF", "USCF rating of the White player.", "A whole number; `-` when unrated.", nil},
	{"BlackUSCF", "USCF rating of the Black player.", "A whole number; `-` when unrated.", nil},
	{"WhiteNA", "E-mail or network address of the White player.", "An address; `-` when none.", nil},
	{"BlackNA", "E-mail or network address of the Black player.", "An address; `-` when none.", nil},
	{"WhiteType", "Kind of White player.", "`human` or `program`.", types},
	{"BlackType", "Kind of Black player.", "`human` or `program`.", types},
	{"WhiteFideId", "FIDE identifier of the White player.", "A whole number.", nil},
	{"BlackFideId", "FIDE identifier of the Black player.", "A whole number.", nil},
	{"WhiteTeam", "Team of the White player.", "Free text.", nil},
	{"BlackTeam", "Team of the Black player.", "Free text.", nil},
	{"WhiteRatingDiff", "Rating change of the White player (lichess).", "A signed whole number, like `+7`.", nil},
	{"BlackRatingDiff", "Rating change of the Black player (lichess).", "A signed whole number, like `-7`.", nil},
	{"EventDate", "Starting date of the event.", "`YYYY.MM.DD`, with `?` for unknown digits.", nil},
	{"EventSponsor", "Name of the sponsor of the event.", "Free text.", nil},
	{"Section", "Playing section of a tournament.", "Free text, like `Open` or `Reserve`.", nil},
	{"Stage", "Stage of a multistage event.", "Free text, like `Preliminary` or `Semifinal`.", nil},
	{"Board", "Board number in a team event or simultaneous exhibition.", "A whole number.", nil},
	{"Opening", "Traditional opening name.", "Free text, like `Ruy Lopez`.", nil},
	{"Variation", "Opening variation.", "Free text.", nil},
	{"SubVariation", "Opening subvariation.", "Free text.", nil},
	{"ECO", "Opening code of the Encyclopaedia of Chess Openings.", "`A00` to `E99`.", nil},
	{"NIC", "Opening code of New in Chess.", "A code like `KI 3.4`.", nil},
	{"Time", "Local time the game started.", "`HH:MM:SS`.", nil},
	{"UTCTime", "Time the game started, in UTC.", "`HH:MM:SS`.", nil},
	{"UTCDate", "Date the game started, in UTC.", "`YYYY.MM.DD`.", nil},
	{"TimeControl", "Time control of the game.", "`?` unknown, `-` none, or periods joined by `:`: `40/7200` (moves/seconds), `300+2` (seconds plus increment), `4500` (sudden death), `*60` (sandglass).", nil},
	{"SetUp", "Whether the game starts from the position of the FEN tag.", "`0` for the standard start, `1` when a FEN tag gives the start position.", []value{{"0", "the standard start position"}, {"1", "the FEN tag gives the start position"}}},
	{"FEN", "Start position of the game; needs `[SetUp \"1\"]`.", "Forsyth-Edwards Notation: placement, side to move, castling, en passant, halfmove clock, move number.", nil},
	{"Termination", "How the game ended.", "`abandoned`, `adjudication`, `death`, `emergency`, `normal`, `rules infraction`, `time forfeit`, `unterminated`.", []value{
		{"normal", "the game ended by the rules (mate, resignation, agreement)"},
		{"abandoned", "the game was abandoned"},
		{"adjudication", "the result was decided by adjudication"},
		{"death", "a player died"},
		{"emergency", "the game ended by an emergency"},
		{"rules infraction", "a player broke the rules"},
		{"time forfeit", "a player lost on time"},
		{"unterminated", "the game is not over"},
	}},
	{"Annotator", "Person or program that annotated the game.", "A name, like a player's.", nil},
	{"Mode", "How the game was played.", "`OTB` (over the board), `PM` (paper mail), `EM` (e-mail), `ICS` (Internet chess server), `TC` (telecommunication).", []value{
		{"OTB", "over the board"}, {"PM", "paper mail"}, {"EM", "electronic mail"}, {"ICS", "Internet chess server"}, {"TC", "general telecommunication"},
	}},
	{"PlyCount", "Number of half-moves of the game.", "A whole number.", nil},
	{"Variant", "Chess variant of the game (an extension used by lichess, Scid and others).", "`Standard`, `Chess960`, `From Position`, or a lichess variant below, whose rules pgnls checks; the moves of other variants are not checked.", []value{
		{"Standard", "orthodox chess"}, {"Chess960", "Fischer random chess"}, {"From Position", "orthodox chess from a set-up position"},
		{"Antichess", "captures are compulsory; losing all pieces wins"}, {"Atomic", "captures explode"}, {"Crazyhouse", "captured pieces may be dropped"},
		{"Horde", "White's horde of pawns against Black's army"}, {"King of the Hill", "a king in the centre wins"}, {"Racing Kings", "race the kings to the eighth rank"},
		{"Three-check", "three checks win"},
	}},
	{"Lang", "Language of the comments (an extension).", "An ISO 639 language code, like `en`.", langs},
}

// ctlTags documents the CTL-PGN tag catalogue (§8.4).
var ctlTags = []tagInfo{
	{"Variant", "Always the first tag of a C'escacs record.", "`C'escacs` (ASCII apostrophe).", []value{{"C'escacs", "the hexagonal variant on 169 hexes"}}},
	{"Event", "Event name; `CG` for a casual game.", "Free text; `?` when unknown, `CG` casual game.", []value{{"CG", "casual game"}, {"?", "unknown"}}},
	{"Site", "Location of the game.", "`City, Region CCC`, `Region CCC` or `CCC` with the ISO 3166 three-letter country code, like `Barcelona, Catalunya ESP`; `?` when unknown.", nil},
	{"Date", "Date of the game.", "`YYYY-MM-DD`; any digit may be `?`, like `2025-??-??`.", nil},
	{"Round", "Round of the game.", "`-` when not applicable; otherwise numbers joined by dots, like `2.1`.", nil},
	{"White", "Player of the White pieces.", "`Surname(s), Name` (initials allowed), `?` when unknown, or a program name and version.", nil},
	{"Black", "Player of the Black pieces.", "`Surname(s), Name` (initials allowed), `?` when unknown, or a program name and version.", nil},
	{"WhiteNA", "Network address (e-mail) of the White player; may stand in the White slot, then WhiteAlias is mandatory.", "An address.", nil},
	{"BlackNA", "Network address (e-mail) of the Black player; may stand in the Black slot, then BlackAlias is mandatory.", "An address.", nil},
	{"WhiteAlias", "Nickname of the White player, right after White or WhiteNA.", "Free text.", nil},
	{"BlackAlias", "Nickname of the Black player, right after Black or BlackNA.", "Free text.", nil},
	{"Result", "Result of the game; it should equal the result line.", "`3-0`, `0-3`, `2-1`, `1-2`, `1-1` or `*`.", resultsCTL},
	{"Id", "Identifier of the record; the second tag of a minimal record (model, illustration, draft).", "`Publisher-Key[-Suffix]…`, like `Cescacs-X01-V-en` or `Cescacs-A0001-24`.", nil},
	{"Annotator", "Person, program or server responsible for the record; repeatable, the tags consecutive, the first the publisher.", "A name, like a player's.", nil},
	{"AnnotatorId", "Identifier of the publishing user on a server or of a registered annotator; unique.", "An identifier, like `0001`.", nil},
	{"EventDate", "Date of the event.", "`YYYY-MM-DD`, with `?` for unknown digits.", nil},
	{"MatchDate", "Date of the match; meaningful only with Round.", "`YYYY-MM-DD`, with `?` for unknown digits.", nil},
	{"Termination", "How the game ended, when not normally.", "`abandoned`, `rules infraction`, `time forfeit`, `death`, `emergency`; absent when normal or unterminated.", []value{
		{"abandoned", "the game was abandoned"}, {"rules infraction", "a player broke the rules"}, {"time forfeit", "a player lost on time"},
		{"death", "a player died"}, {"emergency", "the game ended by an emergency"},
	}},
	{"Lang", "Language of the comments; it must equal the language suffix of the Id, if any.", "An ISO 639-1 (two letters) or 639-3 (three letters) code, like `ca`, `en`, `es`.", langs},
	{"Title", "Exceptional name of the game or position, in the language of Lang; after Lang.", "Free text.", nil},
	{"Revisited", "Id of another model record that this one revises (model records only).", "An Id.", nil},
	{"Model", "Id of the opening model record the game follows (real games only).", "An Id.", nil},
	{"Example", "Id of a real game that gave rise to the model (model records only); repeatable, consecutive.", "An Id.", nil},
	{"Mode", "How the game was played (real games).", "`OTB`, `ICS`, `TC`, `EM` or `BBS`.", []value{
		{"OTB", "over the board"}, {"ICS", "Internet chess server"}, {"TC", "telecommunication"}, {"EM", "electronic mail"}, {"BBS", "bulletin board system"},
	}},
	{"WhiteType", "Kind of White player (real games).", "`human` or `program`.", types},
	{"BlackType", "Kind of Black player (real games).", "`human` or `program`.", types},
	{"TimeControl", "Time control (real games).", "`?` unknown, `-` none, `N/S` (N moves in S seconds), `S` (sudden death), `S+I` (plus I seconds a move), `*S` (sandglass), like `40/9000`, `4500+60`.", nil},
	{"Redefine", "Piece letters of the record: the last tag, or the one just before PDTL, to which it applies.", "`FAN`, or `Alt@Std` pairs joined by commas from `A@J`, `B@J`, `F@J`, `L@J`, `C@N`, `S@N`, `T@R`, `W@V`, `Q@D`.", []value{
		{"A@J, C@N, T@R", "Catalan, Spanish and Italian letters"},
		{"B@J, Q@D, W@V", "English letters"},
		{"L@J, S@N, T@R, W@V", "German letters"},
		{"F@J, C@N, T@R, W@V", "French letters"},
		{"FAN", "figurine glyphs instead of letters"},
	}},
	{"PDTL", "Start position of the record, read with the letters of Redefine; the last tag.", "A PDTL string: placement by transversal lines, turn, castling, en passant or scornful record, halfmove clock, move number (§6).", nil},
}

// tagsOf returns the tag catalogue of dialect d.
func tagsOf(d syntax.Dialect) []tagInfo {
	if d == syntax.CTLPGN {
		return ctlTags
	}
	return pgnTags
}

// lookupTag returns the documentation of the tag called name in d.
func lookupTag(d syntax.Dialect, name string) (tagInfo, bool) {
	for _, t := range tagsOf(d) {
		if t.name == name {
			return t, true
		}
	}
	return tagInfo{}, false
}

// tagMarkdown documents the tag called name for a hover.
func tagMarkdown(d syntax.Dialect, name string) string {
	t, ok := lookupTag(d, name)
	if !ok {
		var b strings.Builder
		b.WriteString("**Tag " + name + "** — ")
		if d == syntax.CTLPGN {
			b.WriteString("not in the CTL-PGN tag catalogue (§8.4); readers ignore unknown tags.")
		} else {
			b.WriteString("not a tag of the PGN standard or of its common extensions.")
		}
		for _, k := range tagsOf(d) {
			if strings.EqualFold(k.name, name) {
				b.WriteString(" Tag names are case-sensitive: did you mean **" + k.name + "**?")
			}
		}
		if d == syntax.CTLPGN && name == "DPTL" {
			b.WriteString(" Did you mean **PDTL**?")
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString("**Tag " + t.name + "**")
	if d == syntax.PGN {
		for i, r := range tags.Roster {
			if r == name {
				b.WriteString(" (Seven Tag Roster, tag " + string(rune('1'+i)) + " of 7)")
			}
		}
	}
	b.WriteString(" — " + t.summary + "\n\nValue: " + t.format)
	return b.String()
}
