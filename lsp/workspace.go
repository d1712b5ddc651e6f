package lsp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/analysis/workspace"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// The workspace search: workspace/symbol, textDocument/references on a
// move and the board's explorer ask analysis/workspace, an index of the
// games of the workspace folders and of the open documents. The index
// is built on a goroutine of its own after initialized, with work-done
// progress when the client supports it, and brought up to date (the
// files changed since are indexed again) by the requests that use it,
// at most once every refreshEvery; they answer from what is indexed so
// far. The requests run off the worker, so that typing never waits for
// them, and the index takes one core (its parse more), leaving the
// others to the documents being edited.

// offWorker lists the requests answered off the worker without a
// document version to pin: they read the index, not a document's tree.
var offWorker = map[string]bool{
	protocol.MethodWorkspaceSymbol:        true,
	protocol.MethodTextDocumentReferences: true,
}

const (
	// refreshEvery is the least time between two updates of the index.
	refreshEvery = 2 * time.Second
	// symbolLimit bounds the answer to workspace/symbol.
	symbolLimit = 500
	// referencesLimit bounds the answer to references: the games after
	// 1. e4 in a big workspace are too many to list.
	referencesLimit = 5000
	// recentGames is the number of latest games the explorer lists.
	recentGames = 5
	// indexMemory is the default budget of the index's sorts: small, so
	// that the index stays well under the memory limit the server sets
	// from the open documents (session.Session), where the collector
	// would run all the time and slow the typing down; the sorts spill
	// to disk past it.
	indexMemory = 8 << 20
)

// workspaceIndex is the server's workspace.Index and its updates.
type workspaceIndex struct {
	s     *server
	roots []string

	once sync.Once
	ix   *workspace.Index

	typed time.Time // when the open documents were last seen to change (yield)
	edits int64     // the sum of their versions then

	// players counts the players' names of the workspace's files, for
	// player-name-variant across them (countPlayers).
	players players.Counts

	mu       sync.Mutex
	building bool
	last     time.Time         // when the last update ended
	synced   *session.Snapshot // the open documents the index last had
}

// newWorkspaceIndex returns the index of the folders p names.
func newWorkspaceIndex(s *server, p *wire.InitializeParams) *workspaceIndex {
	w := &workspaceIndex{s: s}
	switch {
	case len(p.WorkspaceFolders) > 0:
		for _, f := range p.WorkspaceFolders {
			if path, ok := session.FilePath(string(f.URI)); ok {
				w.roots = append(w.roots, path)
			}
		}
	case p.RootURI != nil && *p.RootURI != "":
		if path, ok := session.FilePath(string(*p.RootURI)); ok {
			w.roots = append(w.roots, path)
		}
	case p.RootPath != nil && *p.RootPath != "":
		w.roots = append(w.roots, *p.RootPath)
	}
	return w
}

// index returns the index, made on first use with the dialect setting
// of that time.
func (w *workspaceIndex) index() *workspace.Index {
	w.once.Do(func() {
		d, ok := syntax.ParseDialect(w.s.dialectName())
		w.ix = workspace.New(workspace.Options{CacheDir: w.s.opts.WorkspaceCache, Memory: cmp.Or(w.s.opts.WorkspaceMemory, indexMemory), Dialect: d, Auto: !ok, Jobs: 1, Yield: w.yield})
		w.ix.SetRoots(w.roots)
		context.AfterFunc(w.s.ctx, func() { w.ix.Close() })
	})
	return w.ix
}

// typingPause is how long the index waits after the last edit of an
// open document before it goes on: typing keeps the cores.
const typingPause = 300 * time.Millisecond

// yield holds the index back while the user types: until no open
// document has changed for typingPause. It runs on Build's goroutine
// only.
func (w *workspaceIndex) yield() {
	for w.s.ctx.Err() == nil {
		var edits int64
		for _, d := range w.s.docs.Snapshot().All() {
			edits += int64(d.Version)
		}
		if edits != w.edits {
			w.edits, w.typed = edits, time.Now()
		}
		wait := typingPause - time.Since(w.typed)
		if wait <= 0 {
			return
		}
		time.Sleep(wait)
	}
}

// refresh starts an update of the index on a goroutine of its own,
// unless one runs or the last ended less than refreshEvery ago; the
// first (first set) reports work-done progress.
func (w *workspaceIndex) refresh(first bool) {
	if len(w.roots) == 0 {
		return
	}
	w.mu.Lock()
	if w.building || !first && time.Since(w.last) < refreshEvery {
		w.mu.Unlock()
		return
	}
	w.building = true
	w.mu.Unlock()
	ix := w.index()
	s := w.s
	s.wg.Go(func() {
		defer func() {
			w.mu.Lock()
			w.building, w.last = false, time.Now()
			w.mu.Unlock()
		}()
		ctx, cancel := context.WithCancel(s.ctx)
		defer cancel()
		var p *progress
		if first {
			p = s.beginProgress(ctx, "Indexing the workspace's games", cancel)
		}
		start := time.Now()
		st, err := ix.Build(ctx, func(done, total int64) {
			if p == nil || p.token == "" || total == 0 {
				return
			}
			if pct := uint32(done * 100 / total); pct != p.last {
				p.last = pct
				p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport,
					Message: fmt.Sprintf("%d/%d MB", done>>20, total>>20), Percentage: pct})
			}
		})
		for _, e := range st.Errors {
			s.logger.Warn("workspace index", zap.Error(e))
		}
		s.logger.Info("workspace indexed", zap.Int("files", st.Files), zap.Int("indexed", st.Indexed), zap.Int("spilled", st.Spilled),
			zap.Int("games", st.Games), zap.Duration("took", time.Since(start)), zap.Error(err))
		if err == nil {
			w.countPlayers(ctx, ix)
		}
		if p != nil {
			p.End(fmt.Sprintf("%d games in %d files", st.Games, st.Files))
		}
	})
}

// sync gives the index the open documents of snap, as overlays over
// their files, and returns it.
func (w *workspaceIndex) sync(snap *session.Snapshot) *workspace.Index {
	w.refresh(false)
	ix := w.index()
	overlays := snap.Overlays()
	files := make(map[string]*syntax.File, len(overlays))
	for path, d := range overlays {
		files[path] = d.File
	}
	ix.SetOverlays(files)
	w.mu.Lock()
	w.synced = snap
	w.mu.Unlock()
	return ix
}

// uriOf returns the URI of a path of the index: the client's for an
// open document.
func (w *workspaceIndex) uriOf(path string) protocol.DocumentURI {
	w.mu.Lock()
	snap := w.synced
	w.mu.Unlock()
	if d := snap.Overlays()[path]; d != nil {
		return protocol.DocumentURI(d.URI)
	}
	if filepath.IsAbs(path) {
		return uri.File(path)
	}
	return protocol.DocumentURI(path)
}

// workspaceSymbol answers workspace/symbol with workspace.Index.Games:
// a --where expression of pgnls select, or words of the games' names.
func (s *server) workspaceSymbol(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		Query string `json:"query"`
	}
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	ix := s.ws.sync(s.docs.Snapshot())
	games, err := ix.Games(ctx, p.Query, symbolLimit)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		s.logger.Warn("workspace/symbol", zap.Error(err))
	}
	out := make([]protocol.SymbolInformation, 0, len(games))
	for _, g := range games {
		at := protocol.Position{Line: uint32(g.Line), Character: uint32(g.Col)}
		out = append(out, protocol.SymbolInformation{
			Name:          g.Name,
			Kind:          protocol.SymbolKindModule,
			Location:      protocol.Location{URI: s.ws.uriOf(g.Path), Range: protocol.Range{Start: at, End: at}},
			ContainerName: filepath.Base(g.Path) + " · " + g.Detail,
		})
	}
	return out, nil
}

// referenceParams is ReferenceParams.
type referenceParams struct {
	positionParams
	Context struct {
		IncludeDeclaration bool `json:"includeDeclaration"`
	} `json:"context"`
}

// references answers textDocument/references on a move with the games
// of the workspace reaching the position after it, each at the move
// that reaches it (workspace.Index.Reaching); the move itself is the
// declaration. Elsewhere than on a move the answer is empty.
func (s *server) references(ctx context.Context, params json.RawMessage) (any, error) {
	doc, off, err := s.at(params)
	if err != nil {
		return nil, err
	}
	var p referenceParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	out := []protocol.Location{}
	pl, ok := query.PlaceAt(doc.File, off)
	if !ok || pl.Move == nil {
		return out, nil
	}
	ix := s.ws.sync(s.docs.Snapshot())
	hits, total, err := ix.Reaching(ctx, &pl, referencesLimit)
	if err != nil {
		return nil, err
	}
	if total > len(hits) {
		s.logger.Info("references: too many games", zap.Int("games", total), zap.Int("listed", len(hits)))
	}
	self := mapper{doc.File}.rangeOf(pl.Span)
	for _, h := range hits {
		u := s.ws.uriOf(h.At.Path)
		r := protocol.Range{
			Start: protocol.Position{Line: uint32(h.At.Line), Character: uint32(h.At.Col)},
			End:   protocol.Position{Line: uint32(h.At.Line), Character: uint32(h.At.Col + h.Width)},
		}
		if !p.Context.IncludeDeclaration && u == protocol.DocumentURI(doc.URI) && r == self {
			continue
		}
		out = append(out, protocol.Location{URI: u, Range: r})
	}
	return out, nil
}

// explorerResult is the explorer of pgnls/board: workspace.Explorer with
// LSP locations, and as text for terminal clients.
type explorerResult struct {
	Games     int            `json:"games"`
	WhiteWins int            `json:"whiteWins"`
	Draws     int            `json:"draws"`
	BlackWins int            `json:"blackWins"`
	Moves     []explorerMove `json:"moves"`
	Recent    []explorerGame `json:"recent"`
	Indexing  bool           `json:"indexing"` // the index is being updated: the counts may grow
	Text      string         `json:"text"`
	Folders   []string       `json:"folders"` // the workspace folders searched (the open documents are too)
}

type explorerMove struct {
	SAN       string `json:"san"`
	Games     int    `json:"games"`
	WhiteWins int    `json:"whiteWins"`
	Draws     int    `json:"draws"`
	BlackWins int    `json:"blackWins"`
}

type explorerGame struct {
	Name     string            `json:"name"`
	Date     string            `json:"date"`
	Result   string            `json:"result"`
	Next     string            `json:"next"` // the move played from the position; "" when the game ends there
	Location protocol.Location `json:"location"`
}

// explorer returns the explorer of the position at off in doc, or nil
// when that position is not known.
func (s *server) explorer(ctx context.Context, doc *session.Document, off syntax.Pos) (*explorerResult, error) {
	pl, ok := query.PlaceAt(doc.File, off)
	if !ok {
		return nil, nil
	}
	ix := s.ws.sync(s.docs.Snapshot())
	x, err := ix.Explore(ctx, &pl, recentGames)
	if err != nil {
		return nil, err
	}
	s.ws.mu.Lock()
	indexing := s.ws.building
	s.ws.mu.Unlock()
	r := &explorerResult{Games: x.Games, WhiteWins: x.WhiteWins, Draws: x.Draws, BlackWins: x.BlackWins,
		Moves: make([]explorerMove, len(x.Moves)), Recent: make([]explorerGame, len(x.Recent)), Indexing: indexing,
		Text: x.Text(), Folders: s.ws.roots}
	if r.Folders == nil {
		r.Folders = []string{}
	}
	for i, m := range x.Moves {
		r.Moves[i] = explorerMove{SAN: m.Move, Games: m.Games, WhiteWins: m.WhiteWins, Draws: m.Draws, BlackWins: m.BlackWins}
	}
	for i, h := range x.Recent {
		at := protocol.Position{Line: uint32(h.At.Line), Character: uint32(h.At.Col)}
		end := at
		end.Character += uint32(h.Width)
		r.Recent[i] = explorerGame{Name: h.Game.Name, Date: h.Game.Date, Result: h.Game.Result.String(), Next: h.Next,
			Location: protocol.Location{URI: s.ws.uriOf(h.At.Path), Range: protocol.Range{Start: at, End: end}}}
	}
	if strings.TrimSpace(r.Text) == "" {
		r.Text = "No game of the workspace reaches this position."
	}
	return r, nil
}
