-- Gloss language server configuration for Neovim 0.11+.
--
-- Neovim reads `lsp/<name>.lua` from every 'runtimepath' directory, so with this
-- folder on the runtimepath `vim.lsp.enable('gloss')` is all a config needs.
-- `gloss.lua` beside this folder does the same in one file you can `dofile`.
return {
  cmd = { 'gloss', 'lsp' },
  filetypes = { 'markdown' },
  root_markers = { '.gloss.json', '.git' },
}
