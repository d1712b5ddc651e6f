// Package syntax is the lossless, error-tolerant lexer and parser of PGN
// and CTL-PGN, with the standard library only (no protocol, no logging,
// no chess rules).
//
// Invariants:
//   - Parsing never fails: Parse returns a File for any input, with the
//     problems as syntax diagnostics (Error) inside its games.
//   - The tree is lossless: every byte of the input is in exactly one
//     token, and the tokens of a file, concatenated, are its text.
//   - Positions are byte offsets (Pos); inside a Game they are relative to
//     its start, so that an edit elsewhere only moves the game. Lines and
//     columns come from a line table at the edges.
//   - The game is the unit of reparsing: Reparse parses again the games
//     an edit touches (and those whose parse looked at its bytes, see
//     Game.reach), shares the others by pointer in chunks of about 256,
//     and its result equals a fresh Parse of the new text (FuzzReparse,
//     TestReparseChains).
//   - ParseCompact keeps only the trees of recently used chunks and parses
//     the others again on demand, with the same results.
//   - No goroutine outlives the call that started it: the parsers use
//     every core for a big text and wait for their goroutines, and a
//     compact file drops trees at once, in the call that evicts them.
package syntax
