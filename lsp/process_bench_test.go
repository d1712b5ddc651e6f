package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/lsp/lsptest"
)

// BenchmarkEditProcess is BenchmarkEdit's diagnostics case against the
// real binary (`pgnls serve` in a process of its own, as an editor runs
// it), on 30 MB and 100 MB files of real games, so that the server's
// memory is measured alone and as the system sees it. Besides the
// latency (median, p99) it reports the server's resident memory as a
// multiple of the file's size: after the document's first analysis
// (rss/filesize), at its highest during the whole run, opening included
// (peak-rss/filesize), and in MB after the document is closed
// (closed-rss-MB). The max=200 cases publish at most 200 diagnostics
// instead of the default 2,000 (about 50 KB per publication instead of
// 500 KB), to show what the size of the publications costs.
func BenchmarkEditProcess(b *testing.B) {
	for _, size := range []struct {
		name  string
		bytes int
	}{{"30MB", 30 << 20}, {"100MB", 100 << 20}} {
		for _, max := range []int{0, 200} {
			name := size.name
			if max > 0 {
				name = fmt.Sprintf("%s/max=%d", size.name, max)
			}
			b.Run(name, func(b *testing.B) { benchmarkEditProcess(b, size.bytes, max) })
		}
	}
}

// benchmarkEditProcess runs BenchmarkEditProcess on a file of about size
// bytes, with the publication cap max (0: the default).
func benchmarkEditProcess(b *testing.B, size, max int) {
	text := corpusText(b, size)
	bin := buildServer(b)
	cmd, c, _ := startBinary(b, exec.Command(bin, "serve", "--debounce", "1us"), lsptest.Options{
		RawDiagnostics: true,
		Timeout:        10 * time.Minute,
		Capabilities:   map[string]any{"window": map[string]any{"workDoneProgress": true}},
	})
	var init any
	if max > 0 {
		init = map[string]any{"maxDiagnostics": max}
	}
	c.Initialize(init)
	const uri = "file:///bench.pgn"
	c.Open(uri, text)
	waitQuiet(b, c, uri)
	analysed := rss(b, cmd.Process.Pid, "VmRSS")
	measureEdits(b, c, uri, text, "diagnostics")
	b.StopTimer()
	peak := rss(b, cmd.Process.Pid, "VmHWM")
	c.Close(uri)
	c.WaitDiagnostics(uri, 0)
	time.Sleep(time.Second) // the server gives the memory back in the background
	closed := rss(b, cmd.Process.Pid, "VmRSS")
	n := float64(len(text))
	b.ReportMetric(analysed/n, "rss/filesize")
	b.ReportMetric(peak/n, "peak-rss/filesize")
	b.ReportMetric(closed/(1<<20), "closed-rss-MB")
	if err := c.Shutdown(); err != nil {
		b.Fatal(err)
	}
	c.Exit()
}

var serverBin struct {
	once sync.Once
	path string
	err  error
}

// buildServer builds cmd/pgnls once per test binary and returns its path.
func buildServer(b *testing.B) string {
	serverBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "pgnls-bench")
		if err != nil {
			serverBin.err = err
			return
		}
		serverBin.path = filepath.Join(dir, "pgnls")
		if out, err := exec.Command("go", "build", "-o", serverBin.path, "github.com/pgnls/pgnls/cmd/pgnls").CombinedOutput(); err != nil {
			serverBin.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if serverBin.err != nil {
		b.Fatal(serverBin.err)
	}
	return serverBin.path
}

// waitQuiet waits until the server has ended its work-done progress for
// the first analysis of uri and then settles (see settle).
func waitQuiet(b *testing.B, c *lsptest.Client, uri protocol.DocumentURI) {
	ended := func() bool {
		for _, n := range c.Notifications(protocol.MethodProgress) {
			var p struct {
				Value struct {
					Kind string `json:"kind"`
				} `json:"value"`
			}
			if json.Unmarshal(n, &p) == nil && p.Value.Kind == "end" {
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(10 * time.Minute)
	for !ended() {
		if time.Now().After(deadline) {
			b.Fatal("the first analysis did not end in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
	settle(b, c, uri)
}

// rss returns a memory figure of process pid from /proc (VmRSS: resident

// peaks follows a server's peak resident memory phase by phase: the
// process's high-water mark (VmHWM), reset at the end of each phase
// (clear_refs; where it cannot be reset, a phase's peak is the process's
// so far, an upper bound).
type peaks struct {
	b     *testing.B
	pid   int
	phase map[string]float64 // the highest peak of each phase
	all   float64            // the highest of all
}

func newPeaks(b *testing.B, pid int) *peaks {
	return &peaks{b: b, pid: pid, phase: map[string]float64{}}
}

// end ends a phase named name (phases of one name may recur): it records
// the peak since the last end, and resets the high-water mark.
func (p *peaks) end(name string) {
	v := rss(p.b, p.pid, "VmHWM")
	p.phase[name] = max(p.phase[name], v)
	p.all = max(p.all, v)
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", p.pid), []byte("5"), 0); err != nil {
		p.b.Logf("peak resident memory not reset: %v", err)
	}
}

// now; VmHWM: the highest resident so far), in bytes.
func rss(b *testing.B, pid int, field string) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb * 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
