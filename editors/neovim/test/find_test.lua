-- :GlossFind against a stand-in for Neovim's `vim` table (no Neovim needed):
-- lua5.4 editors/neovim/test/find_test.lua — prints 'all ok' or fails on an assertion.
local dir = debug.getinfo(1, 'S').source:match('^@(.*)/test/[^/]*$') or '.'
local cmds, notes, calls = {}, {}, {}
local answer
local client = { name = 'gloss', offset_encoding = 'utf-16' }
function client:exec_cmd(command, ctx, handler) calls[#calls + 1] = command; handler(nil, answer) end
local qf, ran
vim = {
  g = {}, log = { levels = { INFO = 1, WARN = 2, ERROR = 3 } },
  lsp = { config = function() end, enable = function() end, commands = {},
          get_clients = function(o) assert(o.name == 'gloss'); return { client } end,
          util = { locations_to_items = function(ls, enc)
            assert(enc == 'utf-16')
            return { { filename = ls[1].uri, lnum = ls[1].range.start.line + 1, col = ls[1].range.start.character + 1 } }
          end } },
  fn = { setqflist = function(_, action, what) qf = what end, expand = function() return 'ký' end },
  cmd = function(c) ran = c end,
  notify = function(m) notes[#notes + 1] = m end,
  api = { nvim_create_user_command = function(name, fn, opts) cmds[name] = { fn = fn, opts = opts } end,
          nvim_buf_get_lines = function(_, first, last) assert(first == 1 and last == 2); return { 'tái tạo' } end },
}
dofile(dir .. '/gloss.lua')
assert(cmds.GlossFind and cmds.GlossFind.opts.range == true)
-- Found: each place in the quickfix list, its citation before its context.
answer = { { uri = 'file:///w/sources/a.txt', range = { start = { line = 3, character = 4 }, ['end'] = { line = 3, character = 9 } },
             citation = '[@a, l. 4]', context = 'the savings method', likeness = 1 } }
cmds.GlossFind.fn({ args = 'savings method', range = 0 })
assert(calls[1].command == 'gloss.find' and calls[1].arguments[1].text == 'savings method')
assert(qf.title == 'Found: savings method' and qf.items[1].text == '[@a, l. 4] the savings method')
assert(qf.items[1].lnum == 4 and qf.items[1].col == 5 and ran == 'botright copen')
-- Not found: the closest passages say how alike they are.
answer = { { uri = 'file:///w/sources/a.txt', range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 3 } },
             citation = '[@a, l. 1]', context = 'the saving method', likeness = 0.834 } }
cmds.GlossFind.fn({ args = '', range = 2, line1 = 2, line2 = 2 })
assert(calls[2].arguments[1].text == 'tái tạo')
assert(qf.title == 'Not found, closest: tái tạo' and qf.items[1].text == '83% alike [@a, l. 1] the saving method')
-- Nothing at all: a message, no window.
answer, ran = {}, nil
cmds.GlossFind.fn({ args = '', range = 0 })
assert(calls[3].arguments[1].text == 'ký' and ran == nil and notes[#notes]:find('in no source'))
print('all ok')
