package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/lsp/wire"
)

// Large documents: when an analysis run has at least session.BigAnalysis
// games to analyse (the first analysis of a big file, or any after a
// settings change), the engine publishes the results of the games
// analysed so far as it goes, and the server reports work-done progress,
// if the client supports it. The progress is cancellable:
// window/workDoneProgress/cancel stops the run, keeps the results of the
// games analysed and publishes them.

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
func (p *progress) Report(done, total int) {
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
func (p *progress) End(msg string) {
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
	if err := wire.Unmarshal(params, &p); err != nil {
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
