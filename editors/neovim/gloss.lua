-- Gloss for Neovim 0.11+: the language server (configured by `lsp/gloss.lua`),
-- code lenses kept current, and the server's commands as user commands.
--
-- Load it from init.lua with `dofile('/path/to/gloss/editors/neovim/gloss.lua')`,
-- or copy it to ~/.config/nvim/plugin/gloss.lua and `lsp/gloss.lua` to
-- ~/.config/nvim/lsp/gloss.lua. Set `vim.g.gloss_path` first if `gloss` is not
-- on your PATH.

local uv = vim.uv or vim.loop

local function exists(path)
  return path ~= nil and path ~= '' and uv.fs_stat(path) ~= nil
end

-- The server's configuration: `lsp/gloss.lua` beside this file, else the one
-- Neovim finds on the 'runtimepath' by itself (~/.config/nvim/lsp/gloss.lua).
local here = vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2))
local beside = here .. '/lsp/gloss.lua'
if exists(beside) then
  vim.lsp.config('gloss', dofile(beside))
end
vim.lsp.enable('gloss')

-- Gloss publishes the diagnostics of every note and bibliography of the
-- workspace, open or not. Neovim's own handler makes a buffer for every file it
-- hears of: on a workspace of 10,000 notes that is 10,000 buffers and seconds
-- in which every answer waits after each start. The diagnostics of a file that
-- has no buffer are kept here instead, by client and file, and handed to
-- Neovim's diagnostics when a buffer for the file appears (opened, or made by
-- `bufadd()`); `:GlossDiagnostics` lists them all in the quickfix list.
local closed_diagnostics = {} -- client id -> file -> publishDiagnostics params
local keeping_closed = true -- off while :GlossDiagnostics makes its list

local function publish_diagnostics(err, result, ctx, config)
  local ok, file = pcall(vim.uri_to_fname, result and result.uri or '')
  if ok and file ~= '' and ctx and ctx.client_id then
    local kept = closed_diagnostics[ctx.client_id] or {}
    closed_diagnostics[ctx.client_id] = kept
    if keeping_closed and vim.fn.bufexists(file) == 0 then
      kept[file] = #(result.diagnostics or {}) > 0 and result or nil
      return
    end
    kept[file] = nil
  end
  return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
end
vim.lsp.config('gloss', { handlers = { ['textDocument/publishDiagnostics'] = publish_diagnostics } })

-- A buffer for a file whose diagnostics were kept: they go to Neovim's
-- diagnostics now (from a client still running).
local function hand_over_diagnostics(bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  if file == '' then
    return
  end
  local real = uv.fs_realpath(file)
  for client_id, kept in pairs(closed_diagnostics) do
    local name = kept[file] and file or (real and kept[real] and real)
    if name then
      local result = kept[name]
      kept[name] = nil
      if vim.lsp.get_client_by_id(client_id) then
        local ctx = { method = 'textDocument/publishDiagnostics', client_id = client_id }
        vim.lsp.handlers['textDocument/publishDiagnostics'](nil, result, ctx)
      end
    end
  end
end

vim.api.nvim_create_autocmd({ 'BufNew', 'BufFilePost', 'BufReadPost' }, {
  group = vim.api.nvim_create_augroup('gloss_closed_diagnostics', { clear = true }),
  callback = function(args)
    if keeping_closed and next(closed_diagnostics) ~= nil then
      hand_over_diagnostics(args.buf)
    end
  end,
})

-- The lines `rows` (0-based) of `file`, read from disk.
local function file_lines(file, rows)
  local wanted, last = {}, -1
  for _, row in ipairs(rows) do
    wanted[row] = true
    last = math.max(last, row)
  end
  local lines, row = {}, 0
  local handle = io.open(file, 'r')
  if not handle then
    return lines
  end
  for line in handle:lines() do
    if row > last then
      break
    end
    if wanted[row] then
      lines[row] = line:gsub('\r$', '')
    end
    row = row + 1
  end
  handle:close()
  return lines
end

local severity_type = { 'E', 'W', 'I', 'N' }

-- Every diagnostic Gloss published, of open and closed files, as quickfix
-- items sorted by file and position.
local function all_diagnostics()
  local items = {}
  for _, client in ipairs(vim.lsp.get_clients({ name = 'gloss' })) do
    local namespace = vim.lsp.diagnostic.get_namespace(client.id, false)
    for _, item in ipairs(vim.diagnostic.toqflist(vim.diagnostic.get(nil, { namespace = namespace }))) do
      item.filename = vim.api.nvim_buf_get_name(item.bufnr)
      item.bufnr = nil
      items[#items + 1] = item
    end
    for file, result in pairs(closed_diagnostics[client.id] or {}) do
      local rows = {}
      for _, d in ipairs(result.diagnostics) do
        rows[#rows + 1] = d.range.start.line
        rows[#rows + 1] = d.range['end'].line
      end
      local lines = file_lines(file, rows)
      for _, d in ipairs(result.diagnostics) do
        local from, to = d.range.start, d.range['end']
        local function column(row, character)
          local line = lines[row] or ''
          local ok, byte = pcall(vim.str_byteindex, line, client.offset_encoding, character, false)
          return (ok and byte or math.min(character, #line)) + 1
        end
        items[#items + 1] = {
          filename = file,
          lnum = from.line + 1,
          col = column(from.line, from.character),
          end_lnum = to.line + 1,
          end_col = column(to.line, to.character),
          text = d.message,
          type = severity_type[d.severity or 1] or 'E',
          valid = 1,
        }
      end
    end
  end
  for id in pairs(closed_diagnostics) do
    if not vim.lsp.get_client_by_id(id) then
      closed_diagnostics[id] = nil
    end
  end
  table.sort(items, function(a, b)
    if a.filename ~= b.filename then
      return a.filename < b.filename
    end
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    return a.col < b.col
  end)
  return items
end

-- :GlossDiagnostics — every diagnostic of the workspace, open files or not, in
-- the quickfix list. (The list makes a buffer for each file in it; their
-- diagnostics still reach Neovim's only when such a file is read.)
vim.api.nvim_create_user_command('GlossDiagnostics', function()
  local items = all_diagnostics()
  if #items == 0 then
    vim.notify('gloss: no diagnostics', vim.log.levels.INFO)
    return
  end
  keeping_closed = false
  local ok, err = pcall(vim.fn.setqflist, {}, ' ', { title = 'Gloss diagnostics', items = items })
  keeping_closed = true
  if not ok then
    error(err)
  end
  vim.cmd('botright copen')
end, { desc = 'Gloss: Every Diagnostic of the Workspace, in the Quickfix List' })

-- Neovim starts no server, and says nothing, when the command is not an
-- executable (`K` then falls back to man pages): say it once, on the first
-- buffer Gloss would have started for.
local function missing_binary()
  local cmd = (vim.lsp.config.gloss or {}).cmd
  if type(cmd) ~= 'table' or vim.fn.executable(cmd[1]) == 1 then
    return nil
  end
  return 'gloss: cannot start the language server: "'
    .. cmd[1]
    .. '" is not an executable (nor on PATH). Put gloss on your PATH, or set '
    .. "vim.g.gloss_path = '/full/path/to/gloss' before loading gloss.lua; see docs/troubleshooting.md"
end

local told_missing = false
vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('gloss_missing_binary', { clear = true }),
  callback = function(args)
    local config = vim.lsp.config.gloss
    if told_missing or not config or vim.bo[args.buf].buftype ~= '' then
      return
    end
    if config.filetypes and not vim.tbl_contains(config.filetypes, vim.bo[args.buf].filetype) then
      return
    end
    local message = missing_binary()
    if not message then
      return
    end
    -- Only where Gloss would start (the configuration's root_dir says so by calling back).
    local wanted = type(config.root_dir) ~= 'function'
    if not wanted then
      pcall(config.root_dir, args.buf, function()
        wanted = true
      end)
    end
    if wanted then
      told_missing = true
      vim.notify(message, vim.log.levels.ERROR)
    end
  end,
})

-- The text Gloss extracted from a PDF (or another document it converts) is kept
-- in its cache ($XDG_CACHE_HOME/gloss/texts, else ~/.cache/gloss/texts); go to
-- definition and :GlossFind open it at the place. It is read-only: an edit
-- there would change nothing but the cache.
local texts_folder = vim.fs.normalize(
  (vim.env.XDG_CACHE_HOME and vim.env.XDG_CACHE_HOME ~= '' and vim.env.XDG_CACHE_HOME or '~/.cache') .. '/gloss/texts'
)
vim.api.nvim_create_autocmd('BufReadPost', {
  group = vim.api.nvim_create_augroup('gloss_extracted_text', { clear = true }),
  pattern = '*.txt',
  callback = function(args)
    local file = vim.fs.normalize(vim.api.nvim_buf_get_name(args.buf))
    local real = uv.fs_realpath(file) or file
    local folder = uv.fs_realpath(texts_folder) or texts_folder
    if vim.fs.dirname(real) == folder then
      vim.bo[args.buf].readonly = true
      vim.bo[args.buf].modifiable = false
    end
  end,
})

-- Code lenses ("cited 12 times", "3 backlinks") are kept current so that
-- `vim.lsp.codelens.run()` always has lenses to run: by Neovim itself where it
-- can (`vim.lsp.codelens.enable`, later 0.12 builds), else asked for when Gloss
-- attaches and again on entering the buffer, leaving Insert mode, writing and
-- whenever the diagnostics change.
local lens_group = vim.api.nvim_create_augroup('gloss_codelens', { clear = true })

local function refresh_lenses(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  if #vim.lsp.get_clients({ bufnr = bufnr, name = 'gloss' }) == 0 then
    return
  end
  vim.lsp.codelens.refresh({ bufnr = bufnr })
end

vim.api.nvim_create_autocmd('LspAttach', {
  group = lens_group,
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if not client or client.name ~= 'gloss' then
      return
    end
    if vim.lsp.codelens.enable and pcall(vim.lsp.codelens.enable, true, { bufnr = args.buf }) then
      return
    end
    refresh_lenses(args.buf)
    vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost', 'DiagnosticChanged' }, {
      group = lens_group,
      buffer = args.buf,
      callback = function(event)
        refresh_lenses(event.buf)
      end,
    })
  end,
})

-- A code lens's "cited N times" / "N backlinks" runs `gloss.showReferences`
-- with the lens's URI and position; the server has nothing to do for it, so
-- the references there are asked for and put in the quickfix list.
vim.lsp.commands['gloss.showReferences'] = function(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local uri, position = (command.arguments or {})[1], (command.arguments or {})[2]
  if not client or not uri or not position then
    return
  end
  local params = { textDocument = { uri = uri }, position = position, context = { includeDeclaration = false } }
  client:request('textDocument/references', params, function(err, result)
    if err or not result or vim.tbl_isempty(result) then
      vim.notify('gloss: no references', vim.log.levels.INFO)
      return
    end
    local items = vim.lsp.util.locations_to_items(result, client.offset_encoding)
    vim.fn.setqflist({}, ' ', { title = 'References', items = items })
    vim.cmd('botright copen')
  end, ctx.bufnr)
end

-- The note that became a source: its buffer now shows the new file (the old
-- path is gone, so `:w` must not write it again). Neovim renames the buffer
-- itself when it applies the server's edit; this covers the case where the
-- server moved the file (an editor that cannot apply file operations).
local function replace_buffer(bufnr, new_file)
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  local old_file = vim.api.nvim_buf_get_name(bufnr)
  if old_file == new_file or exists(old_file) then
    return
  end
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
    vim.api.nvim_win_call(win, function()
      vim.cmd.edit(vim.fn.fnameescape(new_file))
    end)
  end
  if vim.api.nvim_buf_is_valid(bufnr) then
    vim.api.nvim_buf_delete(bufnr, { force = true })
  end
end

-- The server's commands (docs/commands.md) as user commands, sent with `workspace/executeCommand`
-- to the Gloss client of the current buffer. `after` gets the buffer and the file of the result. A new note
-- is opened by the server itself (`window/showDocument`).
local function run(command, arguments, after)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = vim.lsp.get_clients({ bufnr = bufnr, name = 'gloss' })[1]
  if not client then
    vim.notify(missing_binary() or 'gloss is not attached to this buffer', vim.log.levels.WARN)
    return
  end
  client:exec_cmd({ title = command, command = command, arguments = arguments }, { bufnr = bufnr }, function(err, result)
    if err then
      vim.notify(command .. ': ' .. err.message, vim.log.levels.ERROR)
      return
    end
    if type(result) == 'table' and type(result.uri) == 'string' then
      vim.notify(command .. ': ' .. vim.uri_to_fname(result.uri))
      if after then
        after(bufnr, vim.uri_to_fname(result.uri))
      end
    end
  end)
end

local function buffer_uri()
  return vim.uri_from_bufnr(0)
end

vim.api.nvim_create_user_command('GlossExport', function(opts)
  run('gloss.export', { { uri = buffer_uri(), format = opts.args ~= '' and opts.args or 'markdown' } })
end, {
  nargs = '?',
  complete = function()
    return { 'markdown', 'html', 'pandoc', 'json' }
  end,
  desc = 'Gloss: Export Note (format: markdown, html, pandoc or json)',
})

vim.api.nvim_create_user_command('GlossExportNotebook', function(opts)
  local tag, format = opts.fargs[1], opts.fargs[2] or 'markdown'
  run('gloss.export', { { tag = tag, format = format } })
end, { nargs = '+', desc = 'Gloss: Export Notebook by Tag (TAG [FORMAT])' })

vim.api.nvim_create_user_command('GlossSaveAsNote', function(opts)
  -- The selected lines, whole: from the start of the first to the start of the
  -- line after the last (the server clamps a line past the end to the end).
  local range = {
    start = { line = opts.line1 - 1, character = 0 },
    ['end'] = { line = opts.line2, character = 0 },
  }
  local arguments = { uri = buffer_uri(), range = range }
  if opts.args ~= '' then
    arguments.title = opts.args
  end
  run('gloss.saveAsNote', { arguments })
end, { range = true, nargs = '?', desc = 'Gloss: Save Selection as Note ([TITLE])' })

vim.api.nvim_create_user_command('GlossConvertToSource', function()
  run('gloss.convertToSource', { { uri = buffer_uri() } }, replace_buffer)
end, { desc = 'Gloss: Convert Note to Source' })

vim.api.nvim_create_user_command('GlossNewNote', function(opts)
  run('gloss.newNote', { { title = opts.args } })
end, { nargs = 1, desc = 'Gloss: New Note (TITLE)' })

-- :GlossOpenSource [zotero|pdf|note] — the citation under the cursor opened at
-- the page it cites: in Zotero or the PDF viewer (the server asks Neovim to open
-- it outside, `window/showDocument` with `external`, which Neovim hands to
-- `vim.ui.open`), or its literature note. For a cursor on a citation.
vim.api.nvim_create_user_command('GlossOpenSource', function(opts)
  local client = vim.lsp.get_clients({ bufnr = 0, name = 'gloss' })[1]
  local encoding = client and client.offset_encoding or 'utf-16'
  local argument = { uri = buffer_uri(), position = vim.lsp.util.make_position_params(0, encoding).position }
  if opts.args ~= '' then
    argument.target = opts.args
  end
  run('gloss.openSource', { argument })
end, {
  nargs = '?',
  complete = function()
    return { 'zotero', 'pdf', 'note' }
  end,
  desc = 'Gloss: Open the Cited Source at the Page ([zotero|pdf|note])',
})

vim.api.nvim_create_user_command('GlossReindex', function()
  run('gloss.reindex', nil)
end, { desc = 'Gloss: Reindex' })

-- :GlossFind PHRASE — every place in the sources' text holding the phrase
-- (`gloss.find`), in the quickfix list with the citation that points there;
-- when it is found nowhere, the closest passages and how alike they are.
-- Without an argument, the visual selection's text (or the word under the cursor).
vim.api.nvim_create_user_command('GlossFind', function(opts)
  local phrase = opts.args
  if phrase == '' and opts.range > 0 then
    local lines = vim.api.nvim_buf_get_lines(0, opts.line1 - 1, opts.line2, false)
    phrase = table.concat(lines, ' ')
  end
  if phrase == '' then
    phrase = vim.fn.expand('<cword>')
  end
  local client = vim.lsp.get_clients({ bufnr = 0, name = 'gloss' })[1]
  if not client then
    vim.notify(missing_binary() or 'gloss is not attached to this buffer', vim.log.levels.WARN)
    return
  end
  local command = { title = 'gloss.find', command = 'gloss.find', arguments = { { text = phrase } } }
  client:exec_cmd(command, { bufnr = 0 }, function(err, result)
    if err then
      vim.notify('gloss.find: ' .. err.message, vim.log.levels.ERROR)
      return
    end
    local items = {}
    for _, place in ipairs(result or {}) do
      local alike = place.likeness < 1 and string.format('%d%% alike ', math.floor(place.likeness * 100 + 0.5)) or ''
      local item = vim.lsp.util.locations_to_items({ { uri = place.uri, range = place.range } }, client.offset_encoding)[1]
      item.text = alike .. (place.citation and (place.citation .. ' ') or '') .. place.context
      table.insert(items, item)
    end
    local found = #items > 0 and (result[1].likeness or 1) >= 1
    vim.fn.setqflist({}, ' ', { title = (found and 'Found: ' or 'Not found, closest: ') .. phrase, items = items })
    if #items == 0 then
      vim.notify('gloss: "' .. phrase .. '" is in no source', vim.log.levels.INFO)
    else
      vim.cmd('botright copen')
    end
  end)
end, { nargs = '?', range = true, desc = 'Gloss: Find in Sources (PHRASE, or the selected lines)' })
