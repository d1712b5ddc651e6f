package lsp

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/lsp/wire"
)

// clientCaps is what the server needs to know of the client.
type clientCaps struct {
	configuration    bool // answers workspace/configuration
	workDoneProgress bool // accepts window/workDoneProgress/create
	hoverMarkdown    bool // renders Markdown hovers
	vscode           bool // VS Code or a fork: renders images in hovers, shows at most 1,000 diagnostics a file
	eglot            bool // Emacs's eglot: converts each diagnostic's position by counting lines
	docMarkdown      bool // renders Markdown completion documentation
	snippets         bool // takes snippets as completion insert texts
	hierarchical     bool // takes DocumentSymbol trees, not SymbolInformation lists
	outline          bool // shows the outline: hierarchical symbols or folding ranges
	actionLiterals   bool // takes CodeAction literals (codeActionLiteralSupport), not only Commands
}

// isVSCode reports whether a client, by its clientInfo name, is VS Code
// or a fork (Code - OSS, code-server, VSCodium, Cursor, Windsurf): they
// render images in Markdown hovers, where terminal clients (Neovim, Vim,
// Emacs) show the image's base64 text, and show at most 1,000
// diagnostics per file.
func isVSCode(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"code", "cursor", "windsurf"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// capsOf returns what the server needs to know of a client with
// capabilities w.
func capsOf(w *wire.ClientCapabilities) clientCaps {
	// markdown tells whether the client prefers Markdown: the formats
	// are in its order of preference, so the first of the two known
	// kinds decides.
	markdown := func(formats []string) bool {
		for _, f := range formats {
			switch protocol.MarkupKind(f) {
			case protocol.Markdown:
				return true
			case protocol.PlainText:
				return false
			}
		}
		return false
	}
	td := w.TextDocument
	return clientCaps{
		configuration:    w.Workspace.Configuration,
		workDoneProgress: w.Window.WorkDoneProgress,
		hoverMarkdown:    markdown(td.Hover.ContentFormat),
		docMarkdown:      markdown(td.Completion.CompletionItem.DocumentationFormat),
		snippets:         td.Completion.CompletionItem.SnippetSupport,
		hierarchical:     td.DocumentSymbol.Hierarchical,
		outline:          td.DocumentSymbol.Hierarchical || len(td.FoldingRange) > 0 && !wire.IsNull(td.FoldingRange),
		actionLiterals:   len(td.CodeAction.LiteralSupport) > 0 && !wire.IsNull(td.CodeAction.LiteralSupport),
	}
}

// maxDiagnostics is the default publication limit for the client: VS
// Code shows no more than 1,000 diagnostics of a file, so more would be
// cut there by its own order, not by pick's; eglot finds each one's
// place by counting lines from the top of the buffer, so that on a
// 30 MB database a publication of 2,000 froze Emacs 28 for two minutes,
// one of 100 for a quarter of a second (pgnls.el sends 100 itself:
// eglot names itself in clientInfo only from Emacs 29).
func (c clientCaps) maxDiagnostics() int {
	switch {
	case c.vscode:
		return 1000
	case c.eglot:
		return 100
	}
	return defaultMaxDiagnostics
}

// Code action kinds of the source actions. Fixing the game is not a
// kind below source.fixAll: a client that applies source.fixAll on save
// (VS Code's editor.codeActionsOnSave) applies every action of that kind
// it gets, and the two would fix the game twice.
const (
	kindFormatGame protocol.CodeActionKind = "source.format.game"
	kindSortTags   protocol.CodeActionKind = "source.sortTags"
	kindAddTags    protocol.CodeActionKind = "source.addTags"
	kindFilter     protocol.CodeActionKind = "source.filter"
	kindFixGame    protocol.CodeActionKind = "source.fix.game"
	kindFixAll     protocol.CodeActionKind = "source.fixAll.pgnls"
)

func (s *server) initialize(_ context.Context, params json.RawMessage) (any, error) {
	var p wire.InitializeParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	s.client = capsOf(&p.Capabilities)
	// The analysis keeps the outline of what it analyses for a client
	// that will ask for it (VS Code, Neovim and Emacs do at once).
	if s.client.outline {
		s.docs.Fill(outlineMemo)
	}
	if p.ClientInfo != nil {
		s.client.vscode = isVSCode(p.ClientInfo.Name)
		s.client.eglot = strings.EqualFold(p.ClientInfo.Name, "eglot")
	}
	if s.client.maxDiagnostics() != defaultMaxDiagnostics && s.settings.max == nil {
		s.diags.setCatalogue(s.settings.catalogue())
		c := s.docs.Config()
		c.Analysis, c.Max = s.settings.config(), s.client.maxDiagnostics()
		s.docs.SetConfig(c)
	}
	if !wire.IsNull(p.InitializationOptions) {
		s.initSettings = settingsFromInit(p.InitializationOptions)
		s.applySettings("initializationOptions", s.initSettings)
	}
	var client, clientVersion string
	if p.ClientInfo != nil {
		client, clientVersion = p.ClientInfo.Name, p.ClientInfo.Version
	}
	s.logger.Info("initialize", zap.String("client", client), zap.String("clientVersion", clientVersion), zap.String("dialect", s.dialectName()),
		zap.Bool("configuration", s.client.configuration), zap.Bool("workDoneProgress", s.client.workDoneProgress))
	s.ws = newWorkspaceIndex(s, &p)
	s.readNames(s.ws.roots)
	s.phase = phaseRunning
	return &wire.InitializeResult{
		Capabilities: capabilities(),
		ServerInfo:   &protocol.ServerInfo{Name: "pgnls", Version: version()},
	}, nil
}

// capabilities are the features the server offers.
func capabilities() wire.ServerCapabilities {
	return wire.ServerCapabilities{
		ServerCapabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
			},
			HoverProvider:             true,
			CompletionProvider:        &protocol.CompletionOptions{TriggerCharacters: completionTriggers},
			DocumentHighlightProvider: true,
			DocumentSymbolProvider:    true,
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix, kindFormatGame, kindSortTags, kindAddTags, kindFilter, kindFixGame, kindFixAll, kindAnalyseGame, kindAnalyseFile, protocol.RefactorRewrite, kindStrip},
			},
			ExecuteCommandProvider:          &protocol.ExecuteCommandOptions{Commands: commands},
			DocumentFormattingProvider:      true,
			DocumentRangeFormattingProvider: true,
			FoldingRangeProvider:            true,
			SelectionRangeProvider:          true,
			WorkspaceSymbolProvider:         true,
			ReferencesProvider:              true,
			// Custom requests, documented in README: pgnls/board (and
			// its explorer over the workspace's games), pgnls/legalMoves.
			Experimental: map[string]any{"board": true, "explorer": true, "legalMoves": true},
		},
		SemanticTokensProvider: &wire.SemanticTokensOptions{Legend: semanticLegend(), Range: true, Full: true},
	}
}

// initialized pulls the settings when the client supports it.
func (s *server) initialized(ctx context.Context, _ json.RawMessage) error {
	s.logger.Debug("initialized")
	if raw, ok := s.fetchSettings(ctx); ok {
		s.applyPulled(raw)
	}
	s.ws.refresh(true)
	return nil
}
