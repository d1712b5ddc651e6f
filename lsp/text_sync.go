package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/syntax"
)

func (s *server) didOpen(_ context.Context, params json.RawMessage) error {
	// The text is about as big as params: let the memory limit allow for
	// it before decoding (a big file's message, its params and its text
	// are all in memory for a while).
	s.store.expect(int64(len(params)))
	item, err := decodeDidOpen(params)
	if err != nil {
		s.store.expect(0)
		return err
	}
	name := fileName(item.URI)
	if s.store.get(item.URI) != nil {
		s.logger.Debug("didOpen of an open document; replacing it", zap.String("uri", string(item.URI)))
	}
	doc := &document{
		uri:     item.URI,
		version: item.Version,
		file:    parseDocument(name, item.Text, s.dialectFor(name, item.Text)),
	}
	s.logger.Debug("didOpen", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version),
		zap.Stringer("dialect", doc.file.Dialect), zap.Int("bytes", len(item.Text)))
	s.store.expect(0)
	s.store.set(doc)
	s.diags.setLost(doc.uri, lostCharacters(doc.uri, item.Text))
	s.diags.changed(doc, nil, syntax.Kept{})
	return nil
}

// didChangeParams is DidChangeTextDocumentParams decoded by hand:
// protocol v0.12.0's TextDocumentContentChangeEvent has a non-pointer
// Range, so a change at 0:0-0:0 would be mistaken for a full replacement,
// and its uint32 fields reject a negative number outright.
type didChangeParams struct {
	TextDocument struct {
		URI     protocol.DocumentURI `json:"uri"`
		Version int32                `json:"version"`
	} `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

// contentChange is one TextDocumentContentChangeEvent. A nil Range means
// the text replaces the whole document.
type contentChange struct {
	Range *wireRange `json:"range"`
	Text  string     `json:"text"`
}

type wireRange struct {
	Start wirePosition `json:"start"`
	End   wirePosition `json:"end"`
}

type wirePosition struct {
	Line      int64 `json:"line"`
	Character int64 `json:"character"`
}

// before reports whether p comes before q.
func (p wirePosition) before(q wirePosition) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}

// protocol clamps p into the range of a protocol.Position.
func (p wirePosition) protocol() protocol.Position {
	clamp := func(v int64) uint32 { return uint32(min(max(v, 0), math.MaxUint32)) }
	return protocol.Position{Line: clamp(p.Line), Character: clamp(p.Character)}
}

func (p wirePosition) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Character) }

func (s *server) didChange(_ context.Context, params json.RawMessage) error {
	var p didChangeParams
	if err := unmarshal(params, &p); err != nil {
		return err
	}
	uri, version := p.TextDocument.URI, p.TextDocument.Version
	log := s.logger.With(zap.String("uri", string(uri)), zap.Int32("version", version))
	old := s.store.get(uri)
	if old == nil {
		log.Warn("didChange of a document that is not open; ignored")
		return nil
	}
	if version <= old.version {
		log.Debug("didChange does not increase the version", zap.Int32("previous", old.version))
	}
	f, edits, kept, clamped, err := applyChanges(old.file, p.ContentChanges)
	if err != nil {
		// Nothing of this notification is applied, so the document stays
		// a consistent earlier version; the user can resync by reopening.
		log.Warn("didChange rejected; document left at its previous version", zap.Int32("previous", old.version), zap.Error(err))
		s.showWarning("ignored an invalid edit of %s (%v); close and reopen the file to resynchronise", f.Name, err)
		return nil
	}
	if clamped > 0 {
		log.Debug("didChange positions out of range were clamped", zap.Int("positions", clamped))
	}
	if d := s.dialectFor(f.Name, head(f)); d != f.Dialect {
		log.Debug("dialect changed", zap.Stringer("dialect", d))
		f = parseDocument(f.Name, f.Text(), d)
		edits = nil // nothing carries over to another dialect
	}
	if old.file.FirstReplacement() < 0 && f.FirstReplacement() >= 0 {
		// The text gained U+FFFD, as when the editor reopens a Latin-1
		// file as UTF-8: is the file on disk such a file?
		s.diags.setLost(uri, lostCharacters(uri, "\uFFFD"))
	}
	doc := &document{uri: uri, version: version, file: f}
	log.Debug("didChange", zap.Int("changes", len(p.ContentChanges)), zap.Int("games", f.NumGames()))
	s.store.set(doc)
	s.diags.changed(doc, edits, kept)
	return nil
}

// applyChanges applies content changes in order, each through the mapper
// of the text it applies to, and re-parses incrementally so that games the
// changes do not touch are reused. It returns the byte edits applied (never
// nil), each in the coordinates of the text before it, and which games
// they left as they were. Positions past a
// line's end or past the last line are clamped, as the LSP specification
// says (clamped counts them). A range whose end precedes its start is an
// error; then no change is applied and f is returned unchanged.
func applyChanges(f *syntax.File, changes []contentChange) (_ *syntax.File, edits []syntax.Edit, kept syntax.Kept, clamped int, err error) {
	orig := f
	edits = make([]syntax.Edit, 0, len(changes))
	kept = syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}
	for i, c := range changes {
		var e syntax.Edit
		if c.Range == nil {
			e = fullEdit(f.Text(), c.Text)
		} else {
			if c.Range.End.before(c.Range.Start) {
				return orig, nil, syntax.Kept{}, clamped, fmt.Errorf("change %d: range end %v precedes its start %v", i, c.Range.End, c.Range.Start)
			}
			m := mapper{f}
			start, ok1 := m.offset(c.Range.Start.protocol())
			end, ok2 := m.offset(c.Range.End.protocol())
			for _, ok := range []bool{ok1, ok2} {
				if !ok {
					clamped++
				}
			}
			e = syntax.Edit{Start: start, End: end, New: c.Text}
		}
		var k syntax.Kept
		f, k = syntax.Reparse(f, e)
		kept = kept.Then(k)
		edits = append(edits, e)
	}
	return f, edits, kept, clamped, nil
}

// fullEdit returns the smallest edit turning old into text: the bytes
// between their common prefix and suffix. A client that always sends the
// whole text thus still gets the games it did not touch reused.
func fullEdit(old, text string) syntax.Edit {
	n := min(len(old), len(text))
	p := 0
	for p < n && old[p] == text[p] {
		p++
	}
	q := 0
	for q < n-p && old[len(old)-1-q] == text[len(text)-1-q] {
		q++
	}
	return syntax.Edit{Start: syntax.Pos(p), End: syntax.Pos(len(old) - q), New: text[p : len(text)-q]}
}

func (s *server) didClose(_ context.Context, params json.RawMessage) error {
	var p protocol.DidCloseTextDocumentParams
	if err := unmarshal(params, &p); err != nil {
		return err
	}
	uri := p.TextDocument.URI
	if s.store.remove(uri) == nil {
		s.logger.Debug("didClose of a document that is not open", zap.String("uri", string(uri)))
	}
	s.logger.Debug("didClose", zap.String("uri", string(uri)))
	s.diags.closed(uri)
	return nil
}

// redetect parses every open document again if its dialect has changed,
// after a settings change, and returns the URIs of those it parsed.
func (s *server) redetect() map[protocol.DocumentURI]bool {
	parsed := map[protocol.DocumentURI]bool{}
	for _, doc := range s.store.all() {
		f := doc.file
		d := s.dialectFor(f.Name, head(f))
		if d == f.Dialect {
			continue
		}
		s.logger.Debug("dialect changed", zap.String("uri", string(doc.uri)), zap.Int32("version", doc.version), zap.Stringer("dialect", d))
		doc = &document{uri: doc.uri, version: doc.version, file: parseDocument(f.Name, f.Text(), d)}
		s.store.set(doc)
		s.diags.changed(doc, nil, syntax.Kept{})
		parsed[doc.uri] = true
	}
	return parsed
}

// head returns the start of the text of f that dialect detection reads:
// the first game, which holds the lines before the first tag and that tag
// (a file built by Reparse assembles its whole text only on demand).
func head(f *syntax.File) string {
	if f.NumGames() == 0 {
		return ""
	}
	return f.Game(0).Game.Text
}
