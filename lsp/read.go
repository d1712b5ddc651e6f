package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// Reading messages. go.lsp.dev/jsonrpc2 decodes a message through a
// buffered JSON decoder that copies the whole message, growing its buffer
// by doubling, and keeps the params inside that buffer: a 30 MB didOpen
// held more than four times its size before the server saw its text. So
// the stream reads the frames itself. A message of at least stashBytes
// that is a notification (a didOpen, or a didChange with a whole text) is
// decoded here: its params stay where they are in the message, in a stash,
// and jsonrpc2 gets a notification whose params are a reference to them,
// which the server takes back (stream.params) before it handles the
// notification. Every other message goes through jsonrpc2.DecodeMessage.

// stashBytes is the size from which a notification's params are stashed.
var stashBytes = 1 << 20

// stashKey is the only member of the params that stand for stashed ones.
const stashKey = `$pgnls.stash`

// Read implements jsonrpc2.Stream: the framing of jsonrpc2's own stream
// (a Content-Length header, other headers ignored), then the message.
// Malformed messages are logged and skipped.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.read(ctx)
		if err != nil && isDecodeError(err) {
			s.logger.Warn("malformed message skipped", zap.Error(err))
			continue
		}
		return msg, n, err
	}
}

func (s *stream) read(ctx context.Context) (jsonrpc2.Message, int64, error) {
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
	if length >= int64(stashBytes) && s.big != nil {
		s.big(length)
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read full of data: %w", err)
	}
	total += length
	if len(data) >= stashBytes {
		if msg, ok := s.stashed(data); ok {
			return msg, total, nil
		}
	}
	msg, err := jsonrpc2.DecodeMessage(data)
	return msg, total, err
}

// stashed returns the notification data holds with its params stashed,
// or false if data is not a valid notification with params.
func (s *stream) stashed(data []byte) (jsonrpc2.Message, bool) {
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

// params returns the params of a message the stream read: the stashed
// ones (taken out of the stash) if they stand for some.
func (s *stream) params(raw json.RawMessage) json.RawMessage {
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

// drop forgets stashed params that will not be asked for.
func (s *stream) drop(n int64) {
	s.stashMu.Lock()
	delete(s.stash, n)
	s.stashMu.Unlock()
}
