-- Gloss with nvim-lspconfig, for Neovim before 0.11 (or configs that still use
-- `require('lspconfig')`). nvim-lspconfig does not ship a `gloss` entry, so this
-- registers one and sets it up. On Neovim 0.11+ prefer `gloss.lua`, which also
-- attaches to source documents and defines the user commands.
local lspconfig = require('lspconfig')
local configs = require('lspconfig.configs')

if not configs.gloss then
  configs.gloss = {
    default_config = {
      cmd = { vim.g.gloss_path or 'gloss', 'lsp' },
      filetypes = { 'markdown', 'quarto', 'rmd', 'bib' },
      -- The nearest folder with a config, a bibliography, a sources folder or
      -- a repository (gloss.lua's rule, simplified: nearest wins).
      root_dir = lspconfig.util.root_pattern('.gloss.json', '_quarto.yml', '*.bib', '*.csl.json', 'sources', '.git'),
      single_file_support = true,
      capabilities = { workspace = { workspaceEdit = { documentChanges = true } } },
    },
    docs = {
      description = 'Gloss: research notes in Markdown that cite their sources',
    },
  }
end

lspconfig.gloss.setup({})
