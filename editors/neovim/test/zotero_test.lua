-- Zotero's data folder read directly, in a real, headless Neovim: a writer's whole day. run.sh builds Zotero's default
-- data folder (~/Zotero) from Zotero's own tables (Tests/Fixtures/zotero) with a pdflatex thesis stored in it (front
-- matter printed i-vi, so printed page 12 is PDF page 18) and two highlights on printed pages, and a notes folder in
-- $GLOSS_ZOTERO_NOTES beside it; $GLOSS_ZOTERO_RENAMED describes the same library with the item's citation key
-- changed, which this test writes into Zotero's folder while Neovim runs (with $GLOSS_ZOTERO_MAKE, as Zotero would).
-- Prints one `ok`/`not ok` line per check and quits with status 1 when any check failed.
--
-- The day, in order: complete a highlight after `[@key, ` into a quotation that verifies; hover it (found, with its
-- printed and PDF page); complete the other highlight on a blockquote line (its words and citation line); follow the
-- links to the page (Zotero's reader and the PDF, with the opener stubbed); create the literature note from the code
-- action (its highlights verify too); the key changes in Zotero and the old citations are told the new key and
-- renamed in every note by the quick fix; it changes again and the writer renames the citation (textDocument/rename,
-- the literature note's citekey: follows), then hovers it; Gloss wrote nothing in Zotero's folder.

vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'AIc'

local NOTES = assert(vim.env.GLOSS_ZOTERO_NOTES, 'GLOSS_ZOTERO_NOTES is not set')
local RENAMED = assert(vim.env.GLOSS_ZOTERO_RENAMED, 'GLOSS_ZOTERO_RENAMED is not set')
local MAKE = assert(vim.env.GLOSS_ZOTERO_MAKE, 'GLOSS_ZOTERO_MAKE is not set')
local ZOTERO = assert(vim.env.HOME) .. '/Zotero'
local SENTENCE = 'Our results suggest that monitoring endemic and vulnerable alpine vegetation needs permanent plots.'
local QUOTED = 'As Berg puts it, "' .. SENTENCE .. '" [@berg2021, p. 12]'
local SNOW = 'Snow cover now melts three weeks earlier than it did in the nineteen seventies.'

local H = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'harness.lua')
local check, read = H.check, H.read

local function wait(condition, ms)
  return vim.wait(ms or 15000, function()
    local ok, value = pcall(condition)
    return ok and value
  end, 20)
end

local function gloss_client()
  return vim.lsp.get_clients({ bufnr = 0, name = 'gloss' })[1]
end

-- Every file of Zotero's folder with its bytes.
local function zotero_files()
  local files = {}
  for _, path in ipairs(vim.fn.globpath(ZOTERO, '**', true, true)) do
    files[path] = vim.fn.isdirectory(path) == 1 and '(folder)' or read(path)
  end
  return files
end

-- The hover's text at (0-based) line and UTF-16 character of the current buffer.
local function hover_at(line, character)
  local client = gloss_client()
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  params.position = { line = line, character = character }
  local answer = client:request_sync('textDocument/hover', params, 5000, 0)
  return answer and answer.result and answer.result.contents and answer.result.contents.value or ''
end

-- The targets of the current buffer's document links.
local function link_targets()
  local client = gloss_client()
  local answer = client:request_sync('textDocument/documentLink',
    { textDocument = vim.lsp.util.make_text_document_params(0) }, 5000, 0)
  return vim.tbl_map(function(link)
    return link.target
  end, (answer and answer.result) or {})
end

local function has(list, pattern)
  for _, value in ipairs(list) do
    if value:find(pattern, 1, true) then
      return true
    end
  end
  return false
end

-- The messages of the current buffer's diagnostics (on `line`, 0-based, when given).
local function messages(line)
  return vim.tbl_map(function(diagnostic)
    return diagnostic.message
  end, vim.diagnostic.get(0, line and { lnum = line } or nil))
end

local function run()
  local before = zotero_files()
  vim.cmd('edit ' .. NOTES .. '/alpine.md')
  check('Gloss attaches to the note', wait(function()
    return gloss_client() and gloss_client().initialized
  end))
  local client = gloss_client()

  -- (a) Type the citation up to where a locator goes; completion offers the highlight of printed page 12.
  local typed = 'As Berg puts it, [@berg2021, '
  vim.api.nvim_buf_set_lines(0, 2, 3, false, { typed .. ']' })
  vim.api.nvim_win_set_cursor(0, { 3, #typed })
  local item
  check('completion after "[@berg2021, " offers the highlight', wait(function()
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    local answer = client:request_sync('textDocument/completion', params, 5000, 0)
    for _, candidate in ipairs((answer and answer.result and (answer.result.items or answer.result)) or {}) do
      -- A long highlight's label is cut short; the edit holds it whole.
      if candidate.textEdit and candidate.textEdit.newText:find('"' .. SENTENCE .. '"', 1, true) == 1 then
        item = candidate
        return true
      end
    end
  end))
  check('it inserts the quotation with its printed page', item and item.textEdit
    and item.textEdit.newText:find('[@berg2021, p. 12]', 1, true) ~= nil, item and vim.inspect(item.textEdit))
  vim.lsp.util.apply_text_edits({ { range = item.textEdit.range, newText = item.textEdit.newText } },
    vim.api.nvim_get_current_buf(), client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
  check('the note holds the quotation and its citation', line == QUOTED, line)

  -- (b) Hover on the citation: the verdict first, found on printed page 12, which is the PDF's 18th page.
  local citation = #QUOTED - 10
  local hover
  check('hover says the quotation is found, p. 12 = PDF page 18', wait(function()
    hover = hover_at(2, citation)
    return hover:find("quotation found in 'berg2021'", 1, true) ~= nil
      and hover:find('p. 12 = PDF page 18', 1, true) ~= nil
  end), hover)
  check('the inserted quotation has no diagnostic', wait(function()
    return #vim.diagnostic.get(0) == 0
  end), vim.inspect(messages()))

  -- (b2) In a blockquote, a few words of the other highlight complete into its words and its citation line.
  vim.api.nvim_buf_set_lines(0, 3, -1, false, { '', '> snow cover' })
  local quote
  check('completion on a blockquote line offers the highlight of printed page ii', wait(function()
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    -- At the line's end, where the normal mode's cursor cannot be.
    params.position = { line = 4, character = #'> snow cover' }
    local answer = client:request_sync('textDocument/completion', params, 5000, 0)
    for _, candidate in ipairs((answer and answer.result and (answer.result.items or answer.result)) or {}) do
      if candidate.textEdit and candidate.textEdit.newText:find(SNOW, 1, true) then
        quote = candidate
        return true
      end
    end
  end))
  vim.lsp.util.apply_text_edits({ { range = quote.textEdit.range, newText = quote.textEdit.newText } },
    vim.api.nvim_get_current_buf(), client.offset_encoding)
  if quote.additionalTextEdits then
    vim.lsp.util.apply_text_edits(quote.additionalTextEdits, vim.api.nvim_get_current_buf(), client.offset_encoding)
  end
  local block = vim.api.nvim_buf_get_lines(0, 4, -1, false)
  check('it inserts the words and the citation line', vim.deep_equal(block, { '> ' .. SNOW, '> — [@berg2021, p. ii]' }),
    vim.inspect(block))
  check('the blockquote verifies, with no diagnostic', wait(function()
    return #vim.diagnostic.get(0) == 0 and hover_at(5, 8):find("quotation found in 'berg2021'", 1, true) ~= nil
  end), vim.inspect(messages()))

  -- (c) The links go to the PDF page printed 12: Zotero's reader by the attachment's key, and the PDF itself.
  local targets
  check("the citation links to Zotero's reader and to the PDF at PDF page 18", wait(function()
    targets = link_targets()
    return has(targets, 'zotero://open-pdf/library/items/PDFTHS01?page=18')
      and has(targets, '/Zotero/storage/PDFTHS01/thesis.pdf#page=18')
  end), vim.inspect(targets))
  local opened = {}
  local ui_open = vim.ui.open
  vim.ui.open = function(uri)
    opened[#opened + 1] = uri
    return { wait = function()
      return { code = 0 }
    end }
  end
  vim.api.nvim_win_set_cursor(0, { 3, citation })
  vim.cmd('GlossOpenSource zotero')
  check(':GlossOpenSource zotero opens Zotero at PDF page 18', wait(function()
    return opened[1] ~= nil
  end) and opened[1] == 'zotero://open-pdf/library/items/PDFTHS01?page=18', vim.inspect(opened))
  vim.cmd('GlossOpenSource pdf')
  check(':GlossOpenSource pdf opens the stored PDF at page 18', wait(function()
    return opened[2] ~= nil
  end) and opened[2]:find('^file://.*/Zotero/storage/PDFTHS01/thesis%.pdf#page=18$') ~= nil, vim.inspect(opened))
  vim.ui.open = ui_open

  -- (d) The literature note, from the code action on the citation: front matter and both highlights as quotations.
  vim.lsp.buf.code_action({
    filter = function(action)
      return action.title == "Create literature note for 'berg2021'"
    end,
    apply = true,
  })
  local note = NOTES .. '/berg2021.md'
  check('the literature note is written', wait(function()
    return (read(note) or ''):find('citekey: berg2021', 1, true) ~= nil
  end), read(note))
  local text = read(note) or ''
  check('it holds the highlight as a quotation with its citation',
    text:find('> ' .. SENTENCE .. '\n> — [@berg2021, p. 12]', 1, true) ~= nil, text)
  check('and is opened', wait(function()
    return vim.api.nvim_buf_get_name(0) == note and gloss_client() ~= nil
  end), vim.api.nvim_buf_get_name(0))
  local quoted = vim.fn.search('\\V— [@berg2021, p. 12]', 'n')
  local verdict
  check("its quotation verifies too (hover: found, p. 12 = PDF page 18)", wait(function()
    verdict = hover_at(quoted - 1, 6)
    return verdict:find("quotation found in 'berg2021'", 1, true) ~= nil
      and verdict:find('p. 12 = PDF page 18', 1, true) ~= nil
  end), verdict)
  check('the literature note has no diagnostic', wait(function()
    return #vim.diagnostic.get(0) == 0
  end), vim.inspect(messages()))
  vim.cmd('silent! wall')
  local after_day = zotero_files()
  check("so far Zotero's folder is byte for byte as it was", vim.deep_equal(before, after_day))

  -- (e) In Zotero, the item's citation key changes (the database written again, while Neovim runs).
  vim.cmd('edit ' .. NOTES .. '/alpine.md')
  local description = table.concat(vim.fn.readfile(RENAMED), '\n')
  vim.fn.system({ 'python3', MAKE, ZOTERO }, description)
  check("Zotero's database is written with the new key", vim.v.shell_error == 0)
  local changed = zotero_files()
  local started = vim.uv.hrtime()
  local hint = "was 'berg2021', now 'bergAlpine2021'?"
  check('the old citation is told the new key', wait(function()
    return has(messages(2), hint)
  end), vim.inspect(messages()))
  io.stdout:write(('# the changed key reached the note in %.2f s\n'):format((vim.uv.hrtime() - started) / 1e9))
  vim.api.nvim_win_set_cursor(0, { 3, citation })
  vim.lsp.buf.code_action({
    filter = function(action)
      return action.title == "rename 'berg2021' to 'bergAlpine2021' in every note"
    end,
    apply = true,
  })
  check('the quick fix renames the citation in this note', wait(function()
    return vim.fn.getline(3):find('[@bergAlpine2021, p. 12]', 1, true) ~= nil
  end), vim.fn.getline(3))
  local function renamed_in(path, expected)
    return wait(function()
      local buffer = vim.fn.bufnr(path)
      local lines = buffer > 0 and vim.api.nvim_buf_get_lines(buffer, 0, -1, false) or vim.fn.readfile(path)
      return table.concat(lines, '\n'):find(expected, 1, true) ~= nil
    end)
  end
  check('and in the closed note citing it', renamed_in(NOTES .. '/snow.md', '[@bergAlpine2021, p. ii]'))
  check('and in the literature note', renamed_in(note, '[@bergAlpine2021, p. 12]'))
  vim.cmd('silent! wall')
  check('the renamed notes are saved',
    (read(NOTES .. '/snow.md') or ''):find('@bergAlpine2021', 1, true) ~= nil
      and (read(note) or ''):find('@berg2021', 1, true) == nil, read(note))
  check('and the literature note names the new key in its front matter',
    (read(note) or ''):find('\ncitekey: bergAlpine2021\n', 1, true) ~= nil, read(note))
  check('the renamed quotation verifies, with no diagnostic', wait(function()
    return #vim.diagnostic.get(0) == 0
      and hover_at(2, citation + 6):find("quotation found in 'bergAlpine2021'", 1, true) ~= nil
  end), vim.inspect(messages()))

  -- (e2) The key changes in Zotero once more, and the writer renames the old citation (textDocument/rename) to it:
  -- every note follows, the literature note's front matter too, and hover finds the quotation under the new key.
  vim.fn.system({ 'python3', MAKE, ZOTERO }, (description:gsub('bergAlpine2021', 'bergMeadows2021')))
  check("Zotero's database is written with a third key", vim.v.shell_error == 0)
  changed = zotero_files()
  check('the old citation is told the third key', wait(function()
    return has(messages(2), "was 'bergAlpine2021', now 'bergMeadows2021'?")
  end), vim.inspect(messages()))
  vim.api.nvim_win_set_cursor(0, { 3, citation + 4 })
  vim.lsp.buf.rename('bergMeadows2021')
  check('the rename renames the citation in this note', wait(function()
    return vim.fn.getline(3):find('[@bergMeadows2021, p. 12]', 1, true) ~= nil
  end), vim.fn.getline(3))
  check('and the blockquote citation', vim.fn.getline(6) == '> — [@bergMeadows2021, p. ii]', vim.fn.getline(6))
  check('and in the closed note citing it', renamed_in(NOTES .. '/snow.md', '[@bergMeadows2021, p. ii]'))
  check("and the literature note's citations and front matter", renamed_in(note, '\ncitekey: bergMeadows2021\n')
    and renamed_in(note, '[@bergMeadows2021, p. 12]'))
  local after_rename
  check('hover after the rename finds the quotation under the new key, with no diagnostic', wait(function()
    after_rename = hover_at(2, citation + 6)
    return #vim.diagnostic.get(0) == 0 and after_rename:find("quotation found in 'bergMeadows2021'", 1, true) ~= nil
  end), tostring(after_rename) .. ' ' .. vim.inspect(messages()))
  vim.cmd('silent! wall')

  -- (f) Gloss wrote nothing in Zotero's folder.
  check("Zotero's folder is byte for byte as Zotero left it", vim.deep_equal(changed, zotero_files()))
end

local ran, err = pcall(run)
check('the steps ran to their end', ran, tostring(err))
H.finish()
