// Drives a real VS Code (code-server, started by e2e.sh with the pgnls
// .vsix installed) in headless Chromium through playwright-core.
//
//   node test/e2e.mjs URL WORKSPACE EXPECTED SCREENSHOT_DIR RESULTS
//
// WORKSPACE holds illegal.ctl-pgn (an illegal elephant move) and
// messy.ctl-pgn (a legal record to format); EXPECTED is the pgnls fmt
// output for messy.ctl-pgn.
// Checks: the language mode, the error squiggle and its hover, a hover with
// a board diagram, "pgnls: Show board at cursor", and format on save written
// to disk. Results are lines "pass|fail|skip<TAB>name<TAB>detail" in
// RESULTS; the exit status is 1 when a check failed.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

const [url, workspace, expectedPath, shots, resultsPath] = process.argv.slice(2);
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

// shot saves a screenshot of the page, or of its top 1280x800 when the
// window was made taller for a hover.
async function shot(name, top = false) {
  const file = path.join(shots, name);
  await page.screenshot({ path: file, clip: top ? { x: 0, y: 0, width: 1280, height: 800 } : undefined });
  return file;
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

  // 2. A hover with a board diagram, on the hex of a move. A hover is at
  // most a quarter of the editor's height: a tall window lets the board
  // fit, the hover is focused and scrolled to the board, and the
  // screenshot keeps the top 800 pixels.
  await page.keyboard.press('Escape');
  await command('View: Hide Panel').catch(() => {});
  await page.setViewportSize({ width: 1280, height: 1800 });
  await sleep(1000);
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
    // Ctrl+K Ctrl+I focuses the visible hover; arrow keys scroll it.
    await page.keyboard.press(`${mod}+K`);
    await page.keyboard.press(`${mod}+I`);
    await sleep(300);
    for (let i = 0; i < 100; i++) {
      const ib = await img.first().boundingBox();
      const hb = await hover.boundingBox();
      if (!ib || !hb || ib.y - hb.y < 40) break;
      await page.keyboard.press('ArrowDown');
      await sleep(30);
    }
    await sleep(300);
  }
  record('pass', 'screenshot', await shot('vscode-hover-board.png', true));
  await page.keyboard.press('Escape');

  // 3. pgnls: Show board at cursor.
  await goTo(moveLine + 1, text[moveLine].indexOf('H12') + 2);
  await command('pgnls: Show board at cursor');
  const tab = page.locator('.tab', { hasText: 'Board:' });
  let panelImg = false;
  try {
    await tab.first().waitFor({ timeout: 15000 });
    const deadline = Date.now() + 15000;
    while (Date.now() < deadline && !panelImg) {
      for (const frame of page.frames()) {
        const n = await frame.locator('img.board').count().catch(() => 0);
        if (n > 0) {
          panelImg = await frame.locator('img.board').first().evaluate((el) => el.complete && el.naturalWidth > 0).catch(() => false);
        }
      }
      if (!panelImg) await sleep(300);
    }
  } catch {
    // reported below
  }
  check('pgnls: Show board at cursor opens a panel with the board', panelImg, `${await tab.count()} Board tab(s)`);
  await sleep(500);
  record('pass', 'screenshot', await shot('vscode-board-panel.png', true));
  await command('View: Close All Editors');
  await page.setViewportSize({ width: 1280, height: 800 });
  await sleep(1000);

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
