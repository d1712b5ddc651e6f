// Package workspace is the index of the games of an editor's workspace:
// what answers workspace/symbol, references on a move and the board's
// opening explorer over the user's own files.
//
// It owns:
//
//   - the index of each game file of the workspace folders (PGN and
//     CTL-PGN, compressed or not, read through analysis/input): a table
//     of its games (where each is, its name, result and date) and the
//     postings of the positions of their main lines, keyed by the rules
//     engines' position hashes (chess.Key.Hash, cescacs.RepetitionKey.
//     Hash), so that transpositions meet; each posting has the move that
//     reaches the position, where it is, and the move played from it;
//   - the on-disk cache of those tables, one file per game file under
//     the user cache directory (os.UserCacheDir()/pgnls/workspace), valid
//     while the game file has the size and modification time it was
//     indexed at: an index outlives the process, and only the files that
//     changed are read again (Build);
//   - the overlays of open documents, whose text (not the disk's) the
//     index answers for: an overlay is indexed in memory when asked,
//     again after each edit (SetOverlays);
//   - the questions: the games reaching a position (Reaching), the
//     moves played from it with their scores and the latest games
//     (Explore), the games whose names match a text or that meet a query
//     of the language of pgnls select (Games, with analysis/match).
//
// Memory does not grow with the workspace: the postings of a file are
// sorted within a budget, spilling sorted runs to disk (analysis/spill),
// and the tables are read from their cache files by offset when asked,
// never held. Only the list of files and the overlays' tables are kept.
//
// Columns are counted as LSP counts them (UTF-16 code units, a byte that
// is not UTF-8 read as Windows-1252 counting one), so that the server
// can place a game of a file it has not opened without reading it.
//
// The package knows nothing of the protocol: it must not import lsp,
// go.lsp.dev, zap, cmd, the incremental engine (analysis/session) or the
// analyzer registry (analysis/checks); analysis/layering_test.go
// enforces it.
package workspace
