// Package chess implements the rules of orthodox chess, Chess960 and the
// variants lichess plays (crazyhouse, atomic, antichess, king of the
// hill, three-check, horde, racing kings): positions, legal move
// generation, FEN and SAN, and how games end.
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
// [StartPosition], [VariantStart], [ParseFEN], [CheckFEN] and
// [CheckVariantFEN] (when every problem they report is
// [FENError.Usable]) and [Position.Make]. Every valid position of
// orthodox chess or Chess960 satisfies these invariants, on which move
// generation relies:
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
// # Variants
//
// A Position carries its [Variant]. The variants relax the invariants
// above as their rules do: antichess has any number of kings, the horde
// none and pawns on its first rank, an atomic king may stand next to the
// other and is not in check then, and a game ended by a variant's rule
// (a king on the hill, a third check, an exploded king, a side without
// pieces, a king home in racing kings) has no legal move. The orthodox
// code paths test the variant once and hand over to rules.go, so that
// orthodox move generation keeps its speed; [Position.Outcome] says who
// won and why. Crazyhouse drops are moves too ([Move.Drop]), written
// "N@f3" in SAN.
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
