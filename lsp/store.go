package lsp

import (
	"net/url"
	"sort"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/syntax"
)

// document is one version of an open text document. It is immutable: an
// edit builds a new value, and whoever holds the old one (a debounced
// analysis, a request in progress) keeps a consistent snapshot.
type document struct {
	uri     protocol.DocumentURI
	version int32        // the client's version
	file    *syntax.File // text, dialect and games of this version
}

// heldTrees is how much text, in bytes, the open documents of one
// lineage keep the syntax trees of (the most recently used games'; see
// syntax.ParseCompact): trees take ten to twenty times their text, so a
// big document costs about its text plus this budget's trees, and a
// request on a game whose tree was dropped parses its chunk (about 256
// games) again, a few milliseconds.
var heldTrees = 2 << 20

// parseDocument parses the text of an open document.
func parseDocument(name, text string, d syntax.Dialect) *syntax.File {
	return syntax.ParseCompact(name, text, d, heldTrees)
}

// store maps URIs of open documents to their current version.
type store struct {
	mu   sync.Mutex
	docs map[protocol.DocumentURI]*document
}

func newStore() *store {
	return &store{docs: make(map[protocol.DocumentURI]*document)}
}

// get returns the current version of uri, or nil if it is not open.
func (s *store) get(uri protocol.DocumentURI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// set makes d the current version of its URI.
func (s *store) set(d *document) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[d.uri] = d
}

// remove forgets uri and returns the version it held, or nil.
func (s *store) remove(uri protocol.DocumentURI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	delete(s.docs, uri)
	return d
}

// all returns the current version of every open document, sorted by URI.
func (s *store) all() []*document {
	s.mu.Lock()
	docs := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		docs = append(docs, d)
	}
	s.mu.Unlock()
	sort.Slice(docs, func(i, j int) bool { return docs[i].uri < docs[j].uri })
	return docs
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
