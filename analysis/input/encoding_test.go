package input

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/pgnls/pgnls/syntax"
)

// mixed joins UTF-8 text and Latin-1 bytes, among them lead bytes of
// UTF-8 sequences that no continuation follows, one at the very end.
const mixed = "Müller – Zürich\n{D\xe9fense \x96 \xc3 caf\xe9}\n€ \xe2\x82 \xfc\xc3"

// TestLatin1ReaderCuts: the conversion to UTF-8 reads the text as check
// does (syntax.Decode) however the reads cut its sequences.
func TestLatin1ReaderCuts(t *testing.T) {
	want := syntax.Decode(mixed)
	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader(mixed),
		"one byte": iotest.OneByteReader(strings.NewReader(mixed)),
		"half":     iotest.HalfReader(strings.NewReader(mixed)),
		"data+EOF": iotest.DataErrReader(iotest.OneByteReader(strings.NewReader(mixed))),
	} {
		got, err := io.ReadAll(iotest.OneByteReader(NewUTF8Reader(r)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got) != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
}

// TestLatin1WriterPending: bytes that are not UTF-8 are written as they
// are, also a lead byte that ends the text, once Flush is called.
func TestLatin1WriterPending(t *testing.T) {
	in := "M\xc3\xbcller caf\xe9 \xc3"
	var out bytes.Buffer
	w := NewLatin1Writer(&out)
	for i := range len(in) {
		if _, err := w.Write([]byte{in[i]}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "M\xfcller caf\xe9 \xc3"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
