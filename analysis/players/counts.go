package players

import (
	"maps"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// Counts holds how many games write each spelling of a player's name in
// each file of a collection, such as the files of an editor's workspace,
// so that the names of one file are told variants (FileVariants)
// against the spellings of the others. It is safe for concurrent use.
// Memory grows with the spellings of each file, not with its games.
type Counts struct {
	mu        sync.Mutex
	files     map[string]map[string]int // by file (fileKey): spelling → games
	bySurname map[string]map[string]int // by surname (surnameOf): spelling → games, all files
	gen       uint64                    // counts every change
}

// generation returns a number that changes whenever the counts do.
func (c *Counts) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// fileKey is the key of a file named by a path or by the path of a file:
// URI (syntax.File.Name), with slashes, "/C:/x" and "C:\x" alike.
func fileKey(name string) string {
	k := path.Clean(filepath.ToSlash(name))
	if len(k) >= 3 && k[0] == '/' && k[2] == ':' {
		k = k[1:]
	}
	return k
}

// surnameOf returns the surname of a known name, lower-cased: the words
// that Same compares first.
func surnameOf(name string) string {
	ws, sur := words(name)
	return strings.Join(ws[:sur], " ")
}

// SetFile replaces the counts of the file name (a path) with spellings,
// the number of games that write each spelling, as Names.Add counts them
// (unknown names are left out); nil forgets the file. It reports whether
// the counts changed.
func (c *Counts) SetFile(name string, spellings map[string]int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil {
		c.files, c.bySurname = map[string]map[string]int{}, map[string]map[string]int{}
	}
	kept := map[string]int{}
	for s, n := range spellings {
		if n > 0 && !Unknown(s) {
			kept[s] = n
		}
	}
	k := fileKey(name)
	if maps.Equal(c.files[k], kept) {
		return false
	}
	c.gen++
	c.add(c.files[k], -1)
	delete(c.files, k)
	if len(kept) > 0 {
		c.files[k] = kept
		c.add(kept, 1)
	}
	return true
}

// Retain forgets the files but those named, and reports whether there
// were others.
func (c *Counts) Retain(names []string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := make(map[string]bool, len(names))
	for _, n := range names {
		keep[fileKey(n)] = true
	}
	gone := false
	for k, m := range c.files {
		if !keep[k] {
			c.gen++
			c.add(m, -1)
			delete(c.files, k)
			gone = true
		}
	}
	return gone
}

// add adds the counts of spellings, times sign, to bySurname; c.mu is
// held.
func (c *Counts) add(spellings map[string]int, sign int) {
	for s, n := range spellings {
		sur := surnameOf(s)
		m := c.bySurname[sur]
		if m == nil {
			m = map[string]int{}
			c.bySurname[sur] = m
		}
		if m[s] += sign * n; m[s] <= 0 {
			delete(m, s)
		}
		if len(m) == 0 {
			delete(c.bySurname, sur)
		}
	}
}

// addOthers adds to n the counts of the files but the one called name of
// the spellings that share a surname with a spelling n holds: the names
// that may be the same players (Same needs the same surname).
func (c *Counts) addOthers(n *Names, name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	own := c.files[fileKey(name)]
	seen := map[string]bool{}
	for _, s := range n.order {
		sur := surnameOf(s)
		if seen[sur] {
			continue
		}
		seen[sur] = true
		for t, k := range c.bySurname[sur] {
			if k -= own[t]; k > 0 {
				n.addCount(t, k)
			}
		}
	}
}
