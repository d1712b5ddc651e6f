package wire

import (
	"encoding/json"
	"reflect"
	"testing"

	"go.lsp.dev/protocol"
)

// sameAsEncodingJSON fails when DecodeDidOpen reads params otherwise than
// encoding/json does.
func sameAsEncodingJSON(t *testing.T, params []byte) {
	t.Helper()
	var want protocol.DidOpenTextDocumentParams
	werr := Unmarshal(params, &want)
	got, gerr := DecodeDidOpen(params)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%q: error %v, encoding/json's %v", params, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want.TextDocument) {
		t.Fatalf("%q: decoded %+v, encoding/json %+v", params, got, want.TextDocument)
	}
}

func TestDecodeDidOpen(t *testing.T) {
	for _, params := range []string{
		`{"textDocument":{"uri":"file:///a.pgn","languageId":"pgn","version":3,"text":"[Event \"x\"]\n\n1. e4 *\n"}}`,
		`{"textDocument":{"text":"a\tb\\c\/d\b\f\r\u00e9\u00E9 \ud83e\ude50 é 🩐","uri":"u","version":1}}`,
		`{"textDocument":{"text":"lone \ud800 and \udc00 and \ud800\u0041 end"}}`,
		"{\"textDocument\":{\"text\":\"bad \xff\xfe utf8 \xed\xa0\x80\"}}",
		`{"textDocument":{"text":"first","text":"second"}}`,
		`{"textDocument":{"text":"a","TEXT":"b"}}`,
		`{"textDocument":{"te\u0078t":"escaped key"}}`,
		`{"textDocument":{"text":"x"},"textDocument":{"uri":"u"}}`,
		`{"textDocument":{"nested":{"text":"no"},"list":["text",{"a":"}"}],"text":"yes"}}`,
		` { "textDocument" : { "text" : "spaces" , "version" : 2 } } `,
		`{"textDocument":{"text":null}}`,
		`{"textDocument":{"text":12}}`,
		`{"textDocument":null}`,
		`{"other":{"text":"x"}}`,
		`null`,
		``,
		`{"textDocument":{"text":"unterminated}}`,
		`{"textDocument":{"text":"bad escape \q"}}`,
		`{"textDocument":{"text":"ctl ` + "\x01" + `"}}`,
		`{"textDocument":{"version":"x","text":"wrong type"}}`,
		`[1,2]`,
		`{"textDocument":{"text":"ok"},}`,
		`{"textDocument":{"text":"ok"}} x`,
		`{"textDocument":{"text":"ok","uri":}}`,
		`{"textDocument":{"text":"ok","uri":"u"`,
		`{"textDocument":{"text":"ok"`,
		`{"`,
		`{"textDocument":{"text":"ok","version":1e3}}`,
	} {
		sameAsEncodingJSON(t, []byte(params))
	}
}

func FuzzDecodeDidOpen(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 *", "file:///a.pgn", int32(1))
	f.Add("🩐H6-H12 \xff é", "untitled:x", int32(-4))
	f.Fuzz(func(t *testing.T, text, uri string, version int32) {
		params, err := json.Marshal(map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pgn", "version": version, "text": text}})
		if err != nil {
			t.Skip()
		}
		sameAsEncodingJSON(t, params)
		sameAsEncodingJSON(t, []byte(text)) // and text as params
	})
}
