// Summarises the runs of bench/run: writes the machine-readable summary
// (one row per input and tool) and prints it as a Markdown table, followed
// by the goal lines.
//
// Usage: node report.mjs RUNS.tsv COUNTS.tsv SKIPS.tsv OUT.tsv
//
// RUNS.tsv:   input bytes games task tool run wall_s user_s sys_s rss_kb rc
// COUNTS.tsv: input task tool ok seen errors note
// SKIPS.tsv:  input bytes games task tool estimate_s
// (each with a header line). Times are medians over the runs; "vs
// pgn-extract" is the median over rounds of pgn-extract's time divided by
// the tool's time in the same round (above 1: faster than pgn-extract).
import { readFileSync, writeFileSync } from 'node:fs';

const [runsPath, countsPath, skipsPath, outPath] = process.argv.slice(2);

function readTsv(path) {
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l !== '');
  const head = lines.shift().split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [head[i], v])));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const TOOLS = [
  ['check', 'pgnls'],
  ['check', 'pgn-extract'],
  ['check', 'chessops'],
  ['check', 'chess.js'],
  ['check', 'corentings'],
  ['fmt', 'pgnls'],
  ['fmt', 'pgn-extract'],
  ['floor', 'cat'],
  ['floor', 'wc'],
];
const COMMAND = {
  'check pgnls': 'pgnls check --severity error F',
  'check pgn-extract': 'pgn-extract -s -r F',
  'check chessops': 'node chessops-check.mjs F',
  'check chess.js': 'node chessjs-check.mjs F',
  'check corentings': 'gochess F',
  'fmt pgnls': 'pgnls fmt F >/dev/null',
  'fmt pgn-extract': 'pgn-extract -s -w80 -o /dev/null F',
  'floor cat': 'cat F >/dev/null',
  'floor wc': 'wc -l F',
};
// The pgn-extract row each tool is compared with.
const REF = { check: 'check\tpgn-extract', fmt: 'fmt\tpgn-extract', floor: 'check\tpgn-extract' };

const runs = readTsv(runsPath);
const counts = readTsv(countsPath);
const skips = readTsv(skipsPath);

const inputs = []; // in the order measured
const info = new Map(); // input -> {bytes, games}
const byKey = new Map(); // input\ttask\ttool -> runs
for (const r of [...runs, ...skips]) {
  if (!info.has(r.input)) {
    inputs.push(r.input);
    info.set(r.input, { bytes: Number(r.bytes), games: Number(r.games) });
  }
}
for (const r of runs) {
  const k = `${r.input}\t${r.task}\t${r.tool}`;
  if (!byKey.has(k)) byKey.set(k, []);
  byKey.get(k).push(r);
}
const countOf = new Map(counts.map((c) => [`${c.input}\t${c.task}\t${c.tool}`, c]));
const skipOf = new Map(skips.map((s) => [`${s.input}\t${s.task}\t${s.tool}`, s]));

const MiB = 1024 * 1024;
const rows = [];
for (const input of inputs) {
  const { bytes, games } = info.get(input);
  for (const [task, tool] of TOOLS) {
    const k = `${input}\t${task}\t${tool}`;
    const rs = byKey.get(k);
    const c = countOf.get(k) || {};
    const row = { input, bytes, games, task, tool, runs: 0, wall_min: '', wall_median: '', wall_max: '', cpu_median: '',
      rss_peak_mib: '', games_per_s: '', mib_per_s: '', vs_pgn_extract: '', ok: c.ok ?? '', seen: c.seen ?? '',
      errors: c.errors ?? '', note: c.note ?? '' };
    const skip = skipOf.get(k);
    if (!rs) {
      if (skip) {
        row.note = `skipped: estimated ${Number(skip.estimate_s).toFixed(0)} s a run, over the BENCH_MAX_RUN limit`;
        rows.push(row);
      }
      continue;
    }
    const wall = rs.map((r) => Number(r.wall_s));
    const cpu = rs.map((r) => Number(r.user_s) + Number(r.sys_s));
    const med = median(wall);
    row.runs = rs.length;
    row.wall_min = Math.min(...wall);
    row.wall_median = med;
    row.wall_max = Math.max(...wall);
    row.cpu_median = median(cpu);
    row.rss_peak_mib = Math.max(...rs.map((r) => Number(r.rss_kb))) / 1024;
    row.games_per_s = games / med;
    row.mib_per_s = bytes / MiB / med;
    const ref = byKey.get(`${input}\t${REF[task]}`);
    if (ref) {
      const refByRun = new Map(ref.map((r) => [r.run, Number(r.wall_s)]));
      const ratios = rs.filter((r) => refByRun.has(r.run)).map((r) => refByRun.get(r.run) / Number(r.wall_s));
      row.vs_pgn_extract = median(ratios);
    }
    const rcs = [...new Set(rs.map((r) => r.rc))];
    if (rcs.length !== 1 || rcs[0] !== '0') {
      row.note = [row.note, `exit ${rcs.join('/')}`].filter(Boolean).join('; ');
    }
    rows.push(row);
  }
}

const cols = ['input', 'bytes', 'games', 'task', 'tool', 'runs', 'wall_min', 'wall_median', 'wall_max', 'cpu_median',
  'rss_peak_mib', 'games_per_s', 'mib_per_s', 'vs_pgn_extract', 'ok', 'seen', 'errors', 'note'];
const fix = (v, d) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : v);
writeFileSync(outPath, [cols.join('\t'), ...rows.map((r) => cols.map((c) => {
  const d = { wall_min: 4, wall_median: 4, wall_max: 4, cpu_median: 3, rss_peak_mib: 1, games_per_s: 0, mib_per_s: 2, vs_pgn_extract: 3 }[c];
  return String(d === undefined ? r[c] : fix(r[c], d)).replace(/[\t\n]/g, ' ');
}).join('\t'))].join('\n') + '\n');

// Markdown.
const num = (v, d) => (v === '' ? '—' : Number(v).toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
const secs = (v) => (v === '' ? '—' : v < 0.1 ? v.toFixed(4) : v < 10 ? v.toFixed(3) : v.toFixed(1));
function parsed(r) {
  if (r.task === 'floor') return '';
  if (r.ok === '' && r.errors === '') return r.runs ? '' : 'not run';
  if (r.task === 'check' && r.tool === 'pgnls') return `${r.errors} error diagnostics${r.note ? ' (' + r.note + ')' : ''}`;
  if (r.task === 'fmt') return `wrote ${r.ok} of ${r.games}${r.errors && r.errors !== '0' ? `; ${r.errors} reported` : ''}`;
  return `${r.ok} of ${r.games} ok, ${r.errors} rejected`;
}
const out = [];
out.push('| input | task | tool | runs | median s (min–max) | games/s | MiB/s | peak RSS MiB | CPU s | vs pgn-extract | games read |');
out.push('|---|---|---|---:|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const { bytes, games } = info.get(r.input);
  const first = rows.find((x) => x.input === r.input) === r;
  const name = first ? `**${r.input}** (${(bytes / MiB).toFixed(1)} MiB, ${games.toLocaleString('en-US')} games)` : '';
  if (!r.runs) {
    out.push(`| ${name} | ${r.task} | ${r.tool} | 0 | ${r.note} | — | — | — | — | — | not run |`);
    continue;
  }
  const ratio = r.vs_pgn_extract === '' ? '—' : `${r.vs_pgn_extract.toFixed(2)}x`;
  let note = parsed(r);
  if (/exit/.test(r.note) && !(r.task === 'check' && r.tool === 'pgnls')) note = [note, r.note].filter(Boolean).join('; ');
  out.push(`| ${name} | ${r.task} | \`${COMMAND[`${r.task} ${r.tool}`]}\` | ${r.runs} | ${secs(r.wall_median)} (${secs(r.wall_min)}–${secs(r.wall_max)}) | ${num(r.games_per_s, 0)} | ${num(r.mib_per_s, 1)} | ${num(r.rss_peak_mib, 1)} | ${r.cpu_median.toFixed(2)} | ${ratio} | ${note} |`);
}

// Goals, on the concatenated input (the last one) and over all inputs.
const get = (input, task, tool) => rows.find((r) => r.input === input && r.task === task && r.tool === tool && r.runs);
const all = inputs[inputs.length - 1];
const lines = [];
const ck = get(all, 'check', 'pgnls');
const fm = get(all, 'fmt', 'pgnls');
const perInput = (task) => inputs.map((i) => get(i, task, 'pgnls')).filter((r) => r && r.vs_pgn_extract !== '').map((r) => r.vs_pgn_extract);
const range = (xs) => `${Math.min(...xs).toFixed(2)}x–${Math.max(...xs).toFixed(2)}x`;
const met = (ok) => (ok ? 'met' : 'NOT met');
if (ck && ck.vs_pgn_extract !== '') {
  lines.push(`- check speed (goal: pgnls >= 2x pgn-extract's games/s): ${ck.vs_pgn_extract.toFixed(2)}x on ${all} (${num(ck.games_per_s, 0)} vs ${num(get(all, 'check', 'pgn-extract').games_per_s, 0)} games/s, CPU ${(ck.cpu_median / ck.wall_median * 100).toFixed(0)}% of one core); per input ${range(perInput('check'))}: ${met(ck.vs_pgn_extract >= 2)}`);
}
if (fm && fm.vs_pgn_extract !== '') {
  lines.push(`- fmt speed (goal: pgnls >= 1x pgn-extract): ${fm.vs_pgn_extract.toFixed(2)}x on ${all}; per input ${range(perInput('fmt'))}: ${met(fm.vs_pgn_extract >= 1)}`);
}
const rssAll = inputs.map((i) => get(i, 'check', 'pgnls')).filter(Boolean);
if (rssAll.length) {
  const worst = rssAll.reduce((a, b) => (b.rss_peak_mib > a.rss_peak_mib ? b : a));
  lines.push(`- check memory (goal: peak RSS <= 64 MiB): ${worst.rss_peak_mib.toFixed(1)} MiB at most (${worst.input}); ${rssAll.filter((r) => r.rss_peak_mib <= 64).length} of ${rssAll.length} inputs within 64 MiB: ${met(worst.rss_peak_mib <= 64)}`);
}
process.stdout.write(out.join('\n') + '\n\nGoals:\n' + lines.join('\n') + '\n');
