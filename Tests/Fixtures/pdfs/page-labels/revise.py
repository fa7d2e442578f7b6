#!/usr/bin/env python3
"""Appends an incremental update to a PDF with a classic cross-reference table: a new catalog whose page labels are a
number tree with /Kids (one label dictionary an indirect object), as a PDF editor that saves incrementally writes it.

usage: revise.py IN.pdf OUT.pdf
"""
import re
import sys

data = open(sys.argv[1], "rb").read()
startxref = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
trailer = re.findall(rb"trailer\s*<<(.*?)>>\s*startxref", data, re.S)[-1]
size = int(re.search(rb"/Size\s+(\d+)", trailer).group(1))
root = int(re.search(rb"/Root\s+(\d+)\s+0\s+R", trailer).group(1))
info = re.search(rb"/Info\s+(\d+\s+0\s+R)", trailer)
# The old catalog's body, without its page labels (a nested dictionary: cut from /PageLabels to its end).
body = re.search(rb"\n%d 0 obj\s*<<(.*?)>>\s*endobj" % root, data, re.S).group(1)
start = body.find(b"/PageLabels")
if start >= 0:
    depth, i = 0, body.index(b"<<", start)
    while True:
        if body.startswith(b"<<", i):
            depth, i = depth + 1, i + 2
        elif body.startswith(b">>", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                break
        else:
            i += 1
    body = body[:start] + body[i:]

tree, kid1, kid2, label = size, size + 1, size + 2, size + 3
objects = {
    root: b"<<" + body + b" /PageLabels %d 0 R >>" % tree,
    tree: b"<< /Kids [%d 0 R %d 0 R] >>" % (kid1, kid2),
    kid1: b"<< /Limits [0 2] /Nums [0 << /S /R >> 2 << /S /D /St 11 >>] >>",
    kid2: b"<< /Limits [4 9] /Nums [4 %d 0 R 6 << /P (A-) /S /D >> 9 << /P (Gloss\\055) >>] >>" % label,
    label: b"<< /Type /PageLabel /S /D /St 13 >>",
}
out = bytearray(data)
if not out.endswith(b"\n"):
    out += b"\n"
offsets = {}
for number in sorted(objects):
    offsets[number] = len(out)
    out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
xref = len(out)
out += b"xref\n"
for number in sorted(objects):
    out += b"%d 1\n%010d 00000 n \n" % (number, offsets[number])
out += b"trailer\n<< /Size %d /Root %d 0 R " % (label + 1, root)
if info:
    out += b"/Info " + info.group(1) + b" "
out += b"/Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (startxref, xref)
open(sys.argv[2], "wb").write(out)
