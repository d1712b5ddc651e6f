package players

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/diff"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// CodeVariant is the code of a player's name spelt another way than the
// canonical spelling of its player in the collection (Names).
const CodeVariant = analysis.Code("player-name-variant")

// Source is the source of the diagnostics of the package.
const Source = "players"

// Codes documents the code for the catalogue. It is reported across
// games: pgnls check counts the names of every file given, the language
// server those of the workspace's files (Counts).
var Codes = []analysis.CodeInfo{
	{Code: CodeVariant, Severity: analysis.Hint, Doc: "A White or Black name is another spelling of a player's name that the file (pgnls check: the files given; the editor: the files of the workspace) spells otherwise more often: spacing, commas, periods, letter case or blanks around it (Le,Quang Liem and Le, Quang Liem; Morphy, Paul with a trailing blank), or initials, or no given name, for the one full name they may stand for in the file (Carlsen,M and Carlsen, Magnus; not Polgar, S when both Polgar, Susan and Polgar, Sofia are there). Names that differ otherwise (Polgar, Judit and Polgar, Susan) are never joined. The canonical spelling is the most frequent spelling of the fullest name, blanks trimmed, unless a names file (.pgnls-names, or pgnls fix --names-file) gives it: lines 'canonical = variant; variant'. The message lists the spellings with their counts; the fix (and pgnls fix --names) writes the canonical spelling."},
}

// Message returns the message of a diagnostic on the variant name,
// whose canonical spelling is canon.
func (n *Names) Message(name, canon string) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(name) + " is another spelling of " + strconv.Quote(canon) + ": ")
	for i, s := range n.Spellings(canon) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(s) + " " + strconv.Itoa(n.count[s]))
	}
	return b.String()
}

// AddGame adds the names of White and Black of g.
func (n *Names) AddGame(g *syntax.Game) {
	for _, t := range g.Tags {
		if t.Name == "White" || t.Name == "Black" {
			n.Add(t.Value)
		}
	}
}

// nameTag is a White or Black tag of a game, with what its diagnostic
// and fix need: they are made from it without the game's tree.
type nameTag struct {
	value   string
	span    syntax.Span // of the value (game- or chunk-relative); zero: none
	fixable bool        // the value has its closing quote: the fix may rewrite it
	latin1  bool        // the game's text is not UTF-8: the fix writes Latin-1
}

func tagOf(g *syntax.Game, t *syntax.Tag) nameTag {
	raw := g.Slice(t.ValueSpan)
	return nameTag{
		value:   t.Value,
		span:    t.ValueSpan,
		fixable: len(raw) >= 2 && t.Closed && raw[len(raw)-1] == '"',
		latin1:  !utf8.ValidString(g.Text),
	}
}

// nameTags returns the White and Black tags of g, in order.
func nameTags(g *syntax.Game) []nameTag {
	var out []nameTag
	for _, t := range g.Tags {
		if t.Name == "White" || t.Name == "Black" {
			out = append(out, tagOf(g, t))
		}
	}
	return out
}

// fix returns the fix that writes canon as the value of the tag, or none
// when the value has no closing quote or canon cannot be written in the
// game's encoding.
func (nt nameTag) fix(canon string) []analysis.Fix {
	if !nt.fixable {
		return nil
	}
	v, ok := tags.QuotedIn(nt.latin1, canon)
	if !ok {
		return nil
	}
	return []analysis.Fix{{Title: "Write " + canon, Edits: []analysis.Edit{{Span: nt.span, New: v}}}}
}

// variantDiagnostics returns the diagnostics of the tags whose values
// are variants, of severity sev: variant returns the canonical spelling
// of a name and the message of its diagnostic, or false when the name is
// no variant.
func variantDiagnostics(tags []nameTag, sev analysis.Severity, variant func(name string) (canon, message string, ok bool)) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, t := range tags {
		if t.span == (syntax.Span{}) {
			continue
		}
		canon, message, ok := variant(t.value)
		if !ok {
			continue
		}
		out = append(out, analysis.Diagnostic{
			Span: t.span, Severity: sev, Code: CodeVariant, Source: Source,
			Message: message, Fixes: t.fix(canon),
		})
	}
	return out
}

// Spellings is the variant spellings of a collection, each with its
// canonical spelling and the message of its diagnostic, as
// Tally.Variants tells them: what pgnls fix --names writes. Its memory
// grows with the variants, not with the players. The zero Spellings is
// empty and ready.
type Spellings struct {
	by map[string][2]string // variant → canonical spelling, message
}

// Add records that name is a variant of canon, with the message of its
// diagnostic.
func (s *Spellings) Add(name, canon, message string) {
	if s.by == nil {
		s.by = map[string][2]string{}
	}
	s.by[name] = [2]string{canon, message}
}

// Len returns the number of variants recorded.
func (s *Spellings) Len() int { return len(s.by) }

// GameDiagnostics returns the diagnostics (game-relative) of the White
// and Black tags of g whose values are variants, under cfg (nil: the
// default), with their fixes.
func (s *Spellings) GameDiagnostics(g *syntax.Game, cfg *analysis.Config) []analysis.Diagnostic {
	sev, ok := cfg.Resolve(nil, CodeVariant, analysis.Hint)
	if !ok || len(s.by) == 0 {
		return nil
	}
	return variantDiagnostics(nameTags(g), sev, func(name string) (string, string, bool) {
		v, ok := s.by[name]
		return v[0], v[1], ok
	})
}

// Cache keeps what FileVariants makes of each chunk of games of a
// document from one version to the next, so that an edit reads only the
// chunks it made anew (syntax.Reparse shares the others by pointer): the
// names of their players and, while no variant's message changes, their
// diagnostics. Without it every keystroke parsed the whole document
// again (a compact file keeps few trees). The zero Cache is ready; it is
// safe for concurrent use.
type Cache struct {
	mu     sync.Mutex
	chunks map[*syntax.Chunk]*chunkNames
	cfg    *analysis.Config  // the configuration of the diagnostics kept
	sig    map[string]string // variant -> its message, of the diagnostics kept
	// The names counted last, and what they were counted from: the
	// chunks in order, the names file and the other files' counts (at
	// generation others). An edit whose chunks spell the same names in
	// the same order (typing in the moves) keeps them.
	names   *Names
	order   []*syntax.Chunk
	name    string // the file's name: its own counts are not the others'
	file    *Names
	counts  *Counts
	others  uint64
	counted int // how many times the names were counted anew (for tests)
}

// chunkNames is the players' names of a chunk's games, and its
// diagnostics (chunk-relative) when made.
type chunkNames struct {
	games []gameNames
	diags []analysis.Diagnostic
	made  bool
}

// gameNames is the White and Black tags of a game of a chunk, their
// spans chunk-relative.
type gameNames struct {
	tags []nameTag
}

// namesOf reads the names of the games of the chunk ref places.
func namesOf(ref syntax.ChunkRef) *chunkNames {
	c := &chunkNames{}
	for _, r := range ref.Games() {
		tags := nameTags(r.Game)
		for i := range tags {
			if tags[i].span != (syntax.Span{}) {
				tags[i].span = tags[i].span.Shift(r.Start - ref.Start)
			}
		}
		if len(tags) > 0 {
			c.games = append(c.games, gameNames{tags})
		}
	}
	return c
}

// Variants is the diagnostics of the variant names of a document, kept by
// chunk of games (chunk-relative), so that a version of the document
// made by an edit places those of the chunks it shares without reading
// them: a publication that keeps a few of a big document's thousands
// costs what it keeps (Count, Append). The zero Variants has none. It is
// immutable.
type Variants struct {
	by  map[*syntax.Chunk][]analysis.Diagnostic
	sev analysis.Severity
}

// Count returns how many diagnostics v has in the chunks refs, by
// severity.
func (v Variants) Count(refs []syntax.ChunkRef) (n [analysis.Hint + 1]int) {
	if len(v.by) == 0 {
		return n
	}
	for _, ref := range refs {
		n[min(v.sev, analysis.Hint)] += len(v.by[ref.Chunk])
	}
	return n
}

// Append appends to out the diagnostics of v in the chunks refs, placed
// (file-absolute) and in file order: those more severe than level, and
// the first quota of level (level past Hint: all).
func (v Variants) Append(out []analysis.Diagnostic, refs []syntax.ChunkRef, level analysis.Severity, quota int) []analysis.Diagnostic {
	s := min(v.sev, analysis.Hint)
	if len(v.by) == 0 || s > level {
		return out
	}
	for _, ref := range refs {
		for _, d := range v.by[ref.Chunk] {
			if s == level {
				if quota == 0 {
					return out
				}
				quota--
			}
			out = append(out, d.Shift(ref.Start))
		}
	}
	return out
}

// FileVariants returns the diagnostics of the variant names of f under
// cfg, its names counted with the names file of file (a names file read,
// or nil) and the counts of the other files of the collection file was
// given (SetCounts), but those of the file f.Name itself there (its text
// on disk, which f replaces). cache, when not nil, keeps what it read of
// f for the next versions of the same document.
func FileVariants(f *syntax.File, cfg *analysis.Config, file *Names, cache *Cache) Variants {
	sev, ok := cfg.Resolve(nil, CodeVariant, analysis.Hint)
	if !ok {
		return Variants{}
	}
	if cache == nil {
		cache = &Cache{}
	}
	cache.mu.Lock()
	defer cache.mu.Unlock()
	refs := f.Chunks()
	chunks := make(map[*syntax.Chunk]*chunkNames, len(refs))
	order := make([]*syntax.Chunk, len(refs))
	for i, ref := range refs {
		c := cache.chunks[ref.Chunk]
		if c == nil {
			c = namesOf(ref)
		}
		chunks[ref.Chunk] = c
		order[i] = ref.Chunk
	}
	var counts *Counts
	var others uint64
	if file != nil && file.others != nil {
		counts, others = file.others, file.others.generation()
	}
	n := cache.names
	recount := n == nil || cache.name != f.Name || cache.file != file || cache.counts != counts || cache.others != others || !sameNames(cache.order, order, cache.chunks, chunks)
	if recount {
		n = &Names{}
		if file != nil {
			n.file = file.file
		}
		for _, ch := range order {
			for _, g := range chunks[ch].games {
				for _, t := range g.tags {
					n.Add(t.value)
				}
			}
		}
		if counts != nil {
			counts.addOthers(n, f.Name)
		}
		cache.counted++
	}
	cache.chunks, cache.order, cache.names = chunks, order, n
	cache.name, cache.file, cache.counts, cache.others = f.Name, file, counts, others
	// One message per variant, shared by its diagnostics: a variant
	// of a big database recurs in thousands of games, and its message
	// lists every spelling of the name (an open document of 21 MB held
	// 10 MB of copies of them). The messages are also what the kept
	// diagnostics depend on besides their games.
	sig := cache.sig
	if recount || sig == nil {
		sig = make(map[string]string)
		for _, s := range n.Order() {
			if canon, ok := n.Canonical(s); ok {
				sig[s] = n.Message(s, canon)
			}
		}
	}
	if cfg != cache.cfg || !maps.Equal(sig, cache.sig) {
		for _, c := range chunks {
			c.diags, c.made = nil, false
		}
		cache.cfg, cache.sig = cfg, sig
	}
	variant := func(name string) (string, string, bool) {
		m, ok := sig[name]
		if !ok {
			return "", "", false
		}
		canon, _ := n.Canonical(name)
		return canon, m, true
	}
	v := Variants{sev: sev}
	for _, ref := range refs {
		c := chunks[ref.Chunk]
		if !c.made {
			// A new slice: the Variants handed out before keep theirs.
			c.diags = nil
			for _, g := range c.games {
				c.diags = append(c.diags, variantDiagnostics(g.tags, sev, variant)...)
			}
			c.made = true
		}
		if len(c.diags) > 0 {
			if v.by == nil {
				v.by = make(map[*syntax.Chunk][]analysis.Diagnostic)
			}
			v.by[ref.Chunk] = c.diags
		}
	}
	return v
}

// sameNames reports whether the chunks of order, read in oldNames, and
// those of next, read in names, spell the same White and Black names in
// the same order: the chunks the two share at the start and at the end
// are the same chunks, and those between spell the same names.
func sameNames(order, next []*syntax.Chunk, oldNames, names map[*syntax.Chunk]*chunkNames) bool {
	p, q := diff.CommonEnds(order, next)
	a, ok := spelt(order[p:len(order)-q], oldNames)
	if !ok {
		return false
	}
	b, ok := spelt(next[p:len(next)-q], names)
	return ok && slices.Equal(a, b)
}

// spelt returns the names of the games of chunks, in order, and false
// when names lacks one of the chunks.
func spelt(chunks []*syntax.Chunk, names map[*syntax.Chunk]*chunkNames) ([]string, bool) {
	var out []string
	for _, ch := range chunks {
		c := names[ch]
		if c == nil {
			return nil, false
		}
		for _, g := range c.games {
			for _, t := range g.tags {
				out = append(out, t.value)
			}
		}
	}
	return out, true
}
