#!/bin/sh
# Writes Pandoc's reading of each BibTeX fixture (`pandoc FILE.bib -t csljson`) beside it as FILE.pandoc.json.
# Run once by hand and commit the output: BibTeXOracleTests compares Gloss's reading with these files, and
# re-runs pandoc itself when it is on PATH. Generated with pandoc 2.17 (see pandoc-version.txt).
set -eu
cd "$(dirname "$0")"
pandoc --version | head -n 1 > pandoc-version.txt
for bib in *.bib; do
  pandoc "$bib" -t csljson -o "${bib%.bib}.pandoc.json"
done
