-- Runs gloss.lua against a stand-in for Neovim's `vim` table (no Neovim needed):
-- lua5.4 editors/neovim/test/gloss_test.lua — prints 'all ok' or fails on an assertion.
local dir = debug.getinfo(1, 'S').source:match('^@(.*)/test/[^/]*$') or '.'
local calls, cmds, notes = {}, {}, {}
local client = { name = 'gloss', offset_encoding = 'utf-16' }
function client:exec_cmd(command, ctx, handler) calls[#calls+1] = command; handler(nil, { uri = 'file:///w/out.md' }) end
local requests, qf, ran = {}, nil, nil
function client:request(method, params, handler, bufnr) requests[#requests+1] = { method, params, bufnr }; handler(nil, { { uri = 'file:///w/a.md' } }) end
vim = {
  g = {}, log = { levels = { INFO = 1, WARN = 2, ERROR = 3 } },
  lsp = { config = function(name, cfg) CONFIG = { name, cfg } end, enable = function(n) ENABLED = n end,
          get_clients = function(o) assert(o.name == 'gloss'); return { client } end,
          commands = {}, get_client_by_id = function(id) assert(id == 7); return client end,
          util = { locations_to_items = function(ls, enc) assert(enc == 'utf-16'); return { { filename = ls[1].uri } } end } },
  fn = { setqflist = function(_, action, what) qf = what end },
  cmd = function(c) ran = c end,
  tbl_isempty = function(t) return next(t) == nil end,
  notify = function(m) notes[#notes+1] = m end,
  uri_from_bufnr = function() return 'file:///w/note.md' end,
  uri_to_fname = function(u) return (u:gsub('^file://', '')) end,
  api = { nvim_create_user_command = function(name, fn, opts) cmds[name] = { fn = fn, opts = opts } end },
}
dofile(dir .. '/gloss.lua')
assert(CONFIG[1] == 'gloss' and CONFIG[2].cmd[1] == 'gloss' and CONFIG[2].cmd[2] == 'lsp' and ENABLED == 'gloss')
assert(CONFIG[2].root_markers[1] == '.gloss.json' and CONFIG[2].filetypes[1] == 'markdown')
cmds.GlossExport.fn({ args = 'html' })
assert(calls[1].command == 'gloss.export' and calls[1].arguments[1].format == 'html' and calls[1].arguments[1].uri == 'file:///w/note.md')
cmds.GlossExport.fn({ args = '' }); assert(calls[2].arguments[1].format == 'markdown')
cmds.GlossExportNotebook.fn({ fargs = { 'méthode' } }); assert(calls[3].arguments[1].tag == 'méthode' and calls[3].arguments[1].format == 'markdown')
cmds.GlossSaveAsNote.fn({ line1 = 3, line2 = 5, args = '' })
local a = calls[4].arguments[1]
assert(a.range.start.line == 2 and a.range.start.character == 0 and a.range['end'].line == 5 and a.title == nil)
cmds.GlossSaveAsNote.fn({ line1 = 1, line2 = 1, args = 'Tiêu đề' }); assert(calls[5].arguments[1].title == 'Tiêu đề')
cmds.GlossConvertToSource.fn({}); assert(calls[6].arguments[1].uri == 'file:///w/note.md')
cmds.GlossNewNote.fn({ args = 'Nouvelle' }); assert(calls[7].arguments[1].title == 'Nouvelle')
cmds.GlossReindex.fn({}); assert(calls[8].command == 'gloss.reindex' and calls[8].arguments == nil)
assert(notes[1] == 'gloss.export: /w/out.md')
local lsp = dofile(dir .. '/lsp/gloss.lua'); assert(lsp.cmd[2] == 'lsp')
-- A code lens's command: the references at the lens, in the quickfix list.
vim.lsp.commands['gloss.showReferences']({ command = 'gloss.showReferences', arguments = { 'file:///w/refs.bib', { line = 3, character = 9 } } }, { client_id = 7, bufnr = 4 })
local r = requests[1]
assert(r[1] == 'textDocument/references' and r[2].textDocument.uri == 'file:///w/refs.bib' and r[2].position.line == 3)
assert(r[2].context.includeDeclaration == false and r[3] == 4)
assert(qf.title == 'References' and qf.items[1].filename == 'file:///w/a.md' and ran == 'botright copen')
assert(#calls == 8, 'nothing sent to workspace/executeCommand')
print('all ok')
