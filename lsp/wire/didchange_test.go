package wire

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecodeDidChange: DecodeDidChange gives what encoding/json gives for
// any params: the same changes, or an error when it errs.
func FuzzDecodeDidChange(f *testing.F) {
	for _, s := range []string{
		`{"textDocument":{"uri":"file:///a.pgn","version":3},"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":4}},"rangeLength":2,"text":"e4"},{"text":"whole"}]}`,
		`{"textDocument":{"uri":"u","version":-1},"contentChanges":[]}`,
		`{"contentChanges":[{"range":null,"text":"x"}]}`,
		`{"contentChanges":[{"range":{"start":{"line":-5,"character":9223372036854775807},"end":{}},"text":"\ud83e\udc50 \u00e9 \\"}]}`,
		`{"contentChanges":[{"Range":{"start":{"line":1}},"text":"x"}]}`,
		`{"contentChanges":[{"range":{"start":{"line":1.5}},"text":"x"}]}`,
		`{"contentChanges":[{"range":{"start":{"line":1}},"range":{"end":{"line":2}},"text":"x"}]}`,
		`{"contentChanges":[null,{"text":null}]}`,
		`{"contentChanges":{"text":"x"}}`,
		`{"contentChanges":[{"text":"a"}],"contentChanges":[{"text":"b"}]}`,
		`{"textDocument":"u","contentChanges":[]}`,
		`{"textDocument":{"uri":"u","version":1.5},"contentChanges":[]}`,
		`{"textDocument":{"uri":"u"},"TextDocument":{"version":2},"contentChanges":[]}`,
		`[]`, `null`, `{"contentChanges":[{"range":{"start":{"line":1e3}}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, params []byte) {
		var want DidChangeParams
		wantErr := Unmarshal(params, &want)
		got, err := DecodeDidChange(params)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("error %v, encoding/json's %v, for %s", err, wantErr, params)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("decoded %s\nencoding/json %s\nfor %s", g, w, params)
		}
	})
}
