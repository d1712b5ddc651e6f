package chess

import (
	"testing"
	"time"
)

// perft counts the leaf nodes of the legal move tree of the given depth
// (at least 1), counting the moves at the last ply without making them.
// Each ply has a move buffer of its own, allocated once, so that the
// count measures move generation and Make, not the clearing of buffers.
func perft(p Position, depth int) uint64 {
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return perftFrom(p, depth, bufs)
}

// perftFrom is perft from p with bufs[d-1] the buffer of depth d.
func perftFrom(p Position, depth int, bufs [][]Move) uint64 {
	moves := p.AppendLegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perftFrom(p.Make(m), depth-1, bufs)
	}
	return n
}

type perftCase struct {
	name     string
	fen      string
	chess960 bool
	counts   []uint64 // counts[d-1] is the count at depth d
	short    int      // deepest depth run with -short
}

// Standard positions from https://www.chessprogramming.org/Perft_Results
// and Chess960 positions from
// https://www.chessprogramming.org/Chess960_Perft_Results.
var perftCases = []perftCase{
	{"start", StartFEN, false, []uint64{20, 400, 8902, 197281, 4865609}, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false,
		[]uint64{48, 2039, 97862, 4085603, 193690690}, 4},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, []uint64{14, 191, 2812, 43238, 674624}, 5},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false,
		[]uint64{6, 264, 9467, 422333}, 4},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false,
		[]uint64{6, 264, 9467, 422333}, 3},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false,
		[]uint64{44, 1486, 62379, 2103487}, 4},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false,
		[]uint64{46, 2079, 89890, 3894594}, 4},
	{"960-1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true,
		[]uint64{21, 528, 12189, 326672, 8146062}, 4},
	{"960-2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true,
		[]uint64{21, 807, 18002, 667366, 16253601}, 4},
	{"960-3", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true,
		[]uint64{20, 479, 10471, 273318, 6417013}, 4},
	{"960-4", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", true,
		[]uint64{22, 593, 13440, 382958, 9183776}, 4},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, err := ParseFEN(c.fen, c.chess960)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range c.counts {
				depth := d + 1
				if testing.Short() && depth > c.short {
					break
				}
				if got := perft(p, depth); got != want {
					t.Errorf("perft(%d) = %d, want %d", depth, got, want)
				}
			}
		})
	}
}

// TestMoveConsistency walks the move trees of the perft positions and
// checks, for every move, that SAN resolves back to the move, that the
// coordinate form resolves too, and that FEN round-trips.
func TestMoveConsistency(t *testing.T) {
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen, c.chess960)
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, &p, 3)
	}
}

func checkTree(t *testing.T, p *Position, depth int) {
	t.Helper()
	if q, err := ParseVariantFEN(p.FEN(), p.Variant(), p.Chess960()); err != nil || q != *p {
		t.Fatalf("FEN round trip of %s: %v (got %s)", p.FEN(), err, q.FEN())
	}
	for _, m := range p.LegalMoves() {
		s := p.SAN(m)
		san, err := ParseSAN(s)
		if err != nil {
			t.Fatalf("%s: ParseSAN(%q): %v", p.FEN(), s, err)
		}
		if got, rerr := p.Resolve(san); rerr != nil || got != m {
			t.Fatalf("%s: Resolve(%q) = %v, %v; want %v", p.FEN(), s, got, rerr, m)
		}
		if f := p.Lint(san, m); f != nil {
			t.Fatalf("%s: Lint(%q) = %v, want none", p.FEN(), s, f)
		}
		uci, err := ParseSAN(p.UCI(m))
		if err != nil {
			t.Fatalf("%s: ParseSAN(%q): %v", p.FEN(), p.UCI(m), err)
		}
		if got, rerr := p.Resolve(uci); rerr != nil || got != m {
			t.Fatalf("%s: Resolve(%q) = %v, %v; want %v", p.FEN(), p.UCI(m), got, rerr, m)
		}
		q := p.Make(m)
		if p.givesCheck(m) != q.InCheck() {
			t.Fatalf("%s: givesCheck(%s) = %v, want %v", p.FEN(), s, !q.InCheck(), q.InCheck())
		}
		if depth > 1 {
			checkTree(t, &q, depth-1)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	p, err := ParseFEN(perftCases[1].fen, false)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// TestHasLegalMove holds hasLegalMove, which looks at the king's steps
// first, to the generation of every legal move, in every position of a
// two-ply tree from each perft case and from positions in check, mated
// and stalemated.
func TestHasLegalMove(t *testing.T) {
	var starts []Position
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen, c.chess960)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	for _, fen := range []string{
		"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", // mate in one
		"6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1",                           // back-rank mate in one
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate
		"4k3/8/8/8/8/8/3n4/4K2R w K - 0 1",                              // in check
		"3rkr2/8/8/8/8/8/8/4K2R w K - 0 1",                              // check by a rook, blocked or taken
	} {
		p, err := ParseFEN(fen, false)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		moves := p.LegalMoves()
		if got, want := p.hasLegalMove(), len(moves) > 0; got != want {
			t.Fatalf("%s: hasLegalMove %v, %d legal moves", p.FEN(), got, len(moves))
		}
		if depth == 0 {
			return
		}
		for _, m := range moves {
			q := p.Make(m)
			walk(&q, depth-1)
		}
	}
	for i := range starts {
		walk(&starts[i], 2)
	}
}
