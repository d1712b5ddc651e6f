// Shared by the JavaScript peers: read a PGN file and split it into games.
//
// A game starts at a tag line ("[" in column 1, outside a {comment}) that
// follows movetext. Good enough for the corpus (export-like files); the
// split is not timed separately, it is part of each peer's whole run.
import { readFileSync } from 'node:fs';

export function readText(path) {
  return readFileSync(path, 'utf8');
}

export function splitGames(text) {
  const games = [];
  const lines = text.split('\n');
  let start = 0; // line index where the current game starts
  let sawMoves = false; // movetext seen since the current game's tags
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inComment && line.startsWith('[') && sawMoves) {
      games.push(lines.slice(start, i).join('\n'));
      start = i;
      sawMoves = false;
    }
    if (!inComment && (line.startsWith('[') || line.startsWith('%') || line.trim() === '')) {
      continue; // tag, escape or empty line
    }
    // movetext line: track {comments} spanning lines; ';' comments end the line.
    for (let j = 0; j < line.length; j++) {
      const c = line[j];
      if (inComment) {
        if (c === '}') inComment = false;
      } else if (c === '{') {
        inComment = true;
      } else if (c === ';') {
        break;
      } else if (c !== ' ' && c !== '\t' && c !== '\r') {
        sawMoves = true;
      }
    }
  }
  const last = lines.slice(start).join('\n');
  if (last.trim() !== '') games.push(last);
  return games;
}

export function report(tool, path, games, errors, plies, firstErrors) {
  console.log(`${tool}\tgames=${games}\terrors=${errors}\tplies=${plies}\t${path}`);
  for (const e of firstErrors) console.error(`${tool}: ${e}`);
}
