package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/pgnls/pgnls/lsp"
)

const serveUsage = `Usage: pgnls [serve] [flags]

Run the language server, speaking LSP (JSON-RPC with Content-Length
framing) on standard input and output. Editors start it as "pgnls serve".

Flags:
  --log FILE         write a debug-level log to FILE (appended); without it,
                     warnings and errors are logged to standard error
  --dialect D        auto (default: by extension or [Variant "C'escacs"]),
                     pgn or ctl-pgn
  --debounce D       how long to wait after the last edit of a document
                     before analysing it (default 150ms; e.g. 50ms, 1us)
  --memory SIZE      the memory the workspace index may take while it
                     builds (default 32MiB, or GOMEMLIMIT when set): its
                     sorts hold a quarter of it and spill to disk past it
  --stdio            accepted and ignored (stdio is the only transport)
`

func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	logFile := fl.String("log", "", "")
	dialect := fl.String("dialect", "auto", "")
	debounce := fl.Duration("debounce", 0, "")
	mem := memoryFlag(fl)
	fl.Bool("stdio", false, "")
	rest, code := parseFlags(fl, serveUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "pgnls serve: unexpected argument %q\n\n%s", rest[0], serveUsage)
		return exitUsage
	}
	if _, _, ok := parseDialectFlag(*dialect); !ok {
		fmt.Fprintf(stderr, "pgnls serve: unknown dialect %q (want auto, pgn or ctl-pgn)\n", *dialect)
		return exitUsage
	}
	if *debounce < 0 {
		fmt.Fprintf(stderr, "pgnls serve: --debounce %v is negative\n", *debounce)
		return exitUsage
	}

	// The log never goes to stdout: that is the protocol stream.
	sink, level := zapcore.AddSync(stderr), zapcore.WarnLevel
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls serve: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		sink, level = f, zapcore.DebugLevel
	}
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	// lsp.Serve names the logger "lsp" itself.
	logger := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), sink, level))
	defer logger.Sync() // a failed flush has nowhere left to be reported

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return lsp.Serve(ctx, stdio{stdin, stdout}, logger, lsp.Options{Dialect: *dialect, Debounce: *debounce, LimitMemory: true, WorkspaceMemory: indexBudget(*mem)})
}

// defaultIndexMemory is the server's workspace index budget without
// --memory or GOMEMLIMIT: small, so that the sorts of a first index stay
// well under the memory limit the server sets from the open documents,
// where the collector would run all the time and slow the typing down.
const defaultIndexMemory = 32 << 20

// indexBudget returns the budget of the workspace index's sorts given
// serve's --memory m (0: not given): a quarter of the budget, which is m,
// else a GOMEMLIMIT in the environment, else defaultIndexMemory, as the
// batch verbs take --memory (budget) and give a quarter of it to what
// grows with the games (fingerprintShare). Unlike budget it leaves the
// runtime's memory limit alone: the server sets it from the documents.
func indexBudget(m memory) int64 {
	if m == 0 {
		m = defaultIndexMemory
		if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
			m = memory(limit) // GOMEMLIMIT
		}
	}
	return fingerprintShare(int64(m))
}

// stdio joins the standard streams into the connection the server reads
// and writes.
type stdio struct {
	io.Reader
	io.Writer
}

// Close closes both streams when they can be closed.
func (s stdio) Close() error {
	var err error
	if c, ok := s.Reader.(io.Closer); ok {
		err = c.Close()
	}
	if c, ok := s.Writer.(io.Closer); ok {
		if werr := c.Close(); err == nil {
			err = werr
		}
	}
	return err
}
