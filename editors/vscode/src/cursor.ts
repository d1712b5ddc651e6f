// Where a cursor goes when a formatting replaces text around it.
//
// VS Code (1.100) splits each edit of a formatting into the characters
// that change, unless the edit's old or new text is longer than diffLimit,
// and applies the result with the cursor kept in place and the view kept
// where it was, in one step; but past a thousand edits (a formatted
// database) it applies them all as one replacement, and the cursor lands
// at its end, the end of the file, with the view scrolled there.
// coarsen therefore regroups a formatting's edits so that VS Code never
// gets that far: the edits before the cursor's game become one edit, and
// those after it another, each left whole by VS Code when it is longer
// than diffLimit; only the edit around the cursor is split, and the
// cursor stays on its move. Where that cannot be (the cursor within
// diffLimit of a document's end, a small document, or a long game
// around it), the formatting is split at the cursor (splitAt): VS Code
// applies the edits before the cursor, which leave it and the view in
// place however VS Code groups them, and the extension the rest after
// them, which moves neither.

/** An edit of a text: [start, end) replaced by text, in UTF-16 offsets. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

const blank = /\s/;

/**
 * The length of text past which VS Code applies an edit of a formatting as
 * it is instead of computing the characters that change
 * (EditorWorker._diffLimit in VS Code 1.100).
 */
export const diffLimit = 100000;

/** A formatting's edits as coarsen regroups them. */
export interface Regrouped {
  /** The edits, with the same result. */
  edits: OffsetEdit[];
  /**
   * Whether VS Code applies them keeping the cursor: each side was
   * joined into an edit longer than diffLimit or holds one edit at most,
   * and the edits around the cursor are short (nearMax), so that VS Code
   * gets far fewer than a thousand changes.
   */
  safe: boolean;
}

/**
 * The length of the edits around the cursor past which VS Code may find
 * too many changes in them (a long annotated game rewrapped): coarsen
 * then says they are not safe.
 */
export const nearMax = 10000;

/**
 * coarsen returns edits (ascending, not overlapping, offsets in old)
 * regrouped, with the same result, so that VS Code applies them with the
 * cursor at offset k kept on its place: the edits chained to the one
 * around k (touching each other, which VS Code joins) stay as they are;
 * those before them become one edit, and those after them another, when
 * that edit is longer than diffLimit (a shorter one is split again by VS
 * Code, so they are left as they are, and the result is not safe).
 */
export function coarsen(old: string, edits: OffsetEdit[], k: number): Regrouped {
  // The near group [lo, hi): the edit holding k and those touching it.
  let lo = edits.findIndex((e) => e.end >= k);
  if (lo < 0) {
    lo = edits.length;
  }
  let hi = lo;
  if (lo < edits.length && edits[lo].start <= k) {
    hi = lo + 1;
    while (lo > 0 && edits[lo - 1].end === edits[lo].start) lo--;
    while (hi < edits.length && edits[hi].start === edits[hi - 1].end) hi++;
  }
  const before = join(old, edits.slice(0, lo));
  const after = join(old, edits.slice(hi));
  const near = edits.slice(lo, hi);
  const nearLength = near.reduce((n, e) => n + Math.max(e.end - e.start, e.text.length), 0);
  const safe = before.length < 2 && after.length < 2 && nearLength <= nearMax;
  return { edits: [...before, ...near, ...after], safe };
}

/** A formatting's edits split at a cursor (see splitAt). */
export interface Split {
  /** The edits before the cursor, the last one ending at it at most. */
  before: OffsetEdit[];
  /**
   * The rest as one edit, after the cursor, or starting at it when it
   * replaces the character there; undefined when there is none.
   */
  after?: OffsetEdit;
}

/**
 * splitAt splits edits (ascending, not overlapping, offsets in old) at
 * offset k, the cursor, so that applied one part after the other, and
 * however an editor groups each part, the cursor ends where mapOffset
 * says: the edits before the cursor, with the part of the one around it
 * up to it (a cursor at the end of a replacement moves to the end of the
 * new text, which is where it belongs); then the rest as one edit, which
 * leaves the cursor before it (it starts after the cursor, or at it but
 * replacing the character there: a cursor at the start of a replacement
 * not forced to move it stays).
 */
export function splitAt(old: string, edits: OffsetEdit[], k: number): Split {
  let i = edits.findIndex((e) => e.end > k);
  if (i < 0) {
    return { before: edits };
  }
  if (edits[i].start === k && edits[i].end === k) {
    i++; // an insertion at the cursor: the cursor goes after it
  }
  const before = edits.slice(0, i);
  const rest = edits.slice(i);
  if (rest.length === 0) {
    return { before };
  }
  const { start, end, text } = region(old, rest);
  if (start >= k) {
    return { before, after: { start, end, text } };
  }
  const t = mapOffset(old, rest, k) - start;
  before.push({ start, end: k, text: text.slice(0, t) });
  if (old[k] !== text[t]) {
    return { before, after: { start: k, end, text: text.slice(t) } };
  }
  if (k + 1 === end && t + 1 === text.length) {
    return { before };
  }
  return { before, after: { start: k + 1, end, text: text.slice(t + 1) } };
}

/**
 * join returns edits (ascending, not overlapping) as one edit from the
 * start of the first to the end of the last, when it is longer than
 * diffLimit; else as they are.
 */
function join(old: string, edits: OffsetEdit[]): OffsetEdit[] {
  if (edits.length < 2) {
    return edits;
  }
  const { start, end, text } = region(old, edits);
  if (Math.max(end - start, text.length) <= diffLimit) {
    return edits;
  }
  return [{ start, end, text }];
}

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

/**
 * region returns edits (ascending, not overlapping, at least one) as one
 * edit from the start of the first to the end of the last, with the text
 * between them kept.
 */
function region(old: string, edits: OffsetEdit[]): OffsetEdit {
  const start = edits[0].start;
  let text = '';
  let at = start;
  for (const e of edits) {
    text += old.slice(at, e.start) + e.text;
    at = e.end;
  }
  return { start, end: at, text };
}
