package input

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/pgnls/pgnls/syntax"
)

// compressBytes compresses data in a format that Go can write: gzip, xz
// or zstd (bzip2 has no encoder in Go's library; its test reads a file
// of testdata/compress).
func compressBytes(format string, data []byte) ([]byte, error) {
	var b bytes.Buffer
	var w io.WriteCloser
	var err error
	switch format {
	case "gzip":
		w = gzip.NewWriter(&b)
	case "xz":
		w, err = xz.WriterConfig{DictCap: 1 << 20}.NewWriter(&b) // small: quick tests
	case "zstd":
		w, err = zstd.NewWriter(&b, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
	default:
		return nil, errors.New("unknown format " + format)
	}
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// gamesText is a text of several games, made by repeating the example
// files until it holds at least n bytes.
func gamesText(t testing.TB, n int) []byte {
	t.Helper()
	var games []byte
	for _, name := range []string{"clean.pgn", "broken.pgn"} {
		data, err := os.ReadFile(filepath.Join("../../testdata/examples", name))
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, data...)
		games = append(games, '\n')
	}
	var text []byte
	for len(text) < n {
		text = append(text, games...)
	}
	return text
}

// readText returns the compression and the text of the file at path.
func readText(t *testing.T, path string) (string, []byte, error) {
	t.Helper()
	r, err := Open(path)
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	return r.Compression, data, err
}

// TestOpenText reads archives of every format, by extension and by
// content, of one stream or of several concatenated, small and larger
// than the blocks the decoding goroutine fills.
func TestOpenText(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1 << 10, blocks*blockSize + 1234} {
		text := gamesText(t, size)
		if size == 0 {
			text = nil
		}
		for _, c := range []struct{ format, ext string }{{"gzip", ".gz"}, {"xz", ".xz"}, {"zstd", ".zst"}} {
			data, err := compressBytes(c.format, text)
			if err != nil {
				t.Fatal(err)
			}
			cases := []struct {
				name string
				data []byte
				want []byte
			}{
				{"games.pgn" + c.ext, data, text},
				{"games.pgn", data, text},                                       // told by its first bytes
				{"twice" + c.ext, append(data, data...), append(text, text...)}, // concatenated streams
			}
			if size > 1<<10 {
				cases = cases[:1] // the blocks are reused: enough, and quick
			}
			for _, tc := range cases {
				path := filepath.Join(dir, tc.name)
				if err := os.WriteFile(path, tc.data, 0o644); err != nil {
					t.Fatal(err)
				}
				format, got, err := readText(t, path)
				if err != nil {
					t.Fatalf("%s %s (%d bytes of text): %v", c.format, tc.name, len(tc.want), err)
				}
				if format != c.format {
					t.Errorf("%s %s: read as %q", c.format, tc.name, format)
				}
				if !bytes.Equal(got, tc.want) {
					t.Errorf("%s %s: read %d bytes, want the %d bytes of the text", c.format, tc.name, len(got), len(tc.want))
				}
			}
		}
	}
	// A plain file is read as it is, whatever its name (names that are
	// not .gz & co.).
	text := gamesText(t, 100)
	path := filepath.Join(dir, "plain.pgn")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if format, got, err := readText(t, path); err != nil || format != "" || !bytes.Equal(got, text) {
		t.Errorf("plain file: format %q, %d bytes, %v; want the text as it is", format, len(got), err)
	}
}

// TestOpenTextBzip2 reads a bzip2 archive made by bzip2 -9 (Go has no
// bzip2 encoder) and the same twice concatenated.
func TestOpenTextBzip2(t *testing.T) {
	text, err := os.ReadFile("../../testdata/compress/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../testdata/compress/games.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, c := range map[string]struct{ data, want []byte }{
		"games.pgn.bz2": {data, text},
		"sniffed.pgn":   {data, text},
		"twice.bz2":     {append(data, data...), append(text, text...)},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		format, got, err := readText(t, path)
		if err != nil || format != "bzip2" || !bytes.Equal(got, c.want) {
			t.Errorf("%s: format %q, %d bytes, %v; want bzip2 and the %d bytes of the text", name, format, len(got), err, len(c.want))
		}
	}
}

// TestOpenTextBroken checks that a truncated or corrupt archive is an
// error naming the file, the format and the offset, after the text
// decoded before the damage (what a decoder made of corrupt data is not
// checked), and never an end of text. The bzip2 archive, by bzip2 -1,
// has several blocks, which are decoded in parallel.
func TestOpenTextBroken(t *testing.T) {
	dir := t.TempDir()
	text := gamesText(t, 2*blockSize)
	for _, format := range []string{"gzip", "xz", "zstd", "bzip2"} {
		var data []byte
		var err error
		if format == "bzip2" {
			data = bzip2Program(t, 1, text)
		} else if data, err = compressBytes(format, text); err != nil {
			t.Fatal(err)
		}
		ext := compressionExt(format)
		cut := data[:len(data)*2/3]
		corrupt := bytes.Clone(data)
		for i := len(data) / 2; i < len(data)/2+64; i++ {
			corrupt[i] ^= 0x55
		}
		for _, tc := range []struct {
			name string
			data []byte
			what string
		}{
			{"cut.pgn" + ext, cut, "truncated"},
			{"corrupt.pgn" + ext, corrupt, ""}, // some decoders see the damage only at the end: either word
			{"plain.pgn" + ext, text, "corrupt"},
		} {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, got, err := readText(t, path)
			var ae *ArchiveError
			if !errors.As(err, &ae) {
				t.Errorf("%s %s: error %v, want an archive error", format, tc.name, err)
				continue
			}
			if ae.Name != path || ae.Format != format || tc.what != "" && ae.What != tc.what {
				t.Errorf("%s %s: %v; want %s %s data of %s", format, tc.name, err, tc.what, format, path)
			}
			if ae.Offset <= 0 || ae.Offset > int64(len(tc.data)) || ae.Text != int64(len(got)) {
				t.Errorf("%s %s: offset %d of %d bytes, text %d (%d read)", format, tc.name, ae.Offset, len(tc.data), ae.Text, len(got))
			}
			if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
				t.Errorf("%s %s: %v reads as an end of text", format, tc.name, err)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "byte ") {
				t.Errorf("%s %s: message %q does not name the file and offset", format, tc.name, err)
			}
			if tc.what == "truncated" && !bytes.HasPrefix(text, got) {
				t.Errorf("%s %s: the text read before the cut is not the archive's", format, tc.name)
			}
		}
	}
}

// compressionExt returns the extension of the compression format.
func compressionExt(format string) string {
	for _, c := range compressions {
		if c.name == format {
			return c.ext
		}
	}
	return ""
}

// TestTextReaderClose checks that closing an archive before its end
// stops the decoding goroutine.
func TestTextReaderClose(t *testing.T) {
	data, err := compressBytes("zstd", gamesText(t, 2*blocks*blockSize))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewText("big.pgn.zst", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 100)
	if _, err := io.ReadFull(tr, buf); err != nil {
		t.Fatal(err)
	}
	tr.Close()
	d := tr.Reader.(*decompressor)
	timeout := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-d.full:
			if !ok {
				return // the goroutine has ended
			}
		case <-timeout:
			t.Fatal("the decoding goroutine goes on after Close")
		}
	}
}

// TestGameFileNames checks which names a directory walk takes.
func TestGameFileNames(t *testing.T) {
	for name, want := range map[string]bool{
		"a.pgn": true, "a.PGN": true, "a.ctl-pgn": true,
		"a.pgn.gz": true, "a.pgn.bz2": true, "a.pgn.xz": true, "a.pgn.zst": true,
		"a.ctl-pgn.zst": true, "a.PGN.GZ": true,
		"a.gz": false, "a.txt.gz": false, "a.pgn.zip": false, "a.pgn.gz.bak": false,
		"a.pgn.gz.gz": false, "a.txt": false,
	} {
		if got := IsGameFile(name); got != want {
			t.Errorf("IsGameFile(%q) = %v, want %v", name, got, want)
		}
	}
}

// FuzzTextReader reads arbitrary bytes as a file of each compressed
// name and of a plain name: it must end, with the text or with an error,
// never panic; a plain name whose bytes start no archive reads them as
// they are, and an archive's error is an ArchiveError.
func FuzzTextReader(f *testing.F) {
	text := gamesText(f, 2000)
	for _, format := range []string{"gzip", "xz", "zstd"} {
		data, err := compressBytes(format, text)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	bz2, err := os.ReadFile("../../testdata/compress/games.pgn.bz2")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(bz2)
	f.Add(text)
	f.Add([]byte("BZh9"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"f.pgn", "f.pgn.gz", "f.pgn.bz2", "f.pgn.xz", "f.pgn.zst"} {
			tr, err := NewText(name, bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", name, err) // only a failing read errs here
			}
			got, err := io.ReadAll(io.LimitReader(tr, 64<<20))
			tr.Close()
			if tr.Compression == "" {
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("%s read as plain: %d bytes, %v", name, len(got), err)
				}
				continue
			}
			var ae *ArchiveError
			if err != nil && !errors.As(err, &ae) {
				t.Fatalf("%s: %v is not an archive error", name, err)
			}
		}
	})
}

// TestNewTextGames: a stream is read as a file is, decompressed by its
// first bytes, and its games come through Games with the dialect that
// the name tells without the extension of a compression.
func TestNewTextGames(t *testing.T) {
	text := gamesText(t, 1<<10)
	data, err := compressBytes("zstd", text)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		data    []byte
		dialect syntax.Dialect
	}{
		{"<stdin>", data, syntax.PGN},
		{"<stdin>", text, syntax.PGN},
		{"records.ctl-pgn.zst", data, syntax.CTLPGN},
		{"games.pgn.zst", data, syntax.PGN},
	} {
		tr, err := NewText(tc.name, bytes.NewReader(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		gr := tr.Games(syntax.PGN, true)
		if gr.Dialect() != tc.dialect || gr.Name() != TextName(tc.name) {
			t.Errorf("%s: dialect %v, name %q", tc.name, gr.Dialect(), gr.Name())
		}
		var games strings.Builder
		for g, ok := gr.Next(); ok; g, ok = gr.Next() {
			games.WriteString(g.Game.Text)
		}
		tr.Close()
		if err := gr.Err(); err != nil || games.String() != string(text) {
			t.Errorf("%s: games of %d bytes, %v; want the %d bytes of the text", tc.name, games.Len(), err, len(text))
		}
	}
}
