#!/usr/bin/env bash
# The first hover in a real Neovim: Tests/Bench/neovim_first_hover.sh GLOSS_BINARY WORKSPACE CACHE_FOLDER [RUNS]
#
# WORKSPACE is one made by Tests/Bench/make_workspace.py. Each run starts a headless Neovim (0.11 or later, found as
# editors/neovim/test/run.sh finds it) in WORKSPACE with the shipped configuration (editors/neovim/gloss.lua, as its
# README says), opens the note of the manifest's first citation hover probe, asks that hover as soon as Gloss is
# attached and another citation's hover a second later, and prints both latencies (from asking to the answer Neovim
# hands over) and whether each answer names its key. CACHE_FOLDER is the XDG cache folder of every run: the first
# run on an empty one is a cold start, the next ones restarts. With NEOVIM_OWN_HANDLER=1, the diagnostics go to
# Neovim's own handler (which makes a buffer for each file it is told about) instead of gloss.lua's (which keeps
# those of files without a buffer aside), to see what that costs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
gloss="$(realpath "$1")"
workspace="$(realpath "$2")"
cache="$3"
runs="${4:-1}"
nvim="$("$repo/editors/neovim/test/run.sh" --find-nvim)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$cache"

cat >"$tmp/init.lua" <<INIT
vim.g.gloss_path = '$gloss'
dofile('$repo/editors/neovim/gloss.lua')
if os.getenv('NEOVIM_OWN_HANDLER') == '1' then
  vim.lsp.config('gloss', { handlers = { ['textDocument/publishDiagnostics'] = function(...)
    return vim.lsp.handlers['textDocument/publishDiagnostics'](...)
  end } })
end
INIT

cat >"$tmp/probe.lua" <<'PROBE'
local manifest = vim.json.decode(table.concat(vim.fn.readfile('manifest.json'), '\n'))
local first
for _, p in ipairs(manifest.probes) do
  if p.kind == 'hover' and p.context == 'citation' then first = p break end
end
local second
for _, p in ipairs(manifest.probes) do
  if p.kind == 'hover' and p.context == 'citation' and p.file == first.file and p.line ~= first.line then
    second = p break
  end
end
second = second or first
local started = vim.uv.hrtime()
vim.cmd('edit ' .. vim.fn.fnameescape(first.file))
local bufnr = vim.api.nvim_get_current_buf()
local client
vim.wait(120000, function()
  client = vim.lsp.get_clients({ bufnr = bufnr, name = 'gloss' })[1]
  return client ~= nil and client.initialized
end, 2)
local function hover(probe)
  local text = vim.api.nvim_buf_get_lines(bufnr, probe.line, probe.line + 1, false)[1]
  local column = probe.character
  if client.offset_encoding ~= 'utf-16' then column = vim.str_byteindex(text, 'utf-16', probe.character) end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = probe.line, character = column } }
  local asked = vim.uv.hrtime()
  local answer = client:request_sync('textDocument/hover', params, 600000, bufnr)
  local body = answer and answer.result and vim.inspect(answer.result) or ''
  return (vim.uv.hrtime() - asked) / 1e6, body:find(probe.key, 1, true) ~= nil
end
local a, right_a = hover(first)
local after_start = (vim.uv.hrtime() - started) / 1e6
vim.wait(1000)
local b, right_b = hover(second)
io.stdout:write(string.format('first hover %.0f ms (%.0f ms after opening the note)%s; a hover 1 s later %.0f ms%s\n',
  a, after_start, right_a and '' or ' WRONG', b, right_b and '' or ' WRONG'))
vim.cmd('qall!')
PROBE

cd "$workspace"
for run in $(seq 1 "$runs"); do
  printf 'run %s: ' "$run"
  XDG_CACHE_HOME="$cache" XDG_STATE_HOME="$cache" timeout 900 "$nvim" --headless --clean -u "$tmp/init.lua" \
    -c "luafile $tmp/probe.lua" </dev/null 2>/dev/null | tr -d '\r' | grep 'first hover' || echo "no answer"
  # What the server writes for the next start (restart snapshot, images) is written in the background.
  sleep "${LINGER:-15}"
done
