package players

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Names counts the spellings of the players' names of a collection (the
// White and Black tags of its games) and tells which are variants of
// another: spellings that Key makes one (spacing, commas, periods, case,
// blanks around), and a name with initials or without given names
// against the one full name of the collection it may stand for (Same),
// when there is only one ("Carlsen,M" and "Carlsen, Magnus"; not
// "Polgar, J" when both "Polgar, Judit" and "Polgar, Julia" are there).
// Two names Same tells apart ("Polgar, Judit" and "Polgar, Susan") are
// never one. A names file (Canon) fixes the choice where the rules or
// the counts would not.
//
// It holds each spelling once, with its count: memory grows with the
// players of a collection, not with its games.
type Names struct {
	count map[string]int // by spelling
	order []string       // the spellings, first seen first
	canon map[string]string
	file  map[string]string // by Key: the canonical spelling the names file gives
	// listed holds the spellings of each line of the names file, by its
	// canonical spelling: the canonical one first.
	listed map[string][]string
	// others, when set, counts the spellings of the other files of the
	// collection (SetCounts).
	others *Counts
}

// Add counts one more occurrence of a spelling; unknown names (Unknown)
// are left out.
func (n *Names) Add(name string) {
	if Unknown(name) {
		return
	}
	n.addCount(name, 1)
}

// addCount counts k more occurrences of a known spelling.
func (n *Names) addCount(name string, k int) {
	if n.count == nil {
		n.count = map[string]int{}
	}
	if n.count[name] == 0 {
		n.order = append(n.order, name)
	}
	n.count[name] += k
	n.canon = nil
}

// Order returns the spellings added, first seen first.
func (n *Names) Order() []string { return n.order }

// Count returns how many times a spelling was added.
func (n *Names) Count(name string) int { return n.count[name] }

// ReadFile reads a names file: one line per player, "canonical =
// variant; variant", blank lines and lines starting with '#' aside. The
// spellings of a line, and those with the Key of one of them, get its
// canonical spelling, whatever the counts.
func (n *Names) ReadFile(r io.Reader) error {
	if n.file == nil {
		n.file, n.listed = map[string]string{}, map[string][]string{}
	}
	s := bufio.NewScanner(r)
	line := 0
	for s.Scan() {
		line++
		t := strings.TrimSpace(s.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		canon, rest, ok := strings.Cut(t, "=")
		canon = strings.TrimSpace(canon)
		if !ok || Unknown(canon) {
			return fmt.Errorf("line %d: want \"canonical = variant; variant\"", line)
		}
		n.file[Key(canon)] = canon
		if !slices.Contains(n.listed[canon], canon) {
			n.listed[canon] = append([]string{canon}, n.listed[canon]...)
		}
		for v := range strings.SplitSeq(rest, ";") {
			if v = strings.TrimSpace(v); !Unknown(v) {
				n.file[Key(v)] = canon
				n.listed[canon] = append(n.listed[canon], v)
			}
		}
	}
	n.canon = nil
	return s.Err()
}

// SetCounts makes FileVariants, given n, count the spellings of the
// other files of c with those of the file it is given: a variant in one
// file is found against the spelling of another (the editor's
// workspace).
func (n *Names) SetCounts(c *Counts) { n.others = c }

// Listed returns the canonical spelling that the names file gives name
// (name has the Key of a spelling of one of its lines), and true; false
// when the file lists no spelling of it. Unlike Canonical, it looks at
// the names file only, not at the counts, and may be called from any
// number of goroutines at once once the file is read.
func (n *Names) Listed(name string) (string, bool) {
	if Unknown(name) {
		return "", false
	}
	c, ok := n.file[Key(name)]
	return c, ok
}

// ListedSpellings returns the spellings that the names file writes for
// the player whose canonical spelling is canon (see Listed), as
// written, canon first; nil when the file has no line for canon.
func (n *Names) ListedSpellings(canon string) []string { return n.listed[canon] }

// Canonical returns the spelling that name is a variant of, and true, or
// false when name is its own canonical spelling (or unknown).
func (n *Names) Canonical(name string) (string, bool) {
	if n.canon == nil {
		n.resolve()
	}
	c, ok := n.canon[name]
	return c, ok
}

// Spellings returns the spellings that have the canonical spelling
// canon (canon first when it was added), with their counts, most
// frequent first: what a message lists.
func (n *Names) Spellings(canon string) []string {
	if n.canon == nil {
		n.resolve()
	}
	var out []string
	for _, s := range n.order {
		if c, ok := n.canon[s]; ok && c == canon || s == canon {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int {
		switch {
		case a == canon:
			return -1
		case b == canon:
			return 1
		}
		return n.count[b] - n.count[a]
	})
	return out
}

// group is the spellings of one Key.
type group struct {
	key      string
	surname  string   // the surname's words
	given    []string // the given names' words
	spelling []string // in the order first seen
	total    int
	into     *group // the fuller group it stands for, if any
}

// resolve works out the canonical spelling of every variant.
func (n *Names) resolve() {
	n.canon = map[string]string{}
	groups := map[string]*group{}
	var keys []*group
	for _, s := range n.order {
		k := Key(s)
		g := groups[k]
		if g == nil {
			ws, sur := words(s)
			g = &group{key: k, surname: strings.Join(ws[:sur], " "), given: ws[sur:]}
			groups[k] = g
			keys = append(keys, g)
		}
		g.spelling = append(g.spelling, s)
		g.total += n.count[s]
	}
	// A group stands for the one fuller group of its surname whose every
	// other fuller group is less full than it.
	bySurname := map[string][]*group{}
	for _, g := range keys {
		bySurname[g.surname] = append(bySurname[g.surname], g)
	}
	for _, g := range keys {
		var fuller []*group
		for _, h := range bySurname[g.surname] {
			if h != g && fullerThan(h.given, g.given) {
				fuller = append(fuller, h)
			}
		}
		var top *group
		for _, h := range fuller {
			if top == nil || fullerThan(h.given, top.given) {
				top = h
			}
		}
		if top != nil && !slices.ContainsFunc(fuller, func(h *group) bool { return h != top && !fullerThan(top.given, h.given) }) {
			g.into = top
		}
	}
	for _, g := range keys {
		root := g
		for root.into != nil {
			root = root.into
		}
		canon := n.file[g.key]
		if canon == "" {
			canon = n.file[root.key]
		}
		if canon == "" {
			canon = root.best(n.count)
		}
		for _, s := range g.spelling {
			if s != canon {
				n.canon[s] = canon
			}
		}
	}
}

// best returns the canonical spelling of a group: its most frequent one
// (the first seen of equals), blanks trimmed and collapsed.
func (g *group) best(count map[string]int) string {
	b := g.spelling[0]
	for _, s := range g.spelling[1:] {
		if count[s] > count[b] {
			b = s
		}
	}
	return strings.Join(strings.Fields(b), " ")
}

// fullerThan reports whether given names a say more than b, of the
// same player as far as Same can tell: as many or more names, each of
// b's equal to a's at its place or an initial of it, and a longer.
func fullerThan(a, b []string) bool {
	if len(a) < len(b) {
		return false
	}
	more := len(a) > len(b)
	for i, y := range b {
		x := a[i]
		switch {
		case x == y:
		case initial(y) && !initial(x) && first(x) == first(y):
			more = true
		default:
			return false
		}
	}
	return more
}
