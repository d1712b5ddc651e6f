package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

func (s *server) didOpen(_ context.Context, params json.RawMessage) error {
	// The text is about as big as params: let the memory limit allow for
	// it before decoding (a big file's message, its params and its text
	// are all in memory for a while).
	s.docs.Expect(int64(len(params)))
	item, err := wire.DecodeDidOpen(params)
	if err != nil {
		s.docs.Expect(0)
		return err
	}
	uri := string(item.URI)
	if s.docs.Get(uri) != nil {
		s.logger.Debug("didOpen of an open document; replacing it", zap.String("uri", uri))
	}
	lost := lostCharacters(item.URI, item.Text)
	s.docs.SetExtra(uri, lostExtra(lost)) // before its first analysis
	doc := s.docs.DidOpen(uri, item.Version, fileName(item.URI), item.Text)
	s.diags.setLost(doc, lost)
	s.logger.Debug("didOpen", zap.String("uri", doc.URI), zap.Int32("version", doc.Version),
		zap.Stringer("dialect", doc.File.Dialect), zap.Int("bytes", len(item.Text)))
	s.tellDamage(doc)
	return nil
}

func (s *server) didChange(_ context.Context, params json.RawMessage) error {
	p, err := wire.DecodeDidChange(params)
	if err != nil {
		return err
	}
	uri, version := p.TextDocument.URI, p.TextDocument.Version
	log := s.logger.With(zap.String("uri", string(uri)), zap.Int32("version", version))
	old := s.docs.Get(string(uri))
	if old == nil {
		log.Warn("didChange of a document that is not open; ignored")
		return nil
	}
	if version <= old.Version {
		log.Debug("didChange does not increase the version", zap.Int32("previous", old.Version))
	}
	ch, clamped, err := applyChanges(old.File, p.ContentChanges)
	if err != nil {
		// Nothing of this notification is applied, so the document stays
		// a consistent earlier version; the user can resync by reopening.
		log.Warn("didChange rejected; document left at its previous version", zap.Int32("previous", old.Version), zap.Error(err))
		s.showWarning("ignored an invalid edit of %s (%v); close and reopen the file to resynchronise", old.File.Name, err)
		return nil
	}
	if clamped > 0 {
		log.Debug("didChange positions out of range were clamped", zap.Int("positions", clamped))
	}
	if old.File.FirstReplacement() < 0 && ch.File.FirstReplacement() >= 0 {
		// The text gained U+FFFD, as when the editor reopens a Latin-1
		// file as UTF-8: is the file on disk such a file?
		lost := lostCharacters(uri, "\uFFFD")
		s.docs.SetExtra(string(uri), lostExtra(lost)) // before the analysis of the change
		s.diags.setLost(old, lost)                    // the versions share it
	}
	doc, err := s.docs.DidChange(string(uri), version, ch)
	if err != nil {
		log.Warn("didChange not applied", zap.Error(err))
		return nil
	}
	if doc.File.Dialect != ch.File.Dialect {
		log.Debug("dialect changed", zap.Stringer("dialect", doc.File.Dialect))
	}
	log.Debug("didChange", zap.Int("changes", len(p.ContentChanges)), zap.Int("games", doc.File.NumGames()))
	s.tellDamage(doc)
	return nil
}

// applyChanges applies content changes to f in order: it converts each
// to a byte edit of the text it applies to, through the mapper, and has
// session.Change apply them, which reparses incrementally and applies a
// batch of many changes in one pass. Positions past a line's end or past
// the last line are clamped, as the LSP specification says (clamped
// counts them). A range whose end precedes its start is an error; then
// no change is applied.
func applyChanges(f *syntax.File, changes []wire.ContentChange) (_ session.Change, clamped int, err error) {
	for i, c := range changes {
		if c.Range != nil && c.Range.End.Before(c.Range.Start) {
			return session.Change{}, 0, fmt.Errorf("change %d: range end %v precedes its start %v", i, c.Range.End, c.Range.Start)
		}
	}
	ch := session.NewChange(f)
	if len(changes) > 1 {
		if edits, ok := inOriginal(f, changes); ok {
			return ch.Apply(edits...), 0, nil
		}
	}
	for _, c := range changes {
		if c.Range == nil {
			ch = ch.Replace(c.Text)
			continue
		}
		m := mapper{ch.File}
		start, ok1 := m.offset(c.Range.Start.Protocol())
		end, ok2 := m.offset(c.Range.End.Protocol())
		for _, ok := range []bool{ok1, ok2} {
			if !ok {
				clamped++
			}
		}
		ch = ch.Apply(syntax.Edit{Span: syntax.Span{Start: start, End: end}, New: c.Text})
	}
	return ch, clamped, nil
}

// inOriginal returns the byte edits of changes, each in the coordinates
// of the text the changes before it left, when every change is ranged and
// the changes go one way (syntax.Compose): each entirely before the one
// before it (the order editors apply many edits in) or entirely after it.
// Then their positions can be read in the lines of f (mapper.sequence),
// without the texts between the changes, and session.Change applies them
// as one batch. ok is false otherwise, and when a position had to be
// clamped or snapped or a change joins line breaks (see separate): the
// changes are then mapped one by one, each in the text it was written
// for.
func inOriginal(f *syntax.File, changes []wire.ContentChange) (edits []syntax.Edit, ok bool) {
	for _, c := range changes {
		if c.Range == nil || c.Range.End.Before(c.Range.Start) {
			return nil, false
		}
	}
	m := mapper{f}
	for _, descending := range []bool{true, false} {
		edits, exact := m.sequence(changes, descending)
		if !exact {
			continue
		}
		if batch, n, down := syntax.Compose(edits, f.Len()); n == len(edits) && down == descending {
			return edits, separate(f, batch)
		}
	}
	return nil, false
}

// separate reports whether a batch of edits (in the coordinates of f)
// join no "\r" to a "\n", which would merge two line breaks into one and
// move the lines that the positions of the changes after it were read
// in: no edit puts a "\r" next to one that touches it, and none puts a
// "\r" before a "\n" at either of its ends without inserting "\r\n"
// itself. It allocates nothing: a formatting has thousands of edits.
// (Whether the edits overlap is session.Change's to tell, from their
// offsets.)
func separate(f *syntax.File, edits []syntax.Edit) bool {
	n := f.Len()
	at := func(p syntax.Pos) byte {
		if p < 0 || p >= n {
			return 0
		}
		return f.Slice(syntax.Span{Start: p, End: p + 1})[0]
	}
	crlf := func(a, b byte) bool { return a == '\r' && b == '\n' }
	for i, e := range edits {
		if i > 0 && e.Start == edits[i-1].End && (strings.IndexByte(e.New, '\r') >= 0 || strings.IndexByte(edits[i-1].New, '\r') >= 0) {
			return false
		}
		before, after := at(e.Start-1), at(e.End)
		first, last := after, before // of what the edit leaves between them
		if e.New != "" {
			first, last = e.New[0], e.New[len(e.New)-1]
		}
		if (crlf(before, first) || crlf(last, after)) && !strings.Contains(e.New, "\r\n") {
			return false
		}
	}
	return true
}

func (s *server) didClose(_ context.Context, params json.RawMessage) error {
	var p protocol.DidCloseTextDocumentParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return err
	}
	uri := p.TextDocument.URI
	if s.docs.DidClose(string(uri)) == nil {
		s.logger.Debug("didClose of a document that is not open", zap.String("uri", string(uri)))
	}
	s.logger.Debug("didClose", zap.String("uri", string(uri)))
	s.diags.cleared(uri)
	return nil
}

// fileName returns the path part of a document URI, for dialect detection
// by extension and for messages. It accepts any scheme ("untitled:x.pgn"
// included) and never fails.
func fileName(uri protocol.DocumentURI) string {
	u, err := url.Parse(string(uri))
	if err != nil {
		return string(uri)
	}
	switch {
	case u.Path != "":
		return u.Path
	case u.Opaque != "":
		if p, err := url.PathUnescape(u.Opaque); err == nil {
			return p
		}
		return u.Opaque
	}
	return string(uri)
}
