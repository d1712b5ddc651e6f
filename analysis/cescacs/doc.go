// Package cescacs is the rules engine of C'escacs, the hexagonal chess
// variant on 169 hexes, and of its notations: PDTL positions and CTL-AN
// moves. The rules are those of the project specification
// (spec/cescacs-rules.md), including every point it leaves to the
// author's engine ("E decides"), but not E's defects (§10.3).
//
// The main types are Hex (a hex as a compact index), Position (a game
// situation), Move (a legal move), Notation (a parsed move text) and
// Alphabet (the piece symbols in force under a Redefine tag).
//
// Invariants:
//
//   - A Hex is a compact index 0..168 ordered by line then column; NoHex
//     (255) is "none". Neighbour tables are 256 entries wide and map NoHex
//     to NoHex, so table walks never go out of range.
//   - Position is a value: copying it copies the game state, and Play
//     mutates only the receiver. Material counts, king hexes and
//     castling rights are kept in step with the board: a castling or leap
//     right is set only while its king or rook stands unmoved on its home
//     hex.
//   - Legal moves are pseudo-legal moves (§§2–4) whose completed result
//     leaves the mover's king unattacked (§5.2); attacks follow §5.1
//     (pinned pieces attack; an unmoved king on its home hex attacks its
//     leap hexes). When the forced deferred promotion applies it is the
//     only legal move.
//   - Move generation appends to caller-provided buffers and does not
//     allocate otherwise.
//   - Parsers (ParsePDTL, ParseMove, ParseRedefine) never fail and never
//     panic on user input: they return their best reading together with
//     Problems whose byte offsets point into the text they were given.
//   - Writers emit the specified canonical forms (§6, §7.4); parsing
//     what a writer produced yields the same value, except that a PDTL
//     scornful record cannot tell which of two scorned pawns was meant,
//     so that either may capture once it is read.
//   - Package-level tables are built at initialisation and never change,
//     so distinct Positions may be used from different goroutines.
//
// Where the specification leaves a choice open, the package follows its
// recommendations (§12): a scornful-capture record read from a PDTL that
// fits two scorned pawns lets either capture (§6.5, §12.1; a hint reports
// the ambiguity); en-passant records are written after every double or
// triple step; castling keeps letters under FAN.
package cescacs
