package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/ulikunitz/xz"
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

// compress FORMAT SRC DST writes the file SRC compressed in FORMAT
// (gzip, xz or zstd) to DST, so that scripts can hold archives.
func compressCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: compress gzip|xz|zstd SRC DST")
	}
	data, err := compressBytes(args[0], []byte(ts.ReadFile(args[1])))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), data, 0o644))
}
