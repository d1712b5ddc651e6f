package session

import (
	"runtime"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestDocuments: the open documents' current versions through open,
// change and close, with the sizes the memory limit is computed from and
// the outline caches that live as long as their documents.
func TestDocuments(t *testing.T) {
	ds := NewDocuments(false)
	a := ds.Open("file:///a.pgn", 1, "a.pgn", "1. e4 e5 *\n", syntax.PGN)
	b := ds.Open("file:///b.ctl-pgn", 3, "b.ctl-pgn", "[Variant \"C'escacs\"]\n\n*\n", syntax.CTLPGN)
	if ds.Get("file:///a.pgn") != a || !ds.Current(a) || !ds.Current(b) || a.Version != 1 || b.File.Dialect != syntax.CTLPGN {
		t.Fatalf("after the opens: a = %+v, b = %+v", a, b)
	}
	if o := ds.Outline("file:///a.pgn"); o != ds.Outline("file:///a.pgn") {
		t.Errorf("the outline cache of an open document is not kept")
	}
	if o := ds.Outline("file:///c.pgn"); o == nil || o == ds.Outline("file:///c.pgn") {
		t.Errorf("the outline cache of a document not open is kept")
	}

	ch := NewChange(a.File).Apply(syntax.Edit{Span: syntax.Span{Start: 6, End: 8}, New: "c5"})
	a2 := ds.Update(a.URI, 2, ch.File)
	if ds.Current(a) || !ds.Current(a2) || a2.Version != 2 || a2.File.Text() != "1. e4 c5 *\n" {
		t.Errorf("after the change: %+v (%q)", a2, a2.File.Text())
	}
	if got, want := ds.bytes, int64(a2.File.Len()+b.File.Len()); got != want {
		t.Errorf("%d bytes open, want %d", got, want)
	}
	ds.Expect(100)
	if ds.extra != 100 {
		t.Errorf("expected %d bytes, want 100", ds.extra)
	}
	if all := ds.All(); len(all) != 2 || all[0] != a2 || all[1] != b {
		t.Errorf("All = %v, want a then b", all)
	}

	o := ds.Outline(b.URI)
	if ds.Close(b.URI) != b || ds.Get(b.URI) != nil || ds.Current(b) || ds.Close(b.URI) != nil {
		t.Errorf("b is still open after its close")
	}
	if ds.Outline(b.URI) == o {
		t.Errorf("the outline cache of a closed document is kept")
	}
	if got, want := ds.bytes, int64(a2.File.Len()); got != want {
		t.Errorf("%d bytes open, want %d", got, want)
	}
	if ds.Open(a.URI, 5, "a.pgn", "*\n", syntax.PGN); ds.bytes != 2 || ds.extra != 0 {
		t.Errorf("after a reopen: %d bytes open, %d expected; want 2 and 0", ds.bytes, ds.extra)
	}
}

// TestResident: the process's resident set, which the memory limit
// leaves out of the promise, is read on Linux and plausible.
func TestResident(t *testing.T) {
	r := resident()
	if runtime.GOOS != "linux" {
		t.Skipf("resident() = %d outside Linux", r)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if r < int64(ms.HeapInuse) || r > int64(ms.Sys)+1<<30 {
		t.Errorf("resident() = %d bytes; the heap in use is %d, the runtime holds %d", r, ms.HeapInuse, ms.Sys)
	}
}
