package workspace

import (
	"cmp"
	"encoding/binary"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/syntax"
)

// A Key identifies a position: the rules engine's hash of it, so that
// positions reached by different move orders have the same key.
type Key uint64

// ChessKey returns the key of a chess position.
func ChessKey(p *chess.Position) Key { return Key(p.Key().Hash()) }

// CescacsKey returns the key of a C'escacs position.
func CescacsKey(p *cescacs.Position) Key { return Key(p.RepetitionKey().Hash()) }

// PlaceKey returns the key of the position at a place of a document.
func PlaceKey(pl *query.Place) Key {
	if pl.Dialect == syntax.CTLPGN {
		return CescacsKey(&pl.CTL)
	}
	return ChessKey(&pl.Chess)
}

// Result is the result of a game.
type Result uint8

// The results.
const (
	Unfinished Result = iota // "*", or no result
	WhiteWins                // 1-0
	Draw                     // 1/2-1/2
	BlackWins                // 0-1
)

// String returns the result as PGN writes it.
func (r Result) String() string {
	return [...]string{"*", "1-0", "1/2-1/2", "0-1"}[r]
}

func resultOf(g *syntax.Game) Result {
	v, ok := g.TagValue("Result")
	if !ok || strings.TrimSpace(v) == "" {
		if g.Result == nil {
			return Unfinished
		}
		v = g.Result.Text
	}
	switch strings.TrimSpace(v) {
	case "1-0":
		return WhiteWins
	case "0-1":
		return BlackWins
	case "1/2-1/2", "½-½":
		return Draw
	}
	return Unfinished
}

// dateOf returns the Date tag (UTCDate, EventDate when absent) as
// yyyymmdd, its unknown parts 0; 0 when there is no year.
func dateOf(g *syntax.Game) uint32 {
	for _, name := range []string{"Date", "UTCDate", "EventDate"} {
		v, ok := g.TagValue(name)
		if !ok {
			continue
		}
		parts := strings.FieldsFunc(strings.TrimSpace(v), func(r rune) bool { return r == '.' || r == '-' || r == '/' })
		if len(parts) == 0 {
			continue
		}
		y, err := strconv.Atoi(parts[0])
		if err != nil || y <= 0 || y > 9999 {
			continue
		}
		d := uint32(y) * 10000
		if len(parts) > 1 {
			if m, err := strconv.Atoi(parts[1]); err == nil && m >= 1 && m <= 12 {
				d += uint32(m) * 100
				if len(parts) > 2 {
					if day, err := strconv.Atoi(parts[2]); err == nil && day >= 1 && day <= 31 {
						d += uint32(day)
					}
				}
			}
		}
		return d
	}
	return 0
}

// dateText writes a date of dateOf as PGN does, "??" for what is not known.
func dateText(d uint32) string {
	if d == 0 {
		return "????.??.??"
	}
	part := func(n uint32) string {
		if n == 0 {
			return "??"
		}
		if n < 10 {
			return "0" + strconv.Itoa(int(n))
		}
		return strconv.Itoa(int(n))
	}
	return strconv.Itoa(int(d/10000)) + "." + part(d/100%100) + "." + part(d%100)
}

// gameRec is a game of a table.
type gameRec struct {
	line, col uint32 // of the game's first tag (or move)
	strOff    uint32 // its name, detail and players in the table's strings (see indexed.str)
	strLen    uint32
	plies     uint16 // half-moves of the main line as written (at most 65535)
	result    Result
	date      uint32
}

const gameSize = 4 + 4 + 4 + 4 + 2 + 1 + 4

func putGame(b []byte, g *gameRec) {
	le := binary.LittleEndian
	le.PutUint32(b[0:], g.line)
	le.PutUint32(b[4:], g.col)
	le.PutUint32(b[8:], g.strOff)
	le.PutUint32(b[12:], g.strLen)
	le.PutUint16(b[16:], g.plies)
	b[18] = byte(g.result)
	le.PutUint32(b[19:], g.date)
}

func getGame(b []byte, g *gameRec) {
	le := binary.LittleEndian
	g.line, g.col = le.Uint32(b[0:]), le.Uint32(b[4:])
	g.strOff, g.strLen = le.Uint32(b[8:]), le.Uint32(b[12:])
	g.plies, g.result, g.date = le.Uint16(b[16:]), Result(b[18]), le.Uint32(b[19:])
}

// posting is a position reached in a game: the key of the position, the
// game and the half-move reaching it (0: the start), where that move is
// (the game's first tag at the start) and its width, and the move played
// from the position (next; 0: the game ends there).
type posting struct {
	key       Key
	game      uint32
	ply       uint16
	result    Result
	date      uint32
	line, col uint32
	width     uint8 // of the move reaching the position, in UTF-16 code units
	next      nextMove
}

const postSize = 8 + 4 + 2 + 1 + 4 + 4 + 4 + 1 + 8

// nextMove is a move as the engine has it, packed: a chess.Move, or the
// fields of a cescacs.Move; 0 for no move.
type nextMove uint64

func chessNext(m chess.Move) nextMove { return nextMove(m) | 1<<63 }

func cescacsNext(m cescacs.Move) nextMove {
	return nextMove(m.From) | nextMove(m.To)<<8 | nextMove(m.Piece)<<16 | nextMove(m.Captured)<<24 |
		nextMove(m.Promotion)<<32 | nextMove(m.Kind)<<40 | nextMove(m.Castle)<<48 | 1<<63
}

// text writes the move, played in the position pl, as the engine writes
// it (SAN for chess); "" for no move.
func (n nextMove) text(pl *query.Place) string {
	if n == 0 {
		return ""
	}
	if pl.Dialect == syntax.CTLPGN {
		m := cescacs.Move{From: cescacs.Hex(n), To: cescacs.Hex(n >> 8), Piece: cescacs.Kind(n >> 16), Captured: cescacs.Kind(n >> 24),
			Promotion: cescacs.Kind(n >> 32), Kind: cescacs.MoveKind(n >> 40), Castle: cescacs.CastleID(n >> 48)}
		return m.String()
	}
	return pl.Chess.SAN(chess.Move(uint32(n)))
}

func putPosting(b []byte, p *posting) {
	b = b[:postSize] // one bound check
	le := binary.LittleEndian
	le.PutUint64(b[0:], uint64(p.key))
	le.PutUint32(b[8:], p.game)
	le.PutUint16(b[12:], p.ply)
	b[14] = byte(p.result)
	le.PutUint32(b[15:], p.date)
	le.PutUint32(b[19:], p.line)
	le.PutUint32(b[23:], p.col)
	b[27] = p.width
	le.PutUint64(b[28:], uint64(p.next))
}

func getPosting(b []byte, p *posting) {
	b = b[:postSize] // one bound check
	le := binary.LittleEndian
	p.key, p.game, p.ply = Key(le.Uint64(b[0:])), le.Uint32(b[8:]), le.Uint16(b[12:])
	p.result, p.date = Result(b[14]), le.Uint32(b[15:])
	p.line, p.col = le.Uint32(b[19:]), le.Uint32(b[23:])
	p.width, p.next = b[27], nextMove(le.Uint64(b[28:]))
}

// comparePostings orders postings by key. A table's postings are added
// in the order of their games and plies, which the sort keeps for equal
// keys (spill.Format.Compare): they come out by key, game and ply.
func comparePostings(a, b *posting) int { return cmp.Compare(a.key, b.key) }

// utf16Len returns the length of s in UTF-16 code units, reading a byte
// that is not UTF-8 as one Windows-1252 character (as the parser does).
func utf16Len(s string) int {
	n, _ := lineUTF16Len(s)
	return n
}

// lineUTF16Len returns utf16Len(s), and whether s holds no line
// terminator ('\n' or '\r'), in one pass.
func lineUTF16Len(s string) (int, bool) {
	n, ok := 0, true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '\n' || c == '\r' {
				ok = false
			}
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n, ok
}
