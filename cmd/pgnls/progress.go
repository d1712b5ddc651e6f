package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progress shows how a long run goes on a single line of a terminal,
// redrawn in place: the file, the bytes read of it (of its size, when
// known), the games so far, games per second and the time left, from
// the file's size. Nothing is drawn before delay has passed, so short
// runs show nothing, nor when the writer is not a terminal (newProgress
// returns nil, and a nil *progress does nothing).
type progress struct {
	w     io.Writer
	verb  string
	every time.Duration
	now   func() time.Time
	start time.Time

	mu     sync.Mutex
	name   string
	size   int64 // of the file being read, 0 when unknown
	from   time.Time
	shown  bool // a line is drawn
	closed bool
	stop   chan struct{}
	done   chan struct{}

	read  atomic.Int64 // bytes of the file being read
	games atomic.Int64 // games of the run
}

// terminal is a writer that says whether it is a terminal (tests give
// one; a file answers by isTerminal).
type terminal interface{ IsTerminal() bool }

// isTerminal reports whether w is a terminal: a character device other
// than the null device.
func isTerminal(w io.Writer) bool {
	if t, ok := w.(terminal); ok {
		return t.IsTerminal()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return false
	}
	return true
}

// Progress timing: the first line after progressDelay, redrawn every
// progressEvery.
var (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
)

// newProgress returns the progress of a run of verb on w, or nil when w
// is not a terminal.
func newProgress(w io.Writer, verb string) *progress {
	if !isTerminal(w) {
		return nil
	}
	return startProgress(w, verb, progressDelay, progressEvery, time.Now)
}

func startProgress(w io.Writer, verb string, delay, every time.Duration, now func() time.Time) *progress {
	p := &progress{w: w, verb: verb, every: every, now: now, start: now(), stop: make(chan struct{}), done: make(chan struct{})}
	p.from = p.start
	go p.loop(delay)
	return p
}

func (p *progress) loop(delay time.Duration) {
	defer close(p.done)
	select {
	case <-time.After(delay):
	case <-p.stop:
		return
	}
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		p.draw()
		select {
		case <-t.C:
		case <-p.stop:
			return
		}
	}
}

// file starts reading the file name of size bytes (0: unknown) and
// returns the reader of r that counts the bytes read.
func (p *progress) file(name string, size int64, r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	p.mu.Lock()
	p.name, p.size, p.from = name, size, p.now()
	p.read.Store(0)
	p.mu.Unlock()
	return &progressReader{r: r, n: &p.read}
}

// game counts a game done.
func (p *progress) game() {
	if p != nil {
		p.games.Add(1)
	}
}

// progressReader counts the bytes read from r.
type progressReader struct {
	r io.Reader
	n *atomic.Int64
}

func (r *progressReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	r.n.Add(int64(n))
	return n, err
}

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(p.now()))
	p.shown = true
}

// clearLocked erases the line, if drawn; the next tick draws it again.
func (p *progress) clearLocked() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// close stops the drawing and erases the line.
func (p *progress) close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	close(p.stop)
	p.clearLocked()
	p.mu.Unlock()
	<-p.done
}

// interrupted erases the line when a signal ends the process, unless
// the line is busy (a write to a blocked terminal holds it): the
// process must end all the same.
func (p *progress) interrupted() {
	if p == nil || !p.mu.TryLock() {
		return
	}
	p.closed = true
	p.clearLocked()
	p.mu.Unlock()
}

// line returns the progress line at now.
func (p *progress) line(now time.Time) string {
	read, games := p.read.Load(), p.games.Load()
	var b strings.Builder
	b.WriteString("pgnls " + p.verb + ": ")
	name := p.name
	if len(name) > 30 {
		name = "..." + name[len(name)-27:]
	}
	b.WriteString(name + " " + bytesText(read))
	if p.size > 0 {
		fmt.Fprintf(&b, " of %s (%d%%)", bytesText(p.size), min(100*read/p.size, 100))
	}
	b.WriteString(", " + countText(games) + " games")
	if run := now.Sub(p.start).Seconds(); run > 0 {
		b.WriteString(", " + countText(int64(float64(games)/run)) + " games/s")
	}
	if took := now.Sub(p.from).Seconds(); p.size > 0 && read > 0 && took > 0 && read < p.size {
		left := time.Duration(float64(p.size-read) / (float64(read) / took) * float64(time.Second))
		b.WriteString(", " + durationText(left) + " left")
	}
	return b.String()
}

// bytesText writes a number of bytes in B, kB, MB or GB (powers of 1000,
// one decimal past the first unit).
func bytesText(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1000_000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n < 1000_000_000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.2f GB", float64(n)/1e9)
}

// countText writes n with thousands separated by commas.
func countText(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// durationText writes d as h:mm:ss or m:ss, rounded up to the second.
func durationText(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// progressWriter is a writer to the terminal that the progress line is
// on: each write first erases the line, so that output and the line do
// not mix.
type progressWriter struct {
	w io.Writer
	p *progress
}

func (w progressWriter) Write(b []byte) (int, error) {
	w.p.mu.Lock()
	defer w.p.mu.Unlock()
	w.p.clearLocked()
	return w.w.Write(b)
}
