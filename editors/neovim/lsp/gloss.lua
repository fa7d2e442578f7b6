-- Gloss language server configuration for Neovim 0.11+.
--
-- Neovim reads `lsp/<name>.lua` from every 'runtimepath' folder, so with this
-- folder's parent on the runtimepath (or this file copied to
-- ~/.config/nvim/lsp/gloss.lua) `vim.lsp.enable('gloss')` starts Gloss.
-- `gloss.lua` in the parent folder loads this file and adds the user commands
-- and code lens refreshing.

local uv = vim.uv or vim.loop

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function holds_bibliography_or_sources(dir)
  local stat = uv.fs_stat(dir .. '/sources')
  if stat and stat.type == 'directory' then
    return true
  end
  local ok, found = pcall(function()
    for name, kind in vim.fs.dir(dir) do
      local lower = name:lower()
      if kind ~= 'directory' and (lower:match('%.bib$') or lower:match('%.csl%.json$')) then
        return true
      end
    end
    return false
  end)
  return ok and found
end

-- The workspace of a file, found as the server finds it: the nearest folder
-- with `.gloss.json` or `_quarto.yml` (a Quarto project, so a chapter opened
-- alone attaches at the book's root); else the nearest folder holding a bibliography (`*.bib`,
-- `*.csl.json`) or a `sources/` folder, not above the Git repository; else the
-- repository's root; else none (the note is checked on its own). Your home
-- folder and `/` count only with `.gloss.json`.
local function gloss_root(file)
  if file == nil or file == '' then
    return nil
  end
  local home = vim.fs.normalize(vim.env.HOME or '~')
  local start = vim.fs.dirname(vim.fs.normalize(file))
  local chain = { start }
  for dir in vim.fs.parents(start) do
    chain[#chain + 1] = dir
  end
  for _, dir in ipairs(chain) do
    if exists(dir .. '/.gloss.json') or exists(dir .. '/_quarto.yml') then
      return dir
    end
  end
  for _, dir in ipairs(chain) do
    if dir == '/' or dir == home then
      return nil
    end
    if holds_bibliography_or_sources(dir) or exists(dir .. '/.git') then
      return dir
    end
  end
  return nil
end

-- Markdown, Quarto and R Markdown notes always get Gloss. The other files Gloss reads get it only
-- inside a Gloss workspace: bibliographies (`.bib`, `.csl.json`), `.gloss.json`,
-- and text and HTML source documents in a `sources/` folder, so that no other
-- text, JSON or HTML file starts a server.
local function root_dir(bufnr, on_dir)
  local file = vim.api.nvim_buf_get_name(bufnr)
  local root = gloss_root(file)
  local filetype = vim.bo[bufnr].filetype
  if filetype == 'markdown' or filetype == 'quarto' or filetype == 'rmd' then
    return on_dir(root)
  end
  if root == nil then
    return
  end
  local name = vim.fs.basename(file):lower()
  local in_sources = file:sub(#root + 1):find('/sources/', 1, true) ~= nil
  if
    filetype == 'bib'
    or (filetype == 'json' and (name == '.gloss.json' or name:match('%.csl%.json$') ~= nil))
    or ((filetype == 'text' or filetype == 'html') and in_sources)
  then
    on_dir(root)
  end
end

return {
  cmd = { vim.g.gloss_path or 'gloss', 'lsp' },
  filetypes = { 'markdown', 'quarto', 'rmd', 'bib', 'json', 'text', 'html' },
  root_dir = root_dir,
  -- Neovim applies file operations (a renamed note, a created stub) only inside
  -- `documentChanges` but does not announce it; Gloss infers it, and saying it
  -- here costs nothing.
  capabilities = { workspace = { workspaceEdit = { documentChanges = true } } },
}
