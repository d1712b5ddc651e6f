// Package input reads the game files that pgnls works on, for every
// program that reads them: the verbs of the command line (check, fmt,
// fix and those to come) and, next, the language server's workspace
// index.
//
// It owns what lies between a path and the text of its games:
//
//   - walking the paths given, directories and symbolic links included,
//     each file once however the paths reach it (Walker, ID);
//   - compressed files (gzip, bzip2, xz, zstd), told by their extension
//     or their first bytes, decompressed as a stream on a goroutine of
//     their own, bzip2 blocks in parallel (Open, NewText, ArchiveError);
//   - standard input, or any stream, read as a file is (NewText);
//   - encodings: what a text holds (UTF-8, Windows-1252 bytes, a
//     character Latin-1 cannot hold; ScanFacts), and the conversions
//     that keep or change it (UTF8Reader, Latin1Writer);
//   - writing a file back in place, atomically, keeping its mode, owner
//     and links (Replace);
//   - reading a text game by game (Games), with a bounded window of text
//     in memory (syntax.GameReader): no caller needs to hold a file.
//
// Memory does not grow with the size of a file: a text is read in
// blocks, a compressed one decoded a few blocks ahead of its reader. What
// grows with the number of files is the identity of each file met by a
// Walker.
//
// It sits below the analyses and knows nothing of them: it imports
// syntax and the decompressors, never another package of analysis, nor
// the protocol (go.lsp.dev), the logger (zap), lsp or cmd
// (analysis/layering_test.go enforces it). Flags, messages and output
// are the callers'.
package input
