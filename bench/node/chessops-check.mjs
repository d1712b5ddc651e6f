// chessops peer: parse every game of a PGN file with chessops' PGN parser
// and replay every move of its main line with chessops' position and SAN
// code (parseSan + play: full legality). Variations are parsed, not replayed.
//
// Usage: node chessops-check.mjs FILE
// Prints: chessops <TAB> games=N <TAB> errors=E <TAB> plies=P <TAB> FILE
// (games = games replayed to the end of their main line; errors = games
// with a bad starting position or an illegal or unreadable main-line move;
// plies = main-line moves played). Exit 1 if errors > 0.
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { readText, report } from './split.mjs';

const path = process.argv[2];
const games = parsePgn(readText(path));
let errors = 0;
let plies = 0;
const firstErrors = [];
games.forEach((game, n) => {
  const start = startingPosition(game.headers);
  if (start.isErr) {
    errors++;
    if (firstErrors.length < 5) firstErrors.push(`game ${n + 1}: bad start position: ${start.error}`);
    return;
  }
  const pos = start.value;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) {
      errors++;
      if (firstErrors.length < 5) firstErrors.push(`game ${n + 1}: illegal move ${node.san}`);
      return;
    }
    pos.play(move);
    plies++;
  }
});
report('chessops', path, games.length - errors, errors, plies, firstErrors);
process.exitCode = errors > 0 ? 1 : 0;
