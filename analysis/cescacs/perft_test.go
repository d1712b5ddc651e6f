package cescacs

import (
	"strconv"
	"testing"
)

func TestPerftInitial(t *testing.T) {
	p := InitialPosition()
	for depth, want := range []uint64{1, 68, 4612, 340385} {
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

type perftRecord struct {
	PDTL  string            `json:"pdtl"`
	Label string            `json:"label"`
	Perft map[string]uint64 `json:"perft"`
}

func TestPerftRecords(t *testing.T) {
	for _, r := range readJSONL[perftRecord](t, "perft.jsonl") {
		p, probs := ParsePDTL(r.PDTL, nil)
		for _, pr := range probs {
			if pr.Severity != SeverityHint {
				t.Errorf("%s: PDTL problem %v", r.Label, pr)
			}
		}
		for ds, want := range r.Perft {
			depth, err := strconv.Atoi(ds)
			if err != nil {
				t.Fatalf("%s: bad depth %q", r.Label, ds)
			}
			if depth >= 4 && testing.Short() {
				continue
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", r.Label, depth, got, want)
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	p := InitialPosition()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(3)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestMoveGenerationDoesNotAllocate(t *testing.T) {
	p := mustPDTL(t, "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppe1pp/22:2pjp2/21:4p3/20:3e3/16:3P3/13:4P3/12:3p3/8:3E3/6:2PJP2/5:PPE1PP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr P@G9,11[G13] 0 5")
	buf := make([]Move, 0, 512)
	allocs := testing.AllocsPerRun(100, func() {
		moves := p.LegalMoves(buf[:0])
		for _, m := range moves {
			q := p
			q.Play(m)
			_ = q.InCheck()
		}
		_ = p.HasLegalMove()
		_ = p.Status()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}
