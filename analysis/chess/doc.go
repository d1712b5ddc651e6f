// Package chess implements the rules of orthodox chess and Chess960:
// positions, legal move generation, FEN and SAN.
//
// # Representation
//
// Squares are numbered 0..63 with a1 = 0, b1 = 1, ..., h8 = 63.
// A [Bitboard] holds one bit per square (bit n set means square n).
// A [Position] is a small value (about 100 bytes) of bitboards and
// scalars; copying it is cheap, and [Position.Make] returns the position
// after a move as a new value, leaving the receiver unchanged.
//
// The zero Position is not a valid position. Valid positions come from
// [StartPosition], [ParseFEN], [CheckFEN] (when every problem it reports
// is [FENError.Usable]) and [Position.Make]. Every valid position
// satisfies these invariants, on which move generation relies:
//
//   - each side has exactly one king;
//   - no pawn stands on the first or last rank;
//   - the side that is not to move is not in check;
//   - each castling right names a rook of its side standing on the
//     side's back rank together with the side's king (on the e-file in
//     standard chess), the rook on the flank the right is for;
//   - an en passant square, if set, lies directly behind a pawn that
//     could just have made a double step.
//
// Positions from ParseFEN pass the other checks of python-chess's
// Board.status() too: no side has more than 8 pawns or 16 men, and no
// check of the side to move is one that no move can give. Legal moves
// keep these properties. CheckFEN also returns positions that fail them
// (see [FENImpossible]).
//
// # Castling and Chess960
//
// Castling rights are stored as the squares of the castling rooks, so
// standard chess and Chess960 share one implementation. A castling
// [Move] is encoded as the king capturing its own rook; its SAN is
// "O-O" or "O-O-O".
//
// # Moves and SAN
//
// A [Move] is meaningful only in the position it was generated for.
// [ParseSAN] reads a move in Standard Algebraic Notation, accepting the
// common non-canonical spellings and recording them in [SAN.Quirks];
// [Position.Resolve] maps it to the unique legal move without
// generating all legal moves and without allocating, and
// [Position.Lint] reports soft problems (missing capture or check
// marks, superfluous disambiguation, non-canonical spelling) together
// with the canonical SAN produced by [Position.SAN].
//
// No function in this package panics on malformed FEN or SAN input.
package chess
