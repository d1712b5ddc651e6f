// Drives a real VS Code (code-server, started by e2e.sh with the pgnls
// .vsix installed) in headless Chromium through playwright-core.
//
//   node test/e2e.mjs URL WORKSPACE EXPECTED SCREENSHOT_DIR RESULTS
//
// WORKSPACE holds illegal.ctl-pgn (an illegal elephant move),
// messy.ctl-pgn (a legal record to format), latin1.pgn (Windows-1252),
// latin1.txt (the same bytes), glyphs.ctl-pgn (× and ‐), glyphs.pgn (the
// same text) and study.pgn (a lichess study with [%cal], [%csl], [%eval]
// and [%clk]); EXPECTED is the pgnls fmt output for messy.ctl-pgn.
// Checks: the language mode, the error squiggle and its hover, a hover with
// a board diagram that comes first and shows whole, the board panel
// ("pgnls: Show board at cursor": the position and arrows at the cursor,
// eval and clock, both themes, the stepping keys and commands moving the
// editor's cursor, the move list, flip, copy FEN, the lichess URL, edits,
// following the active editor, playing moves on it (a drag, two clicks
// that open a variation: play.pgn, a new game; on the hex board of
// play.ctl-pgn, a rook moved by two clicks, then the king's hex, its
// highlighted targets and a castling picked among the moves that land it
// on one hex, the record then passing pgnls check), and its delay on a 4 MB
// file), format on
// save written to disk, the Latin-1 file's accented letters with the
// extension's defaults, the server's editor-decoding error, message,
// declined formatting and quick fix once reopened as UTF-8, and the
// extension reopening such a file by itself; no ambiguous-character
// highlight on × and ‐ in CTL-PGN; Format Document keeping the cursor on
// its move and the view in place (sampled every 50 ms) on a file of 300
// games and on 1.35-4.1 MB databases, one of them not UTF-8 past 1.2 MB,
// auto-saved (code-server's default) as pgnls fmt writes it; every
// diagnostic code offered for pgnls.diagnostics in the Settings editor;
// the publication cap; search across the workspace: Ctrl+T, Go to
// References on a move, the explorer in the board panel. Results are
// lines "pass|fail|skip<TAB>name<TAB>detail" in RESULTS; the exit status is
// 1 when a check failed.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [url, workspace, expectedPath, shots, resultsPath] = process.argv.slice(2);
// The pgnls of the .vsix, to format files as the checks expect them.
const pgnlsBin = process.env.PGNLS_E2E_BIN || 'pgnls';
const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
if (!resultsPath) {
  console.error('usage: node test/e2e.mjs URL WORKSPACE EXPECTED SCREENSHOT_DIR RESULTS');
  process.exit(2);
}
const results = [];
const record = (status, name, detail = '') => {
  const line = `${status}\t${name}\t${String(detail).replace(/\s+/g, ' ').slice(0, 300)}`;
  results.push(line);
  console.log(line);
};
const check = (name, ok, detail) => {
  record(ok ? 'pass' : 'fail', name, detail);
  return ok;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const browser = await chromium.launch({
  executablePath: process.env.PGNLS_E2E_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
// The board panel's "copy FEN" is read back from the clipboard; its
// lichess tab is never loaded.
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
await context.route('https://lichess.org/**', (r) => r.fulfill({ status: 200, contentType: 'text/plain', body: 'lichess' }));
const page = await context.newPage();
const mod = 'Control';

async function command(title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill('>' + title);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10000 });
  await sleep(200);
  await page.keyboard.press('Enter');
}

async function openFile(name) {
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  try {
    await row.waitFor({ timeout: 20000 });
    await row.dblclick();
  } catch {
    // Quick Open as a fallback.
    await page.keyboard.press(`${mod}+P`);
    await page.locator('.quick-input-widget input').fill(name);
    await sleep(500);
    await page.keyboard.press('Enter');
  }
  await page.locator(`.tab.active`, { hasText: name }).waitFor({ timeout: 20000 });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 20000 });
  await sleep(500);
}

async function goTo(line, column) {
  await page.keyboard.press(`${mod}+G`);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`:${line}:${column}`);
  await sleep(200);
  await page.keyboard.press('Enter');
  await sleep(300);
}

async function hoverAtCursor() {
  await page.keyboard.press('Escape');
  await command('Show or Focus Hover');
  const hover = page.locator('.monaco-hover:not(.hidden)').first();
  await hover.waitFor({ state: 'visible', timeout: 15000 });
  await sleep(800); // let images load and the widget settle
  return hover;
}

// editorText returns the text of the lines the active editor shows.
async function editorText() {
  const t = await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().textContent().catch(() => '');
  return (t || '').replace(/\u00a0/g, ' ');
}

// waitText waits until the editor text satisfies ok, and returns it.
async function waitText(ok, ms) {
  const deadline = Date.now() + ms;
  let t = await editorText();
  while (!ok(t) && Date.now() < deadline) {
    await sleep(250);
    t = await editorText();
  }
  return t;
}

// waitFor polls ok until it holds or ms pass, and returns its last answer.
async function waitFor(ok, ms) {
  const deadline = Date.now() + ms;
  let yes = await ok();
  while (!yes && Date.now() < deadline) {
    await sleep(250);
    yes = await ok();
  }
  return yes;
}

// encodingStatus is the encoding the status bar shows.
async function encodingStatus() {
  return ((await page.locator('#status\\.editor\\.encoding').textContent().catch(() => '')) || '').trim();
}

// pickRow chooses the row of the open quick pick whose label matches re.
async function pickRow(re) {
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: re }) }).first();
  await row.waitFor({ timeout: 10000 });
  await sleep(200);
  await row.click();
  await sleep(300);
}

// shot saves a screenshot of the page.
async function shot(name) {
  const file = path.join(shots, name);
  await page.screenshot({ path: file });
  return file;
}

// boardFrame returns the frame of the board panel's view once it shows
// a board (or a message), undefined after ms.
async function boardFrame(ms = 15000) {
  const deadline = Date.now() + ms;
  for (;;) {
    for (const frame of page.frames()) {
      if ((await frame.locator('#view .layout, #view .empty').count().catch(() => 0)) > 0) return frame;
    }
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

// boardState reads what the board panel shows: the data attributes of
// its view, the arrows drawn, the heading, the buttons, the SVG.
async function boardState() {
  const frame = await boardFrame(5000);
  if (!frame) return null;
  return frame
    .evaluate(() => {
      const l = document.querySelector('#view .layout');
      if (!l) return null;
      const svg = l.querySelector('.board svg');
      return {
        ...l.dataset,
        lines: svg ? svg.querySelectorAll('line').length : -1,
        svg: svg ? svg.outerHTML : '',
        heading: (l.querySelector('.heading')?.textContent || '').trim(),
        under: (l.querySelector('.under')?.textContent || '').trim(),
        actions: [...l.querySelectorAll('.toolbar button')].map((b) => b.dataset.action),
        boardWidth: svg ? Math.round(svg.getBoundingClientRect().width) : 0,
        scroll: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      };
    })
    .catch(() => null);
}

// waitBoard polls the board panel until ok(state) holds or ms pass, and
// returns its last state.
async function waitBoard(ok, ms = 10000) {
  const deadline = Date.now() + ms;
  let st = await boardState();
  while (!(st && ok(st)) && Date.now() < deadline) {
    await sleep(100);
    st = await boardState();
  }
  return st;
}

// clickInBoard clicks the first element of the board panel that matches
// selector (and text, when given).
async function clickInBoard(selector, text) {
  const frame = await boardFrame();
  const el = text === undefined ? frame.locator(selector).first() : frame.locator(selector, { hasText: text }).first();
  await el.click();
}

// selection is the cursor's place the status bar shows, "Ln 3, Col 5".
async function selection() {
  return ((await page.locator('#status\\.editor\\.selection').textContent().catch(() => '')) || '').trim();
}

// view returns, in one round trip, what the active editor shows of the
// cursor: the status bar's "Ln L, Col C", the screen row (top, in pixels)
// of the cursor as drawn, or null when it is off screen, and the
// horizontal scroll bar's offset (0: the line starts show).
async function view() {
  return page.evaluate(() => {
    const ed = document.querySelector('.editor-group-container.active .monaco-editor');
    const status = (document.querySelector('#status\\.editor\\.selection')?.textContent || '').trim();
    const m = status.match(/Ln (\d+), Col (\d+)/);
    const box = ed?.querySelector('.overflow-guard')?.getBoundingClientRect();
    const r = ed?.querySelector('.cursors-layer .cursor')?.getBoundingClientRect();
    const top = r && box && r.height > 0 && r.top >= box.top && r.bottom <= box.bottom ? Math.round(r.top) : null;
    const slider = ed?.querySelector('.scrollbar.horizontal .slider');
    return { t: Date.now(), line: m ? Number(m[1]) : 0, col: m ? Number(m[2]) : 0, top, left: slider ? parseFloat(slider.style.left || '0') : 0 };
  });
}

// formattedBy returns the file at path as pgnls fmt formats it, and the
// file itself, as strings of their bytes read as Latin-1 with LF line ends.
function formattedBy(file) {
  const read = (b) => b.toString('latin1').replaceAll('\r\n', '\n');
  return { original: read(fs.readFileSync(file)), formatted: read(execFileSync(pgnlsBin, ['fmt', file], { maxBuffer: 1 << 28 })) };
}

// wordAt returns the move (SAN word) at 1-based line and column of text,
// which of its kind it is in the text (1: the first), and where the same
// occurrence is in formatted: formatting never adds or drops a move.
function wordAt(text, formatted, line, col) {
  const lineStart = (t, l) => {
    let at = 0;
    for (let i = 1; i < l; i++) at = t.indexOf('\n', at) + 1;
    return at;
  };
  const k = lineStart(text, line) + col - 1;
  const word = /[A-Za-z0-9+#=-]+/y;
  let a = k;
  while (a > 0 && /[A-Za-z0-9+#=-]/.test(text[a - 1])) a--;
  word.lastIndex = a;
  const w = word.exec(text)[0];
  const re = new RegExp(`(?<![A-Za-z0-9])${w.replace(/[+#=-]/g, '\\$&')}(?![A-Za-z0-9])`, 'g');
  const nth = [...text.slice(0, a + w.length).matchAll(re)].length;
  const at = [...formatted.matchAll(re)][nth - 1].index + (k - a);
  const before = formatted.slice(0, at);
  const l = before.split('\n').length;
  return { word: w, nth, line: l, col: at - before.lastIndexOf('\n') };
}

// formatKeepsView runs Format Document on the active editor, showing
// file, with the cursor on the second letter of the first piece move from
// line from on, and samples the view every 50 ms until the formatting is
// applied and for 2 s after. It checks that the cursor's line never
// leaves its place on screen, that the line starts never scroll out of
// sight, that the file auto-saved (code-server's default) is pgnls fmt's
// formatting, and that the cursor ends on the same move; name names the
// file in the checks.
async function formatKeepsView(name, file, from) {
  const { original, formatted } = formattedBy(file);
  const lines = original.split('\n');
  let line = from;
  while (!/[NBRQK][a-h1-8x]*[a-h][1-8]/.test(lines[line - 1])) line++;
  const col = lines[line - 1].search(/[NBRQK][a-h1-8x]*[a-h][1-8]/) + 2;
  await goTo(line, col);
  await sleep(1000);
  const want = wordAt(original, formatted, line, col);
  const before = await view();
  await command('Format Document');
  const samples = [before];
  let applied = 0;
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline && (!applied || Date.now() < applied + 2000)) {
    const v = await view();
    samples.push(v);
    if (!applied && v.line === want.line) applied = v.t;
    await sleep(50);
  }
  const after = samples[samples.length - 1];
  const moved = samples.filter((v) => !(v.line === before.line || v.line === want.line) || v.top === null || Math.abs(v.top - before.top) > 2);
  const sideways = samples.filter((v) => v.left > 0);
  const took = applied ? `applied after ${applied - before.t} ms` : 'not applied within 60 s';
  check(`${name}: Format Document keeps the cursor's line in place on screen (sampled every 50 ms)`, applied > 0 && moved.length === 0,
    `${took}; ${samples.length} samples, ${moved.length} off: ${JSON.stringify(moved.slice(0, 3))}; before ${JSON.stringify(before)}`);
  check(`${name}: Format Document never scrolls the line starts out of sight`, applied > 0 && sideways.length === 0,
    `${sideways.length} samples scrolled sideways: ${JSON.stringify(sideways.slice(0, 3))}`);
  const read = () => fs.readFileSync(file).toString('latin1').replaceAll('\r\n', '\n');
  const whole = await waitFor(async () => read() === formatted, 60000);
  check(`${name}: the whole formatting is applied (the file auto-saved is pgnls fmt's)`, whole,
    `${read().length} characters on disk, ${formatted.length} formatted`);
  check(`${name}: after Format Document the cursor is on the same move`,
    after.line === want.line && after.col >= want.col - 6 && after.col <= want.col + 6,
    `on "${want.word}" (#${want.nth}) at Ln ${line}, Col ${col}: now Ln ${after.line}, Col ${after.col}; want Ln ${want.line}, Col ${want.col}`);
}

// waitSelection waits until the status bar shows the cursor at want.
async function waitSelection(want, ms = 5000) {
  const deadline = Date.now() + ms;
  let s = await selection();
  while (s !== want && Date.now() < deadline) {
    await sleep(100);
    s = await selection();
  }
  return s;
}

// place returns the status bar text of the cursor on the n-th (from 0)
// occurrence of word in lines, and its line and column (1-based).
function place(lines, word, n = 0) {
  for (let i = 0; i < lines.length; i++) {
    let at = -1;
    while ((at = lines[i].indexOf(word, at + 1)) >= 0) {
      // A whole word: not inside a longer one.
      const before = at === 0 ? ' ' : lines[i][at - 1];
      const after = lines[i][at + word.length] ?? ' ';
      if (/[\s.(]/.test(before) && /[\s)]/.test(after) && n-- === 0) {
        return { text: `Ln ${i + 1}, Col ${at + 1}`, line: i + 1, col: at + 1 };
      }
    }
  }
  throw new Error(`${word} not in the file`);
}

try {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  record('pass', 'VS Code workbench loads', await page.title());

  // 1. The record with an illegal move.
  await openFile('illegal.ctl-pgn');
  // The mode switches from Plain Text once the extension host has
  // registered the extension's languages.
  const mode = page.locator('.statusbar-item', { hasText: 'CTL-PGN' });
  await mode.first().waitFor({ timeout: 30000 }).catch(() => {});
  check('language mode CTL-PGN', (await mode.count()) > 0, (await page.locator('#status\\.editor\\.mode').textContent().catch(() => '')) || '');

  const squiggle = page.locator('.monaco-editor .squiggly-error');
  let squiggles = 0;
  try {
    await squiggle.first().waitFor({ state: 'attached', timeout: 30000 });
    squiggles = await squiggle.count();
  } catch {
    // counted as 0
  }
  check('error squiggle in illegal.ctl-pgn', squiggles > 0, `${squiggles} .squiggly-error`);

  // The hover on the squiggle shows the diagnostic.
  const text = fs.readFileSync(path.join(workspace, 'illegal.ctl-pgn'), 'utf8').split('\n');
  const badLine = text.findIndex((l) => l.includes('EE5-E11'));
  await goTo(badLine + 1, text[badLine].indexOf('EE5-E11') + 2);
  let hover = await hoverAtCursor();
  const diagText = (await hover.textContent()) || '';
  check('hover on the squiggle shows the illegal-move diagnostic', /illegal/i.test(diagText), diagText);
  // Problems panel beside it for the diagnostics screenshot.
  await page.keyboard.press('Escape');
  await command('View: Focus Problems');
  await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 10000 }).catch(() => {});
  await goTo(badLine + 1, text[badLine].indexOf('EE5-E11') + 2);
  hover = await hoverAtCursor();
  record('pass', 'screenshot', await shot('vscode-diagnostics.png'));

  // 2. A hover with a board diagram, on the hex of a move. VS Code cuts a
  // hover at max(editor height / 4, 250 px): the image must come first
  // and fit, whole, without scrolling the hover.
  await page.keyboard.press('Escape');
  await command('View: Hide Panel').catch(() => {});
  await sleep(500);
  const moveLine = text.findIndex((l) => l.includes('H6-H12'));
  await goTo(moveLine + 1, text[moveLine].indexOf('H12') + 2);
  hover = await hoverAtCursor();
  const img = hover.locator('img');
  const imgs = await img.count();
  let src = '';
  let loaded = false;
  if (imgs > 0) {
    src = (await img.first().getAttribute('src')) || '';
    loaded = await img.first().evaluate((el) => el.complete && el.naturalWidth > 0);
  }
  const hoverText = (await hover.textContent()) || '';
  check('hover on a move shows a board image', imgs > 0 && loaded, `${imgs} img, src ${src.slice(0, 40)}…, loaded ${loaded}; text: ${hoverText.slice(0, 120)}`);
  if (imgs > 0) {
    const fit = await hover.evaluate((h) => {
      const im = h.querySelector('img');
      const ib = im.getBoundingClientRect();
      const hb = h.getBoundingClientRect();
      const scrolled = [...h.querySelectorAll('*')].some((el) => el.scrollTop > 0);
      // The first thing shown: the image, or a text node with letters.
      const walk = document.createTreeWalker(h, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      let first = '';
      for (let n = walk.nextNode(); n && !first; n = walk.nextNode()) {
        if (n.nodeType === Node.ELEMENT_NODE && n.tagName === 'IMG') first = 'img';
        else if (n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '') first = 'text: ' + n.textContent.trim().slice(0, 40);
      }
      // When the hover scrolls sideways: the smallest element that sticks
      // out on the right.
      let wide = '';
      const out = [...h.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > hb.right + 1);
      if (out.length > 0) {
        const el = out.sort((a, b) => (a.textContent || '').length - (b.textContent || '').length)[0];
        wide = `${el.tagName} ${Math.round(el.getBoundingClientRect().width)} px wide: ${(el.textContent || '').slice(0, 80)}`;
      }
      return {
        wide,
        img: [Math.round(ib.top), Math.round(ib.bottom), Math.round(ib.height)],
        hover: [Math.round(hb.top), Math.round(hb.bottom), Math.round(hb.height)],
        whole: ib.height > 100 && ib.top >= hb.top - 0.5 && ib.bottom <= hb.bottom + 0.5,
        scrolled,
        first,
      };
    });
    check('the board image shows whole in the hover, without scrolling', fit.whole && !fit.scrolled,
      `img top/bottom/height ${fit.img}, hover ${fit.hover}, scrolled ${fit.scrolled}${fit.wide ? '; scrolls sideways: ' + fit.wide : ''}`);
    check('the board image comes before the text of the hover', fit.first === 'img', fit.first);
  }
  record('pass', 'screenshot', await shot('vscode-hover-board.png'));
  await page.keyboard.press('Escape');

  // 3. The board panel follows the cursor: study.pgn, a lichess study
  // with [%cal], [%csl], [%eval] and [%clk] in its comments.
  await command('View: Close All Editors');
  await sleep(500);
  const study = fs.readFileSync(path.join(workspace, 'study.pgn'), 'utf8').split('\n');
  const bc4 = place(study, 'Bc4');
  await openFile('study.pgn');
  await page.locator('.statusbar-item', { hasText: 'PGN' }).first().waitFor({ timeout: 30000 }).catch(() => {});
  await goTo(bc4.line, bc4.col);
  await command('pgnls: Show board at cursor');
  const afterBc4 = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
  let st = await waitBoard((s) => s.position === afterBc4, 20000);
  check('the board panel shows the position after the move at the cursor, with its [%cal] arrows',
    st?.position === afterBc4 && st.ply === '5' && st.arrows === '2' && st.lines === 2,
    `position ${st?.position}, ply ${st?.ply}, arrows ${st?.arrows}, lines drawn ${st?.lines}, heading ${st?.heading}`);
  check('eval and clock show under the board', /Eval \+0\.25 \(depth 24\)/.test(st?.under || '') && /White's clock 0:04:55/.test(st?.under || ''), st?.under);
  check('the panel offers steps, flip, copy FEN and lichess analysis',
    ['first', 'previous', 'next', 'last', 'nextVariation', 'flip', 'copyPosition', 'openInLichess'].every((a) => st?.actions.includes(a)), st?.actions.join(' '));
  // Sized to the panel, readable at 1280x800, no sideways scrolling.
  check('the board is sized to the panel, without sideways scrolling', st && st.boardWidth >= 280 && st.scroll[0] <= st.scroll[1],
    `board ${st?.boardWidth} px wide, scrollWidth/clientWidth ${st?.scroll}`);
  await sleep(300);
  record('pass', 'screenshot', await shot('vscode-board-panel.png'));

  // The theme's colours: the dark theme, through the workspace settings.
  const wsSettings = path.join(workspace, '.vscode', 'settings.json');
  const background = async () => (await boardFrame())?.evaluate(() => getComputedStyle(document.body).backgroundColor).catch(() => '');
  const light = await background();
  fs.writeFileSync(wsSettings, '{ "workbench.colorTheme": "Default Dark Modern" }\n');
  let dark = light;
  for (let i = 0; i < 40 && dark === light; i++) {
    await sleep(250);
    dark = await background();
  }
  const lum = (c) => (c.match(/\d+/g) || [0, 0, 0]).slice(0, 3).reduce((a, b) => a + Number(b), 0);
  check('the panel takes the colours of the theme (light, then dark)', lum(light) > 600 && lum(dark) < 200, `${light} -> ${dark}`);
  await sleep(500);
  record('pass', 'screenshot', await shot('vscode-board-panel-dark.png'));
  fs.writeFileSync(wsSettings, '{}\n');
  for (let i = 0; i < 40 && (await background()) !== light; i++) await sleep(250);

  // Stepping with the keys moves the editor's cursor, and the board with it.
  const bc5 = place(study, 'Bc5');
  const nf6 = place(study, 'Nf6'); // the first move of the variation
  const c3 = place(study, 'c3');
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click({ position: { x: 5, y: 5 } }).catch(() => {});
  await goTo(bc4.line, bc4.col);
  await waitBoard((s) => s.ply === '5' && s.depth === '0');
  await page.keyboard.press('Alt+ArrowRight');
  let sel = await waitSelection(bc5.text);
  st = await waitBoard((s) => s.ply === '6');
  check('Alt+Right (pgnls.board.next) moves the cursor to the next move, and the board follows', sel === bc5.text && st?.ply === '6' && st.current === '5',
    `cursor ${sel}, want ${bc5.text}; board ply ${st?.ply}, current ${st?.current}`);
  await page.keyboard.press('Alt+ArrowLeft');
  sel = await waitSelection(bc4.text);
  st = await waitBoard((s) => s.ply === '5');
  check('Alt+Left (pgnls.board.previous) moves it back', sel === bc4.text && st?.position === afterBc4, `cursor ${sel}, want ${bc4.text}; ply ${st?.ply}`);
  await page.keyboard.press('Alt+Period');
  sel = await waitSelection(nf6.text);
  st = await waitBoard((s) => s.depth === '1');
  check('Alt+. (pgnls.board.nextVariation) enters the variation that branches off next', sel === nf6.text && st?.depth === '1' && st.ply === '6' && st.current === '0',
    `cursor ${sel}, want ${nf6.text}; depth ${st?.depth}, ply ${st?.ply}`);
  await page.keyboard.press('Alt+ArrowLeft');
  sel = await waitSelection(bc4.text);
  st = await waitBoard((s) => s.depth === '0');
  check('Alt+Left at the first move of a variation goes back to the move before it', sel === bc4.text && st?.depth === '0' && st.ply === '5', `cursor ${sel}, want ${bc4.text}; depth ${st?.depth}`);
  await command('pgnls: Board: last move of the line');
  const d4 = place(study, 'd4');
  sel = await waitSelection(d4.text);
  st = await waitBoard((s) => s.ply === '9');
  check('pgnls: Board: last move of the line (command palette)', sel === d4.text && st?.ply === '9', `cursor ${sel}, want ${d4.text}; ply ${st?.ply}`);

  // The move list: a click moves the cursor there (the status bar shows
  // it once the editor has the focus again).
  await clickInBoard('.moves button.move', 'c3');
  st = await waitBoard((s) => s.ply === '7');
  await command('View: Focus First Editor Group');
  sel = await waitSelection(c3.text);
  check('a click on a move of the list moves the cursor to it', sel === c3.text && st?.ply === '7', `cursor ${sel}, want ${c3.text}; ply ${st?.ply}`);
  // The panel's own keys, with the focus in the panel: → steps.
  await clickInBoard('.heading');
  await page.keyboard.press('ArrowRight');
  st = await waitBoard((s) => s.ply === '8');
  check('→ in the panel steps the editor to the next move', st?.ply === '8' && /4\.\.\. Nf6/.test(st.heading), `ply ${st?.ply}, heading ${st?.heading}`);
  await command('View: Focus First Editor Group');
  sel = await waitSelection(place(study, 'Nf6', 1).text);
  check('… and the editor cursor is on that move', sel === place(study, 'Nf6', 1).text, `cursor ${sel}`);

  // Flip, drawn by the server.
  const unflipped = (await boardState())?.svg || '';
  await clickInBoard('.toolbar button[data-action="flip"]');
  st = await waitBoard((s) => s.flipped === 'true');
  check('flip redraws the board from Black\'s side', st?.flipped === 'true' && st.svg !== '' && st.svg !== unflipped && st.ply === '8', `flipped ${st?.flipped}, ply ${st?.ply}`);
  await command('View: Focus First Editor Group');
  await command('pgnls: Board: flip');
  await waitBoard((s) => s.flipped === 'false');

  // Copy the FEN, and lichess analysis (a new tab, not loaded: no network).
  await goTo(bc4.line, bc4.col);
  await waitBoard((s) => s.ply === '5');
  await clickInBoard('.toolbar button[data-action="copyPosition"]');
  await sleep(500);
  const copied = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(clipboard: ${e})`);
  check('copy FEN puts the FEN on the clipboard', copied === afterBc4, copied);
  const opened = context.waitForEvent('page', { timeout: 10000 }).catch(() => undefined);
  await clickInBoard('.toolbar button[data-action="openInLichess"]');
  // code-server may ask before opening an external site.
  const openButton = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).first();
  if (await openButton.waitFor({ timeout: 3000 }).then(() => true).catch(() => false)) await openButton.click();
  const tab2 = await opened;
  const lichess = 'https://lichess.org/analysis/' + afterBc4.replace(/ /g, '_');
  const openedURL = tab2 ? tab2.url() : '';
  check('"open in lichess analysis" opens the lichess URL of the FEN', openedURL === lichess, `${openedURL || 'no page opened'}; want ${lichess}`);
  if (tab2) await tab2.close();
  await page.bringToFront();
  await command('View: Focus First Editor Group');

  // "Copy game without…" clocks and evaluations: the server's
  // pgnls.copyGame (the code of pgnls fmt --strip) puts the game on the
  // clipboard without [%clk] and [%eval], the arrows and prose kept.
  await goTo(bc4.line, bc4.col);
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet')).catch(() => undefined);
  await command('pgnls: Copy game without…');
  await pickRow(/^clocks and evaluations/);
  const readClip = () => page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(clipboard: ${e})`);
  await waitFor(async () => (await readClip()).startsWith('[Event'), 10000);
  const stripped = await readClip();
  check('"Copy game without…" clocks and evaluations puts the game on the clipboard without them',
    stripped.startsWith('[Event "pgnls board panel') && !/%clk|%eval/.test(stripped) && stripped.includes('[%cal Gc4f7,Rd8h4]') && stripped.includes('{The Two Knights.}'),
    stripped);
  await command('View: Focus First Editor Group');

  // Edits: the board follows an edit of the move at the cursor, and a
  // formatting that moves the move keeps it on that move.
  await goTo(bc4.line, bc4.col);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('Bb5');
  st = await waitBoard((s) => s.position?.startsWith('r1bqkbnr/pppp1ppp/2n5/1B2p3/'));
  check('the board follows an edit of the move at the cursor (Bc4 to Bb5)', st?.position?.startsWith('r1bqkbnr/pppp1ppp/2n5/1B2p3/') && st.ply === '5', `position ${st?.position}`);
  await page.keyboard.press(`${mod}+Z`);
  st = await waitBoard((s) => s.position === afterBc4);
  await command('Format Document');
  st = await waitBoard((s) => s.position === afterBc4 && !s.heading.includes(`study.pgn:${bc4.line}`), 15000);
  check('after Format Document moves the move to another line, the board keeps its place',
    st?.position === afterBc4 && st.arrows === '2' && !st.heading.includes(`study.pgn:${bc4.line}`), `heading ${st?.heading}, position ${st?.position}`);
  await command('File: Revert File');
  await sleep(500);

  // It follows the active editor: a C'escacs record, its hex board and PDTL.
  await command('View: Focus First Editor Group');
  await openFile('illegal.ctl-pgn');
  st = await waitBoard((s) => s.variant === 'cescacs', 15000);
  const tabTitle = (await page.locator('.tab', { hasText: 'Board:' }).first().textContent().catch(() => '')) || '';
  check('the panel follows the active editor (a C\'escacs record: hex board, PDTL, no lichess)',
    st?.variant === 'cescacs' && st.svg.includes('<use') && !st.actions.includes('openInLichess') && st.actions.includes('copyPosition') && /illegal\.ctl-pgn/.test(tabTitle),
    `variant ${st?.variant}, tab ${tabTitle.trim()}, actions ${st?.actions?.join(' ')}`);
  await sleep(300);
  record('pass', 'screenshot', await shot('vscode-board-panel-cescacs.png'));

  // 3a. Playing on the board: a new game (play.pgn, tags and "*"); e4 by
  // dragging the pawn, then, from the start of the line, d4 by two clicks,
  // which opens a variation. The server writes the moves (pgnls.play).
  await command('View: Focus First Editor Group');
  await openFile('play.pgn');
  await goTo(9, 1);
  st = await waitBoard((s) => s.ply === '0' && s.playable === 'true', 15000);
  check('the panel of a new game offers playing on the board', st?.playable === 'true' && st.ply === '0', `ply ${st?.ply}, playable ${st?.playable}`);
  // center returns the page point of the centre of a square of the board.
  // The mouse goes where the page shows the square: the board is first
  // scrolled into view, as a click on an element would be (the clicks on
  // the move list above scrolled the panel's page down).
  // boardBox returns the page box of the first element of the board
  // panel that selector finds, scrolled into view. The board is drawn
  // anew when the server's answer comes (after a step, twice: the
  // position, then its plays), so an element found may leave the page
  // before it is measured: then it is found again in the new drawing.
  const boardBox = async (selector) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const el = (await boardFrame()).locator(selector).first();
        await el.scrollIntoViewIfNeeded({ timeout: 5000 });
        const box = await el.boundingBox();
        if (box) return box;
        if (attempt >= 5) throw new Error(`${selector} has no box`);
      } catch (e) {
        if (attempt >= 5) throw e;
      }
      await sleep(200);
    }
  };
  const center = async (sq) => {
    const box = await boardBox('.board svg');
    const u = box.width / 336;
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]) - 1;
    return { x: box.x + (16 + file * 40 + 20) * u, y: box.y + ((7 - rank) * 40 + 20) * u };
  };
  let pa = await center('e2');
  let pb = await center('e4');
  await page.mouse.move(pa.x, pa.y);
  await page.mouse.down();
  await page.mouse.move((pa.x + pb.x) / 2, (pa.y + pb.y) / 2, { steps: 4 });
  await page.mouse.move(pb.x, pb.y, { steps: 4 });
  await page.mouse.up();
  let played = await waitText((t) => t.includes('1. e4 *'), 10000);
  st = await waitBoard((s) => s.ply === '1', 10000);
  check('dragging the e2 pawn to e4 on the board writes 1. e4 and the board shows it', played.includes('1. e4 *') && st?.ply === '1' && st.depth === '0',
    `text ${played.slice(-40)}; ply ${st?.ply}, depth ${st?.depth}`);
  await clickInBoard('.toolbar button[data-action="first"]');
  st = await waitBoard((s) => s.ply === '0', 10000);
  pa = await center('d2');
  pb = await center('d4');
  await page.mouse.click(pa.x, pa.y);
  await sleep(200);
  await page.mouse.click(pb.x, pb.y);
  // The clicks left the focus in the panel: editorText reads the editor
  // of the active group.
  await command('View: Focus First Editor Group');
  played = await waitText((t) => t.includes('1. e4 (1. d4) *'), 10000);
  st = await waitBoard((s) => s.ply === '1' && s.depth === '1', 10000);
  check('clicking d2 then d4 at the start of the line opens the variation (1. d4), the board follows into it',
    played.includes('1. e4 (1. d4) *') && st?.depth === '1', `text ${played.slice(-40)}; ply ${st?.ply}, depth ${st?.depth}`);
  await sleep(300);
  record('pass', 'screenshot', await shot('vscode-board-play.png'));

  // 3a'. Playing on the C'escacs hex board (play.ctl-pgn: White's king
  // and king's rook at home, a pawn one step from promotion): the hexes
  // are the drawing's own elements, the moves the server's plays. Two
  // clicks move the rook; from the start, a click on the king highlights
  // its targets, one on H6 offers the leap and the castlings that land
  // the king there, and KRK-HIO picked opens a variation.
  await command('View: Focus First Editor Group');
  await openFile('play.ctl-pgn');
  await goTo(11, 1);
  st = await waitBoard((s) => s.variant === 'cescacs' && s.playable === 'true' && s.ply === '0', 15000);
  check("the panel of a C'escacs record offers playing on the hex board", st?.playable === 'true' && st.variant === 'cescacs', `variant ${st?.variant}, playable ${st?.playable}`);
  // hexCenter returns the page point of the centre of a hex, from the
  // SVG's element of that hex.
  const hexCenter = async (hex) => {
    const box = await boardBox(`.board svg [data-hex="${hex}"]`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  // marked returns the hexes picked and highlighted as targets.
  const marked = async () =>
    (await boardFrame()).evaluate(() => ({
      pick: [...document.querySelectorAll('.board use.pick')].map((x) => x.getAttribute('data-hex')),
      targets: [...document.querySelectorAll('.board use.target')].map((x) => x.getAttribute('data-hex')).sort(),
      plays: JSON.parse(document.querySelector('#view .layout')?.dataset.plays || '[]'),
    }));
  let pt = await hexCenter('I3');
  await page.mouse.click(pt.x, pt.y);
  await sleep(200);
  let mk = await marked();
  const rookTargets = [...new Set(mk.plays.filter((p) => p.from === 'I3').map((p) => p.to))].sort();
  check('a click on the rook picks its hex and highlights its targets (the server\'s plays)',
    mk.pick.join() === 'I3' && rookTargets.length > 10 && mk.targets.join() === rookTargets.join(), `picked ${mk.pick}, targets ${mk.targets.join(' ')}; plays to ${rookTargets.join(' ')}`);
  pt = await hexCenter('I9');
  await page.mouse.click(pt.x, pt.y);
  await command('View: Focus First Editor Group');
  played = await waitText((t) => t.includes('1. RI3-I9:'), 10000);
  st = await waitBoard((s) => s.ply === '1', 10000);
  check('clicking the rook on I3 then I9 writes 1. RI3-I9 and the board shows it', played.includes('1. RI3-I9:') && st?.ply === '1', `text ${played.slice(-60)}; ply ${st?.ply}`);
  await clickInBoard('.toolbar button[data-action="first"]');
  st = await waitBoard((s) => s.ply === '0', 10000);
  pt = await hexCenter('G1');
  await page.mouse.click(pt.x, pt.y);
  await sleep(300);
  mk = await marked();
  const kingTargets = [...new Set(mk.plays.filter((p) => p.from === 'G1').map((p) => p.to))].sort();
  check("a click on the king highlights its steps, leaps and castling hexes", mk.pick.join() === 'G1' && mk.targets.includes('H6') && mk.targets.join() === kingTargets.join(),
    `picked ${mk.pick}, targets ${mk.targets.join(' ')}`);
  record('pass', 'screenshot', await shot('vscode-board-play-cescacs.png'));
  pt = await hexCenter('H6');
  await page.mouse.click(pt.x, pt.y);
  await sleep(300);
  const frameC = await boardFrame();
  const choices = await frameC.locator('.choices:not([hidden]) button[data-action="choose"]').evaluateAll((bs) => bs.map((b) => b.dataset.move)).catch(() => []);
  check('a click on H6 offers the king\'s leap and the castlings that land it there', choices.includes('KG1-H6') && choices.includes('KRK-HIO') && choices.length === mk.plays.filter((p) => p.from === 'G1' && p.to === 'H6').length,
    choices.join(' '));
  await frameC.locator('.choices button[data-move="KRK-HIO"]').first().click();
  await command('View: Focus First Editor Group');
  played = await waitText((t) => t.includes('(1. KRK-HIO)'), 10000);
  st = await waitBoard((s) => s.ply === '1' && s.depth === '1', 10000);
  check('picking KRK-HIO at the start of the line opens the variation (1. KRK-HIO), the board follows into it',
    played.includes('1. RI3-I9:') && played.includes('(1. KRK-HIO)') && st?.depth === '1', `text ${played.slice(-60)}; ply ${st?.ply}, depth ${st?.depth}`);
  // Auto-save writes the record; pgnls check finds nothing in it.
  const ctlFile = path.join(workspace, 'play.ctl-pgn');
  const saved = await waitFor(async () => fs.readFileSync(ctlFile, 'utf8').includes('(1. KRK-HIO)'), 15000);
  let checkOut = '';
  let checkOK = false;
  try {
    checkOut = execFileSync(pgnlsBin, ['check', ctlFile], { encoding: 'utf8' });
    checkOK = true;
  } catch (e) {
    checkOut = `${e.status}: ${e.stdout}${e.stderr}`;
  }
  check('the record played on the hex board is saved and passes pgnls check', saved && checkOK, `${saved ? '' : 'not saved; '}${checkOut.trim()}`);

  // 3b. On a 4 MB file the board follows the cursor within 100 ms: from
  // the key press to the panel's new board, measured in the browser.
  await command('View: Close All Editors');
  await sleep(500);
  // From the fixture: the workspace's copy of study.pgn was formatted on
  // save by the checks above, and the steps below need its lines as
  // written ("1. e4" starting one, "2. Nf3" the next).
  const game = fs.readFileSync(new URL('./fixtures/study.pgn', import.meta.url), 'utf8');
  const copies = [];
  for (let i = 0, size = 0; size < 4 << 20; i++) {
    const g = game.replace('[Event "pgnls board panel: an annotated study"]', `[Event "game ${i}"]`);
    copies.push(g);
    size += g.length + 1;
  }
  fs.writeFileSync(path.join(workspace, 'big.pgn'), copies.join('\n'));
  const big = copies.join('\n').split('\n');
  await openFile('big.pgn');
  await page.locator('.statusbar-item', { hasText: 'PGN' }).first().waitFor({ timeout: 30000 }).catch(() => {});
  // The first move of the middle game.
  const e4line = big.map((l, i) => (l.startsWith('1. e4') ? i : -1)).filter((i) => i >= 0)[Math.floor(copies.length / 2)];
  await goTo(e4line + 1, 4);
  await command('pgnls: Show board at cursor');
  await waitBoard((s) => s.ply === '1', 30000);
  // After the first analysis of the file (its progress shows in the
  // status bar).
  await sleep(1000);
  const analysing = await waitFor(async () => (await page.locator('.statusbar-item', { hasText: 'analysing' }).count()) === 0, 120000);
  await sleep(500);
  // The times are taken in the browser: when the page sees the key, and
  // when the panel's view changes (a MutationObserver in its frame).
  await page.evaluate(() => window.addEventListener('keydown', () => (window.__pgnlsKeyAt = Date.now()), true));
  // watch returns the panel's frame, watched by the observer.
  const watch = async () => {
    const frame = await boardFrame();
    await frame?.evaluate(() => {
      if (window.__pgnlsWatched) return;
      window.__pgnlsWatched = true;
      new MutationObserver(() => {
        const l = document.querySelector('#view .layout');
        window.__pgnlsShown = { ply: l?.dataset.ply, at: Date.now() };
      }).observe(document.getElementById('view'), { childList: true });
    });
    return frame;
  };
  // A first step with a long wait tells, when the timed ones fail, how
  // long an update takes and where the board was.
  const startState = await boardState();
  const probeAt = Date.now();
  await page.keyboard.press('Alt+ArrowRight');
  const probe = await waitBoard((s) => s.ply === '2', 20000);
  const probeMs = probe?.ply === '2' ? Date.now() - probeAt : -1;
  await page.keyboard.press('Alt+ArrowLeft');
  await waitBoard((s) => s.ply === '1', 20000);
  const focused = await page.evaluate(() => document.activeElement?.className || '');
  const times = [];
  const timeStep = async (key, want) => {
    const frame = await watch();
    await frame?.evaluate(() => (window.__pgnlsShown = undefined)).catch(() => {});
    await page.keyboard.press(key);
    const deadline = Date.now() + 3000;
    let shown;
    do {
      await sleep(20);
      shown = await frame?.evaluate(() => window.__pgnlsShown).catch(() => undefined);
    } while (shown?.ply !== want && Date.now() < deadline);
    const keyAt = await page.evaluate(() => window.__pgnlsKeyAt);
    if (shown?.ply === want) times.push(shown.at - keyAt);
    await sleep(150); // a user's pace, and no overlap with the next key
  };
  for (let i = 0; i < 8; i++) {
    await timeStep('Alt+ArrowRight', '2');
    await timeStep('Alt+ArrowLeft', '1');
    await timeStep('ArrowDown', '3'); // the line of 2. Nf3, the cursor on N
    await timeStep('ArrowUp', '1');
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p90 = times[Math.floor(times.length * 0.9)];
  // The goal is the median: on these shared 2-core machines a busy
  // neighbour stretches the slowest updates (the details say by how much).
  check('on a 4 MB file the board follows the cursor within 100 ms (median of 32 moves, stepping and arrow keys)',
    times.length === 32 && median <= 100, `${(fs.statSync(path.join(workspace, 'big.pgn')).size / 1048576).toFixed(1)} MB, ${times.length} updates: median ${median} ms, 90th percentile ${p90} ms, max ${times[times.length - 1]} ms; first step ${probeMs} ms from ply ${startState?.ply} (heading ${startState?.heading?.slice(0, 60)}), focus ${focused.slice(0, 40)}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores${analysing ? '' : '; the analysis was still running'}`);
  await command('View: Close All Editors');
  await sleep(1000);

  // 3c. Search across the workspace's games (the databases carlsen.pgn,
  // tal.pgn and kasparov.pgn, indexed in the background): Ctrl+T finds
  // games by a query (plain text matches names), Go to References on a
  // move lists the games that reach its position, and the board panel
  // shows the explorer: the moves played from the position, with scores.
  await openFile('study.pgn');
  await page.keyboard.press(`${mod}+T`);
  const symbolInput = page.locator('.quick-input-widget input');
  await symbolInput.waitFor({ state: 'visible', timeout: 10000 });
  const symbolRows = page.locator('.quick-input-list .monaco-list-row');
  const talRow = symbolRows.filter({ hasText: 'tal.pgn' }).first();
  for (let i = 0; i < 60 && (await talRow.count()) === 0; i++) {
    // The index may still be building: ask again until it answers.
    await symbolInput.fill(i % 2 === 0 ? '#Tal Mihail' : '#Tal Mihail ');
    await sleep(1000);
  }
  const symbolCount = await symbolRows.count();
  const talSymbol = (await talRow.textContent().catch(() => '')) || '';
  record('pass', 'screenshot', await shot('vscode-workspace-symbols.png'));
  await talRow.click().catch(() => {});
  const jumped = await page.locator('.tab.active', { hasText: 'tal.pgn' }).waitFor({ timeout: 15000 }).then(() => true).catch(() => false);
  const jumpedAt = await selection();
  check('Ctrl+T (workspace symbols) finds the games of Tal in tal.pgn, an unopened file, and opens the one chosen',
    /Tal/.test(talSymbol) && /tal\.pgn/.test(talSymbol) && jumped,
    `${symbolCount} rows, in tal.pgn ${JSON.stringify(talSymbol.slice(0, 120))}; opened tal.pgn ${jumped} at ${jumpedAt}`);
  await command('View: Close All Editors');
  await sleep(500);

  // study.pgn as the checks above left it (formatted on save).
  const e4 = place(fs.readFileSync(path.join(workspace, 'study.pgn'), 'utf8').split('\n'), 'e4');
  await openFile('study.pgn');
  await goTo(e4.line, e4.col);
  await page.keyboard.press('Shift+F12');
  const refRows = page.locator('.peekview-widget .ref-tree .monaco-list-row');
  const refShown = await refRows.first().waitFor({ timeout: 30000 }).then(() => true).catch(() => false);
  await sleep(1000);
  const refTitle = ((await page.locator('.peekview-widget .peekview-title').first().textContent().catch(() => '')) || '').trim();
  const refFiles = (await refRows.allTextContents().catch(() => [])).join(' | ');
  // The peek's title names the file of the reference shown and the
  // count, "big.pgn … References (5000)" (5,000 at most).
  const refCount = Number((refTitle.match(/References \((\d+)\)/) || [])[1] || 0);
  check('Go to References on 1. e4 lists the games of the workspace that reach its position, in other files',
    // study.pgn holds one game: two references or more come from others.
    refShown && refCount >= 2 && /1\. ?e4/.test(refFiles),
    `title ${JSON.stringify(refTitle)}; rows ${JSON.stringify(refFiles.slice(0, 200))}`);
  record('pass', 'screenshot', await shot('vscode-references.png'));
  await page.keyboard.press('Escape');
  await sleep(300);

  await command('pgnls: Show board at cursor');
  const explorerState = async () => {
    const frame = await boardFrame();
    return frame
      ?.evaluate(() => {
        const x = document.querySelector('#view .explorer');
        return x ? { text: (x.textContent || '').replace(/\s+/g, ' ').trim(), moves: [...x.querySelectorAll('tr[data-san]')].map((r) => r.dataset.san) } : null;
      })
      .catch(() => null);
  };
  let xs = await explorerState();
  for (let i = 0; i < 60 && !(xs && xs.moves.includes('e5')); i++) {
    await sleep(1000);
    xs = await explorerState();
  }
  check('the board panel shows the explorer of the workspace after 1. e4: the moves played, with counts and scores',
    !!xs && /games of the workspace reach this position/.test(xs.text) && xs.moves.includes('e5') && xs.moves.includes('c5') && /%/.test(xs.text),
    `moves ${xs?.moves?.slice(0, 8).join(' ')}; ${JSON.stringify((xs?.text || '').slice(0, 160))}`);
  record('pass', 'screenshot', await shot('vscode-board-explorer.png'));
  await command('View: Close All Editors');
  await sleep(500);

  // 4. Format on save, written to disk.
  const messy = path.join(workspace, 'messy.ctl-pgn');
  const expected = fs.readFileSync(expectedPath, 'utf8');
  const before = fs.readFileSync(messy, 'utf8');
  await openFile('messy.ctl-pgn');
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press(`${mod}+End`);
  await page.keyboard.type(' ');
  await page.keyboard.press(`${mod}+S`);
  let onDisk = before;
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    onDisk = fs.readFileSync(messy, 'utf8');
    if (onDisk === expected) break;
    await sleep(250);
  }
  check('format on save writes the formatted record to disk', onDisk === expected, onDisk === expected ? '' : JSON.stringify(onDisk.slice(0, 300)));

  // 5. A Latin-1 (Windows-1252) PGN file, opened with the extension's
  // defaults for [pgn] (files.autoGuessEncoding, candidate encodings
  // utf8 and windows1252): the accented letters show, no U+FFFD.
  await command('View: Close All Editors');
  await sleep(500);
  const accents = ['Besançon', 'Lévêque, François', 'Müller, Jürgen', 'Göran Åström'];
  const hasAccents = (t) => accents.every((a) => t.includes(a)) && !t.includes('\uFFFD');
  await openFile('latin1.pgn');
  let latin = await waitText(hasAccents, 10000);
  check('a Latin-1 PGN file opens with its accented letters (files.autoGuessEncoding)', hasAccents(latin),
    `encoding ${await encodingStatus()}; ${JSON.stringify(latin.slice(0, 160))}`);
  record('pass', 'screenshot', await shot('e2e-latin1.png'));
  // Control: the same bytes as plain text, without the extension's
  // defaults, open as UTF-8 and show U+FFFD.
  await openFile('latin1.txt');
  const plain = await waitText((t) => t.includes('\uFFFD'), 5000);
  check('control: the same file as .txt opens as UTF-8 with U+FFFD (VS Code default)', plain.includes('\uFFFD'), `encoding ${await encodingStatus()}`);
  await command('View: Close All Editors');
  await sleep(500);
  await openFile('latin1.pgn');

  // 6. Reopened as UTF-8 by the user, the letters are U+FFFD: the server
  // reports editor-decoding as an error on the first line and says so in
  // a message; Format Document changes nothing and says why; the quick
  // fix, asked for on a move (not on the error), reopens the file as
  // Windows-1252. "pgnls: Reopen file as Windows-1252" does too. A fresh
  // copy, latin1-b.pgn, opened with guessing off for [pgn] in the
  // workspace settings (as a user without the defaults gets it), is
  // reopened by the extension itself.
  const broken = (t) => t.includes('\uFFFD');
  const reopenAsUTF8 = async () => {
    await command('Change File Encoding');
    await pickRow(/^Reopen with Encoding/);
    await pickRow(/^UTF-8$/);
    return waitText(broken, 10000);
  };
  const toast = (text) => page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first();
  const toastShown = (text, ms = 15000) => toast(text).waitFor({ timeout: ms }).then(() => true).catch(() => false);
  latin = await reopenAsUTF8();
  check('reopened as UTF-8, the Latin-1 file shows U+FFFD', broken(latin), `encoding ${await encodingStatus()}`);
  const decodingError = page.locator('.monaco-editor .squiggly-error');
  const errorShown = await decodingError.first().waitFor({ state: 'attached', timeout: 15000 }).then(() => true).catch(() => false);
  const latinLines = fs.readFileSync(path.join(workspace, 'latin1.pgn'), 'latin1').split('\n');
  const firstDamaged = latinLines.findIndex((x) => /[\x80-\xff]/.test(x)) + 1;
  const toldDamage = await toastShown(`latin1.pgn is not UTF-8 on disk but the editor decoded it as UTF-8: line ${firstDamaged} shows U+FFFD`);
  check('the editor-decoding error shows, and a message names the file and the first damaged line', errorShown && toldDamage,
    `${await decodingError.count()} .squiggly-error; message ${toldDamage}`);
  const latinMove = latinLines.findIndex((x) => /^1\./.test(x)) + 1;
  await goTo(latinMove, 4);
  const unformatted = await editorText();
  await command('Format Document');
  const declined = await toastShown('no formatting of latin1.pgn');
  await sleep(1000);
  check('Format Document on the damaged file changes nothing and says why', declined && (await editorText()) === unformatted && fs.readFileSync(path.join(workspace, 'latin1.pgn')).equals(fs.readFileSync(path.join(workspace, 'latin1-b.pgn'))),
    `message ${declined}`);
  await page.keyboard.press(`${mod}+.`);
  // The menu takes keys, not clicks (a pointer block covers it): go
  // down to the action and press Enter.
  const reopenFix = /1252|Latin|encoding/i;
  const fix = page.locator('.action-widget .monaco-list-row.action', { hasText: reopenFix }).first();
  let fixTitle = '';
  let actionCount = 0;
  try {
    await fix.waitFor({ timeout: 10000 });
    fixTitle = (await fix.textContent()) || '';
    actionCount = await page.locator('.action-widget .monaco-list-row.action').count();
    const focused = page.locator('.action-widget .monaco-list-row.focused');
    for (let i = 0; i < 10 && !reopenFix.test((await focused.textContent().catch(() => '')) || ''); i++) {
      await page.keyboard.press('ArrowDown');
      await sleep(100);
    }
    await page.keyboard.press('Enter');
  } catch {
    await page.keyboard.press('Escape');
  }
  latin = await waitText(hasAccents, 10000);
  const gone = await waitFor(async () => (await decodingError.count()) === 0, 10000);
  check('on a move, the only code action reopens the file as Windows-1252, and the error goes', fixTitle !== '' && actionCount === 1 && hasAccents(latin) && gone,
    `quick fix ${JSON.stringify(fixTitle)} of ${actionCount}; encoding ${await encodingStatus()}; error gone ${gone}`);
  latin = await reopenAsUTF8();
  await command('pgnls: Reopen file as Windows-1252 (Latin-1)');
  latin = await waitText(hasAccents, 10000);
  check('pgnls: Reopen file as Windows-1252 brings the accented letters back', hasAccents(latin),
    `encoding ${await encodingStatus()}; ${JSON.stringify(latin.slice(0, 160))}`);
  await command('View: Close All Editors');
  fs.writeFileSync(wsSettings, '{ "[pgn]": { "files.autoGuessEncoding": false } }\n');
  await sleep(3000);
  await openFile('latin1-b.pgn');
  latin = await waitText(hasAccents, 10000);
  const reopenedB = await toastShown('latin1-b.pgn is not UTF-8, so it was reopened as Windows-1252');
  check('with guessing off, the extension reopens a Latin-1 file as Windows-1252 at once, and says so', hasAccents(latin) && reopenedB,
    `encoding ${await encodingStatus()}; message ${reopenedB}; ${JSON.stringify(latin.slice(0, 160))}`);
  fs.writeFileSync(wsSettings, '{}\n');
  await command('View: Close All Editors');
  await sleep(500);

  // 7. The ambiguous-character highlight: on for × and ‐ in a .pgn file
  // (VS Code's default), off for them in a .ctl-pgn file (the
  // extension's [ctl-pgn] default).
  const highlights = async (name) => {
    await openFile(name);
    await sleep(1500);
    const n = await page.locator('.monaco-editor .unicode-highlight').count();
    await command('View: Close All Editors');
    await sleep(500);
    return n;
  };
  const inPGN = await highlights('glyphs.pgn');
  const inCTL = await highlights('glyphs.ctl-pgn');
  check('× and ‐ are highlighted as ambiguous in a .pgn file (control)', inPGN > 0, `${inPGN} .unicode-highlight`);
  check('no ambiguous-character highlight on × and ‐ in a .ctl-pgn file', inCTL === 0, `${inCTL} .unicode-highlight`);

  // 8. Format Document on a small file of many games (300, 30 KB): VS
  // Code would find more than a thousand changes and apply them as one
  // replacement, so the extension applies them itself, split at the
  // cursor; the cursor stays on its move and the view where it was.
  const games = [];
  for (let i = 1; i <= 300; i++) {
    games.push(`[Event "E"]\n[White "P${i}"]\n[Black "Q"]\n[Result "*"]\n[Site "S"]\n[Date "?"]\n[Round "?"]\n\n1.e4 e5 {g${i}} 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 *\n`);
  }
  fs.writeFileSync(path.join(workspace, 'many.pgn'), games.join('\n'));
  await openFile('many.pgn');
  await page.locator('.statusbar-item', { hasText: 'PGN' }).first().waitFor({ timeout: 30000 }).catch(() => {});
  await sleep(1500);
  await formatKeepsView('many.pgn (300 games)', path.join(workspace, 'many.pgn'), 1499);
  await command('View: Close All Editors');
  await sleep(500);

  // 9. The cap (before the databases below, which VS Code keeps open a
  // while after reopening them in their encoding, and whose diagnostics
  // the status bar would count): 2,100 games with a missing roster tag each (warnings)
  // and an illegal move in the last one, 2,101 diagnostics. VS Code gets
  // at most 1,000 (its own display limit per file), the illegal move is
  // among them and drawn at the end of the file, and a message gives the
  // true total.
  fs.writeFileSync(path.join(workspace, 'big.pgn'), '[Event "x"]\n\n1. e4 e5 *\n\n'.repeat(2099) + '[Event "x"]\n\n1. e4 Ke7 *\n');
  await command('View: Close All Editors');
  await openFile('big.pgn');
  const capMessage = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'big.pgn has 2101 diagnostics' }).first();
  const told = await capMessage.waitFor({ timeout: 30000 }).then(() => true).catch(() => false);
  const toldText = told ? ((await capMessage.textContent()) || '').trim() : 'no such notification';
  await goTo(8399, 7); // Ke7
  const drawn = await waitFor(async () => (await page.locator('.monaco-editor .squiggly-error').count()) > 0, 15000);
  const capStatus = ((await page.locator('#status\\.problems').textContent().catch(() => '')) || '').trim();
  check('cap: the illegal move at the end of a big file is drawn as an error', drawn, `problems status "${capStatus}"`);
  // The status bar counts errors, then warnings: 1 error, the rest of
  // the 1,000 warnings.
  const capCounts = capStatus.match(/\d+/g) || [];
  check('cap: 1 error and 999 warnings published (VS Code shows 1,000 per file)', capCounts[0] === '1' && capCounts[1] === '999', `problems status "${capStatus}"`);
  check('cap: a message states the true total, 2101', toldText.includes('big.pgn has 2101 diagnostics; 1000 are shown'), toldText);
  record('pass', 'screenshot', await shot('e2e-cap.png'));
  await command('View: Close All Editors');

  // 10. A database that is not UTF-8, with code-server's defaults
  // (auto-save after a second): pgnmentor-Kasparov.pgn, 1.35 MB, whose
  // only byte that is not UTF-8 (0x82) lies 1.2 MB in, past what VS
  // Code's guess reads. The extension reopens it as Windows-1252 before
  // anything else and says so once; Format Document keeps the cursor and
  // the view; the file auto-saved is the formatted text with its byte,
  // as pgnls fmt writes it.
  const kasparov = path.join(workspace, 'kasparov.pgn');
  const kasparovBytes = fs.readFileSync(kasparov);
  const kasparovExpected = fs.readFileSync(path.join(path.dirname(expectedPath), 'kasparov.pgn.expected'));
  await openFile('kasparov.pgn');
  const reopenedNote = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'kasparov.pgn is not UTF-8, so it was reopened as Windows-1252' });
  const noted = await reopenedNote.first().waitFor({ timeout: 20000 }).then(() => true).catch(() => false);
  const kasparovEncoding = await encodingStatus();
  check('a file whose only non-UTF-8 byte lies 1.2 MB in is reopened as Windows-1252, and the user told', noted && /1252/.test(kasparovEncoding),
    `notification ${noted}; encoding ${kasparovEncoding}`);
  const latinText = kasparovBytes.toString('latin1').replaceAll('\r\n', '\n');
  const damaged = latinText.slice(0, latinText.indexOf('\x82')).split('\n').length;
  await goTo(damaged, 1);
  const damagedLine = await waitText((t) => t.includes('Quadros'), 5000);
  check('its byte 0x82 shows as the Windows-1252 letter, not U+FFFD', damagedLine.includes('Quadros,Andr\u201a') && !damagedLine.includes('\uFFFD'),
    JSON.stringify(damagedLine.slice(0, 200)));
  await formatKeepsView('kasparov.pgn (1.35 MB)', kasparov, 20011);
  let kasparovDisk = fs.readFileSync(kasparov);
  for (let i = 0; i < 60 && !kasparovDisk.equals(kasparovExpected); i++) {
    await sleep(500);
    kasparovDisk = fs.readFileSync(kasparov);
  }
  check('auto-save writes the formatted file with its byte 0x82, as pgnls fmt does (no EF BF BD)', kasparovDisk.equals(kasparovExpected),
    `${kasparovDisk.length} bytes on disk, ${kasparovExpected.length} expected; EF BF BD ${kasparovDisk.includes(Buffer.from([0xef, 0xbf, 0xbd]))}; 0x82 ${kasparovDisk.includes(0x82)}`);
  await command('View: Close All Editors');
  await sleep(500);

  // 11. Format Document on a 4 MB database (pgnmentor-Carlsen.pgn, 5,662
  // games) keeps the cursor and the view too; and on tal.pgn
  // (pgnmentor-Tal.pgn, 1.45 MB) with the cursor 40 KB in, where the
  // extension applies the formatting itself.
  await openFile('carlsen.pgn');
  await sleep(2000);
  await formatKeepsView('carlsen.pgn (4.1 MB)', path.join(workspace, 'carlsen.pgn'), 60001);
  await command('View: Close All Editors');
  await sleep(500);
  await openFile('tal.pgn');
  await sleep(2000);
  await formatKeepsView('tal.pgn (1.45 MB), 40 KB in', path.join(workspace, 'tal.pgn'), 1001);
  await command('View: Close All Editors');
  await sleep(500);

  // 12. The Settings editor offers every diagnostic code for
  // pgnls.diagnostics ("Add Item" lists the keys of its schema).
  await command('Preferences: Open Settings (UI)');
  const search = page.locator('.settings-editor .suggest-input-container .monaco-editor textarea').first();
  await search.waitFor({ timeout: 15000 });
  await search.focus();
  await page.keyboard.type('pgnls.diagnostics');
  const item = page.locator('.settings-editor .setting-item-contents', { hasText: 'Severity per diagnostic code' }).first();
  await item.waitFor({ timeout: 15000 });
  // A click while the search results still render is lost with the row.
  const select = item.locator('select').first(); // the key; the second one is the value
  for (let i = 0; i < 4 && (await select.count()) === 0; i++) {
    await sleep(1000);
    await item.locator('.setting-list-addButton').first().click();
    await select.waitFor({ state: 'attached', timeout: 3000 }).catch(() => {});
  }
  const options = await select.evaluate((el) => [...el.options].map((o) => o.value || o.textContent));
  const codes = Object.keys(pkg.contributes.configuration.properties['pgnls.diagnostics'].properties);
  const missing = codes.filter((c) => !options.includes(c));
  check('the Settings editor offers every diagnostic code for pgnls.diagnostics', options.includes('illegal-move') && missing.length === 0,
    `${options.length} keys offered, ${codes.length} in the schema; missing ${missing.slice(0, 5).join(' ')}`);
  record('pass', 'screenshot', await shot('e2e-settings-diagnostics.png'));
  await page.keyboard.press('Escape');

} catch (err) {
  record('fail', 'e2e script error', err && err.stack ? err.stack : String(err));
  try {
    await shot('failure.png');
  } catch {
    // ignore
  }
} finally {
  fs.writeFileSync(resultsPath, results.join('\n') + '\n');
  await browser.close();
}
process.exit(results.some((l) => l.startsWith('fail')) ? 1 : 0);
