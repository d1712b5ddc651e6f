package wire

import (
	"encoding/json"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// TestDecodeChange guards against the protocol v0.12.0 pitfall: a change
// whose range is 0:0-0:0 must not look like a full replacement, and a
// negative position must not fail the message.
func TestDecodeChange(t *testing.T) {
	var p DidChangeParams
	raw := `{"textDocument":{"uri":"file:///a.pgn","version":3},"contentChanges":[
		{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"rangeLength":0,"text":"x"},
		{"text":"whole"},
		{"range":{"start":{"line":-1,"character":-4},"end":{"line":5000000000,"character":1}},"text":""}]}`
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		t.Fatal(err)
	}
	if p.TextDocument.Version != 3 || len(p.ContentChanges) != 3 {
		t.Fatalf("decoded %+v", p)
	}
	if p.ContentChanges[0].Range == nil {
		t.Errorf("range 0:0-0:0 decoded as a full replacement")
	}
	if p.ContentChanges[1].Range != nil {
		t.Errorf("change without range decoded as incremental")
	}
	r := p.ContentChanges[2].Range
	if got, want := r.Start.Protocol(), (protocol.Position{}); got != want {
		t.Errorf("%v clamped to %v, want %v", r.Start, got, want)
	}
	if got, want := r.End.Protocol(), (protocol.Position{Line: 1<<32 - 1, Character: 1}); got != want {
		t.Errorf("%v clamped to %v, want %v", r.End, got, want)
	}
	if !r.Start.Before(r.End) || r.End.Before(r.Start) || r.Start.Before(r.Start) {
		t.Errorf("Before orders %v and %v wrongly", r.Start, r.End)
	}
}

func TestVersion(t *testing.T) {
	for v, want := range map[int32]uint32{0: 0, 1: 1, 1<<31 - 1: 1<<31 - 1, -1: 0} {
		if got := Version(v); got != want {
			t.Errorf("Version(%d) = %d, want %d", v, got, want)
		}
	}
}

// TestCancelID: numeric ids are read as numbers (protocol's
// CancelHandler drops them), string ids as strings; anything else is an
// error.
func TestCancelID(t *testing.T) {
	for params, want := range map[string]jsonrpc2.ID{
		`{"id":7}`:          jsonrpc2.NewNumberID(7),
		`{"id":7.0}`:        jsonrpc2.NewNumberID(7),
		`{"id":-3}`:         jsonrpc2.NewNumberID(-3),
		`{"id":"7"}`:        jsonrpc2.NewStringID("7"),
		`{"id":"a\"b"}`:     jsonrpc2.NewStringID(`a"b`),
		`{"id":2147483647}`: jsonrpc2.NewNumberID(1<<31 - 1),
	} {
		got, err := CancelID(json.RawMessage(params))
		if err != nil || got != want {
			t.Errorf("CancelID(%s) = %v, %v; want %v", params, got, err, want)
		}
	}
	for _, params := range []string{`{"id":1.5}`, `{"id":2147483648}`, `{"id":null}`, `{}`, `{"id":[1]}`, `[1]`, `not json`} {
		if got, err := CancelID(json.RawMessage(params)); err == nil {
			t.Errorf("CancelID(%s) = %v, want an error", params, got)
		}
	}
}
