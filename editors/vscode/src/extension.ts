// The pgnls extension: starts the pgnls language server for PGN and CTL-PGN
// files and adds the board panel that follows the cursor (board.ts). All
// chess and notation logic lives in the server; this file only wires VS
// Code to it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { BoardPanel } from './board';
import { copyGameCommand } from './copygame';
import { coarsen, mapOffset, splitAt, type OffsetEdit } from './cursor';
import { opened, opening } from './opening';

const languages = ['pgn', 'ctl-pgn'];

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('pgnls', { log: true });
  context.subscriptions.push(output);

  context.subscriptions.push(
    new BoardPanel(() => client, output),
    copyGameCommand(() => client),
    vscode.commands.registerCommand('pgnls.restartServer', () => restart(context)),
    vscode.commands.registerCommand('pgnls.reopenWithEncoding', (uri?: string | vscode.Uri, encoding?: string) =>
      reopenWithEncoding(uri, encoding),
    ),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('pgnls.path')) {
        void restart(context);
      }
    }),
  );

  await start(context);
}

// keepCursors returns edits, a formatting of document about to be
// applied, so that the cursor stays on its move and the view where it
// was (see cursor.ts). Regrouped by coarsen around the cursor of the
// active editor of the document (else its first visible one), VS Code
// applies them in one step with the cursor and the view kept. When it
// might not (coarsen says so: the cursor within 100 KB of either end of
// a big document, a small document with many changes, a long game
// around the cursor), the formatting is split at the cursor (splitAt):
// VS Code gets the edits before the cursor, which keep the cursor and
// the view however it groups them, and the extension applies the rest
// once they are applied (see applyAfter). Other editors of the document
// (and a selection) get their cursor put back where mapOffset says once
// the formatting is applied.
function keepCursors(document: vscode.TextDocument, edits: vscode.TextEdit[] | null | undefined) {
  if (!edits || edits.length === 0) {
    return edits;
  }
  const old = document.getText();
  const offsets: OffsetEdit[] = edits
    .map((e) => ({ start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end), text: e.newText }))
    .sort((a, b) => a.start - b.start);
  const editors = vscode.window.visibleTextEditors.filter((ed) => ed.document === document);
  if (editors.length === 0) {
    return edits;
  }
  const main = editors.find((ed) => ed === vscode.window.activeTextEditor) ?? editors[0];
  const k = document.offsetAt(main.selection.active);
  const length = offsets.reduce((n, e) => n + e.text.length - (e.end - e.start), old.length);
  const others = editors
    .filter((ed) => ed !== main || !ed.selection.isEmpty)
    .map((ed) => ({ ed, at: mapOffset(old, offsets, document.offsetAt(ed.selection.active)) }));
  if (others.length > 0) {
    putBack(document, length, others);
  }
  const regrouped = coarsen(old, offsets, k);
  if (regrouped.safe || !main.selection.isEmpty) {
    return toTextEdits(document, regrouped.edits);
  }
  const { before, after } = splitAt(old, offsets, k);
  if (after) {
    const shift = before.reduce((n, e) => n + e.text.length - (e.end - e.start), 0);
    applyAfter(main, old, before.length > 0 ? old.length + shift : undefined, after, shift);
  }
  return toTextEdits(document, before);
}

// applyAfter applies after, the edit of a formatting of the document of
// editor (whose text was old) that follows the cursor, once the edits
// before it are applied: at once if there are none (length undefined),
// else at the next change of the document that gives it length (within
// ten seconds), shifted by shift. It checks that the text it replaces is
// still old's, and saves the document again when a save came in between
// (format on save wrote the edits before the cursor only). The editor
// applies it as a replacement that leaves a cursor at its start in place
// (a workspace edit, if the editor was closed meanwhile, would move it).
function applyAfter(editor: vscode.TextEditor, old: string, length: number | undefined, after: OffsetEdit, shift: number) {
  const document = editor.document;
  let saved = false;
  const onSave = vscode.workspace.onDidSaveTextDocument((d) => {
    saved ||= d === document;
  });
  const apply = async () => {
    const range = new vscode.Range(document.positionAt(after.start + shift), document.positionAt(after.end + shift));
    if (document.getText(range) !== old.slice(after.start, after.end)) {
      output?.warn(`formatting of ${document.uri.toString()}: the text after the cursor changed meanwhile; left as it is`);
      onSave.dispose();
      return;
    }
    let applied: boolean;
    if (vscode.window.visibleTextEditors.includes(editor)) {
      applied = await editor.edit((b) => b.replace(range, after.text), { undoStopBefore: false, undoStopAfter: true });
    } else {
      const ws = new vscode.WorkspaceEdit();
      ws.replace(document.uri, range, after.text);
      applied = await vscode.workspace.applyEdit(ws);
    }
    onSave.dispose();
    if (applied && saved) {
      await document.save();
    }
  };
  if (length === undefined) {
    setTimeout(() => void apply(), 0);
    return;
  }
  const done = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.document !== document || e.document.getText().length !== length) {
      return;
    }
    done.dispose();
    clearTimeout(timer);
    void apply();
  });
  const timer = setTimeout(() => {
    done.dispose();
    onSave.dispose();
  }, 10000);
}

// toTextEdits returns edits of document as VS Code text edits.
function toTextEdits(document: vscode.TextDocument, edits: OffsetEdit[]): vscode.TextEdit[] {
  return edits.map((e) => new vscode.TextEdit(new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.text));
}

// putBack puts each cursor of targets at its offset once the formatting
// of document is applied (the next change that gives it length, within
// five seconds).
function putBack(document: vscode.TextDocument, length: number, targets: { ed: vscode.TextEditor; at: number }[]) {
  const done = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.document !== document || e.document.getText().length !== length) {
      return;
    }
    done.dispose();
    clearTimeout(timer);
    for (const { ed, at } of targets) {
      const p = document.positionAt(at);
      ed.selection = new vscode.Selection(p, p);
      ed.revealRange(new vscode.Range(p, p), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  });
  const timer = setTimeout(() => done.dispose(), 5000);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const command = serverPath(context);
  output?.appendLine(`starting ${command} serve`);
  const serverOptions: ServerOptions = {
    run: { command, args: ['serve'] },
    debug: { command, args: ['serve'] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: languages.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    // Sends workspace/didChangeConfiguration with {"pgnls": {...}} at start
    // and on every change of a pgnls.* setting, and answers
    // workspace/configuration requests for the "pgnls" section.
    synchronize: { configurationSection: 'pgnls' },
    initializationOptions: serverSettings(),
    outputChannel: output,
    // VS Code applies a formatting of more than a thousand edits as one
    // replacement, which sends the cursor to its end (the end of a
    // formatted database): the edits are regrouped so that it does not,
    // and a cursor it moves anyway is put back on its move (see
    // cursor.ts).
    middleware: {
      // A file that is not UTF-8 but was decoded as UTF-8 (VS Code
      // guesses from the start of a file only) is reopened in its
      // encoding before the server sees it: saving it as decoded, which
      // auto-save does after any edit, would destroy its letters. The
      // requests on it wait for that (see opened).
      didOpen: (document, next) => {
        if (!document.getText().includes('\uFFFD')) {
          return next(document);
        }
        const uri = document.uri.toString();
        const done = reopenMisdecoded(document).then(() => next(document));
        opening.set(uri, done.catch(() => undefined));
        return done.finally(() => opening.delete(uri));
      },
      provideCompletionItem: async (document, position, context, token, next) => {
        await opened(document);
        return next(document, position, context, token);
      },
      provideHover: async (document, position, token, next) => {
        await opened(document);
        return next(document, position, token);
      },
      provideDocumentSymbols: async (document, token, next) => {
        await opened(document);
        return next(document, token);
      },
      provideFoldingRanges: async (document, context, token, next) => {
        await opened(document);
        return next(document, context, token);
      },
      provideSelectionRanges: async (document, positions, token, next) => {
        await opened(document);
        return next(document, positions, token);
      },
      provideDocumentHighlights: async (document, position, token, next) => {
        await opened(document);
        return next(document, position, token);
      },
      provideDocumentSemanticTokens: async (document, token, next) => {
        await opened(document);
        return next(document, token);
      },
      provideDocumentRangeSemanticTokens: async (document, range, token, next) => {
        await opened(document);
        return next(document, range, token);
      },
      provideCodeActions: async (document, range, context, token, next) => {
        await opened(document);
        return next(document, range, context, token);
      },
      provideDocumentFormattingEdits: async (document, options, token, next) => {
        await opened(document);
        const edits = await next(document, options, token);
        return token.isCancellationRequested ? edits : keepCursors(document, edits);
      },
      provideDocumentRangeFormattingEdits: async (document, range, options, token, next) => {
        await opened(document);
        const edits = await next(document, range, options, token);
        return token.isCancellationRequested ? edits : keepCursors(document, edits);
      },
    },
  };
  client = new LanguageClient('pgnls', 'pgnls', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    output?.appendLine(`pgnls did not start: ${message}`);
    void vscode.window
      .showErrorMessage(
        `pgnls: the language server did not start (${command}): ${message}. Set "pgnls.path" to the pgnls executable.`,
        'Open settings',
      )
      .then((choice) => {
        if (choice) {
          void vscode.commands.executeCommand('workbench.action.openSettings', 'pgnls.path');
        }
      });
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop();
    } catch {
      // the server may already be gone
    }
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  await stop();
  await start(context);
}

// serverPath returns the executable to run: the pgnls.path setting, else
// the binary bundled in the extension's bin/, else pgnls from PATH.
function serverPath(context: vscode.ExtensionContext): string {
  const configured = vscode.workspace.getConfiguration('pgnls').get<string>('path', '').trim();
  if (configured !== '') {
    if (configured === '~' || configured.startsWith('~/')) {
      return path.join(os.homedir(), configured.slice(1));
    }
    return configured;
  }
  const exe = process.platform === 'win32' ? 'pgnls.exe' : 'pgnls';
  const bundled = context.asAbsolutePath(path.join('bin', exe));
  try {
    fs.accessSync(bundled, fs.constants.X_OK);
    return bundled;
  } catch {
    if (fs.existsSync(bundled)) {
      // Some unpackers drop the run bit; put it back.
      try {
        fs.chmodSync(bundled, 0o755);
        return bundled;
      } catch {
        // fall through to PATH
      }
    }
  }
  return exe;
}

// serverSettings is the pgnls section as the server reads it, also sent as
// initializationOptions so that the first analysis already uses it.
function serverSettings(): Record<string, unknown> {
  const c = vscode.workspace.getConfiguration('pgnls');
  return {
    dialect: c.get<string>('dialect', 'auto'),
    profile: c.get<string>('profile', 'default'),
    lineLength: c.get<number>('lineLength', 79),
    tagOrder: c.get<string>('tagOrder', 'lenient'),
    maxDiagnostics: c.get<number>('maxDiagnostics', 1000),
    ctlpgn: { symbols: c.get<string>('ctlpgn.symbols', 'keep') },
    hover: { images: c.get<string>('hover.images', 'auto') },
    diagnostics: c.get<Record<string, string>>('diagnostics', {}),
    engine: {
      path: c.get<string>('engine.path', ''),
      depth: c.get<number>('engine.depth', 0),
      nodes: c.get<number>('engine.nodes', 0),
      movetime: c.get<number>('engine.movetime', 0),
      threads: c.get<number>('engine.threads', 0),
      hash: c.get<number>('engine.hash', 0),
      multipv: c.get<number>('engine.multipv', 0),
    },
  };
}

// EncodingWorkspace is workspace.openTextDocument with the encoding option
// and TextDocument.encoding of VS Code 1.100 (newer than @types/vscode
// 1.91, which this extension builds against).
interface EncodingWorkspace {
  openTextDocument(uri: vscode.Uri, options: { encoding: string }): Thenable<EncodedDocument>;
}

// EncodedDocument is a TextDocument with the encoding VS Code 1.100 gives.
type EncodedDocument = vscode.TextDocument & { readonly encoding?: string };

// latinEncoding returns the VS Code encoding to read bytes that are not
// UTF-8 with: Windows-1252, unless they hold one of the five bytes it
// leaves undefined, which VS Code would read as U+FFFD and could not write
// back; then ISO-8859-1, which reads every byte as itself.
function latinEncoding(bytes: Uint8Array): string {
  for (const b of bytes) {
    if (b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d) {
      return 'iso88591';
    }
  }
  return 'windows1252';
}

// misdecoded returns the encoding to reopen document with when VS Code
// decoded it as UTF-8 but the file on disk is not UTF-8 (its text then
// holds U+FFFD where the file has bytes UTF-8 cannot read), else
// undefined.
async function misdecoded(document: vscode.TextDocument): Promise<string | undefined> {
  if (document.uri.scheme !== 'file' || !document.getText().includes('\uFFFD')) {
    return undefined;
  }
  const encoding = (document as EncodedDocument).encoding;
  if (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf8bom') {
    return undefined;
  }
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(document.uri);
  } catch {
    return undefined;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined; // UTF-8 that holds U+FFFD itself
  } catch {
    return latinEncoding(bytes);
  }
}

// told holds the files whose reopening the user was told of, once each.
const told = new Set<string>();

// reopenMisdecoded reopens document, just opened and not yet modified,
// in the encoding misdecoded gives, and tells the user once per file. VS
// Code before 1.100 cannot: the server then reports editor-decoding and
// computes no edit of the document.
async function reopenMisdecoded(document: vscode.TextDocument): Promise<void> {
  const encoding = await misdecoded(document);
  if (!encoding || document.isDirty) {
    return;
  }
  const uri = document.uri.toString();
  try {
    const doc = await (vscode.workspace as unknown as EncodingWorkspace).openTextDocument(document.uri, { encoding });
    if (doc.encoding !== encoding) {
      output?.info(`${uri} is not UTF-8; this VS Code cannot reopen it as ${encoding}`);
      return;
    }
  } catch (err) {
    output?.warn(`cannot reopen ${uri} as ${encoding}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  output?.info(`${uri} is not UTF-8: reopened as ${encoding}`);
  if (!told.has(uri)) {
    told.add(uri);
    const name = encoding === 'windows1252' ? 'Windows-1252 (Latin-1)' : 'ISO-8859-1 (Latin-1)';
    void vscode.window.showInformationMessage(
      `pgnls: ${path.basename(document.uri.fsPath)} is not UTF-8, so it was reopened as ${name}: saving keeps its letters. "Change File Encoding" picks another encoding.`,
    );
  }
}

// reopenWithEncoding reloads a file that VS Code decoded with the wrong
// encoding, by default the active one as Windows-1252 (Latin-1; ISO-8859-1
// when the file holds a byte Windows-1252 leaves undefined): the quick fix
// of the server's editor-decoding error calls it with [uri,
// "windows1252"]. Saving the file as decoded would replace its accented
// letters with U+FFFD for good, so a modified document is reverted first,
// when the user agrees. VS Code before 1.100 cannot reopen with a given
// encoding: it gets the built-in picker (Change File Encoding).
async function reopenWithEncoding(target?: string | vscode.Uri, encoding = 'windows1252'): Promise<void> {
  const uri = typeof target === 'string' ? vscode.Uri.parse(target) : (target ?? vscode.window.activeTextEditor?.document.uri);
  if (!uri) {
    void vscode.window.showInformationMessage('pgnls: open the file to reopen first.');
    return;
  }
  if (encoding === 'windows1252') {
    try {
      encoding = latinEncoding(await vscode.workspace.fs.readFile(uri));
    } catch {
      // reopened as asked
    }
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open?.isDirty) {
    const revert = 'Revert and reopen';
    const choice = await vscode.window.showWarningMessage(
      `pgnls: ${path.basename(uri.fsPath)} has unsaved changes, and saving it as decoded would lose the characters shown as \uFFFD. Revert it to the file on disk and reopen it as ${encoding}?`,
      revert,
    );
    if (choice !== revert) {
      return;
    }
    await vscode.window.showTextDocument(open);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  try {
    const doc = await (vscode.workspace as unknown as EncodingWorkspace).openTextDocument(uri, { encoding });
    output?.info(`reopen ${uri.toString()} as ${encoding}: now ${doc.encoding ?? 'no encoding API'}`);
    if (doc.encoding === encoding) {
      await vscode.window.showTextDocument(doc);
      return;
    }
  } catch (err) {
    void vscode.window.showWarningMessage(`pgnls: cannot reopen as ${encoding}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  await vscode.window.showTextDocument(uri);
  await vscode.commands.executeCommand('workbench.action.editor.changeEncoding');
}
