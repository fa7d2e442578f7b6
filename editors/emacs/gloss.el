;;; gloss.el --- Gloss language server for Markdown research notes via Eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Keywords: languages, markdown, bibliography
;; Package-Requires: ((emacs "28.2") (eglot "1.9"))

;;; Commentary:

;; Registers `gloss lsp' with Eglot for `markdown-mode' (and the modes
;; derived from it, such as `gfm-mode') and adds commands that call the
;; server's commands through `workspace/executeCommand'.  Load it, then run
;; `M-x eglot' in a Markdown buffer (or add `eglot-ensure' to
;; `markdown-mode-hook').
;;
;; Besides registering the server, this file makes up for what Eglot 1.9
;; lacks, for Gloss's server only:
;;
;; - the workspace root: a note in a folder without version control gets
;;   the folder holding `.gloss.json' or `_quarto.yml' (else the nearest
;;   folder holding a bibliography or a `sources' folder) as its project
;;   root, not its own folder;
;; - file operations: Eglot 1.9 cannot create or rename files, so renaming a
;;   note, "create the missing note" and the new notes of `gloss-save-as-note'
;;   are carried out here (a file is never replaced, and a buffer visiting a
;;   renamed file follows it);
;; - the note a command creates is opened (Eglot 1.9 has no
;;   `window/showDocument');
;; - `gloss-apply-edits-without-asking' applies Gloss's edits without the
;;   "Server wants to edit" prompt.

;;; Code:

(require 'cl-lib)
(require 'eglot)
(require 'jsonrpc)
(require 'project)
(require 'seq)
(require 'subr-x)
(require 'url-parse)
(require 'url-util)
(require 'xref)

(defgroup gloss nil
  "Gloss, the language server for Markdown research notes, in Eglot."
  :group 'tools
  :prefix "gloss-")

(defcustom gloss-command '("gloss" "lsp")
  "The command that starts the Gloss language server: a program and its arguments.
Use the program's full path when `gloss' is not on the variable
`exec-path'.  Takes effect the next time the server starts
\(\\[eglot-reconnect])."
  :type '(repeat string))

(defcustom gloss-apply-edits-without-asking nil
  "Non-nil means apply Gloss's edits without asking first.
Eglot asks \"Server wants to edit … Proceed?\" before a server's edit when
`eglot-confirm-server-initiated-edits' is set, and always when the edit touches
a file no buffer visits (a key renamed across notes that are not open, say).
With this option on, edits from the Gloss server (rename, quick fixes and
commands) are applied at once, for those files too."
  :type 'boolean)

(defcustom gloss-save-after-edit 'created
  "Which buffers to save after Gloss's edits are applied.
`created': the files the edit created (a new note, a source stub), so that
they are on disk with their contents at once.  t: every buffer the edit
changed.  nil: none; the edited buffers are left modified, as Eglot does."
  :type '(choice (const :tag "Files the edit created" created)
                 (const :tag "Every buffer the edit changed" t)
                 (const :tag "None" nil)))

(defcustom gloss-open-new-notes t
  "Non-nil means visit the note a command makes.
`gloss-save-as-note', `gloss-new-note' and `gloss-convert-to-source' (and the
same commands from code actions) answer with the file they made; it is shown
in another window."
  :type 'boolean)

(defcustom gloss-find-workspace-root t
  "Non-nil means find a note's workspace root the way Gloss does.
For a Markdown buffer, Eglot's project root is the nearest folder holding
`.gloss.json' or `_quarto.yml', else the nearest folder (below the
version-control root) holding a `.bib' or `.csl.json' file or a `sources'
folder, else what `project.el' finds (the version-control root).
Without this, a note in a folder without version control gets its own
folder as the root, and the bibliography beside it is not seen."
  :type 'boolean)

(defconst gloss-export-formats '("markdown" "html" "pandoc" "json")
  "The formats of `gloss-export'.")

;;;; The server class

(defclass gloss-server (eglot-lsp-server) ()
  "The Gloss language server."
  :documentation "The Gloss language server.")

(defun gloss--missing-program ()
  "A message saying why `gloss-command' cannot start, or nil when it can."
  (let ((program (car gloss-command)))
    (unless (and (stringp program)
                 (if (file-name-absolute-p program)
                     (file-executable-p program)
                   (executable-find program)))
      (format-message
       (concat "Gloss: cannot start the language server: `%s' is not an executable"
               (if (file-name-absolute-p (format "%s" program)) "" " on `exec-path'")
               ".  Put gloss on your PATH or set `gloss-command' to its full path "
               "(M-x customize-option RET gloss-command), then M-x eglot")
       program))))

(defvar gloss--told-missing nil
  "Non-nil once `eglot-ensure' was skipped for a missing program and the user told.")

(defun gloss--ensure-advice (&rest _)
  "Before `eglot-ensure': skip it when Gloss's program is missing, and say so once.
Otherwise Eglot would fail in `post-command-hook', with a message that
starts with the hook's compiled code."
  (when-let* (((derived-mode-p 'markdown-mode))
              (missing (gloss--missing-program)))
    (unless gloss--told-missing
      (setq gloss--told-missing t)
      (display-warning 'gloss missing :error))
    t))

(advice-add 'eglot-ensure :before-until #'gloss--ensure-advice)

(defun gloss--contact (_interactive)
  "The contact for `eglot-server-programs'.
The `gloss-server' class, started with `gloss-command'; a `user-error'
saying what to set when its program is missing."
  (when-let ((missing (gloss--missing-program)))
    (user-error "%s" missing))
  (cons 'gloss-server gloss-command))

(add-to-list 'eglot-server-programs
             '((markdown-mode quarto-mode poly-markdown-mode poly-quarto-mode) . gloss--contact))

(defun gloss--server-p (server)
  "Non-nil when SERVER is a Gloss server."
  (and server (cl-typep server 'gloss-server)))

(cl-defmethod eglot-client-capabilities ((server gloss-server))
  "Eglot's capabilities for SERVER, with the file operations of this file."
  (let* ((capabilities (cl-call-next-method server))
         (workspace (copy-sequence (plist-get capabilities :workspace)))
         (edit (copy-sequence (plist-get workspace :workspaceEdit))))
    (unless (plist-get edit :resourceOperations)
      (setq edit (plist-put edit :resourceOperations ["create" "rename"])))
    (setq edit (plist-put edit :documentChanges t))
    (setq workspace (plist-put workspace :workspaceEdit edit))
    (plist-put (copy-sequence capabilities) :workspace workspace)))

;;;; Diagnostics of files no buffer visits

;; Gloss publishes the diagnostics of every note of the workspace, open or
;; not.  Eglot 1.9 looks up a visiting buffer for each (`find-buffer-visiting',
;; which resolves every folder of the name) and keeps those of unvisited files
;; in `flymake-list-only-diagnostics' by deleting the file's old entry from the
;; whole list first: on 10,000 notes, seconds after each start during which
;; every answer waits.  For Gloss's servers they are kept in a table instead,
;; and handed to that list once, when Emacs is idle or Flymake lists the
;; project's diagnostics (`flymake-show-project-diagnostics').

(defvar gloss--closed-diagnostics (make-hash-table :test #'equal)
  "Flymake diagnostics of the files no buffer visits, by absolute file name.
A file whose entry is nil has none any more (its entry in
`flymake-list-only-diagnostics' goes at the next hand-over).")

(defvar gloss--closed-diagnostics-timer nil
  "The idle timer that hands the kept diagnostics to Flymake, if one waits.")

(defun gloss--visiting-buffer (path)
  "The buffer visiting PATH, found by its name or by the file's inode."
  (or (get-file-buffer path)
      (let ((number (nthcdr 10 (file-attributes path))))
        (and (car-safe number)
             (seq-find (lambda (buffer) (equal (buffer-local-value 'buffer-file-number buffer) number))
                       (buffer-list))))))

(defvar gloss--closed-uri nil
  "The URI of the last diagnostics found to be of a file no buffer visits.")

(defun gloss--closed-file (uri)
  "The absolute file name of the file URI when no buffer visits it, else nil.
Remembered for the next call: the events buffer and the handler ask in turn."
  (if (and gloss--closed-uri (string= uri (car gloss--closed-uri)))
      (cdr gloss--closed-uri)
    (let* ((path (expand-file-name (gloss--uri-to-path uri)))
           (closed (and (not (gloss--visiting-buffer path)) path)))
      (setq gloss--closed-uri (cons uri closed))
      closed)))

(defun gloss--list-only-diagnostics (path diagnostics)
  "Flymake diagnostics of PATH, for listing only, from the LSP DIAGNOSTICS."
  (cl-loop
   for diagnostic across diagnostics
   collect (let* ((start (plist-get (plist-get diagnostic :range) :start))
                  (severity (plist-get diagnostic :severity))
                  (code (plist-get diagnostic :code)))
             (flymake-make-diagnostic
              path (cons (1+ (plist-get start :line)) (1+ (plist-get start :character))) nil
              (cond ((or (null severity) (<= severity 1)) 'eglot-error)
                    ((= severity 2) 'eglot-warning)
                    (t 'eglot-note))
              (concat (plist-get diagnostic :source) (and code (format " [%s]" code)) ": "
                      (plist-get diagnostic :message))))))

(defun gloss--hand-over-closed-diagnostics (&rest _)
  "Put the kept diagnostics in `flymake-list-only-diagnostics'.
They replace the files' old entries there."
  (when gloss--closed-diagnostics-timer
    (cancel-timer gloss--closed-diagnostics-timer)
    (setq gloss--closed-diagnostics-timer nil))
  (when (> (hash-table-count gloss--closed-diagnostics) 0)
    (let ((kept nil))
      (dolist (entry flymake-list-only-diagnostics)
        (unless (gethash (car entry) gloss--closed-diagnostics 'absent)
          (push entry kept)))
      (setq kept (nreverse kept))
      (maphash (lambda (path diagnostics)
                 (when diagnostics (push (cons path diagnostics) kept)))
               gloss--closed-diagnostics)
      (clrhash gloss--closed-diagnostics)
      (setq flymake-list-only-diagnostics kept))))

(with-eval-after-load 'flymake
  (when (fboundp 'flymake--project-diagnostics)
    (advice-add 'flymake--project-diagnostics :before #'gloss--hand-over-closed-diagnostics)))

(defun gloss--log-event-advice (log connection message &rest args)
  "Call LOG with CONNECTION, MESSAGE and ARGS: not for closed files' diagnostics.
Eglot's events buffer pretty-prints every message, which for the
diagnostics of every note of the workspace costs more than all the rest;
those of files no buffer visits are left out of it."
  (unless (and (gloss--server-p connection)
               (equal (plist-get message :method) "textDocument/publishDiagnostics")
               (not (plist-get message :id))
               (let ((uri (plist-get (plist-get message :params) :uri)))
                 (and (stringp uri) (gloss--closed-file uri))))
    (apply log connection message args)))

(when (fboundp 'jsonrpc--log-event)
  (advice-add 'jsonrpc--log-event :around #'gloss--log-event-advice))

(defun gloss--filter-advice (filter process output)
  "Call FILTER with PROCESS and OUTPUT; for Gloss, without collecting garbage.
The diagnostics of every note, a notification each, made Emacs collect
garbage every few of them: a second or two of a large workspace's start."
  (if (gloss--server-p (process-get process 'jsonrpc-connection))
      (let ((gc-cons-threshold (max gc-cons-threshold (* 64 1024 1024))))
        (funcall filter process output))
    (funcall filter process output)))

(when (fboundp 'jsonrpc--process-filter)
  (advice-add 'jsonrpc--process-filter :around #'gloss--filter-advice))

(cl-defmethod eglot-handle-notification
  ((_server gloss-server) (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics
   &allow-other-keys)
  "Keep URI's DIAGNOSTICS aside if no buffer visits it, else give them to Eglot."
  (let ((path (gloss--closed-file uri)))
    (setq gloss--closed-uri nil)
    (if (not path)
        (progn
          ;; Its entry in Flymake's list, if any, goes at the next hand-over.
          (puthash (expand-file-name (gloss--uri-to-path uri)) nil gloss--closed-diagnostics)
          (cl-call-next-method))
      (puthash path (gloss--list-only-diagnostics path diagnostics) gloss--closed-diagnostics)
      (unless gloss--closed-diagnostics-timer
        (setq gloss--closed-diagnostics-timer
              (run-with-idle-timer 0.5 nil #'gloss--hand-over-closed-diagnostics))))))

;;;; Completion keys and the extracted texts

(defvar gloss-mode-map
  (let ((map (make-sparse-keymap)))
    ;; `M-TAB' is `ispell-complete-word' in text modes (Markdown's too) and
    ;; `flyspell-auto-correct-word' under Flyspell; in Gloss's buffers it
    ;; completes keys, note links and tags.  `C-M-i' is the same key where
    ;; the window manager takes `M-TAB' (and in a terminal).
    (define-key map (kbd "M-TAB") #'completion-at-point)
    (define-key map (kbd "C-M-i") #'completion-at-point)
    map)
  "Keys of `gloss-mode', Gloss's buffers' minor mode.")

(define-minor-mode gloss-mode
  "Gloss's keys in a buffer the Gloss server manages.
\<gloss-mode-map>\[completion-at-point] completes a citation key after `[@',
a note after `[[' and a tag after `#' (`completion-at-point', from
Eglot).
Turned on and off with Eglot's management of the buffer.  Its keys
take precedence over other minor modes' (Flyspell's `M-TAB')."
  :lighter nil
  :keymap gloss-mode-map
  (setq-local minor-mode-overriding-map-alist
              (assq-delete-all 'gloss-mode (copy-sequence minor-mode-overriding-map-alist)))
  (when gloss-mode
    (push (cons 'gloss-mode gloss-mode-map) minor-mode-overriding-map-alist)))

(defun gloss--managed-hook ()
  "Turn `gloss-mode' on while the Gloss server manages the buffer."
  (gloss-mode (if (and (bound-and-true-p eglot--managed-mode)
                       (gloss--server-p (eglot-current-server)))
                  1
                -1)))

(add-hook 'eglot-managed-mode-hook #'gloss--managed-hook)

(defun gloss--texts-folder ()
  "The folder of the texts Gloss extracted from PDFs and other documents."
  (file-name-as-directory
   (expand-file-name "gloss/texts" (let ((cache (getenv "XDG_CACHE_HOME")))
                                     (if (and cache (not (string-empty-p cache))) cache "~/.cache")))))

(defun gloss--extracted-text-read-only ()
  "Make a text Gloss extracted read-only (`find-file-hook').
Go to definition and `gloss-find' open a PDF's passages there; an edit
would change nothing but the cache."
  (when (and buffer-file-name
             (string-prefix-p (file-truename (gloss--texts-folder)) (file-truename buffer-file-name)))
    (setq buffer-read-only t)))

(add-hook 'find-file-hook #'gloss--extracted-text-read-only)

;;;; The workspace root

(defun gloss--markers-p (dir)
  "Non-nil when DIR has a bibliography or a `sources' folder."
  (or (file-directory-p (expand-file-name "sources" dir))
      (directory-files dir nil "\\.\\(bib\\|csl\\.json\\)\\'" t)))

(defun gloss--workspace-root (dir)
  "The Gloss workspace root for a file in DIR, or nil to leave it to `project.el'."
  (or (locate-dominating-file
       dir (lambda (d)
             (or (file-exists-p (expand-file-name ".gloss.json" d))
                 ;; A Quarto project: a chapter opened alone attaches at the book's root.
                 (file-exists-p (expand-file-name "_quarto.yml" d)))))
      (let ((top (locate-dominating-file dir ".git")))
        (locate-dominating-file
         dir (lambda (d)
               (and (or (null top) (file-in-directory-p top d))
                    (not (equal (file-name-as-directory (expand-file-name d))
                                (and top (file-name-as-directory (expand-file-name top)))))
                    (gloss--markers-p d)))))))

(defun gloss--project-find (dir)
  "A `project-find-functions' member: the Gloss workspace of DIR, for Eglot only."
  (when-let* ((gloss-find-workspace-root)
              ((bound-and-true-p eglot-lsp-context))
              ((derived-mode-p 'markdown-mode))
              (root (gloss--workspace-root dir)))
    (cons 'gloss-workspace (file-name-as-directory (expand-file-name root)))))

(cl-defmethod project-root ((project (head gloss-workspace)))
  "The root folder of a Gloss workspace PROJECT."
  (cdr project))

(add-hook 'project-find-functions #'gloss--project-find -50)

;;;; Applying Gloss's edits

(defun gloss--uri-to-path (uri)
  "The file name of the file URI, its %-escapes decoded as UTF-8."
  (when (keywordp uri) (setq uri (substring (symbol-name uri) 1)))
  (let ((path (if (string-prefix-p "file:///" uri)
                  (substring uri 7)
                (url-filename (url-generic-parse-url uri)))))
    (if (string-search "%" path)
        (decode-coding-string (url-unhex-string path) 'utf-8)
      path)))

(defun gloss--path-to-uri (path)
  "The file URI of PATH."
  (if (fboundp 'eglot-path-to-uri) (eglot-path-to-uri path) (eglot--path-to-uri path)))

(defun gloss--edit-operations (wedit)
  "The operations of the WorkspaceEdit WEDIT, in order.
Each is (edit PATH EDITS VERSION), (create PATH OPTIONS) or
\(rename OLD NEW OPTIONS)."
  (let ((changes (plist-get wedit :changes))
        (document-changes (plist-get wedit :documentChanges))
        (operations nil))
    (if document-changes
        (mapc (lambda (change)
                (pcase (plist-get change :kind)
                  ('nil
                   (let ((document (plist-get change :textDocument)))
                     (push (list 'edit (gloss--uri-to-path (plist-get document :uri))
                                 (plist-get change :edits) (plist-get document :version))
                           operations)))
                  ("create"
                   (push (list 'create (gloss--uri-to-path (plist-get change :uri))
                               (plist-get change :options))
                         operations))
                  ("rename"
                   (push (list 'rename (gloss--uri-to-path (plist-get change :oldUri))
                               (gloss--uri-to-path (plist-get change :newUri))
                               (plist-get change :options))
                         operations))
                  (kind (jsonrpc-error "Gloss: cannot apply a `%s' file operation" kind))))
              document-changes)
      (cl-loop for (uri edits) on changes by #'cddr
               do (push (list 'edit (gloss--uri-to-path uri) edits nil) operations)))
    (nreverse operations)))

(defun gloss--true-p (value)
  "Non-nil when the JSON VALUE is true."
  (and value (not (eq value :json-false))))

(defun gloss--check-operations (operations)
  "Signal an error unless all OPERATIONS can be carried out; return those to skip.
Nothing is ever replaced: a file to create, or the target of a rename,
must not exist (unless the operation says to ignore it), and a versioned
text edit must match the buffer's version."
  (let ((skip nil) (created nil) (moved nil))
    (dolist (operation operations)
      (pcase operation
        (`(create ,path ,options)
         (when (or (file-exists-p path) (member path created))
           (if (gloss--true-p (plist-get options :ignoreIfExists))
               (push operation skip)
             (jsonrpc-error "Gloss: `%s' already exists" path)))
         (push path created))
        (`(rename ,old ,new ,options)
         (unless (or (file-exists-p old) (member old created))
           (jsonrpc-error "Gloss: `%s' does not exist" old))
         (when (or (file-exists-p new) (member new created))
           (if (gloss--true-p (plist-get options :ignoreIfExists))
               (push operation skip)
             (jsonrpc-error "Gloss: `%s' already exists" new)))
         (push new created)
         (push old moved))
        (`(edit ,path ,_ ,version)
         (let ((buffer (find-buffer-visiting path)))
           (when (and version buffer
                      (not (equal version (buffer-local-value 'eglot--versioned-identifier buffer))))
             (jsonrpc-error "Gloss: `%s' changed since the edit was made" path))))))
    skip))

(defun gloss--confirm (operations)
  "Ask whether to apply OPERATIONS; signal an error when the answer is no."
  (unless (y-or-n-p
           (format "[gloss] Server wants to:\n  %s\nProceed? "
                   (mapconcat
                    (lambda (operation)
                      (pcase operation
                        (`(create ,path . ,_) (format "create %s" path))
                        (`(rename ,old ,new . ,_) (format "rename %s to %s" old new))
                        (`(edit ,path . ,_) (format "edit %s" path))))
                    operations "\n  ")))
    (jsonrpc-error "User cancelled server edit")))

(defun gloss--rename-file (old new)
  "Move the file OLD to NEW, which must not exist.
A buffer visiting OLD follows the file."
  (make-directory (file-name-directory new) t)
  (rename-file old new nil)
  (when-let ((buffer (find-buffer-visiting old)))
    (with-current-buffer buffer
      (let ((managed (bound-and-true-p eglot--managed-mode)))
        (when managed (eglot--signal-textDocument/didClose))
        (set-visited-file-name new t t)
        (when managed (eglot--signal-textDocument/didOpen))))))

(defun gloss--apply-workspace-edit (wedit confirm)
  "Apply the WorkspaceEdit WEDIT from Gloss: text edits, creations, renames.
When CONFIRM is non-nil, or text edits touch files no buffer visits, ask
first, unless `gloss-apply-edits-without-asking' is set."
  (let* ((operations (gloss--edit-operations wedit))
         (skip (gloss--check-operations operations))
         (operations (cl-remove-if (lambda (operation) (memq operation skip)) operations))
         (created (cl-loop for operation in operations
                           when (eq (car operation) 'create) collect (nth 1 operation)))
         (edited nil))
    (when (and (not gloss-apply-edits-without-asking)
               (or confirm
                   (cl-loop for (kind path) in operations
                            thereis (and (eq kind 'edit)
                                         (not (member path created))
                                         (not (find-buffer-visiting path))))))
      (gloss--confirm operations))
    (dolist (operation operations)
      (pcase operation
        (`(create ,path . ,_)
         (make-directory (file-name-directory path) t)
         ;; `excl': fails if the file appeared meanwhile, so nothing is ever replaced.
         (write-region "" nil path nil 'silent nil 'excl))
        (`(rename ,old ,new . ,_)
         (gloss--rename-file old new)
         (setq created (mapcar (lambda (path) (if (equal path old) new path)) created))
         (setq edited (mapcar (lambda (path) (if (equal path old) new path)) edited)))
        (`(edit ,path ,edits ,version)
         (with-current-buffer (find-file-noselect path)
           (eglot--apply-text-edits edits version))
         (cl-pushnew path edited :test #'equal))))
    (dolist (path (pcase gloss-save-after-edit
                    ('created created)
                    ('nil nil)
                    (_ (cl-union created edited :test #'equal))))
      (when-let ((buffer (find-buffer-visiting path)))
        (with-current-buffer buffer
          (when (buffer-modified-p) (save-buffer)))))
    (eglot--message "Edit successful!")))

(defun gloss--apply-workspace-edit-advice (apply wedit &rest args)
  "Around `eglot--apply-workspace-edit' (APPLY): apply Gloss's edits here.
WEDIT is the edit, ARGS the rest of Eglot's arguments (whether to confirm)."
  (if (gloss--server-p (eglot-current-server))
      (gloss--apply-workspace-edit wedit (car args))
    (apply apply wedit args)))

(advice-add 'eglot--apply-workspace-edit :around #'gloss--apply-workspace-edit-advice)

(cl-defmethod eglot-handle-request
  ((_server gloss-server) (_method (eql workspace/applyEdit)) &key _label edit)
  "Apply the server's EDIT (`workspace/applyEdit'), with its file operations."
  (gloss--apply-workspace-edit edit eglot-confirm-server-initiated-edits)
  `(:applied t))

;;;; Commands

(defconst gloss--commands-making-notes
  '("gloss.saveAsNote" "gloss.newNote" "gloss.convertToSource" "gloss.createLiteratureNote")
  "The server commands that answer with a note to visit.")

(defun gloss--visit-result (command result)
  "Visit the file in RESULT when COMMAND made a note, else name the file."
  (when-let* (((listp result))
              (uri (plist-get result :uri))
              ((stringp uri))
              (path (gloss--uri-to-path uri)))
    (cond ((and gloss-open-new-notes (member command gloss--commands-making-notes))
           (find-file-other-window path))
          ((equal command "gloss.openSource") (message "%s: %s" command uri))
          (t (message "%s: %s" command path)))))

(cl-defmethod eglot-execute-command ((server gloss-server) command arguments)
  "Run COMMAND with ARGUMENTS on SERVER, and visit the note it made."
  (let ((result (cl-call-next-method server command arguments)))
    (gloss--visit-result (format "%s" command) result)
    result))

(defun gloss--execute (command &optional arguments)
  "Run the Gloss server COMMAND with ARGUMENTS (a vector) and report its result."
  (let ((server (eglot-current-server)))
    (unless (gloss--server-p server)
      (user-error "Gloss is not running in this buffer (M-x eglot)"))
    (eglot-execute-command server command (or arguments []))))

(defun gloss--uri ()
  "The URI of the current buffer's file."
  (gloss--path-to-uri (or buffer-file-name (user-error "This buffer has no file"))))

(defun gloss--read-format ()
  "Ask for an export format."
  (completing-read "Format: " gloss-export-formats nil t nil nil "markdown"))

(defun gloss-export (format)
  "Export the current note in FORMAT (markdown, html, pandoc or json)."
  (interactive (list (gloss--read-format)))
  (gloss--execute "gloss.export" (vector (list :uri (gloss--uri) :format format))))

(defun gloss-export-notebook (tag format)
  "Export every note tagged TAG, in title order, as one file in FORMAT."
  (interactive (list (read-string "Tag: ") (gloss--read-format)))
  (gloss--execute "gloss.export" (vector (list :tag tag :format format))))

(defun gloss-save-as-note (start end title)
  "Save the region from START to END as a new note, titled TITLE when not empty."
  (interactive (list (region-beginning) (region-end) (read-string "Title (empty: the first line): ")))
  (let ((argument (list :uri (gloss--uri)
                        :range (list :start (eglot--pos-to-lsp-position start)
                                     :end (eglot--pos-to-lsp-position end)))))
    (unless (string-empty-p title)
      (setq argument (append argument (list :title title))))
    (gloss--execute "gloss.saveAsNote" (vector argument))))

(defun gloss-convert-to-source ()
  "Make the current note a source document (moved into the sources folder)."
  (interactive)
  (gloss--execute "gloss.convertToSource" (vector (list :uri (gloss--uri)))))

(defun gloss-new-note (title)
  "Make a new empty note titled TITLE, and visit it."
  (interactive "sTitle: ")
  (gloss--execute "gloss.newNote" (vector (list :title title))))

(defun gloss--shows-documents-p (server)
  "Whether Eglot shows the documents SERVER asks it to (`window/showDocument')."
  (plist-get (plist-get (plist-get (eglot-client-capabilities server) :window) :showDocument) :support))

(defun gloss-open-source (&optional target)
  "Open the source cited at point at the page its locator names.
In Zotero when it is a Zotero attachment, else in the PDF viewer
\(`browse-url'); TARGET \"zotero\", \"pdf\" or \"note\" (its literature
note, visited here) chooses."
  (interactive
   (list (let ((choice (completing-read "Open (RET: Zotero, else the PDF): " '("zotero" "pdf" "note") nil t)))
           (unless (string-empty-p choice) choice))))
  (let* ((server (eglot-current-server))
         (argument (list :uri (gloss--uri) :position (eglot--pos-to-lsp-position (point))))
         (result (gloss--execute "gloss.openSource"
                                 (vector (if target (append argument (list :target target)) argument))))
         (uri (and (listp result) (plist-get result :uri))))
    ;; An Eglot that shows documents itself has done so; an older one leaves it to this command.
    (when (and (stringp uri) (not (gloss--shows-documents-p server)))
      (if (equal target "note")
          (find-file-other-window (gloss--uri-to-path uri))
        (browse-url uri)))
    result))

(defun gloss-reindex ()
  "Re-read the whole workspace."
  (interactive)
  (gloss--execute "gloss.reindex"))

;;;; Find in sources: `gloss.find' as an xref list

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
                     (gloss--uri-to-path uri)
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
