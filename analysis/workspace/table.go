package workspace

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"

	"github.com/pgnls/pgnls/analysis/spill"
)

// A table file is the index of one game file:
//
//	magic   "pgnlsWS1"
//	length  uint32, little-endian: of the header
//	header  JSON (header)
//	games   header.Games records of gameSize bytes (gameRec), in file order
//	strings the games' names and details, referred to by the records
//	postings header.Postings records of postSize bytes, sorted by key,
//	        game and ply (comparePostings)
//
// Offsets of the header count from the end of the header.
const magic = "pgnlsWS1"

// formatVersion changes with the format of table files, or with what is
// put in them, so that caches written before are indexed again.
const formatVersion = 3

// header describes a table file and the game file it indexes.
type header struct {
	Version  int    `json:"version"`
	Path     string `json:"path"`
	Size     int64  `json:"size"`
	ModTime  int64  `json:"mtime"` // nanoseconds since 1970
	Dialect  string `json:"dialect"`
	Games    int    `json:"games"`
	Postings int64  `json:"postings"`
	StrOff   int64  `json:"strOff"`
	PostOff  int64  `json:"postOff"`
	// Err is the error that stopped the reading of the game file, if
	// any: the games before it are indexed.
	Err string `json:"err,omitempty"`
}

var postingFormat = spill.Format[posting]{
	Size:    postSize,
	Put:     putPosting,
	Get:     getPosting,
	Compare: comparePostings,
	Key:     func(p *posting) uint64 { return uint64(p.key) },
}

// textPerPosting is the bytes of game text counted per posting to size
// the sorts' buffers at first: a little more than the corpus's 12 (tags,
// comments and variations make none), so that the first guess seldom
// takes room that is not used.
const textPerPosting = 16

// builder writes a table file from the games of a file, in bounded
// memory: the game records and strings go to temporary files, the
// postings to an external sort.
type builder struct {
	dir    *spill.Dir
	gf, sf *os.File
	gw, sw *bufio.Writer
	games  int
	added  int64 // postings
	// spilled is set by finish when the postings outgrew the budget.
	spilled bool
	// sorted is set when finish wrote every posting: the sorters can
	// be reused.
	sorted bool
	strOff int64
	// sorters sort the postings, a part of the keys each (the first of
	// the lowest), so that the sorts at the end run on every core.
	sorters []*spill.Sorter[posting]
	buf     [gameSize]byte
}

// newBuilder returns a builder sorting within budget bytes, in parts
// sorts run at once, of about size bytes of game text. It sorts with
// the sorters of reuse when they are parts, which a builder before
// used (see builder.reuse), else with new ones.
func newBuilder(dir *spill.Dir, budget int64, parts int, size int64, reuse []*spill.Sorter[posting]) (*builder, error) {
	gf, err := dir.Create("games")
	if err != nil {
		return nil, err
	}
	sf, err := dir.Create("strings")
	if err != nil {
		gf.Close()
		return nil, err
	}
	b := &builder{dir: dir, gf: gf, sf: sf, gw: bufio.NewWriterSize(gf, 64<<10), sw: bufio.NewWriterSize(sf, 64<<10)}
	parts = min(max(parts, 1), 256)
	if len(reuse) != parts {
		reuse = nil
		for range parts {
			reuse = append(reuse, spill.NewSorter(dir, budget/int64(parts), postingFormat))
		}
	}
	for _, s := range reuse {
		s.Grow(int(size / textPerPosting / int64(parts)))
	}
	b.sorters = reuse
	return b, nil
}

// reuse returns the builder's sorters, emptied, for the next file's
// builder (newBuilder): after finish, their buffers are not read
// any more. It returns nil when finish did not run to its end.
func (b *builder) reuse() []*spill.Sorter[posting] {
	if !b.sorted {
		return nil
	}
	for _, s := range b.sorters {
		s.Reset()
	}
	return b.sorters
}

// add adds a game.
func (b *builder) add(x *indexed) error {
	x.rec.strOff, x.rec.strLen = uint32(b.strOff), uint32(len(x.str))
	if b.strOff+int64(len(x.str)) >= 1<<32 {
		return errors.New("too many games to index in one file")
	}
	putGame(b.buf[:], &x.rec)
	if _, err := b.gw.Write(b.buf[:]); err != nil {
		return err
	}
	if _, err := b.sw.WriteString(x.str); err != nil {
		return err
	}
	b.strOff += int64(len(x.str))
	b.games++
	b.added += int64(len(x.posts))
	for i := range x.posts {
		p := &x.posts[i]
		b.sorters[int(p.key>>56)*len(b.sorters)>>8].Add(*p)
	}
	return nil
}

// finish writes the table to w, with h as its header (its counts and
// offsets set here), and releases the builder.
func (b *builder) finish(w io.Writer, h header) (err error) {
	defer b.close()
	if err := b.gw.Flush(); err != nil {
		return err
	}
	if err := b.sw.Flush(); err != nil {
		return err
	}
	readers := make([]*spill.Reader[posting], len(b.sorters))
	var wg sync.WaitGroup
	for i, s := range b.sorters {
		b.spilled = b.spilled || s.Spilled()
		wg.Go(func() { readers[i] = s.Sort() })
	}
	wg.Wait()
	defer func() {
		for _, r := range readers {
			if cerr := r.Close(); err == nil {
				err = cerr
			}
		}
		if err == nil {
			b.sorted = true
		}
	}()
	h.Version, h.Games, h.Postings = formatVersion, b.games, b.added
	h.StrOff = int64(b.games) * gameSize
	h.PostOff = h.StrOff + b.strOff
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(magic)
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(js)))
	bw.Write(n[:])
	bw.Write(js)
	for _, f := range []*os.File{b.gf, b.sf} {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if _, err := bw.ReadFrom(f); err != nil {
			return err
		}
	}
	for _, r := range readers {
		if _, err := r.WriteTo(bw); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// close removes the temporary files, and the sorters' unless finish
// sorted them (they are then for reuse).
func (b *builder) close() {
	for _, f := range []*os.File{b.gf, b.sf} {
		f.Close()
		os.Remove(f.Name())
	}
	if !b.sorted {
		for _, s := range b.sorters {
			s.Close()
		}
	}
}

// tableFile is an open table file.
type tableFile struct {
	f    *os.File
	h    header
	base int64 // offset of the end of the header
}

// errNotTable is the error of a file that is not a table file of this
// version.
var errNotTable = errors.New("not a workspace index of this version")

// readHeader reads the header of the table file f.
func readHeader(f io.ReaderAt) (header, int64, error) {
	var head [len(magic) + 4]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return header{}, 0, errNotTable
	}
	if string(head[:len(magic)]) != magic {
		return header{}, 0, errNotTable
	}
	n := int64(binary.LittleEndian.Uint32(head[len(magic):]))
	if n > 1<<20 {
		return header{}, 0, errNotTable
	}
	js := make([]byte, n)
	if _, err := f.ReadAt(js, int64(len(head))); err != nil {
		return header{}, 0, errNotTable
	}
	var h header
	if err := json.Unmarshal(js, &h); err != nil || h.Version != formatVersion {
		return header{}, 0, errNotTable
	}
	return h, int64(len(head)) + n, nil
}

// openTable opens the table file at path.
func openTable(path string) (*tableFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	h, base, err := readHeader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &tableFile{f: f, h: h, base: base}, nil
}

func (t *tableFile) close() error { return t.f.Close() }

// game returns game i's record and its name and detail.
func (t *tableFile) game(i int) (gameRec, string, error) {
	var b [gameSize]byte
	var g gameRec
	if _, err := t.f.ReadAt(b[:], t.base+int64(i)*gameSize); err != nil {
		return g, "", err
	}
	getGame(b[:], &g)
	s := make([]byte, g.strLen)
	if _, err := t.f.ReadAt(s, t.base+t.h.StrOff+int64(g.strOff)); err != nil {
		return g, "", err
	}
	return g, string(s), nil
}

// games calls fn for every game in order, with its record and its name
// and detail, until fn returns false.
func (t *tableFile) games(fn func(i int, g *gameRec, str string) bool) error {
	gr := bufio.NewReaderSize(io.NewSectionReader(t.f, t.base, t.h.StrOff), 64<<10)
	sr := bufio.NewReaderSize(io.NewSectionReader(t.f, t.base+t.h.StrOff, t.h.PostOff-t.h.StrOff), 64<<10)
	var b [gameSize]byte
	var s []byte
	for i := range t.h.Games {
		if _, err := io.ReadFull(gr, b[:]); err != nil {
			return err
		}
		var g gameRec
		getGame(b[:], &g)
		s = append(s[:0], make([]byte, g.strLen)...)
		if _, err := io.ReadFull(sr, s); err != nil {
			return err
		}
		if !fn(i, &g, string(s)) {
			return nil
		}
	}
	return nil
}

// find calls fn with every posting of key k, in order, until fn
// returns false.
func (t *tableFile) find(k Key, fn func(p *posting) bool) error {
	off := t.base + t.h.PostOff
	var kb [8]byte
	var err error
	first := sort.Search(int(t.h.Postings), func(j int) bool {
		if err != nil {
			return true
		}
		if _, e := t.f.ReadAt(kb[:], off+int64(j)*postSize); e != nil {
			err = e
			return true
		}
		return Key(binary.LittleEndian.Uint64(kb[:])) >= k
	})
	if err != nil {
		return err
	}
	const chunk = 256
	buf := make([]byte, chunk*postSize)
	for j := int64(first); j < t.h.Postings; j += chunk {
		n := min(chunk, t.h.Postings-j)
		if _, err := t.f.ReadAt(buf[:n*postSize], off+j*postSize); err != nil {
			return err
		}
		for q := range n {
			var p posting
			getPosting(buf[q*postSize:], &p)
			if p.key != k || !fn(&p) {
				return nil
			}
		}
	}
	return nil
}
