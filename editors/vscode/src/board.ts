// The board panel: a webview beside the editor that shows the server's
// pgnls/board answer for the cursor of the PGN or CTL-PGN editor last
// used, and follows it as the cursor moves, the document changes and
// another such editor becomes active. Its steps (commands
// pgnls.board.next, … and the panel's buttons, keys and move list) move
// the editor's cursor, so the text and the board move together; the panel
// then follows the cursor like any other move of it. Moves played on the
// board (click-click or drag, a promotion picker, crazyhouse drops; on
// the C'escacs hex board the server's plays, with a picker where several
// moves share the hexes) go to the server's pgnls.play at the cursor,
// which edits the text.
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { type BoardAnswer, type LspPosition, type Step, exitTarget, lichessURL, positionName, renderPage, renderView, stepTarget } from './boardview';
import { opened } from './opening';

const languages = ['pgn', 'ctl-pgn'];
const isChess = (d: vscode.TextDocument) => languages.includes(d.languageId);

/**
 * followDelay debounces the panel, in milliseconds: a move of the cursor
 * (or an edit) after a quiet spell that long is asked for at once, and the
 * moves of a burst (typing, a drag, a held key) only once the cursor has
 * rested that long, so that the panel keeps well within 100 ms of the
 * cursor without a request per character. A request is never sent while
 * another is on its way: the last place is asked for when it is back.
 */
const followDelay = 25;

/** An answer with what it was asked for. */
interface Asked {
  uri: string;
  version: number;
  offset: number;
  answer: BoardAnswer | null;
}

/** The messages the panel's script sends. */
interface PanelMessage {
  action: string;
  index?: number;
  variation?: number;
  move?: string; // play: the move in UCI, or in CTL-AN on a C'escacs board
}

/**
 * BoardPanel is the board panel and its commands (pgnls.showBoard and
 * pgnls.board.*): made once when the extension starts, disposed with it.
 */
export class BoardPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private followed: vscode.TextEditor | undefined;
  private flipped = false;
  private last: Asked | undefined; // the last answer, shown or used for a step
  private shown: Asked | undefined; // the answer the panel shows
  private html = '';
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private again = false;
  private movedAt = 0; // when the cursor moved last (performance.now())
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly log: vscode.LogOutputChannel | undefined,
  ) {
    const steps: Step[] = ['next', 'previous', 'first', 'last', 'nextVariation'];
    this.subscriptions.push(
      vscode.commands.registerCommand('pgnls.showBoard', () => this.open()),
      ...steps.map((s) => vscode.commands.registerCommand(`pgnls.board.${s}`, () => this.step(s))),
      vscode.commands.registerCommand('pgnls.board.flip', () => this.flip()),
      vscode.commands.registerCommand('pgnls.board.copyPosition', () => this.copyPosition()),
      vscode.commands.registerCommand('pgnls.board.openInLichess', () => this.openInLichess()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (this.panel && isChess(e.textEditor.document)) {
          this.followed = e.textEditor;
          this.schedule(followDelay);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((ed) => {
        if (this.panel && ed && isChess(ed.document) && ed !== this.followed) {
          this.followed = ed;
          this.schedule(0);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.panel && e.document === this.followed?.document && e.contentChanges.length > 0) {
          this.schedule(followDelay);
        }
      }),
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.subscriptions) d.dispose();
  }

  /** open shows the panel beside the editor and follows the active editor. */
  private open(): void {
    const ed = vscode.window.activeTextEditor;
    if (!ed || !isChess(ed.document)) {
      void vscode.window.showInformationMessage('pgnls: open a PGN or CTL-PGN file and put the cursor on a move.');
      return;
    }
    if (!this.server()) {
      return;
    }
    this.followed = ed;
    if (this.panel) {
      this.panel.reveal(undefined, true);
    } else {
      const panel = vscode.window.createWebviewPanel(
        'pgnls.board',
        'Board',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [] },
      );
      panel.webview.html = renderPage(panel.webview.cspSource, crypto.randomBytes(16).toString('base64'));
      panel.webview.onDidReceiveMessage((m: PanelMessage) => this.onMessage(m));
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.visible) this.schedule(0);
      });
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
        this.html = '';
        void vscode.commands.executeCommand('setContext', 'pgnls.boardOpen', false);
      });
      this.panel = panel;
      void vscode.commands.executeCommand('setContext', 'pgnls.boardOpen', true);
    }
    this.schedule(0);
  }

  /**
   * server returns the running client if its server answers pgnls/board,
   * else says why not: in a message, or in the log when quiet (the panel
   * following the cursor).
   */
  private server(quiet = false): LanguageClient | undefined {
    const c = this.client();
    let why = '';
    if (!c || !c.isRunning()) {
      why = 'the language server is not running.';
    } else if (!(c.initializeResult?.capabilities.experimental as { board?: boolean } | undefined)?.board) {
      why = 'this pgnls server is older than the board panel (it does not answer pgnls/board); update it or clear pgnls.path.';
    }
    if (why === '') {
      return c;
    }
    if (quiet) {
      this.log?.warn(`board: ${why}`);
    } else {
      void vscode.window.showWarningMessage(`pgnls: ${why}`);
    }
    return undefined;
  }

  /** ask returns the server's board at pos of doc (undefined: no server). */
  private async ask(doc: vscode.TextDocument, pos: vscode.Position, quiet = false): Promise<Asked | undefined> {
    const c = this.server(quiet);
    if (!c) return undefined;
    await opened(doc);
    const version = doc.version;
    const params = { ...c.code2ProtocolConverter.asTextDocumentPositionParams(doc, pos), orientation: this.flipped ? 'black' : 'white', explorer: true };
    const answer = await c.sendRequest<BoardAnswer | null>('pgnls/board', params);
    const asked = { uri: doc.uri.toString(), version, offset: doc.offsetAt(pos), answer };
    this.last = asked;
    return asked;
  }

  /** answerAt returns the board at the cursor of ed, the last one when it is still current. */
  private async answerAt(ed: vscode.TextEditor): Promise<Asked | undefined> {
    const doc = ed.document;
    const l = this.last;
    if (l && l.uri === doc.uri.toString() && l.version === doc.version && l.offset === doc.offsetAt(ed.selection.active)) {
      return l;
    }
    return this.ask(doc, ed.selection.active);
  }

  /**
   * schedule refreshes the panel: at once for ms 0 or after a quiet spell
   * of followDelay, else once nothing more happens for ms.
   */
  private schedule(ms: number): void {
    const now = performance.now();
    const quiet = now - this.movedAt >= followDelay;
    this.movedAt = now;
    clearTimeout(this.timer);
    if (ms === 0 || (quiet && !this.busy)) {
      void this.refresh();
      return;
    }
    this.timer = setTimeout(() => void this.refresh(), ms);
  }

  /** refresh shows the board at the followed editor's cursor. */
  private async refresh(): Promise<void> {
    if (!this.panel || !this.followed || !this.panel.visible) {
      return;
    }
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      const ed = this.followed;
      const asked = await this.ask(ed.document, ed.selection.active, true);
      if (asked && this.panel) {
        this.shown = asked;
        const name = path.basename(ed.document.fileName);
        this.panel.title = `Board: ${name}`;
        this.html = renderView(asked.answer, { flipped: this.flipped, where: `${name}:${ed.selection.active.line + 1}` });
        await this.panel.webview.postMessage({ type: 'show', html: this.html });
        this.log?.trace(`board: shown ${(performance.now() - this.movedAt).toFixed(1)} ms after the cursor moved`);
      }
    } catch (err) {
      this.log?.warn(`board: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        void this.refresh();
      }
    }
  }

  /** onMessage runs what the panel's buttons, keys and move list ask for. */
  private onMessage(m: PanelMessage): void {
    switch (m.action) {
      case 'ready':
        if (this.html !== '') void this.panel?.webview.postMessage({ type: 'show', html: this.html });
        else this.schedule(0);
        return;
      case 'next':
      case 'previous':
      case 'first':
      case 'last':
      case 'nextVariation':
        void this.step(m.action);
        return;
      case 'flip':
        this.flip();
        return;
      case 'copyPosition':
        void this.copyPosition();
        return;
      case 'openInLichess':
        void this.openInLichess();
        return;
      case 'play':
        if (m.move) void this.play(m.move);
        return;
      case 'goto':
      case 'variation': {
        const ed = this.editor();
        const b = this.shown?.answer;
        if (!ed || !b || this.shown?.version !== ed.document.version || this.shown.uri !== ed.document.uri.toString()) {
          this.schedule(0);
          return;
        }
        const mv = b.moves[m.index ?? -1];
        const at = m.action === 'goto' ? mv?.range.start : mv?.variations?.[m.variation ?? -1]?.range.start;
        if (at) this.moveCursor(ed, at);
        return;
      }
    }
  }

  /**
   * editor returns the editor that steps move: the active one if it
   * shows PGN or CTL-PGN, else the one the panel follows, while visible.
   */
  private editor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active && isChess(active.document)) {
      return active;
    }
    const f = this.followed;
    if (f) {
      const visible = vscode.window.visibleTextEditors;
      return visible.includes(f) ? f : visible.find((ed) => ed.document === f.document);
    }
    return undefined;
  }

  /** step moves the editor's cursor to the next, previous, … move of its line. */
  private async step(step: Step): Promise<void> {
    const ed = this.editor();
    if (!ed) {
      void vscode.window.showInformationMessage('pgnls: open a PGN or CTL-PGN file and put the cursor on a move.');
      return;
    }
    const asked = await this.answerAt(ed);
    if (!asked) return;
    const b = asked.answer;
    if (!b) {
      vscode.window.setStatusBarMessage('pgnls: no game at the cursor', 3000);
      return;
    }
    const t = stepTarget(b, step);
    if ('none' in t) {
      vscode.window.setStatusBarMessage(`pgnls: ${t.none}`, 3000);
      return;
    }
    if ('at' in t) {
      const target = this.moveCursor(ed, t.at);
      // Within the line the next step needs no new answer: the same
      // line, another current move.
      const index = b.moves.findIndex((mv) => mv.range.start.line === t.at.line && mv.range.start.character === t.at.character);
      if (step !== 'nextVariation' && target) {
        this.last = { ...asked, offset: ed.document.offsetAt(target), answer: { ...b, current: index } };
      }
      return;
    }
    // Out of a variation: the answer at its opening parenthesis is that
    // of the line around it.
    const doc = ed.document;
    const c = this.client();
    if (!c) return;
    const open = doc.positionAt(doc.offsetAt(c.protocol2CodeConverter.asPosition(b.lineStart)) - 1);
    const parent = await this.ask(doc, open);
    if (!parent?.answer) return;
    const first = b.moves[0]?.range.start ?? b.lineStart;
    this.moveCursor(ed, exitTarget(parent.answer, first));
  }

  /**
   * play plays move (UCI, or CTL-AN) at the cursor of the editor steps move, with
   * the server's pgnls.play: the server sends the edit (the language
   * client applies workspace/applyEdit), then answers where the move is,
   * where the cursor goes, and the panel follows.
   */
  private async play(move: string): Promise<void> {
    const ed = this.editor();
    const c = this.server();
    if (!ed || !c) return;
    if (!c.initializeResult?.capabilities.executeCommandProvider?.commands.includes('pgnls.play')) {
      void vscode.window.showWarningMessage('pgnls: this pgnls server is older than playing on the board (it has no pgnls.play); update it or clear pgnls.path.');
      return;
    }
    await opened(ed.document);
    const at = c.code2ProtocolConverter.asTextDocumentPositionParams(ed.document, ed.selection.active);
    try {
      const res = await c.sendRequest<{ applied: boolean; position: LspPosition } | null>('workspace/executeCommand', {
        command: 'pgnls.play',
        arguments: [{ textDocument: at.textDocument, position: at.position, move }],
      });
      if (res?.position) this.moveCursor(ed, res.position);
    } catch (err) {
      void vscode.window.showWarningMessage(`pgnls: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** moveCursor puts the cursor of ed at at and shows it. */
  private moveCursor(ed: vscode.TextEditor, at: LspPosition): vscode.Position | undefined {
    const c = this.client();
    if (!c) return undefined;
    const p = c.protocol2CodeConverter.asPosition(at);
    ed.selection = new vscode.Selection(p, p);
    ed.revealRange(new vscode.Range(p, p), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return p;
  }

  /** flip turns the board over and redraws it. */
  private flip(): void {
    this.flipped = !this.flipped;
    this.last = undefined;
    if (this.panel) {
      this.schedule(0);
    } else {
      vscode.window.setStatusBarMessage(`pgnls: the board panel will show ${this.flipped ? "Black's" : "White's"} side at the bottom`, 3000);
    }
  }

  /** current returns the answer at the cursor of the editor steps move. */
  private async current(): Promise<BoardAnswer | undefined> {
    const ed = this.editor();
    if (!ed) {
      void vscode.window.showInformationMessage('pgnls: open a PGN or CTL-PGN file and put the cursor on a move.');
      return undefined;
    }
    const b = (await this.answerAt(ed))?.answer;
    if (!b) {
      vscode.window.setStatusBarMessage('pgnls: no game at the cursor', 3000);
      return undefined;
    }
    return b;
  }

  /** copyPosition copies the FEN (PDTL) at the cursor. */
  private async copyPosition(): Promise<void> {
    const b = await this.current();
    if (!b) return;
    if (!b.position) {
      void vscode.window.showInformationMessage(`pgnls: the position here is not known${b.note ? `: ${b.note}` : '.'}`);
      return;
    }
    await vscode.env.clipboard.writeText(b.position);
    vscode.window.setStatusBarMessage(`pgnls: ${positionName(b)} copied`, 3000);
  }

  /** openInLichess opens the position at the cursor on lichess's analysis board. */
  private async openInLichess(): Promise<void> {
    const b = await this.current();
    if (!b) return;
    const l = lichessURL(b, this.flipped);
    if ('none' in l) {
      void vscode.window.showInformationMessage(`pgnls: no lichess analysis here: ${l.none}.`);
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(l.url, true));
  }
}
