// Bundles src/extension.ts and vscode-languageclient into dist/extension.js
// (CommonJS, as VS Code loads it). `--production` minifies and drops the
// source map; vsce runs that through the vscode:prepublish script.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');

await esbuild.build({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
});
