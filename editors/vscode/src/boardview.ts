// The board panel's pure part: what a pgnls/board answer looks like, the
// HTML the panel shows for it, where each step moves the cursor, and the
// lichess analysis URL of a position. No VS Code API here, so that node's
// test runner can check all of it (test/boardview.test.mjs).

/** An LSP position: zero-based line, UTF-16 column. */
export interface LspPosition {
  line: number;
  character: number;
}

/** An LSP range. */
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

/** A move of the line in a pgnls/board answer. */
export interface BoardMove {
  san: string;
  range: LspRange;
  number: string;
  ply: number;
  illegal?: boolean;
  variations?: { san: string; range: LspRange }[];
}

/** The lichess annotations of the move shown. */
export interface BoardAnnotations {
  arrows: { from: string; to: string; color: string }[];
  squares: { square: string; color: string }[];
  eval: { text: string; pawns?: number; mate?: number; depth?: number } | null;
  clock: string | null;
}

/** The answer to pgnls/board (the server's README documents it). */
export interface BoardAnswer {
  variant: string;
  position: string | null;
  ply: number;
  lastMove: { from: string; to: string } | null;
  svg: string | null;
  annotations: BoardAnnotations;
  moves: BoardMove[];
  current: number;
  depth: number;
  lineStart: LspPosition;
  note: string | null;
  /** The moves that may be played on a C'escacs board (null for PGN and where the position is not known). */
  plays?: HexPlay[] | null;
  /** The explorer over the workspace's games, when asked for. */
  explorer?: Explorer | null;
}

/**
 * A move of a C'escacs board, from the server's move generator: its hexes
 * (the king's for a castling, the pawn's twice for a deferred promotion)
 * and its CTL-AN text, which pgnls.play takes.
 */
export interface HexPlay {
  from: string;
  to: string;
  move: string;
}

/**
 * hexTargets returns the hexes the piece on the hex from may move to,
 * each once, in the order of plays.
 */
export function hexTargets(plays: HexPlay[], from: string): string[] {
  const out: string[] = [];
  for (const p of plays) {
    if (p.from === from && !out.includes(p.to)) out.push(p.to);
  }
  return out;
}

/**
 * hexChoices returns the moves from the hex from to the hex to: none (not
 * a move), one (play it), or several for the user to pick from (the
 * promotions of a pawn; the king's leap and the castlings that land it
 * on one hex).
 */
export function hexChoices(plays: HexPlay[], from: string, to: string): string[] {
  return plays.filter((p) => p.from === from && p.to === to).map((p) => p.move);
}

/** A score: games by result. */
export interface Score {
  games: number;
  whiteWins: number;
  draws: number;
  blackWins: number;
}

/** The explorer of pgnls/board: the moves the workspace's games play from the position, and the latest of them. */
export interface Explorer extends Score {
  moves: (Score & { san: string })[];
  recent: { name: string; date: string; result: string; next: string; location: { uri: string; range: { start: LspPosition; end: LspPosition } } }[];
  indexing: boolean;
  text: string;
  folders: string[];
}

/** percent writes n of total as a whole percentage. */
function percent(n: number, total: number): string {
  return `${total > 0 ? Math.round((n * 100) / total) : 0}%`;
}

/** scoreBar is a bar of White wins, draws and Black wins, with the percentages. */
function scoreBar(s: Score): string {
  const w = percent(s.whiteWins, s.games), d = percent(s.draws, s.games), b = percent(s.blackWins, s.games);
  return `<span class="score" title="White wins ${w} · draws ${d} · Black wins ${b}"><span class="w" style="width:${w}"></span><span class="d" style="width:${d}"></span><span class="b" style="width:${b}"></span></span>` +
    `<span class="dim">${w} / ${d} / ${b}</span>`;
}

/** fileName is the last element of a URI's path. */
function fileName(uri: string): string {
  const i = uri.lastIndexOf('/');
  return decodeURIComponent(i >= 0 ? uri.slice(i + 1) : uri);
}

/** explorerView returns the HTML of the explorer x (undefined: not asked for). */
export function explorerView(x: Explorer | null | undefined): string {
  if (!x) return '';
  if (x.games === 0) {
    return `<section class="explorer" aria-label="explorer"><p class="dim">${escapeHtml(x.indexing ? 'No game found here yet: the workspace is being indexed.' : 'No game of the workspace reaches this position.')}</p></section>`;
  }
  const rows = x.moves.map(
    (m) => `<tr data-san="${escapeHtml(m.san)}"><td class="san">${escapeHtml(m.san)}</td><td class="n">${m.games}</td><td>${scoreBar(m)}</td></tr>`,
  );
  const recent = x.recent.map(
    (g) => `<li title="${escapeHtml(fileName(g.location.uri))}:${g.location.range.start.line + 1}">${escapeHtml(g.name)} <span class="dim">→ ${escapeHtml(g.next || 'end')} · ${escapeHtml(fileName(g.location.uri))}</span></li>`,
  );
  return `<section class="explorer" aria-label="explorer">
<div class="dim">${x.games} game${x.games === 1 ? '' : 's'} of the workspace reach this position${x.indexing ? ' (indexing…)' : ''} ${scoreBar(x)}</div>
<table>${rows.join('')}</table>
${recent.length > 0 ? `<div class="dim">Latest</div><ul>${recent.join('')}</ul>` : ''}
</section>`;
}

/** The steps through a line, as commands pgnls.board.<step>. */
export type Step = 'next' | 'previous' | 'first' | 'last' | 'nextVariation';

/**
 * Where a step goes: a place for the cursor, out of the variation (to the
 * move before the one it replaces, which takes the answer at the
 * variation's opening parenthesis: see exitTarget), or nowhere, and why.
 */
export type StepTarget = { at: LspPosition } | { exit: true } | { none: string };

/** stepTarget returns where step moves the cursor from the board b. */
export function stepTarget(b: BoardAnswer, step: Step): StepTarget {
  const c = b.current;
  const n = b.moves.length;
  switch (step) {
    case 'next':
      return c + 1 < n ? { at: b.moves[c + 1].range.start } : { none: n === 0 ? 'this line has no moves' : 'this is the last move of the line' };
    case 'previous':
      if (c > 0) return { at: b.moves[c - 1].range.start };
      if (b.depth > 0) return { exit: true };
      return c === 0 ? { at: b.lineStart } : { none: 'this is the start of the game' };
    case 'first':
      return c >= 0 ? { at: b.lineStart } : { none: 'this is the start of the line' };
    case 'last':
      return n > 0 && c !== n - 1 ? { at: b.moves[n - 1].range.start } : { none: n === 0 ? 'this line has no moves' : 'this is the last move of the line' };
    case 'nextVariation':
      for (let k = Math.max(c + 1, 0); k < n; k++) {
        const v = b.moves[k].variations;
        if (v && v.length > 0) return { at: v[0].range.start };
      }
      return { none: 'no variation branches off later in this line' };
  }
}

const samePosition = (a: LspPosition, b: LspPosition) => a.line === b.line && a.character === b.character;

/**
 * exitTarget returns where the cursor goes to leave a variation whose
 * first move is at first: to the move before the one the variation
 * replaces in parent, the answer for the line around the variation (at
 * its opening parenthesis), or to that line's start.
 */
export function exitTarget(parent: BoardAnswer, first: LspPosition): LspPosition {
  const k = parent.moves.findIndex((m) => (m.variations ?? []).some((v) => samePosition(v.range.start, first)));
  const before = k >= 0 ? k - 1 : parent.current;
  return before >= 0 ? parent.moves[before].range.start : parent.lineStart;
}

/**
 * lichessURL returns the lichess analysis board of the position of b
 * (https://lichess.org/analysis/<FEN with spaces as _>), seen from
 * Black's side when flipped, or why there is none.
 */
export function lichessURL(b: BoardAnswer, flipped: boolean): { url: string } | { none: string } {
  if (b.variant === 'cescacs') {
    return { none: "lichess has no C'escacs: it plays chess on a square board only" };
  }
  if (b.variant !== 'chess' && b.variant !== 'chess960') {
    return { none: 'lichess is not given positions of this variant: pgnls does not know its rules' };
  }
  if (!b.position) {
    return { none: 'the position here is not known' };
  }
  const fen = b.position.trim().split(/\s+/).map(encodeURIComponent).join('_').replace(/%2F/g, '/');
  const variant = b.variant === 'chess960' ? 'chess960/' : '';
  return { url: `https://lichess.org/analysis/${variant}${fen}${flipped ? '?color=black' : ''}` };
}

/** positionName is what the position string is called: FEN or PDTL. */
export function positionName(b: BoardAnswer): string {
  return b.variant === 'cescacs' ? 'PDTL' : 'FEN';
}

/** escapeHtml escapes s for HTML text and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * inlineSVG returns the board drawing of the server as HTML: the SVG
 * itself, so that the page's CSS sizes it and gives its background and
 * coordinates the theme's colours; as an image when it holds anything a
 * board drawing does not (scripts, foreign content, links), which the
 * page's Content Security Policy would block anyway.
 */
export function inlineSVG(svg: string, alt: string): string {
  const plain = /^<svg\s[^>]*>/.test(svg) && svg.trimEnd().endsWith('</svg>') && !/<(script|foreignObject|a|iframe|style)\b|\son[a-z]+\s*=|javascript:|href\s*=\s*["'](?!#)/i.test(svg);
  if (plain) {
    return svg.replace(/^<svg\s/, `<svg role="img" aria-label="${escapeHtml(alt)}" `);
  }
  return `<img src="data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}" alt="${escapeHtml(alt)}">`;
}

/**
 * evalText describes an evaluation: "+0.35", "−1.20", "#3" (White mates
 * in 3), "#−3"; with its depth when given.
 */
export function evalText(e: NonNullable<BoardAnnotations['eval']>): string {
  const sign = (x: number) => (x > 0 ? '+' : x < 0 ? '\u2212' : '');
  let s = e.text;
  if (e.mate !== undefined) {
    s = `#${sign(e.mate) === '+' ? '' : sign(e.mate)}${Math.abs(e.mate)}`;
  } else if (e.pawns !== undefined) {
    s = `${sign(e.pawns)}${Math.abs(e.pawns).toFixed(2)}`;
  }
  return e.depth ? `${s} (depth ${e.depth})` : s;
}

/**
 * whiteShare is the part of an evaluation bar that is White's, from 0 to
 * 1: lichess's winning chances of the score, all or nothing for a mate.
 */
export function whiteShare(e: NonNullable<BoardAnnotations['eval']>): number {
  if (e.mate !== undefined) return e.mate > 0 ? 1 : e.mate < 0 ? 0 : 0.5;
  const cp = (e.pawns ?? 0) * 100;
  return 0.5 + 0.5 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

/** sideToMove names the side to move after ply half-moves. */
function sideToMove(ply: number): string {
  return ply % 2 === 0 ? 'White' : 'Black';
}

/** A black move's number, written before it only after a break. */
const continuation = /(\.\.\.|…,?)$/;

/** moveButton is one move of the list. */
function moveButton(m: BoardMove, i: number, current: number, withNumber: boolean): string {
  const cls = ['move'];
  if (i === current) cls.push('current');
  if (m.illegal) cls.push('illegal');
  const num = withNumber ? `<span class="num">${escapeHtml(m.number)}</span> ` : '';
  const title = m.illegal ? ' title="cannot be played: the line stops here"' : '';
  return `<button class="${cls.join(' ')}" data-action="goto" data-index="${i}"${title}>${num}${escapeHtml(m.san)}</button>`;
}

/** moveList is the line's moves, with the variations under the move they replace. */
function moveList(b: BoardAnswer): string {
  const out: string[] = [];
  const start = b.depth > 0 ? 'start of the variation' : 'start';
  out.push(`<button class="move start${b.current === -1 ? ' current' : ''}" data-action="first">${start}</button>`);
  b.moves.forEach((m, i) => {
    const prev = b.moves[i - 1];
    const withNumber = i === 0 || !continuation.test(m.number) || (prev?.variations?.length ?? 0) > 0;
    out.push(moveButton(m, i, b.current, withNumber));
    if (m.variations && m.variations.length > 0) {
      const vars = m.variations
        .map((v, j) => `<button class="variation" data-action="variation" data-index="${i}" data-variation="${j}">${escapeHtml(m.number)} ${escapeHtml(v.san)}</button>`)
        .join(' ');
      out.push(`<div class="variations" title="variations instead of ${escapeHtml(m.number)} ${escapeHtml(m.san)}">(${vars})</div>`);
    }
  });
  return out.join('\n');
}

/**
 * chessBoard places squares on a chess board as the server draws it
 * (query's annotatedChessSVG: a viewBox of 336 units, the files from x 16
 * with the rank numbers to their left, squares of 40 from the top), shown
 * w pixels wide and seen from Black's side when flipped: at returns the
 * square ("e4") at a point (pixels from the top left corner), "" outside
 * the squares; box returns where a square is drawn, in pixels. The page's
 * script holds a copy (renderPage): it reads nothing outside itself.
 */
export function chessBoard(w: number, flipped: boolean) {
  const u = w / 336;
  const left = 16;
  const square = 40;
  return {
    at(x: number, y: number): string {
      const col = Math.floor((x / u - left) / square);
      const row = Math.floor(y / u / square);
      if (col < 0 || col > 7 || row < 0 || row > 7) return '';
      const file = flipped ? 7 - col : col;
      const rank = flipped ? row : 7 - row;
      return 'abcdefgh'[file] + String(rank + 1);
    },
    box(sq: string): { left: number; top: number; size: number } {
      const file = sq.charCodeAt(0) - 97;
      const rank = Number(sq.slice(1)) - 1;
      const col = flipped ? 7 - file : file;
      const row = flipped ? rank : 7 - rank;
      return { left: (left + col * square) * u, top: row * square * u, size: square * u };
    },
  };
}

/**
 * pieceOn returns the FEN letter of the piece on square ("P", "k"), or ""
 * for an empty square or a FEN it cannot read.
 */
export function pieceOn(fen: string, square: string): string {
  const rows = (fen.split(' ')[0] ?? '').split('[')[0].split('/');
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  const row = rows[7 - rank];
  if (row === undefined || file < 0 || file > 7) return '';
  let f = 0;
  for (const c of row) {
    if (c >= '1' && c <= '9') {
      f += Number(c);
      continue;
    }
    if (c === '~') continue;
    if (f === file) return c;
    f++;
  }
  return '';
}

/**
 * promotes reports whether a move of piece (a FEN letter) to the square
 * to is a pawn's move to its last rank, which needs a promotion piece.
 */
export function promotes(piece: string, to: string): boolean {
  return (piece === 'P' && to.endsWith('8')) || (piece === 'p' && to.endsWith('1'));
}

/**
 * pocket returns the pieces the side to move holds in a crazyhouse FEN
 * (its letters in upper case, each once: "NP"), "" for none.
 */
export function pocket(fen: string): string {
  const m = /\[([A-Za-z]*)\]/.exec(fen.split(' ')[0] ?? '');
  const white = (fen.split(' ')[1] ?? 'w') === 'w';
  const held = (m?.[1] ?? '').split('').filter((c) => (c === c.toUpperCase()) === white);
  let out = '';
  for (const c of 'QRBNP') {
    if (held.some((h) => h.toUpperCase() === c)) out += c;
  }
  return out;
}

/** The state of the panel the view depends on besides the answer. */
export interface ViewState {
  flipped: boolean;
  where: string; // the file and line followed, "game.pgn:12"
}

/**
 * renderView returns the HTML of the panel's content for the answer b
 * (null: the cursor is in no game).
 */
export function renderView(b: BoardAnswer | null, st: ViewState): string {
  if (!b) {
    return `<p class="empty">No game at the cursor (${escapeHtml(st.where)}). Put the cursor on a move.</p>`;
  }
  const cur = b.current >= 0 ? b.moves[b.current] : undefined;
  const shown = cur ? `${cur.number} ${cur.san}` : b.depth > 0 ? 'Start of the variation' : 'Start';
  const line = b.depth === 0 ? 'main line' : b.depth === 1 ? 'variation' : `variation (depth ${b.depth})`;
  const heading = `<div class="heading"><strong>${escapeHtml(shown)}</strong> <span class="dim">· ${line}${
    b.position ? ` · ${sideToMove(b.ply)} to move` : ''
  } · ${escapeHtml(st.where)}</span></div>`;

  const name = positionName(b);
  const alt = `${b.variant === 'cescacs' ? "C'escacs" : 'chess'} board${cur ? ` after ${cur.number} ${cur.san}` : ''}`;
  const board = b.svg ? inlineSVG(b.svg, alt) : `<p class="empty">The position here is not known.</p>`;
  const a = b.annotations;
  const facts: string[] = [];
  if (a.eval) {
    const share = (whiteShare(a.eval) * 100).toFixed(1);
    facts.push(
      `<span class="eval" title="evaluation ([%eval])"><span class="bar" aria-hidden="true"><span style="width:${share}%"></span></span>` +
        `Eval <strong>${escapeHtml(evalText(a.eval))}</strong></span>`,
    );
  }
  if (a.clock) {
    const who = cur ? `${cur.ply % 2 === 1 ? 'White' : 'Black'}'s clock` : 'Clock';
    facts.push(`<span class="clock" title="clock after the move ([%clk])">${who} <strong>${escapeHtml(a.clock)}</strong></span>`);
  }
  const under = facts.length > 0 ? `<div class="under">${facts.join('')}</div>` : '';
  const held = b.variant === 'crazyhouse' && b.position ? pocket(b.position) : '';
  const pocketRow = held
    ? `<div class="pocket" title="pieces in hand: click one, then a square, to drop it">In hand ${held
        .split('')
        .map((c) => `<button data-action="drop" data-piece="${c}">${c}</button>`)
        .join('')}</div>`
    : '';
  const note = b.note ? `<div class="note">${escapeHtml(b.note)}</div>` : '';

  const lichess = lichessURL(b, st.flipped);
  const buttons = [
    `<button data-action="first" title="Start of the line (Home)">⇤</button>`,
    `<button data-action="previous" title="Previous move (←)">◀</button>`,
    `<button data-action="next" title="Next move (→)">▶</button>`,
    `<button data-action="last" title="Last move of the line (End)">⇥</button>`,
    `<button data-action="nextVariation" title="Into the next variation (↓)">⤵ variation</button>`,
    `<button data-action="flip" title="Flip the board (F)"${st.flipped ? ' aria-pressed="true"' : ''}>⇅ flip</button>`,
    b.position ? `<button data-action="copyPosition" title="Copy the ${name} (C)">copy ${name}</button>` : '',
    'url' in lichess ? `<button data-action="openInLichess" title="${escapeHtml(lichess.url)}">lichess analysis</button>` : '',
  ];
  const toolbar = `<div class="toolbar" role="toolbar">${buttons.filter((x) => x !== '').join('')}</div>`;
  const position = b.position ? `<div class="position"><span class="dim">${name}</span> <code>${escapeHtml(b.position)}</code></div>` : '';
  const attrs = [
    `data-variant="${escapeHtml(b.variant)}"`,
    `data-ply="${b.ply}"`,
    `data-current="${b.current}"`,
    `data-depth="${b.depth}"`,
    `data-position="${escapeHtml(b.position ?? '')}"`,
    `data-arrows="${a.arrows.length}"`,
    `data-flipped="${st.flipped}"`,
    `data-playable="${
      b.variant === 'cescacs' ? (b.plays ?? []).length > 0 && b.svg !== null : b.variant !== 'unknown' && b.svg !== null && b.position !== null
    }"`,
    b.variant === 'cescacs' ? `data-plays="${escapeHtml(JSON.stringify(b.plays ?? []))}"` : '',
  ]
    .filter((x) => x !== '')
    .join(' ');
  return `<div class="layout" ${attrs}>
<section class="main">
${heading}
<div class="board">${board}</div>
${under}
${pocketRow}
<div class="promotion" hidden>Promote to ${['Q', 'R', 'B', 'N'].map((c) => `<button data-action="promote" data-piece="${c.toLowerCase()}">${c}</button>`).join('')}${
    b.variant === 'antichess' ? '<button data-action="promote" data-piece="k">K</button>' : ''
  }<button data-action="cancelPromotion">cancel</button></div>
<div class="choices" hidden title="moves between these hexes: pick one"></div>
${note}
${toolbar}
${position}
${explorerView(b.explorer)}
</section>
<section class="moves" aria-label="moves of the ${line}">
${moveList(b)}
</section>
</div>`;
}

/**
 * renderPage is the panel's document: styles from the theme's CSS
 * variables, an empty view that messages fill (renderView's HTML), and the
 * script, allowed by its nonce alone, that sends clicks and keys back.
 */
export function renderPage(cspSource: string, nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${cspSource}; style-src 'unsafe-inline'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Board</title>
<style>
  html, body { height: 100%; }
  body { margin: 0; padding: 0.5em 0.75em; box-sizing: border-box; font-family: var(--vscode-font-family); font-size: var(--vscode-font-size);
    color: var(--vscode-foreground); background: var(--vscode-editor-background); overflow: hidden; }
  #view { height: 100%; }
  .layout { display: flex; flex-direction: column; gap: 0.5em; height: 100%; }
  .main { display: flex; flex-direction: column; gap: 0.4em; min-height: 0; flex: none; }
  .board { width: min(100%, calc(100vh - 18em)); min-width: 12em; }
  .board svg, .board img { display: block; width: 100%; height: auto; }
  .board .board-bg { fill: transparent; }
  .board .board-coord { fill: var(--vscode-descriptionForeground, var(--vscode-foreground)); }
  .moves { flex: 1 1 auto; overflow-y: auto; min-height: 4em; line-height: 1.9; border-top: 1px solid var(--vscode-panel-border, #8884); padding-top: 0.3em; }
  @media (min-width: 46em) {
    .layout { flex-direction: row; }
    .main { width: min(60%, calc(100vh - 9em)); }
    .board { width: 100%; }
    .moves { border-top: none; border-left: 1px solid var(--vscode-panel-border, #8884); padding: 0 0 0 0.6em; }
  }
  .heading { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .dim { color: var(--vscode-descriptionForeground); }
  .under { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: center; }
  .eval { display: inline-flex; align-items: center; gap: 0.4em; }
  .bar { display: inline-block; width: 5em; height: 0.7em; background: #333; border: 1px solid var(--vscode-descriptionForeground); }
  .bar > span { display: block; height: 100%; background: #f4f4f4; }
  .note { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
  .toolbar { display: flex; flex-wrap: wrap; gap: 0.3em; }
  button { font: inherit; color: var(--vscode-button-secondaryForeground, var(--vscode-foreground));
    background: var(--vscode-button-secondaryBackground, transparent); border: 1px solid var(--vscode-button-border, transparent);
    border-radius: 2px; padding: 0.1em 0.5em; cursor: pointer; }
  button:hover { background: var(--vscode-button-secondaryHoverBackground, var(--vscode-list-hoverBackground)); }
  button:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
  button[aria-pressed="true"] { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
  .position { overflow-wrap: anywhere; }
  code { font-family: var(--vscode-editor-font-family); font-size: 0.95em; }
  .moves button { background: transparent; border-color: transparent; padding: 0 0.25em; color: var(--vscode-foreground); }
  .moves button:hover { background: var(--vscode-list-hoverBackground); }
  .moves button.current { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
  .moves .num { color: var(--vscode-descriptionForeground); }
  .explorer table { border-collapse: collapse; margin: 0.2em 0; }
  .explorer td { padding: 0 0.4em 0 0; }
  .explorer td.n { text-align: right; }
  .explorer ul { margin: 0.2em 0; padding-left: 1.2em; }
  .score { display: inline-flex; width: 6em; height: 0.7em; margin-right: 0.4em; border: 1px solid var(--vscode-panel-border, #8884); vertical-align: middle; }
  .score .w { background: #eee; } .score .d { background: #999; } .score .b { background: #333; }
  .moves .current .num { color: inherit; }
  .moves .illegal { text-decoration: underline wavy var(--vscode-editorError-foreground); }
  .moves .start { font-style: italic; }
  .variations { margin: 0 0 0 1.2em; color: var(--vscode-descriptionForeground); }
  .variations button { color: var(--vscode-textLink-foreground); }
  .empty { color: var(--vscode-descriptionForeground); }
  .board { position: relative; touch-action: none; }
  .board .pick { position: absolute; box-sizing: border-box; border: 3px solid var(--vscode-focusBorder, #0a84ff); pointer-events: none; }
  .promotion, .pocket { display: flex; gap: 0.3em; align-items: center; }
  .promotion[hidden], .choices[hidden] { display: none; }
  .choices { display: flex; flex-wrap: wrap; gap: 0.3em; align-items: center; }
  .board svg use.pick { stroke: var(--vscode-focusBorder, #0a84ff); stroke-width: 2.5; }
  .board svg use.target { fill: #7fb77e; stroke: #2e6b2d; stroke-width: 1.2; }
  .pocket button[aria-pressed="true"] { background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
</style>
</head>
<body>
<div id="view"><p class="empty">Waiting for the language server…</p></div>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  const view = document.getElementById('view');
  window.addEventListener('message', (e) => {
    if (e.data && e.data.type === 'show') {
      view.innerHTML = e.data.html;
      // A piece picked stays picked while it can still move.
      if (from) {
        if (isHex() && hexTargets(plays(), from).length === 0) from = '';
        mark(from);
      }
      // Only the move list scrolls to its current move: scrollIntoView
      // would scroll the page too (hidden overflow scrolls by script),
      // leaving the board above the panel's top.
      const list = view.querySelector('.moves');
      const cur = list && list.querySelector('.current');
      if (cur) {
        const r = cur.getBoundingClientRect(), lr = list.getBoundingClientRect();
        if (r.top < lr.top) list.scrollTop += r.top - lr.top;
        else if (r.bottom > lr.bottom) list.scrollTop += r.bottom - lr.bottom;
      }
    }
  });
  view.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target.closest('[data-action]') : null;
    if (!t) return;
    vscode.postMessage({ action: t.dataset.action, index: Number(t.dataset.index ?? -1), variation: Number(t.dataset.variation ?? -1) });
  });
  const keys = { ArrowRight: 'next', ArrowLeft: 'previous', Home: 'first', End: 'last', ArrowDown: 'nextVariation', f: 'flip', c: 'copyPosition' };
  window.addEventListener('keydown', (e) => {
    const action = keys[e.key];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    vscode.postMessage({ action, index: -1, variation: -1 });
  });
  // Playing on the board: click a piece then a square, or drag it
  // (pointer down on one square, up on another); a pawn to its last rank
  // asks for the piece; in crazyhouse a piece in hand, then a square,
  // drops it. The move goes to the extension as UCI. On a C'escacs board
  // the hex under the pointer is the drawing's own element (data-hex),
  // the moves are the server's plays: a piece's targets are highlighted,
  // and where several moves share the hexes (promotions, castlings) the
  // user picks one; the move goes as its CTL-AN.
  const chessBoard = ${chessBoard.toString()};
  const pieceOn = ${pieceOn.toString()};
  const promotes = ${promotes.toString()};
  const hexTargets = ${hexTargets.toString()};
  const hexChoices = ${hexChoices.toString()};
  const isHex = () => layout()?.dataset.variant === 'cescacs';
  const plays = () => JSON.parse(layout()?.dataset.plays || '[]');
  const hexEl = (hex) => boardEl()?.querySelector('[data-hex="' + hex + '"]');
  let from = '';
  let drop = '';
  let pending = null;
  const layout = () => view.querySelector('.layout');
  const boardEl = () => view.querySelector('.board');
  const mark = (sq) => {
    const b = boardEl();
    if (!b) return;
    if (isHex()) {
      b.querySelectorAll('use.pick, use.target').forEach((x) => x.classList.remove('pick', 'target'));
      if (!sq) return;
      hexEl(sq)?.classList.add('pick');
      for (const t of hexTargets(plays(), sq)) hexEl(t)?.classList.add('target');
      return;
    }
    b.querySelectorAll('.pick').forEach((x) => x.remove());
    const svg = b.querySelector('svg, img');
    if (!sq || !svg) return;
    const box = chessBoard(svg.getBoundingClientRect().width, layout().dataset.flipped === 'true').box(sq);
    const d = document.createElement('div');
    d.className = 'pick';
    Object.assign(d.style, { left: box.left + 'px', top: box.top + 'px', width: box.size + 'px', height: box.size + 'px' });
    b.appendChild(d);
  };
  const squareOf = (e) => {
    const l = layout();
    const svg = boardEl()?.querySelector('svg, img');
    if (!l || l.dataset.playable !== 'true' || !svg) return '';
    if (isHex()) {
      const el = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.hasAttribute('data-hex') && svg.contains(x));
      return el ? el.getAttribute('data-hex') : '';
    }
    const r = svg.getBoundingClientRect();
    return chessBoard(r.width, l.dataset.flipped === 'true').at(e.clientX - r.left, e.clientY - r.top);
  };
  const play = (uci) => {
    from = '';
    drop = '';
    mark('');
    vscode.postMessage({ action: 'play', move: uci, index: -1, variation: -1 });
  };
  const choose = (moves) => {
    const box = view.querySelector('.choices');
    box.replaceChildren(...moves.map((m) => {
      const b = document.createElement('button');
      b.dataset.action = 'choose';
      b.dataset.move = m;
      b.textContent = m;
      return b;
    }));
    const cancel = document.createElement('button');
    cancel.dataset.action = 'cancelChoice';
    cancel.textContent = 'cancel';
    box.append(cancel);
    box.hidden = false;
  };
  const tryMove = (a, b) => {
    if (isHex()) {
      const moves = hexChoices(plays(), a, b);
      if (moves.length === 1) play(moves[0]);
      else if (moves.length > 1) choose(moves);
      else if (hexTargets(plays(), b).length > 0) {
        from = b;
        mark(b);
      }
      return;
    }
    const fen = layout().dataset.position;
    if (promotes(pieceOn(fen, a), b)) {
      pending = a + b;
      view.querySelector('.promotion').hidden = false;
      return;
    }
    play(a + b);
  };
  view.addEventListener('pointerdown', (e) => {
    const sq = squareOf(e);
    if (!sq) return;
    e.preventDefault();
    const picker = view.querySelector('.choices');
    if (picker) picker.hidden = true; // a new pick replaces the one offered
    if (drop) {
      play(drop + '@' + sq);
      return;
    }
    // On a hex board the pawn awaiting promotion is promoted by a
    // second click on its hex.
    if (from && (from !== sq || (isHex() && hexChoices(plays(), sq, sq).length > 0))) {
      const a = from;
      from = '';
      mark('');
      tryMove(a, sq);
      return;
    }
    if (isHex() ? hexTargets(plays(), sq).length === 0 : !pieceOn(layout().dataset.position, sq)) {
      from = '';
      mark('');
      return;
    }
    from = sq;
    mark(sq);
  });
  view.addEventListener('pointerup', (e) => {
    const sq = squareOf(e);
    if (!from || !sq || sq === from) return; // a click: the next click says where
    const a = from;
    from = '';
    mark('');
    tryMove(a, sq);
  });
  view.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target.closest('[data-action]') : null;
    if (!t) return;
    if (['promote', 'cancelPromotion', 'drop', 'choose', 'cancelChoice'].includes(t.dataset.action)) e.stopPropagation();
    if (t.dataset.action === 'promote' && pending) {
      view.querySelector('.promotion').hidden = true;
      const m = pending + t.dataset.piece;
      pending = null;
      play(m);
    } else if (t.dataset.action === 'choose') {
      view.querySelector('.choices').hidden = true;
      play(t.dataset.move);
    } else if (t.dataset.action === 'cancelChoice') {
      view.querySelector('.choices').hidden = true;
    } else if (t.dataset.action === 'cancelPromotion') {
      view.querySelector('.promotion').hidden = true;
      pending = null;
    } else if (t.dataset.action === 'drop') {
      drop = drop === t.dataset.piece ? '' : t.dataset.piece;
      view.querySelectorAll('.pocket button').forEach((x) => x.setAttribute('aria-pressed', String(x.dataset.piece === drop)));
    }
  }, true);
</script>
</body>
</html>`;
}
