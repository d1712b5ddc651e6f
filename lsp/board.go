package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/lsp/wire"
)

// methodBoard is pgnls/board, the custom request of a board view that
// follows the cursor: params are TextDocumentPositionParams with an
// optional orientation (boardParams), the answer is a boardResult (null
// outside any game). The server announces it as experimental.board in
// its capabilities; README documents the JSON.
const methodBoard = "pgnls/board"

// boardParams are the params of pgnls/board besides those of a hover:
// orientation "black" draws the board from Black's side; absent or
// "white", from White's. With explorer set, the answer has the explorer
// of the position over the workspace's games (workspace.go), and its
// text ends the board's.
type boardParams struct {
	Orientation string `json:"orientation"`
	Explorer    bool   `json:"explorer"`
}

// boardResult is the answer to pgnls/board: query.Board with LSP ranges.
// Values that may be missing are null, never omitted, so that a client
// sees every key; a move's illegal and variations are omitted when false
// and empty.
type boardResult struct {
	Variant     string            `json:"variant"`  // "cescacs", a chess.Variant key ("chess", "crazyhouse", ...) or "unknown"
	Position    *string           `json:"position"` // FEN or PDTL; null when not known
	Ply         int               `json:"ply"`
	LastMove    *boardLastMove    `json:"lastMove"`
	SVG         *string           `json:"svg"`
	Text        string            `json:"text"`
	Annotations boardAnnotations  `json:"annotations"`
	Moves       []boardMove       `json:"moves"`
	Current     int               `json:"current"`
	Depth       int               `json:"depth"`
	LineStart   protocol.Position `json:"lineStart"`
	Note        *string           `json:"note"`
	// Plays are the moves pgnls.play may play at the place asked about
	// in a C'escacs record, for a board to play them by their hexes:
	// the server's move generator, so that a client needs no rules of
	// its own. Null in a PGN game (a client plays chess from the FEN)
	// and where the position is not known.
	Plays []boardPlay `json:"plays"`
	// Explorer is there when asked for; null when the position is not
	// known.
	Explorer *explorerResult `json:"explorer,omitempty"`
}

type boardLastMove struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type boardAnnotations struct {
	Arrows  []boardArrow  `json:"arrows"`
	Squares []boardSquare `json:"squares"`
	Eval    *boardEval    `json:"eval"`
	Clock   *string       `json:"clock"`
}

// boardPlay is a move of a C'escacs board: its hexes (the king's for a
// castling, the pawn's twice for a deferred promotion) and its CTL-AN
// text in the record's letters, which pgnls.play takes. Moves with the
// same hexes (promotions, castlings) differ by their text.
type boardPlay struct {
	From string `json:"from"`
	To   string `json:"to"`
	Move string `json:"move"`
}

type boardArrow struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Color string `json:"color"`
}

type boardSquare struct {
	Square string `json:"square"`
	Color  string `json:"color"`
}

// boardEval has pawns for a score, mate for a forced mate.
type boardEval struct {
	Text  string   `json:"text"`
	Pawns *float64 `json:"pawns,omitempty"`
	Mate  *int     `json:"mate,omitempty"`
	Depth int      `json:"depth,omitempty"`
}

type boardMove struct {
	SAN        string           `json:"san"`
	Range      protocol.Range   `json:"range"`
	Number     string           `json:"number"`
	Ply        int              `json:"ply"`
	Illegal    bool             `json:"illegal,omitempty"`
	Variations []boardVariation `json:"variations,omitempty"`
}

type boardVariation struct {
	SAN   string         `json:"san"`
	Range protocol.Range `json:"range"`
}

// board answers pgnls/board with query.BoardAt.
func (s *server) board(ctx context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	var p boardParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	switch p.Orientation {
	case "", "white", "black":
	default:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "orientation is %q; want \"white\" or \"black\"", p.Orientation)
	}
	b := query.BoardAt(doc.File, off, query.BoardOptions{Flipped: p.Orientation == "black"})
	if b == nil {
		return nil, nil
	}
	r := boardJSON(mapper{doc.File}, b)
	if b.Variant == "cescacs" && b.Position != "" {
		// A place where nothing can be played (a damaged record) has
		// no plays; the board still shows.
		if moves, err := query.LegalMoves(doc.File, off); err == nil {
			r.Plays = make([]boardPlay, len(moves))
			for i, mv := range moves {
				r.Plays[i] = boardPlay{From: mv.From, To: mv.To, Move: mv.SAN}
			}
		}
	}
	if p.Explorer {
		x, err := s.explorer(ctx, doc, off)
		if err != nil {
			return nil, err
		}
		if x == nil {
			x = &explorerResult{Moves: []explorerMove{}, Recent: []explorerGame{}, Folders: []string{}, Text: "Explorer: the position is not known."}
		}
		r.Explorer = x
		r.Text += "\n\n" + x.Text
	}
	return r, nil
}

// boardJSON converts a board, its spans to ranges.
func boardJSON(m mapper, b *query.Board) *boardResult {
	orNull := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	r := &boardResult{
		Variant:   b.Variant,
		Position:  orNull(b.Position),
		Ply:       b.Ply,
		SVG:       orNull(b.SVG),
		Text:      b.Text,
		Moves:     make([]boardMove, len(b.Moves)),
		Current:   b.Current,
		Depth:     b.Depth,
		LineStart: m.position(b.LineStart),
		Note:      orNull(b.Note),
		Annotations: boardAnnotations{
			Arrows:  make([]boardArrow, len(b.Annotations.Arrows)),
			Squares: make([]boardSquare, len(b.Annotations.Squares)),
			Clock:   orNull(b.Annotations.Clock),
		},
	}
	if lm := b.LastMove; lm != nil {
		r.LastMove = &boardLastMove{From: lm.From, To: lm.To}
	}
	for i, a := range b.Annotations.Arrows {
		r.Annotations.Arrows[i] = boardArrow(a)
	}
	for i, sq := range b.Annotations.Squares {
		r.Annotations.Squares[i] = boardSquare{Square: sq.Square, Color: sq.Color}
	}
	if e := b.Annotations.Eval; e != nil {
		ev := &boardEval{Text: e.Text, Depth: e.Depth}
		if e.Mate {
			n := e.MateIn
			ev.Mate = &n
		} else {
			p := e.Pawns
			ev.Pawns = &p
		}
		r.Annotations.Eval = ev
	}
	for i, mv := range b.Moves {
		bm := boardMove{SAN: mv.SAN, Range: m.rangeOf(mv.Span), Number: mv.Number, Ply: mv.Ply, Illegal: mv.Illegal}
		for _, v := range mv.Variations {
			bm.Variations = append(bm.Variations, boardVariation{SAN: v.SAN, Range: m.rangeOf(v.Span)})
		}
		r.Moves[i] = bm
	}
	return r
}
