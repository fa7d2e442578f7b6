// Runs extension.js against stand-ins for 'vscode' and 'vscode-languageclient' (no VS Code needed):
// node editors/vscode/test/extension.test.js — prints 'all ok' or fails with a stack trace.
const Module = require('module');
const registered = {}; const messages = []; const executed = []; let quick = 'html'; let input = 'Tiêu đề';
class Uri { constructor(s) { this.s = s; this.fsPath = s.replace('file://', ''); } static parse(s) { return new Uri(s); } }
const vscode = {
  Uri,
  commands: {
    registerCommand: (n, f) => { if (registered[n]) throw new Error('dup ' + n); registered[n] = f; return { dispose: () => delete registered[n] } },
    getCommands: async () => Object.keys(registered), executeCommand: async (...a) => { executed.push(a); },
  },
  workspace: { getConfiguration: () => ({ get: () => process.execPath }), onDidChangeConfiguration: () => ({ dispose() {} }) },
  window: {
    activeTextEditor: { document: { uri: new Uri('file:///w/note.md'), isUntitled: false, getText: () => 'x' }, selection: { isEmpty: false, s: 'SEL', active: 'CUR' } },
    showQuickPick: async () => quick, showInputBox: async () => input,
    showInformationMessage: async (m) => { messages.push(m); }, showErrorMessage: async (m) => { messages.push('ERR ' + m); },
  },
};
const sent = []; let options;
class LanguageClient {
  constructor(id, name, server, client) { options = { id, name, server, client }; this.code2ProtocolConverter = { asUri: (u) => u.s, asPosition: (p) => ({ line: 1, character: 2, from: p }), asRange: (r) => ({ start: { line: 0, character: 1 }, end: { line: 2, character: 0 }, from: r.s }) }; this.protocol2CodeConverter = { asUri: (s) => new Uri(s), asPosition: (p) => ({ pos: p }), asLocations: async (ls) => ls.map((l) => ({ loc: l.uri })) }; }
  async start() { // the client registers the commands the server lists; this server lists all but newNote
    for (const c of ['gloss.export', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.reindex', 'gloss.showReferences'])
      vscode.commands.registerCommand(c, (...args) => options.client.middleware.executeCommand(c, args, (cmd, a) => this.sendRequest('exec', { command: cmd, arguments: a })));
  }
  async sendRequest(type, params) { sent.push(params); return type === 'references' ? [{ uri: 'file:///w/a.md', range: {} }, { uri: 'file:///w/b.md', range: {} }] : { uri: 'file:///w/out.html' }; }
  stop() { for (const c of ['gloss.export', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.reindex', 'gloss.showReferences']) delete registered[c]; return Promise.resolve(); }
}
const orig = Module._load;
Module._load = function (r, ...a) { if (r === 'vscode') return vscode; if (r === 'vscode-languageclient/node') return { LanguageClient, ExecuteCommandRequest: { type: 'exec' }, ReferencesRequest: { type: 'references' } }; return orig.call(this, r, ...a); };
const ext = require(require('path').join(__dirname, '..', 'extension.js'));
const assert = require('assert');
(async () => {
  await ext.activate({ subscriptions: { push() {} } });
  assert.equal(typeof options.server, 'function'); // started by the extension (start.test.js)
  for (const c of ['gloss.export', 'gloss.exportNotebook', 'gloss.saveAsNote', 'gloss.convertToSource', 'gloss.newNote', 'gloss.reindex', 'gloss.restartServer']) assert(registered[c], c);
  await registered['gloss.export']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.export', arguments: [{ uri: 'file:///w/note.md', format: 'html' }] });
  await registered['gloss.saveAsNote'](new Uri('file:///w/note.md'));
  assert.deepStrictEqual(sent.at(-1).arguments[0].title, 'Tiêu đề'); assert.equal(sent.at(-1).arguments[0].range.from, 'SEL');
  await registered['gloss.saveAsNote']({ uri: 'file:///w/x.md', range: {} }); // from a code action: passed through
  assert.deepStrictEqual(sent.at(-1).arguments, [{ uri: 'file:///w/x.md', range: {} }]);
  await registered['gloss.newNote'](); // fallback: the server did not list it
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.newNote', arguments: [{ title: 'Tiêu đề' }] });
  // The citation under the cursor, opened at its page (the server asks VS Code to open it outside).
  await registered['gloss.openSource']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.openSource', arguments: [{ uri: 'file:///w/note.md', position: { line: 1, character: 2, from: 'CUR' } }] });
  await registered['gloss.exportNotebook']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.export', arguments: [{ tag: 'Tiêu đề', format: 'html' }] });
  await registered['gloss.reindex']();
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.reindex', arguments: [] });
  // A code lens's command: the references at its position, shown in the peek view (nothing sent to executeCommand).
  await registered['gloss.showReferences']('file:///w/refs.bib', { line: 3, character: 9 });
  assert.deepStrictEqual(sent.at(-1), { textDocument: { uri: 'file:///w/refs.bib' }, position: { line: 3, character: 9 }, context: { includeDeclaration: false } });
  assert.equal(executed.at(-1)[0], 'editor.action.showReferences');
  assert.equal(executed.at(-1)[1].s, 'file:///w/refs.bib');
  assert.deepStrictEqual(executed.at(-1)[2], { pos: { line: 3, character: 9 } });
  assert.deepStrictEqual(executed.at(-1)[3], [{ loc: 'file:///w/a.md' }, { loc: 'file:///w/b.md' }]);
  quick = undefined; const n = sent.length; await registered['gloss.export'](); assert.equal(sent.length, n, 'cancel sends nothing');
  await registered['gloss.restartServer'](); // re-registration must not collide
  assert.deepStrictEqual(messages, ['Exported to /w/out.html', 'Exported to /w/out.html']);
  console.log('all ok');
})().catch((e) => { console.error(e); process.exit(1); });
