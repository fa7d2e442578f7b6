-- Writes and renames in a real, headless Neovim on a notes folder whose bibliography is a Zotero export kept
-- outside it (~/Zotero/library.bib, PDFs in ~/Zotero/storage), made by zotero_library.py. Run by run.sh after
-- headless_test.lua, with HOME at the temporary home and the notes folder in $GLOSS_LIBRARY_NOTES. Prints one
-- `ok`/`not ok` line per check and quits with status 1 when any check failed.
--
-- What it holds Gloss to: a rename changes the notes and never the Zotero export (Zotero would overwrite it anyway),
-- nor a read-only note, and says so; commands write inside the notes folder only.

vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'AIc'

local NOTES = assert(vim.env.GLOSS_LIBRARY_NOTES, 'GLOSS_LIBRARY_NOTES is not set')
local HOME = assert(vim.env.HOME)
local LIBRARY = HOME .. '/Zotero/library.bib'

local H = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local check = H.check
local notes, notified, read = H.notes, H.notified, H.read

local function wait(condition, ms)
  return vim.wait(ms or 8000, function()
    local ok, value = pcall(condition)
    return ok and value
  end, 20)
end

local function gloss_client()
  return vim.lsp.get_clients({ bufnr = 0, name = 'gloss' })[1]
end

local function loaded_buffers()
  local names = {}
  for _, buffer in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buffer) and vim.api.nvim_buf_get_name(buffer) ~= '' then
      names[#names + 1] = vim.api.nvim_buf_get_name(buffer)
    end
  end
  return names
end

local function run()
  local library_before = read(LIBRARY)
  local frozen_before = read(NOTES .. '/notes/frozen.md')

  -- Attach.
  vim.cmd('edit ' .. NOTES .. '/notes/river.md')
  check('Gloss attaches to a note of the folder', wait(function()
    return gloss_client() and gloss_client().initialized
  end))
  check('the root is the notes folder', gloss_client() and gloss_client().root_dir == NOTES, gloss_client() and gloss_client().root_dir)
  check('the library is read: no unknown source', wait(function()
    local diagnostics = vim.diagnostic.get(0)
    for _, diagnostic in ipairs(diagnostics) do
      if diagnostic.code == 'unknown-source' then
        return false
      end
    end
    return vim.lsp.buf_is_attached(0, gloss_client().id)
  end))

  -- Open at the page: `:GlossOpenSource` on `[@smith2020, p. 2]` has the server ask Neovim to open the PDF at its
  -- second page (`window/showDocument` with `external`, which Neovim hands to `vim.ui.open`: recorded here).
  local opened = {}
  local ui_open = vim.ui.open
  vim.ui.open = function(uri)
    opened[#opened + 1] = uri
    return { wait = function()
      return { code = 0 }
    end }
  end
  vim.api.nvim_win_set_cursor(0, { 3, (vim.fn.getline(3):find('smith2020')) })
  check('the PDF text is read (hover offers the cited page)', wait(function()
    local answers = vim.lsp.buf_request_sync(0, 'textDocument/hover', vim.lsp.util.make_position_params(0, 'utf-16'), 2000)
    local answer = answers and answers[gloss_client().id]
    local value = answer and answer.result and answer.result.contents and answer.result.contents.value or ''
    return value:find('Open PDF at page 2', 1, true) ~= nil
  end, 20000))
  vim.cmd('GlossOpenSource')
  check('the cited PDF is opened outside Neovim at the cited page', wait(function()
    return opened[1] ~= nil
  end) and opened[1]:find('^file://') ~= nil and opened[1]:find('River.pdf#page=2', 1, true) ~= nil, vim.inspect(opened))
  vim.ui.open = ui_open

  -- A literature note made from the code action on the citation, through Gloss's own writer, and opened.
  vim.lsp.buf.code_action({
    filter = function(action)
      return action.title == "Create literature note for 'smith2020'"
    end,
    apply = true,
  })
  check('the literature note is written in the notes folder', wait(function()
    return (read(NOTES .. '/notes/smith2020.md') or ''):find('citekey: smith2020', 1, true) ~= nil
  end), read(NOTES .. '/notes/smith2020.md'))
  check('and opened', wait(function()
    return vim.api.nvim_buf_get_name(0):find('smith2020.md', 1, true) ~= nil
  end), vim.api.nvim_buf_get_name(0))
  vim.cmd('edit ' .. NOTES .. '/notes/river.md')
  wait(function()
    return gloss_client() ~= nil
  end)

  -- Rename a key: the notes change, the Zotero export does not, and the user is told what to do.
  vim.api.nvim_win_set_cursor(0, { 3, (vim.fn.getline(3):find('smith2020')) })
  vim.lsp.buf.rename('smithRiver2020')
  check('a key rename renames the citation in the open note', wait(function()
    return vim.fn.getline(3):find('@smithRiver2020', 1, true) ~= nil
  end), vim.fn.getline(3))
  check('and in the closed note citing it', wait(function()
    local buffer = vim.fn.bufnr(NOTES .. '/notes/memory.md')
    return buffer > 0 and table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n'):find('@smithRiver2020', 1, true)
  end))
  local zotero_buffers = vim.tbl_filter(function(name)
    return name:find('Zotero', 1, true) ~= nil
  end, loaded_buffers())
  check('no buffer is opened for the Zotero export (nor for a made-up path)', #zotero_buffers == 0, table.concat(zotero_buffers, ', '))
  check('the user is told that the export was not changed and to rename the key in Zotero', wait(function()
    return notified("'" .. LIBRARY .. "' is outside the workspace") and notified('not changed')
      and notified("rename 'smith2020' to 'smithRiver2020' there")
  end, 3000), vim.inspect(vim.tbl_map(function(note)
    return note.message
  end, notes)))
  vim.cmd('silent! wall')
  check('after :wall the Zotero export is byte for byte what Zotero wrote', read(LIBRARY) == library_before)
  check('and the closed note is saved renamed', (read(NOTES .. '/notes/memory.md') or ''):find('@smithRiver2020', 1, true) ~= nil)

  -- A rename touching a read-only note leaves it out, and says so.
  vim.api.nvim_win_set_cursor(0, { 5, (vim.fn.getline(5):find('bartlett1932')) })
  vim.lsp.buf.rename('bartlett1932a')
  check('a key rename still renames the writable note', wait(function()
    return vim.fn.getline(5):find('@bartlett1932a', 1, true) ~= nil
  end), vim.fn.getline(5))
  check('but not the read-only note', wait(function()
    return notified("'notes/frozen.md' is read-only")
  end, 3000) and vim.fn.bufnr(NOTES .. '/notes/frozen.md') == -1)
  vim.cmd('silent! wall')
  check('the read-only note is unchanged on disk', read(NOTES .. '/notes/frozen.md') == frozen_before)

  -- Commands write inside the notes folder only.
  local before_home = vim.fn.globpath(HOME, '**', true, true)
  vim.cmd('GlossNewNote Field notes')
  check('a new note is made in the notes folder', wait(function()
    return #vim.fn.glob(NOTES .. '/**/Field notes.md', true, true) == 1
  end), vim.fn.glob(NOTES .. '/**', true, true)[1])
  check('and opened', wait(function()
    return vim.api.nvim_buf_get_name(0):find('Field notes.md', 1, true) ~= nil
  end))
  vim.cmd('edit ' .. NOTES .. '/notes/river.md')
  wait(function()
    return gloss_client() ~= nil
  end)
  vim.cmd('GlossExport markdown')
  local export
  check('an export is written in the notes folder, its references from the Zotero export', wait(function()
    export = vim.fn.glob(NOTES .. '/**/river.md', true, true)
    for _, path in ipairs(export) do
      if path ~= NOTES .. '/notes/river.md' and (read(path) or ''):find('Smith', 1, true) then
        return true
      end
    end
  end), vim.inspect(export))
  local after_home = vim.fn.globpath(HOME, '**', true, true)
  local added = vim.tbl_filter(function(path)
    return not vim.tbl_contains(before_home, path) and path:find(NOTES, 1, true) ~= 1 and not path:find('/.cache', 1, true)
      and not path:find('/.local/state', 1, true)
  end, after_home)
  check('nothing is written in the home folder outside the notes folder, Gloss cache and state', #added == 0, vim.inspect(added))
  check('the Zotero export is still untouched', read(LIBRARY) == library_before)
end

local ran, err = pcall(run)
check('the steps ran to their end', ran, tostring(err))
H.finish()
