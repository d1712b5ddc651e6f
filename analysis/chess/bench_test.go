package chess

import (
	"strings"
	"testing"
	"time"
)

// benchGame is a 124-ply game from pgnmentor-Carlsen.pgn.
var benchGame = strings.Fields(`e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Bg5 e6 Bxf6 Qxf6 Be2 Nc6 Nf3 Be7
O-O O-O Qd2 b5 Nd1 Bb7 c3 Ne5 Nxe5 Qxe5 f3 d5 exd5 Rfd8 f4 Qxd5 Qxd5 Bxd5 Bf3 Bxf3 Rxf3
Rd2 b4 a5 bxa5 Rxa5 Kf1 Raxa2 Rxa2 Rxa2 Rf2 Ra4 g3 g6 Rb2 b4 cxb4 Bxb4 Nf2 Bc3 Re2 Bf6
Nd3 h6 Kg2 Kg7 Nc5 Rd4 Ne4 Be7 Kf3 g5 Ke3 Ra4 Kf3 f5 Nf2 Ra3+ Kg2 Kf6 Nh3 Rd3 fxg5+
hxg5 Nxg5 Kxg5 Rxe6 Bf6 Re2 Kg4 Rc2 Bc3 Rf2 Rd2 h3+ Kg5 Rxd2 Bxd2 Kf3 Bc1 Ke2 Bb2 Kf2
Be5 Kf3 Bd6 Kg2 Kf6 Kf2 Ke5 Kf3 Bf8 Ke3 Bh6+ Kf3 Bg5 h4 Bh6 g4 f4 g5 Bg7 h5 Kf5 h6 Be5`)

// BenchmarkResolve replays benchGame with ParseSAN, Resolve and Make, as
// a PGN checker does, optionally with Lint.
func BenchmarkResolve(b *testing.B) {
	for _, lint := range []bool{false, true} {
		name := "Resolve"
		if lint {
			name = "ResolveLint"
		}
		b.Run(name, func(b *testing.B) {
			moves := 0
			start := time.Now()
			for b.Loop() {
				p := StartPosition()
				for _, tok := range benchGame {
					san, err := ParseSAN(tok)
					if err != nil {
						b.Fatal(err)
					}
					m, rerr := p.Resolve(san)
					if rerr != nil {
						b.Fatalf("%s: %v", tok, rerr)
					}
					if lint && p.Lint(san, m) != nil {
						b.Fatalf("%s: unexpected findings", tok)
					}
					p = p.Make(m)
				}
				moves += len(benchGame)
			}
			b.ReportMetric(float64(moves)/time.Since(start).Seconds(), "moves/s")
		})
	}
}
