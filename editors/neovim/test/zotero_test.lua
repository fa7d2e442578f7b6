-- Zotero's data folder read directly, in a real, headless Neovim: a notes folder in the temporary home and Zotero's
-- default data folder (~/Zotero) beside it, built by run.sh from Zotero's own tables (Tests/Fixtures/zotero) with a
-- pdflatex PDF and a highlight on it. Run by run.sh with HOME at that home and the notes folder in
-- $GLOSS_ZOTERO_NOTES. Prints one `ok`/`not ok` line per check and quits with status 1 when any check failed.
--
-- What it holds Gloss to: the writer completes a highlight into a quotation with its page, the quotation verifies
-- against the PDF, hover shows it, and nothing in Zotero's folder changes.

vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'AIc'

local NOTES = assert(vim.env.GLOSS_ZOTERO_NOTES, 'GLOSS_ZOTERO_NOTES is not set')
local ZOTERO = assert(vim.env.HOME) .. '/Zotero'
local SENTENCE = 'The classifier does not replace the botanist: it tells her where to look first.'

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

local function run()
  local before = zotero_files()
  vim.cmd('edit ' .. NOTES .. '/alpine.md')
  check('Gloss attaches to the note', wait(function()
    return gloss_client() and gloss_client().initialized
  end))
  local client = gloss_client()
  -- Type the citation up to where a locator would go; completion offers the highlight.
  vim.api.nvim_buf_set_lines(0, 2, 3, false, { 'As Berg puts it, [@alpine2020, ]' })
  vim.api.nvim_win_set_cursor(0, { 3, 31 })
  local item
  check('completion after "[@alpine2020, " offers the highlight', wait(function()
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    local answer = client:request_sync('textDocument/completion', params, 5000, 0)
    for _, candidate in ipairs((answer and answer.result and (answer.result.items or answer.result)) or {}) do
      if candidate.label == SENTENCE then
        item = candidate
        return true
      end
    end
  end))
  check('it inserts the quotation with its page', item and item.textEdit
    and item.textEdit.newText:find('[@alpine2020, p. 1]', 1, true) ~= nil, item and vim.inspect(item.textEdit))
  vim.lsp.util.apply_text_edits({ { range = item.textEdit.range, newText = item.textEdit.newText } },
    vim.api.nvim_get_current_buf(),
    client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
  check('the note holds the quotation and its citation', line == 'As Berg puts it, "' .. SENTENCE .. '" [@alpine2020, p. 1]', line)
  local hover
  check('hover says the quotation is found in the PDF on that page', wait(function()
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    params.position = { line = 2, character = 20 + #SENTENCE + 8 }
    local answer = client:request_sync('textDocument/hover', params, 5000, 0)
    hover = answer and answer.result and answer.result.contents and answer.result.contents.value or ''
    return hover:find("quotation found in 'alpine2020'", 1, true) ~= nil
  end), hover)
  check('no diagnostic on the quotation', wait(function()
    return #vim.diagnostic.get(0, { lnum = 2 }) == 0
  end), vim.inspect(vim.diagnostic.get(0)))
  local after = zotero_files()
  check("Zotero's folder is byte for byte as it was", vim.deep_equal(before, after))
end

local ran, err = pcall(run)
check('the steps ran to their end', ran, tostring(err))
H.finish()
