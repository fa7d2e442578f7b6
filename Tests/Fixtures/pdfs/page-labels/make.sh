#!/usr/bin/env bash
# Rebuilds the PDFs of this folder from their sources, and records what qpdf reads of their page labels (the test
# oracle, *.qpdf.json). Needs Debian's texlive-latex-recommended, texlive-fonts-recommended (lmodern), qpdf and
# python3; the tests need none of them, only the PDFs committed here.
#
#   thesis.pdf           pdflatex + hyperref: roman front matter (i–vi), arabic body; object streams and a
#                        compressed cross-reference stream
#   prefixed.pdf         pdflatex + hyperref: upper-case roman, arabic, prefixed appendix pages (A-1, a UTF-16 prefix),
#                        letters; no object streams, a classic cross-reference table
#   prefixed-objstm.pdf  prefixed.pdf rewritten by qpdf with its objects in object streams
#   thesis-linearized.pdf  thesis.pdf linearized by qpdf ("fast web view"): the catalog near the start, object streams
#                        after it
#   revised.pdf          prefixed.pdf with an incremental update (revise.py): a new catalog whose labels are a number
#                        tree with /Kids, an indirect label dictionary, a range that continues the numbers of the one
#                        before (/St 13), and a prefix without numbers
set -euo pipefail
cd "$(dirname "$0")"
export SOURCE_DATE_EPOCH=1700000000 FORCE_SOURCE_DATE=1
for name in thesis prefixed; do
  pdflatex -interaction=batchmode "$name.tex" >/dev/null
  pdflatex -interaction=batchmode "$name.tex" >/dev/null
  rm -f "$name.aux" "$name.log" "$name.out"
done
qpdf --deterministic-id --object-streams=generate prefixed.pdf prefixed-objstm.pdf
qpdf --deterministic-id --linearize --object-streams=generate thesis.pdf thesis-linearized.pdf
python3 revise.py prefixed.pdf revised.pdf
for pdf in *.pdf; do
  qpdf --json --json-key=pagelabels "$pdf" >"${pdf%.pdf}.qpdf.json"
done
