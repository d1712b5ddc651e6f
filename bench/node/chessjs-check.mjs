// chess.js peer: split a PGN file into games and load each with chess.js
// loadPgn (its PEG parser reads variations but loadPgn replays only the main
// line, move by move, with full legality).
//
// Usage: node chessjs-check.mjs FILE
// Prints: chess.js <TAB> games=N <TAB> errors=E <TAB> plies=P <TAB> FILE
// (games = games loaded without error; errors = games loadPgn rejected;
// plies = main-line moves, counted from move 1 as the corpus has no FEN
// games: chess.history() would cost more than the load itself).
// Exit 1 if errors > 0.
import { Chess } from 'chess.js';
import { readText, splitGames, report } from './split.mjs';

const path = process.argv[2];
const chess = new Chess();
let games = 0;
let errors = 0;
let plies = 0;
const firstErrors = [];
splitGames(readText(path)).forEach((pgn, n) => {
  try {
    chess.loadPgn(pgn);
    games++;
    plies += 2 * chess.moveNumber() - (chess.turn() === 'w' ? 2 : 1);
  } catch (e) {
    errors++;
    if (firstErrors.length < 5) firstErrors.push(`game ${n + 1}: ${String(e.message).slice(0, 200)}`);
  }
});
report('chess.js', path, games, errors, plies, firstErrors);
process.exitCode = errors > 0 ? 1 : 0;
