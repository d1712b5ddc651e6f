package lsp_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"testing/synctest"
	"unicode/utf8"

	"github.com/pgnls/pgnls/lsp/lsptest"
	"go.lsp.dev/protocol"
)

// Tests of clients that misbehave: random edits at awkward positions,
// floods of requests, cancellation storms, a client that vanishes. After
// each, the server's copy of the text must equal the client's.

// refOffset is the client's own reading of an LSP position in text (LF
// line ends): a line past the end means the end of the text, a column past
// the end of its line the end of the line, and a column inside a
// surrogate pair the start of that character.
func refOffset(text string, p protocol.Position) int {
	start := 0
	for range p.Line {
		i := strings.IndexByte(text[start:], '\n')
		if i < 0 {
			return len(text)
		}
		start += i + 1
	}
	end := strings.IndexByte(text[start:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += start
	}
	units, i := 0, start
	for i < end {
		r, size := utf8.DecodeRuneInString(text[i:])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > int(p.Character) {
			break
		}
		units += n
		i += size
	}
	return i
}

// TestRandomEditsMatchClient sends 400 random incremental edits, several
// per notification, at positions inside surrogate pairs (the FAN glyphs of
// CTL-PGN), past line ends and past the end of the text, and checks that
// the server applies them exactly as the client does.
func TestRandomEditsMatchClient(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///fan.ctl-pgn"
		text := "[Variant \"C'escacs\"]\n[Redefine \"FAN\"]\n\n1. 🩐H6-H12, I23-I19\n{ 🩐 é ♞ }\n2. …, 🩐H22-H16:\n*\n"
		c.Open(uri, text)
		rng := rand.New(rand.NewPCG(3, 4))
		pieces := []string{"", "x", "🩐", "\n", "é", "{", "}", "(", ")", "1. ", "[Event \"e\"]\n", " ", "…"}
		lines := func() int { return strings.Count(text, "\n") + 1 }
		pos := func() protocol.Position {
			return protocol.Position{Line: uint32(rng.IntN(lines() + 2)), Character: uint32(rng.IntN(40))}
		}
		for range 100 {
			var edits []lsptest.Edit
			for range 1 + rng.IntN(4) {
				a, b := pos(), pos()
				if b.Line < a.Line || b.Line == a.Line && b.Character < a.Character {
					a, b = b, a // a reversed range is an error (TestBadRanges)
				}
				oa, ob := refOffset(text, a), refOffset(text, b)
				ins := pieces[rng.IntN(len(pieces))]
				edits = append(edits, lsptest.Replace(protocol.Range{Start: a, End: b}, ins))
				text = text[:oa] + ins + text[ob:]
			}
			v := c.Change(uri, edits...)
			if got := serverText(t, c, uri); got.Text != text || got.Version != v {
				t.Fatalf("after version %d the server has %q (version %d), the client %q", v, got.Text, got.Version, text)
			}
		}
	})
}

// TestUnopenedAndOldVersions: a change to a document that is not open is
// ignored; a version that goes backwards is still applied (clients do
// restart their numbering).
func TestUnopenedAndOldVersions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		c.Notify(protocol.MethodTextDocumentDidChange, map[string]any{
			"textDocument":   map[string]any{"uri": "file:///never.pgn", "version": 3},
			"contentChanges": []map[string]any{{"text": "1. e4 *"}},
		})
		if got := serverText(t, c, "file:///never.pgn"); got != nil {
			t.Errorf("a change opened a document: %+v", got)
		}
		const uri = "file:///v.pgn"
		c.Open(uri, "1. e4 *\n")
		c.Notify(protocol.MethodTextDocumentDidChange, map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": -5},
			"contentChanges": []map[string]any{{"text": "1. d4 *\n"}},
		})
		if got := serverText(t, c, uri); got == nil || got.Text != "1. d4 *\n" || got.Version != -5 {
			t.Errorf("after a lower version: %+v", got)
		}
	})
}

// TestRequestFlood sends 1,000 requests before reading any answer: each
// is answered, and the document is intact.
func TestRequestFlood(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///flood.pgn"
		text := "[Event \"f\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
		c.Open(uri, text)
		params := protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 2, Character: 4}}}
		var pending []*lsptest.Pending
		for range 1000 {
			pending = append(pending, c.Send(c.NextID(), protocol.MethodTextDocumentHover, params))
		}
		for _, p := range pending {
			if err := p.Wait(nil); err != nil {
				t.Fatalf("request %v: %v", p.ID, err)
			}
		}
		if got := serverText(t, c, uri); got.Text != text {
			t.Errorf("text after the flood: %q", got.Text)
		}
	})
}

// TestCancelStorm cancels each of 500 requests right after sending it:
// every request still gets exactly one answer, a result or
// RequestCancelled, and the server goes on working.
func TestCancelStorm(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///storm.pgn"
		c.Open(uri, "1. e4 e5 *\n")
		doc := protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}
		var pending []*lsptest.Pending
		for i := range 500 {
			p := c.Send(c.NextID(), protocol.MethodTextDocumentDocumentSymbol, doc)
			pending = append(pending, p)
			c.Notify(protocol.MethodCancelRequest, map[string]any{"id": p.ID})
			if i%50 == 0 { // and cancellations of requests that never were
				c.Notify(protocol.MethodCancelRequest, map[string]any{"id": 1 << 30})
			}
		}
		for _, p := range pending {
			if err := p.Wait(nil); err != nil && lsptest.Code(err) != protocol.CodeRequestCancelled {
				t.Fatalf("request %v: %v", p.ID, err)
			}
		}
		if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, doc, nil); err != nil {
			t.Errorf("after the storm: %v", err)
		}
	})
}

// TestClientVanishes closes the stream while 200 requests are in flight:
// the server stops without panicking, with exit code 1 (no exit
// notification).
func TestClientVanishes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		c.Initialize(nil)
		const uri = "file:///gone.pgn"
		c.Open(uri, strings.Repeat("1. e4 e5 2. Nf3 Nc6 *\n\n", 200))
		params := protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}
		for range 200 {
			c.Send(c.NextID(), protocol.MethodSemanticTokensFull, params)
		}
		c.CloseStream()
		if code := c.Wait(); code != 1 {
			t.Errorf("exit code %d, want 1", code)
		}
	})
}
