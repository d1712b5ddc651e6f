// Package duplicates finds repeated games: a game whose main line, from
// the same start position, is an earlier game's (duplicate-game), or
// whose main line begins an earlier game's, or is begun by it, with at
// least NearPlies half-moves in common, between the same players
// (near-duplicate-game: a truncated copy, or the game it was cut from).
//
// It keeps a Fingerprint per game, a few hashes, and never the games, so
// that it runs over a stream of any length (pgnls check --duplicates)
// and over a big document after each edit, where only the games an edit
// changed are fingerprinted again. Moves are compared as the legal moves
// they are, whatever their spelling ("0-0" and "O-O", "Ngf3" and "Nf3"),
// from the first move that cannot be played on as written.
//
// An Index holds the fingerprints in memory; a Finder is an Index within
// a memory budget, which spills them to sorted runs on disk (package
// spill) when they outgrow it and finds the same games, those of the
// games added after the spill at the end. A PrintWriter writes them to a
// file, so that processes checking parts of an archive find the games
// repeated across the parts afterwards.
//
// # Collisions
//
// Games are compared by hashes, never by their text, and a collision
// must not make two different games duplicates. Two main lines are the
// same when two hashes of them agree: Fingerprint.Moves and
// Fingerprint.Check, 64 bits each, computed by unrelated functions over
// the same moves (the start position by its two chess.Key hashes, a
// text by two byte hashes). Among n games the odds that two different
// main lines agree in both are about n²/2^129: 10^-23 for the 100
// million games of a month of lichess, against 3·10^-4 for one 64-bit
// hash. That is the confirmation, rather than reading both games again
// and comparing their moves: reading again costs a seek, a parse and a
// replay per repeated game, in databases where repeats are common, and
// standard input or an archive cannot be read again at all, while the
// second hash costs 8 bytes per game and a multiplication per move. A
// near-duplicate is confirmed by the hash of one game's first n moves
// against the other's whole main line, among the at most maxCandidates
// games sharing its first NearPlies half-moves (Prefix) and its
// players, so at most 32n comparisons in all, each wrong with odds
// 2^-64: about 10^-10 for 10^8 games. The functions are not
// cryptographic: a file crafted to collide could fool them.
package duplicates

import (
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/syntax"
)

// The codes of repeated games.
const (
	CodeDuplicate = analysis.Code("duplicate-game")
	CodeNear      = analysis.Code("near-duplicate-game")
)

// Codes documents the codes for the catalogue. They are reported across
// games, so no per-game analyzer reports them: the language server and
// pgnls check run an Index over the games of a file (or, with
// --duplicates, of every file given).
var Codes = []analysis.CodeInfo{
	{Code: CodeDuplicate, Severity: analysis.Info, Doc: "The game repeats an earlier game of the file: the same main line from the same start position, moves compared as the legal moves they are, whatever their spelling. Games shorter than 20 half-moves count as repeated only between the same White and Black (both known), since short games (a quick draw, a known trap) recur between other players. The message names the earlier game and the tags whose values differ; the related information points at it. pgnls check --duplicates looks across all the files given."},
	{Code: CodeNear, Severity: analysis.Info, Doc: "The game's main line begins an earlier game's main line, or is begun by it, from the same start position, the shorter one has at least 40 half-moves, and the players are the same: one is likely a truncated copy of the other. (Shorter common lines are the openings games share; two games of other players that share 40 half-moves or more of theory, one ending where the other goes on, are not copies.) The players are the same when each of White and Black is the same name in both games, spacing, commas, case and initials for the given names aside (Le,Quang Liem and Le Quang Liem; Carlsen,M and Carlsen, Magnus), or unknown (?, empty or missing) in either. A truncated copy that follows its longer game in pgnls check is found when the file can be read again (not on standard input)."},
}

// NearPlies is the fewest half-moves the shorter of two near-duplicates
// has; ShortPlies the number under which a duplicate needs the same
// players too.
const (
	NearPlies  = 40
	ShortPlies = 20
)

// tagNames are the tags a Fingerprint keeps apart; the others are kept
// together.
var tagNames = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Fingerprint is what duplicate detection keeps of a game.
type Fingerprint struct {
	Moves uint64 // the start position and the main line (and the players, under ShortPlies)
	// Check hashes what Moves hashes with another function: games are
	// the same main line when both agree (see the package doc).
	Check  uint64
	Prefix uint64 // the start position and the first NearPlies half-moves; 0 when there are fewer
	Plies  int32  // the half-moves of the main line
	// Players are the names of White and Black, which a near-duplicate
	// shares (see SamePlayers).
	Players [2]players.Print
	// Tags hashes the values of the Seven Tag Roster (in tagNames
	// order) and, last, the other tags together.
	Tags [len(tagNames) + 1]uint32
	// Mark is where a diagnostic on the game goes (Span, game-relative),
	// so that a document's repeated games are reported without their
	// syntax trees.
	Mark syntax.Span
}

// hasher hashes a line of moves incrementally.
type hasher uint64

func (h *hasher) mix(v uint64) {
	x := uint64(*h) ^ v
	x *= 0x9E3779B97F4A7C15
	x ^= x >> 31
	*h = hasher(x)
}

// text hashes a text: a move that could not be played, a tag value.
func (h *hasher) text(s string) {
	v := uint64(14695981039346656037) // FNV-1a
	for i := range len(s) {
		v ^= uint64(s[i])
		v *= 1099511628211
	}
	h.mix(v | 1<<63)
}

// checker hashes a line as hasher does, element by element, with other
// constants and another mixing (murmur3's finalizer), and texts with
// another function too: the second hash of Fingerprint.Check.
type checker uint64

func (c *checker) mix(v uint64) {
	x := (uint64(*c) ^ v) * 0xFF51AFD7ED558CCD
	x ^= x >> 33
	x *= 0xC4CEB9FE1A85EC53
	x ^= x >> 29
	*c = checker(x)
}

func (c *checker) text(s string) {
	v := uint64(0x243F6A8885A308D3)
	for i := range len(s) {
		v = (v<<5 | v>>59) ^ uint64(s[i])
		v *= 0x9FB21C651E98DF25
	}
	c.mix(v ^ uint64(len(s))<<56 | 1<<63)
}

// mainLine returns the main line of g, a game of dialect d: for PGN as
// replayed by package legality (from p when not nil, which holds the
// legality analyzer's replay), else as written.
func mainLine(g *syntax.Game, d syntax.Dialect, p *analysis.Pass) legality.MainLine {
	switch {
	case d != syntax.PGN:
		return legality.MainLine{}
	case p != nil:
		return legality.MainLineOf(p)
	}
	return legality.MainLineFrom(g)
}

// line calls visit with the hash of the first n half-moves of the main
// line ml of g, a game of dialect d, for n = 1, 2, ..., until visit
// returns false, and returns the check hash of the half-moves visited
// (see Fingerprint.Check). The hash starts with the dialect, the variant
// and the start position; a move that was played counts as the move it
// is, the others as their text.
func line(g *syntax.Game, d syntax.Dialect, ml *legality.MainLine, visit func(n int, h uint64) bool) uint64 {
	h := hasher(d + 1)
	c := checker(d + 1)
	if d == syntax.PGN {
		s := ml.Start
		switch {
		case !s.Known:
			v, _ := g.TagValue("Variant")
			h.text(v)
			c.text(v)
			if s.FEN != nil {
				h.text(s.FEN.Value)
				c.text(s.FEN.Value)
			}
		case !s.OK:
			h.text(s.FEN.Value)
			c.text(s.FEN.Value)
		default:
			h.mix(uint64(s.Variant))
			c.mix(uint64(s.Variant))
			k := s.Pos.Key()
			h.mix(k.Hash())
			c.mix(k.Hash2())
		}
	}
	n := 0
	for _, e := range g.Moves {
		m, ok := e.(*syntax.Move)
		if !ok {
			continue
		}
		if n < len(ml.Moves) {
			v := uint64(ml.Moves[n]) | 1<<32
			h.mix(v)
			c.mix(v)
		} else {
			h.text(m.Text)
			c.text(m.Text)
		}
		if n++; !visit(n, uint64(h)) {
			break
		}
	}
	return uint64(c)
}

// Of returns the fingerprint of g, a game of dialect d; ok is false for
// a game without moves, which repeats nothing, and for a game shorter
// than ShortPlies whose White or Black is unknown ("?"), which cannot be
// told from a game of other players.
func Of(g *syntax.Game, d syntax.Dialect) (Fingerprint, bool) {
	ml := mainLine(g, d, nil)
	return of(g, d, &ml)
}

// Fingerprinter is the analyzer that works out the fingerprint of each
// game (FingerprintResult), reading the main line the legality analyzer
// replayed: what the drivers that find repeated games (the streaming
// check, the language server's engine) ask for besides the analyzers
// that report. It reports nothing.
var Fingerprinter = &analysis.Analyzer{
	Name:     "fingerprint",
	Doc:      "Fingerprint works out the fingerprint of a game, by which repeated games are found.",
	Requires: []*analysis.Analyzer{legality.Analyzer}, // for PGN games, the main line it replayed
	Run: func(p *analysis.Pass) {
		ml := mainLine(p.Game, p.Dialect, p)
		fp, ok := of(p.Game, p.Dialect, &ml)
		FingerprintResult.Set(p, Print{fp, ok})
	},
}

// Print is the result of the Fingerprinter on a game: its fingerprint
// and whether it has one (see Of).
type Print struct {
	Fingerprint
	OK bool
}

// FingerprintResult is the fingerprint of each game the Fingerprinter
// ran on.
var FingerprintResult = analysis.NewResult[Print]("duplicates.Fingerprint")

func of(g *syntax.Game, d syntax.Dialect, ml *legality.MainLine) (fp Fingerprint, ok bool) {
	fp.Check = line(g, d, ml, func(n int, h uint64) bool {
		fp.Moves, fp.Plies = h, int32(n)
		if n == NearPlies {
			fp.Prefix = h
		}
		return true
	})
	if fp.Plies == 0 {
		return Fingerprint{}, false
	}
	for i, name := range [...]string{"White", "Black"} {
		v, _ := g.TagValue(name)
		fp.Players[i] = players.PrintOf(v)
	}
	if fp.Plies < ShortPlies {
		h, c := hasher(fp.Moves), checker(fp.Check)
		for _, name := range []string{"White", "Black"} {
			v, _ := g.TagValue(name)
			if players.Unknown(v) {
				return Fingerprint{}, false // unknown players are not the same players
			}
			k := players.Key(v)
			h.text(k)
			c.text(k)
		}
		fp.Moves, fp.Check = uint64(h), uint64(c)
	}
	// The tags past the roster, in any order: the sum of their hashes.
	var others uint64
	for _, t := range g.Tags {
		h := hasher(0)
		h.text(t.Value)
		if i := slices.Index(tagNames[:], t.Name); i >= 0 {
			fp.Tags[i] = uint32(h) | 1 // never 0: a missing tag differs from an empty one
		} else {
			h.text(t.Name)
			others += uint64(h)
		}
	}
	fp.Tags[len(tagNames)] = uint32(others>>32 ^ others)
	fp.Mark = Span(g)
	return fp, true
}

// SamePlayers reports whether the games of two fingerprints may be
// copies of one game as far as their players tell: White in one is
// White in the other and Black is Black, by players.Same, or unknown in
// either (players.Unknown).
func SamePlayers(a, b Fingerprint) bool {
	for i, p := range a.Players {
		q := b.Players[i]
		if p.Known() && q.Known() && !p.Same(q) {
			return false
		}
	}
	return true
}

// Line returns the hashes of the first n half-moves of g's main line for
// n = NearPlies, NearPlies+1, ..., up to its whole length, as Of hashes a
// main line of that length: what confirms that one game begins another.
// It is empty for a shorter main line.
func Line(g *syntax.Game, d syntax.Dialect) []uint64 {
	var out []uint64
	ml := mainLine(g, d, nil)
	line(g, d, &ml, func(n int, h uint64) bool {
		if n >= NearPlies {
			out = append(out, h)
		}
		return true
	})
	return out
}

// Span returns where a diagnostic on g goes: its first tag, else its
// first move, else its start.
func Span(g *syntax.Game) syntax.Span {
	if len(g.Tags) > 0 {
		return g.Tags[0].Sp
	}
	for _, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			return m.Sp
		}
	}
	return syntax.Span{}
}

// Enabled reports whether either code is reported in games of dialect d
// under cfg, so that a caller can skip the fingerprints otherwise.
func Enabled(cfg *analysis.Config, d syntax.Dialect) bool {
	if cfg != nil && cfg.CTLReader == analysis.MinimalReader && d == syntax.CTLPGN {
		return false // the minimal reader reads the moves only
	}
	return cfg.Enabled(nil, CodeDuplicate, analysis.Info) || cfg.Enabled(nil, CodeNear, analysis.Info)
}

// Same reports whether games a and b, of dialects da and db, are the
// same main line from the same start position as Of fingerprints them
// (and, under ShortPlies half-moves, between the same players), compared
// move by move rather than by their hashes: what confirms that two games
// whose fingerprints agree are duplicates, when both are at hand.
func Same(a *syntax.Game, da syntax.Dialect, b *syntax.Game, db syntax.Dialect) bool {
	if da != db {
		return false
	}
	ma, mb := mainLine(a, da, nil), mainLine(b, db, nil)
	if da == syntax.PGN && !sameStart(a, &ma.Start, b, &mb.Start) {
		return false
	}
	type elem struct {
		move uint64 // a move played, | 1<<32; 0 for one written
		text string
	}
	elems := func(g *syntax.Game, ml *legality.MainLine) []elem {
		var out []elem
		for _, e := range g.Moves {
			if m, ok := e.(*syntax.Move); ok {
				if n := len(out); n < len(ml.Moves) {
					out = append(out, elem{move: uint64(ml.Moves[n]) | 1<<32})
				} else {
					out = append(out, elem{text: m.Text})
				}
			}
		}
		return out
	}
	la, lb := elems(a, &ma), elems(b, &mb)
	if !slices.Equal(la, lb) {
		return false
	}
	if len(la) < ShortPlies {
		for _, name := range []string{"White", "Black"} {
			va, _ := a.TagValue(name)
			vb, _ := b.TagValue(name)
			if players.Unknown(va) || players.Key(va) != players.Key(vb) {
				return false
			}
		}
	}
	return true
}

// sameStart reports whether the start positions sa of a and sb of b,
// PGN games, are hashed alike by line: the same variant and position
// (placement, side to move, castling and en passant), or the same texts
// of the Variant and FEN tags when those cannot be played.
func sameStart(a *syntax.Game, sa *legality.Start, b *syntax.Game, sb *legality.Start) bool {
	fen := func(s *legality.Start) (string, bool) {
		if s.FEN == nil {
			return "", false
		}
		return s.FEN.Value, true
	}
	fa, hasA := fen(sa)
	fb, hasB := fen(sb)
	switch {
	case sa.Known != sb.Known || sa.Known && sa.OK != sb.OK:
		return false
	case !sa.Known:
		va, _ := a.TagValue("Variant")
		vb, _ := b.TagValue("Variant")
		return va == vb && hasA == hasB && fa == fb
	case !sa.OK:
		return fa == fb
	}
	pa, pb := strings.Fields(sa.Pos.FEN()), strings.Fields(sb.Pos.FEN())
	return sa.Variant == sb.Variant && len(pa) >= 4 && len(pb) >= 4 && slices.Equal(pa[:4], pb[:4])
}
