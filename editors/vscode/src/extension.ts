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
import { mapOffset, type OffsetEdit } from './cursor';

const languages = ['pgn', 'ctl-pgn'];

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('pgnls', { log: true });
  context.subscriptions.push(output);

  context.subscriptions.push(
    new BoardPanel(() => client, output),
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

// keepCursors returns edits, a formatting of document about to be applied,
// and arranges for the cursor of each editor of the document to be put
// where mapOffset says once the edits are applied: the next change of the
// document that gives it the formatted length (within five seconds).
function keepCursors(document: vscode.TextDocument, edits: vscode.TextEdit[] | null | undefined) {
  if (!edits || edits.length === 0) {
    return edits;
  }
  const old = document.getText();
  const offsets: OffsetEdit[] = edits
    .map((e) => ({ start: document.offsetAt(e.range.start), end: document.offsetAt(e.range.end), text: e.newText }))
    .sort((a, b) => a.start - b.start);
  const length = offsets.reduce((n, e) => n + e.text.length - (e.end - e.start), old.length);
  const editors = vscode.window.visibleTextEditors.filter((ed) => ed.document === document);
  const targets = editors.map((ed) => ({ ed, at: mapOffset(old, offsets, document.offsetAt(ed.selection.active)) }));
  if (targets.length === 0) {
    return edits;
  }
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
  return edits;
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
    // formatted database): each cursor is put back on its move once the
    // formatting is applied (see cursor.ts).
    middleware: {
      provideDocumentFormattingEdits: async (document, options, token, next) =>
        keepCursors(document, await next(document, options, token)),
      provideDocumentRangeFormattingEdits: async (document, range, options, token, next) =>
        keepCursors(document, await next(document, range, options, token)),
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
  };
}

// EncodingWorkspace is workspace.openTextDocument with the encoding option
// and TextDocument.encoding of VS Code 1.100 (newer than @types/vscode
// 1.91, which this extension builds against).
interface EncodingWorkspace {
  openTextDocument(uri: vscode.Uri, options: { encoding: string }): Thenable<vscode.TextDocument & { readonly encoding?: string }>;
}

// reopenWithEncoding reloads a file that VS Code decoded with the wrong
// encoding, by default the active one as Windows-1252 (Latin-1): the quick
// fix of the server's editor-decoding warning calls it with [uri,
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
