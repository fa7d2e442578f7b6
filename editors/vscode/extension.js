// Gloss for VS Code: starts `gloss lsp` and puts the server's commands in the palette.
//
// The language client registers each command the server lists in `executeCommandProvider`
// (gloss.export, gloss.saveAsNote, ...) as a VS Code command that sends `workspace/executeCommand`.
// From the palette such a command comes with no arguments, so the `executeCommand` middleware asks for
// what the server needs (the note, a format, a title) before sending it. A command the server does not
// list yet still gets a palette entry that sends the request, so the server's answer is what you see.
'use strict';

const vscode = require('vscode');
const { LanguageClient, ExecuteCommandRequest, ReferencesRequest } = require('vscode-languageclient/node');

const SERVER_COMMANDS = [
  'gloss.export',
  'gloss.saveAsNote',
  'gloss.convertToSource',
  'gloss.newNote',
  'gloss.reindex',
  'gloss.find',
];
const FORMATS = ['markdown', 'html', 'pandoc', 'json'];

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.Disposable[]} */
let fallbackCommands = [];

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('gloss.exportNotebook', exportNotebook),
    vscode.commands.registerCommand('gloss.restartServer', () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('gloss.path')) restart(context);
    }),
    { dispose: () => disposeFallbacks() }
  );
  return start(context);
}

function deactivate() {
  disposeFallbacks();
  return client ? client.stop() : undefined;
}

async function start(context) {
  const command = vscode.workspace.getConfiguration('gloss').get('path') || 'gloss';
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'quarto' },
      { scheme: 'file', language: 'rmd' },
      { scheme: 'untitled', language: 'markdown' },
      { scheme: 'file', pattern: '**/*.bib' },
    ],
    middleware: { executeCommand: withArguments },
  };
  client = new LanguageClient('gloss', 'Gloss', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `Gloss could not start '${command} lsp': ${error.message}. Set "gloss.path" to the gloss executable.`
    );
    return;
  }
  await registerFallbacks();
}

async function restart(context) {
  disposeFallbacks();
  if (client) {
    try {
      await client.stop();
    } catch (_) {
      // A server that already exited cannot be stopped; start a new one regardless.
    }
  }
  await start(context);
}

/** Registers, for each server command the client did not register, one that sends it all the same. */
async function registerFallbacks() {
  const known = new Set(await vscode.commands.getCommands(true));
  for (const name of SERVER_COMMANDS) {
    if (known.has(name)) continue;
    fallbackCommands.push(
      vscode.commands.registerCommand(name, (...args) => withArguments(name, args, sendCommand))
    );
  }
}

function disposeFallbacks() {
  fallbackCommands.forEach((disposable) => disposable.dispose());
  fallbackCommands = [];
}

function sendCommand(command, args) {
  if (!client) return Promise.reject(new Error('the Gloss server is not running'));
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
}

/**
 * Middleware for `workspace/executeCommand`: arguments from a code action pass through; a command run from
 * the palette or a menu (no arguments, or just the file's URI) gets its arguments from the active editor.
 */
async function withArguments(command, args, next) {
  if (command === 'gloss.showReferences') return showReferences(args);
  const fromUser = args.length === 0 || args[0] instanceof vscode.Uri;
  if (!fromUser) return next(command, args);
  const built = await argumentsFor(command);
  if (built === undefined) return undefined; // cancelled
  try {
    const result = await next(command, built);
    report(command, result);
    return result;
  } catch (error) {
    vscode.window.showErrorMessage(`${command}: ${error.message}`);
    return undefined;
  }
}

/**
 * A code lens's "cited N times" / "N backlinks" (`gloss.showReferences` with `[uri, position]`): the server has
 * nothing to do for it, so the references at that position are asked for and shown in VS Code's peek view.
 */
async function showReferences(args) {
  const [uri, position] = args;
  if (!client || typeof uri !== 'string' || !position) return undefined;
  const locations = await client.sendRequest(ReferencesRequest.type, {
    textDocument: { uri },
    position,
    context: { includeDeclaration: false },
  });
  const convert = client.protocol2CodeConverter;
  return vscode.commands.executeCommand(
    'editor.action.showReferences',
    convert.asUri(uri),
    convert.asPosition(position),
    await convert.asLocations(locations || [])
  );
}

/** What the server needs for `command` (docs/commands.md), asked of the user; undefined when cancelled. */
async function argumentsFor(command) {
  const editor = vscode.window.activeTextEditor;
  const uri = editor ? client.code2ProtocolConverter.asUri(editor.document.uri) : undefined;
  switch (command) {
    case 'gloss.export': {
      if (!uri) return noEditor();
      const format = await pickFormat();
      return format ? [{ uri, format }] : undefined;
    }
    case 'gloss.saveAsNote': {
      if (!editor || editor.selection.isEmpty) {
        vscode.window.showInformationMessage('Select the text to save as a note first.');
        return undefined;
      }
      const title = await vscode.window.showInputBox({ prompt: 'Title of the new note (empty: its first line)' });
      if (title === undefined) return undefined;
      const argument = editor.document.isUntitled
        ? { text: editor.document.getText(editor.selection) }
        : { uri, range: client.code2ProtocolConverter.asRange(editor.selection) };
      if (title !== '') argument.title = title;
      return [argument];
    }
    case 'gloss.convertToSource':
      return uri ? [{ uri }] : noEditor();
    case 'gloss.newNote': {
      const title = await vscode.window.showInputBox({ prompt: 'Title of the new note' });
      return title ? [{ title }] : undefined;
    }
    case 'gloss.find': {
      const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
      const text = await vscode.window.showInputBox({
        prompt: 'Find in the sources (every place, with the citation that points there)',
        value: selected.replace(/\s+/g, ' ').trim(),
      });
      return text ? [{ text }] : undefined;
    }
    default:
      return [];
  }
}

async function exportNotebook() {
  const tag = await vscode.window.showInputBox({ prompt: 'Export every note with this tag', placeHolder: 'tag' });
  if (!tag) return;
  const format = await pickFormat();
  if (!format) return;
  try {
    const result = await sendCommand('gloss.export', [{ tag: tag.replace(/^#/, ''), format }]);
    report('gloss.export', result);
  } catch (error) {
    vscode.window.showErrorMessage(`gloss.export: ${error.message}`);
  }
}

function pickFormat() {
  return vscode.window.showQuickPick(FORMATS, { placeHolder: 'Export format' });
}

function noEditor() {
  vscode.window.showInformationMessage('Open a note first.');
  return undefined;
}

/** Offers to open an exported file; notes the server made are shown by the server (`window/showDocument`). */
async function report(command, result) {
  if (command === 'gloss.find') return showFound(result);
  if (command !== 'gloss.export' || !result || typeof result.uri !== 'string') return;
  const uri = client.protocol2CodeConverter.asUri(result.uri);
  const choice = await vscode.window.showInformationMessage(`Exported to ${uri.fsPath}`, 'Open');
  if (choice === 'Open') vscode.commands.executeCommand('vscode.open', uri);
}

/**
 * `gloss.find`'s places in a quick pick (the citation as label, the context and file as description and detail);
 * the one picked is opened with the place selected. Places below 100% are the closest passages to a phrase found
 * nowhere.
 */
async function showFound(places) {
  if (!Array.isArray(places) || places.length === 0) {
    vscode.window.showInformationMessage('Found in no source.');
    return undefined;
  }
  const items = places.map((place) => ({
    label: (place.likeness < 1 ? `${Math.round(place.likeness * 100)}% alike ` : '') + (place.citation || ''),
    description: place.context,
    detail: vscode.workspace.asRelativePath(client.protocol2CodeConverter.asUri(place.uri)),
    place,
  }));
  const found = places[0].likeness >= 1;
  const picked = await vscode.window.showQuickPick(items, {
    placeHolder: found ? 'Found in these places' : 'Not found; the closest passages',
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  const uri = client.protocol2CodeConverter.asUri(picked.place.uri);
  const range = client.protocol2CodeConverter.asRange(picked.place.range);
  return vscode.window.showTextDocument(uri, { selection: range });
}

module.exports = { activate, deactivate };
