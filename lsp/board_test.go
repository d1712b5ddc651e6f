package lsp_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/lsp"
	"github.com/pgnls/pgnls/lsp/lsptest"
)

// boardAnswer is the part of a pgnls/board answer the tests read.
type boardAnswer struct {
	Variant  string  `json:"variant"`
	Position *string `json:"position"`
	Ply      int     `json:"ply"`
	SVG      *string `json:"svg"`
	Text     string  `json:"text"`
	LastMove *struct {
		From, To string
	} `json:"lastMove"`
	Annotations struct {
		Arrows []struct{ From, To, Color string } `json:"arrows"`
	} `json:"annotations"`
	Moves []struct {
		SAN   string         `json:"san"`
		Range protocol.Range `json:"range"`
	} `json:"moves"`
	Current int `json:"current"`
}

func boardParams(uri protocol.DocumentURI, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: p}
}

// TestBoardRequest checks what the marker tests do not: the capability,
// the answers outside any game and for a document that is not open, and
// the arrows of a real lichess study.
func TestBoardRequest(t *testing.T) {
	study, err := os.ReadFile("../../shared/testdata/pgn/annotated/lichess-study-beautiful-chess-studies-1.pgn")
	if err != nil {
		t.Skip("shared corpus not found:", err)
	}
	synctest.Test(t, func(t *testing.T) {
		c := start(t, lsptest.Options{})
		res := c.Initialize(nil)
		var exp struct{ Board bool }
		raw, _ := json.Marshal(res.Capabilities.Experimental)
		if err := json.Unmarshal(raw, &exp); err != nil || !exp.Board {
			t.Errorf("experimental capabilities = %s, want board: true", raw)
		}

		if err := c.Call("pgnls/board", boardParams("file:///closed.pgn", protocol.Position{}), nil); err == nil {
			t.Error("no error for a document that is not open")
		}
		c.Open("file:///empty.pgn", "\n\n")
		var none json.RawMessage // jsonrpc2 decodes null as an empty result
		if err := c.Call("pgnls/board", boardParams("file:///empty.pgn", protocol.Position{Line: 1}), &none); err != nil || len(none) > 0 && string(none) != "null" {
			t.Errorf("empty document: %.200s, %v; want null", none, err)
		}

		text := string(study)
		const uri = "file:///study.pgn"
		c.Open(uri, text)
		at := strings.Index(text, "Kxf4 { [%cal Gf4e3,Ge3d2,Gd2c2] }")
		var b boardAnswer
		if err := c.Call("pgnls/board", boardParams(uri, lsptest.Position(text, at)), &b); err != nil {
			t.Fatal(err)
		}
		if b.Position == nil || b.SVG == nil || !strings.Contains(b.Text, "\nFEN "+*b.Position+"\n") || len(b.Annotations.Arrows) != 3 || strings.Count(*b.SVG, "<line") != 3 ||
			b.LastMove == nil || b.LastMove.To != "f4" || b.Current < 0 || b.Moves[b.Current].SAN != "Kxf4" {
			t.Errorf("board at Kxf4 of the study: %.400v", b)
		}

		// From Black's side: the same answer, another drawing.
		type oriented struct {
			protocol.TextDocumentPositionParams
			Orientation string `json:"orientation"`
		}
		flippedParams := oriented{boardParams(uri, lsptest.Position(text, at)), "black"}
		var flipped boardAnswer
		if err := c.Call("pgnls/board", flippedParams, &flipped); err != nil {
			t.Fatal(err)
		}
		if flipped.SVG == nil || b.SVG == nil || *flipped.SVG == *b.SVG || *flipped.Position != *b.Position || strings.Count(*flipped.SVG, "<line") != 3 {
			t.Errorf("orientation black: the same drawing, or another answer: %.300v", flipped)
		}
		flippedParams.Orientation = "sideways"
		if err := c.Call("pgnls/board", flippedParams, nil); err == nil || !strings.Contains(err.Error(), "orientation") {
			t.Errorf("orientation sideways: error %v, want one naming the orientation", err)
		}
		c.Settle()
	})
}

// BenchmarkBoard measures pgnls/board at the first move of the middle
// game of a 4 MB document of real games, in process: what a board view
// that follows the cursor asks on every move of the cursor (issue 15
// asks for an update within 100 ms, the client's work included).
func BenchmarkBoard(b *testing.B) {
	text := corpusText(b, 4<<20)
	c := lsptest.Start(b, lsptest.Options{
		Serve:          lsp.ServeForTest,
		Logger:         zap.NewNop(),
		RawDiagnostics: true,
		Timeout:        10 * time.Minute,
	})
	c.Initialize(nil)
	const uri = "file:///bench.pgn"
	c.Open(uri, text)
	waitAnalysed(b, c, uri)
	params := boardParams(uri, middleMove(text))
	for b.Loop() {
		var a boardAnswer
		if err := c.Call("pgnls/board", params, &a); err != nil || a.Position == nil || a.Current != 0 {
			b.Fatalf("%+v, %v", a, err)
		}
	}
}
