package spill

import (
	"bufio"
	"io"
	"os"
	"strings"
)

// Log is an append-only file of byte strings of any length, read back by
// the offset Append returned: what a caller cannot keep in memory and
// must read again later, each piece once or twice. The file is made in
// its Dir on the first Append.
type Log struct {
	dir    *Dir
	f      *os.File
	w      *bufio.Writer
	off    int64 // bytes appended
	synced bool  // w holds nothing unwritten
	err    error
}

// NewLog returns an empty Log whose file will be in dir.
func NewLog(dir *Dir) *Log { return &Log{dir: dir} }

// Append appends b and returns its offset. An error is kept and returned
// by ReadAt and Err.
func (l *Log) Append(b []byte) int64 {
	off := l.off
	if l.err != nil {
		return off
	}
	if l.f == nil {
		if l.f, l.err = l.dir.Create("log"); l.err != nil {
			return off
		}
		l.w = bufio.NewWriterSize(l.f, readBuffer)
	}
	if _, err := l.w.Write(b); err != nil {
		l.err = err
	}
	l.off += int64(len(b))
	l.synced = false
	return off
}

// ReadAt reads len(b) bytes appended at offset off.
func (l *Log) ReadAt(b []byte, off int64) error {
	if l.err == nil && !l.synced && l.w != nil {
		l.err = l.w.Flush()
		l.synced = true
	}
	if l.err != nil {
		return l.err
	}
	_, err := l.f.ReadAt(b, off)
	return err
}

// Reader returns a buffered reader of the bytes appended so far, for a
// caller that reads them back in order.
func (l *Log) Reader() (io.Reader, error) {
	if l.err == nil && !l.synced && l.w != nil {
		l.err = l.w.Flush()
		l.synced = true
	}
	if l.err != nil {
		return nil, l.err
	}
	if l.f == nil {
		return strings.NewReader(""), nil
	}
	return bufio.NewReaderSize(io.NewSectionReader(l.f, 0, l.off), readBuffer), nil
}

// Err returns the first error of the Log.
func (l *Log) Err() error { return l.err }

// Close closes and removes the file.
func (l *Log) Close() error {
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	if rerr := os.Remove(l.f.Name()); err == nil && !os.IsNotExist(rerr) {
		err = rerr
	}
	l.f, l.w = nil, nil
	return err
}
