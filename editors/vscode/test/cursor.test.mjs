// Unit tests of src/cursor.ts. Run after `npx esbuild src/cursor.ts
// --bundle --platform=node --format=cjs --outfile=out/cursor.cjs` with
// `node --test test/cursor.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { mapOffset, follow, coarsen, splitAt, diffLimit } = require('../out/cursor.cjs');

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

// games returns n games in the pgnmentor style, and the same formatted,
// and the edits between them, one per game, as pgnls sends them.
const games = (n) => {
  const olds = [];
  const neus = [];
  for (let i = 0; i < n; i++) {
    olds.push(`[Event "E${i}"]\n[White "P"]\n\n1.e4 e5 {g${i}} 2.Nf3 Nc6 3.Bb5 a6 *\n`);
    neus.push(`[Event "E${i}"]\n[White "P"]\n\n1. e4 e5 {g${i}} 2. Nf3 Nc6 3. Bb5 a6 *\n`);
  }
  const old = olds.join('\n');
  const edits = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const e = span(olds[i], neus[i]);
    edits.push({ start: at + e.start, end: at + e.end, text: e.text });
    at += olds[i].length + 1;
  }
  return { old, neu: neus.join('\n'), edits };
};

test('coarsen: one edit before the cursor game, its own, one after', () => {
  const { old, neu, edits } = games(6000);
  const k = old.indexOf('{g3000}') - 4; // in "e5" of game 3000
  const { edits: out, safe } = coarsen(old, edits, k);
  assert.equal(apply(old, out), neu);
  assert.ok(safe);
  assert.equal(out.length, 3);
  const [before, own, after] = out;
  assert.ok(before.end < own.start && own.end < after.start, 'the groups do not touch');
  assert.ok(own.start <= k && k <= own.end, 'the cursor is in its own edit');
  assert.ok(Math.min(before.end - before.start, after.end - after.start) > diffLimit, 'VS Code leaves both whole');
  assert.deepEqual(own, edits[3000]);
});

test('coarsen: a cursor between games, and at either end', () => {
  const { old, neu, edits } = games(6000);
  for (const k of [old.indexOf('[Event "E2500"]') - 1, 0, old.length]) {
    const { edits: out, safe } = coarsen(old, edits, k);
    assert.equal(apply(old, out), neu);
    assert.ok(safe);
    for (const e of out) {
      assert.ok(!(e.start < k && k < e.end) || e.end - e.start <= diffLimit, `cursor ${k} inside an edit VS Code leaves whole`);
    }
    assert.ok(out.length <= 2, `${out.length} edits`);
  }
});

test('coarsen: near an end, the short side stays as it was', () => {
  const { old, neu, edits } = games(6000);
  const k = old.indexOf('{g10}');
  const { edits: out, safe } = coarsen(old, edits, k);
  assert.equal(apply(old, out), neu);
  assert.deepEqual(out.slice(0, 11), edits.slice(0, 11), 'the first ten games, and the cursor game, as they were');
  assert.equal(out.length, 12);
  assert.ok(!safe, 'VS Code splits the ten games again');
});

test('coarsen: touching edits around the cursor stay with it', () => {
  const old = 'x'.repeat(300000);
  const edits = [
    { start: 10, end: 20, text: 'a' },
    { start: 150000, end: 150010, text: 'b' },
    { start: 150010, end: 150020, text: 'c' },
    { start: 150020, end: 150030, text: 'd' },
    { start: 150040, end: 150050, text: 'e' },
    { start: 299000, end: 299010, text: 'f' },
  ];
  const { edits: out, safe } = coarsen(old, edits, 150015);
  assert.equal(apply(old, out), apply(old, edits));
  assert.ok(safe);
  assert.deepEqual(out.slice(0, 4), edits.slice(0, 4), 'one edit before: as it was; the touching ones as they were');
  assert.equal(out.length, 5);
  assert.deepEqual([out[4].start, out[4].end], [150040, 299010], 'the two after them, 149 KB apart, as one');
});

test('coarsen: a small document is left as it was, not safe', () => {
  const { old, edits } = games(50);
  assert.deepEqual(coarsen(old, edits, 100), { edits, safe: false });
  assert.deepEqual(coarsen(old, edits.slice(0, 1), 100), { edits: edits.slice(0, 1), safe: true });
});

test('coarsen: a long game around the cursor is not safe', () => {
  const old = 'x'.repeat(400000);
  const edits = [{ start: 200000, end: 215000, text: 'y'.repeat(15001) }];
  assert.equal(coarsen(old, edits, 207000).safe, false);
});

// cursorAfter applies the parts of split one after the other, each as a
// replacement (as one, or as many: the cursor lands alike), and returns
// where a cursor at k lands: moved to the end of an edit ending at it or
// containing it (VS Code's formatting moves markers so), moved by those
// before it, kept before the after part.
const cursorAfter = (old, split, k) => {
  let at = k;
  for (const e of split.before) {
    if (k > e.end) at += e.text.length - (e.end - e.start);
    else if (k > e.start || (k === e.end && e.start < e.end)) at = e.start + e.text.length + (at - k);
  }
  const a = split.after;
  if (a && (a.start < k || (a.start === k && a.end === k))) throw new Error(`the after part ${a.start}-${a.end} does not leave the cursor ${k} before it`);
  return at;
};

test('splitAt: the edits up to the cursor, then the rest, and the cursor on its move', () => {
  const { old, neu, edits } = games(300);
  const g150 = old.indexOf('{g150}');
  for (const [word, off] of [['{g150}', 1], ['Nf3', 1], ['Nc6', 0], ['2.Nf3', 1], ['2.Nf3', 0], ['[Event "E77"]', 3]]) {
    const k = old.indexOf(word, word.startsWith('[') ? 0 : g150) + off;
    const split = splitAt(old, edits, k);
    const all = [...split.before, ...(split.after ? [split.after] : [])];
    assert.equal(apply(old, all), neu, `result with the cursor in ${word}`);
    assert.ok(split.before.every((e) => e.end <= k), 'the before part ends at the cursor');
    assert.equal(cursorAfter(old, split, k), mapOffset(old, edits, k), `cursor in ${word}`);
  }
  assert.deepEqual(splitAt(old, edits, 0).before, [], 'a cursor before every edit');
  assert.deepEqual(splitAt(old, edits, old.length), { before: edits }, 'after every edit');
});
