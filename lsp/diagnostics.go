package lsp

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path"
	"strconv"
	"sync"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// The diagnostics of the open documents are the session's (see package
// session for when they are computed and what they hold); the diagnoser
// is its Host: it turns each publication into publishDiagnostics, and
// reports the analysis's progress and faults. What it keeps of each
// document (what it last published, what a save would destroy) are
// memos of the session, dropped when the document closes.
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

// diagnoser publishes the session's diagnostics to the client.
type diagnoser struct {
	out diagnoserOut

	mu        sync.Mutex // guards catalogue, and the pubState and lostState memos
	catalogue string     // base URL of codeDescription links

	// pubMu makes "is this version still current?" and the send one step,
	// so a late analysis can never overtake a newer version's publication.
	pubMu sync.Mutex
}

// published is the memo of what was published for each document.
var published = session.NewMemo(func() *pubState { return new(pubState) })

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

// newDiagnoser returns a diagnoser that publishes through out.
func newDiagnoser(out diagnoserOut) *diagnoser {
	return &diagnoser{out: out, catalogue: defaultCatalogueURL}
}

// setCatalogue installs the catalogue URL of the next publications.
func (d *diagnoser) setCatalogue(catalogue string) {
	d.mu.Lock()
	d.catalogue = catalogue
	d.mu.Unlock()
}

// Publish sends the diagnostics of a publication of the engine, unless its
// version is no longer current or they equal the last ones sent, and
// tells the user of the cap when the publication is capped (even if it
// is not sent because it is unchanged).
func (d *diagnoser) Publish(p session.Publication) {
	doc := p.Doc
	d.mu.Lock()
	catalogue := d.catalogue
	d.mu.Unlock()
	st := published.Of(doc)
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

// lostState is what the diagnoser knows of a document whose file a save
// would damage.
type lostState struct {
	n    int  // characters a save would destroy
	told bool // the user was told (tell)
}

// lostMemo is the memo of what a save of each document would destroy.
var lostMemo = session.NewMemo(func() *lostState { return new(lostState) })

// lostExtra returns the editor-decoding diagnostic of a document of
// which a save would destroy lost characters (see lostCharacters), as
// the session's extra diagnostics of the document.
func lostExtra(lost int) session.Extra {
	return func(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
		return decodingDiagnostic(f, lost, cfg)
	}
}

// setLost records the characters a save of doc's document would destroy
// (see lostCharacters). It is called when the document opens and when
// its text gains U+FFFD; lostExtra gives its diagnostic.
func (d *diagnoser) setLost(doc *session.Document, lost int) {
	st := lostMemo.Of(doc)
	d.mu.Lock()
	defer d.mu.Unlock()
	st.n, st.told = lost, false // damaged anew: tell again
}

// lostIn returns the characters a save of doc's document would destroy,
// as setLost last set them.
func (d *diagnoser) lostIn(doc *session.Document) int {
	st := lostMemo.Of(doc)
	d.mu.Lock()
	defer d.mu.Unlock()
	return st.n
}

// tell reports whether the user is still to be told of the damage of
// doc's document, and marks it told.
func (d *diagnoser) tell(doc *session.Document) bool {
	st := lostMemo.Of(doc)
	d.mu.Lock()
	defer d.mu.Unlock()
	if st.n == 0 || st.told {
		return false
	}
	st.told = true
	return true
}

// cleared clears the diagnostics of uri, a document closed, in the
// client.
func (d *diagnoser) cleared(uri protocol.DocumentURI) {
	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	d.out.notify(protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI:         uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

var _ session.Host = (*diagnoser)(nil)
