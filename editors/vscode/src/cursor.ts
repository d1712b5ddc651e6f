// Where a cursor goes when a formatting replaces text around it. VS Code
// keeps a cursor in place through the edits of a formatting only while
// they are few: past a thousand edits (a formatted database, once VS Code
// has split each game's edit into the characters that change) it applies
// them as one replacement and the cursor lands at its end, the end of the
// file. The extension therefore moves each cursor itself, to the place
// mapOffset gives, once the formatting is applied.

/** An edit of a text: [start, end) replaced by text, in UTF-16 offsets. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

const blank = /\s/;

/**
 * mapOffset returns where offset k of old lands once edits (ascending,
 * not overlapping, offsets in old) are applied: shifted by the edits
 * before it, or, inside an edit (grown to whole words: a formatter's edit
 * may start inside the word the cursor is on), on the same occurrence of
 * the same word of the new text (see follow).
 */
export function mapOffset(old: string, edits: OffsetEdit[], k: number): number {
  let delta = 0;
  let floor = 0;
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i];
    const ceil = i + 1 < edits.length ? edits[i + 1].start : old.length;
    let a = e.start;
    let b = e.end;
    while (a > floor && !blank.test(old[a - 1])) a--;
    while (b < ceil && !blank.test(old[b])) b++;
    if (k < a) return k + delta;
    if (k < b) {
      const text = old.slice(a, e.start) + e.text + old.slice(e.end, b);
      return a + delta + follow(old.slice(a, b), text, k - a);
    }
    delta += e.text.length - (e.end - e.start);
    floor = e.end;
  }
  return k + delta;
}

/**
 * follow returns where offset k of before lands in after, the text that
 * replaced it: on the same occurrence of the same word (a run of ASCII
 * letters and digits, so that "9.Bc2" and "9. Bc2" have the same words;
 * the word at k or the next one), at the same place in it; else as far
 * into after as it was into before.
 */
export function follow(before: string, after: string, k: number): number {
  const words = (s: string) => [...s.matchAll(/[A-Za-z0-9]+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: m[0] }));
  const old = words(before);
  const at = old.findIndex((w) => k < w.end);
  if (at < 0) return Math.min(k, after.length);
  const { word, start } = old[at];
  const nth = old.slice(0, at + 1).filter((w) => w.word === word).length;
  const found = words(after).filter((w) => w.word === word)[nth - 1];
  if (!found) return Math.min(k, after.length);
  return found.start + Math.min(Math.max(k - start, 0), word.length - 1);
}
