package lsp

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
)

// Test-only methods, served by ServeForTest and never by Serve.
const (
	// MethodTestText returns the server's copy of a document:
	// params {"uri": ...}, result TestText (null if not open).
	MethodTestText = "pgnls/test/text"
	// MethodTestSlow answers "done" after an hour, or RequestCancelled
	// once cancelled.
	MethodTestSlow = "pgnls/test/slow"
	// MethodTestAnalysed reports whether every game of the current version
	// of a document has cached analysis results: params {"uri": ...},
	// result bool.
	MethodTestAnalysed = "pgnls/test/analysed"
	// MethodTestStashed returns how many big messages' params the stream
	// holds for the server to take (see wire.Stream): result int.
	MethodTestStashed = "pgnls/test/stashed"
)

// TestText is the result of MethodTestText.
type TestText struct {
	Version int32  `json:"version"`
	Text    string `json:"text"`
	Dialect string `json:"dialect"`
	Games   int    `json:"games"`
}

var testMethods = map[string]requestHandler{
	MethodTestStashed: func(s *server, _ context.Context, _ json.RawMessage) (any, error) {
		return s.stream.Stashed(), nil
	},
	MethodTestText: func(s *server, _ context.Context, params json.RawMessage) (any, error) {
		var p protocol.TextDocumentIdentifier
		if err := wire.Unmarshal(params, &p); err != nil {
			return nil, err
		}
		doc := s.docs.Get(string(p.URI))
		if doc == nil {
			return nil, nil
		}
		return &TestText{doc.Version, doc.File.Text(), doc.File.Dialect.String(), doc.File.NumGames()}, nil
	},
	MethodTestAnalysed: func(s *server, _ context.Context, params json.RawMessage) (any, error) {
		var p protocol.TextDocumentIdentifier
		if err := wire.Unmarshal(params, &p); err != nil {
			return nil, err
		}
		doc := s.docs.Get(string(p.URI))
		if doc == nil {
			return false, nil
		}
		return s.docs.Analysed(doc), nil
	},
	MethodTestSlow: func(_ *server, ctx context.Context, _ json.RawMessage) (any, error) {
		t := time.NewTimer(time.Hour)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
			return "done", nil
		}
	},
}

// ServeForTest is Serve with the test-only methods.
func ServeForTest(ctx context.Context, rwc io.ReadWriteCloser, logger *zap.Logger, opts Options) int {
	return serve(ctx, rwc, logger, opts, testMethods, nil)
}

// ServeWithAnalyzers returns a ServeForTest that runs the given analyzers
// (possibly none: syntax only) instead of checks.All.
func ServeWithAnalyzers(as ...*analysis.Analyzer) func(context.Context, io.ReadWriteCloser, *zap.Logger, Options) int {
	as = append([]*analysis.Analyzer{}, as...) // non-nil even if empty
	return func(ctx context.Context, rwc io.ReadWriteCloser, logger *zap.Logger, opts Options) int {
		return serve(ctx, rwc, logger, opts, testMethods, as)
	}
}

// ParseSettings exposes parseSettings: the problems found in a pgnls
// settings object.
func ParseSettings(raw json.RawMessage) (any, []string) {
	st, problems := parseSettings(raw)
	return st, problems
}

// SetHeldTrees sets the syntax tree budget of documents opened from now
// on and returns a function that restores it.
func SetHeldTrees(bytes int) (restore func()) {
	old := session.HeldTrees
	session.HeldTrees = bytes
	return func() { session.HeldTrees = old }
}

// SetStashBytes sets the size from which notifications' params are
// stashed (see wire.Stream) and returns a function that restores it.
func SetStashBytes(n int) (restore func()) {
	old := stashBytes
	stashBytes = n
	return func() { stashBytes = old }
}
