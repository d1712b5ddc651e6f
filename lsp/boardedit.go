package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// Edits of games from the board and at a move (package query computes
// them):
//
//   - the command pgnls.play (workspace/executeCommand) plays a move, in
//     SAN or UCI, at a place of a document: its argument is an object
//     {textDocument, position, move}; the server applies the change with
//     workspace/applyEdit and answers {applied, position}, the place of
//     the move played in the edited text, where a board view goes next;
//   - the command pgnls.editGame does the same for the other operations,
//     with "op": "promote", "promoteOneLevel", "deleteVariation",
//     "deleteFromHere", "nag" (with "nag": n) or "comment" (with
//     "comment": text; without it an empty comment is added, for the
//     user to write);
//   - the request pgnls/legalMoves (TextDocumentPositionParams) answers
//     the moves pgnls.play may play there, [{san, uci}], for a client's
//     completion of its play command;
//   - the code actions at a move ("Promote variation to main line",
//     "Promote variation one level", "Delete variation", "Delete from
//     here", "Add NAG …", "Add comment") carry pgnls.editGame.

// Commands of workspace/executeCommand.
const (
	commandPlay     = "pgnls.play"
	commandEditGame = "pgnls.editGame"
)

// applyEditTimeout bounds the wait for the client's answer to
// workspace/applyEdit (a user may be asked to confirm the edit).
const applyEditTimeout = time.Minute

// methodLegalMoves is pgnls/legalMoves.
const methodLegalMoves = "pgnls/legalMoves"

// editArgs is the argument of pgnls.play and pgnls.editGame.
type editArgs struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     protocol.Position               `json:"position"`
	Op           string                          `json:"op,omitempty"`
	Move         string                          `json:"move,omitempty"`
	NAG          int                             `json:"nag,omitempty"`
	Comment      *string                         `json:"comment,omitempty"`
}

// editResult is the answer to pgnls.play and pgnls.editGame: whether an
// edit was applied, and where the cursor goes in the edited text.
type editResult struct {
	Applied  bool              `json:"applied"`
	Position protocol.Position `json:"position"`
}

// legalMove is an item of the answer to pgnls/legalMoves.
type legalMove struct {
	SAN string `json:"san"`
	UCI string `json:"uci"`
}

// editCommand runs commandPlay and commandEditGame.
func (s *server) editCommand(ctx context.Context, p command) (any, error) {
	if len(p.Arguments) != 1 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes one argument", p.Command)
	}
	var a editArgs
	if err := wire.Unmarshal(p.Arguments[0], &a); err != nil {
		return nil, err
	}
	if p.Command == commandPlay {
		a.Op = "play"
	}
	doc := s.docs.Get(string(a.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(a.TextDocument.URI)
	}
	if s.declineEdits(doc, "edit") {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "the document's decoding is damaged")
	}
	m := mapper{doc.File}
	off, _ := m.offset(a.Position)
	ch, err := gameEdit(doc.File, off, a)
	if err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s", err.Error())
	}
	res := editResult{Position: newPosition(m, ch)}
	if len(ch.Edits) == 0 {
		return res, nil
	}
	var applied protocol.ApplyWorkspaceEditResponse
	title := a.Op
	if a.Op == "play" {
		title = "play " + a.Move
	}
	// The client answers once it has applied the edit (sending its
	// didChange first); one that never answers must not hold the worker.
	ctx, cancel := context.WithTimeout(ctx, applyEditTimeout)
	defer cancel()
	if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceApplyEdit, &protocol.ApplyWorkspaceEditParams{
		Label: "pgnls: " + title,
		Edit:  *workspaceEdit(doc, ch.Edits),
	}, &applied); err != nil {
		return nil, err
	}
	res.Applied = applied.Applied
	return res, nil
}

// gameEdit runs the operation of a on f at off.
func gameEdit(f *syntax.File, off syntax.Pos, a editArgs) (query.Change, error) {
	switch a.Op {
	case "play":
		return query.Play(f, off, a.Move)
	case "promote":
		return query.Promote(f, off, query.PromoteToMain)
	case "promoteOneLevel":
		return query.Promote(f, off, query.PromoteOneLevel)
	case "deleteVariation":
		return query.DeleteVariation(f, off)
	case "deleteFromHere":
		return query.DeleteFromHere(f, off)
	case "nag":
		return query.SetNAG(f, off, a.NAG)
	case "comment":
		text := ""
		if a.Comment != nil {
			text = *a.Comment
		}
		return query.SetComment(f, off, text)
	}
	return query.Change{}, errors.New("unknown op " + a.Op)
}

// newPosition returns the LSP position of the change's cursor in the
// edited text, worked out from the text before the change (m) and its
// edit (a Change has at most one), without building the new text.
func newPosition(m mapper, ch query.Change) protocol.Position {
	if len(ch.Edits) == 0 || ch.Cursor < ch.Edits[0].Start {
		return m.position(ch.Cursor)
	}
	e := ch.Edits[0]
	end := e.Start + syntax.Pos(len(e.New))
	if ch.Cursor <= end {
		return advance(m.position(e.Start), e.New[:ch.Cursor-e.Start])
	}
	p := advance(m.position(e.Start), e.New)
	return advance(p, m.f.Slice(syntax.Span{Start: e.End, End: ch.Cursor - end + e.End}))
}

// advance returns the position after text written at p.
func advance(p protocol.Position, text string) protocol.Position {
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		p.Line += uint32(strings.Count(text, "\n"))
		p.Character = 0
		text = text[i+1:]
	}
	for _, r := range syntax.Decode(text) {
		if r == utf8.RuneError {
			p.Character++
			continue
		}
		p.Character += uint32(len(utf16.Encode([]rune{r})))
	}
	return p
}

// legalMoves answers pgnls/legalMoves.
func (s *server) legalMoves(_ context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	moves, err := query.LegalMoves(doc.File, off)
	if err != nil {
		return []legalMove{}, nil
	}
	out := make([]legalMove, len(moves))
	for i, mv := range moves {
		out[i] = legalMove{SAN: mv.SAN, UCI: mv.UCI}
	}
	return out, nil
}

// boardNAGs are the NAGs the code actions offer, by glyph.
var boardNAGs = []int{1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19}

// moveActions returns the code actions at the move at off: the
// variation operations, NAGs (CTL-PGN valuations) and a comment. They
// carry the command pgnls.editGame, so that the edits are worked out
// when the user picks one.
func moveActions(doc *session.Document, off syntax.Pos, pos protocol.Position) []codeAction {
	at := query.EditTargetAt(doc.File, off)
	if !at.Move {
		return nil
	}
	cmd := func(title string, a editArgs) codeAction {
		a.TextDocument = protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(doc.URI)}
		a.Position = pos
		return codeAction{Title: title, Kind: protocol.RefactorRewrite,
			Command: &protocol.Command{Title: title, Command: commandEditGame, Arguments: []any{a}}}
	}
	var out []codeAction
	if at.Depth > 0 {
		if at.Promotable {
			out = append(out, cmd("Promote variation to main line", editArgs{Op: "promote"}))
			if at.Depth > 1 {
				out = append(out, cmd("Promote variation one level", editArgs{Op: "promoteOneLevel"}))
			}
		}
		out = append(out, cmd("Delete variation", editArgs{Op: "deleteVariation"}))
	}
	out = append(out, cmd("Delete from here", editArgs{Op: "deleteFromHere"}))
	for _, n := range boardNAGs {
		if doc.File.Dialect == syntax.CTLPGN && n > 7 {
			continue
		}
		info, _ := nag.Lookup(n)
		title := "Add NAG " + info.Symbol + " (" + info.Text + ")"
		if doc.File.Dialect == syntax.CTLPGN {
			sym := info.Symbol
			if n == 7 {
				sym = "◇"
			}
			title = "Add NAG " + sym + " (valuation: " + info.Text + ")"
		}
		out = append(out, cmd(title, editArgs{Op: "nag", NAG: n}))
	}
	out = append(out, cmd("Add comment", editArgs{Op: "comment"}))
	return out
}
