-- What every Neovim test script of Gloss shares: `ok`/`not ok` lines, the messages shown to the user, reading and
-- writing files, and the summary line and exit status. Loaded by headless_test.lua and library_test.lua with
-- `dofile` from their own folder.

local H = { failures = 0, checks = 0 }

-- One check: prints `ok - NAME` or `not ok - NAME: DETAIL`.
function H.check(name, ok, detail)
  H.checks = H.checks + 1
  if ok then
    io.stdout:write('ok - ' .. name .. '\n')
  else
    H.failures = H.failures + 1
    io.stdout:write('not ok - ' .. name .. (detail and (': ' .. detail) or '') .. '\n')
  end
end

-- Messages shown to the user (vim.notify, window/showMessage), in order.
H.notes = {}
vim.notify = function(message, level)
  H.notes[#H.notes + 1] = { message = message, level = level }
  if vim.env.GLOSS_TEST_VERBOSE then
    io.stdout:write('  (' .. message .. ')\n')
  end
end

-- The first message shown that contains `text` (plain), or nil.
function H.notified(text)
  for _, note in ipairs(H.notes) do
    if note.message:find(text, 1, true) then
      return note.message
    end
  end
end

-- Headless Neovim reads no keys: a prompt (vim.ui.input, as `vim.lsp.buf.rename()` without a name asks; vim.ui.select,
-- as a code action or code lens with several choices asks) would wait for them until the runner's timeout, and the
-- step would look like a hang. A prompt is a failed check instead, answered as cancelled. A test that means to
-- answer one replaces these.
vim.ui.input = function(opts, on_confirm)
  H.check('no prompt waits for input', false, vim.inspect((opts or {}).prompt))
  on_confirm(nil)
end
vim.ui.select = function(items, opts, on_choice)
  H.check('no prompt waits for a choice', false, vim.inspect((opts or {}).prompt) .. ' ' .. vim.inspect(items))
  on_choice(nil, nil)
end

-- A file's bytes, or nil when it cannot be read.
function H.read(path)
  local file = io.open(path, 'rb')
  if not file then
    return nil
  end
  local text = file:read('*a')
  file:close()
  return text
end

-- Writes a file (outside Gloss: the test playing the user or another program), making its folder.
function H.write_file(path, text)
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  local file = assert(io.open(path, 'wb'))
  file:write(text)
  file:close()
end

-- Prints `N checks, M failed` (and `extra`, if given) and quits Neovim with status 1 when a check failed.
function H.finish(extra)
  io.stdout:write(string.format('%d checks, %d failed%s\n', H.checks, H.failures, extra or ''))
  io.stdout:flush()
  vim.cmd(H.failures == 0 and 'qall!' or 'cquit 1')
end

return H
