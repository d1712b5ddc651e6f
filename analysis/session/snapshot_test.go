package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// phases is a Host that records, per version of each document, the
// phases of its publications and the codes of the last one.
type phases struct {
	host
	mu    sync.Mutex
	seen  map[*Document][]Phase
	codes map[*Document][]string
}

func newPhases(ctx context.Context, cfg *analysis.Config) (*phases, *Session) {
	h := &phases{host: *newHost(), seen: map[*Document][]Phase{}, codes: map[*Document][]string{}}
	h.sess = New(ctx, h, Options{Analyzers: checks.All, Config: Config{Analysis: cfg}})
	h.sess.Fill(outlines)
	return h, h.sess
}

func (h *phases) Publish(p Publication) {
	h.mu.Lock()
	h.seen[p.Doc] = append(h.seen[p.Doc], p.Phase)
	var codes []string
	for _, g := range p.Groups {
		for _, x := range g.Diagnostics() {
			codes = append(codes, string(x.Code))
		}
	}
	h.codes[p.Doc] = codes
	h.mu.Unlock()
	h.host.Publish(p)
}

func (h *phases) of(doc *Document) ([]Phase, []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seen[doc], h.codes[doc]
}

// TestSession: open, change, close and configuration sequences give
// the snapshots expected, each snapshot stays as it was while later
// changes arrive, and each change is analysed as its kind says: an open
// or a change of dialect publishes its syntax diagnostics first and
// carries nothing; an edit and a new configuration carry the diagnostics
// (without debounce, nothing is published before the analysis).
func TestSession(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, s := newPhases(ctx, analysis.DefaultConfig())
	const aURI, bURI = "file:///a.pgn", "file:///b.ctl-pgn"
	empty := s.Snapshot()
	a := s.DidOpen(aURI, 1, "a.pgn", "[Event \"A\"]\n\n1. e4 e5 2. Ke3 *\n")
	b := s.DidOpen(bURI, 3, "b.ctl-pgn", "[Event \"B\"]\n\n*\n")
	s.Wait()
	opened := s.Snapshot()
	if a.File.Dialect != syntax.PGN || b.File.Dialect != syntax.CTLPGN {
		t.Fatalf("dialects %v and %v, want PGN by default and CTL-PGN by extension", a.File.Dialect, b.File.Dialect)
	}
	if all := opened.All(); len(all) != 2 || all[0] != a || all[1] != b || empty.Get(aURI) != nil || len(empty.All()) != 0 {
		t.Fatalf("after the opens: %v; before them %v", all, empty.All())
	}
	if p, codes := h.of(a); !slices.Equal(p, []Phase{PhaseSyntax, PhaseAnalysis}) || len(codes) == 0 {
		t.Fatalf("the open of a published %v with codes %v; want its syntax, then its analysis, with diagnostics", p, codes)
	}

	// An edit: a new version, carried, analysed.
	a2, err := s.DidChange(aURI, 2, NewChange(a.File).Apply(syntax.Edit{Span: syntax.Span{Start: 19, End: 21}, New: "c5"}))
	if err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if a2.Version != 2 || a2.File.Text() != "[Event \"A\"]\n\n1. e4 c5 2. Ke3 *\n" || !s.Current(a2) || s.Current(a) {
		t.Fatalf("after the edit: version %d, %q", a2.Version, a2.File.Text())
	}
	if opened.Get(aURI) != a || s.Snapshot().Get(aURI) != a2 || s.Snapshot().Get(bURI) != b {
		t.Errorf("the snapshot of the opens changed with the edit, or the new one lacks it")
	}
	if p, _ := h.of(a2); !slices.Equal(p, []Phase{PhaseAnalysis}) {
		t.Errorf("the edit published %v; want its analysis only", p)
	}
	if outlines.Of(a2) != outlines.Of(a) {
		t.Errorf("the versions of a document do not share its memo")
	}

	// A change from a version that is not current, or of a document not
	// open, changes nothing.
	if _, err := s.DidChange(aURI, 3, NewChange(a.File).Replace("*\n")); !errors.Is(err, ErrStale) {
		t.Errorf("a change from version 1 when 2 is current: %v, want ErrStale", err)
	}
	if _, err := s.DidChange("file:///c.pgn", 1, NewChange(a.File)); !errors.Is(err, ErrNotOpen) {
		t.Errorf("a change of a document not open: %v, want ErrNotOpen", err)
	}
	if s.Get(aURI) != a2 {
		t.Fatalf("a refused change changed the document")
	}

	// An edit of the first tag that makes a CTL-PGN document: parsed
	// anew, analysed as new.
	a3, err := s.DidChange(aURI, 3, NewChange(a2.File).Replace("[Variant \"C'escacs\"]\n\n*\n"))
	if err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if a3.File.Dialect != syntax.CTLPGN {
		t.Errorf("the Variant tag left the dialect %v", a3.File.Dialect)
	}
	if p, _ := h.of(a3); !slices.Equal(p, []Phase{PhaseSyntax, PhaseAnalysis}) {
		t.Errorf("the change of dialect published %v; want its syntax, then its analysis", p)
	}

	// The dialect setting: the documents it gives another dialect are
	// parsed again, the others left as they are.
	before := s.Snapshot()
	reparsed := s.SetConfig(Config{Dialect: "pgn", Analysis: s.Config().Analysis})
	s.Wait()
	b2 := s.Get(bURI)
	a4 := s.Get(aURI)
	if len(reparsed) != 2 || reparsed[0] != a4 || reparsed[1] != b2 || b2.File.Dialect != syntax.PGN || b2.Version != 3 || before.Get(bURI) != b {
		t.Fatalf("dialect pgn parsed again %v (b now %v); want a and b, in PGN", reparsed, b2.File.Dialect)
	}
	if s.SetConfig(s.Config()) != nil || s.Get(bURI) != b2 {
		t.Errorf("the same configuration again changed the documents")
	}

	// A new analysis configuration: every document analysed again,
	// the same versions.
	_, codes := h.of(b2)
	if len(codes) == 0 {
		t.Fatalf("no diagnostics in %q to switch off", b2.File.Text())
	}
	cfg := analysis.DefaultConfig()
	cfg.Severity = map[analysis.Code]analysis.Severity{}
	for _, c := range codes {
		cfg.Severity[analysis.Code(c)] = 0
	}
	s.SetConfig(Config{Dialect: "pgn", Analysis: cfg})
	s.Wait()
	if s.Get(bURI) != b2 {
		t.Fatalf("a new configuration made a new version")
	}
	if p, codes := h.of(b2); p[len(p)-1] != PhaseAnalysis || len(codes) != 0 {
		t.Errorf("under the new configuration b published %v with %v; want an analysis without them", p, codes)
	}

	// Close: the document leaves the snapshots after it, and its memo.
	memo := outlines.Of(b2)
	if s.DidClose(bURI) != b2 || s.Get(bURI) != nil || s.Current(b2) || s.DidClose(bURI) != nil {
		t.Errorf("b is still open after its close")
	}
	if before.Get(bURI) != b {
		t.Errorf("the close changed an earlier snapshot")
	}
	b3 := s.DidOpen(bURI, 1, "b.ctl-pgn", "*\n")
	if outlines.Of(b3) == memo {
		t.Errorf("the memo of a closed document is kept")
	}
	unheld := &Document{URI: bURI, File: b3.File}
	if m1, m2 := outlines.Of(unheld), outlines.Of(unheld); m1 == m2 {
		t.Errorf("the memo of a document the session does not hold is kept")
	}
	s.mu.Lock()
	bytes := s.mem.bytes
	s.mu.Unlock()
	if want := int64(s.Get(aURI).File.Len() + b3.File.Len()); bytes != want {
		t.Errorf("%d bytes open, want %d", bytes, want)
	}
	s.Expect(100)
	if s.mem.extra != 100 {
		t.Errorf("expected %d bytes, want 100", s.mem.extra)
	}
	if s.DidOpen(aURI, 5, "a.pgn", "*\n"); s.mem.bytes != int64(2+b3.File.Len()) || s.mem.extra != 0 {
		t.Errorf("after a reopen: %d bytes open, %d expected; want %d and 0", s.mem.bytes, s.mem.extra, 2+b3.File.Len())
	}
	s.Wait()
}

// TestSessionConcurrent: while a document changes, every snapshot a
// reader holds keeps the version it had, whose text is that version's.
// Run it with -race.
func TestSessionConcurrent(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, s := newPhases(ctx, analysis.DefaultConfig())
	const uri = "file:///a.pgn"
	text := func(v int32) string { return fmt.Sprintf("[Event \"v%d\"]\n\n1. e4 e5 *\n", v) }
	doc := s.DidOpen(uri, 1, "a.pgn", text(1))
	const versions = 200
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for {
				snap := s.Snapshot()
				d := snap.Get(uri)
				if got := d.File.Text(); got != text(d.Version) {
					t.Errorf("version %d has the text %q", d.Version, got)
					return
				}
				runtime.Gosched()
				if snap.Get(uri) != d || len(snap.All()) != 1 || snap.All()[0] != d {
					t.Errorf("a snapshot changed")
					return
				}
				if d.Version == versions {
					return
				}
			}
		})
	}
	for v := int32(2); v <= versions; v++ {
		var err error
		if doc, err = s.DidChange(uri, v, NewChange(doc.File).Replace(text(v))); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	s.Wait()
	if !strings.Contains(s.Get(uri).File.Text(), fmt.Sprintf("v%d", versions)) {
		t.Errorf("the last version is %q", s.Get(uri).File.Text())
	}
}

// TestOverlays: a snapshot's documents by the path of their file, by
// URI for the others, as the workspace index reads them.
func TestOverlays(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, s := newPhases(ctx, analysis.DefaultConfig())
	if o := s.Snapshot().Overlays(); len(o) != 0 {
		t.Errorf("no document open, overlays %v", o)
	}
	a := s.DidOpen("file:///w/a%20b.pgn", 1, "/w/a b.pgn", "*\n")
	u := s.DidOpen("untitled:Untitled-1", 1, "Untitled-1", "*\n")
	snap := s.Snapshot()
	s.DidClose(a.URI)
	o := snap.Overlays()
	if len(o) != 2 || o[filepath.FromSlash("/w/a b.pgn")] != a || o["untitled:Untitled-1"] != u {
		t.Errorf("overlays %v", o)
	}
	if o := s.Snapshot().Overlays(); len(o) != 1 {
		t.Errorf("after the close, overlays %v", o)
	}
	s.Wait()
}

// TestSetConfigBoth: a configuration that changes the dialect of a
// document and the analysis at once analyses the document parsed anew
// under the new analysis configuration (the server once reparsed first,
// and the analysis it scheduled then found a newer configuration and
// gave up).
func TestSetConfigBoth(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, s := newPhases(ctx, analysis.DefaultConfig())
	doc := s.DidOpen("file:///a.pgn", 1, "a.pgn", "[Event \"A\"]\n\n1. e4 e5 2. Ke3 *\n")
	s.Wait()
	reparsed := s.SetConfig(Config{Dialect: "ctl-pgn", Analysis: analysis.DefaultConfig()})
	s.Wait()
	if len(reparsed) != 1 || reparsed[0].File.Dialect != syntax.CTLPGN || s.Get(doc.URI) != reparsed[0] {
		t.Fatalf("parsed again: %v", reparsed)
	}
	if p, _ := h.of(reparsed[0]); len(p) == 0 || p[len(p)-1] != PhaseAnalysis {
		t.Errorf("the document parsed anew published %v; want its analysis last", p)
	}
	h.completed(t, reparsed[0])
}
