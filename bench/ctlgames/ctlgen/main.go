// Command ctlgen writes C'escacs games of seeded random legal play as
// CTL-PGN to standard output, for the benchmarks:
//
//	go run ./bench/ctlgames/ctlgen [-n 1000] [-seed 1] [-plies 300] > games.ctl-pgn
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/pgnls/pgnls/bench/ctlgames"
)

func main() {
	n := flag.Int("n", 1000, "number of games")
	seed := flag.Uint64("seed", 1, "random seed")
	plies := flag.Int("plies", 300, "half-moves at most per game")
	flag.Parse()
	if err := ctlgames.Write(os.Stdout, ctlgames.Options{Games: *n, Seed: *seed, MaxPlies: *plies}); err != nil {
		fmt.Fprintln(os.Stderr, "ctlgen:", err)
		os.Exit(1)
	}
}
