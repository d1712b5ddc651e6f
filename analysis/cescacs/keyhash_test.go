package cescacs

import "testing"

func TestRepetitionKeyHash(t *testing.T) {
	p := InitialPosition()
	hashes, keys := map[uint64]bool{}, map[RepetitionKey]bool{}
	for _, m := range p.LegalMoves(nil) {
		q := p
		q.Play(m)
		for _, r := range q.LegalMoves(nil) {
			s := q
			s.Play(r)
			k := s.RepetitionKey()
			hashes[k.Hash()], keys[k] = true, true
		}
	}
	if len(hashes) != len(keys) || len(keys) < 100 {
		t.Errorf("%d hashes for %d positions after two plies", len(hashes), len(keys))
	}
	q := InitialPosition()
	if p.RepetitionKey().Hash() != q.RepetitionKey().Hash() {
		t.Error("the hash differs between two copies of the same position")
	}
}
