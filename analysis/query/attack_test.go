package query

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// TestHexAttackers checks hexAttackers against the engine: on the
// positions of the shared move-generation vectors and after each of
// their legal moves, the attackers of the king to move are its checkers,
// and every legal ordinary capture comes from an attacker of its
// destination.
func TestHexAttackers(t *testing.T) {
	file, err := os.Open("../../../shared/testdata/cescacs/vectors-sample.jsonl")
	if err != nil {
		t.Fatal("shared vectors not available (check out ../shared beside the repository):", err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	n, checks := 0, 0
	check := func(p *cescacs.Position, what string) {
		turn := p.Turn()
		got := hexAttackers(p, p.KingHex(turn), turn.Other())
		want := p.Checkers()
		slices.Sort(got)
		slices.Sort(want)
		if len(want) < 4 && !slices.Equal(got, want) {
			t.Errorf("%s: attackers of the %s king on %s = %v, checkers %v", what, turn, p.KingHex(turn), got, want)
		}
		for _, m := range p.LegalMoves(nil) {
			if m.Kind == cescacs.MoveOrdinary && m.IsCapture() && !slices.Contains(hexAttackers(p, m.To, turn), m.From) {
				t.Errorf("%s: %v captures, but %s is not among the attackers of %s", what, m, m.From, m.To)
			}
		}
		n++
		if len(want) > 0 {
			checks++
		}
	}
	for sc.Scan() {
		var v struct{ PDTL string }
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		p, _ := cescacs.ParsePDTL(v.PDTL, nil)
		check(&p, v.PDTL)
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			check(&q, v.PDTL+" "+m.String())
		}
	}
	if n < 1000 || checks < 100 {
		t.Errorf("only %d positions checked, %d with the king in check", n, checks)
	}
}
