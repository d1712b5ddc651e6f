package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/workspace"
)

// methodPlayersCounted is the notification the server queues for its own
// worker when the counts of the workspace's players' names changed (see
// countPlayers); a client sending it only has the documents analysed
// again.
const methodPlayersCounted = "$/pgnls/playersCounted"

// countPlayers reads the players' names of the workspace's files from
// the index ix, just built, into w.players and, when they changed,
// queues methodPlayersCounted: the open documents are analysed again on
// the worker, in order with their edits, and their player-name-variant
// diagnostics count the names of the other files (players.Counts).
func (w *workspaceIndex) countPlayers(ctx context.Context, ix *workspace.Index) {
	counts, err := ix.Players(ctx)
	if err != nil {
		w.s.logger.Warn("workspace players", zap.Error(err))
	}
	if ctx.Err() != nil {
		return
	}
	changed := false
	paths := make([]string, 0, len(counts))
	for path, c := range counts {
		paths = append(paths, path)
		changed = w.players.SetFile(path, c) || changed
	}
	changed = w.players.Retain(paths) || changed
	if !changed {
		return
	}
	n, err := jsonrpc2.NewNotification(methodPlayersCounted, nil)
	if err != nil {
		return
	}
	w.s.queue.push(&message{req: n, ctx: w.s.ctx, cancel: func() {}})
}

// playersCounted analyses the open documents again (methodPlayersCounted).
func (s *server) playersCounted(context.Context, json.RawMessage) error {
	s.docs.Reanalyse()
	return nil
}
