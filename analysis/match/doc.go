// Package match selects games: it is the query engine of pgnls select,
// and the one the editor's workspace search is to ask next.
//
// It owns the criteria a game is selected on and how they are read and
// evaluated:
//
//   - the --where language (ParseWhere): tag predicates with =, !=, <,
//     <=, >, >=, ~ (substring or /regular expression/) and ranges
//     (ECO = B90..B99), pseudo-tags (Player, Elo, EloDiff, Plies, End,
//     the opening the moves reach, ...), properties (has comments, has
//     repetition, ...), joined with and, or, not and parentheses;
//   - positions: a FEN (placement and, when given, the side to move,
//     castling and en passant), a FEN pattern with pgn-extract's wildcards,
//     the position a line of moves reaches, a PDTL for CTL-PGN, and every
//     position of the games of another file (Positions), reached anywhere
//     in the main line (or in variations on request), through
//     transpositions;
//   - move sequences from the start, at a move number or anywhere, with
//     wildcards, compared as the legal moves they are, whatever their
//     spelling (MovePattern);
//   - material balances, exact or with pgn-extract's counts, with the
//     sides as written or either way, held for some half-moves;
//   - the stream: ordinal numbers of games, the first matches, the
//     complement, the repeated copies (Selection), on every core in file
//     order with a bounded number of games in memory.
//
// A Query is compiled once (Compile) and then evaluated on any number of
// games, concurrently. Criteria are tried from the cheapest: tag
// predicates read the tag section only and never replay the moves;
// positions, moves and material replay the main line with the rules
// engine of the game's dialect (package chess through legality for PGN,
// package cescacs through ctllegality for CTL-PGN) and stop as soon as
// the answer is known: a position query stops when the position can no
// longer be reached (pieces and pawns only ever decrease, pawns never
// return to their first squares). Positions are compared by the engine's
// keys (chess.Key, cescacs.RepetitionKey), so transpositions match.
//
// Criteria that mean nothing in a dialect (a FEN or a FEN pattern in a
// C'escacs record, a PDTL in a chess game) select no game of it; Query.
// Unsupported names them so that callers can say so.
//
// The package reads syntax trees and the analysis engines; it must not
// import the language server (lsp, go.lsp.dev), the logger (zap), the
// command line (cmd), the incremental engine (analysis/session) or the
// analyzer registry (analysis/checks): analysis/layering_test.go
// enforces it. Reading files, flags and output are the callers'.
package match
