package duplicates

import (
	"cmp"
	"encoding/binary"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/spill"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// Completeness is what makes one copy of a game more complete than
// another when duplicates are removed (pgnls dedupe, the editor's quick
// fix): the longer main line, then the more annotations, then the more
// tags; the earlier game when all three are equal.
type Completeness struct {
	Plies       int // the moves of the main line as written
	Annotations int // comments, variations, NAGs and glyphs, and [%…] commands in comments
	Tags        int
}

// CompletenessOf returns the completeness of g. The main line's moves
// are counted as written, without a replay: the games compared are
// copies of one main line, or of its beginning.
func CompletenessOf(g *syntax.Game) Completeness {
	c := Completeness{Plies: tags.Plies(g), Tags: len(g.Tags)}
	var count func(es []syntax.Elem)
	count = func(es []syntax.Elem) {
		for _, e := range es {
			switch e := e.(type) {
			case *syntax.Comment:
				c.Annotations++
				for range commands.All(e.Text) {
					c.Annotations++
				}
			case *syntax.NAG, *syntax.Glyph:
				c.Annotations++
			case *syntax.Variation:
				c.Annotations++
				count(e.Elems)
			}
		}
	}
	count(g.Header)
	count(g.Moves)
	count(g.After)
	return c
}

// Compare orders two copies: a positive result when c is the more
// complete, negative when o is, 0 when neither is (the earlier is kept).
func (c Completeness) Compare(o Completeness) int {
	return cmp.Or(cmp.Compare(c.Plies, o.Plies), cmp.Compare(c.Annotations, o.Annotations), cmp.Compare(c.Tags, o.Tags))
}

// Sets gathers the findings of a run over games numbered in the order
// they were added (a Finder's, an Index's) and groups the games into
// sets of copies of one game, each with the copy to keep.
//
// The findings link each repeated game to one earlier game: a forest of
// games whose main lines are equal (Duplicate) or one begins the other
// (Truncated, Extended). Two games of one tree are not always copies of
// one another: two games that both begin with a shorter third one have
// different endings. So a set is the game kept, the most complete of the
// games not yet in a set (see Completeness), and the games reached from
// it through links each to a main line equal to or begun by the one
// before: every game removed is then the kept game or a truncated copy
// of it. The games of a tree left out start sets of their own.
//
// It works in bounded memory, as a Finder does: the findings are sorted
// in Budget bytes of memory, spilling to Dir past it (package spill),
// the tree of each game is worked out in order of the games (its
// earliest game, the root: that of the game it repeats, read back from
// disk past the budget),
// and the trees are resolved one at a time; only the games of one tree
// are held at once. The zero Sets keeps defaultSetsBudget in memory and
// spills to a directory of its own.
type Sets struct {
	// Dir is where the findings spill, and Budget the memory they take
	// before; set them before the first Add.
	Dir    *spill.Dir
	Budget int64

	own   bool // Dir is the Sets' own, removed by Resolve
	edges *spill.Sorter[setEdge]
	n     int
}

// defaultSetsBudget is the memory of a Sets whose Budget is not set.
const defaultSetsBudget = 8 << 20

// setEdge is a finding: game repeats the earlier game other, as kind
// says; once the trees are known, root is the earliest game of game's.
type setEdge struct {
	root, game, other int64
	kind              Kind
}

func edgeFormat(byRoot bool) spill.Format[setEdge] {
	return spill.Format[setEdge]{
		Size: 3*8 + 1,
		Put: func(b []byte, e *setEdge) {
			le := binary.LittleEndian
			le.PutUint64(b[0:], uint64(e.root))
			le.PutUint64(b[8:], uint64(e.game))
			le.PutUint64(b[16:], uint64(e.other))
			b[24] = byte(e.kind)
		},
		Get: func(b []byte, e *setEdge) {
			le := binary.LittleEndian
			e.root, e.game, e.other, e.kind = int64(le.Uint64(b[0:])), int64(le.Uint64(b[8:])), int64(le.Uint64(b[16:])), Kind(b[24])
		},
		Compare: func(a, b *setEdge) int {
			if byRoot {
				return cmp.Or(cmp.Compare(a.root, b.root), cmp.Compare(a.game, b.game))
			}
			return cmp.Compare(a.game, b.game)
		},
	}
}

type link struct {
	other int64
	sub   bool // other's main line is equal to or begins this game's
}

// Add records that game repeats the earlier game other, as kind says.
func (s *Sets) Add(game, other int64, kind Kind) {
	if s.edges == nil {
		if s.Dir == nil {
			s.Dir, s.own = spill.NewDir(), true
		}
		if s.Budget <= 0 {
			s.Budget = defaultSetsBudget
		}
		s.edges = spill.NewSorter(s.Dir, s.Budget/2, edgeFormat(false))
	}
	s.edges.Add(setEdge{game: game, other: other, kind: kind})
	s.n++
}

// Len returns the number of findings added: 0 when no game is in a set.
func (s *Sets) Len() int { return s.n }

// Resolve calls keep with the game kept and the games removed of every
// set, the latter in their order, sets in the order of their earliest
// game; better(a, b) reports whether game a is more complete than game b
// (see Completeness.Compare). It returns the error of a file of the
// findings spilled, and releases them: the Sets must not be used after.
func (s *Sets) Resolve(better func(a, b int64) bool, keep func(kept int64, removed []int64)) error {
	if s.edges == nil {
		return nil
	}
	if s.own {
		defer s.Dir.Remove()
	}
	byGame := s.edges.Sort()
	defer byGame.Close()
	s.edges = nil
	// The root of each game, in order of the games: the root of the game
	// it repeats, which comes before it, else that game. They are held
	// in memory, 16 bytes a game, up to a quarter of the budget; the
	// earlier ones then go to disk, found again by a binary search.
	type rootRec struct{ game, root int64 }
	var mem []rootRec
	maxMem := max(int(s.Budget/4/16), 1)
	disk := spill.NewLog(s.Dir)
	defer disk.Close()
	nDisk := int64(0)
	var rb [16]byte
	rootOf := func(g int64) (int64, error) {
		if len(mem) > 0 && g >= mem[0].game || nDisk == 0 {
			if i, ok := slices.BinarySearchFunc(mem, g, func(r rootRec, g int64) int { return cmp.Compare(r.game, g) }); ok {
				return mem[i].root, nil
			}
			return g, nil
		}
		lo, hi := int64(0), nDisk
		for lo < hi {
			m := (lo + hi) / 2
			if err := disk.ReadAt(rb[:], m*16); err != nil {
				return 0, err
			}
			switch x := int64(binary.LittleEndian.Uint64(rb[:])); {
			case x == g:
				return int64(binary.LittleEndian.Uint64(rb[8:])), nil
			case x < g:
				lo = m + 1
			default:
				hi = m
			}
		}
		return g, nil
	}
	byRoot := spill.NewSorter(s.Dir, s.Budget/2, edgeFormat(true))
	last := int64(-1)
	for e, ok := byGame.Next(); ok; e, ok = byGame.Next() {
		if e.game == last {
			continue // one finding per game (an Index's); any other is left out
		}
		last = e.game
		root, err := rootOf(e.other)
		if err != nil {
			byRoot.Close()
			return err
		}
		if len(mem) == maxMem {
			for _, r := range mem {
				binary.LittleEndian.PutUint64(rb[:], uint64(r.game))
				binary.LittleEndian.PutUint64(rb[8:], uint64(r.root))
				disk.Append(rb[:])
			}
			nDisk += int64(len(mem))
			mem = mem[:0]
		}
		mem = append(mem, rootRec{e.game, root})
		e.root = root
		byRoot.Add(e)
	}
	if err := cmp.Or(byGame.Err(), disk.Err()); err != nil {
		byRoot.Close()
		return err
	}
	trees := byRoot.Sort()
	defer trees.Close()
	var tree []setEdge
	for e, ok := trees.Next(); ok; e, ok = trees.Next() {
		if len(tree) > 0 && tree[0].root != e.root {
			resolveTree(tree, better, keep)
			tree = tree[:0]
		}
		tree = append(tree, e)
	}
	if len(tree) > 0 {
		resolveTree(tree, better, keep)
	}
	return trees.Err()
}

// resolveTree calls keep with the sets of the tree of the findings
// edges, all of one root.
func resolveTree(edges []setEdge, better func(a, b int64) bool, keep func(kept int64, removed []int64)) {
	links := make(map[int64][]link, len(edges)+1)
	for _, e := range edges {
		links[e.game] = append(links[e.game], link{e.other, e.kind != Truncated})
		links[e.other] = append(links[e.other], link{e.game, e.kind != Extended})
	}
	tree := slices.Sorted(maps.Keys(links))
	done := make(map[int64]bool, len(tree))
	for {
		kept := int64(-1)
		for _, g := range tree {
			if !done[g] && (kept < 0 || better(g, kept)) {
				kept = g
			}
		}
		if kept < 0 {
			break
		}
		done[kept] = true
		var removed []int64
		reached := map[int64]bool{kept: true}
		for queue := []int64{kept}; len(queue) > 0; queue = queue[1:] {
			for _, l := range links[queue[0]] {
				if !l.sub || reached[l.other] {
					continue
				}
				reached[l.other] = true
				queue = append(queue, l.other)
				if !done[l.other] {
					done[l.other] = true
					removed = append(removed, l.other)
				}
			}
		}
		if len(removed) > 0 {
			slices.Sort(removed)
			keep(kept, removed)
		}
	}
}

// TagText is a tag of a game as merging tags needs it: its name, its
// value and its text as written, brackets included.
type TagText struct {
	Name, Value, Raw string
}

// TagsOf returns the well-formed tags of g (a name, a value, closed), in
// order.
func TagsOf(g *syntax.Game) []TagText {
	var out []TagText
	for _, t := range g.Tags {
		if t.Name == "" || t.ValueSpan == (syntax.Span{}) || !t.Closed {
			continue
		}
		out = append(out, TagText{Name: t.Name, Value: t.Value, Raw: g.Slice(t.Sp)})
	}
	return out
}

// Conflict is a tag whose value in a removed copy differs from the one
// the kept game has, or has been given from another removed copy.
type Conflict struct {
	Name       string
	Kept, Copy string // the values: the kept game's (or merged), the copy's
	From       int    // the index of the removed copy
}

// MergeTags returns the tags of the removed copies (in order) that the
// kept game lacks, the first value of each, and the conflicts: a tag
// whose value in a copy differs from the kept game's or from the one
// merged from an earlier copy. A copy whose value is unknown ("?", "",
// "????.??.??", "*") loses nothing and conflicts with nothing; the kept
// game's values are never changed. A conflict is told once per value,
// at the first copy that has it.
func MergeTags(kept []TagText, removed [][]TagText) (add []TagText, conflicts []Conflict) {
	has := make(map[string]string, len(kept))
	for _, t := range kept {
		if _, ok := has[t.Name]; !ok {
			has[t.Name] = t.Value
		}
	}
	for i, tags := range removed {
		for _, t := range tags {
			if unknownValue(t.Value) {
				continue
			}
			if v, ok := has[t.Name]; ok {
				c := Conflict{Name: t.Name, Kept: v, Copy: t.Value, From: i}
				if v != t.Value && !slices.ContainsFunc(conflicts, func(o Conflict) bool { return o.Name == c.Name && o.Copy == c.Copy }) {
					conflicts = append(conflicts, c)
				}
				continue
			}
			has[t.Name] = t.Value
			add = append(add, t)
		}
	}
	return add, conflicts
}

// unknownValue reports whether a tag value tells nothing: empty, or
// only question marks and dots, or "*".
func unknownValue(v string) bool {
	return strings.Trim(v, "?.* ") == ""
}

// SameEncoding reports whether a tag written raw can go into a game
// whose text is text unchanged in meaning: it is ASCII, or both are
// valid UTF-8, or neither is (Latin-1).
func SameEncoding(raw, text string) bool {
	for i := range len(raw) {
		if raw[i] >= utf8.RuneSelf {
			return utf8.ValidString(raw) == utf8.ValidString(text)
		}
	}
	return true
}

// Copies reports whether games a and b of dialect d are copies of one
// game as the diagnostics of repeated games tell them: the same main
// line, or, between the same players, one main line of NearPlies
// half-moves or more beginning the other.
func Copies(a, b *syntax.Game, d syntax.Dialect) bool {
	fa, ok := Of(a, d)
	fb, okb := Of(b, d)
	switch {
	case !ok || !okb:
		return false
	case fa.id() == fb.id():
		return true
	case !SamePlayers(fa, fb):
		return false
	}
	short, long := fa, b
	if fb.Plies < fa.Plies {
		short, long = fb, a
	}
	if short.Plies < NearPlies {
		return false
	}
	l := Line(long, d)
	n := int(short.Plies) - NearPlies
	return n < len(l) && l[n] == short.Moves
}

// Titles of the fix that removes one of two copies (RemoveFix).
const (
	TitleRemoveThis  = "Remove this duplicate (keep the longer copy)"
	TitleRemoveOther = "Remove the other copy (keep this longer one)"
)

// RemoveFix returns the fix that removes one of games this and other of
// f, copies of one game (Copies): the less complete (Completeness; the
// later when neither is), as pgnls dedupe does, with the tags only it
// has added to the game kept. Its edits are file-absolute, in order. ok is false
// when the games are not copies.
func RemoveFix(f *syntax.File, this, other int) (fix analysis.Fix, ok bool) {
	a, b := f.Game(this), f.Game(other)
	if this == other || !Copies(a.Game, b.Game, f.Dialect) {
		return analysis.Fix{}, false
	}
	kept, removed := other, this
	c := CompletenessOf(a.Game).Compare(CompletenessOf(b.Game))
	if c > 0 || c == 0 && this < other {
		kept, removed = this, other
	}
	k := f.Game(kept)
	add, _ := MergeTags(TagsOf(k.Game), [][]TagText{TagsOf(f.Game(removed).Game)})
	add = slices.DeleteFunc(add, func(t TagText) bool { return !SameEncoding(t.Raw, k.Game.Text) })
	fix.Title = TitleRemoveThis
	if removed != this {
		fix.Title = TitleRemoveOther
	}
	for _, e := range tags.Append(k.Game, raws(add)) {
		fix.Edits = append(fix.Edits, analysis.Edit{Span: e.Span.Shift(k.Start), New: e.New})
	}
	fix.Edits = append(fix.Edits, analysis.Edit{Span: f.GameSpan(removed)})
	slices.SortFunc(fix.Edits, func(a, b analysis.Edit) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	// A fix of a repeated game is not applied in bulk: pgnls dedupe is.
	fix.Manual = "it removes a game"
	return fix, true
}

// raws returns the texts of ts.
func raws(ts []TagText) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Raw
	}
	return out
}
