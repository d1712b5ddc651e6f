// Package export turns games into records for data tools: one row per
// game, or one row per half-move of the main lines, written as NDJSON,
// CSV or Parquet with one schema for all three (docs/EXPORT.md), as
// pgnls export writes them.
//
// It owns the schema (Table, Column: the names, types and meaning of the
// columns), the records of a game (what a game and its moves become:
// tags, result, plies, opening, positions as FEN, clocks, evaluations,
// NAGs, comments; Records) and the writers of the three formats, which
// stream: NDJSON and CSV row by row, Parquet by row groups of bounded
// size, so that memory does not grow with the number of games (Exporter
// reads a stream of games on every core and writes in file order).
//
// It reads games through the syntax tree and the chess rules (packages
// legality, chess, commands, openings); it must not import the protocol
// (go.lsp.dev), the logger (zap), lsp or cmd.
package export

import (
	"slices"
	"strings"
	"unicode"
)

// Kind is the type of a column's values.
type Kind uint8

// The kinds of column.
const (
	String Kind = iota // UTF-8 text
	Int                // a 64-bit integer (Parquet INT32 or INT64, see Column.Bits)
	Float              // a 64-bit float
	Bool               // true or false
	JSON               // a JSON object, as text in CSV and Parquet (JSON logical type)
)

func (k Kind) String() string {
	return [...]string{"string", "int", "float", "bool", "json"}[k]
}

// Column describes one column of a table.
type Column struct {
	Name     string
	Kind     Kind
	Bits     int  // for Int: 32 or 64
	Nullable bool // the value may be missing (null; empty in CSV)
	// Dict marks a column whose values repeat (names, events, codes):
	// Parquet writes it dictionary-encoded.
	Dict bool
	Doc  string // what the column holds, for docs/EXPORT.md
}

// Table is the schema of the rows of one kind.
type Table struct {
	Name    string // "games" or "moves"
	Columns []Column
}

// Index returns the index of the column called name, or -1.
func (t *Table) Index(name string) int {
	return slices.IndexFunc(t.Columns, func(c Column) bool { return c.Name == name })
}

// DefaultTags are the tags that get a column of their own in the games
// table unless told otherwise; the others go to the other_tags object.
var DefaultTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "WhiteElo", "BlackElo", "ECO", "Opening", "TimeControl", "Termination"}

// intTags are the tags whose values are integers: their columns are Int.
var intTags = []string{"WhiteElo", "BlackElo", "WhiteFideId", "BlackFideId", "PlyCount", "WhiteRatingDiff", "BlackRatingDiff"}

// gameColumns are the columns of the games table but the tags'. The tag
// columns go after line.
var gameColumns = []Column{
	{Name: "game", Kind: Int, Bits: 64, Doc: "The game's number in the export, from 1 in the order of the inputs: the key that joins the moves table."},
	{Name: "file", Kind: String, Dict: true, Doc: "The file the game was read from (`<stdin>` for standard input)."},
	{Name: "line", Kind: Int, Bits: 32, Doc: "The line of the file where the game starts (its first tag)."},
	{Name: "result", Kind: String, Dict: true, Doc: "The result: the termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), else the one the final position decides, else the Result tag's, else `*`."},
	{Name: "plies", Kind: Int, Bits: 32, Doc: "The half-moves of the main line (those that could be played, when one could not)."},
	{Name: "opening_eco", Kind: String, Nullable: true, Dict: true, Doc: "The ECO code of the last named position the main line reaches (the lichess opening names data set); null for games that do not start from the standard position."},
	{Name: "opening_name", Kind: String, Nullable: true, Dict: true, Doc: "Its name, such as `Sicilian Defense: Najdorf Variation`."},
	{Name: "start_fen", Kind: String, Nullable: true, Doc: "The FEN tag's position, when the game has one."},
	{Name: "final_fen", Kind: String, Nullable: true, Doc: "The FEN of the position after the last move of the main line that could be played; null when the game's rules are not known."},
	{Name: "problem", Kind: String, Nullable: true, Doc: "Why the main line could not be played to its end (an illegal move, an invalid FEN, an unknown variant); null when it could."},
	{Name: "other_tags", Kind: JSON, Doc: "The tags without a column of their own, as a JSON object of name to value (the first of each name)."},
}

// GamesTable returns the schema of the games table with a column for
// each tag of tags (DefaultTags when nil), named in snake case
// (WhiteElo: white_elo); Result has none (the result column says it).
func GamesTable(tags []string) Table {
	if tags == nil {
		tags = DefaultTags
	}
	t := Table{Name: "games"}
	t.Columns = append(t.Columns, gameColumns[:3]...)
	for _, tag := range tags {
		if tag == "Result" {
			continue
		}
		c := Column{Name: TagColumn(tag), Kind: String, Nullable: true, Dict: true, Doc: "The " + tag + " tag."}
		if slices.Contains(intTags, tag) {
			c.Kind, c.Bits, c.Dict, c.Doc = Int, 32, false, "The "+tag+" tag, a number (null when it is not one)."
		}
		if slices.ContainsFunc(gameColumns, func(g Column) bool { return g.Name == c.Name }) || t.Index(c.Name) >= 0 {
			c.Name = "tag_" + c.Name
		}
		t.Columns = append(t.Columns, c)
	}
	t.Columns = append(t.Columns, gameColumns[3:]...)
	return t
}

// TagColumn returns the column name of a tag: its name in snake case,
// WhiteElo white_elo, ECO eco, UTCDate utc_date.
func TagColumn(tag string) string {
	var b strings.Builder
	rs := []rune(tag)
	for i, r := range rs {
		upper := unicode.IsUpper(r)
		// A word starts at an upper-case letter after a lower-case one,
		// or before a lower-case one after upper-case ones (UTCDate).
		if i > 0 && upper && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])) {
			b.WriteByte('_')
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// MovesTable is the schema of the moves table: one row per half-move of
// the main line of each game.
var MovesTable = Table{Name: "moves", Columns: []Column{
	{Name: "game", Kind: Int, Bits: 64, Doc: "The game's number, as in the games table."},
	{Name: "ply", Kind: Int, Bits: 32, Doc: "The half-move's number in the game, from 1."},
	{Name: "move_number", Kind: Int, Bits: 32, Doc: "The move number, as PGN and FEN count them (from the FEN tag's when there is one)."},
	{Name: "side", Kind: String, Dict: true, Doc: "`white` or `black`: the side that moves."},
	{Name: "san", Kind: String, Dict: true, Doc: "The move in SAN, canonical (`Nf3`, `exd6`, `O-O`, `e8=Q#`); as written when it could not be played."},
	{Name: "uci", Kind: String, Nullable: true, Dict: true, Doc: "The move in UCI (`g1f3`, `e7e8q`; castling as the king's two-square move, in Chess960 as the king taking its rook)."},
	{Name: "fen_before", Kind: String, Nullable: true, Doc: "The FEN of the position the move is played in."},
	{Name: "fen_after", Kind: String, Nullable: true, Doc: "The FEN of the position after the move."},
	{Name: "clock", Kind: Float, Nullable: true, Doc: "The clock of the side that moved, after the move, in seconds (`[%clk 0:05:00]` in the comment after the move)."},
	{Name: "elapsed", Kind: Float, Nullable: true, Doc: "The seconds the move took: `[%emt]` when the comment has it, else the difference of the side's clocks, plus the increment of a `TimeControl` tag such as `300+2`."},
	{Name: "eval_cp", Kind: Int, Bits: 32, Nullable: true, Doc: "The evaluation after the move in centipawns from White's side (`[%eval 0.35]`: 35)."},
	{Name: "eval_mate", Kind: Int, Bits: 32, Nullable: true, Doc: "Or the moves to mate (`[%eval #-3]`: -3, Black mates)."},
	{Name: "nags", Kind: String, Nullable: true, Dict: true, Doc: "The NAGs after the move, as numbers separated by spaces (`1 14`; `!` is 1, `?!` is 6)."},
	{Name: "comment", Kind: String, Nullable: true, Doc: "The comments after the move, without their embedded commands, joined by a space; null when there is no prose."},
	{Name: "is_check", Kind: Bool, Nullable: true, Doc: "The move gives check."},
	{Name: "is_capture", Kind: Bool, Nullable: true, Doc: "The move captures (en passant too)."},
	{Name: "material_white", Kind: Int, Bits: 32, Nullable: true, Doc: "White's material after the move: pawns 1, knights and bishops 3, rooks 5, queens 9."},
	{Name: "material_black", Kind: Int, Bits: 32, Nullable: true, Doc: "Black's, likewise."},
}}
