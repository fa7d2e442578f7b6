;;; gloss.el --- Gloss language server for Markdown research notes via Eglot  -*- lexical-binding: t; -*-

;; Keywords: languages, markdown, bibliography
;; Package-Requires: ((emacs "29.1"))

;;; Commentary:

;; Registers `gloss lsp' with Eglot for `markdown-mode' and adds commands
;; that call the server's commands through `workspace/executeCommand'.
;; Load it, then run `M-x eglot' in a Markdown buffer (or add `eglot-ensure'
;; to `markdown-mode-hook').

;;; Code:

(require 'eglot)
(require 'jsonrpc)

(add-to-list 'eglot-server-programs '(markdown-mode . ("gloss" "lsp")))

(defun gloss--execute (command &optional arguments)
  "Run the Gloss server COMMAND with ARGUMENTS (a vector) and report its result."
  (let* ((server (or (eglot-current-server)
                     (user-error "Gloss is not running in this buffer (M-x eglot)")))
         (params (if arguments
                     (list :command command :arguments arguments)
                   (list :command command)))
         (result (jsonrpc-request server :workspace/executeCommand params))
         (uri (and (listp result) (plist-get result :uri))))
    (when uri
      (message "%s: %s" command (if (fboundp 'eglot-uri-to-path)
                                     (eglot-uri-to-path uri)
                                   (eglot--uri-to-path uri))))
    result))

(defun gloss--uri ()
  "The URI of the current buffer's file."
  (let ((file (or buffer-file-name (user-error "This buffer has no file"))))
    ;; Eglot 1.16 (Emacs 30) made these public; Emacs 29 has only the internal names.
    (if (fboundp 'eglot-path-to-uri) (eglot-path-to-uri file) (eglot--path-to-uri file))))

(defun gloss--position (point)
  "The LSP position of POINT in the current buffer, in the negotiated encoding."
  (eglot--pos-to-lsp-position point))

(defun gloss-export (format)
  "Export the current note in FORMAT (markdown, html, pandoc or json)."
  (interactive (list (completing-read "Format: " '("markdown" "html" "pandoc" "json") nil t nil nil "markdown")))
  (gloss--execute "gloss.export" (vector (list :uri (gloss--uri) :format format))))

(defun gloss-export-notebook (tag format)
  "Export every note tagged TAG, in title order, as one file in FORMAT."
  (interactive (list (read-string "Tag: ")
                     (completing-read "Format: " '("markdown" "html" "pandoc" "json") nil t nil nil "markdown")))
  (gloss--execute "gloss.export" (vector (list :tag tag :format format))))

(defun gloss-save-as-note (start end title)
  "Save the region from START to END as a new note, titled TITLE when not empty."
  (interactive (list (region-beginning) (region-end) (read-string "Title (empty: the first line): ")))
  (let ((argument (list :uri (gloss--uri)
                        :range (list :start (gloss--position start) :end (gloss--position end)))))
    (unless (string-empty-p title)
      (setq argument (append argument (list :title title))))
    (gloss--execute "gloss.saveAsNote" (vector argument))))

(defun gloss-convert-to-source ()
  "Make the current note a source document."
  (interactive)
  (gloss--execute "gloss.convertToSource" (vector (list :uri (gloss--uri)))))

(defun gloss-new-note (title)
  "Make a new empty note titled TITLE."
  (interactive "sTitle: ")
  (gloss--execute "gloss.newNote" (vector (list :title title))))

(defun gloss-reindex ()
  "Re-read the whole workspace."
  (interactive)
  (gloss--execute "gloss.reindex"))

;; Find in sources: `gloss.find' as an xref list.
(require 'xref)
(require 'url-parse)
(require 'url-util)

(defun gloss--uri-path (uri)
  "The file path of the `file://' URI, its percent-encoded UTF-8 decoded.
Older Eglot leaves a non-ASCII path as raw bytes, so the URI is decoded here."
  (let ((raw (url-unhex-string (url-filename (url-generic-parse-url uri)))))
    ;; Each %XX became a raw byte: together they are the path's UTF-8 bytes.
    (condition-case nil
        (decode-coding-string (string-to-unibyte raw) 'utf-8)
      (error raw))))

(defun gloss--find-xrefs (phrase)
  "The places in the sources holding PHRASE, as xref items.
When PHRASE is nowhere, the closest passages."
  (let ((places (gloss--execute "gloss.find" (vector (list :text phrase)))))
    (mapcar
     (lambda (place)
       (let* ((uri (plist-get place :uri))
              (start (plist-get (plist-get place :range) :start))
              (likeness (plist-get place :likeness))
              (summary (concat (if (and (numberp likeness) (< likeness 1))
                                   (format "%d%% alike " (round (* 100 likeness)))
                                 "")
                               (or (plist-get place :citation) "")
                               " "
                               (plist-get place :context))))
         (xref-make summary
                    (xref-make-file-location
                     (gloss--uri-path uri)
                     ;; xref lines are 1-based; its columns are characters, near enough to LSP's.
                     (1+ (plist-get start :line))
                     (plist-get start :character)))))
     (append places nil))))

(defun gloss-find (phrase)
  "Show every place in the sources' text holding PHRASE, with its citation.
When it occurs nowhere, the closest passages are listed with how alike they
are.  Interactively, the region's text is offered."
  (interactive
   (list (read-string "Find in sources: "
                      (when (use-region-p)
                        (string-trim (replace-regexp-in-string
                                      "[ \t\n]+" " "
                                      (buffer-substring-no-properties (region-beginning) (region-end))))))))
  (let ((xrefs (gloss--find-xrefs phrase)))
    (if (null xrefs)
        (message "gloss: \"%s\" is in no source" phrase)
      (xref-show-xrefs (lambda () xrefs) nil))))

(provide 'gloss)
;;; gloss.el ends here
