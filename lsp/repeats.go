package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// repeatDiagnostic is what the quick fix of a repeated game reads of a
// client's diagnostic: where the earlier game is, from its related
// information or else its message.
type repeatDiagnostic struct {
	Message string `json:"message"`
	Related []struct {
		Location struct {
			URI   string     `json:"uri"`
			Range wire.Range `json:"range"`
		} `json:"location"`
	} `json:"relatedInformation"`
}

// earlierGame finds "game 13 (line 340)" in a message (duplicates.Where).
var earlierGame = regexp.MustCompile(`\bgame ([0-9]+) \(line [0-9]+\)`)

// repeatFix returns the quick fix of the client's diagnostic raw, a
// duplicate-game or near-duplicate-game on game i of doc: remove the less
// complete of the game and the one it repeats (duplicates.RemoveFix).
// The diagnostics of repeated games are made at publication, not by the
// game's analysis, so the earlier game is read from the diagnostic and
// both games are checked to be copies again.
func repeatFix(doc *session.Document, m mapper, i int, raw json.RawMessage) (codeAction, bool) {
	var rd repeatDiagnostic
	if json.Unmarshal(raw, &rd) != nil {
		return codeAction{}, false
	}
	other := -1
	for _, r := range rd.Related {
		if r.Location.URI == doc.URI {
			rg := protocol.Range{Start: r.Location.Range.Start.Protocol(), End: r.Location.Range.End.Protocol()}
			other = doc.File.GameAt(m.span(rg).Start)
			break
		}
	}
	if other < 0 {
		sub := earlierGame.FindStringSubmatch(rd.Message)
		if sub == nil {
			return codeAction{}, false
		}
		n, err := strconv.Atoi(sub[1])
		if err != nil || n < 1 || n > doc.File.NumGames() {
			return codeAction{}, false
		}
		other = n - 1
	}
	f, ok := duplicates.RemoveFix(doc.File, i, other)
	if !ok {
		return codeAction{}, false
	}
	return codeAction{
		Title: f.Title, Kind: protocol.QuickFix, Diagnostics: []json.RawMessage{raw},
		Edit: workspaceEdit(doc, syntax.Normalize(slices.Clone(f.Edits))),
	}, true
}

// namesFile is the names file of player-name-variant at the root of a
// workspace.
const namesFile = ".pgnls-names"

// readNames installs the players' names of player-name-variant: the
// names file at the root of the workspace, if there is one (in the first
// of the workspace's folders roots: the folders of the initialize
// params, else its root), and the counts of the workspace's files (see
// countPlayers), when it has folders.
func (s *server) readNames(roots []string) {
	if len(roots) == 0 {
		return
	}
	n := &players.Names{}
	n.SetCounts(&s.ws.players)
	path := filepath.Join(roots[0], namesFile)
	if f, err := os.Open(path); err == nil {
		err := n.ReadFile(f)
		f.Close()
		if err != nil {
			s.logger.Warn("names file", zap.String("path", path), zap.Error(err))
			n = &players.Names{}
			n.SetCounts(&s.ws.players)
		}
	}
	s.docs.SetNames(n)
}
