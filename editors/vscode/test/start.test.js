// When the server cannot start: the message says why (the path tried, the spawn error, the exit code and the last
// line of its error output), and the palette commands say the server is not running and why, instead of VS Code's
// "command 'gloss.find' not found". Against stand-ins for 'vscode', 'vscode-languageclient' and the server process:
// node editors/vscode/test/start.test.js — prints 'all ok' or fails with a stack trace.
const Module = require('module');
const EventEmitter = require('events');
const fs = require('fs');
const os = require('os');
const path = require('path');
const assert = require('assert');

let setting; const registered = {}; const messages = []; const executed = []; let spawned = []; let lastChild;
let serverBehaviour; // what the stand-in server process does: 'exit' | 'error' | 'run'
const vscode = {
  Uri: class { constructor(s) { this.s = s; } },
  commands: {
    registerCommand: (n, f) => { if (registered[n]) throw new Error('dup ' + n); registered[n] = f; return { dispose: () => delete registered[n] }; },
    getCommands: async () => Object.keys(registered), executeCommand: async (...a) => { executed.push(a); },
  },
  workspace: {
    getConfiguration: () => ({ get: () => setting }), onDidChangeConfiguration: () => ({ dispose() {} }),
    workspaceFolders: [{ uri: { scheme: 'file', fsPath: os.tmpdir() } }],
  },
  window: {
    activeTextEditor: undefined, showInputBox: async () => 'x', showQuickPick: async () => 'html',
    showInformationMessage: async (m) => { messages.push(m); },
    showErrorMessage: async (m, ...buttons) => { messages.push('ERR ' + m); return buttons[0]; },
  },
};
const childProcess = {
  spawn: (command, args, options) => {
    spawned.push([command, ...args, options.cwd]);
    const child = new EventEmitter();
    lastChild = child;
    child.stderr = new EventEmitter();
    setImmediate(() => {
      if (serverBehaviour === 'error') {
        const error = new Error(`spawn ${command} EACCES`); error.code = 'EACCES';
        child.emit('error', error);
        return;
      }
      child.emit('spawn');
      if (serverBehaviour === 'exit') {
        child.stderr.emit('data', Buffer.from('gloss: starting\ngloss: cannot read /w/.gloss.json: bad JSON\n'));
        setTimeout(() => child.emit('exit', 3, null), 20);
      }
    });
    return child;
  },
};
const clients = [];
class LanguageClient {
  constructor(id, name, server) { this.server = server; this.listeners = []; clients.push(this); }
  onDidChangeState(listener) { this.listeners.push(listener); return { dispose() {} }; }
  crash() { for (const c of ['gloss.export', 'gloss.find']) delete registered[c]; this.running = false; this.listeners.forEach((l) => l({ oldState: 2, newState: 1 })); }
  async start() {
    await this.server();
    // The real client rejects with an object without a message when the connection closes before initialize.
    if (serverBehaviour === 'exit') throw { toString: () => '[object Object]' };
    for (const c of ['gloss.export', 'gloss.find']) vscode.commands.registerCommand(c, async () => 'sent ' + c);
    this.running = true;
  }
  async sendRequest() { return {}; }
  stop() { if (!this.running) return Promise.reject(new Error('not running')); for (const c of ['gloss.export', 'gloss.find']) delete registered[c]; this.running = false; return Promise.resolve(); }
}
const orig = Module._load;
Module._load = function (r, ...a) {
  if (r === 'vscode') return vscode;
  if (r === 'child_process') return childProcess;
  if (r === 'vscode-languageclient/node') return { LanguageClient, State: { Stopped: 1, Running: 2, Starting: 3 }, ExecuteCommandRequest: { type: 'exec' }, ReferencesRequest: { type: 'references' } };
  return orig.call(this, r, ...a);
};
const ext = require(path.join(__dirname, '..', 'extension.js'));

const PALETTE = ['gloss.export', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.newNote', 'gloss.reindex', 'gloss.find', 'gloss.openSource'];
const context = { subscriptions: { push() {} } };
(async () => {
  // A path that does not exist: nothing is spawned, the message names the path and the setting, never "undefined".
  setting = '/no/such/folder/gloss';
  await ext.activate(context);
  assert.deepStrictEqual(spawned, []);
  assert.equal(messages.length, 1);
  assert.match(messages[0], /^ERR Gloss could not start: '\/no\/such\/folder\/gloss' is not an executable file\. Set "gloss\.path"/);
  assert(!messages[0].includes('undefined'), messages[0]);
  assert.deepStrictEqual(executed.at(-1), ['workbench.action.openSettings', 'gloss.path']);
  // Every palette command exists and says the server is not running, and why.
  for (const name of PALETTE) {
    assert(registered[name], name);
    await registered[name]();
    assert.equal(messages.at(-1), `ERR ${name}: the Gloss server is not running: '/no/such/folder/gloss' is not an executable file`);
  }
  await registered['gloss.exportNotebook']();
  assert.match(messages.at(-1), /^ERR gloss\.export: the Gloss server is not running: '\/no\/such\/folder\/gloss'/);

  // A name not on PATH.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gloss-vscode-'));
  const savedPath = process.env.PATH;
  process.env.PATH = folder;
  setting = 'gloss';
  messages.length = 0;
  await registered['gloss.restartServer']();
  assert.match(messages[0], /^ERR Gloss could not start: 'gloss' was not found on PATH\./);

  // Found on PATH, but the process exits at once: the exit code and its last line of error output.
  const binary = path.join(folder, 'gloss');
  fs.writeFileSync(binary, '#!/bin/sh\n', { mode: 0o755 });
  serverBehaviour = 'exit';
  messages.length = 0;
  await registered['gloss.restartServer']();
  assert.deepStrictEqual(spawned.at(-1), [binary, 'lsp', os.tmpdir()]); // in the first workspace folder
  assert.equal(messages[0].split(' Set ')[0],
    `ERR Gloss could not start '${binary} lsp': exited with code 3: gloss: cannot read /w/.gloss.json: bad JSON.`);
  await registered['gloss.find']();
  assert.equal(messages.at(-1), `ERR gloss.find: the Gloss server is not running: '${binary} lsp' exited with code 3: gloss: cannot read /w/.gloss.json: bad JSON`);

  // A spawn error (not executable by this user, say).
  serverBehaviour = 'error';
  messages.length = 0;
  await registered['gloss.restartServer']();
  assert.equal(messages[0].split(' Set ')[0], `ERR Gloss could not start '${binary} lsp': failed: spawn ${binary} EACCES.`);

  // Running: the client's own commands replace the palette's stand-ins (no duplicate registration).
  serverBehaviour = 'run';
  messages.length = 0;
  await registered['gloss.restartServer']();
  assert.deepStrictEqual(messages, []);
  assert.equal(await registered['gloss.find'](), 'sent gloss.find');
  for (const name of PALETTE) assert(registered[name], name);
  // Later the server crashes for good: the palette says so again, with how it ended.
  lastChild.emit('exit', null, 'SIGSEGV');
  clients.at(-1).crash();
  await new Promise((r) => setImmediate(r));
  await registered['gloss.find']();
  assert.equal(messages.at(-1), `ERR gloss.find: the Gloss server is not running: '${binary} lsp' stopped: it was stopped by SIGSEGV`);
  // A restart by hand brings it back without a duplicate registration.
  await registered['gloss.restartServer']();
  assert.equal(await registered['gloss.find'](), 'sent gloss.find');
  process.env.PATH = savedPath;
  fs.rmSync(folder, { recursive: true });
  console.log('all ok');
})().catch((e) => { console.error(e); process.exit(1); });
