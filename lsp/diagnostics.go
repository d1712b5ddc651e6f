package lsp

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path"
	"strconv"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// The diagnostics of the open documents are session.Engine's (see that
// package for when they are computed and what they hold); the diagnoser
// is its Host: it turns each publication into publishDiagnostics, and
// reports the engine's progress and faults.
//
// Each publication carries the document version, is sorted per game, is
// never JSON null, is dropped when its version is no longer the
// document's current one, and is skipped when it equals the last one
// sent for the URI. A document with more than pgnls.maxDiagnostics
// diagnostics publishes that many: the errors first, then the rest of the
// game last edited, then the others by severity and position (session's
// pick). The user is told so in a window message, at most once each: that
// there are at least so many while the analysis is under way, and the
// true total once it is complete, even if that publication is unchanged.

// defaultMaxDiagnostics bounds a publication: editors slow down long
// before, and encoding and sending millions of diagnostics (a big file
// with a hint per move) would take seconds per keystroke.
const defaultMaxDiagnostics = 2000

// diagnoser publishes the engine's diagnostics to the client.
type diagnoser struct {
	engine *session.Engine
	out    diagnoserOut

	mu        sync.Mutex
	catalogue string // base URL of codeDescription links
	pubs      map[string]*pubState
	// lost holds, per open document, how many characters of its file a
	// save would destroy (see lostCharacters), and whether the user was
	// told; absent: none.
	lost map[string]*lostState

	// pubMu makes "is this version still current?" and the send one step,
	// so a late analysis can never overtake a newer version's publication.
	pubMu sync.Mutex
}

// pubState is what was published for one document.
type pubState struct {
	encoded encodeCache // the JSON of the last publication, per game
	sent    bool
	last    [sha256.Size]byte
	told    toldCap
}

// toldCap is what the user was told of a document's capped publications;
// 0 is nothing.
type toldCap uint8

const (
	toldAtLeast toldCap = iota + 1 // that there are at least so many, before the analysis was complete
	toldTotal                      // the total, once it was
)

// diagnoserOut is what the diagnoser needs of the server, given to it as
// values when it is made: it holds no pointer back to the server.
type diagnoserOut struct {
	logger *zap.Logger
	// current reports whether doc is its URI's current version.
	current func(doc *session.Document) bool
	// notify and notifyRaw send a notification to the client.
	notify    func(method string, params any)
	notifyRaw func(method string, params []byte)
	progress  func(ctx context.Context, title string, cancel context.CancelFunc) *progress
}

// newDiagnoser returns a diagnoser that publishes through out, whose
// engine runs analyzers after debounce until ctx is done.
func newDiagnoser(ctx context.Context, out diagnoserOut, analyzers []*analysis.Analyzer, debounce time.Duration) *diagnoser {
	d := &diagnoser{
		out:       out,
		catalogue: defaultCatalogueURL,
		pubs:      make(map[string]*pubState),
		lost:      make(map[string]*lostState),
	}
	d.engine = session.New(ctx, d, analyzers, debounce, settings{}.config(), defaultMaxDiagnostics)
	return d
}

// configure installs a new analysis configuration, catalogue URL and
// publication limit; callers re-analyse the open documents (see
// server.applySettings).
func (d *diagnoser) configure(cfg *analysis.Config, catalogue string, max int) {
	d.mu.Lock()
	d.catalogue = catalogue
	d.mu.Unlock()
	d.engine.Configure(cfg, max)
}

// Publish sends the diagnostics of a publication of the engine, unless its
// version is no longer current or they equal the last ones sent, and
// tells the user of the cap when the publication is capped (even if it
// is not sent because it is unchanged).
func (d *diagnoser) Publish(p session.Publication) {
	doc := p.Doc
	d.mu.Lock()
	catalogue := d.catalogue
	st := d.pubs[doc.URI]
	if st == nil {
		st = &pubState{}
		d.pubs[doc.URI] = st
	}
	d.mu.Unlock()
	// The cache's buffers hold the params until they are sent: a big
	// document publishes hundreds of kilobytes per keystroke.
	cache := &st.encoded
	cache.mu.Lock()
	defer cache.mu.Unlock()
	params := wire.AppendPublishHead(cache.buf[:0], doc.URI, doc.Version)
	start := len(params)
	params, count := cache.encode(params, doc, p.Groups, catalogue)
	hash := sha256.Sum256(params[start:])
	params = append(params, '}')
	cache.buf = params
	log := d.out.logger.With(zap.String("uri", doc.URI), zap.Int32("version", doc.Version), zap.String("phase", string(p.Phase)))

	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	if !d.out.current(doc) {
		log.Debug("diagnostics of a stale version dropped")
		return
	}
	d.mu.Lock()
	if d.pubs[doc.URI] != st {
		d.mu.Unlock()
		log.Debug("diagnostics of a closed document dropped")
		return
	}
	// The user is told of the cap once its total is known (the analysis
	// is complete), and before that, once, that there are at least so
	// many. This is decided before an unchanged publication is skipped:
	// the publication that completes an analysis often holds the same
	// capped selection as the partial one before it, and its total must
	// still be told.
	capped := p.Limit > 0 && p.Total > p.Limit
	tell := capped && (p.Complete && st.told < toldTotal || !p.Complete && st.told < toldAtLeast)
	if tell {
		st.told = toldAtLeast
		if p.Complete {
			st.told = toldTotal
		}
	}
	unchanged := st.sent && st.last == hash
	st.sent, st.last = true, hash
	d.mu.Unlock()
	if tell {
		log.Info("diagnostics capped", zap.Int("total", p.Total), zap.Int("published", count), zap.Bool("complete", p.Complete))
		n := strconv.Itoa(p.Total)
		if !p.Complete {
			n = "at least " + n
		}
		d.out.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
			Type: protocol.MessageTypeInfo,
			Message: fmt.Sprintf("pgnls: %s has %s diagnostics; %d are shown: the errors first, then the rest of the game being edited, then the others by severity and position (setting pgnls.maxDiagnostics)",
				path.Base(doc.File.Name), n, count),
		})
	}
	if unchanged {
		log.Debug("diagnostics unchanged; not published")
		return
	}
	log.Debug("publish diagnostics", zap.Int("count", count), zap.Int("total", p.Total))
	d.out.notifyRaw(protocol.MethodTextDocumentPublishDiagnostics, params)
}

// Progress shows a long analysis's progress, if the client can.
func (d *diagnoser) Progress(ctx context.Context, title string, cancel context.CancelFunc) session.Progress {
	return d.out.progress(ctx, title, cancel)
}

// Fault logs a panic of an analyzer, a fault of ours.
func (d *diagnoser) Fault(doc *session.Document, game int, value any, stack []byte) {
	d.out.logger.Error("panic in an analyzer", zap.String("uri", doc.URI), zap.Int32("version", doc.Version),
		zap.Int("game", game), zap.Any("panic", value), zap.ByteString("stack", stack))
}

// changed hands a new version to the engine.
func (d *diagnoser) changed(doc *session.Document, edits []syntax.Edit, kept syntax.Kept) {
	d.engine.Changed(doc, edits, kept)
}

// lostState is what the diagnoser knows of a document whose file a save
// would damage.
type lostState struct {
	n    int  // characters a save would destroy
	told bool // the user was told (tell)
}

// setLost installs the editor-decoding diagnostic of the document at
// uri: lost characters a save would destroy (see lostCharacters). It is
// called when the document opens and when its text gains U+FFFD.
func (d *diagnoser) setLost(uri protocol.DocumentURI, lost int) {
	d.mu.Lock()
	if lost == 0 {
		delete(d.lost, string(uri))
	} else if st := d.lost[string(uri)]; st != nil {
		st.n, st.told = lost, false // damaged anew: tell again
	} else {
		d.lost[string(uri)] = &lostState{n: lost}
	}
	d.mu.Unlock()
	d.engine.SetExtra(string(uri), func(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
		return decodingDiagnostic(f, lost, cfg)
	})
}

// lostIn returns the characters a save of the document at uri would
// destroy, as setLost last set them.
func (d *diagnoser) lostIn(uri protocol.DocumentURI) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if st := d.lost[string(uri)]; st != nil {
		return st.n
	}
	return 0
}

// tell reports whether the user is still to be told of the damage of the
// document at uri, and marks it told.
func (d *diagnoser) tell(uri protocol.DocumentURI) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.lost[string(uri)]
	if st == nil || st.told {
		return false
	}
	st.told = true
	return true
}

// gameDiagnostics returns a fresh analysis of game i of doc, with fixes.
func (d *diagnoser) gameDiagnostics(doc *session.Document, i int) []analysis.Diagnostic {
	return d.engine.GameDiagnostics(doc, i)
}

// closed forgets the diagnostics state of uri and clears its diagnostics
// in the client.
func (d *diagnoser) closed(uri protocol.DocumentURI) {
	d.engine.Closed(string(uri))
	d.mu.Lock()
	delete(d.pubs, string(uri))
	delete(d.lost, string(uri))
	d.mu.Unlock()

	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	d.out.notify(protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI:         uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

// stop cancels every pending analysis (at shutdown).
func (d *diagnoser) stop() { d.engine.Stop() }

// wait waits for the analyses under way, and those scheduled, to end.
func (d *diagnoser) wait() { d.engine.Wait() }

var _ session.Host = (*diagnoser)(nil)
