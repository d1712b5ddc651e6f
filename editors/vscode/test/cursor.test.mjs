// Unit tests of src/cursor.ts. Run after `npx esbuild src/cursor.ts
// --bundle --platform=node --format=cjs --outfile=out/cursor.cjs` with
// `node --test test/cursor.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { mapOffset, follow } = require('../out/cursor.cjs');

// apply returns text with edits applied.
const apply = (text, edits) => {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
};

// span returns the one edit turning old into neu, from the first
// character that differs to the last, as pgnls sends one per game.
const span = (old, neu) => {
  let p = 0;
  while (p < old.length && p < neu.length && old[p] === neu[p]) p++;
  let q = 0;
  while (q < old.length - p && q < neu.length - p && old[old.length - 1 - q] === neu[neu.length - 1 - q]) q++;
  return { start: p, end: old.length - q, text: neu.slice(p, neu.length - q) };
};

test('a cursor stays on its word through a game formatted around it', () => {
  const old = '{c}\n[White "P1"]\n[Site "S"]\n\n1.e4 e5 {g1} 2.Nf3 Nc6 *\n';
  const neu = '{c}\n[Site "S"]\n[White "P1"]\n\n1. e4 e5 {g1} 2. Nf3 Nc6 *\n';
  const edits = [span(old, neu)];
  assert.equal(apply(old, edits), neu);
  for (const [word, off] of [['Nf3', 1], ['White', 0], ['e5', 0], ['Nc6', 2]]) {
    const k = old.indexOf(word) + off;
    assert.equal(mapOffset(old, edits, k), neu.indexOf(word) + off, `cursor in ${word}`);
  }
  // Before and after every edit (and the words it touches), a cursor is
  // shifted.
  assert.equal(mapOffset(old, edits, 0), 0);
  assert.equal(mapOffset(old, edits, old.length), neu.length);
});

test('a cursor in a later game is shifted by the edits before it', () => {
  const game = (i) => `[Event "E"]\n\n1.e4 e5 {g${i}} *\n`;
  const old = [1, 2, 3].map(game).join('\n');
  const edits = [];
  let at = 0;
  for (let i = 1; i <= 3; i++) {
    const s = old.indexOf(`1.e4 e5 {g${i}}`, at);
    edits.push({ start: s + 2, end: s + 2, text: ' ' });
    at = s + 1;
  }
  const neu = apply(old, edits);
  const k = old.indexOf('{g3}') + 1;
  assert.equal(mapOffset(old, edits, k), neu.indexOf('{g3}') + 1);
});

test('follow falls back to the same distance when the word is gone', () => {
  assert.equal(follow('abc def', 'xyz', 5), 3);
  assert.equal(follow('9.Bc2 d5', '9. Bc2 d5', 2), 3);
});
