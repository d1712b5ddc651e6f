package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
)

// Large documents: when an analysis run has at least bigAnalysis games to
// analyse (the first analysis of a big file, or any after a settings
// change), the server reports work-done progress, if the client supports
// it, and publishes the results of the games analysed so far every
// batchInterval or so (longer when a publication itself is slow), so the
// user sees diagnostics long before the run ends. The progress is
// cancellable: window/workDoneProgress/cancel stops the run, keeps the
// results of the games analysed and publishes them.

const (
	bigAnalysis   = 1000
	batchInterval = 200 * time.Millisecond
)

// progress is one work-done progress in the client; the zero value, for a
// client without support, does nothing.
type progress struct {
	s     *server
	token string // "" when not shown
	last  uint32 // last percentage reported
}

// beginProgress creates a progress in the client and starts it; cancel is
// called when the user cancels it.
func (s *server) beginProgress(ctx context.Context, title string, cancel context.CancelFunc) *progress {
	if !s.client.workDoneProgress {
		return &progress{}
	}
	s.mu.Lock()
	s.progressSeq++
	token := fmt.Sprintf("pgnls/analysis/%d", s.progressSeq)
	s.mu.Unlock()
	cctx, stop := context.WithTimeout(ctx, configTimeout)
	defer stop()
	if _, err := s.conn.Call(cctx, protocol.MethodWorkDoneProgressCreate, map[string]string{"token": token}, nil); err != nil {
		s.logger.Debug("window/workDoneProgress/create failed; no progress shown", zap.Error(err))
		return &progress{}
	}
	s.mu.Lock()
	s.progressCancel[token] = cancel
	s.mu.Unlock()
	p := &progress{s: s, token: token}
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Cancellable: true})
	return p
}

// report shows how far the work is, done out of total.
func (p *progress) report(done, total int) {
	if p.token == "" || total == 0 {
		return
	}
	pct := uint32(done * 100 / total)
	if pct == p.last {
		return
	}
	p.last = pct
	p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport,
		Message: fmt.Sprintf("%d/%d games", done, total), Percentage: pct})
}

// end closes the progress with a final message.
func (p *progress) end(msg string) {
	if p.token == "" {
		return
	}
	p.s.mu.Lock()
	delete(p.s.progressCancel, p.token)
	p.s.mu.Unlock()
	p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: msg})
}

func (p *progress) send(value any) {
	p.s.notify(protocol.MethodProgress, map[string]any{"token": p.token, "value": value})
}

// workDoneProgressCancel stops the work behind a progress token.
func (s *server) workDoneProgressCancel(_ context.Context, params json.RawMessage) error {
	var p struct {
		Token json.RawMessage `json:"token"`
	}
	if err := unmarshal(params, &p); err != nil {
		return err
	}
	var token string
	if err := json.Unmarshal(p.Token, &token); err != nil {
		return nil // a number: not one of ours
	}
	s.mu.Lock()
	cancel := s.progressCancel[token]
	s.mu.Unlock()
	if cancel != nil {
		s.logger.Info("analysis cancelled by the user", zap.String("token", token))
		cancel()
	}
	return nil
}

// runBig analyses the games of doc listed in todo into per, like run, but
// publishes what is done every batchInterval or so and reports progress;
// chunks are the states of doc's chunks before the run.
// A game not analysed when the run stops (cancelled by the user) gets its
// syntax diagnostics and counts as failed, so that it is not cached.
func (d *diagnoser) runBig(ctx context.Context, doc *document, cfg *analysis.Config, chunks []*chunkDiags, todo []int, per [][]analysis.Diagnostic) (failed []bool) {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	prog := d.s.beginProgress(runCtx, "pgnls: analysing "+path.Base(doc.file.Name), cancel)

	var mu sync.Mutex // guards done and count; per[k] is final once done[k]
	done := make([]bool, len(todo))
	count := 0
	finished := make(chan []bool, 1)
	go func() {
		finished <- d.run(runCtx, doc, cfg, todo, per, func(k int) {
			mu.Lock()
			done[k] = true
			count++
			mu.Unlock()
		})
	}()
	t := time.NewTimer(batchInterval)
	defer t.Stop()
	for {
		select {
		case failed = <-finished:
			for k, i := range todo {
				if !done[k] {
					failed[k] = true
					per[k] = analysis.Game(doc.file.Game(i).Game, doc.file.Dialect, cfg, nil)
				}
			}
			msg := fmt.Sprintf("%d games", len(todo))
			if ctx.Err() == nil && runCtx.Err() != nil {
				msg = fmt.Sprintf("cancelled after %d of %d games", count, len(todo))
			}
			prog.end(msg)
			return failed
		case <-t.C:
			began := time.Now()
			mu.Lock()
			partial := withResults(doc.file.Chunks(), chunks, todo, func(k int) (result, bool) {
				if !done[k] {
					return result{}, false
				}
				return newResult(per[k]), true
			})
			n := count
			mu.Unlock()
			var fileDs []analysis.Diagnostic
			d.mu.Lock()
			if st := d.docs[doc.uri]; st != nil {
				fileDs = st.fileDs
			}
			d.mu.Unlock()
			d.publish(doc, partial, fileDs, "partial")
			prog.report(n, len(todo))
			t.Reset(max(batchInterval, 2*time.Since(began)))
		}
	}
}
