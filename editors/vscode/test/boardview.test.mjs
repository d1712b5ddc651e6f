// Unit tests of src/boardview.ts (the board panel's renderer, steps and
// lichess URL). Run after `npx esbuild src/boardview.ts --bundle
// --platform=node --format=cjs --outfile=out/boardview.cjs` with
// `node --test test/boardview.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { stepTarget, exitTarget, lichessURL, renderView, renderPage, inlineSVG, evalText, whiteShare, explorerView, chessBoard, pieceOn, promotes, pocket, hexTargets, hexChoices } = require('../out/boardview.cjs');

const pos = (line, character) => ({ line, character });
const range = (line, character, length) => ({ start: pos(line, character), end: pos(line, character + length) });
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="184" height="184" viewBox="0 0 336 336"><rect class="board-bg" width="100%" height="100%" fill="#fff"/></svg>';

// The answer of the server's README: 1. e4 {…} 1... e5 (1... c5 …) 2. Nf3
// Nc6 3. Qxf7 (illegal), the cursor on e4.
const answer = () => ({
  variant: 'chess',
  position: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
  ply: 1,
  lastMove: { from: 'e2', to: 'e4' },
  svg,
  annotations: {
    arrows: [{ from: 'e2', to: 'e4', color: 'green' }, { from: 'd7', to: 'd5', color: 'red' }],
    squares: [{ square: 'd4', color: 'green' }],
    eval: { text: '0.35', pawns: 0.35 },
    clock: '0:05:00',
  },
  moves: [
    { san: 'e4', range: range(8, 3, 2), number: '1.', ply: 1 },
    { san: 'e5', range: range(8, 73, 2), number: '1...', ply: 2, variations: [{ san: 'c5', range: range(9, 6, 2) }] },
    { san: 'Nf3', range: range(9, 42, 3), number: '2.', ply: 3 },
    { san: 'Nc6', range: range(9, 46, 3), number: '2...', ply: 4 },
    { san: 'Qxf7', range: range(10, 3, 4), number: '3.', ply: 5, illegal: true },
  ],
  current: 0,
  depth: 0,
  lineStart: pos(8, 0),
  note: '3. Qxf7 is illegal here: no white queen can reach f7; the white queen is on d1. The line stops there.',
});

const at = (b, current) => ({ ...b, current });

test('next, previous, first and last move the cursor along the line', () => {
  const b = answer();
  assert.deepEqual(stepTarget(b, 'next'), { at: pos(8, 73) });
  assert.deepEqual(stepTarget(b, 'previous'), { at: pos(8, 0) }, 'from the first move to the start of the line');
  assert.deepEqual(stepTarget(b, 'last'), { at: pos(10, 3) }, 'the move that stops the line is the last one');
  assert.deepEqual(stepTarget(at(b, 3), 'first'), { at: pos(8, 0) });
  assert.deepEqual(stepTarget(at(b, 3), 'previous'), { at: pos(9, 42) });
  assert.deepEqual(stepTarget(at(b, -1), 'next'), { at: pos(8, 3) });
  for (const [current, step] of [[4, 'next'], [4, 'last'], [-1, 'previous'], [-1, 'first']]) {
    assert.ok('none' in stepTarget(at(b, current), step), `${step} from ${current}`);
  }
  assert.ok('none' in stepTarget({ ...b, moves: [], current: -1 }, 'next'));
});

test('nextVariation enters the first variation that branches off later', () => {
  const b = answer();
  assert.deepEqual(stepTarget(at(b, -1), 'nextVariation'), { at: pos(9, 6) });
  assert.deepEqual(stepTarget(b, 'nextVariation'), { at: pos(9, 6) }, 'c5 replaces the next move, e5');
  assert.ok('none' in stepTarget(at(b, 1), 'nextVariation'), 'no variation after e5');
});

test('previous at the start of a variation leaves it for the move before the one it replaces', () => {
  const variation = {
    ...answer(),
    depth: 1,
    moves: [
      { san: 'c5', range: range(9, 6, 2), number: '1...', ply: 2 },
      { san: 'Nf3', range: range(9, 30, 3), number: '2.', ply: 3 },
    ],
    lineStart: pos(9, 1),
  };
  assert.deepEqual(stepTarget(at(variation, 1), 'previous'), { at: pos(9, 6) });
  assert.deepEqual(stepTarget(at(variation, 0), 'previous'), { exit: true });
  assert.deepEqual(stepTarget(at(variation, -1), 'previous'), { exit: true });
  // The answer at the '(' is the main line's, e5 current: c5 replaces
  // e5, so the cursor goes to e4.
  assert.deepEqual(exitTarget(at(answer(), 1), pos(9, 6)), pos(8, 3));
  // A variation of the first move leaves for the start of the line.
  const first = answer();
  first.moves[0].variations = [{ san: 'd4', range: range(8, 10, 2) }];
  assert.deepEqual(exitTarget(at(first, 0), pos(8, 10)), pos(8, 0));
});

test('the lichess analysis URL of a position', () => {
  const b = answer();
  assert.deepEqual(lichessURL(b, false), { url: 'https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1' });
  assert.deepEqual(lichessURL(b, true), { url: 'https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_e3_0_1?color=black' });
  const c960 = { ...b, variant: 'chess960', position: 'bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1' };
  assert.deepEqual(lichessURL(c960, false), { url: 'https://lichess.org/analysis/chess960/bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB_w_KQkq_-_0_1' });
  assert.match(lichessURL({ ...b, variant: 'cescacs', position: '/28:v/ w - - 0 1' }, false).none, /C'escacs/);
  assert.ok('none' in lichessURL({ ...b, variant: 'unknown' }, false));
  assert.ok('none' in lichessURL({ ...b, position: null }, false));
});

test('the view: board, eval and clock under it, move list with the variations, buttons', () => {
  const html = renderView(answer(), { flipped: false, where: 'study.pgn:9' });
  assert.match(html, /<div class="board"><svg role="img" aria-label="chess board after 1\. e4" xmlns=/);
  assert.match(html, /data-ply="1" data-current="0" data-depth="0" data-position="rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b KQkq e3 0 1" data-arrows="2"/);
  const board = html.indexOf('class="board"');
  const under = html.indexOf('class="under"');
  assert.ok(board >= 0 && under > board, 'eval and clock come under the board');
  assert.match(html, /Eval <strong>\+0\.35<\/strong>/);
  assert.match(html, /White's clock <strong>0:05:00<\/strong>/);
  assert.match(html, /<button class="move current" data-action="goto" data-index="0"><span class="num">1\.<\/span> e4<\/button>/);
  assert.match(html, /data-index="1">e5<\/button>/, 'a black move after a white one has no number');
  assert.match(html, /data-action="variation" data-index="1" data-variation="0">1\.\.\. c5<\/button>/);
  assert.match(html, /data-index="2"><span class="num">2\.<\/span> Nf3/);
  assert.match(html, /class="move illegal"[^>]*>[^<]*<span class="num">3\.<\/span> Qxf7/);
  assert.match(html, /class="note">3\. Qxf7 is illegal here/);
  for (const action of ['first', 'previous', 'next', 'last', 'nextVariation', 'flip', 'copyPosition', 'openInLichess']) {
    assert.match(html, new RegExp(`data-action="${action}"`), action);
  }
  assert.match(html, />copy FEN</);
  assert.doesNotMatch(html, /<script/);
  // Without annotations there is nothing under the board.
  const bare = renderView({ ...answer(), annotations: { arrows: [], squares: [], eval: null, clock: null } }, { flipped: false, where: 'x' });
  assert.doesNotMatch(bare, /class="under"/);
});

test('a C\'escacs board has its PDTL and no lichess button; no game, a message', () => {
  const b = { ...answer(), variant: 'cescacs', position: '/28:v/27:dk/ w RKRrkr - 0 1', annotations: { arrows: [], squares: [], eval: { text: '-2.5', pawns: -2.5 }, clock: null } };
  const html = renderView(b, { flipped: true, where: 'r.ctl-pgn:4' });
  assert.match(html, />copy PDTL</);
  assert.match(html, /<span class="dim">PDTL<\/span>/);
  assert.doesNotMatch(html, /openInLichess/);
  assert.match(html, /aria-label="C&#39;escacs board/);
  assert.match(html, /data-action="flip"[^>]*aria-pressed="true"/);
  assert.match(html, /Eval <strong>\u22122\.50<\/strong>/);
  assert.match(renderView(null, { flipped: false, where: 'empty.pgn:1' }), /No game at the cursor \(empty\.pgn:1\)/);
});

test('text from the file is escaped', () => {
  const b = answer();
  b.moves[0].san = '<b>e4</b>';
  b.note = 'a <script>alert(1)</script> note';
  const html = renderView(b, { flipped: false, where: '<x>.pgn:1' });
  assert.doesNotMatch(html, /<b>e4|<script|<x>/);
  assert.match(html, /&lt;b&gt;e4/);
});

test('a drawing with anything but shapes and text is shown as an image', () => {
  assert.match(inlineSVG(svg, 'b'), /^<svg role="img" aria-label="b" xmlns=/);
  for (const bad of [
    '<svg xmlns="x"><script>alert(1)</script></svg>',
    '<svg xmlns="x" onload="alert(1)"></svg>',
    '<svg xmlns="x"><foreignObject><div/></foreignObject></svg>',
    '<svg xmlns="x"><a href="https://example.com"><text>x</text></a></svg>',
    '<svg xmlns="x"><image href="https://example.com/x.png"/></svg>',
    '<div>not svg</div>',
  ]) {
    assert.match(inlineSVG(bad, 'b'), /^<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="b">$/, bad);
  }
  // References inside the drawing (the hexes of the C'escacs board) stay.
  assert.match(inlineSVG('<svg xmlns="x"><use xlink:href="#h" x="1"/></svg>', 'b'), /^<svg /);
});

test('evaluations: text and the share of the bar', () => {
  assert.equal(evalText({ text: '0.35', pawns: 0.35 }), '+0.35');
  assert.equal(evalText({ text: '-1.20', pawns: -1.2, depth: 22 }), '\u22121.20 (depth 22)');
  assert.equal(evalText({ text: '#-3', mate: -3 }), '#\u22123');
  assert.equal(evalText({ text: '#2', mate: 2 }), '#2');
  assert.equal(evalText({ text: '0.00', pawns: 0 }), '0.00');
  assert.equal(whiteShare({ text: '0', pawns: 0 }), 0.5);
  assert.equal(whiteShare({ text: '#1', mate: 1 }), 1);
  assert.equal(whiteShare({ text: '#-1', mate: -1 }), 0);
  const plus = whiteShare({ text: '1', pawns: 1 });
  assert.ok(plus > 0.5 && plus < 0.7, String(plus));
});

test('the page runs only its own script, and styles come from the theme', () => {
  const page = renderPage('vscode-resource:', 'abc123');
  assert.match(page, /content="default-src 'none'; img-src data: vscode-resource:; style-src 'unsafe-inline'; script-src 'nonce-abc123';"/);
  assert.equal(page.match(/<script/g).length, 1);
  assert.match(page, /<script nonce="abc123">/);
  assert.match(page, /var\(--vscode-foreground\)/);
  assert.match(page, /\.board \.board-bg \{ fill: transparent; \}/);
});

test('the explorer shows the moves with their scores and the latest games', () => {
  const x = {
    games: 3, whiteWins: 2, draws: 0, blackWins: 1,
    moves: [{ san: 'Bb5', games: 2, whiteWins: 2, draws: 0, blackWins: 0 }, { san: 'Bc4', games: 1, whiteWins: 0, draws: 0, blackWins: 1 }],
    recent: [{ name: 'Tal – <Carlsen>', date: '2022.02.02', result: '1-0', next: '', location: { uri: 'file:///w/a%20b.pgn', range: range(8, 16, 3) } }],
    indexing: false, text: '', folders: ['/w'],
  };
  const html = explorerView(x);
  assert.match(html, /3 games of the workspace reach this position/);
  assert.match(html, /<td class="san">Bb5<\/td><td class="n">2<\/td>.*100% \/ 0% \/ 0%/);
  assert.match(html, /<td class="san">Bc4<\/td><td class="n">1<\/td>.*0% \/ 0% \/ 100%/);
  assert.match(html, /Tal – &lt;Carlsen&gt; <span class="dim">→ end · a b\.pgn<\/span>/);
  assert.match(html, /title="a b\.pgn:9"/);
  assert.equal(explorerView(undefined), '');
  assert.match(explorerView({ ...x, games: 0, moves: [], recent: [], indexing: true }), /being indexed/);
  assert.match(renderView({ ...answer(), explorer: x }, { where: 'x.pgn', flipped: false }), /class="explorer"/);
  assert.doesNotMatch(renderView(answer(), { where: 'x.pgn', flipped: false }), /class="explorer"/);
});

test('playing on the board: squares under the pointer, as the server draws them', () => {
  // Shown 168 pixels wide: half the drawing's units.
  const b = chessBoard(168, false);
  assert.equal(b.at(8 + 4 * 20 + 10, 4 * 20 + 10), 'e4');
  assert.equal(b.at(8 + 1, 1), 'a8');
  assert.equal(b.at(8 + 7 * 20 + 19, 7 * 20 + 19), 'h1');
  assert.equal(b.at(4, 10), '', 'the rank numbers are no square');
  assert.equal(b.at(100, 165), '', 'nor the file letters');
  const f = chessBoard(168, true);
  assert.equal(f.at(8 + 1, 1), 'h1', 'flipped: h1 at the top left');
  assert.equal(f.at(8 + 4 * 20 + 10, 4 * 20 + 10), 'd5');
  for (const flipped of [false, true]) {
    const g = chessBoard(336, flipped);
    for (const sq of ['a1', 'e4', 'h8', 'c7']) {
      const box = g.box(sq);
      assert.equal(g.at(box.left + box.size / 2, box.top + box.size / 2), sq, `box and at agree on ${sq} (flipped ${flipped})`);
    }
  }
});

test('playing on the board: pieces, promotions and pockets from the FEN', () => {
  const fen = 'rnbqkbnr/pPpppppp/8/8/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 5';
  assert.equal(pieceOn(fen, 'b7'), 'P');
  assert.equal(pieceOn(fen, 'e8'), 'k');
  assert.equal(pieceOn(fen, 'b2'), '');
  assert.equal(promotes(pieceOn(fen, 'b7'), 'a8'), true);
  assert.equal(promotes(pieceOn(fen, 'a2'), 'a3'), false);
  assert.equal(promotes('p', 'h1'), true);
  const zh = 'r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pnp] w KQkq - 0 4';
  assert.equal(pocket(zh), 'P');
  assert.equal(pocket(zh.replace(' w ', ' b ')), 'NP');
  assert.equal(pieceOn('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~R[] w KQkq - 0 1', 'h1'), 'R', 'a promoted piece');
  const view = renderView({ ...answer(), variant: 'crazyhouse', position: zh }, { flipped: false, where: 'g.pgn:9' });
  assert.match(view, /data-playable="true"/);
  assert.match(view, /<button data-action="drop" data-piece="P">P<\/button>/);
  assert.match(view, /<div class="promotion" hidden>/);
  assert.match(renderView({ ...answer(), variant: 'cescacs' }, { flipped: false, where: 'g.ctl-pgn:9' }), /data-playable="false"/);
  assert.doesNotMatch(renderView(answer(), { flipped: false, where: 'g.pgn:9' }), /data-action="drop"/, 'no pocket in chess');
});

test("playing on the C'escacs board: the server's plays by their hexes", () => {
  // Part of the plays of testdata/lsp/board/ctl-play.txtar: a king that
  // leaps or castles onto H6, a pawn that promotes, one awaiting
  // promotion on its hex.
  const plays = [
    { from: 'G1', to: 'H6', move: 'KG1-H6' },
    { from: 'G1', to: 'H6', move: 'KRK-HIO' },
    { from: 'G1', to: 'H6', move: 'KRK-HH' },
    { from: 'G1', to: 'I5', move: 'KG1-I5' },
    { from: 'I3', to: 'I5', move: 'RI3-I5' },
    { from: 'F26', to: 'F28', move: 'F26-F28=D+^' },
    { from: 'F26', to: 'F28', move: 'F26-F28=N' },
    { from: 'A23', to: 'A23', move: 'A23=R' },
  ];
  assert.deepEqual(hexTargets(plays, 'G1'), ['H6', 'I5']);
  assert.deepEqual(hexTargets(plays, 'H6'), [], 'no piece of the side to move');
  assert.deepEqual(hexChoices(plays, 'G1', 'I5'), ['KG1-I5'], 'one move: played at once');
  assert.deepEqual(hexChoices(plays, 'G1', 'H6'), ['KG1-H6', 'KRK-HIO', 'KRK-HH'], 'the leap and the castlings: a picker');
  assert.deepEqual(hexChoices(plays, 'F26', 'F28'), ['F26-F28=D+^', 'F26-F28=N'], 'the promotions: a picker');
  assert.deepEqual(hexChoices(plays, 'A23', 'A23'), ['A23=R'], "a deferred promotion: the pawn's hex twice");
  assert.deepEqual(hexChoices(plays, 'G1', 'G3'), []);
  const ctl = { ...answer(), variant: 'cescacs', position: '/27:1k/26:1P1/3:3R/1:1K/ w KR- - 0 1', plays };
  const view = renderView(ctl, { flipped: false, where: 'g.ctl-pgn:9' });
  assert.match(view, /data-playable="true"/);
  const attr = /data-plays="([^"]*)"/.exec(view);
  assert.ok(attr, 'the plays are on the layout');
  const unescaped = attr[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  assert.deepEqual(JSON.parse(unescaped), plays);
  assert.match(view, /<div class="choices" hidden/);
  assert.match(renderView({ ...ctl, plays: [] }, { flipped: false, where: 'g.ctl-pgn:9' }), /data-playable="false"/, 'mate: nothing to play');
  assert.match(renderView({ ...ctl, plays: null }, { flipped: false, where: 'g.ctl-pgn:9' }), /data-playable="false"/, 'position not known');
  assert.doesNotMatch(renderView(answer(), { flipped: false, where: 'g.pgn:9' }), /data-plays=/, 'chess has no plays');
});

test('the page script holds the board helpers and parses', () => {
  const page = renderPage('vscode-resource:', 'abc123');
  const script = page.slice(page.indexOf('<script nonce="abc123">') + '<script nonce="abc123">'.length, page.indexOf('</script>'));
  assert.doesNotThrow(() => new Function('acquireVsCodeApi', 'document', 'window', script), 'the script parses');
  assert.match(script, /const chessBoard = function/);
  assert.match(script, /action: 'play', move: uci/);
  assert.match(script, /const hexChoices = function/);
  assert.match(script, /elementsFromPoint/);
});
