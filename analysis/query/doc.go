// Package query answers the IDE questions about a parsed file — hover,
// completion, document symbols, folding ranges, selection ranges,
// semantic tokens, document highlights and the board at the cursor
// (BoardAt, with the lichess annotations of comments) — as plain data,
// for both dialects (PGN and CTL-PGN), and computes the edits of the
// board and of the code actions at a move (Play, Promote,
// DeleteVariation, DeleteFromHere, SetNAG, SetComment) as checked text
// edits. The lsp package only converts the
// answers to protocol types; the CLI may print them.
//
// Invariants:
//
//   - Every span given or returned is a file-absolute byte offset range
//     (syntax.Span) that lies within the file; line/column and UTF-16
//     conversion happen in the lsp package. The game-relative spans of the
//     syntax tree are shifted by GameRef.Start before they are returned.
//   - No function panics on any input, including a nil file, offsets
//     outside the file and files full of garbage (FuzzQueries checks it).
//   - The functions hold no state: each call reads the tree it is given,
//     replays at most the game under the cursor (with package legality for
//     PGN and ctllegality for CTL-PGN; games whose Variant is unknown are
//     not replayed) and returns fresh values. The one exception is
//     Outline, a cache of one document's symbols and folds by chunk,
//     safe for concurrent use, which its owner (the server's session)
//     fills and asks.
//   - Results are deterministic: symbols, folds, tokens and highlights are
//     sorted by position, completion items carry a SortText.
package query
