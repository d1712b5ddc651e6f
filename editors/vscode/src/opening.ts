// The documents the extension reopens in their encoding before the
// server is told they are open (see reopenMisdecoded in extension.ts):
// requests on such a document wait until the server knows it.
import type * as vscode from 'vscode';

/** opening holds the didOpen of each document being reopened, by URI. */
export const opening = new Map<string, Promise<unknown>>();

/**
 * opened waits until the server is told document is open, when it is
 * being reopened in its encoding (a request sent before would find it
 * unknown).
 */
export async function opened(document: vscode.TextDocument): Promise<void> {
  await opening.get(document.uri.toString());
}
