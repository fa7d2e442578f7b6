;;; gloss-test.el --- Gloss in a real Emacs with Eglot, headless  -*- lexical-binding: t; -*-

;; Run from the repository, after `swift build':
;;
;;   emacs --batch -q -l editors/emacs/test/gloss-test.el -f ert-run-tests-batch-and-exit
;;
;; `-q' skips the user's init file but keeps the site files, which activate
;; Debian's `elpa-eglot' and `elpa-markdown-mode'.  The server is
;; $GLOSS_BIN, else .build/debug/gloss.  Each test copies examples/research
;; into a temporary folder, loads gloss.el as editors/emacs/README.md says,
;; opens notes as a user would (`find-file', with `eglot-ensure' on
;; `markdown-mode-hook') and drives Eglot by letting its process and timers
;; run (`accept-process-output'), as the command loop would.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'subr-x)

(defconst gloss-test--repository
  (expand-file-name "../../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The repository's root.")

(defconst gloss-test--binary
  (or (getenv "GLOSS_BIN") (expand-file-name ".build/debug/gloss" gloss-test--repository))
  "The `gloss' executable under test.")

;; What an interactive Emacs does at start-up (batch Emacs does not): activate the installed packages, which
;; gives `.md' files `markdown-mode'.
(package-activate-all)

;; As editors/emacs/README.md says: gloss on `exec-path', gloss.el on `load-path', `eglot-ensure' for Markdown.
(add-to-list 'exec-path (file-name-directory gloss-test--binary))
(setenv "PATH" (concat (file-name-directory gloss-test--binary) path-separator (getenv "PATH")))
(defconst gloss-test--el-directory
  (or (getenv "GLOSS_EL_DIR") (expand-file-name "editors/emacs" gloss-test--repository))
  "The folder of the gloss.el under test.")
(add-to-list 'load-path gloss-test--el-directory)
(require 'gloss)
(add-hook 'markdown-mode-hook #'eglot-ensure)

(setq eglot-sync-connect t
      eglot-autoshutdown nil
      make-backup-files nil
      create-lockfiles nil)

;;;; Prompts

(defvar gloss-test--prompts nil "The y-or-n-p questions asked during a test, most recent first.")

(defun gloss-test--answer-yes (prompt &rest _)
  "Record PROMPT and answer yes: batch Emacs has no one to ask."
  (push prompt gloss-test--prompts)
  t)

(advice-add 'y-or-n-p :override #'gloss-test--answer-yes)

;;;; Workspaces, buffers, waiting

(defvar gloss-test--root nil "The temporary workspace of the running test.")

(defun gloss-test--wait (what predicate &optional seconds)
  "Let Emacs run (processes, timers) until PREDICATE is non-nil; fail naming WHAT after SECONDS (10)."
  (let ((deadline (+ (float-time) (or seconds 10)))
        (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (ert-fail (format "timed out waiting for %s" what)))))

(defun gloss-test--file (relative)
  "The absolute name of RELATIVE in the test's workspace."
  (expand-file-name relative gloss-test--root))

(defun gloss-test--open (relative)
  "Visit RELATIVE in the workspace as a user would, and wait until Gloss manages it."
  (let ((buffer (find-file (gloss-test--file relative))))
    ;; `eglot-ensure' connects from `post-command-hook', which a command would run.
    (run-hooks 'post-command-hook)
    (gloss-test--wait (format "Eglot to manage %s" relative)
                      (lambda () (buffer-local-value 'eglot--managed-mode buffer)))
    buffer))

(defun gloss-test--setup (&rest options)
  "Copy examples/research to a temporary folder; OPTIONS: `:git' makes it a repository, `:no-config' drops .gloss.json."
  (let ((dir (make-temp-file "gloss-emacs-" t)))
    (setq gloss-test--root (file-name-as-directory (expand-file-name "research" dir)))
    (copy-directory (expand-file-name "examples/research" gloss-test--repository) gloss-test--root nil t t)
    (when (memq :git options)
      (let ((default-directory gloss-test--root))
        (call-process "git" nil nil nil "init" "-q")))
    (when (memq :no-config options)
      (delete-file (gloss-test--file ".gloss.json")))
    (setq gloss-test--prompts nil)))

(defun gloss-test--teardown ()
  "Stop every server, close every file buffer, delete the workspace."
  (dolist (server (hash-table-values eglot--servers-by-project))
    (dolist (s server) (ignore-errors (eglot-shutdown s nil 2))))
  (clrhash eglot--servers-by-project)
  (dolist (buffer (buffer-list))
    (when (buffer-file-name buffer)
      (with-current-buffer buffer (set-buffer-modified-p nil))
      (kill-buffer buffer)))
  (when gloss-test--root
    (delete-directory (file-name-directory (directory-file-name gloss-test--root)) t))
  (setq gloss-test--root nil))

(defmacro gloss-test--with-workspace (options &rest body)
  "Run BODY in a fresh copy of the example workspace made with OPTIONS."
  (declare (indent 1))
  `(progn
     (apply #'gloss-test--setup ',options)
     (unwind-protect (progn ,@body) (gloss-test--teardown))))

(defun gloss-test--diagnostics ()
  "The current buffer's diagnostics as Flymake shows them: (LINE CODE-AND-MESSAGE) sorted."
  (flymake-start)
  (sort (mapcar (lambda (diagnostic)
                  (list (line-number-at-pos (flymake-diagnostic-beg diagnostic))
                        (flymake-diagnostic-text diagnostic)))
                (flymake-diagnostics))
        (lambda (a b) (< (car a) (car b)))))

(defun gloss-test--wait-diagnostics (what predicate)
  "Wait until the current buffer's diagnostics satisfy PREDICATE; return them."
  (let ((buffer (current-buffer)) (seen nil))
    (condition-case nil
        (gloss-test--wait what (lambda ()
                                 (with-current-buffer buffer
                                   (setq seen (gloss-test--diagnostics))
                                   (funcall predicate seen))))
      (ert-test-failed (ert-fail (format "timed out waiting for %s; diagnostics: %S" what seen))))
    seen))

(defun gloss-test--goto (text &optional offset)
  "Move point to the start of the first TEXT in the buffer, plus OFFSET."
  (goto-char (point-min))
  (search-forward text)
  (goto-char (+ (match-beginning 0) (or offset 0))))

(defun gloss-test--file-text (relative)
  "The text of RELATIVE on disk."
  (with-temp-buffer
    (insert-file-contents (gloss-test--file relative))
    (buffer-string)))

(defun gloss-test--codes (diagnostics)
  "The messages of DIAGNOSTICS, one string."
  (mapconcat #'cadr diagnostics "\n"))

(defconst gloss-test--expected-spacing-effect
  '((16 "gloss [unknown-source]: unknown source 'ebinghaus1885'")
    (21 "gloss [unresolved-locator]: cannot find 'p. 12' in 'ebbinghaus1885': page 12 is past the last page (4 pages)"))
  "The deliberate problems of notes/spacing-effect.md (see examples/research/README.md).")

;;;; The file itself

(ert-deftest gloss-el-compiles-without-warnings ()
  "gloss.el byte-compiles without a warning, as package managers compile it."
  (let* ((dir (make-temp-file "gloss-compile-" t))
         (copy (expand-file-name "gloss.el" dir))
         (byte-compile-error-on-warn t))
    (unwind-protect
        (progn
          (copy-file (expand-file-name "gloss.el" gloss-test--el-directory) copy)
          (should (byte-compile-file copy)))
      (delete-directory dir t))))

;;;; Attach and root

(ert-deftest gloss-attaches-at-the-repository-root ()
  "In a Git repository, Gloss manages the note with the repository as its root."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (should (equal (plist-get (eglot--server-info (eglot-current-server)) :name) "gloss"))
      (should (equal (project-root (eglot--project (eglot-current-server))) gloss-test--root))
      (should (equal (gloss-test--wait-diagnostics
                      "the example's two problems"
                      (lambda (d) (equal d gloss-test--expected-spacing-effect)))
                     gloss-test--expected-spacing-effect)))))

(ert-deftest gloss-finds-the-workspace-without-version-control ()
  "Without Git, the root is still the folder of .gloss.json, not the note's own folder: no false unknown sources."
  (gloss-test--with-workspace ()
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (should (equal (project-root (eglot--project (eglot-current-server))) gloss-test--root))
      (should (equal (gloss-test--wait-diagnostics
                      "the example's two problems"
                      (lambda (d) (equal d gloss-test--expected-spacing-effect)))
                     gloss-test--expected-spacing-effect)))))

(ert-deftest gloss-finds-the-workspace-by-its-bibliography ()
  "Without Git and without .gloss.json, the root is the nearest folder holding a bibliography."
  (gloss-test--with-workspace (:no-config)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (should (equal (project-root (eglot--project (eglot-current-server))) gloss-test--root))
      (should (gloss-test--wait-diagnostics
               "the example's two problems"
               (lambda (d) (equal d gloss-test--expected-spacing-effect)))))))

(ert-deftest gloss-finds-the-quarto-project-of-a-chapter-opened-alone ()
  "A chapter in a subfolder of a Quarto book gets the folder of _quarto.yml as its root: its labels and bibliography."
  (let* ((dir (make-temp-file "gloss-emacs-" t))
         (book (file-name-as-directory (expand-file-name "book" dir))))
    (unwind-protect
        (progn
          (make-directory (expand-file-name "chapters" book) t)
          (make-directory (expand-file-name "refs" book) t)
          (dolist (file '(("_quarto.yml" . "project:\n  type: book\nbook:\n  chapters:\n    - chapters/one.md\n    - chapters/two.md\nbibliography: refs/references.bib\n")
                          ("refs/references.bib" . "@book{smith2020, title = {Elephants}, year = 2020}\n")
                          ("chapters/herd.png" . "")
                          ("chapters/one.md" . "# One {#sec-one}\n\nAs [@smith2020] and @fig-herd show; @fig-hred is a typo.\n")
                          ("chapters/two.md" . "# Two {#sec-two}\n\n![A herd](herd.png){#fig-herd}\n")))
            (write-region (cdr file) nil (expand-file-name (car file) book) nil 'silent))
          (setq gloss-test--root book)
          (with-current-buffer (gloss-test--open "chapters/one.md")
            (should (equal (project-root (eglot--project (eglot-current-server))) book))
            (should (gloss-test--wait-diagnostics
                     "only the mistyped label"
                     (lambda (d) (equal (mapcar #'car d) '(3)))))
            (should (string-match-p "unknown-crossref" (gloss-test--codes (gloss-test--diagnostics))))))
      (gloss-test--teardown))))

;;;; Diagnostics

(ert-deftest gloss-diagnostics-follow-a-file-changed-on-disk ()
  "Adding the missing key to references.bib outside Emacs clears its unknown-source error."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (gloss-test--wait-diagnostics "the unknown source"
                                    (lambda (d) (string-match-p "ebinghaus1885" (gloss-test--codes d))))
      (write-region "\n@book{ebinghaus1885, author = {Ebbinghaus, H.}, title = {Typo}, year = 1885}\n"
                    nil (gloss-test--file "references.bib") t 'silent)
      (gloss-test--wait-diagnostics
       "the unknown source to go"
       (lambda (d) (not (string-match-p "unknown-source" (gloss-test--codes d))))))))

(ert-deftest gloss-keeps-a-closed-notes-diagnostics-aside ()
  "A note no buffer visits: Flymake's project list has its diagnostics, Eglot's events buffer does not log them, and
opening the note shows them."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (let* ((closed (gloss-test--file "notes/consolidation.md"))
             (listed (gloss-test--wait
                      "the closed note's diagnostics in Flymake's project list"
                      (lambda ()
                        (gloss--hand-over-closed-diagnostics)
                        (cdr (assoc closed flymake-list-only-diagnostics))))))
        (should (equal (mapcar #'flymake-diagnostic-text listed)
                       '("gloss [broken-link]: no note matches 'reconsolidation'")))
        (with-current-buffer (jsonrpc-events-buffer (eglot-current-server))
          (should (string-match-p "spacing-effect\\.md" (buffer-string)))
          (should-not (string-match-p "consolidation\\.md" (buffer-string))))
        (with-current-buffer (gloss-test--open "notes/consolidation.md")
          (gloss-test--wait-diagnostics "the opened note's diagnostics"
                                        (lambda (d) (string-match-p "broken-link" (gloss-test--codes d)))))))))

;;;; Completion

(defun gloss-test--complete (typed)
  "Type TYPED on a new line at the end of the note and complete it with `completion-at-point'; return the line."
  (goto-char (point-max))
  (insert "\nSee " typed)
  (completion-at-point)
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defun gloss-test--candidates (typed)
  "Type TYPED on a new line and return the candidates Eglot's completion table gives for it."
  (goto-char (point-max))
  (insert "\nSee " typed)
  (let* ((capf (eglot-completion-at-point))
         (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
         (probe (buffer-substring-no-properties start end)))
    (prog1 (mapcar #'substring-no-properties (all-completions probe table))
      (delete-region (line-beginning-position) (line-end-position))
      (delete-char -1))))

(ert-deftest gloss-completes-a-key-by-its-start ()
  "After `[@bart', completion gives bartlett1932."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (should (member "bartlett1932" (gloss-test--candidates "[@bart")))
      (should (equal (gloss-test--complete "[@bart") "See [@bartlett1932")))))

(ert-deftest gloss-completes-a-key-by-an-author-name ()
  "After `[@Pilz' (Pilzecker, the second author of muller1900), completion gives muller1900."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (should (member "muller1900" (gloss-test--candidates "[@Pilz")))
      (should (member "roediger1995" (gloss-test--candidates "[@McDermott")))
      (should (equal (gloss-test--complete "[@Pilz") "See [@muller1900")))))

(ert-deftest gloss-m-tab-completes-a-key-not-the-spelling ()
  "`M-TAB' and `C-M-i' complete `[@bart' in a Gloss buffer, even under Flyspell (its own `M-TAB')."
  (require 'flyspell)
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      ;; Flyspell's keymap is active as soon as its variable is set (it would need a spell checker to start).
      (setq-local flyspell-mode t)
      (should (eq (key-binding (kbd "M-TAB")) #'completion-at-point))
      (should (eq (key-binding (kbd "C-M-i")) #'completion-at-point))
      (should (bound-and-true-p gloss-mode))
      (goto-char (point-max))
      (insert "\nSee [@bart")
      (call-interactively (key-binding (kbd "M-TAB")))
      (should (equal (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                     "See [@bartlett1932"))
      (setq-local flyspell-mode nil)
      (eglot-shutdown (eglot-current-server))
      (should-not (bound-and-true-p gloss-mode))
      (should (eq (key-binding (kbd "M-TAB")) #'ispell-complete-word)))))

;;;; Hover, definition
;;;; Hover, definition

(ert-deftest gloss-hover-shows-the-cited-passage ()
  "ElDoc on `[@bartlett1932, § 2]', the citation of a quotation, starts with the verdict, then the quoted sentence."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-test--goto "[@bartlett1932, § 2]" 3)
      (let ((documentation nil))
        (eglot-hover-eldoc-function (lambda (doc &rest _) (setq documentation (or doc 'none))))
        (gloss-test--wait "the hover" (lambda () documentation))
        (should (stringp documentation))
        (should (string-prefix-p "✓ quotation found in 'bartlett1932' (bartlett1932.md), § 2" documentation))
        (should (string-match-p "With each reproduction the story grew shorter" documentation))
        (should (string-match-p "Remembering" documentation))))))

(ert-deftest gloss-definition-goes-to-the-passage ()
  "`xref-find-definitions' on `[@bartlett1932, § 2]' lands on section 2 of the source."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-test--goto "[@bartlett1932, § 2]" 3)
      (call-interactively #'xref-find-definitions)
      (should (equal (buffer-file-name) (gloss-test--file "sources/bartlett1932.md")))
      (should (string-prefix-p "## 2 Repeated reproduction"
                               (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))))

;;;; Rename

(ert-deftest gloss-renames-a-key-everywhere ()
  "`eglot-rename' of a cited key renames its citations and its BibTeX entry, asking once for the closed files."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-test--goto "[@bartlett1932, § 2]" 3)
      (eglot-rename "bartlett1932a")
      (should (string-match-p "\\[@bartlett1932a, § 2\\]" (buffer-string)))
      (should-not (string-match-p "bartlett1932\\b" (buffer-string)))
      ;; references.bib was not open: Eglot 1.9 asks about it; Gloss asks one question.
      (should (= (length gloss-test--prompts) 1))
      (with-current-buffer (find-buffer-visiting (gloss-test--file "references.bib"))
        (should (string-match-p "@book{bartlett1932a," (buffer-string)))))))

(ert-deftest gloss-applies-edits-without-asking-when-told ()
  "With `gloss-apply-edits-without-asking', a rename touching closed files asks nothing."
  (gloss-test--with-workspace (:git)
    (let ((gloss-apply-edits-without-asking t)
          (eglot-confirm-server-initiated-edits 'confirm))
      (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
        (gloss-test--goto "[@bartlett1932, § 2]" 3)
        (eglot-rename "bartlett1932a")
        (should (string-match-p "\\[@bartlett1932a, § 2\\]" (buffer-string)))
        (with-current-buffer (find-buffer-visiting (gloss-test--file "references.bib"))
          (should (string-match-p "@book{bartlett1932a," (buffer-string))))
        ;; Server-initiated edits (commands) ask nothing either.
        (should (file-exists-p (gloss-test--result-path (gloss-new-note "Quiet note"))))
        (should (null gloss-test--prompts))))))

;; A Zotero export kept outside the workspace: the rename changes the notes and never the export, and says so.
(ert-deftest gloss-rename-leaves-an-outside-zotero-export-alone ()
  "A key rename with the bibliography outside the workspace renames the citations and tells the user to rename the
key in Zotero; the export is not touched, and no buffer visits it (nor a made-up path under the workspace)."
  (gloss-test--with-workspace (:git)
    (let* ((zotero (expand-file-name "Zotero" (file-name-directory (directory-file-name gloss-test--root))))
           (library (expand-file-name "library.bib" zotero))
           (messages-start (with-current-buffer (messages-buffer) (point-max))))
      (make-directory zotero t)
      (rename-file (gloss-test--file "references.bib") library)
      (with-temp-file (gloss-test--file ".gloss.json")
        (insert (format "{\"notes\": [\"notes/**/*.md\"], \"sources\": [\"sources\"], \"bibliography\": [%S, \"references.csl.json\"]}"
                        library)))
      (let ((before (with-temp-buffer (insert-file-contents library) (buffer-string))))
        (with-current-buffer (gloss-test--open "notes/false-memories.md")
          (gloss-test--goto "[@roediger1995]" 3)
          (eglot-rename "roediger1995a")
          (should (string-match-p "\\[@roediger1995a\\]" (buffer-string)))
          (with-current-buffer (find-buffer-visiting (gloss-test--file "notes/reading-list.md"))
            (should (string-match-p "\\[@roediger1995a\\]" (buffer-string))))
          (should-not (find-buffer-visiting library))
          (should-not (cl-find-if (lambda (buffer) (string-match-p "Zotero" (or (buffer-file-name buffer) "")))
                                  (buffer-list)))
          (should (equal (with-temp-buffer (insert-file-contents library) (buffer-string)) before))
          (should (gloss-test--wait
                   "the message about the export"
                   (lambda ()
                     (with-current-buffer (messages-buffer)
                       (string-match-p (regexp-quote (format "'%s' is outside the workspace" library))
                                       (buffer-substring messages-start (point-max))))))))))))

(ert-deftest gloss-renames-a-note-and-moves-its-file ()
  "`eglot-rename' on a link renames the note: the file moves, its buffer follows, links change."
  (gloss-test--with-workspace (:git)
    (let ((gloss-apply-edits-without-asking t)
          (old (gloss-test--file "notes/war-of-the-ghosts.md"))
          (new (gloss-test--file "notes/ghost-war.md")))
      (let ((note (gloss-test--open "notes/war-of-the-ghosts.md")))
        (with-current-buffer (gloss-test--open "notes/index.md")
          (gloss-test--goto "[[war-of-the-ghosts|" 3)
          (eglot-rename "ghost-war")
          (should (string-match-p "\\[\\[ghost-war|Bartlett's ghosts\\]\\]" (buffer-string))))
        (should-not (file-exists-p old))
        (should (file-exists-p new))
        (should (equal (buffer-file-name note) new))
        (should (string-match-p "^title: The War of the Ghosts" (gloss-test--file-text "notes/ghost-war.md")))
        (with-current-buffer (find-buffer-visiting (gloss-test--file "notes/forgetting-curve.md"))
          (should (string-match-p "\\[\\[ghost-war#Repeated reproduction\\]\\]" (buffer-string))))
        ;; The server follows: the moved note is still known, and its citations still resolve.
        (with-current-buffer note
          (gloss-test--goto "[@bartlett1932, § 2]" 3)
          (call-interactively #'xref-find-definitions)
          (should (equal (buffer-file-name) (gloss-test--file "sources/bartlett1932.md"))))))))

;;;; Quick fix

(ert-deftest gloss-quick-fix-creates-the-missing-note ()
  "The quick fix on `[[reconsolidation]]' creates notes/inbox/reconsolidation.md (newNoteDir) and the error goes."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/consolidation.md")
      (gloss-test--wait-diagnostics "the broken link"
                                    (lambda (d) (string-match-p "broken-link" (gloss-test--codes d))))
      (gloss-test--goto "[[reconsolidation]]" 3)
      (let* ((actions (eglot-code-actions (point) (point)))
             (titles (mapcar (lambda (action) (plist-get action :title)) actions))
             (create (cl-find-if (lambda (title) (string-match-p "reconsolidation" title)) titles)))
        (should create)
        ;; As a user picks it from the menu (after a key, not a mouse click).
        (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) create))
                  (last-nonmenu-event ?\M-a))
          (call-interactively #'eglot-code-actions)))
      (should (string-match-p "title: reconsolidation" (gloss-test--file-text "notes/inbox/reconsolidation.md")))
      (gloss-test--wait-diagnostics "the broken link to go"
                                    (lambda (d) (not (string-match-p "broken-link" (gloss-test--codes d))))))))

;;;; Commands

(defun gloss-test--result-path (result)
  "The file named by a command's RESULT (its `:uri')."
  (should (plist-get result :uri))
  (gloss--uri-to-path (plist-get result :uri)))

(ert-deftest gloss-new-note-makes-and-opens-the-note ()
  "`gloss-new-note' makes a note in notes/inbox (the example's newNoteDir) and visits it."
  (gloss-test--with-workspace (:git)
    (let ((path (with-current-buffer (gloss-test--open "notes/index.md")
                  (gloss-test--result-path (gloss-new-note "Retrieval practice")))))
      (should (string-prefix-p (gloss-test--file "notes/inbox/") path))
      (should (file-exists-p path))
      (should (equal (buffer-file-name (window-buffer (selected-window))) path))
      (should (string-match-p "title: Retrieval practice" (gloss-test--file-text path))))))

(ert-deftest gloss-literature-note-is-made-and-opened-from-a-citation ()
  "`gloss.createLiteratureNote' writes the source's literature note and visits it; `gloss-open-source' opens it
again from a citation, and says why a source without a PDF cannot be opened at the page."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-test--goto "[@bartlett1932, § 2]" 3)
      (let* ((citing (current-buffer))
             (note (gloss-test--result-path
                    (gloss--execute "gloss.createLiteratureNote" (vector (list :key "bartlett1932"))))))
        (should (file-exists-p note))
        (should (string-match-p "^citekey: bartlett1932$" (gloss-test--file-text note)))
        (should (equal (buffer-file-name (window-buffer (selected-window))) note))
        (with-current-buffer citing
          (let ((opened nil))
            (cl-letf (((symbol-function 'browse-url) (lambda (url &rest _) (setq opened url))))
              (gloss-test--goto "[@bartlett1932, § 2]" 3)
              (should (string-match-p "'bartlett1932' has no PDF"
                                      (format "%S" (should-error (gloss-open-source "pdf")))))
              (should-not opened))
            (delete-other-windows)
            (gloss-test--goto "[@bartlett1932, § 2]" 3)
            (gloss-open-source "note")
            (should (equal (buffer-file-name (window-buffer (selected-window))) note))))))))

(ert-deftest gloss-save-as-note-moves-the-region-and-opens-the-note ()
  "`gloss-save-as-note' makes a note of the region, links it in its place, and visits it."
  (gloss-test--with-workspace (:git)
    (let ((gloss-apply-edits-without-asking t))
      (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
        (gloss-test--goto "Two young men")
        (let ((start (point)))
          (gloss-test--goto "[@bartlett1932, § 1]." 21)
          (let ((path (gloss-test--result-path (gloss-save-as-note start (point) "The ghost story"))))
            ;; The new note is shown, with the region's text, on disk.
            (should (equal (buffer-file-name (window-buffer (selected-window))) path))
            (should (string-match-p "Two young men" (gloss-test--file-text path)))
            (should (string-match-p "origin: \"?\\[\\[war-of-the-ghosts\\]\\]" (gloss-test--file-text path))))))
      ;; In the note, a link to it replaces the region.
      (with-current-buffer (find-buffer-visiting (gloss-test--file "notes/war-of-the-ghosts.md"))
        (should (string-match-p "\\[\\[The ghost story\\]\\]" (buffer-string)))
        (should-not (string-match-p "Two young men" (buffer-string)))))))

(ert-deftest gloss-convert-to-source-moves-the-buffer-with-the-file ()
  "`gloss-convert-to-source' moves the note into sources/ and the buffer follows, so saving cannot recreate it."
  (gloss-test--with-workspace (:git)
    (let ((gloss-apply-edits-without-asking t))
      (with-current-buffer (gloss-test--open "notes/transience.md")
        (gloss-convert-to-source)
        (should (equal (buffer-file-name) (gloss-test--file "sources/transience.md")))
        (save-buffer))
      (should-not (file-exists-p (gloss-test--file "notes/transience.md")))
      (should (string-match-p "^id: transience" (gloss-test--file-text "sources/transience.md"))))))

(ert-deftest gloss-exports-a-note-and-a-notebook ()
  "`gloss-export' and `gloss-export-notebook' write into exportDir."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (let ((page (gloss-test--result-path (gloss-export "html"))))
        (should (string-prefix-p (gloss-test--file "export/") page))
        (should (string-match-p "<html" (gloss-test--file-text page))))
      (let ((notebook (gloss-test--result-path (gloss-export-notebook "bartlett" "markdown"))))
        (should (string-prefix-p (gloss-test--file "export/") notebook))
        (should (string-match-p "War of the Ghosts" (gloss-test--file-text notebook)))))))

(ert-deftest gloss-find-lists-the-places-in-the-sources ()
  "`gloss-find' lists the place of a phrase in the sources, with the citation that points there."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-find "wrote it out from memory after about fifteen minutes"))
    (with-current-buffer (get-buffer "*xref*")
      (should (string-match-p "bartlett1932\\.md" (buffer-string)))
      (should (string-match-p "\\[@bartlett1932, " (buffer-string)))
      (goto-char (point-min))
      (xref-next-line)
      (xref-goto-xref))
    ;; The jump lands on the passage in the source.
    (with-current-buffer (window-buffer (selected-window))
      (should (equal (buffer-file-name) (gloss-test--file "sources/bartlett1932.md")))
      (should (string-match-p "from memory after about fifteen minutes"
                              (buffer-substring-no-properties (line-beginning-position) (line-end-position 2)))))))

;; A source saved decomposed (NFD), with a line of Chinese: the phrases are found as typed (composed).
(ert-deftest gloss-find-finds-vietnamese-written-decomposed-and-chinese ()
  "`gloss-find' finds a composed Vietnamese phrase in a decomposed source, and a Chinese one, with their lines."
  (require 'ucs-normalize)
  (gloss-test--with-workspace (:git)
    (with-temp-file (gloss-test--file "sources/tran2020.txt")
      (set-buffer-file-coding-system 'utf-8-unix)
      (insert (ucs-normalize-NFD-string "Người kể nói: cộng đồng nhớ lại những gì đã mất.")
              "\n记忆不是录像，而是一种富有想象力的重建。\n"))
    (with-current-buffer (gloss-test--open "notes/war-of-the-ghosts.md")
      (gloss-reindex)
      (dolist (case '(("cộng đồng nhớ lại những gì" . "[@tran2020, l. 1]")
                      ("一种富有想象力的重建" . "[@tran2020, l. 2]")))
        (let ((summaries (mapcar #'xref-item-summary (gloss--find-xrefs (car case)))))
          (should (equal (length summaries) 1))
          (should (string-prefix-p (cdr case) (car summaries))))))))

(ert-deftest gloss-reindex-keeps-the-diagnostics ()
  "`gloss-reindex' re-reads the workspace; a file changed on disk is seen, and the diagnostics stay right."
  (gloss-test--with-workspace (:git)
    (with-current-buffer (gloss-test--open "notes/spacing-effect.md")
      (gloss-test--wait-diagnostics "the example's two problems"
                                    (lambda (d) (equal d gloss-test--expected-spacing-effect)))
      (gloss-reindex)
      (should (equal (gloss-test--wait-diagnostics "the same problems"
                                                   (lambda (d) (equal d gloss-test--expected-spacing-effect)))
                     gloss-test--expected-spacing-effect)))))

(provide 'gloss-test)
;;; gloss-test.el ends here
