package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
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
  --stdio            accepted and ignored (stdio is the only transport)
`

func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	logFile := fl.String("log", "", "")
	dialect := fl.String("dialect", "auto", "")
	debounce := fl.Duration("debounce", 0, "")
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
	return lsp.Serve(ctx, stdio{stdin, stdout}, logger, lsp.Options{Dialect: *dialect, Debounce: *debounce, LimitMemory: true})
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
