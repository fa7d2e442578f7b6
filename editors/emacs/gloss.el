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

(provide 'gloss)
;;; gloss.el ends here
