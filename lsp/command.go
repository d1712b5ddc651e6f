package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"

	"github.com/pgnls/pgnls/lsp/wire"
)

// command is the params of workspace/executeCommand, with its arguments
// kept raw for the command to read.
type command struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

// commands lists the commands of the server, as announced in the
// capabilities' executeCommandProvider.
var commands = []string{cmdAnalyseGame, cmdAnalyseFile, commandPlay, commandEditGame, commandCopyGame}

// executeCommand runs a command of the server: the engine's analyses
// (analyse.go), the edits of a game from the board (boardedit.go) and
// the stripped copies of a game (copygame.go).
func (s *server) executeCommand(ctx context.Context, params json.RawMessage) (any, error) {
	var p command
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	switch p.Command {
	case cmdAnalyseGame, cmdAnalyseFile:
		return s.analyseCommand(p)
	case commandPlay, commandEditGame:
		return s.editCommand(ctx, p)
	case commandCopyGame:
		return s.copyCommand(p)
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q", p.Command)
}
