// Package lsp is the pgnls language server: LSP over a Content-Length
// framed JSON-RPC stream (stdio in production, net.Pipe in tests).
//
// Architecture invariants:
//
//   - lsp and its subpackages are the only ones that import go.lsp.dev/*.
//     The syntax and analysis layers never see protocol types, JSON-RPC
//     or zap.
//   - What works around go.lsp.dev/jsonrpc2 and go.lsp.dev/protocol (the
//     framing of messages, the decoding of big or mistyped params, the
//     encoding of diagnostics, cancellation ids) is in lsp/wire, whose
//     package comment lists each workaround; the handlers decode and
//     encode through it.
//   - Handlers are thin: decode params, take a document version from the
//     session (session.Session), call syntax or analysis, convert the
//     result. Chess and notation logic lives in analysis, never here; so
//     do the open documents, the application of edits, the dialect of
//     each document and the scheduling of its analysis (session), which
//     text_sync.go feeds byte edits converted through the mapper and
//     settings.go the configuration.
//   - Only mapper.go knows UTF-16. Everything else speaks byte offsets
//     (syntax.Pos), converted at the edge.
//   - Messages are handled one at a time in arrival order by a single
//     worker goroutine, so a request sees every edit sent before it. Only
//     $/cancelRequest and exit act at once, on the reading goroutine.
//   - Documents are immutable values; an edit makes a new one. Background
//     work (the debounced analysis) captures a value and publishes only if
//     that value is still the current one.
//   - Methods are routed through an explicit allow-list: an unknown request
//     gets MethodNotFound, an unknown notification is dropped.
//   - The stream is the protocol: the server writes nothing else to it, and
//     logs only through the zap logger it is given.
//   - Feature handlers (hover.go, completion.go, symbols.go, semantic.go,
//     formatting.go, codeaction.go, board.go) only convert: the answers
//     come from analysis/query, analysis/format and the analyzers' fixes.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// stashBytes is the size from which the stream keeps a notification's
// params where they are in the message (see wire.Stream).
var stashBytes = wire.DefaultStashBytes

// Options configures Serve.
type Options struct {
	// Dialect is the notation of every document: "pgn" or "ctl-pgn".
	// "" and "auto" detect it per document from the file extension and the
	// first tag. The client's pgnls.dialect setting, when present, wins.
	Dialect string

	// Debounce is how long the server waits after the last edit of a
	// document before it runs the analyzers on it. 0 means 150ms.
	Debounce time.Duration

	// LimitMemory lets the server set the Go runtime's soft memory limit
	// (runtime/debug.SetMemoryLimit) from the size of the open documents,
	// so that the process stays within a few times their size (see
	// session.Options.LimitMemory), and return memory to the system when a big document
	// closes. For a server that owns its process; ignored when the
	// GOMEMLIMIT environment variable is set.
	LimitMemory bool

	// WorkspaceCache is the directory of the workspace index's cache
	// (see workspace.Options.CacheDir); "" means the user cache
	// directory's pgnls/workspace.
	WorkspaceCache string

	// WorkspaceMemory is the memory budget of the workspace index's
	// sorts, in bytes; 0 means 8 MiB.
	WorkspaceMemory int64
}

const defaultDebounce = 150 * time.Millisecond

// exitWait bounds how long Serve waits, after exit, for background work
// to notice the cancellation.
const exitWait = time.Second

// Serve runs the language server on rwc, a Content-Length framed JSON-RPC
// stream, until the client sends exit, the stream ends or ctx is done. It
// closes rwc before returning, but does not wait for a pending read on it
// to return (a read from stdin may block forever).
//
// The result is the process exit code the LSP specification asks for: 0
// if shutdown was received before exit, 1 otherwise. A nil logger means
// no logging.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, logger *zap.Logger, opts Options) int {
	return serve(ctx, rwc, logger, opts, nil, nil)
}

// requestHandler answers a request. The ctx is cancelled by
// $/cancelRequest and when the server exits.
type requestHandler func(s *server, ctx context.Context, params json.RawMessage) (any, error)

// notificationHandler handles a notification.
type notificationHandler func(s *server, ctx context.Context, params json.RawMessage) error

// requests is the allow-list of requests; see also unimplemented.go.
var requests = map[string]requestHandler{
	protocol.MethodInitialize:                    (*server).initialize,
	protocol.MethodShutdown:                      (*server).shutdown,
	protocol.MethodTextDocumentFormatting:        (*server).formatting,
	protocol.MethodTextDocumentRangeFormatting:   (*server).rangeFormatting,
	protocol.MethodTextDocumentCodeAction:        (*server).codeAction,
	protocol.MethodTextDocumentHover:             (*server).hover,
	protocol.MethodTextDocumentCompletion:        (*server).completion,
	protocol.MethodTextDocumentDocumentSymbol:    (*server).documentSymbol,
	protocol.MethodTextDocumentFoldingRange:      (*server).foldingRange,
	wire.MethodSelectionRange:                    (*server).selectionRange,
	protocol.MethodTextDocumentDocumentHighlight: (*server).documentHighlight,
	protocol.MethodSemanticTokensFull:            (*server).semanticTokensFull,
	protocol.MethodSemanticTokensRange:           (*server).semanticTokensRange,
	methodBoard:                                  (*server).board,
	protocol.MethodWorkspaceSymbol:               (*server).workspaceSymbol,
	protocol.MethodTextDocumentReferences:        (*server).references,
	protocol.MethodWorkspaceExecuteCommand:       (*server).executeCommand,
	methodLegalMoves:                             (*server).legalMoves,
}

// background lists the requests that walk a whole document. They run off
// the worker, on the version of the document current when they arrive,
// so that the edits of a big document do not wait for their answers
// (a document symbol per game of a 30 MB file takes about a second).
var background = map[string]bool{
	protocol.MethodSemanticTokensFull:         true,
	protocol.MethodTextDocumentDocumentSymbol: true,
	protocol.MethodTextDocumentFoldingRange:   true,
}

// pinnedKey is the context key of the document a background request
// answers for (see server.document).
type pinnedKey struct{}

// notifications is the allow-list of notifications handled by the worker.
// $/cancelRequest and exit are handled by the reader (see server.read).
var notifications = map[string]notificationHandler{
	protocol.MethodInitialized:                     (*server).initialized,
	protocol.MethodTextDocumentDidOpen:             (*server).didOpen,
	protocol.MethodTextDocumentDidChange:           (*server).didChange,
	protocol.MethodTextDocumentDidClose:            (*server).didClose,
	protocol.MethodWorkspaceDidChangeConfiguration: (*server).didChangeConfiguration,
	protocol.MethodWorkDoneProgressCancel:          (*server).workDoneProgressCancel,
	methodPlayersCounted:                           (*server).playersCounted,
}

// phase is where the server stands in the LSP lifecycle.
type phase uint8

const (
	phaseNew      phase = iota // before initialize
	phaseRunning               // after initialize
	phaseShutdown              // after shutdown
)

// server is the state of one connection.
type server struct {
	ctx    context.Context // cancelled when Serve returns
	conn   jsonrpc2.Conn
	stream *wire.Stream
	logger *zap.Logger
	opts   Options
	extra  map[string]requestHandler // test-only methods

	docs      *session.Session     // the open documents and their analysis
	diags     *diagnoser           // the session's host
	analyzers []*analysis.Analyzer // what diagnoses documents, and what fix-all fixes
	queue     queue
	wg        sync.WaitGroup // the worker and background analyses

	// Owned by the worker goroutine.
	phase    phase
	settings settings
	// initSettings is the settings object of initializationOptions, if
	// any: they apply while workspace/configuration has no pgnls section.
	initSettings json.RawMessage
	client       clientCaps

	// Set by the reader goroutine.
	shutdownSeen atomic.Bool // shutdown arrived (the exit code depends on it)
	exitSeen     atomic.Bool
	exited       chan struct{} // closed on exit

	mu             sync.Mutex
	inflight       map[jsonrpc2.ID]*message      // calls not yet answered
	progressSeq    int                           // numbers progress tokens
	progressCancel map[string]context.CancelFunc // by progress token

	ws *workspaceIndex // made by initialize
}

// serve is Serve with test hooks: extra methods, and analyzers to run
// instead of checks.All when non-nil.
func serve(ctx context.Context, rwc io.ReadWriteCloser, logger *zap.Logger, opts Options, extra map[string]requestHandler, analyzers []*analysis.Analyzer) int {
	if logger == nil {
		logger = zap.NewNop()
	}
	logger = logger.Named("lsp")
	if opts.Debounce <= 0 {
		opts.Debounce = defaultDebounce
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	st := wire.NewStream(rwc, logger)
	st.StashBytes = stashBytes
	conn := jsonrpc2.NewConn(st)
	s := &server{
		ctx:      ctx,
		conn:     conn,
		stream:   st,
		logger:   logger,
		opts:     opts,
		extra:    extra,
		exited:   make(chan struct{}),
		inflight: make(map[jsonrpc2.ID]*message),

		progressCancel: make(map[string]context.CancelFunc),
	}
	s.queue.wake = make(chan struct{}, 1)
	if analyzers == nil {
		analyzers = checks.All
	}
	s.analyzers = analyzers
	s.diags = newDiagnoser(diagnoserOut{
		logger:    logger,
		current:   func(doc *session.Document) bool { return s.docs.Current(doc) },
		notify:    s.notify,
		notifyRaw: s.notifyRaw,
		progress:  s.beginProgress,
	})
	s.docs = session.New(ctx, s.diags, session.Options{
		Analyzers:   analyzers,
		Debounce:    opts.Debounce,
		Config:      session.Config{Dialect: opts.Dialect, Analysis: settings{}.config(), Max: defaultMaxDiagnostics},
		LimitMemory: opts.LimitMemory,
	})
	st.Big = s.docs.Expect // before a big message is read
	checkDialect(logger, "--dialect flag", opts.Dialect)
	logger.Info("server started", zap.String("dialect", opts.Dialect), zap.Duration("debounce", opts.Debounce))

	conn.Go(ctx, s.read)
	s.wg.Go(s.work)

	select {
	case <-s.exited:
	case <-conn.Done():
		logger.Info("stream closed before exit", zap.Error(conn.Err()))
	case <-ctx.Done():
		logger.Info("context done before exit", zap.Error(ctx.Err()))
	}
	code := 1
	if s.exitSeen.Load() && s.shutdownSeen.Load() {
		code = 0
	}
	cancel()
	_ = conn.Close()
	s.waitIdle()
	logger.Info("server stopped", zap.Int("exitCode", code))
	return code
}

// waitIdle waits, for at most exitWait, for the worker and the background
// analyses to stop after the server's context was cancelled.
func (s *server) waitIdle() {
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		s.docs.Wait()
		close(done)
	}()
	t := time.NewTimer(exitWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		s.logger.Warn("background work still running at exit")
	}
}

// message is a request or notification waiting for, or in, the worker.
type message struct {
	req     jsonrpc2.Request
	params  json.RawMessage // req's, or the stashed ones they stand for
	call    bool
	id      jsonrpc2.ID
	ctx     context.Context
	cancel  context.CancelFunc
	reply   jsonrpc2.Replier
	replied atomic.Bool
}

// read is the jsonrpc2 handler. It runs on the connection's reading
// goroutine and must not block: it acts on $/cancelRequest and exit at
// once and queues everything else for the worker.
func (s *server) read(_ context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	params := s.stream.Params(req.Params()) // out of the stash at once, even if dropped
	if s.exitSeen.Load() {
		return nil
	}
	switch req.Method() {
	case protocol.MethodCancelRequest:
		s.cancelRequest(params)
		return nil
	case protocol.MethodExit:
		s.logger.Info("exit", zap.Bool("afterShutdown", s.shutdownSeen.Load()))
		s.exitSeen.Store(true)
		close(s.exited)
		return nil
	case protocol.MethodShutdown:
		s.shutdownSeen.Store(true)
	}
	m := &message{req: req, params: params, reply: reply, ctx: s.ctx, cancel: func() {}}
	if c, ok := req.(*jsonrpc2.Call); ok {
		m.call = true
		m.id = c.ID()
		m.ctx, m.cancel = context.WithCancel(s.ctx)
		s.mu.Lock()
		s.inflight[m.id] = m
		s.mu.Unlock()
	}
	s.queue.push(m)
	return nil
}

// respond answers a call once; later answers (after a cancellation) are
// dropped.
func (s *server) respond(m *message, result any, err error) {
	if !m.replied.CompareAndSwap(false, true) {
		return
	}
	m.cancel()
	s.mu.Lock()
	if s.inflight[m.id] == m {
		delete(s.inflight, m.id)
	}
	s.mu.Unlock()
	var werr error
	if raw, ok := result.(json.RawMessage); ok && err == nil && raw != nil {
		werr = s.stream.RespondRaw(m.id, raw)
	} else if parts, ok := result.(wire.Parts); ok && err == nil {
		werr = s.stream.RespondParts(m.id, parts)
	} else {
		werr = m.reply(s.ctx, result, err)
	}
	if werr != nil {
		s.logger.Debug("reply not sent", zap.String("method", m.req.Method()), zap.Error(werr))
	}
}

// cancelRequest handles $/cancelRequest: the request's context is
// cancelled and, if it has not been answered yet, it is answered at once
// with RequestCancelled. Its id may be a number or a string (see
// wire.CancelID).
func (s *server) cancelRequest(params json.RawMessage) {
	id, err := wire.CancelID(params)
	if err != nil {
		s.logger.Debug("malformed $/cancelRequest", zap.Error(err))
		return
	}
	s.mu.Lock()
	m := s.inflight[id]
	s.mu.Unlock()
	if m == nil {
		s.logger.Debug("cancel of a request not in flight", zap.String("id", fmt.Sprintf("%q", id)))
		return
	}
	s.logger.Debug("request cancelled", zap.String("method", m.req.Method()), zap.String("id", fmt.Sprintf("%q", id)))
	s.respond(m, nil, jsonrpc2.NewError(protocol.CodeRequestCancelled, "request cancelled"))
}

// work is the worker goroutine: it handles queued messages in order.
func (s *server) work() {
	for {
		m, ok := s.queue.pop(s.ctx)
		if !ok {
			return
		}
		s.handle(m)
	}
}

// handleBackground answers a background request m off the worker.
func (s *server) handleBackground(ctx context.Context, m *message, method string) {
	defer func() {
		if r := recover(); r != nil {
			s.logger.Error("panic in handler", zap.String("method", method), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			s.respond(m, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", method, r))
		}
	}()
	result, err := requests[method](s, ctx, m.params)
	if err == nil && ctx.Err() != nil {
		err = jsonrpc2.NewError(protocol.CodeRequestCancelled, "request cancelled")
	}
	s.respond(m, result, err)
}

// handle runs one message. A panic is a server fault: it is logged and
// the call is answered with InternalError, and the server carries on.
func (s *server) handle(m *message) {
	method := m.req.Method()
	defer func() {
		if r := recover(); r != nil {
			s.logger.Error("panic in handler", zap.String("method", method), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			if m.call {
				s.respond(m, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", method, r))
			}
		}
	}()
	if !m.call {
		// m stays referenced until handle returns (the deferred recover):
		// let go of its params, so that the megabytes of a big didChange
		// or didOpen can be collected once the handler has decoded them,
		// not kept live through the parse that follows.
		params := m.params
		m.params = nil
		s.notification(m.ctx, method, params)
		return
	}
	if m.replied.Load() {
		return // cancelled while queued
	}
	if offWorker[method] && s.phase == phaseRunning {
		s.wg.Go(func() { s.handleBackground(m.ctx, m, method) })
		return
	}
	if background[method] && s.phase == phaseRunning {
		var p documentParams
		if wire.Unmarshal(m.params, &p) == nil {
			if doc := s.docs.Get(string(p.TextDocument.URI)); doc != nil {
				ctx := context.WithValue(m.ctx, pinnedKey{}, doc)
				s.wg.Go(func() { s.handleBackground(ctx, m, method) })
				return
			}
		}
	}
	result, err := s.call(m.ctx, method, m.params)
	if err == nil && m.ctx.Err() != nil {
		err = jsonrpc2.NewError(protocol.CodeRequestCancelled, "request cancelled")
	}
	s.respond(m, result, err)
}

// call dispatches a request according to the lifecycle phase.
func (s *server) call(ctx context.Context, method string, params json.RawMessage) (any, error) {
	switch {
	case s.phase == phaseNew && method != protocol.MethodInitialize:
		return nil, jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "%s before initialize", method)
	case s.phase == phaseRunning && method == protocol.MethodInitialize:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice")
	case s.phase == phaseShutdown:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s after shutdown", method)
	}
	h := requests[method]
	if h == nil {
		h = s.extra[method]
	}
	if h == nil {
		return nil, unimplementedRequest(s.logger, method)
	}
	return h(s, ctx, params)
}

// notification dispatches a notification according to the lifecycle
// phase. Notifications before initialize or after shutdown are dropped,
// as the specification asks.
func (s *server) notification(ctx context.Context, method string, params json.RawMessage) {
	if s.phase != phaseRunning {
		s.logger.Debug("notification dropped outside the running phase", zap.String("method", method))
		return
	}
	h := notifications[method]
	if h == nil {
		ignoreNotification(s.logger, method)
		return
	}
	if err := h(s, ctx, params); err != nil {
		s.logger.Warn("notification failed", zap.String("method", method), zap.Error(err))
	}
}

func (s *server) shutdown(context.Context, json.RawMessage) (any, error) {
	s.logger.Info("shutdown")
	s.phase = phaseShutdown
	s.docs.Stop()
	return nil, nil
}

// dialectName returns the effective dialect setting: the client's when it
// has one, else the flag's. "" or "auto" means detection per document.
func (s *server) dialectName() string {
	if d := s.settings.dialect; d != nil && *d != "" {
		return *d
	}
	return s.opts.Dialect
}

// checkDialect warns about a dialect value that is neither a dialect nor
// "auto"; such a value means detection.
func checkDialect(logger *zap.Logger, where, v string) {
	if _, ok := syntax.ParseDialect(v); ok {
		return
	}
	if s := strings.ToLower(strings.TrimSpace(v)); s != "" && s != "auto" {
		logger.Warn("unknown dialect; detecting it per document", zap.String("setting", where), zap.String("value", v))
	}
}

// version returns the server version reported in serverInfo.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// notify sends a notification to the client. A failure means the stream
// is gone, which is the client's doing, so it is logged at debug level.
func (s *server) notify(method string, params any) {
	if err := s.conn.Notify(s.ctx, method, params); err != nil {
		s.logger.Debug("notification not sent", zap.String("method", method), zap.Error(err))
	}
}

// notifyRaw sends a notification whose params are encoded JSON,
// bypassing the Conn (see wire.Stream).
func (s *server) notifyRaw(method string, params []byte) {
	if err := s.stream.NotifyRaw(method, params); err != nil {
		s.logger.Debug("notification not sent", zap.String("method", method), zap.Error(err))
	}
}

// showWarning shows a warning to the user through the client.
func (s *server) showWarning(format string, args ...any) {
	s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeWarning,
		Message: "pgnls: " + fmt.Sprintf(format, args...),
	})
}

// queue is the unbounded FIFO between the reader and the worker. The
// reader must never block, so it cannot be a channel of fixed size.
type queue struct {
	mu    sync.Mutex
	items []*message
	wake  chan struct{} // capacity 1: "items may be non-empty"
}

func (q *queue) push(m *message) {
	q.mu.Lock()
	q.items = append(q.items, m)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// pop returns the oldest message, waiting for one; ok is false once ctx
// is done.
func (q *queue) pop(ctx context.Context) (m *message, ok bool) {
	for {
		if ctx.Err() != nil {
			return nil, false
		}
		q.mu.Lock()
		if len(q.items) > 0 {
			m = q.items[0]
			q.items[0] = nil
			q.items = q.items[1:]
			q.mu.Unlock()
			return m, true
		}
		q.mu.Unlock()
		select {
		case <-q.wake:
		case <-ctx.Done():
			return nil, false
		}
	}
}

// errNotOpen is the answer to a request about a document that is not open.
func errNotOpen(uri protocol.DocumentURI) error {
	return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "document not open: %s", uri)
}
