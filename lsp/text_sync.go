package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

func (s *server) didOpen(_ context.Context, params json.RawMessage) error {
	// The text is about as big as params: let the memory limit allow for
	// it before decoding (a big file's message, its params and its text
	// are all in memory for a while).
	s.store.expect(int64(len(params)))
	item, err := wire.DecodeDidOpen(params)
	if err != nil {
		s.store.expect(0)
		return err
	}
	name := fileName(item.URI)
	if s.store.get(item.URI) != nil {
		s.logger.Debug("didOpen of an open document; replacing it", zap.String("uri", string(item.URI)))
	}
	doc := &document{URI: string(item.URI), Version: item.Version, File: parseDocument(name, item.Text, s.dialectFor(name, item.Text))}
	s.logger.Debug("didOpen", zap.String("uri", doc.URI), zap.Int32("version", doc.Version),
		zap.Stringer("dialect", doc.File.Dialect), zap.Int("bytes", len(item.Text)))
	s.store.expect(0)
	s.store.set(doc)
	s.diags.setLost(protocol.DocumentURI(doc.URI), lostCharacters(protocol.DocumentURI(doc.URI), item.Text))
	s.diags.changed(doc, nil, syntax.Kept{})
	return nil
}

func (s *server) didChange(_ context.Context, params json.RawMessage) error {
	p, err := wire.DecodeDidChange(params)
	if err != nil {
		return err
	}
	uri, version := p.TextDocument.URI, p.TextDocument.Version
	log := s.logger.With(zap.String("uri", string(uri)), zap.Int32("version", version))
	old := s.store.get(uri)
	if old == nil {
		log.Warn("didChange of a document that is not open; ignored")
		return nil
	}
	if version <= old.Version {
		log.Debug("didChange does not increase the version", zap.Int32("previous", old.Version))
	}
	f, edits, kept, clamped, err := applyChanges(old.File, p.ContentChanges)
	if err != nil {
		// Nothing of this notification is applied, so the document stays
		// a consistent earlier version; the user can resync by reopening.
		log.Warn("didChange rejected; document left at its previous version", zap.Int32("previous", old.Version), zap.Error(err))
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
	if old.File.FirstReplacement() < 0 && f.FirstReplacement() >= 0 {
		// The text gained U+FFFD, as when the editor reopens a Latin-1
		// file as UTF-8: is the file on disk such a file?
		s.diags.setLost(uri, lostCharacters(uri, "\uFFFD"))
	}
	doc := &document{URI: string(uri), Version: version, File: f}
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
func applyChanges(f *syntax.File, changes []wire.ContentChange) (_ *syntax.File, edits []syntax.Edit, kept syntax.Kept, clamped int, err error) {
	if len(changes) > 1 {
		if batch, ok := inOriginal(f, changes); ok {
			f, edits, kept := applyBatch(f, batch)
			return f, edits, kept, 0, nil
		}
	}
	orig := f
	edits = make([]syntax.Edit, 0, len(changes))
	kept = syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}
	for i, c := range changes {
		var e syntax.Edit
		if c.Range == nil {
			e = fullEdit(f.Text(), c.Text)
		} else {
			if c.Range.End.Before(c.Range.Start) {
				return orig, nil, syntax.Kept{}, clamped, fmt.Errorf("change %d: range end %v precedes its start %v", i, c.Range.End, c.Range.Start)
			}
			m := mapper{f}
			start, ok1 := m.offset(c.Range.Start.Protocol())
			end, ok2 := m.offset(c.Range.End.Protocol())
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

// batchGap is how far apart two edits of a batch may be and still be
// reparsed as one: less than a chunk of games (see applyBatch).
const batchGap = 64 << 10

// wholeParseSpan is how much text a batch must span, from its first
// edit to its last, at least and at least a quarter of the document, for
// applyBatch to parse the edited text whole instead of group by group.
var wholeParseSpan = 1 << 20

// applyBatch applies edits (in the coordinates of f, ascending, not
// overlapping): those less than batchGap apart as one edit, each such
// group reparsed once, from the last to the first so that each group's
// offsets hold. The thousands of edits of a formatting thus cost about
// one parse of what they span, not a reparse each. When the batch spans
// much of a big document (a whole-file formatting), the edited text is
// built once and parsed as an open parses it, on every core and keeping
// the trees of a few games only, and no game counts as kept.
func applyBatch(f *syntax.File, batch []syntax.Edit) (*syntax.File, []syntax.Edit, syntax.Kept) {
	spanned := 0
	for _, e := range batch {
		spanned += int(e.End-e.Start) + len(e.New)
	}
	if n := batch[len(batch)-1].End - batch[0].Start; int(n) >= wholeParseSpan && int(n) >= int(f.Len())/4 {
		var b strings.Builder
		b.Grow(int(f.Len()) + spanned)
		at := syntax.Pos(0)
		for _, e := range batch {
			b.WriteString(f.Slice(syntax.Span{Start: at, End: e.Start}))
			b.WriteString(e.New)
			at = e.End
		}
		b.WriteString(f.Slice(syntax.Span{Start: at, End: f.Len()}))
		slices.Reverse(batch) // each in the text the ones after it left
		return parseDocument(f.Name, b.String(), f.Dialect), batch, syntax.Kept{}
	}
	var groups []syntax.Edit
	for i := 0; i < len(batch); {
		j := i + 1
		for j < len(batch) && batch[j].Start-batch[j-1].End < batchGap {
			j++
		}
		g := syntax.Edit{Start: batch[i].Start, End: batch[j-1].End}
		if j == i+1 {
			g.New = batch[i].New
		} else {
			var b strings.Builder
			for k := i; k < j; k++ {
				if k > i {
					b.WriteString(f.Slice(syntax.Span{Start: batch[k-1].End, End: batch[k].Start}))
				}
				b.WriteString(batch[k].New)
			}
			g.New = b.String()
		}
		groups = append(groups, g)
		i = j
	}
	edits := make([]syntax.Edit, 0, len(groups))
	kept := syntax.Kept{Prefix: f.NumGames(), Suffix: f.NumGames()}
	for i := len(groups) - 1; i >= 0; i-- {
		var k syntax.Kept
		f, k = syntax.Reparse(f, groups[i])
		kept = kept.Then(k)
		edits = append(edits, groups[i])
	}
	return f, edits, kept
}

// inOriginal returns the edits that changes make, in the coordinates of
// f, ascending, when every change is ranged and lies entirely before the
// one before it (the order editors apply many edits in) or entirely
// after it: then its positions can be read in f. ok is false otherwise,
// and when a position had to be clamped or snapped: the changes are then
// applied one by one, as the text each was written for says.
func inOriginal(f *syntax.File, changes []wire.ContentChange) (edits []syntax.Edit, ok bool) {
	m := mapper{f}
	clamped := 0
	offset := func(p wire.Position) syntax.Pos {
		off, exact := m.offset(p.Protocol())
		if !exact {
			clamped++
		}
		return off
	}
	for _, c := range changes {
		if c.Range == nil || c.Range.End.Before(c.Range.Start) {
			return nil, false
		}
	}
	descending := true
	for i := 1; i < len(changes) && descending; i++ {
		descending = !changes[i-1].Range.Start.Before(changes[i].Range.End)
	}
	if descending {
		for i := len(changes) - 1; i >= 0; i-- {
			c := changes[i]
			edits = append(edits, syntax.Edit{Start: offset(c.Range.Start), End: offset(c.Range.End), New: c.Text})
		}
		return edits, clamped == 0 && separate(f, edits)
	}
	// Ascending: a change's positions are after those of the changes
	// before it, in the text they made; a line after the last change's
	// end is that line of f shifted by the lines the changes added, and a
	// position on that line is measured from its end.
	lineDelta := int64(0)
	var curEnd, origEnd wire.Position // of the previous change, in the text after it and in f
	for i, c := range changes {
		if i > 0 && c.Range.Start.Before(curEnd) {
			return nil, false
		}
		toOrig := func(p wire.Position) wire.Position {
			if i > 0 && p.Line == curEnd.Line {
				return wire.Position{Line: origEnd.Line, Character: origEnd.Character + p.Character - curEnd.Character}
			}
			return wire.Position{Line: p.Line - lineDelta, Character: p.Character}
		}
		start, end := toOrig(c.Range.Start), toOrig(c.Range.End)
		edits = append(edits, syntax.Edit{Start: offset(start), End: offset(end), New: c.Text})
		lines, last := lineBreaks(c.Text)
		lineDelta += lines - (c.Range.End.Line - c.Range.Start.Line)
		curEnd = wire.Position{Line: c.Range.Start.Line + lines, Character: last}
		if lines == 0 {
			curEnd.Character += c.Range.Start.Character
		}
		origEnd = end
	}
	return edits, clamped == 0 && separate(f, edits)
}

// separate reports whether edits (in the coordinates of f) are ascending,
// do not overlap, and join no "\r" to a "\n" (which would merge two line
// breaks into one and move the lines that the positions of the changes
// after it were read in).
func separate(f *syntax.File, edits []syntax.Edit) bool {
	n := f.Len()
	at := func(p syntax.Pos) byte {
		if p < 0 || p >= n {
			return 0
		}
		return f.Slice(syntax.Span{Start: p, End: p + 1})[0]
	}
	for i, e := range edits {
		if i > 0 && (e.Start < edits[i-1].End || e.Start == edits[i-1].End && strings.ContainsAny(e.New+edits[i-1].New, "\r")) {
			return false
		}
		joined := string(at(e.Start-1)) + e.New + string(at(e.End))
		if strings.Contains(joined, "\r\n") && !strings.Contains(e.New, "\r\n") || strings.Contains(joined[1:], "\r\n") && !strings.Contains(e.New, "\r\n") {
			return false
		}
	}
	return true
}

// lineBreaks counts the line breaks of s ("\n", "\r\n" or a lone "\r")
// and returns the UTF-16 length of its last line.
func lineBreaks(s string) (lines int64, last int64) {
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			fallthrough
		case '\n':
			lines++
			start = i + 1
		}
	}
	return lines, int64(utf16Len(s[start:], len(s)-start))
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
	if err := wire.Unmarshal(params, &p); err != nil {
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
		f := doc.File
		d := s.dialectFor(f.Name, head(f))
		if d == f.Dialect {
			continue
		}
		s.logger.Debug("dialect changed", zap.String("uri", doc.URI), zap.Int32("version", doc.Version), zap.Stringer("dialect", d))
		doc = &document{URI: string(protocol.DocumentURI(doc.URI)), Version: doc.Version, File: parseDocument(f.Name, f.Text(), d)}
		s.store.set(doc)
		s.diags.changed(doc, nil, syntax.Kept{})
		parsed[protocol.DocumentURI(doc.URI)] = true
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
