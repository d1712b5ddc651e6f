// A small Markdown-to-HTML renderer for the board panel. It knows exactly
// what hovers contain (paragraphs, emphasis, code, lists, headings, tables
// and images whose source is a data:image URI) and escapes everything else,
// so no script, link or remote resource can reach the webview. VS Code's
// own renderer (markdown-it) refuses data:image/svg+xml sources, which is
// how the server sends board diagrams.

// Hover-shaped values (from the LSP spec) that hoverToMarkdown accepts.
type MarkedString = string | { language: string; value: string };
interface MarkupContent {
  kind: string;
  value: string;
}
interface HoverLike {
  contents: MarkupContent | MarkedString | MarkedString[];
}

// hoverToMarkdown flattens the contents of a hover result to Markdown.
export function hoverToMarkdown(hover: HoverLike | null | undefined): string {
  if (!hover || hover.contents === undefined || hover.contents === null) {
    return '';
  }
  const one = (c: MarkupContent | MarkedString): string => {
    if (typeof c === 'string') {
      return c;
    }
    if ('kind' in c) {
      return c.kind === 'markdown' ? c.value : fence('', c.value);
    }
    return fence(c.language, c.value);
  };
  const contents = hover.contents;
  if (Array.isArray(contents)) {
    return contents.map(one).filter((s) => s.trim() !== '').join('\n\n---\n\n');
  }
  return one(contents);
}

function fence(language: string, value: string): string {
  return '```' + language + '\n' + value + '\n```';
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const dataImage = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,[^\s"'<>]*$/i;

function imageTag(src: string, alt: string): string {
  if (!dataImage.test(src)) {
    return escapeHtml(alt ? `[image: ${alt}]` : '[image]');
  }
  return `<img class="board" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
}

// inline renders one line of text: images, code spans, emphasis; links
// keep their text only.
export function renderInline(text: string): string {
  const holes: string[] = [];
  const hole = (html: string): string => {
    holes.push(html);
    return `\u0000${holes.length - 1}\u0000`;
  };
  let s = text.replace(/\u0000/g, '');
  // <img src="data:..."> written as HTML inside the Markdown.
  s = s.replace(/<img\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1[^>]*>/gi, (_m, _q, src: string) => {
    const alt = /\balt\s*=\s*(["'])(.*?)\1/i.exec(_m)?.[2] ?? '';
    return hole(imageTag(src, alt));
  });
  // ![alt](<uri> "title") and ![alt](uri "title")
  s = s.replace(/!\[([^\]]*)\]\(\s*<([^>]*)>(?:\s+"[^"]*")?\s*\)/g, (_m, alt: string, src: string) => hole(imageTag(src, alt)));
  s = s.replace(/!\[([^\]]*)\]\(\s*([^\s)]+)(?:\s+"[^"]*")?\s*\)/g, (_m, alt: string, src: string) => hole(imageTag(src, alt)));
  s = s.replace(/`([^`]+)`/g, (_m, code: string) => hole(`<code>${escapeHtml(code)}</code>`));
  s = s.replace(/\[([^\]]+)\]\([^)]*\)/g, (_m, label: string) => label);
  s = s.replace(/<br\s*\/?>/gi, () => hole('<br>'));
  s = escapeHtml(s);
  s = s.replace(/\\([\\`*_{}[\]()#+\-.!|~])/g, '$1');
  s = s.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/__(.+?)__/g, '<strong>$1</strong>');
  s = s.replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/g, '$1<em>$2</em>');
  s = s.replace(/(^|[^_\w])_(?!\s)(.+?)_(?!\w)/g, '$1<em>$2</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => holes[Number(i)] ?? '');
}

function isTableRule(line: string): boolean {
  return /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line) && line.includes('-');
}

function tableCells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  return t.split(/(?<!\\)\|/).map((c) => c.trim());
}

// renderMarkdown renders a Markdown document to HTML (block level).
export function renderMarkdown(md: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length > 0) {
      out.push(`<p>${para.map(renderInline).join('<br>\n')}</p>`);
      para = [];
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceOpen = /^\s*(```+|~~~+)\s*([\w+-]*)\s*$/.exec(line);
    if (fenceOpen) {
      flush();
      const marker = fenceOpen[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(marker)) {
        body.push(lines[i]);
        i++;
      }
      const lang = fenceOpen[2] ? ` class="language-${escapeHtml(fenceOpen[2])}"` : '';
      out.push(`<pre><code${lang}>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push('<hr>');
      continue;
    }
    const heading = /^\s*(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const n = heading[1].length;
      out.push(`<h${n}>${renderInline(heading[2])}</h${n}>`);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && isTableRule(lines[i + 1])) {
      flush();
      const head = tableCells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i].includes('|') && lines[i].trim() !== '') {
        rows.push(tableCells(lines[i]));
        i++;
      }
      i--;
      const th = head.map((c) => `<th>${renderInline(c)}</th>`).join('');
      const trs = rows.map((r) => `<tr>${r.map((c) => `<td>${renderInline(c)}</td>`).join('')}</tr>`).join('\n');
      out.push(`<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`);
      continue;
    }
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const items = [item[1]];
      while (i + 1 < lines.length) {
        const next = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(lines[i + 1]);
        if (!next) break;
        items.push(next[1]);
        i++;
      }
      out.push(`<ul>${items.map((t) => `<li>${renderInline(t)}</li>`).join('')}</ul>`);
      continue;
    }
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (quote) {
      flush();
      out.push(`<blockquote>${renderInline(quote[1])}</blockquote>`);
      continue;
    }
    para.push(line.replace(/\s{2,}$/, ''));
  }
  flush();
  return out.join('\n');
}

// renderBoardPage is the whole webview document. Its Content Security
// Policy allows inline styles and data: images only.
export function renderBoardPage(markdown: string, where: string, cspSource: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${cspSource}; style-src 'unsafe-inline';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Board: ${escapeHtml(where)}</title>
<style>
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0.5em 1em; }
  img.board { max-width: 100%; height: auto; display: block; margin: 0.5em 0; }
  code, pre { font-family: var(--vscode-editor-font-family); }
  :not(pre) > code { overflow-wrap: anywhere; }
  pre { background: var(--vscode-textCodeBlock-background); padding: 0.5em; overflow-x: auto; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid var(--vscode-panel-border, #8884); padding: 0.2em 0.5em; text-align: left; }
  .where { opacity: 0.7; font-size: 90%; }
</style>
</head>
<body>
<div class="where">${escapeHtml(where)}</div>
${renderMarkdown(markdown)}
</body>
</html>`;
}
