package duplicates

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Ref identifies a game for the caller of an Index: an index into its
// own table of games.
type Ref = int

// Kind says how a game repeats an earlier one.
type Kind uint8

// The kinds of findings.
const (
	None      Kind = iota
	Duplicate      // the same main line
	Truncated      // its main line begins the other's
	Extended       // the other's main line begins its own
)

// Finding is what an Index found of a game.
type Finding struct {
	Kind              Kind
	Other             Ref // the earlier game
	Plies, OtherPlies int
	Differ            Tags // the tags whose values differ
}

// Tags is a set of tags: bit i for tagNames[i], the last bit for the
// tags past the roster.
type Tags uint16

// String lists the tags, "Event, Date, other tags", or "" for none.
func (t Tags) String() string {
	var b strings.Builder
	for i := range len(tagNames) + 1 {
		if t&(1<<i) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		if i < len(tagNames) {
			b.WriteString(tagNames[i])
		} else {
			b.WriteString("other tags")
		}
	}
	return b.String()
}

// maxCandidates bounds the earlier games sharing a game's first
// NearPlies half-moves that are compared with it in full, so that a
// file of many games of one deep line stays linear.
const maxCandidates = 32

// Index finds the games that repeat earlier ones, among games added in
// order. It holds a Fingerprint and a Ref per game.
type Index struct {
	// Line returns Line of the game ref, whose fingerprint is fp, or
	// false when the game cannot be read again. It is asked only to
	// confirm a near-duplicate (for the game being added too); a nil
	// Line confirms none.
	Line func(ref Ref, fp Fingerprint) ([]uint64, bool)
	// DuplicatesOnly makes Add find duplicates only, never
	// near-duplicates (and hold less per game).
	DuplicatesOnly bool

	games  []entry
	full   map[lineID]int32   // the main line -> the first game with it
	prefix map[uint64][]int32 // Fingerprint.Prefix -> the games with it and main lines unlike the others'
	counts [Extended + 1]int
}

type entry struct {
	fp  Fingerprint
	ref Ref
}

// lineID identifies a main line: both its hashes.
type lineID struct{ moves, check uint64 }

func (fp *Fingerprint) id() lineID { return lineID{fp.Moves, fp.Check} }

// Add records the game ref with fingerprint fp (see Of) and returns how
// it repeats a game added before it: the first with the same main line,
// else the latest of the same players (SamePlayers) with which it shares
// at least NearPlies half-moves and whose main line begins its own or is
// begun by it (of the last maxCandidates that share them).
func (x *Index) Add(ref Ref, fp Fingerprint) Finding {
	if x.full == nil {
		x.Grow(0)
	}
	i := int32(len(x.games))
	x.games = append(x.games, entry{fp, ref})
	if j, ok := x.full[fp.id()]; ok {
		return x.found(Duplicate, fp, x.games[j])
	}
	x.full[fp.id()] = i
	if fp.Plies < NearPlies || x.DuplicatesOnly {
		return Finding{}
	}
	cands := x.prefix[fp.Prefix]
	x.prefix[fp.Prefix] = append(cands, i)
	if x.Line == nil {
		return Finding{}
	}
	k, y, ok := near(fp, func() []uint64 { l, _ := x.Line(ref, fp); return l }, cands,
		func(c int32) Fingerprint { return x.games[c].fp },
		func(c int32) ([]uint64, bool) { return x.Line(x.games[c].ref, x.games[c].fp) })
	if !ok {
		return Finding{}
	}
	return x.found(k, fp, x.games[y])
}

// near returns how a game with fingerprint fp, the first with its main
// line, whose Line mine returns, repeats one of cands, the earlier games
// sharing its first NearPlies half-moves that are the first with their
// main lines, in order: the latest of the same players (SamePlayers)
// whose main line begins its own or is begun by it, of the last
// maxCandidates; print returns the fingerprint of a candidate and line
// its Line (false: it cannot be read again). Line is read only when a
// candidate's length and players ask for it.
func near[G any](fp Fingerprint, mine func() []uint64, cands []G, print func(G) Fingerprint, line func(G) ([]uint64, bool)) (Kind, G, bool) {
	var l []uint64
	read := false
	for k := len(cands) - 1; k >= 0 && k >= len(cands)-maxCandidates; k-- {
		y := print(cands[k])
		if y.Plies == fp.Plies || !SamePlayers(fp, y) {
			continue
		}
		if y.Plies < fp.Plies {
			if !read {
				l, read = mine(), true
			}
			if n := int(y.Plies) - NearPlies; n < len(l) && l[n] == y.Moves {
				return Extended, cands[k], true
			}
			continue
		}
		if theirs, ok := line(cands[k]); ok {
			if n := int(fp.Plies) - NearPlies; n < len(theirs) && theirs[n] == fp.Moves {
				return Truncated, cands[k], true
			}
		}
	}
	var none G
	return None, none, false
}

// Grow makes room for n more games, when the caller knows how many.
func (x *Index) Grow(n int) {
	if x.full == nil {
		x.full, x.prefix = make(map[lineID]int32, n), make(map[uint64][]int32, n/2)
	}
	x.games = slices.Grow(x.games, n)
}

func (x *Index) found(k Kind, fp Fingerprint, other entry) Finding {
	x.counts[k]++
	f := finding(k, fp, other.fp)
	f.Other = other.ref
	return f
}

// finding returns the finding of kind k of a game with fingerprint fp
// that repeats one with fingerprint other, without Other.
func finding(k Kind, fp, other Fingerprint) Finding {
	f := Finding{Kind: k, Plies: int(fp.Plies), OtherPlies: int(other.Plies)}
	for i, h := range fp.Tags {
		if h != other.Tags[i] {
			f.Differ |= 1 << i
		}
	}
	return f
}

// Counts returns how many games added were found duplicates, and how
// many near-duplicates.
func (x *Index) Counts() (duplicates, near int) {
	return x.counts[Duplicate], x.counts[Truncated] + x.counts[Extended]
}

// Diagnostic returns the diagnostic of f on the game at span under cfg,
// and whether cfg keeps it; where names the other game ("game 12 (line
// 340)"), and earlier, when the other game is in the same text, is its
// span (see Report).
func (f Finding) Diagnostic(cfg *analysis.Config, span syntax.Span, where string, earlier *syntax.Span) (analysis.Diagnostic, bool) {
	sev, ok := f.Severity(cfg)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	return f.Report(sev, span, f.Message(where), earlier), true
}

// Report returns the diagnostic of f, of severity sev (see Severity), on
// the game at span, with message msg (f.Message, or the same kept from
// an earlier publication: see Messages); earlier, when not nil, is the
// span of the other game in the same text, which the diagnostic points
// at. It is the one place the diagnostic of a repeated game is made, for
// the streaming check and the language server alike.
func (f Finding) Report(sev analysis.Severity, span syntax.Span, msg string, earlier *syntax.Span) analysis.Diagnostic {
	d := analysis.Diagnostic{Span: span, Severity: sev, Code: f.Code(), Source: Source, Message: msg}
	if earlier != nil {
		d.Related = []analysis.Related{{Span: *earlier, Msg: EarlierGame}}
	}
	return d
}

// Severity returns the severity of the diagnostic of f under cfg; ok is
// false when f finds nothing or cfg turns its code off.
func (f Finding) Severity(cfg *analysis.Config) (sev analysis.Severity, ok bool) {
	if f.Kind == None {
		return 0, false
	}
	return cfg.Resolve(nil, f.Code(), analysis.Info)
}

// Source is the source of the diagnostics of repeated games.
const Source = "duplicates"

// Code returns the code of the diagnostic of f.
func (f Finding) Code() analysis.Code {
	if f.Kind == Duplicate {
		return CodeDuplicate
	}
	return CodeNear
}

// Message returns the message of f; where names the other game.
func (f Finding) Message(where string) string {
	var b strings.Builder
	b.Grow(160)
	switch f.Kind {
	case Duplicate:
		b.WriteString("duplicate of " + where + ": the same moves")
	case Truncated:
		b.WriteString("near-duplicate of " + where + ": this game's " + strconv.Itoa(f.Plies) + " half-moves are the first of its " + strconv.Itoa(f.OtherPlies) + " (a truncated copy?)")
	case Extended:
		b.WriteString("near-duplicate of " + where + ": its " + strconv.Itoa(f.OtherPlies) + " half-moves are the first of this game's " + strconv.Itoa(f.Plies) + " (a truncated copy of this game?)")
	}
	if f.Differ == 0 {
		b.WriteString("; the same tags")
	} else {
		b.WriteString("; tags that differ: " + f.Differ.String())
	}
	return b.String()
}
