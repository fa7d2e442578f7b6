// Gloss: Find in Sources against stand-ins for 'vscode' and 'vscode-languageclient' (no VS Code needed):
// node editors/vscode/test/find.test.js — prints 'all ok' or fails with a stack trace.
const Module = require('module');
const registered = {}; const messages = []; const shown = []; let input = 'tái tạo'; let pick = (items) => items[0];
let picks = []; let answer;
class Uri { constructor(s) { this.s = s; this.fsPath = s.replace('file://', ''); } }
const vscode = {
  Uri,
  commands: {
    registerCommand: (n, f) => { registered[n] = f; return { dispose: () => delete registered[n] }; },
    getCommands: async () => Object.keys(registered), executeCommand: async () => {},
  },
  workspace: {
    getConfiguration: () => ({ get: () => process.execPath }), onDidChangeConfiguration: () => ({ dispose() {} }),
    asRelativePath: (u) => u.fsPath.replace('/w/', ''),
  },
  window: {
    activeTextEditor: { document: { uri: new Uri('file:///w/note.md'), getText: () => ' the  savings\nmethod ' }, selection: { isEmpty: false } },
    showInputBox: async (o) => { picks.push(o.value); return input; },
    showQuickPick: async (items, o) => { picks.push(o.placeHolder); return pick(items); },
    showTextDocument: async (uri, o) => { shown.push([uri.s, o.selection]); },
    showInformationMessage: async (m) => { messages.push(m); }, showErrorMessage: async (m) => { messages.push('ERR ' + m); },
  },
};
const sent = []; let options;
class LanguageClient {
  constructor(id, name, server, client) {
    options = client;
    this.code2ProtocolConverter = { asUri: (u) => u.s };
    this.protocol2CodeConverter = { asUri: (s) => new Uri(s), asRange: (r) => ({ range: r }) };
  }
  async start() { // the server lists gloss.find: the client registers it
    vscode.commands.registerCommand('gloss.find', (...args) => options.middleware.executeCommand('gloss.find', args, (cmd, a) => this.sendRequest('exec', { command: cmd, arguments: a })));
  }
  async sendRequest(type, params) { sent.push(params); return answer; }
  stop() { return Promise.resolve(); }
}
const orig = Module._load;
Module._load = function (r, ...a) { if (r === 'vscode') return vscode; if (r === 'vscode-languageclient/node') return { LanguageClient, ExecuteCommandRequest: { type: 'exec' }, ReferencesRequest: { type: 'references' } }; return orig.call(this, r, ...a); };
const ext = require(require('path').join(__dirname, '..', 'extension.js'));
const assert = require('assert');
const place = (likeness, line) => ({ uri: 'file:///w/sources/a.txt', range: { start: { line, character: 2 }, end: { line, character: 9 } }, citation: `[@a, l. ${line + 1}]`, context: 'the savings method', likeness });
(async () => {
  await ext.activate({ subscriptions: { push() {} } });
  // Found: the phrase asked for (the selection, white space collapsed, offered), then a quick pick that opens the place.
  answer = [place(1, 3), place(1, 7)];
  pick = (items) => items[1];
  await registered['gloss.find']();
  assert.equal(picks[0], 'the savings method');
  assert.deepStrictEqual(sent.at(-1), { command: 'gloss.find', arguments: [{ text: 'tái tạo' }] });
  assert.equal(picks[1], 'Found in these places');
  assert.deepStrictEqual(shown.at(-1), ['file:///w/sources/a.txt', { range: answer[1].range }]);
  // Not found: the closest passages say how alike they are.
  answer = [place(0.834, 0)];
  let labels;
  pick = (items) => { labels = items.map((i) => [i.label, i.description, i.detail]); return undefined; };
  await registered['gloss.find']();
  assert.deepStrictEqual(labels, [['83% alike [@a, l. 1]', 'the savings method', 'sources/a.txt']]);
  assert.equal(picks.at(-1), 'Not found; the closest passages');
  // Nothing at all, and a cancelled input that sends nothing.
  answer = [];
  await registered['gloss.find']();
  assert.deepStrictEqual(messages, ['Found in no source.']);
  input = undefined; const n = sent.length; await registered['gloss.find'](); assert.equal(sent.length, n);
  console.log('all ok');
})().catch((e) => { console.error(e); process.exit(1); });
