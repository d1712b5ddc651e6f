package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
)

// pipe is an io.ReadWriteCloser reading in and writing to out.
type pipe struct {
	in  io.Reader
	out bytes.Buffer
}

func (p *pipe) Read(b []byte) (int, error)  { return p.in.Read(b) }
func (p *pipe) Write(b []byte) (int, error) { return p.out.Write(b) }
func (p *pipe) Close() error                { return nil }

func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// TestStreamRead reads the messages jsonrpc2's own stream gets wrong:
// malformed ones (skipped, where jsonrpc2's Conn would end the session),
// a request without a method (a call, not a response), a big notification
// (its params stashed, then taken back), a body past the first part.
func TestStreamRead(t *testing.T) {
	bigText := strings.Repeat("1. e4 é 🩐 \\\" ", firstPart/8)
	bigParams := `{"textDocument":{"uri":"file:///a.pgn","text":"` + bigText + `"}}`
	in := frame(`not json`) +
		frame(`{}`) +
		frame(`{"jsonrpc":"2.0","id":4,"method":"","params":{"a":[1,"}"]}}`) +
		frame(`{"jsonrpc":"2.0","id":"x","method":""}`) +
		frame(`{"jsonrpc":"2.0","id":5,"result":null}`) +
		frame(`{"jsonrpc":"2.0","method":"small","params":[1]}`) +
		frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":`+bigParams+`}`) +
		frame(`{"jsonrpc":"2.0","id":6,"method":"big","params":`+bigParams+`}`)
	s := NewStream(&pipe{in: strings.NewReader(in)}, nil)
	s.StashBytes = 1000
	var big []int64
	s.Big = func(n int64) { big = append(big, n) }
	ctx := context.Background()
	next := func() jsonrpc2.Message {
		t.Helper()
		msg, _, err := s.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	call := func(id jsonrpc2.ID, method, params string) {
		t.Helper()
		c, ok := next().(*jsonrpc2.Call)
		if !ok || c.ID() != id || c.Method() != method || params != "" && string(c.Params()) != params {
			t.Fatalf("read %#v, want the call %v %q %s", c, id, method, params)
		}
	}
	call(jsonrpc2.NewNumberID(4), "", `{"a":[1,"}"]}`)
	call(jsonrpc2.NewStringID("x"), "", "")
	if r, ok := next().(*jsonrpc2.Response); !ok || r.ID() != jsonrpc2.NewNumberID(5) {
		t.Fatalf("read %#v, want the response 5", r)
	}
	if n, ok := next().(*jsonrpc2.Notification); !ok || n.Method() != "small" || string(s.Params(n.Params())) != "[1]" {
		t.Fatalf("read %#v, want the notification small", n)
	}
	n, ok := next().(*jsonrpc2.Notification)
	if !ok || n.Method() != "textDocument/didOpen" || s.Stashed() != 1 || string(n.Params()) == bigParams {
		t.Fatalf("read %T, stash %d: want a stashed didOpen", n, s.Stashed())
	}
	got := s.Params(n.Params())
	if string(got) != bigParams || s.Stashed() != 0 {
		t.Fatalf("stashed params differ, or stay (%d)", s.Stashed())
	}
	if item, err := DecodeDidOpen(got); err != nil || item.Text != strings.ReplaceAll(bigText, `\"`, `"`) {
		t.Fatalf("the didOpen text differs (%v)", err)
	}
	call(jsonrpc2.NewNumberID(6), "big", "") // a call is not stashed
	if s.Stashed() != 0 || len(big) != 2 {
		t.Fatalf("%d params stashed, Big told of %v: want 0 and two big messages", s.Stashed(), big)
	}
	if _, _, err := s.Read(ctx); err == nil || !strings.Contains(err.Error(), "EOF") {
		t.Fatalf("read past the end: %v, want EOF", err)
	}
}

// TestStreamHeaderOnly: a Content-Length with too little body behind it
// is an error of the stream, after at most firstPart is allocated.
func TestStreamHeaderOnly(t *testing.T) {
	s := NewStream(&pipe{in: strings.NewReader("Content-Length: 2000000000\r\n\r\n{}")}, nil)
	s.Big = func(n int64) { t.Errorf("Big(%d) before the body arrived", n) }
	if _, _, err := s.Read(context.Background()); err == nil {
		t.Fatal("no error for a truncated body")
	}
}

// TestRespondParts: a result appended in parts (Parts.Append) is
// framed byte for byte as RespondRaw frames it whole, small or big (see
// copyUnder), and the parts stay within their sizes.
func TestRespondParts(t *testing.T) {
	big := "[" + strings.Repeat(`{"range":{"start":{"line":1,"character":0},"end":{"line":2,"character":0}},"newText":"1. e4"},`, 3*partSize/80) + "1]"
	for _, result := range []string{`[]`, `[{"name":"a","kind":2}]`, big} {
		if result == big {
			result += strings.Repeat(" ", 2*partSize) // a piece bigger than a part
		}
		var parts Parts
		for rest := result; rest != ""; {
			n := min(len(rest), 1+len(rest)%97, 2*partSize) // pieces of 1 to 97 bytes, and the big one
			if rest[0] == ' ' {
				n = len(rest)
			}
			parts = parts.Append([]byte(rest[:n]))
			rest = rest[n:]
		}
		whole := bytes.Join(parts, nil)
		if string(whole) != result {
			t.Fatalf("the parts join to %.40q…, want %.40q…", whole, result)
		}
		for i, p := range parts {
			if cap(p) > max(partSize, len(p)) {
				t.Errorf("part %d of %d holds %d bytes, room for %d", i, len(parts), len(p), cap(p))
			}
		}
		id := jsonrpc2.NewNumberID(3)
		p1, p2 := &pipe{in: strings.NewReader("")}, &pipe{in: strings.NewReader("")}
		if err := NewStream(p1, nil).RespondParts(id, parts); err != nil {
			t.Fatal(err)
		}
		if err := NewStream(p2, nil).RespondRaw(id, whole); err != nil {
			t.Fatal(err)
		}
		if p1.out.String() != p2.out.String() {
			t.Errorf("RespondParts wrote %.80q…, RespondRaw %.80q…", p1.out.String(), p2.out.String())
		}
		if result == `[]` && (len(parts) != 1 || cap(parts[0]) != minPart) {
			t.Errorf("a small result takes %d parts, the first of %d bytes", len(parts), cap(parts[0]))
		}
	}
}

// TestNotifyRaw: the frame of a notification with encoded params is the
// one jsonrpc2 decodes as that notification.
func TestNotifyRaw(t *testing.T) {
	p := &pipe{in: strings.NewReader("")}
	s := NewStream(p, nil)
	params := `{"uri":"file:///a.pgn","diagnostics":[]}`
	if err := s.NotifyRaw("textDocument/publishDiagnostics", []byte(params)); err != nil {
		t.Fatal(err)
	}
	body := `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":` + params + `}`
	if got := p.out.String(); got != frame(body) {
		t.Fatalf("NotifyRaw wrote %q, want %q", got, frame(body))
	}
	msg, err := jsonrpc2.DecodeMessage([]byte(body))
	if n, ok := msg.(*jsonrpc2.Notification); err != nil || !ok || !json.Valid(n.Params()) {
		t.Fatalf("jsonrpc2 decodes %#v, %v", msg, err)
	}
}

// TestRespondRaw: the frame of a response with an encoded result is the
// one jsonrpc2 writes for that response, for number and string ids, and
// for a result written in place (see copyUnder).
func TestRespondRaw(t *testing.T) {
	big := "[" + strings.Repeat(`{"name":"a","kind":2},`, copyUnder/10) + "1]"
	for _, c := range []struct {
		id     jsonrpc2.ID
		result string
	}{
		{jsonrpc2.NewNumberID(7), `[{"name":"a","kind":2}]`},
		{jsonrpc2.NewStringID("x\"1"), `[{"name":"a","kind":2}]`},
		{jsonrpc2.NewNumberID(8), big},
	} {
		id, result := c.id, c.result
		p := &pipe{in: strings.NewReader("")}
		s := NewStream(p, nil)
		if err := s.RespondRaw(id, []byte(result)); err != nil {
			t.Fatal(err)
		}
		resp, err := jsonrpc2.NewResponse(id, json.RawMessage(result), nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := resp.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got := p.out.String()
		_, body, _ := strings.Cut(got, "\r\n\r\n")
		var a, b any
		if got != frame(body) || json.Unmarshal([]byte(body), &a) != nil || json.Unmarshal(want, &b) != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("RespondRaw(%v) wrote %q, want the frame of %s", id, got, want)
		}
	}
}
