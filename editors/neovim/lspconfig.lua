-- Gloss with nvim-lspconfig, for Neovim before 0.11 (or configs that still use
-- `require('lspconfig')`). nvim-lspconfig does not ship a `gloss` entry, so this
-- registers one and sets it up. On Neovim 0.11+ prefer `gloss.lua`.
local lspconfig = require('lspconfig')
local configs = require('lspconfig.configs')

if not configs.gloss then
  configs.gloss = {
    default_config = {
      cmd = { 'gloss', 'lsp' },
      filetypes = { 'markdown' },
      root_dir = lspconfig.util.root_pattern('.gloss.json', '.git'),
      single_file_support = true,
    },
    docs = {
      description = 'Gloss: research notes in Markdown that cite their sources',
    },
  }
end

lspconfig.gloss.setup({})
