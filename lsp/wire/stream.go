package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// DefaultStashBytes is the size from which a notification's params are
// stashed (see Stream).
const DefaultStashBytes = 1 << 20

// firstPart is how much of a message's body the stream reads before it
// allocates the whole body.
const firstPart = 1 << 20

// stashKey is the only member of the params that stand for stashed ones.
const stashKey = `$pgnls.stash`

// Stream is a jsonrpc2.Stream over a Content-Length framed byte stream,
// with the framing of jsonrpc2's own stream (a Content-Length header,
// other headers ignored) and these differences:
//
//   - A message that is framed correctly but is not JSON-RPC is logged
//     and skipped: jsonrpc2's Conn closes the connection on any read
//     error. Errors of the framing itself still end it, as the stream is
//     then out of step.
//   - The body of a message is allocated whole only once its first MiB
//     has arrived, not from the Content-Length header alone (up to 2 GiB).
//   - A notification of at least StashBytes (a didOpen, or a didChange
//     with a whole text) is decoded here: its params stay where they are
//     in the message, in a stash, and the Conn gets a notification whose
//     params are a reference to them, which the handler takes back with
//     Params. jsonrpc2 decodes a message through a buffered decoder that
//     copies the whole message, growing its buffer by doubling: a 30 MB
//     didOpen held more than four times its size before the server saw
//     its text.
//   - A request whose method is "" reaches the handler as a call, which
//     it answers: jsonrpc2 decodes a message without a method as a
//     response, which nobody answers.
//   - Each message is framed in one write under the stream's own lock, so
//     that NotifyRaw and RespondRaw can send a notification whose params,
//     or a response whose result, are already encoded without their being
//     parsed and encoded again, as the Conn's Notify and replies would.
type Stream struct {
	// StashBytes is the size from which a notification's params are
	// stashed; 0 means DefaultStashBytes. Set it before the first Read.
	StashBytes int
	// Big, when set, is told the size of a message of at least StashBytes
	// before the stream allocates its body. Set it before the first Read.
	Big func(bytes int64)

	rwc    io.ReadWriteCloser
	in     *bufio.Reader
	logger *zap.Logger

	mu sync.Mutex // one frame at a time

	stashMu sync.Mutex
	stash   map[int64]json.RawMessage // params of big notifications
	stashN  int64
}

// NewStream returns the stream on rwc; logger (nil for none) hears of the
// messages skipped.
func NewStream(rwc io.ReadWriteCloser, logger *zap.Logger) *Stream {
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Stream{rwc: rwc, in: bufio.NewReader(rwc), logger: logger}
}

func (s *Stream) stashBytes() int {
	if s.StashBytes <= 0 {
		return DefaultStashBytes
	}
	return s.StashBytes
}

// Close implements jsonrpc2.Stream.
func (s *Stream) Close() error { return s.rwc.Close() }

// Read implements jsonrpc2.Stream.
func (s *Stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.read(ctx)
		if err != nil && isDecodeError(err) {
			s.logger.Warn("malformed message skipped", zap.Error(err))
			continue
		}
		return msg, n, err
	}
}

// isDecodeError tells the errors of jsonrpc2.DecodeMessage (the framed
// body is not a JSON-RPC message) from those of the framing and I/O.
func isDecodeError(err error) bool {
	return errors.Is(err, jsonrpc2.ErrInvalidRequest) || strings.HasPrefix(err.Error(), "unmarshaling jsonrpc message")
}

func (s *Stream) read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var total, length int64
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return nil, total, fmt.Errorf("failed reading header line: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		colon := strings.IndexRune(line, ':')
		if colon < 0 {
			return nil, total, fmt.Errorf("invalid header line %q", line)
		}
		name, value := line[:colon], strings.TrimSpace(line[colon+1:])
		if name == jsonrpc2.HdrContentLength {
			if length, err = strconv.ParseInt(value, 10, 32); err != nil {
				return nil, total, fmt.Errorf("failed parsing %s: %v: %w", jsonrpc2.HdrContentLength, value, err)
			}
			if length <= 0 {
				return nil, total, fmt.Errorf("invalid %s: %v", jsonrpc2.HdrContentLength, length)
			}
		}
	}
	if length == 0 {
		return nil, total, fmt.Errorf("missing %s header", jsonrpc2.HdrContentLength)
	}
	data, err := s.body(length)
	if err != nil {
		return nil, total, err
	}
	total += length
	if len(data) >= s.stashBytes() {
		if msg, ok := s.stashed(data); ok {
			return msg, total, nil
		}
	}
	msg, err := jsonrpc2.DecodeMessage(data)
	if r, ok := msg.(*jsonrpc2.Response); ok && err == nil {
		if call, ok := methodless(data, r.ID()); ok {
			return call, total, nil
		}
	}
	return msg, total, err
}

// body reads a message body of length bytes: its first part, then, if
// there is more, the rest into a buffer of the whole length, so that a
// header alone does not make the stream allocate (up to 2 GiB).
func (s *Stream) body(length int64) ([]byte, error) {
	data := make([]byte, min(length, firstPart))
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, fmt.Errorf("read full of data: %w", err)
	}
	if length >= int64(s.stashBytes()) && s.Big != nil {
		s.Big(length)
	}
	if int64(len(data)) < length {
		all := make([]byte, length)
		n := copy(all, data)
		if _, err := io.ReadFull(s.in, all[n:]); err != nil {
			return nil, fmt.Errorf("read full of data: %w", err)
		}
		data = all
	}
	return data, nil
}

// methodless returns the call that data, which jsonrpc2 decoded as a
// response with id, is when it has a method, "" (see Stream).
func methodless(data []byte, id jsonrpc2.ID) (*jsonrpc2.Call, bool) {
	if !json.Valid(data) {
		return nil, false
	}
	start := skipSpace(data, 0)
	at, ok := member(data, start, "method")
	if !ok {
		return nil, false
	}
	if method, ok := unquote(data[at:]); !ok || method != "" {
		return nil, false
	}
	var params any
	if p, ok := member(data, start, "params"); ok {
		params = json.RawMessage(data[p:valueEnd(data, p)])
	}
	call, err := jsonrpc2.NewCall(id, "", params)
	return call, err == nil
}

// stashed returns the notification data holds with its params stashed,
// or false if data is not a valid notification with params.
func (s *Stream) stashed(data []byte) (jsonrpc2.Message, bool) {
	if !json.Valid(data) {
		return nil, false
	}
	start := skipSpace(data, 0)
	if _, ok := member(data, start, "id"); ok {
		return nil, false // a request: jsonrpc2 decodes it
	}
	at, ok := member(data, start, "method")
	if !ok {
		return nil, false
	}
	method, ok := unquote(data[at:])
	if !ok || method == "" {
		return nil, false
	}
	p, ok := member(data, start, "params")
	if !ok {
		return nil, false
	}
	params := json.RawMessage(data[p:valueEnd(data, p)])
	s.stashMu.Lock()
	if s.stash == nil {
		s.stash = make(map[int64]json.RawMessage)
	}
	s.stashN++
	n := s.stashN
	s.stash[n] = params
	s.stashMu.Unlock()
	msg, err := jsonrpc2.NewNotification(method, json.RawMessage(`{"`+stashKey+`":`+strconv.FormatInt(n, 10)+`}`))
	if err != nil {
		s.drop(n)
		return nil, false
	}
	return msg, true
}

// Params returns the params of a message the stream read: the stashed
// ones (taken out of the stash) if they stand for some. Every message's
// params must go through it, once, even those of a message the handler
// drops.
func (s *Stream) Params(raw json.RawMessage) json.RawMessage {
	prefix := []byte(`{"` + stashKey + `":`)
	if !bytes.HasPrefix(raw, prefix) {
		return raw
	}
	n, err := strconv.ParseInt(string(bytes.TrimSuffix(raw[len(prefix):], []byte("}"))), 10, 64)
	if err != nil {
		return raw
	}
	s.stashMu.Lock()
	defer s.stashMu.Unlock()
	p, ok := s.stash[n]
	if !ok {
		return raw
	}
	delete(s.stash, n)
	return p
}

// Stashed returns how many params the stash holds.
func (s *Stream) Stashed() int {
	s.stashMu.Lock()
	defer s.stashMu.Unlock()
	return len(s.stash)
}

// drop forgets stashed params that will not be asked for.
func (s *Stream) drop(n int64) {
	s.stashMu.Lock()
	delete(s.stash, n)
	s.stashMu.Unlock()
}

// Write implements jsonrpc2.Stream.
func (s *Stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	m, ok := msg.(json.Marshaler) // every jsonrpc2 message is one
	if !ok {
		return 0, fmt.Errorf("cannot marshal message %T", msg)
	}
	data, err := m.MarshalJSON()
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	buf := make([]byte, 0, len(data)+32)
	buf = fmt.Appendf(buf, "Content-Length: %d\r\n\r\n", len(data))
	buf = append(buf, data...)
	return int64(len(buf)), s.write(buf)
}

// NotifyRaw sends a notification whose params are encoded JSON.
func (s *Stream) NotifyRaw(method string, params []byte) error {
	head := append(AppendString([]byte(`{"jsonrpc":"2.0","method":`), method), `,"params":`...)
	return s.writeRaw(head, params)
}

// RespondRaw answers the call id with a result that is encoded JSON. The
// Conn's reply would validate and copy it twice (jsonrpc2 marshals the
// result, then the response around it): a big database's document
// symbols are megabytes.
func (s *Stream) RespondRaw(id jsonrpc2.ID, result []byte) error {
	return s.RespondParts(id, Parts{result})
}

// RespondParts is RespondRaw with a result encoded in parts, written one
// after another: a result of megabytes built in parts (see Parts.Append)
// is never copied whole, neither as it grows nor to be framed.
func (s *Stream) RespondParts(id jsonrpc2.ID, result Parts) error {
	b, err := id.MarshalJSON()
	if err != nil {
		return err
	}
	head := append(append([]byte(`{"jsonrpc":"2.0","id":`), b...), `,"result":`...)
	return s.writeRaw(head, result...)
}

// writeRaw writes the message made of head, the parts of raw and a
// closing brace.
func (s *Stream) writeRaw(head []byte, raw ...[]byte) error {
	n := 0
	for _, r := range raw {
		n += len(r)
	}
	size := len(head) + n + 1
	if n >= copyUnder {
		// Written in place: a copy would double a big message.
		start := fmt.Appendf(make([]byte, 0, len(head)+32), "Content-Length: %d\r\n\r\n", size)
		parts := make([][]byte, 0, len(raw)+2)
		parts = append(append(append(parts, append(start, head...)), raw...), []byte{'}'})
		return s.write(parts...)
	}
	p := framePool.Get().(*[]byte)
	defer framePool.Put(p)
	buf := append(fmt.Appendf((*p)[:0], "Content-Length: %d\r\n\r\n", size), head...)
	for _, r := range raw {
		buf = append(buf, r...)
	}
	buf = append(buf, '}')
	*p = buf
	return s.write(buf)
}

// Parts is encoded JSON in parts, one after another, as
// Stream.RespondParts sends it.
type Parts [][]byte

// The parts that Parts.Append makes hold twice as much as the one before
// them, from minPart up to partSize bytes (or b, when it is bigger): a
// small result is one small part, a big one is made of parts of
// partSize.
const (
	minPart  = 512
	partSize = 256 << 10
)

// Append appends b to the last of p, or to a new part when the last has
// no room for it, and returns p.
func (p Parts) Append(b []byte) Parts {
	size := minPart
	if k := len(p) - 1; k >= 0 {
		if len(p[k])+len(b) <= cap(p[k]) {
			p[k] = append(p[k], b...)
			return p
		}
		size = min(partSize, 2*cap(p[k]))
	}
	return append(p, append(make([]byte, 0, max(size, len(b))), b...))
}

// copyUnder is the size of encoded params or result under which writeRaw
// copies them into one buffer, to write the message in one call.
const copyUnder = 64 << 10

// framePool holds buffers for writeRaw: diagnostics make messages of
// tens of kilobytes, several per keystroke.
var framePool = sync.Pool{New: func() any { return new([]byte) }}

// write writes one whole framed message, made of parts.
func (s *Stream) write(parts ...[]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range parts {
		if _, err := s.rwc.Write(b); err != nil {
			return fmt.Errorf("write data to conn: %w", err)
		}
	}
	return nil
}
