package lsp_test

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp"
)

// stdio is a stream like a process's stdin and stdout: closing it does not
// unblock a pending read of stdin.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

// These tests run in real time, outside synctest: the server's reading
// goroutine stays blocked on purpose until the test releases it, which a
// bubble would report as a deadlock.

// TestExitWithoutEOF checks that Serve returns after exit although its
// input is never closed, as with stdin.
func TestExitWithoutEOF(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	defer inW.Close() // releases the server's reader after the test
	done := make(chan int, 1)
	go func() { done <- lsp.Serve(context.Background(), stdio{inR, outW}, nil, lsp.Options{}) }()

	client := jsonrpc2.NewStream(stdio{outR, inW})
	ctx := context.Background()
	call := func(id int32, method string, params any) {
		t.Helper()
		msg, _ := jsonrpc2.NewCall(jsonrpc2.NewNumberID(id), method, params)
		if _, err := client.Write(ctx, msg); err != nil {
			t.Fatal(err)
		}
		resp, _, err := client.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := resp.(*jsonrpc2.Response); !ok || r.Err() != nil {
			t.Fatalf("%s: %#v", method, resp)
		}
	}
	call(1, protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}})
	call(2, protocol.MethodShutdown, nil)
	exit, _ := jsonrpc2.NewNotification(protocol.MethodExit, nil)
	if _, err := client.Write(ctx, exit); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit code = %d, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after exit while its input stayed open")
	}
}

// TestMalformedMessage checks that a framed message that is not JSON-RPC
// is skipped rather than ending the session.
func TestMalformedMessage(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	defer inW.Close()
	done := make(chan int, 1)
	go func() { done <- lsp.Serve(context.Background(), stdio{inR, outW}, nil, lsp.Options{}) }()

	go func() {
		for _, body := range []string{`{bad json`, `{"jsonrpc":"2.0","result":1}`, `{"jsonrpc":"1.0","id":1,"method":"x"}`} {
			fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(body), body)
		}
		fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(initialize), initialize)
	}()
	client := jsonrpc2.NewStream(stdio{outR, inW})
	answer := make(chan jsonrpc2.Message, 1)
	go func() {
		msg, _, _ := client.Read(context.Background())
		answer <- msg
	}()
	select {
	case msg := <-answer:
		if r, ok := msg.(*jsonrpc2.Response); !ok || r.Err() != nil || r.ID() != jsonrpc2.NewNumberID(7) {
			t.Fatalf("answer to initialize after malformed messages: %#v", msg)
		}
	case code := <-done:
		t.Fatalf("Serve returned %d after a malformed message", code)
	case <-time.After(10 * time.Second):
		t.Fatal("no answer to initialize after malformed messages")
	}
	exit := "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"
	fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(exit), exit)
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after exit")
	}
}

const initialize = `{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{}}}`

// TestContextDone checks that Serve returns 1 when its context ends.
func TestContextDone(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- lsp.Serve(ctx, stdio{inR, io.Discard}, nil, lsp.Options{}) }()
	cancel()
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("exit code = %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return when its context ended")
	}
}

// TestMalformedHeaders feeds headers a stream cannot resynchronise after:
// a Content-Length that is not a number, negative, missing, or
// absurdly large. Serve must return 1 (the stream is unusable) without
// panicking or allocating what the header claims.
func TestMalformedHeaders(t *testing.T) {
	for _, header := range []string{
		"Content-Length: abc\r\n\r\n{}",
		"Content-Length: -5\r\n\r\n{}",
		"Content-Type: x\r\n\r\n{}",
		"Content-Length: 999999999999999\r\n\r\n{}",
		"Content-Length: 18446744073709551616\r\n\r\n{}",
		"no colon here\r\n\r\n",
		"Content-Length: 2\n\n{}",
	} {
		t.Run(fmt.Sprintf("%q", header), func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			go io.Copy(io.Discard, outR)
			done := make(chan int, 1)
			go func() { done <- lsp.Serve(context.Background(), stdio{inR, outW}, nil, lsp.Options{}) }()
			go func() {
				io.WriteString(inW, header)
				inW.Close()
			}()
			select {
			case code := <-done:
				if code != 1 {
					t.Errorf("exit code = %d, want 1", code)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Serve did not return")
			}
		})
	}
}
