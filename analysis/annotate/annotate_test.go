package annotate_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/analysis/uci/ucitest"
	"github.com/pgnls/pgnls/syntax"
)

func TestMain(m *testing.M) {
	if os.Getenv(ucitest.EnvVar) == "1" {
		ucitest.Main()
	}
	os.Exit(m.Run())
}

// fakeOptions are options that run the fake engine, with the
// environment vars added.
func fakeOptions(vars ...string) annotate.Options {
	return annotate.Options{Engine: os.Args[0], Limits: uci.Limits{Depth: 2}, Timeout: 10 * time.Second,
		Env: append(append(os.Environ(), ucitest.EnvVar+"=1"), vars...)}
}

// annotateFile annotates every game of text.
func annotateFile(t *testing.T, a *annotate.Analyst, text string) string {
	t.Helper()
	f := syntax.Parse("t.pgn", text, syntax.PGN)
	out := ""
	for _, r := range f.Games() {
		res, err := a.Game(context.Background(), r.Game, f.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		out += res.Text
	}
	return out
}

func TestDebug(t *testing.T) {
	in, _ := os.ReadFile("testdata/games.pgn")
	a := annotate.NewAnalyst(fakeOptions())
	defer a.Close()
	t.Log("\n" + annotateFile(t, a, string(in)))
}
