-- Gloss's configuration when the `gloss` binary is missing (run by run.sh with `vim.g.gloss_path` naming no file):
-- the user is told once, on the first note, what to do; the commands say the same instead of "not attached".

vim.o.swapfile = false
local dir = assert(vim.env.GLOSS_TEST_DIR, 'GLOSS_TEST_DIR is not set')
local H = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local check = H.check

local function told()
  local out = {}
  for _, note in ipairs(H.notes) do
    if note.message:find('cannot start the language server', 1, true) then
      out[#out + 1] = note
    end
  end
  return out
end

vim.cmd.edit(vim.fn.fnameescape(dir .. '/w/research/notes/spacing-effect.md'))
local first = told()
check('a note without the gloss binary says so', #first == 1 and first[1].level == vim.log.levels.ERROR,
  vim.inspect(H.notes))
local message = first[1] and first[1].message or ''
check('the message names the command tried and what to set', message:find(vim.g.gloss_path, 1, true) ~= nil
  and message:find('vim.g.gloss_path', 1, true) ~= nil, message)
vim.cmd.edit(vim.fn.fnameescape(dir .. '/w/research/notes/consolidation.md'))
check('it is said once', #told() == 1, vim.inspect(H.notes))
vim.cmd.edit(vim.fn.fnameescape(dir .. '/w/elsewhere/readme.txt'))
check('a text file outside any workspace says nothing', #told() == 1, vim.inspect(H.notes))
vim.cmd('GlossReindex')
check('a command says why there is no server', H.notes[#H.notes].message == message, vim.inspect(H.notes[#H.notes]))
H.finish()
