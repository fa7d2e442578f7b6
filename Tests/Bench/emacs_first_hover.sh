#!/usr/bin/env bash
# The first hover in a real Emacs with Eglot: Tests/Bench/emacs_first_hover.sh GLOSS_BINARY WORKSPACE CACHE_FOLDER [RUNS]
#
# WORKSPACE is one made by Tests/Bench/make_workspace.py. Each run starts a batch Emacs (Debian's emacs with
# elpa-eglot and elpa-markdown-mode) in WORKSPACE with editors/emacs/gloss.el loaded as its README says, visits the
# note of the manifest's first citation hover probe, asks that hover as soon as Eglot manages the buffer and again a
# second later, and prints both latencies (from asking to the answer) and whether the first names its key (the
# second shows whether Emacs is still busy with the diagnostics the server sent meanwhile). Then it
# stays LINGER seconds (default 15) so that the server writes what the next start reads. CACHE_FOLDER is the XDG
# cache folder of every run: the first run on an empty one is a cold start, the next ones restarts. With
# EMACS_OWN_HANDLER=1, Eglot's own handling of the diagnostics of files no buffer visits is used instead of
# gloss.el's, to see what that costs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
gloss="$(realpath "$1")"
workspace="$(realpath "$2")"
cache="$3"
runs="${4:-1}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$cache"
read -r note line character key < <(python3 - "$workspace/manifest.json" <<'PY'
import json, sys
probes = json.load(open(sys.argv[1]))["probes"]
p = next(p for p in probes if p["kind"] == "hover" and p["context"] == "citation")
print(p["file"], p["line"], p["character"], p["key"])
PY
)

cat >"$tmp/probe.el" <<'EL'
;;; -*- lexical-binding: t; -*-
(package-activate-all)
(require 'gloss)
(add-hook 'markdown-mode-hook #'eglot-ensure)
(when (equal (getenv "EMACS_OWN_HANDLER") "1")
  (cl-defmethod eglot-handle-notification
    ((_server gloss-server) (_method (eql textDocument/publishDiagnostics)) &rest _)
    (cl-call-next-method))
  (advice-remove 'jsonrpc--log-event #'gloss--log-event-advice)
  (advice-remove 'jsonrpc--process-filter #'gloss--filter-advice))
(let* ((note (expand-file-name (getenv "PROBE_NOTE")))
       (position (list :line (string-to-number (getenv "PROBE_LINE"))
                       :character (string-to-number (getenv "PROBE_CHARACTER"))))
       (buffer (find-file note)))
  ;; `eglot-ensure' connects from `post-command-hook', which a command would run.
  (run-hooks 'post-command-hook)
  (while (not (buffer-local-value 'eglot--managed-mode buffer))
    (accept-process-output nil 0.01))
  (let* ((server (eglot-current-server))
         (params (list :textDocument (list :uri (gloss--path-to-uri note)) :position position))
         (asked (float-time))
         (answer (jsonrpc-request server :textDocument/hover params :timeout 900))
         (first (* 1000 (- (float-time) asked)))
         (a-second-later (+ (float-time) 1)))
    (while (< (float-time) a-second-later) (accept-process-output nil 0.05))
    (let ((again (float-time)))
      (jsonrpc-request server :textDocument/hover params :timeout 900)
      (princ (format "first hover %.0f ms%s; the same hover 1 s later %.0f ms\n" first
                     (if (string-match-p (regexp-quote (getenv "PROBE_KEY")) (format "%S" answer)) "" " WRONG")
                     (* 1000 (- (float-time) again)))))))
(let ((end (+ (float-time) (string-to-number (or (getenv "LINGER") "15")))))
  (while (< (float-time) end) (accept-process-output nil 0.2)))
(kill-emacs 0)
EL

mkdir -p "$tmp/bin"
ln -s "$gloss" "$tmp/bin/gloss"
cd "$workspace"
for run in $(seq 1 "$runs"); do
  printf 'run %s: ' "$run"
  PATH="$tmp/bin:$PATH" XDG_CACHE_HOME="$cache" XDG_STATE_HOME="$cache" PROBE_NOTE="$note" PROBE_LINE="$line" \
    PROBE_CHARACTER="$character" PROBE_KEY="$key" timeout 900 emacs --batch -q -L "$repo/editors/emacs" \
    -l "$tmp/probe.el" </dev/null 2>/dev/null | grep 'first hover' || echo "no answer"
done
