package session

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/internal/duplicatestest"
	"github.com/pgnls/pgnls/analysis/query"
	"github.com/pgnls/pgnls/syntax"
)

// host is a Host that keeps the last publication of each document's
// current version (in sess).
type host struct {
	sess *Session
	mu   sync.Mutex
	last map[string][]string
	// of holds, by URI, the version whose complete analysis was
	// published last: the one last holds.
	of map[string]*Document
}

func newHost() *host {
	return &host{last: map[string][]string{}, of: map[string]*Document{}}
}

// outlines is the outline memo of the tests, which the analysis fills
// when the session is told to (Session.Fill).
var outlines = NewChunkMemo(func() *query.Outline { return new(query.Outline) }, query.OutlineOf)

// start returns the session of h, without debounce and publishing every
// diagnostic, running analyzers under cfg (nil: the default), with the
// outline filled.
func (h *host) start(ctx context.Context, analyzers []*analysis.Analyzer, cfg *analysis.Config) *Session {
	if cfg == nil {
		cfg = analysis.DefaultConfig()
	}
	h.sess = New(ctx, h, Options{Analyzers: analyzers, Config: Config{Analysis: cfg}})
	h.sess.Fill(outlines)
	return h.sess
}

func (h *host) Publish(p Publication) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.sess.Current(p.Doc) || p.Phase != PhaseAnalysis || !p.Complete {
		return
	}
	h.last[p.Doc.URI] = describe(p)
	h.of[p.Doc.URI] = p.Doc
}

// completed returns the diagnostics of the complete analysis of doc, and
// fails t when none was published: a comparison of two missing
// publications would pass whatever the engine does.
func (h *host) completed(t *testing.T, doc *Document) []string {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.of[doc.URI] != doc {
		t.Fatalf("no complete analysis of version %d of %s was published", doc.Version, doc.URI)
	}
	return h.last[doc.URI]
}

func (h *host) Progress(context.Context, string, context.CancelFunc) Progress { return noProgress{} }
func (h *host) Fault(_ *Document, game int, value any, _ []byte) {
	panic(fmt.Sprintf("an analyzer panicked on game %d: %v", game, value))
}

type noProgress struct{}

func (noProgress) Report(int, int) {}
func (noProgress) End(string)      {}

// describe lists the diagnostics of a publication, file-absolute.
func describe(p Publication) []string {
	var out []string
	for _, g := range p.Groups {
		for _, x := range g.Diagnostics() {
			if !g.File {
				x = x.Shift(g.Span.Start)
			}
			out = append(out, fmt.Sprintf("%d..%d %s %s %s", x.Span.Start, x.Span.End, x.Severity, x.Code, x.Message))
		}
	}
	return out
}

// carried edits doc's text by edits, one version each, as a client would,
// and returns the diagnostics of the last version once analysed, and
// those of a fresh open of its text.
func carried(t *testing.T, text string, edits []syntax.Edit) (got, want []string) {
	t.Helper()
	return carriedBy(t, text, edits, false)
}

// carriedBy is carried; with settle, each version is analysed before the
// next edit, so that no analysis is cancelled and the repeated games'
// index follows every version.
func carriedBy(t *testing.T, text string, edits []syntax.Edit, settle bool) (got, want []string) {
	t.Helper()
	versions := make([][]syntax.Edit, len(edits))
	for i, e := range edits {
		versions[i] = []syntax.Edit{e}
	}
	return carriedIn(t, text, versions, settle)
}

// carriedIn is carriedBy with the edits of each version applied together
// (each in the text the ones before it left), through the documents.
func carriedIn(t *testing.T, text string, versions [][]syntax.Edit, settle bool) (got, want []string) {
	t.Helper()
	defer func(v int) { HeldTrees = v }(HeldTrees)
	HeldTrees = 4 << 10
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := newHost()
	e := h.start(ctx, checks.All, nil)
	const uri = "file:///a.pgn"
	doc := e.DidOpen(uri, 1, "a.pgn", text)
	for i, edits := range versions {
		var err error
		if doc, err = e.DidChange(uri, int32(i+2), NewChange(doc.File).Apply(edits...)); err != nil {
			t.Fatal(err)
		}
		if settle {
			e.Wait()
		}
	}
	e.Wait()
	got = h.completed(t, doc)
	// The outline the analysis kept (query.Outline.Put) is the outline.
	syms, folds := outlineOf(t, doc)
	if want := query.Symbols(doc.File); !reflect.DeepEqual(syms, want) {
		t.Errorf("the outline kept has %d symbols, want %d:\n%+v\n%+v", len(syms), len(want), syms, want)
	}
	if want := query.Folds(doc.File); !slices.Equal(folds, want) {
		t.Errorf("the outline kept has %d folds, want %d:\n%+v\n%+v", len(folds), len(want), folds, want)
	}
	if e.DidClose(uri) != doc {
		t.Errorf("DidClose did not return the last version")
	}

	fresh := newHost()
	e2 := fresh.start(ctx, checks.All, nil)
	final := e2.DidOpen(uri, 1, "a.pgn", doc.File.Text())
	e2.Wait()
	return got, fresh.completed(t, final)
}

// outlineOf returns the symbols and folds of doc's outline cache, with
// file offsets.
func outlineOf(t *testing.T, doc *Document) ([]query.Symbol, []query.Fold) {
	t.Helper()
	placed, err := outlines.Of(doc).Symbols(context.Background(), doc.File)
	if err != nil {
		t.Fatal(err)
	}
	var syms []query.Symbol
	for _, p := range placed {
		for _, s := range p.Symbols {
			syms = append(syms, shifted(s, p.Base))
		}
	}
	folds, err := outlines.Of(doc).Folds(context.Background(), doc.File)
	if err != nil {
		t.Fatal(err)
	}
	return syms, folds
}

// shifted returns s and its children moved by d.
func shifted(s query.Symbol, d syntax.Pos) query.Symbol {
	s.Span, s.Selection = s.Span.Shift(d), s.Selection.Shift(d)
	kids := make([]query.Symbol, len(s.Children))
	for i, k := range s.Children {
		kids[i] = shifted(k, d)
	}
	if len(kids) == 0 {
		kids = nil
	}
	s.Children = kids
	return s
}

// FuzzCarry holds the engine's invariant: however many edits lead to a
// version, once it is analysed its diagnostics are those of a fresh
// analysis of its text. The fuzzer picks a text and edits (a start, a
// length to replace, a text to insert, three times); the high bit of the
// first length applies the three edits together, as one version (one
// didChange of three content changes), instead of one version each.
func FuzzCarry(f *testing.F) {
	for _, p := range carrySeeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data), uint16(40), uint8(3), "Ke3", uint16(200), uint8(0), "\n\n[Event \"x\"]\n\n", uint16(90), uint8(5), "")
		}
	}
	f.Add("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n", uint16(20), uint8(2), "Nf3", uint16(5), uint8(1), "", uint16(30), uint8(0), "{")
	f.Add("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n", uint16(40), uint8(0x80|2), "Ke3", uint16(20), uint8(1), "", uint16(3), uint8(0), "{")
	if data, err := os.ReadFile("../../testdata/analysis/duplicates/games.pgn"); err == nil {
		f.Add(string(data), uint16(700), uint8(4), "Nf3", uint16(10), uint8(0), "\n\n[Event \"x\"]\n\n1. e4 e5 *\n\n", uint16(1500), uint8(2), "")
	}
	f.Fuzz(func(t *testing.T, text string, s1 uint16, n1 uint8, t1 string, s2 uint16, n2 uint8, t2 string, s3 uint16, n3 uint8, t3 string) {
		if len(text) > 8<<10 {
			return
		}
		var edits []syntax.Edit
		cur := text
		for _, ed := range []struct {
			s uint16
			n uint8
			t string
		}{{s1, n1, t1}, {s2, n2, t2}, {s3, n3, t3}} {
			start := min(int(ed.s), len(cur))
			end := min(start+int(ed.n%16), len(cur))
			x := syntax.Edit{Span: syntax.Span{Start: syntax.Pos(start), End: syntax.Pos(end)}, New: ed.t}
			edits = append(edits, x)
			cur = x.Apply(cur)
		}
		versions := [][]syntax.Edit{edits}
		if n1&0x80 == 0 {
			versions = [][]syntax.Edit{edits[:1], edits[1:2], edits[2:]}
		}
		got, want := carriedIn(t, text, versions, false)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("after the edits %+v of %q:\ncarried:\n%s\nfresh:\n%s", edits, text, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// carrySeeds are the files FuzzCarry starts from; each has diagnostics.
var carrySeeds = []string{"../../testdata/analysis/legality/moves.pgn", "../../testdata/format/fidelity.pgn", "../../testdata/analysis/ctllegality/moves.ctl-pgn"}

// TestCarrySeeds: FuzzCarry's seed files, with its seed edits, carry as a
// fresh analysis would, and have diagnostics to compare.
func TestCarrySeeds(t *testing.T) {
	for _, p := range carrySeeds {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		edits := []syntax.Edit{{Span: syntax.Span{Start: 40, End: 43}, New: "Ke3"}, {Span: syntax.Span{Start: 200, End: 200}, New: "\n\n[Event \"x\"]\n\n"}, {Span: syntax.Span{Start: 90, End: 95}}}
		got, want := carried(t, string(data), edits)
		if len(want) == 0 {
			t.Errorf("%s: no diagnostics to compare", p)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: carried diagnostics differ from a fresh analysis:\n%s\nfresh:\n%s", p, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestCarryRepeats: the repeated games follow the edits, which change
// only the fingerprints of the games they touch: a duplicate that an
// edit makes, unmakes (in the game or in the one it repeats) or moves.
func TestCarryRepeats(t *testing.T) {
	data, err := os.ReadFile("../../testdata/analysis/duplicates/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	second := syntax.Pos(strings.Index(text, "[Event \"A copy"))
	move := syntax.Pos(strings.Index(text, "Qb5 Rh5")) // in the first game
	short := syntax.Pos(strings.Index(text, "[Event \"The same short game by others"))
	for _, edits := range [][]syntax.Edit{
		{{Span: syntax.Span{Start: move, End: move + 3}, New: "Qa4"}},                                                              // the original changes: its copy and cut copy are on their own
		{{Span: syntax.Span{Start: move, End: move + 3}, New: "Qa4"}, {Span: syntax.Span{Start: move, End: move + 3}, New: "Qb5"}}, // and back
		{{Span: syntax.Span{Start: 0, End: second}}},                                                                               // the original goes: the copy is the first
		{{Span: syntax.Span{Start: short, End: short}, New: "[White \"Xena\"]\n[Black \"Yuri\"]\n"}},                               // the same players again
		{{Span: syntax.Span{Start: second, End: second}, New: text[:second]}},                                                      // a third copy before the copy
	} {
		got, want := carried(t, text, edits)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("after the edits %+v:\ncarried:\n%s\nfresh:\n%s", edits, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		n := 0
		for _, d := range got {
			if strings.Contains(d, "duplicate-game") {
				n++
			}
		}
		if n < 3 {
			t.Errorf("after the edits %+v: %d repeated games, want 3 at least", edits, n)
		}
	}
}

// TestCarryRepeatsRandom: the repeated games of a document of several
// chunks follow random edits of whole games (a game deleted, copied
// elsewhere, cut short, or a new one), each version analysed before the
// next edit, as a fresh analysis finds them: which game is the earlier
// one, its number and line in the messages, the related places.
func TestCarryRepeatsRandom(t *testing.T) {
	data, err := os.ReadFile("../../testdata/analysis/duplicates/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat(string(data)+"\n", 15) // 285 games: two chunks
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 3 {
		cur := text
		var edits []syntax.Edit
		for range 12 {
			f := syntax.Parse("a.pgn", cur, syntax.PGN)
			n := f.NumGames()
			span := func(k int) syntax.Span { return f.GameSpan(k) }
			k := rng.IntN(n)
			var ed syntax.Edit
			switch rng.IntN(4) {
			case 0: // delete game k
				ed = syntax.Edit{Span: syntax.Span{Start: span(k).Start, End: span(k).End}}
			case 1: // copy game k before game m
				m := span(rng.IntN(n)).Start
				ed = syntax.Edit{Span: syntax.Span{Start: m, End: m}, New: f.Slice(span(k)) + "\n\n"}
			case 2: // cut game k short
				sp := span(k)
				ed = syntax.Edit{Span: syntax.Span{Start: sp.Start + syntax.Pos(sp.Len()*2/3), End: sp.End - 2}}
			default: // a game that repeats none, or one cut from game k
				m := span(rng.IntN(n)).Start
				ed = syntax.Edit{Span: syntax.Span{Start: m, End: m}, New: "[White \"N\"]\n[Black \"M\"]\n\n1. a3 a6 2. h3 *\n\n"}
			}
			edits = append(edits, ed)
			cur = ed.Apply(cur)
		}
		got, want := carriedBy(t, text, edits, true)
		repeats := 0
		for _, d := range want {
			if strings.Contains(d, "duplicate-game") {
				repeats++
			}
		}
		if repeats < 200 {
			t.Errorf("round %d: %d repeated games, want most", round, repeats)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("round %d, edits %+v:\ncarried:\n%s\nfresh:\n%s", round, edits, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestCarryShared: edits in the middle of the shared quirky files carry
// as a fresh analysis would.
func TestCarryShared(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/pgn/quirky/*.pgn")
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	found := 0 // files with diagnostics
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		mid := syntax.Pos(len(text) / 2)
		got, want := carried(t, text, []syntax.Edit{{Span: syntax.Span{Start: mid, End: mid}, New: "Ke3 "}, {Span: syntax.Span{Start: mid / 2, End: mid/2 + 3}, New: ""}})
		if len(want) > 0 {
			found++
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: carried diagnostics differ from a fresh analysis", p)
		}
	}
	if found < len(files)/2 {
		t.Errorf("%d of the %d quirky files have diagnostics after the edits; want most", found, len(files))
	}
}

// TestBigRun: the first analysis of a document of more than BigAnalysis
// games (runBig: the workers claim games with an atomic counter, and the
// partial publications read the games marked done while the workers
// write others) ends with the diagnostics of each game analysed alone,
// and an outline request during it gets the outline. Run it with -race.
func TestBigRun(t *testing.T) {
	var b strings.Builder
	for i := range 3 * BigAnalysis {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n", i)
	}
	text := b.String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := newHost()
	cfg := analysis.DefaultConfig()
	e := h.start(ctx, checks.All, cfg)
	defer func(v int) { HeldTrees = v }(HeldTrees)
	HeldTrees = 16 << 10
	doc := e.DidOpen("file:///big.pgn", 1, "big.pgn", text)
	// An outline request while the analysis runs waits for the outline
	// it keeps (Outline.Expect), and gets the document's outline.
	placed, err := outlines.Of(doc).Symbols(ctx, doc.File)
	if err != nil {
		t.Fatal(err)
	}
	e.Wait()
	var syms []query.Symbol
	for _, p := range placed {
		for _, s := range p.Symbols {
			s.Span, s.Selection = s.Span.Shift(p.Base), s.Selection.Shift(p.Base)
			syms = append(syms, s)
		}
	}
	if want := query.Symbols(doc.File); !reflect.DeepEqual(syms, want) {
		t.Errorf("the outline during the analysis has %d symbols, want %d", len(syms), len(want))
	}

	f := syntax.Parse("big.pgn", text, syntax.PGN)
	var all []analysis.Diagnostic
	for _, r := range f.Games() {
		for _, x := range analysis.Game(r.Game, f.Dialect, cfg, checks.All) {
			all = append(all, x.Shift(r.Start))
		}
	}
	// Every game repeats the first: file-level diagnostics, published
	// after the games'.
	all = append(all, duplicatestest.File(f, cfg)...)
	var want []string
	for _, x := range all {
		want = append(want, fmt.Sprintf("%d..%d %s %s %s", x.Span.Start, x.Span.End, x.Severity, x.Code, x.Message))
	}
	if len(want) < 3*BigAnalysis {
		t.Fatalf("%d diagnostics, want one per game at least", len(want))
	}
	if got := h.last[doc.URI]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the big run published %d diagnostics, the games alone have %d", len(got), len(want))
	}
}

// partialHost counts the partial publications.
type partialHost struct {
	*host
	partial atomic.Int32
}

func (h *partialHost) Publish(p Publication) {
	if p.Phase == PhasePartial {
		h.partial.Add(1)
	}
	h.host.Publish(p)
}

// TestBigRunPublishes: a long analysis publishes its progress a few
// times, at intervals that double, not every batchInterval: 1,200 games
// of 10 ms each on two workers (6 s of the bubble's time) make about
// five partial publications, where a fixed interval made thirty.
func TestBigRunPublishes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const games = 1200
		slow := &analysis.Analyzer{
			Name:  "slow",
			Doc:   "Test analyzer taking 10 ms a game.",
			Codes: []analysis.CodeInfo{{Code: "test-slow", Severity: analysis.Info, Doc: "A game."}},
			Run:   func(*analysis.Pass) { time.Sleep(10 * time.Millisecond) },
		}
		var b strings.Builder
		for i := range games {
			fmt.Fprintf(&b, "[Event \"E%d\"]\n\n1. e4 *\n\n", i)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		h := &partialHost{host: newHost()}
		e := New(ctx, h, Options{Analyzers: []*analysis.Analyzer{slow}, Config: Config{Analysis: analysis.DefaultConfig()}})
		h.sess = e
		t0 := time.Now()
		e.DidOpen("file:///big.pgn", 1, "big.pgn", b.String())
		e.Wait()
		took := time.Since(t0)
		workers := runtime.GOMAXPROCS(0)
		if want := time.Duration(games/workers) * 10 * time.Millisecond; took < want {
			t.Fatalf("the analysis took %v, want %v at least", took, want)
		}
		// Publications at 0.2, 0.6, 1.4, 3.0, 6.2 s...: log2 of the time.
		most := int32(math.Log2(float64(took/batchInterval))) + 2
		if n := h.partial.Load(); n < 2 || n > most {
			t.Errorf("%d partial publications in %v, want 2 to %d", n, took, most)
		}
	})
}

// variantsText returns a document of n games (up to 600) whose players
// are spelt several ways (player-name-variant), in several chunks.
func variantsText(n int, rng *rand.Rand) string {
	names := []string{"Carlsen, Magnus", "Carlsen,M", "Carlsen, Magnus ", "Kasparov, Garry", "Kasparov,G", "Tal, Mikhail", "Tal,M", "Polgar, Judit"}
	var b strings.Builder
	for i := range n {
		// Moves of its own (up to 600 games): no game repeats another.
		w, bl, z := strings.Fields("a3 a4 b3 b4 c3 c4 d3 d4 e3 e4"), strings.Fields("a6 a5 b6 b5 c6 c5 d6 d5 e6 e5"), strings.Fields("h6 h5 g6 g5 Nh6 Na6")
		moves := fmt.Sprintf("1. %s %s 2. Nf3 %s", w[i%10], bl[i/10%10], z[i/100%6])
		fmt.Fprintf(&b, "[Event \"E%d\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"*\"]\n\n%s *\n\n", i, names[rng.IntN(len(names))], names[rng.IntN(len(names))], moves)
	}
	return b.String()
}

// TestCarryVariants: the players' variant names, kept by chunk, follow
// edits as a fresh analysis finds them: moves typed (the names kept),
// names changed, games added and removed, in a document of several
// chunks.
func TestCarryVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	text := variantsText(600, rng)
	cur := text
	var edits []syntax.Edit
	for k := range 12 {
		var ed syntax.Edit
		at := syntax.Pos(strings.Index(cur, fmt.Sprintf("[Event \"E%d\"]", rng.IntN(600))))
		if at < 0 {
			continue
		}
		game := cur[at:]
		switch k % 4 {
		case 0: // a move typed
			m := at + syntax.Pos(strings.Index(game, "2. Nf3")) + 3
			ed = syntax.Edit{Span: syntax.Span{Start: m, End: m + 3}, New: "Nc3"}
		case 1: // a name changed
			w := at + syntax.Pos(strings.Index(game, "[White \"")) + 8
			ed = syntax.Edit{Span: syntax.Span{Start: w, End: w + syntax.Pos(strings.Index(cur[w:], "\""))}, New: "Tal,M"}
		case 2: // a game removed
			ed = syntax.Edit{Span: syntax.Span{Start: at, End: at + syntax.Pos(strings.Index(game, "*\n\n")) + 3}}
		default: // a game added
			ed = syntax.Edit{Span: syntax.Span{Start: at, End: at}, New: "[White \"Kasparov,G\"]\n[Black \"Polgar, Judit\"]\n\n1. d4 *\n\n"}
		}
		edits = append(edits, ed)
		cur = ed.Apply(cur)
	}
	got, want := carried(t, text, edits)
	variants := 0
	for _, d := range want {
		if strings.Contains(d, "player-name-variant") {
			variants++
		}
	}
	if variants < 300 {
		t.Errorf("%d variant names, want most games'", variants)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("edits %+v:\ncarried:\n%s\nfresh:\n%s", edits, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPublishVariantsLimit: past the limit, a publication counts every
// variant name in its total but places only those it keeps, in file
// order, as a publication without limit lists them first.
func TestPublishVariantsLimit(t *testing.T) {
	text := variantsText(600, rand.New(rand.NewPCG(7, 8)))
	var totals []int
	var lists [][]string
	for _, limit := range []int{0, 50} {
		h := newHost()
		var total atomic.Int64
		counting := &countingHost{host: h, total: &total}
		cfg := analysis.DefaultConfig()
		h.sess = New(context.Background(), counting, Options{Analyzers: checks.All, Config: Config{Analysis: cfg, Max: limit}})
		doc := h.sess.DidOpen("file:///v.pgn", 1, "v.pgn", text)
		h.sess.Wait()
		var vs []string
		for _, d := range h.completed(t, doc) {
			if strings.Contains(d, "player-name-variant") {
				vs = append(vs, d)
			}
		}
		totals = append(totals, int(total.Load()))
		lists = append(lists, vs)
	}
	if totals[0] != totals[1] || totals[0] < 300 {
		t.Errorf("totals without limit and with 50: %v, want equal and over 300", totals)
	}
	if len(lists[1]) == 0 || len(lists[1]) > 50 || !slices.Equal(lists[1], lists[0][:len(lists[1])]) {
		t.Errorf("with a limit of 50, %d variant names kept, not the first of the %d without limit", len(lists[1]), len(lists[0]))
	}
}

// countingHost is a host that also keeps the total of the last complete
// publication.
type countingHost struct {
	*host
	total *atomic.Int64
}

func (c *countingHost) Publish(p Publication) {
	if p.Phase == PhaseAnalysis && p.Complete {
		c.total.Store(int64(p.Total))
	}
	c.host.Publish(p)
}
