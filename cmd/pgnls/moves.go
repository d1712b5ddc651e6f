package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
)

const movesUsage = `Usage: pgnls moves [--variant NAME] [--redefine R] POSITION

Print every legal move of a position, one per line, sorted: for chess the
position is a FEN and the moves are in SAN; for C'escacs it is a PDTL and
the moves are in canonical CTL-AN (the standard letters), with their
check marks. Quote the position (it contains spaces); several arguments
are joined by spaces. A PDTL holding FAN glyphs is read as under
[Redefine "FAN"].

Exit status: 0 on success (also when there is no legal move); 2 on a
usage error or a position with errors, whose problems are printed on
standard error with the column where each starts. The moves of a
position that is wrong but playable (nine pawns of a side, digits side by
side) are printed all the same; warnings (a missing move number, a
castling right the position cannot have, which is dropped) do not change
the exit status.

Flags:
  --variant V  chess, chess960, cescacs, or a lichess variant: crazyhouse,
               atomic, antichess (or giveaway), kingofthehill, 3check (or
               threecheck), horde, racingkings; any case, and the names
               the Variant tag uses ("King of the Hill", "Three-check").
               By default a position starting with "/" is a PDTL
               (C'escacs), anything else a FEN (chess). For chess960
               (also 960, fischerandom) castling rights are Shredder-FEN
               rook files (HAha) or X-FEN (KQkq for the outermost rook,
               a file letter for another). Crazyhouse FENs carry the
               pockets ("[Qn]" or a ninth rank "/Qn", '~' after a promoted
               piece); three-check FENs the counters ("3+3" before the
               clocks, or lichess's "+0+0" after them)
  --redefine R read the PDTL under [Redefine "R"]: FAN, or alternative
               letters such as "A@J, C@N, T@R" (C'escacs only)
`

// moves prints the legal moves of the position given on the command line.
func moves(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("moves", flag.ContinueOnError)
	variant := fl.String("variant", "", "")
	redefine := fl.String("redefine", "", "")
	pos, code := parseFlags(fl, movesUsage, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	s := strings.Join(pos, " ")
	if strings.TrimSpace(s) == "" {
		fmt.Fprint(stderr, "pgnls moves: no position given\n\n"+movesUsage)
		return exitUsage
	}
	v := strings.ToLower(*variant)
	if v == "" {
		v = "chess"
		if strings.HasPrefix(strings.TrimSpace(s), "/") {
			v = "cescacs"
		}
	}
	var list []string
	var ok bool
	if *redefine != "" && v != "cescacs" && v != "c'escacs" {
		fmt.Fprintln(stderr, "pgnls moves: --redefine applies to C'escacs positions (PDTL) only")
		return exitUsage
	}
	switch v {
	case "cescacs", "c'escacs":
		letters, bad := alphabet(s, *redefine)
		if bad != "" {
			fmt.Fprintf(stderr, "pgnls moves: --redefine: %s\n", bad)
			return exitUsage
		}
		list, ok = cescacsMoves(s, letters, stderr)
	default:
		cv, known := chess.ParseVariant(v)
		if !known {
			fmt.Fprintf(stderr, "pgnls moves: unknown variant %q (want cescacs or one of %s)\n", *variant, chess.KnownVariantNames())
			return exitUsage
		}
		list, ok = chessMoves(s, cv, stderr)
	}
	slices.Sort(list)
	for _, m := range list {
		fmt.Fprintln(stdout, m)
	}
	if !ok {
		return exitUsage
	}
	return exitOK
}

// column converts a byte offset of s to a 1-based character column.
func column(s string, off int) int {
	off = min(max(off, 0), len(s))
	return utf8.RuneCountInString(s[:off]) + 1
}

// chessMoves returns the SAN of every legal move of a FEN under variant
// v, or none if the FEN is not usable; problems go to stderr and ok is
// false when one is an error.
func chessMoves(fen string, v chess.Variant, stderr io.Writer) ([]string, bool) {
	p, errs := chess.CheckVariantFEN(fen, v, false)
	ok, usable := true, true
	for _, e := range errs {
		sev := "error"
		if e.Kind == chess.FENWarning {
			sev = "warning"
		} else {
			ok = false
		}
		usable = usable && e.Usable()
		fmt.Fprintf(stderr, "pgnls moves: column %d: %s: FEN: %s\n", column(fen, e.Offset), sev, e.Msg)
	}
	if !usable {
		return nil, false
	}
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.SAN(m))
	}
	return out, ok
}

// alphabet returns the letters a PDTL is read in: those of the Redefine
// value redefine, else FAN when the PDTL holds a glyph, else the
// standard letters (nil). bad says why redefine cannot be read.
func alphabet(pdtl, redefine string) (letters *cescacs.Alphabet, bad string) {
	if redefine == "" {
		if cescacs.HasFAN(pdtl) {
			return cescacs.FANAlphabet(), ""
		}
		return nil, ""
	}
	a, probs := cescacs.ParseRedefine(redefine)
	for _, pr := range probs {
		if pr.Severity == cescacs.SeverityError {
			return nil, pr.Msg
		}
	}
	return a, ""
}

// cescacsMoves returns the canonical CTL-AN of every legal move of a
// PDTL written in letters; errors and warnings go to stderr (hints are
// not printed) and ok is false when the PDTL is not usable.
func cescacsMoves(pdtl string, letters *cescacs.Alphabet, stderr io.Writer) ([]string, bool) {
	p, probs := cescacs.ParsePDTL(pdtl, letters)
	ok := true
	for _, pr := range probs {
		switch pr.Severity {
		case cescacs.SeverityHint:
			continue
		case cescacs.SeverityError:
			ok = false
		}
		fmt.Fprintf(stderr, "pgnls moves: column %d: %s: PDTL: %s\n", column(pdtl, pr.Offset), pr.Severity, pr.Msg)
	}
	if !ok {
		return nil, false
	}
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.Notation(m, nil, cescacs.StyleE))
	}
	return out, true
}
