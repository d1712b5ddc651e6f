// Package lsptest runs the pgnls language server in process, for tests,
// and runs the marker tests of testdata/lsp (RunMarkers, marker.go).
//
// Start runs lsp.Serve on one end of a net.Pipe and plays the client on
// the other, speaking go.lsp.dev/jsonrpc2's Content-Length framing;
// Connect plays the client on any stream, such as the standard input and
// output of a pgnls process. The client records every notification the
// server sends (publishDiagnostics in particular), answers the server's
// requests (workspace/configuration with Options.Settings,
// window/workDoneProgress/create) and offers helpers for the usual
// exchanges: Initialize, Open, Change, Close, WaitDiagnostics, Shutdown,
// Exit.
//
// The client is built on jsonrpc2.Stream and the jsonrpc2 message types
// rather than on jsonrpc2.Conn, because Conn picks request ids itself:
// testing $/cancelRequest needs the id before the answer arrives, and
// string ids, which Conn cannot send.
//
// # Timing
//
// Run tests inside testing/synctest's synctest.Test: net.Pipe, the
// server's goroutines, its debounce timers and the waits here are all
// bubble-aware, so time is virtual, the debounce fires exactly when every
// goroutine is idle, Settle is exact, and a test never sleeps for real.
// Outside a bubble everything still works, with real time: waits time out
// after Options.Timeout and Settle is a best effort.
//
// # Positions
//
// The harness plays the editor, so it computes UTF-16 positions itself
// (RangeOf), with unicode/utf16 rather than the server's mapper, so that
// it serves as an independent oracle for the server's conversions.
package lsptest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest"

	"github.com/pgnls/pgnls/lsp"
)

// ServeFunc is the signature of lsp.Serve.
type ServeFunc func(ctx context.Context, rwc io.ReadWriteCloser, logger *zap.Logger, opts lsp.Options) int

// Options configures Start.
type Options struct {
	// RootURI is the workspace root sent in initialize; "" sends null.
	RootURI string
	// Server is passed to the server.
	Server lsp.Options

	// Serve replaces lsp.Serve, for instance by a variant with test-only
	// methods. nil means lsp.Serve.
	Serve ServeFunc

	// Logger receives the server's logs. nil means a logger writing to the
	// test log at debug level that fails the test on any error-level entry:
	// the server logs errors only for its own faults.
	Logger *zap.Logger

	// Timeout bounds every wait. 0 means 10s.
	Timeout time.Duration

	// Capabilities are the client capabilities Initialize sends; nil
	// means none ({}).
	Capabilities any

	// WorkspaceFolders are the folders Initialize names (as
	// workspaceFolders and rootUri); none when empty.
	WorkspaceFolders []string

	// ClientName is the clientInfo name Initialize sends; "" means
	// "lsptest".
	ClientName string

	// Settings is the client's answer for the "pgnls" section of
	// workspace/configuration (see SetSettings); nil answers null.
	Settings any

	// RawDiagnostics keeps publications undecoded (Published.Raw only),
	// and only the latest one's Raw per URI (nor among Notifications),
	// for benchmarks whose publications are huge.
	RawDiagnostics bool
}

// Published is one textDocument/publishDiagnostics notification.
type Published struct {
	URI         protocol.DocumentURI
	Version     uint32 // 0 when absent
	Diagnostics []protocol.Diagnostic
	Raw         json.RawMessage // the params as sent
}

// Notification is a notification the server sent.
type Notification struct {
	Method string
	Params json.RawMessage
}

// Client is the client end of an in-process server.
type Client struct {
	t       testing.TB
	opts    Options
	conn    io.ReadWriteCloser
	stream  jsonrpc2.Stream
	writeMu sync.Mutex
	seq     atomic.Int32

	served   chan struct{} // closed when Serve has returned
	code     int
	readDone chan struct{}

	mu       sync.Mutex
	pending  map[jsonrpc2.ID]chan *jsonrpc2.Response
	notes    []Notification
	diags    []Published
	cursor   map[protocol.DocumentURI]int // WaitDiagnostics consumed diags[:cursor]
	versions map[protocol.DocumentURI]int32
	changed  chan struct{} // closed and replaced when notes change
	readErr  error
	calls    []Notification // requests the server sent, in order
	settings any
	legend   protocol.SemanticTokensLegend
}

// Start runs a server and returns its client. The server is stopped
// (by closing the stream) when the test ends, if the test did not.
func Start(t testing.TB, opts Options) *Client {
	t.Helper()
	if opts.Serve == nil {
		opts.Serve = lsp.Serve
	}
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	srv, cli := net.Pipe()
	return Connect(t, cli, func() int {
		return opts.Serve(context.Background(), srv, opts.Logger, opts.Server)
	}, opts)
}

// Connect plays the client on conn, a Content-Length framed stream to a
// server that serve runs until it returns its exit code: an in-process
// server (Start), or a process whose standard streams conn joins. The
// fields Serve, Logger and Server of opts are not used. conn is closed
// when the test ends, and the test then waits for serve to return.
func Connect(t testing.TB, conn io.ReadWriteCloser, serve func() int, opts Options) *Client {
	t.Helper()
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	c := &Client{
		t:        t,
		opts:     opts,
		conn:     conn,
		stream:   jsonrpc2.NewStream(conn),
		served:   make(chan struct{}),
		readDone: make(chan struct{}),
		pending:  make(map[jsonrpc2.ID]chan *jsonrpc2.Response),
		cursor:   make(map[protocol.DocumentURI]int),
		versions: make(map[protocol.DocumentURI]int32),
		changed:  make(chan struct{}),
		settings: opts.Settings,
	}
	go func() {
		defer close(c.served)
		c.code = serve()
	}()
	go c.readLoop()
	t.Cleanup(func() {
		_ = c.conn.Close()
		c.waitChan(c.served, "the server to stop")
		c.waitChan(c.readDone, "the client reader to stop")
	})
	return c
}

// testLogger logs to t at debug level and fails t on error-level entries.
func testLogger(t testing.TB) *zap.Logger {
	fail := zap.Hooks(func(e zapcore.Entry) error {
		if e.Level >= zapcore.ErrorLevel {
			t.Errorf("server logged an error: %s", e.Message)
		}
		return nil
	})
	return zaptest.NewLogger(t, zaptest.Level(zapcore.DebugLevel), zaptest.WrapOptions(fail))
}

// readLoop reads everything the server sends.
func (c *Client) readLoop() {
	defer close(c.readDone)
	for {
		msg, _, err := c.stream.Read(context.Background())
		if err != nil {
			c.mu.Lock()
			c.readErr = err
			for id, ch := range c.pending {
				close(ch)
				delete(c.pending, id)
			}
			c.broadcast()
			c.mu.Unlock()
			return
		}
		switch msg := msg.(type) {
		case *jsonrpc2.Response:
			c.mu.Lock()
			ch := c.pending[msg.ID()]
			delete(c.pending, msg.ID())
			c.mu.Unlock()
			if ch != nil {
				ch <- msg
			} else {
				c.t.Errorf("lsptest: response to unknown request %v", msg.ID())
			}
		case *jsonrpc2.Notification:
			c.record(msg.Method(), msg.Params())
		case *jsonrpc2.Call:
			c.answer(msg)
		}
	}
}

// answer answers a request of the server as a minimal client: the
// settings for workspace/configuration, success for
// window/workDoneProgress/create, "applied" for workspace/applyEdit
// (the test reads the edit with Requests), MethodNotFound otherwise.
func (c *Client) answer(call *jsonrpc2.Call) {
	c.mu.Lock()
	c.calls = append(c.calls, Notification{call.Method(), append(json.RawMessage(nil), call.Params()...)})
	settings := c.settings
	c.broadcast()
	c.mu.Unlock()
	var result any
	var err error
	switch call.Method() {
	case protocol.MethodWorkspaceConfiguration:
		var p protocol.ConfigurationParams
		_ = json.Unmarshal(call.Params(), &p)
		items := make([]any, len(p.Items))
		for i, it := range p.Items {
			if it.Section == "pgnls" {
				items[i] = settings
			}
		}
		result = items
	case protocol.MethodWorkDoneProgressCreate:
	case protocol.MethodWorkspaceApplyEdit:
		// The test applies the edit itself (see Requests).
		result = protocol.ApplyWorkspaceEditResponse{Applied: true}
	default:
		err = jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "lsptest: %s", call.Method())
	}
	resp, rerr := jsonrpc2.NewResponse(call.ID(), result, err)
	if rerr != nil {
		c.t.Errorf("lsptest: answering %s: %v", call.Method(), rerr)
		return
	}
	_ = c.write(resp)
}

// SetSettings changes the client's answer to workspace/configuration
// (the server asks again after a didChangeConfiguration notification).
func (c *Client) SetSettings(v any) {
	c.mu.Lock()
	c.settings = v
	c.mu.Unlock()
}

// Requests returns the params of every request with the given method
// that the server sent so far.
func (c *Client) Requests(method string) []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []json.RawMessage
	for _, n := range c.calls {
		if n.Method == method {
			out = append(out, n.Params)
		}
	}
	return out
}

func (c *Client) record(method string, params json.RawMessage) {
	params = append(json.RawMessage(nil), params...)
	c.mu.Lock()
	defer c.mu.Unlock()
	if method != protocol.MethodTextDocumentPublishDiagnostics || !c.opts.RawDiagnostics {
		c.notes = append(c.notes, Notification{method, params})
	}
	if method == protocol.MethodTextDocumentPublishDiagnostics && c.opts.RawDiagnostics {
		var p struct {
			URI     protocol.DocumentURI `json:"uri"`
			Version uint32               `json:"version"`
		}
		if i := bytes.Index(params, []byte(`,"diagnostics":`)); i >= 0 {
			_ = json.Unmarshal(append(params[:i:i], '}'), &p)
		}
		for i := range c.diags { // keep only the latest raw text per URI
			if c.diags[i].URI == p.URI {
				c.diags[i].Raw = nil
			}
		}
		c.diags = append(c.diags, Published{URI: p.URI, Version: p.Version, Raw: params})
	} else if method == protocol.MethodTextDocumentPublishDiagnostics {
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(params, &p); err != nil {
			c.t.Errorf("lsptest: bad publishDiagnostics %s: %v", params, err)
		}
		c.diags = append(c.diags, Published{p.URI, p.Version, p.Diagnostics, params})
	}
	c.broadcast()
}

// broadcast wakes the waiters; c.mu must be held.
func (c *Client) broadcast() {
	close(c.changed)
	c.changed = make(chan struct{})
}

func (c *Client) write(msg jsonrpc2.Message) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.stream.Write(context.Background(), msg)
	return err
}

// Pending is a request sent but maybe not answered yet.
type Pending struct {
	c      *Client
	ID     jsonrpc2.ID // the request's id
	method string
	ch     chan *jsonrpc2.Response
}

// Send sends a request with the given id without waiting for the answer.
func (c *Client) Send(id jsonrpc2.ID, method string, params any) *Pending {
	c.t.Helper()
	call, err := jsonrpc2.NewCall(id, method, params)
	if err != nil {
		c.t.Fatalf("lsptest: %s: %v", method, err)
	}
	ch := make(chan *jsonrpc2.Response, 1)
	c.mu.Lock()
	if c.readErr != nil {
		c.mu.Unlock()
		c.t.Fatalf("lsptest: %s: stream closed: %v", method, c.readErr)
	}
	c.pending[id] = ch
	c.mu.Unlock()
	if err := c.write(call); err != nil {
		c.t.Fatalf("lsptest: sending %s: %v", method, err)
	}
	return &Pending{c, id, method, ch}
}

// Wait waits for the answer and decodes its result into result (if not
// nil). The error is the server's *jsonrpc2.Error, if it answered with one.
func (p *Pending) Wait(result any) error {
	p.c.t.Helper()
	t := time.NewTimer(p.c.opts.Timeout)
	defer t.Stop()
	select {
	case resp, ok := <-p.ch:
		if !ok {
			p.c.t.Fatalf("lsptest: stream closed before the answer to %s", p.method)
		}
		if err := resp.Err(); err != nil {
			return err
		}
		// jsonrpc2 decodes "result": null as an empty result.
		if raw := resp.Result(); result != nil && len(raw) > 0 {
			if err := json.Unmarshal(raw, result); err != nil {
				p.c.t.Fatalf("lsptest: decoding the result of %s: %v", p.method, err)
			}
		}
		return nil
	case <-t.C:
		p.c.t.Fatalf("lsptest: no answer to %s within %v", p.method, p.c.opts.Timeout)
		return nil
	}
}

// NextID returns a fresh numeric request id.
func (c *Client) NextID() jsonrpc2.ID { return jsonrpc2.NewNumberID(c.seq.Add(1)) }

// Call sends a request and waits for its answer; see Pending.Wait.
func (c *Client) Call(method string, params, result any) error {
	c.t.Helper()
	return c.Send(c.NextID(), method, params).Wait(result)
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) {
	c.t.Helper()
	n, err := jsonrpc2.NewNotification(method, params)
	if err != nil {
		c.t.Fatalf("lsptest: %s: %v", method, err)
	}
	if err := c.write(n); err != nil {
		c.t.Fatalf("lsptest: sending %s: %v", method, err)
	}
}

// Frame is a notification encoded and framed ahead of its sending
// (Encode), so that a benchmark's clock does not count the client's
// encoding of a big message: jsonrpc2 encodes params given as a
// json.RawMessage again, which for the thousands of objects of a big
// didChange takes longer than the server takes to decode them.
type Frame []byte

// Encode returns the notification of method with params, framed.
func (c *Client) Encode(method string, params any) Frame {
	c.t.Helper()
	n, err := jsonrpc2.NewNotification(method, params)
	if err != nil {
		c.t.Fatalf("lsptest: %s: %v", method, err)
	}
	data, err := json.Marshal(n)
	if err != nil {
		c.t.Fatalf("lsptest: %s: %v", method, err)
	}
	return append(fmt.Appendf(nil, "%s: %d\r\n\r\n", jsonrpc2.HdrContentLength, len(data)), data...)
}

// NotifyFrame sends a notification that Encode encoded.
func (c *Client) NotifyFrame(f Frame) {
	c.t.Helper()
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if _, err := c.conn.Write(f); err != nil {
		c.t.Fatalf("lsptest: sending a frame: %v", err)
	}
}

// Code returns the JSON-RPC error code of err, or 0 if it has none.
func Code(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// Initialize sends initialize (with the given initializationOptions, which
// may be nil) and initialized, and returns the server's answer.
func (c *Client) Initialize(initOptions any) *protocol.InitializeResult {
	c.t.Helper()
	caps := c.opts.Capabilities
	if caps == nil {
		caps = map[string]any{}
	}
	params := map[string]any{
		"processId":    nil,
		"rootUri":      nil,
		"clientInfo":   map[string]string{"name": cmp.Or(c.opts.ClientName, "lsptest")},
		"capabilities": caps,
	}
	if initOptions != nil {
		params["initializationOptions"] = initOptions
	}
	if len(c.opts.WorkspaceFolders) > 0 {
		var folders []map[string]string
		for _, f := range c.opts.WorkspaceFolders {
			folders = append(folders, map[string]string{"uri": string(uri.File(f)), "name": filepath.Base(f)})
		}
		params["workspaceFolders"], params["rootUri"] = folders, folders[0]["uri"]
	} else if c.opts.RootURI != "" {
		params["rootUri"] = c.opts.RootURI
	}
	var res protocol.InitializeResult
	if err := c.Call(protocol.MethodInitialize, params, &res); err != nil {
		c.t.Fatalf("lsptest: initialize: %v", err)
	}
	var st struct {
		Legend protocol.SemanticTokensLegend `json:"legend"`
	}
	if raw, err := json.Marshal(res.Capabilities.SemanticTokensProvider); err == nil && json.Unmarshal(raw, &st) == nil {
		c.legend = st.Legend
	}
	c.Notify(protocol.MethodInitialized, map[string]any{})
	return &res
}

// Open sends didOpen with version 1.
func (c *Client) Open(uri protocol.DocumentURI, text string) {
	c.t.Helper()
	c.mu.Lock()
	c.versions[uri] = 1
	c.mu.Unlock()
	c.Notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "pgn", Version: 1, Text: text},
	})
}

// Edit is one content change. A nil Range replaces the whole document.
type Edit struct {
	Range *protocol.Range
	Text  string
}

// Replace returns the edit replacing r by text.
func Replace(r protocol.Range, text string) Edit { return Edit{&r, text} }

// Change sends didChange with the edits, applied in order by the server,
// and returns the document's new version (the previous one plus one).
func (c *Client) Change(uri protocol.DocumentURI, edits ...Edit) int32 {
	c.t.Helper()
	type change struct {
		Range *protocol.Range `json:"range,omitempty"`
		Text  string          `json:"text"`
	}
	changes := make([]change, len(edits))
	for i, e := range edits {
		changes[i] = change(e)
	}
	c.mu.Lock()
	c.versions[uri]++
	v := c.versions[uri]
	c.mu.Unlock()
	c.Notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: v},
		"contentChanges": changes,
	})
	return v
}

// Close sends didClose.
func (c *Client) Close(uri protocol.DocumentURI) {
	c.t.Helper()
	c.Notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri},
	})
}

// WaitDiagnostics waits for the next publication of diagnostics for uri
// with the given version (0: without a version, as after didClose) and
// returns it. Publications before it, and those returned by earlier calls
// for the same URI, are skipped.
func (c *Client) WaitDiagnostics(uri protocol.DocumentURI, version int32) Published {
	c.t.Helper()
	var found Published
	c.waitFor(fmt.Sprintf("diagnostics of %s version %d", uri, version), func() bool {
		for i := c.cursor[uri]; i < len(c.diags); i++ {
			if p := c.diags[i]; p.URI == uri && p.Version == uint32(version) {
				c.cursor[uri] = i + 1
				found = p
				return true
			}
		}
		return false
	})
	return found
}

// Publications returns every diagnostics publication for uri so far.
func (c *Client) Publications(uri protocol.DocumentURI) []Published {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []Published
	for _, p := range c.diags {
		if p.URI == uri {
			out = append(out, p)
		}
	}
	return out
}

// Last returns the latest diagnostics publication for uri; ok is false if
// there is none.
func (c *Client) Last(uri protocol.DocumentURI) (p Published, ok bool) {
	ps := c.Publications(uri)
	if len(ps) == 0 {
		return Published{}, false
	}
	return ps[len(ps)-1], true
}

// Notifications returns the params of every notification with the given
// method received so far.
func (c *Client) Notifications(method string) []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []json.RawMessage
	for _, n := range c.notes {
		if n.Method == method {
			out = append(out, n.Params)
		}
	}
	return out
}

// Settle lets the server finish what it has to do: queued messages and
// debounced analyses. It sleeps for a few debounce periods; inside a
// synctest bubble that is exact (virtual time only advances when all the
// server's goroutines are idle), outside it is a best effort.
func (c *Client) Settle() {
	d := c.opts.Server.Debounce
	if d <= 0 {
		d = 150 * time.Millisecond
	}
	time.Sleep(4 * d)
}

// Shutdown sends shutdown and waits for its answer.
func (c *Client) Shutdown() error {
	c.t.Helper()
	return c.Call(protocol.MethodShutdown, nil, nil)
}

// Exit sends exit and returns the exit code of the server, which must
// return without the stream being closed.
func (c *Client) Exit() int {
	c.t.Helper()
	c.Notify(protocol.MethodExit, nil)
	return c.Wait()
}

// Wait waits for the server to return and returns its exit code.
func (c *Client) Wait() int {
	c.t.Helper()
	c.waitChan(c.served, "the server to return")
	return c.code
}

// CloseStream closes the client's end of the stream, as a client that
// dies would.
func (c *Client) CloseStream() { _ = c.conn.Close() }

// waitFor waits until cond, called with c.mu held, is true.
func (c *Client) waitFor(what string, cond func() bool) {
	c.t.Helper()
	t := time.NewTimer(c.opts.Timeout)
	defer t.Stop()
	for {
		c.mu.Lock()
		if cond() {
			c.mu.Unlock()
			return
		}
		ch, err := c.changed, c.readErr
		c.mu.Unlock()
		if err != nil {
			c.t.Fatalf("lsptest: stream closed (%v) while waiting for %s", err, what)
		}
		select {
		case <-ch:
		case <-t.C:
			c.t.Fatalf("lsptest: timed out after %v waiting for %s", c.opts.Timeout, what)
		}
	}
}

func (c *Client) waitChan(ch <-chan struct{}, what string) {
	c.t.Helper()
	t := time.NewTimer(c.opts.Timeout)
	defer t.Stop()
	select {
	case <-ch:
	case <-t.C:
		c.t.Fatalf("lsptest: timed out after %v waiting for %s", c.opts.Timeout, what)
	}
}

// RangeOf returns the LSP range (UTF-16 columns) of the first occurrence
// of sub in text. It fails the test if there is none.
func RangeOf(t testing.TB, text, sub string) protocol.Range {
	t.Helper()
	i := strings.Index(text, sub)
	if i < 0 {
		t.Fatalf("lsptest: %q not found in the text", sub)
	}
	return protocol.Range{Start: Position(text, i), End: Position(text, i+len(sub))}
}

// Legend returns the semantic tokens legend the server announced in its
// answer to Initialize.
func (c *Client) Legend() protocol.SemanticTokensLegend { return c.legend }

// Offset returns the byte offset of the LSP position p in text: the
// inverse of Position, with the same independent UTF-16 count. A column
// past the end of its line is the end of the line.
func Offset(text string, p protocol.Position) int {
	off := 0
	for line := uint32(0); line < p.Line; line++ {
		i := strings.IndexAny(text[off:], "\r\n")
		if i < 0 {
			return len(text)
		}
		off += i + 1
		if text[off-1] == '\r' && off < len(text) && text[off] == '\n' {
			off++
		}
	}
	units := uint32(0)
	for i, r := range text[off:] {
		if units >= p.Character || r == '\n' || r == '\r' {
			return off + i
		}
		units += uint32(len(utf16.Encode([]rune{r})))
	}
	return len(text)
}

// PositionIn returns the position p of text, whose character is counted
// in UTF-16 code units, with its character counted in the position
// encoding enc instead (LSP 3.17 PositionEncodingKind): "utf-8" (bytes),
// "utf-16" or "utf-32" (code points). ok is false for another encoding.
func PositionIn(text string, p protocol.Position, enc string) (q protocol.Position, ok bool) {
	prefix := text[Offset(text, protocol.Position{Line: p.Line}):Offset(text, p)]
	q = p
	switch enc {
	case "utf-8":
		q.Character = uint32(len(prefix))
	case "utf-16":
	case "utf-32":
		q.Character = uint32(utf8.RuneCountInString(prefix))
	default:
		return p, false
	}
	return q, true
}

// ApplyEdits applies LSP text edits, all relative to text, as a client
// does. Overlapping edits are an error.
func ApplyEdits(text string, edits []protocol.TextEdit) (string, error) {
	type edit struct {
		start, end int
		s          string
	}
	es := make([]edit, len(edits))
	for i, e := range edits {
		es[i] = edit{Offset(text, e.Range.Start), Offset(text, e.Range.End), e.NewText}
		if es[i].end < es[i].start {
			return text, fmt.Errorf("edit %d: range %v is reversed", i, e.Range)
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
	var b strings.Builder
	at := 0
	for i, e := range es {
		if e.start < at {
			return text, fmt.Errorf("edit %d overlaps the one before it", i)
		}
		b.WriteString(text[at:e.start])
		b.WriteString(e.s)
		at = e.end
	}
	b.WriteString(text[at:])
	return b.String(), nil
}

// Position returns the LSP position of byte offset off of text, which
// must not split a character or a "\r\n".
func Position(text string, off int) protocol.Position {
	before := text[:off]
	line := strings.Count(before, "\n") + strings.Count(before, "\r") - strings.Count(before, "\r\n")
	start := max(strings.LastIndexByte(before, '\n'), strings.LastIndexByte(before, '\r')) + 1
	return protocol.Position{Line: uint32(line), Character: uint32(len(utf16.Encode([]rune(text[start:off]))))}
}
