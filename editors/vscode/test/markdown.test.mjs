// Unit tests of src/markdown.ts (the board panel's renderer). Run after
// `npx esbuild src/markdown.ts --bundle --platform=node --format=cjs
// --outfile=out/markdown.cjs` with `node --test test/markdown.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { hoverToMarkdown, renderMarkdown, renderBoardPage } = require('../out/markdown.cjs');

const svg = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

test('hover contents of every LSP shape become Markdown', () => {
  assert.equal(hoverToMarkdown(null), '');
  assert.equal(hoverToMarkdown({ contents: { kind: 'markdown', value: '**e4**' } }), '**e4**');
  assert.equal(hoverToMarkdown({ contents: { kind: 'plaintext', value: 'a<b' } }), '```\na<b\n```');
  assert.equal(hoverToMarkdown({ contents: 'plain' }), 'plain');
  assert.equal(hoverToMarkdown({ contents: ['one', { language: 'pgn', value: '1. e4' }] }), 'one\n\n---\n\n```pgn\n1. e4\n```');
});

test('a data:image board becomes an img, in both Markdown and HTML form', () => {
  const md = renderMarkdown(`**3. Bb5**\n\n![board](${svg})\n\n<img src="${svg}" alt="b2">`);
  assert.match(md, /<strong>3\. Bb5<\/strong>/);
  assert.equal(md.split(`<img class="board" src="${svg}"`).length, 3);
  assert.match(md, /alt="b2"/);
});

test('remote images, links, scripts and raw HTML are not passed through', () => {
  const md = renderMarkdown('![x](https://example.com/a.png) [link](https://example.com) <script>alert(1)</script> <b onmouseover=x>');
  assert.doesNotMatch(md, /<img/);
  assert.doesNotMatch(md, /<script/);
  assert.doesNotMatch(md, /<b /);
  assert.doesNotMatch(md, /href=/);
  assert.match(md, /link/);
  assert.match(md, /&lt;script&gt;/);
});

test('code fences, tables, lists and headings', () => {
  const md = renderMarkdown('# Tag\n\n```pgn\n[Event "<x>"]\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two');
  assert.match(md, /<h1>Tag<\/h1>/);
  assert.match(md, /<pre><code class="language-pgn">\[Event &quot;&lt;x&gt;&quot;\]<\/code><\/pre>/);
  assert.match(md, /<table><thead><tr><th>a<\/th><th>b<\/th><\/tr><\/thead><tbody><tr><td>1<\/td><td>2<\/td><\/tr><\/tbody><\/table>/);
  assert.match(md, /<ul><li>one<\/li><li>two<\/li><\/ul>/);
});

test('the page allows data: images and no scripts', () => {
  const page = renderBoardPage(`![b](${svg})`, 'game.pgn:3', 'vscode-resource:');
  assert.match(page, /Content-Security-Policy" content="default-src 'none'; img-src data: vscode-resource:; style-src 'unsafe-inline';"/);
  assert.doesNotMatch(page, /<script/);
  assert.match(page, /game\.pgn:3/);
});
