#!/bin/sh
# Rebuilds the PDFs of this folder from their LaTeX with Debian's texlive (texlive-latex-base, texlive-latex-extra for
# fancyhdr, lmodern), and prints what pdftotext reads from each. The tests read the committed PDFs with pdftotext only.
#
#   two-columns.pdf     two columns, running heads and page numbers, footnote marks, compounds and words broken at
#                       line, column and page ends, sentences across page breaks (Type 1 fonts with Unicode maps)
#   lost-ligatures.pdf  bitmap (Type 3) fonts from T1 encoding without cm-super: the ligatures ff, fi, fl, ffi and
#                       ffl come out of pdftotext as control characters, not letters
set -eu
cd "$(dirname "$0")"
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
for name in two-columns lost-ligatures; do
  pdflatex -interaction=batchmode -output-directory "$build" "$name.tex" >/dev/null
  cp "$build/$name.pdf" "$name.pdf"
  echo "== $name.pdf: $(wc -c <"$name.pdf") bytes"
  pdffonts "$name.pdf"
  pdftotext -enc UTF-8 -eol unix "$name.pdf" - | cat -v
done
