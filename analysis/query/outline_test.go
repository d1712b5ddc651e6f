package query

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/syntax"
)

// TestOutline: the cached outline of a document of many chunks equals
// Symbols and Folds of each version through a series of random edits
// (some of which add or remove games, moving the games after them), and
// a cancelled request stops.
func TestOutline(t *testing.T) {
	var b strings.Builder
	for i := range 1300 {
		fmt.Fprintf(&b, "[Event \"é%d\"]\n[White \"W\"]\n[Result \"*\"]\n\n1. e4 {c%d\nnext} e5 (1... c5\n2. Nf3) 2. Nf3 *\n\n", i, i)
	}
	f := syntax.ParseCompact("o.pgn", b.String(), syntax.PGN, 64<<10)
	if n := len(f.Chunks()); n < 3 {
		t.Fatalf("%d chunks, want several", n)
	}
	var o Outline
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"", "x", "\n\n[Event \"new\"]\n\n1. d4 *\n\n", "{\n}", "(1... d5)", "*"}
	for step := range 40 {
		placed, err := o.Symbols(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		var syms []Symbol
		for _, p := range placed {
			for _, s := range p.Symbols {
				syms = append(syms, shiftSymbol(s, p.Base))
			}
		}
		folds, err := o.Folds(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if want := Symbols(f); !reflect.DeepEqual(syms, want) {
			t.Fatalf("step %d: the outline's %d symbols differ from Symbols' %d", step, len(syms), len(want))
		}
		if want := Folds(f); !reflect.DeepEqual(folds, want) {
			t.Fatalf("step %d: the outline's %d folds differ from Folds' %d", step, len(folds), len(want))
		}
		at := syntax.Pos(rng.IntN(int(f.Len())))
		end := min(at+syntax.Pos(rng.IntN(200)), f.Len())
		f, _ = syntax.Reparse(f, syntax.Edit{Span: syntax.Span{Start: at, End: end}, New: pieces[rng.IntN(len(pieces))]})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var fresh Outline
	if _, err := fresh.Symbols(ctx, f); err == nil {
		t.Error("a cancelled request went on")
	}
}

// analysedOutline returns a file of several chunks of games with
// comments and variations over lines, and the outlines of its games by
// chunk, as an analysis computes them for Outline.Put.
func analysedOutline(t *testing.T) (*syntax.File, map[int][]GameOutline) {
	var b strings.Builder
	for i := range 800 {
		fmt.Fprintf(&b, "[White \"W%d\"]\n\n1. e4 {a\nb} (1. d4\nd5) e5 *\n\n", i)
	}
	f := syntax.ParseCompact("p.pgn", b.String(), syntax.PGN, 64<<10)
	if n := len(f.Chunks()); n < 3 {
		t.Fatalf("%d chunks, want several", n)
	}
	all := map[int][]GameOutline{}
	for k, ref := range f.Chunks() {
		for i, r := range ref.Games() {
			all[k] = append(all[k], OutlineOf(f.Dialect, r, i))
		}
	}
	return f, all
}

// TestOutlinePut: the outlines an analysis puts are those a request
// computes, and a put forgets the chunks of other versions.
func TestOutlinePut(t *testing.T) {
	f, all := analysedOutline(t)
	refs := f.Chunks()
	var o, want Outline
	o.Put(f, all)
	if _, err := want.Symbols(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.chunks, want.chunks) {
		t.Errorf("the outlines put differ from those a request computes")
	}
	// An edit in the first chunk: the others are kept, the first is not.
	g, _ := syntax.Reparse(f, syntax.Edit{Span: syntax.Span{Start: 2, End: 2}, New: "x"})
	o.Put(g, nil)
	if len(o.chunks) != len(refs)-1 {
		t.Errorf("%d chunks kept after an edit of one of %d", len(o.chunks), len(refs))
	}
	for _, ref := range refs[:1] {
		if o.chunks[ref.Chunk] != nil {
			t.Errorf("the edited chunk's outline is kept")
		}
	}
}

// TestOutlineExpect: while an outline is expected for a version, a
// request for it waits for the Put (or for done, or its own
// cancellation); a request for another version does not wait.
func TestOutlineExpect(t *testing.T) {
	f, all := analysedOutline(t)
	g, _ := syntax.Reparse(f, syntax.Edit{Span: syntax.Span{Start: 2, End: 2}, New: "x"})
	var o Outline
	done := o.Expect(f)
	if _, err := o.Symbols(context.Background(), g); err != nil {
		t.Fatalf("another version: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := o.Folds(ctx, f); err == nil {
		t.Errorf("a cancelled request waited and answered")
	}
	answered := make(chan []Placed)
	go func() {
		placed, err := o.Symbols(context.Background(), f)
		if err != nil {
			t.Error(err)
		}
		answered <- placed
	}()
	select {
	case <-answered:
		t.Fatal("a request answered while its outline was expected")
	case <-time.After(50 * time.Millisecond):
	}
	o.Put(f, all)
	done()
	done()
	placed := <-answered
	var want Outline
	wantPlaced, _ := want.Symbols(context.Background(), f)
	if !reflect.DeepEqual(placed, wantPlaced) {
		t.Errorf("the answer after the Put differs from a request's own")
	}
	if o.fill != nil {
		t.Errorf("still expecting after done")
	}
}
