package export

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/syntax"
)

// Value is one value of a row; the column says which field holds it.
type Value struct {
	Null bool
	S    string // String and JSON
	I    int64
	F    float64
	B    bool
}

func str(s string) Value   { return Value{S: s} }
func integer(n int) Value  { return Value{I: int64(n)} }
func null() Value          { return Value{Null: true} }
func boolean(b bool) Value { return Value{B: b} }

// optStr is s, or null when it is "".
func optStr(s string) Value {
	if s == "" {
		return null()
	}
	return str(s)
}

// Record is what one game becomes: its row of the games table and, when
// asked, its moves (MoveRow makes their rows). The game column is left
// 0: the Exporter numbers the games in the order it writes them.
type Record struct {
	Game     []Value
	Moves    []Move
	StartFEN string // the position before the first move; "" when not known
}

// Move is one half-move of a record, held compactly until its row is
// written (see MoveRow): records wait in memory for the games before
// them to be written.
type Move struct {
	Ply, Number    int32
	Black          bool
	Played         bool   // the move could be played: UCI, FEN, Check, Capture and material hold
	SAN, UCI       string // SAN canonical, or as written when not Played
	FEN            string // the position after the move
	Clock, Elapsed float64
	HasClock       bool
	HasElapsed     bool
	Eval           int32
	EvalKind       uint8 // 0: none; evalCP; evalMate
	Check, Capture bool
	White, BlackM  int8 // material
	NAGs, Comment  string
}

const (
	evalCP = 1 + iota
	evalMate
)

// MoveRow fills row (of len(MovesTable.Columns)) with the row of move i
// of r, of game number game.
func (r *Record) MoveRow(game int64, i int, row []Value) {
	m := &r.Moves[i]
	clear(row)
	row[0] = Value{I: game}
	row[1] = Value{I: int64(m.Ply)}
	row[2] = Value{I: int64(m.Number)}
	row[3] = str("white")
	if m.Black {
		row[3] = str("black")
	}
	row[4] = str(m.SAN)
	for j := 5; j < len(row); j++ {
		row[j].Null = true
	}
	if m.Played {
		before := r.StartFEN
		if i > 0 {
			before = r.Moves[i-1].FEN
		}
		row[5] = str(m.UCI)
		row[6] = optStr(before)
		row[7] = str(m.FEN)
		row[14], row[15] = boolean(m.Check), boolean(m.Capture)
		row[16], row[17] = integer(int(m.White)), integer(int(m.BlackM))
	}
	if m.HasClock {
		row[8] = Value{F: m.Clock}
	}
	if m.HasElapsed {
		row[9] = Value{F: m.Elapsed}
	}
	switch m.EvalKind {
	case evalCP:
		row[10] = Value{I: int64(m.Eval)}
	case evalMate:
		row[11] = Value{I: int64(m.Eval)}
	}
	row[12], row[13] = optStr(m.NAGs), optStr(m.Comment)
}

// Recorder makes the records of games for one games table.
type Recorder struct {
	table Table
	tags  map[string]int // tag name: its column
	moves bool
}

// NewRecorder returns a Recorder for the games table t (see GamesTable,
// whose tags it must be given) that records the moves too when moves is
// set.
func NewRecorder(t Table, tags []string, moves bool) *Recorder {
	if tags == nil {
		tags = DefaultTags
	}
	r := &Recorder{table: t, tags: map[string]int{}, moves: moves}
	i := 3 // after game, file and line
	for _, tag := range tags {
		if tag != "Result" {
			r.tags[tag] = i
			i++
		}
	}
	return r
}

// Record returns the record of game g, read from file.
func (r *Recorder) Record(g syntax.StreamGame, file string) Record {
	game := g.Game
	cols := r.table.Columns
	row := make([]Value, len(cols))
	for i, c := range cols {
		if c.Nullable {
			row[i] = null()
		}
	}
	row[1] = str(file)
	line := g.Line
	if len(game.Tags) > 0 {
		line += game.Line(game.Tags[0].Sp.Start)
	}
	row[2] = integer(line)
	other := map[string]string{}
	var otherNames []string
	for _, t := range game.Tags {
		if t.Name == "Result" {
			continue
		}
		i, ok := r.tags[t.Name]
		if !ok {
			if _, seen := other[t.Name]; !seen {
				other[t.Name] = t.Value
				otherNames = append(otherNames, t.Name)
			}
			continue
		}
		if !row[i].Null {
			continue // the first of each name
		}
		if cols[i].Kind == Int {
			if n, err := strconv.ParseInt(strings.TrimSpace(t.Value), 10, 64); err == nil {
				row[i] = Value{I: n}
			}
			continue
		}
		row[i] = str(t.Value)
	}
	row[len(cols)-1] = str(objectJSON(otherNames, other))

	var rec Record
	start := legality.StartOf(game)
	at := len(cols) - len(gameColumns) + 3 // the result column
	var problem string
	switch {
	case !start.Known:
		v, _ := game.TagValue("Variant")
		problem = "the rules of variant " + strconv.Quote(v) + " are not known"
		start.OK = false
	case !start.OK:
		problem = "the FEN tag is not a valid position"
	}
	if start.FEN != nil {
		row[at+4] = str(start.FEN.Value)
	}
	var ol *openings.Line
	if openings.Classifiable(start) {
		ol = openings.NewLine()
	}
	naming := ol != nil
	final := start.Pos
	plies := 0
	m := moveState{game: game, first: max(start.Pos.FullmoveNumber(), 1)}
	if start.Pos.SideToMove() == chess.Black {
		m.black = 1
	}
	m.timeControl()
	if r.moves {
		n := 0
		for _, e := range game.Moves {
			if _, ok := e.(*syntax.Move); ok {
				n++
			}
		}
		rec.Moves = make([]Move, 0, n)
		if start.OK {
			rec.StartFEN = start.Pos.FEN()
			// The SAN, UCI and FEN of the moves played go one after
			// the other into one buffer, made a string when the game
			// is done.
			m.text = make([]byte, 0, n*80)
			m.ends = make([]textEnds, 0, n)
		}
	}
	legality.ReplayMainLine(game, start, func(st *legality.Step) bool {
		if st.After == nil {
			if start.OK && problem == "" {
				problem = "move " + st.Node.Text + " cannot be played"
				if st.Before == nil {
					problem = "move " + st.Node.Text + " follows a move that cannot be played"
				}
			}
			if r.moves {
				rec.Moves = append(rec.Moves, m.move(st))
			}
			return r.moves
		}
		plies++
		final = *st.After
		if naming {
			naming = ol.Play(st.After)
		}
		if r.moves {
			m.appendText(st, len(rec.Moves))
			rec.Moves = append(rec.Moves, m.move(st))
		}
		return true
	})
	if len(m.text) > 0 {
		// text is not written to after this: the moves' strings are
		// slices of it.
		text := unsafe.String(unsafe.SliceData(m.text), len(m.text))
		for i, o := range m.ends {
			mv := &rec.Moves[o.move]
			start := int32(0)
			if i > 0 {
				start = m.ends[i-1].fen
			}
			mv.SAN, mv.UCI, mv.FEN = text[start:o.san], text[o.san:o.uci], text[o.uci:o.fen]
		}
	}
	term := ""
	if game.Result != nil {
		term = game.Result.Text
	} else {
		term, _ = legality.Terminator(game)
	}
	row[at] = str(term)
	row[at+1] = integer(plies)
	if ol != nil {
		if o := ol.Opening(); o != nil {
			row[at+2], row[at+3] = str(o.ECO), str(o.Name)
		}
	}
	if start.OK {
		row[at+5] = str(final.FEN())
	}
	row[at+6] = optStr(problem)
	rec.Game = row
	return rec
}

// objectJSON writes the JSON object of names to values, in the order of
// names.
func objectJSON(names []string, values map[string]string) string {
	if len(names) == 0 {
		return "{}"
	}
	var b []byte
	b = append(b, '{')
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, n)
		b = append(b, ':')
		b = appendJSONString(b, values[n])
	}
	return string(append(b, '}'))
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	simple := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			simple = false
			break
		}
	}
	if simple {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	q, _ := json.Marshal(s) // valid UTF-8: the values are decoded
	return append(b, q...)
}

// moveState follows the clocks of a game's sides while its moves are
// recorded.
type moveState struct {
	game      *syntax.Game
	first     int     // the move number of the start position
	black     int     // 1 when Black moves first, else 0
	base, inc float64 // of the TimeControl tag; base < 0 when unknown
	clocks    [2]float64
	known     [2]bool
	// text holds the SAN, UCI and FEN of each move played, in turn; ends
	// says where they end, for the move of index move in the record.
	text []byte
	ends []textEnds
}

// textEnds are the ends, in moveState.text, of the SAN, UCI and FEN of
// the record's move of index move (each starts where the one before
// ends).
type textEnds struct {
	move          int
	san, uci, fen int32
}

// timeControl reads the first period of the TimeControl tag, "300+2".
func (m *moveState) timeControl() {
	m.base = -1
	tc, ok := m.game.TagValue("TimeControl")
	if !ok {
		return
	}
	tc, _, _ = strings.Cut(tc, ":")
	b, i, _ := strings.Cut(tc, "+")
	if _, moves, ok := strings.Cut(b, "/"); ok {
		b = moves // "40/7200": moves/seconds
	}
	base, err := strconv.ParseFloat(b, 64)
	if err != nil {
		return
	}
	m.base = base
	if i != "" {
		m.inc, _ = strconv.ParseFloat(i, 64)
	}
	m.clocks = [2]float64{base, base}
	m.known = [2]bool{true, true}
}

// material counts the material of side c: pawns 1, knights and bishops
// 3, rooks 5, queens 9.
func material(p *chess.Position, c chess.Color) int {
	return p.Pieces(c, chess.Pawn).Count() + 3*(p.Pieces(c, chess.Knight).Count()+p.Pieces(c, chess.Bishop).Count()) +
		5*p.Pieces(c, chess.Rook).Count() + 9*p.Pieces(c, chess.Queen).Count()
}

// appendText appends the SAN, UCI and FEN of the move played in st,
// the record's move of index i, to m.text.
func (m *moveState) appendText(st *legality.Step, i int) {
	m.text = st.Before.AppendSAN(m.text, st.Move)
	san := int32(len(m.text))
	m.text = st.Before.AppendUCI(m.text, st.Move)
	uci := int32(len(m.text))
	m.text = st.After.AppendFEN(m.text)
	m.ends = append(m.ends, textEnds{move: i, san: san, uci: uci, fen: int32(len(m.text))})
}

// move returns the Move of st but for the SAN, UCI and FEN of a move
// played (appendText).
func (m *moveState) move(st *legality.Step) Move {
	ply := st.Ply // from White's move of the start position's number
	mv := Move{Ply: int32(ply - m.black + 1), Number: int32(m.first + ply/2), Black: ply%2 == 1}
	side := 0
	if mv.Black {
		side = 1
	}
	if st.After != nil {
		mv.Played = true // SAN, UCI and FEN: see appendText
		mv.Check, mv.Capture = st.After.InCheck(), st.Before.IsCapture(st.Move)
		mv.White, mv.BlackM = int8(material(st.After, chess.White)), int8(material(st.After, chess.Black))
	} else {
		mv.SAN = st.Node.Text
	}
	// The annotations after the move, up to the next move.
	var nags []byte
	var prose []string
	emt := -1.0
annotations:
	for _, e := range st.Line[st.Index+1:] {
		switch n := e.(type) {
		case *syntax.Move:
			break annotations
		case *syntax.NAG:
			if n.Value >= 0 {
				nags = appendNAG(nags, n.Value)
			}
		case *syntax.Glyph:
			nags = appendNAG(nags, nag.Glyphs[n.Text])
		case *syntax.Comment:
			text := n.Text
			if strings.Contains(text, "[%") {
				for c := range commands.All(text) {
					switch c.Name {
					case "clk":
						mv.Clock, mv.HasClock = commands.Seconds(c.Args)
					case "emt":
						if s, ok := commands.Seconds(c.Args); ok {
							emt = s
						}
					case "eval":
						if v, mate, ok := commands.Eval(c.Args); ok {
							mv.Eval, mv.EvalKind = int32(v), evalCP
							if mate {
								mv.EvalKind = evalMate
							}
						}
					}
				}
				text, _ = commands.Remove(text, func(commands.Command) bool { return true })
			}
			if t := strings.Join(strings.Fields(text), " "); t != "" {
				prose = append(prose, utf8Text(t))
			}
		}
	}
	mv.NAGs = string(nags)
	mv.Comment = strings.Join(prose, " ")
	switch {
	case emt >= 0:
		mv.Elapsed, mv.HasElapsed = emt, true
	case mv.HasClock && m.known[side]:
		mv.Elapsed, mv.HasElapsed = m.clocks[side]-mv.Clock+m.inc, true
	}
	if mv.HasClock {
		m.clocks[side], m.known[side] = mv.Clock, true
	}
	return mv
}

func appendNAG(b []byte, v int) []byte {
	if len(b) > 0 {
		b = append(b, ' ')
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// utf8Text returns s as UTF-8: the bytes of a text that is not valid
// UTF-8 are read as Windows-1252, as the parser reads such files.
func utf8Text(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(syntax.DecodeByte(s[i]))
	}
	return b.String()
}
