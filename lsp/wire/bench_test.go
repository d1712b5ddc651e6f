package wire

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
)

// BenchmarkDidOpen measures what the server does with a big file's
// didOpen before it parses the text: the stream reads and checks the
// message and stashes its params, then DecodeDidOpen unescapes the text
// (8 MB of PGN, escaped as a client escapes it). All of it is serial:
// nothing else of the open can start before it ends.
func BenchmarkDidOpen(b *testing.B) {
	game := "[Event \"Wch\"]\n[Site \"London ENG\"]\n[Date \"2000.10.12\"]\n[White \"Kasparov, Garry\"]\n[Black \"Kramnik, Vladimir\"]\n[Result \"1/2-1/2\"]\n\n" +
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. d4 Nd6 6. Bxc6 dxc6 7. dxe5 Nf5 8. Qxd8+ Kxd8 {the Berlin endgame} 9. Nc3 h6 1/2-1/2\n\n"
	text := strings.Repeat(game, 8<<20/len(game))
	params, err := json.Marshal(map[string]any{"textDocument": map[string]any{"uri": "file:///big.pgn", "languageId": "pgn", "version": 1, "text": text}})
	if err != nil {
		b.Fatal(err)
	}
	in := frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":` + string(params) + `}`)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		s := NewStream(&pipe{in: strings.NewReader(in)}, nil)
		msg, _, err := s.Read(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		item, err := DecodeDidOpen(s.Params(msg.(*jsonrpc2.Notification).Params()))
		if err != nil || item.Text != text {
			b.Fatalf("decoded %d bytes of text, want %d: %v", len(item.Text), len(text), err)
		}
	}
}
