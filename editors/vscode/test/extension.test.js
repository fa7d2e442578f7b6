// Runs extension.js against stand-ins for 'vscode' and 'vscode-languageclient' (no VS Code needed):
// node editors/vscode/test/extension.test.js — prints 'all ok' or fails with a stack trace.
const Module = require('module');
const registered = {}; const messages = []; let quick = 'html'; let input = 'Tiêu đề';
class Uri { constructor(s) { this.s = s; this.fsPath = s.replace('file://', ''); } static parse(s) { return new Uri(s); } }
const vscode = {
  Uri,
  commands: {
    registerCommand: (n, f) => { if (registered[n]) throw new Error('dup ' + n); registered[n] = f; return { dispose: () => delete registered[n] } },
    getCommands: async () => Object.keys(registered), executeCommand: async () => {},
  },
  workspace: { getConfiguration: () => ({ get: () => '/opt/gloss' }), onDidChangeConfiguration: () => ({ dispose() {} }) },
  window: {
    activeTextEditor: { document: { uri: new Uri('file:///w/note.md'), isUntitled: false, getText: () => 'x' }, selection: { isEmpty: false, s: 'SEL' } },
    showQuickPick: async () => quick, showInputBox: async () => input,
    showInformationMessage: async (m) => { messages.push(m); }, showErrorMessage: async (m) => { messages.push('ERR ' + m); },
  },
};
const sent = []; let options;
class LanguageClient {
  constructor(id, name, server, client) { options = { id, name, server, client }; this.code2ProtocolConverter = { asUri: (u) => u.s, asRange: (r) => ({ start: { line: 0, character: 1 }, end: { line: 2, character: 0 }, from: r.s }) }; this.protocol2CodeConverter = { asUri: (s) => new Uri(s) }; }
  async start() { // the client registers the commands the server lists; this server lists all but newNote
    for (const c of ['gloss.export', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.reindex'])
      vscode.commands.registerCommand(c, (...args) => options.client.middleware.executeCommand(c, args, (cmd, a) => this.sendRequest('exec', { command: cmd, arguments: a })));
  }
  async sendRequest(type, params) { sent.push(params); return { uri: 'file:///w/out.html' }; }
  stop() { for (const c of ['gloss.export', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.reindex']) delete registered[c]; return Promise.resolve(); }
}
const orig = Module._load;
Module._load = function (r, ...a) { if (r === 'vscode') return vscode; if (r === 'vscode-languageclient/node') return { LanguageClient, ExecuteCommandRequest: { type: 'exec' } }; return orig.call(this, r, ...a); };
const ext = require(require('path').join(__dirname, '..', 'extension.js'));
const assert = require('assert');
(async () => {
  await ext.activate({ subscriptions: { push() {} } });
  assert.deepStrictEqual(options.server, { command: '/opt/gloss', args: ['lsp'] });
  for (const c of ['gloss.export', 'gloss.exportNotebook', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.newNote', 'gloss.reindex', 'gloss.restartServer']) assert(registered[c], c);
  await registered['gloss.export']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.export', arguments: [{ uri: 'file:///w/note.md', format: 'html' }] });
  await registered['gloss.saveAsNote'](new Uri('file:///w/note.md'));
  assert.deepStrictEqual(sent.at(-1).arguments[0].title, 'Tiêu đề'); assert.equal(sent.at(-1).arguments[0].range.from, 'SEL');
  await registered['gloss.saveAsNote']({ uri: 'file:///w/x.md', range: {} }); // from a code action: passed through
  assert.deepStrictEqual(sent.at(-1).arguments, [{ uri: 'file:///w/x.md', range: {} }]);
  await registered['gloss.newNote'](); // fallback: the server did not list it
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.newNote', arguments: [{ title: 'Tiêu đề' }] });
  await registered['gloss.exportNotebook']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.export', arguments: [{ tag: 'Tiêu đề', format: 'html' }] });
  await registered['gloss.reindex']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.reindex', arguments: [] });
  quick = undefined; const n = sent.length; await registered['gloss.export'](); assert.equal(sent.length, n, 'cancel sends nothing');
  await registered['gloss.restartServer'](); // re-registration must not collide
  assert.deepStrictEqual(messages, ['Exported to /w/out.html', 'Exported to /w/out.html']);
  console.log('all ok');
})().catch((e) => { console.error(e); process.exit(1); });
