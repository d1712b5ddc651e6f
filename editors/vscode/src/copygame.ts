// "Copy game without…": the game at the cursor without comments,
// variations, NAGs or clocks and evaluations, on the clipboard. The
// server writes it (pgnls.copyGame, the code of pgnls fmt --strip); the
// document is not changed.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { opened } from './opening';

/** The choices of the quick pick: a label, and the pgnls fmt --strip items. */
const choices: { label: string; strip: string }[] = [
  { label: 'comments', strip: 'comments' },
  { label: 'variations', strip: 'variations' },
  { label: 'NAGs', strip: 'nags' },
  { label: 'clocks and evaluations ([%clk], [%emt], [%eval])', strip: 'clk,emt,eval' },
  { label: 'comments, variations and NAGs', strip: 'comments,variations,nags' },
];

/**
 * copyGameCommand registers pgnls.copyGameWithout: with an argument (a
 * pgnls fmt --strip list, such as "comments" or "clk,emt,eval") it copies
 * without those, else it asks which. It resolves to the text copied, or
 * undefined.
 */
export function copyGameCommand(client: () => LanguageClient | undefined): vscode.Disposable {
  return vscode.commands.registerCommand('pgnls.copyGameWithout', async (strip?: string) => {
    const ed = vscode.window.activeTextEditor;
    const c = client();
    if (!ed || !c) return undefined;
    if (!c.initializeResult?.capabilities.executeCommandProvider?.commands.includes('pgnls.copyGame')) {
      void vscode.window.showWarningMessage('pgnls: this pgnls server is older than "Copy game without…" (it has no pgnls.copyGame); update it or clear pgnls.path.');
      return undefined;
    }
    if (typeof strip !== 'string') {
      const pick = await vscode.window.showQuickPick(choices, { placeHolder: 'Copy the game at the cursor without…' });
      if (!pick) return undefined;
      strip = pick.strip;
    }
    await opened(ed.document);
    const at = c.code2ProtocolConverter.asTextDocumentPositionParams(ed.document, ed.selection.active);
    try {
      const res = await c.sendRequest<{ text: string } | null>('workspace/executeCommand', {
        command: 'pgnls.copyGame',
        arguments: [{ textDocument: at.textDocument, position: at.position, strip }],
      });
      if (!res) return undefined;
      await vscode.env.clipboard.writeText(res.text);
      vscode.window.setStatusBarMessage(`pgnls: game copied without ${strip.replaceAll(',', ', ')}`, 3000);
      return res.text;
    } catch (err) {
      void vscode.window.showWarningMessage(`pgnls: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  });
}
