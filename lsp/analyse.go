package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// Engine analysis: the source actions "Analyse game" and "Analyse file"
// (kinds source.analyse.game and source.analyse.file) carry the commands
// pgnls.analyseGame and pgnls.analyseFile (arguments: the document's URI
// and, for a game, the index of the game). The command answers at once;
// the analysis (package annotate, as pgnls annotate runs it, with the
// pgnls.engine settings) runs in the background with a cancellable
// work-done progress, the document can be edited meanwhile, and at the
// end the annotations of every game analysed that is still as it was
// are applied as one workspace/applyEdit, which the user can undo; a
// game edited meanwhile is dropped, with a message. Cancelling keeps the
// games finished.

// Commands of workspace/executeCommand.
const (
	cmdAnalyseGame = "pgnls.analyseGame"
	cmdAnalyseFile = "pgnls.analyseFile"
)

// Code action kinds of the analysis.
const (
	kindAnalyseGame protocol.CodeActionKind = "source.analyse.game"
	kindAnalyseFile protocol.CodeActionKind = "source.analyse.file"
)

// analyseActions returns the actions that analyse game i of doc, or the
// whole document, as the client's filter wants them; none for CTL-PGN,
// which no engine plays.
func analyseActions(doc *session.Document, i int, only []protocol.CodeActionKind) []codeAction {
	if doc.File.Dialect != syntax.PGN {
		return nil
	}
	var out []codeAction
	if wantKind(only, kindAnalyseGame) {
		out = append(out, codeAction{Title: "Analyse game with the engine", Kind: kindAnalyseGame,
			Command: &protocol.Command{Title: "Analyse game", Command: cmdAnalyseGame, Arguments: []any{doc.URI, i}}})
	}
	if wantKind(only, kindAnalyseFile) && doc.File.NumGames() > 1 {
		out = append(out, codeAction{Title: "Analyse file with the engine", Kind: kindAnalyseFile,
			Command: &protocol.Command{Title: "Analyse file", Command: cmdAnalyseFile, Arguments: []any{doc.URI}}})
	}
	return out
}

// analyseCommand runs cmdAnalyseGame and cmdAnalyseFile in the
// background.
func (s *server) analyseCommand(p command) (any, error) {
	var uri string
	if len(p.Arguments) == 0 || json.Unmarshal(p.Arguments[0], &uri) != nil {
		return nil, fmt.Errorf("%s: the first argument must be the document's URI", p.Command)
	}
	doc := s.docs.Get(uri)
	if doc == nil {
		return nil, errNotOpen(protocol.DocumentURI(uri))
	}
	if doc.File.Dialect != syntax.PGN {
		return nil, errors.New(annotate.ErrCTL.Error())
	}
	from, to := 0, doc.File.NumGames()
	title := "Analysing the file"
	if p.Command == cmdAnalyseGame {
		var i int
		if len(p.Arguments) < 2 || json.Unmarshal(p.Arguments[1], &i) != nil || i < 0 || i >= to {
			return nil, fmt.Errorf("%s: the second argument must be the index of a game of the document", p.Command)
		}
		from, to, title = i, i+1, "Analysing game "+fmt.Sprint(i+1)
	}
	opts := s.settings.engine // read here, on the worker
	s.wg.Go(func() { s.analyse(doc, from, to, title, opts) })
	return nil, nil
}

// analysedGame is a game analysed: its index and text when the analysis
// began, and its annotations.
type analysedGame struct {
	index int
	text  string
	edits []syntax.Edit // game-relative
}

// analyse annotates the games [from, to) of doc in the background and
// applies the result to the document as it is then.
func (s *server) analyse(doc *session.Document, from, to int, title string, opts annotate.Options) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	p := s.beginProgress(ctx, title, cancel)
	a := annotate.NewAnalyst(opts)
	defer a.Close()
	var done []analysedGame
	var failure error
	for i := from; i < to && ctx.Err() == nil; i++ {
		g := doc.File.Game(i).Game
		res, err := a.Game(ctx, g, doc.File.Dialect)
		if err != nil {
			if ctx.Err() == nil {
				failure = fmt.Errorf("game %d: %w", i+1, err)
			}
			break
		}
		if len(res.Edits) > 0 {
			done = append(done, analysedGame{index: i, text: g.Text, edits: res.Edits})
		}
		p.Report(i-from+1, to-from)
	}
	msg := s.applyAnalysis(doc.URI, done, title)
	if failure != nil {
		s.logger.Warn("engine analysis failed", zap.Error(failure))
		s.showWarning("the engine analysis stopped: %v", failure)
		msg = "stopped: " + failure.Error()
	} else if ctx.Err() != nil {
		msg = "cancelled; " + msg
	}
	p.End(msg)
}

// applyAnalysis applies the annotations of the games analysed that are
// still as they were in the current version of the document, as one
// edit, and says what it did.
func (s *server) applyAnalysis(uri string, games []analysedGame, title string) string {
	if len(games) == 0 {
		return "nothing to add"
	}
	cur := s.docs.Get(uri)
	if cur == nil {
		return "the document was closed"
	}
	var edits []syntax.Edit
	dropped := 0
	for _, g := range games {
		if g.index >= cur.File.NumGames() || cur.File.Game(g.index).Game.Text != g.text {
			dropped++
			continue
		}
		edits = append(edits, syntax.ShiftEdits(g.edits, cur.File.Game(g.index).Start)...)
	}
	if dropped > 0 {
		s.showWarning("%d game(s) changed while the engine analysed them: their analysis is dropped", dropped)
	}
	if len(edits) == 0 {
		return "the games changed meanwhile; nothing applied"
	}
	var res struct {
		Applied bool   `json:"applied"`
		Reason  string `json:"failureReason"`
	}
	params := map[string]any{"label": title, "edit": workspaceEdit(cur, edits)}
	if _, err := s.conn.Call(s.ctx, protocol.MethodWorkspaceApplyEdit, params, &res); err != nil || !res.Applied {
		s.logger.Warn("workspace/applyEdit refused", zap.Error(err), zap.String("reason", res.Reason))
		return "the editor refused the edit"
	}
	return fmt.Sprintf("%d game(s) annotated", len(games)-dropped)
}
