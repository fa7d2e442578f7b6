// Gloss for VS Code: starts `gloss lsp` and puts the server's commands in the palette.
//
// The language client registers each command the server lists in `executeCommandProvider`
// (gloss.export, gloss.saveAsNote, ...) as a VS Code command that sends `workspace/executeCommand`.
// From the palette such a command comes with no arguments, so the `executeCommand` middleware asks for
// what the server needs (the note, a format, a title) before sending it. A command the server does not
// list yet still gets a palette entry that sends the request, so the server's answer is what you see; when the
// server is not running, every palette entry says so and why.
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, ExecuteCommandRequest, ReferencesRequest, State } = require('vscode-languageclient/node');

const SERVER_COMMANDS = [
  'gloss.export',
  'gloss.saveAsNote',
  'gloss.convertToSource',
  'gloss.newNote',
  'gloss.reindex',
  'gloss.find',
  'gloss.openSource',
];
const FORMATS = ['markdown', 'html', 'pandoc', 'json'];

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.Disposable[]} */
let fallbackCommands = [];
/** Why the server is not running (undefined while it runs). */
let downReason;

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
  const running = client;
  client = undefined;
  return running ? running.stop() : undefined;
}

async function start(context) {
  const setting = vscode.workspace.getConfiguration('gloss').get('path') || 'gloss';
  const command = setting.startsWith('~/') ? path.join(os.homedir(), setting.slice(2)) : setting;
  const executable = findExecutable(command);
  if (!executable) {
    const named = /[\\/]/.test(command);
    return notStarted(
      `'${setting}' ${named ? 'is not an executable file' : 'was not found on PATH'}`,
      `Gloss could not start: '${setting}' ${named ? 'is not an executable file' : 'was not found on PATH'}.`
    );
  }
  // Started here rather than by the client, so that an exit (code, last line of its error output) can be told.
  const run = { exited: undefined, stderr: '' };
  const serverOptions = () => spawnServer(executable, run);
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
    // The exit comes a moment after the connection closes.
    if (run.child && !run.exited) await Promise.race([run.exit, new Promise((r) => setTimeout(r, 1000))]);
    const reason = run.failure || run.exited || describe(error);
    const notRunning = client;
    client = undefined;
    try {
      await notRunning.stop();
    } catch (_) {
      // Never started: nothing to stop.
    }
    return notStarted(`'${executable} lsp' ${reason}`, `Gloss could not start '${executable} lsp': ${reason}.`);
  }
  downReason = undefined;
  // A server that stops for good later (it crashed too often): the palette says so, and why.
  const started = client;
  if (State && typeof started.onDidChangeState === 'function') {
    started.onDidChangeState((event) => {
      if (event.newState !== State.Stopped || client !== started) return;
      client = undefined;
      downReason = `'${executable} lsp' stopped` + (run.exited ? `: it ${run.exited}` : '');
      registerFallbacks();
    });
  }
  await registerFallbacks();
}

/** Tells the user why the server did not start (with a button to the setting), and makes the palette say it. */
async function notStarted(reason, message) {
  downReason = reason;
  await registerFallbacks();
  const choice = await vscode.window.showErrorMessage(
    `${message} Set "gloss.path" to the gloss executable (Settings › Gloss › Path), then run "Gloss: Restart Server".`,
    'Open Settings'
  );
  if (choice === 'Open Settings') vscode.commands.executeCommand('workbench.action.openSettings', 'gloss.path');
}

/** `command` when it is an executable file, or the first executable of that name on PATH; undefined if none. */
function findExecutable(command) {
  const isExecutable = (file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch (_) {
      return false;
    }
  };
  if (/[\\/]/.test(command)) return isExecutable(command) ? command : undefined;
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT || '.EXE;.CMD').split(';')] : [''];
  for (const folder of (process.env.PATH || '').split(path.delimiter)) {
    if (!folder) continue;
    for (const extension of extensions) {
      const file = path.join(folder, command + extension);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/**
 * Starts `executable lsp` for the language client, noting in `run` why it failed to start (`failure`) or how it
 * ended (`exited`: the exit code or signal and the last line it wrote to its error output).
 */
function spawnServer(executable, run) {
  return new Promise((resolve, reject) => {
    // In the first workspace folder, where the language client would have started it.
    const folder = ((vscode.workspace.workspaceFolders || [])[0] || {}).uri;
    const cwd = folder && folder.scheme === 'file' && isFolder(folder.fsPath) ? folder.fsPath : undefined;
    const child = childProcess.spawn(executable, ['lsp'], cwd ? { cwd } : {});
    run.child = child;
    run.exit = new Promise((ended) => {
      child.on('exit', (code, signal) => {
        const last = run.stderr.trim().split('\n').pop();
        run.exited = (signal ? `was stopped by ${signal}` : `exited with code ${code}`) + (last ? `: ${last}` : '');
        ended();
      });
    });
    child.stderr.on('data', (data) => {
      run.stderr = (run.stderr + data.toString()).slice(-4000);
    });
    child.on('error', (error) => {
      run.failure = `failed: ${describe(error)}`;
      reject(error);
    });
    child.on('spawn', () => resolve(child));
  });
}

function isFolder(file) {
  try {
    return fs.statSync(file).isDirectory();
  } catch (_) {
    return false;
  }
}

/** An error as words, whatever was thrown (an Error, a string, a response error, nothing). */
function describe(error) {
  if (error === undefined || error === null) return 'no reason given';
  if (typeof error === 'string') return error;
  if (typeof error.message === 'string' && error.message) return error.message;
  if (error.code !== undefined) return `error ${error.code}`;
  try {
    return JSON.stringify(error);
  } catch (_) {
    return String(error);
  }
}

async function restart(context) {
  disposeFallbacks();
  const running = client;
  client = undefined; // a deliberate stop, not the server stopping
  if (running) {
    try {
      await running.stop();
    } catch (_) {
      // A server that already exited cannot be stopped; start a new one regardless.
    }
  }
  await start(context);
}

/**
 * Registers, for each server command the client did not register, one that sends it all the same, or, while the
 * server is not running, says so and why.
 */
async function registerFallbacks() {
  const known = new Set(await vscode.commands.getCommands(true));
  for (const name of SERVER_COMMANDS) {
    if (known.has(name)) continue;
    fallbackCommands.push(
      vscode.commands.registerCommand(name, (...args) => {
        if (!client) return notRunning(name);
        return withArguments(name, args, sendCommand);
      })
    );
  }
}

function notRunning(command) {
  vscode.window.showErrorMessage(`${command}: ${notRunningMessage()}`);
  return undefined;
}

function notRunningMessage() {
  return `the Gloss server is not running: ${downReason || 'it has not started'}`;
}

function disposeFallbacks() {
  fallbackCommands.forEach((disposable) => disposable.dispose());
  fallbackCommands = [];
}

function sendCommand(command, args) {
  if (!client) return Promise.reject(new Error(notRunningMessage()));
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
    case 'gloss.openSource':
      // The citation under the cursor, opened at its page in the PDF viewer or Zotero (the server asks VS Code to
      // open it outside, with `window/showDocument`).
      return uri ? [{ uri, position: client.code2ProtocolConverter.asPosition(editor.selection.active) }] : noEditor();
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
