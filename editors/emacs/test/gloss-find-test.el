;;; gloss-find-test.el --- `gloss-find' against a stand-in server  -*- lexical-binding: t; -*-

;; Run from the repository (no server needed: `gloss--execute' is replaced):
;;
;;   emacs --batch -q -L editors/emacs -l editors/emacs/test/gloss-find-test.el -f ert-run-tests-batch-and-exit

(require 'ert)
(require 'cl-lib)
;; What an interactive Emacs does at start-up: activate the installed packages (Debian's `elpa-eglot').
(package-activate-all)
(require 'gloss)

(defvar gloss-find-test--sent nil)
(defvar gloss-find-test--answer nil)

(defmacro gloss-find-test--with-server (&rest body)
  "Run BODY with `gloss--execute' answering `gloss-find-test--answer'."
  `(cl-letf (((symbol-function 'gloss--execute)
              (lambda (command arguments)
                (setq gloss-find-test--sent (list command arguments))
                gloss-find-test--answer)))
     ,@body))

(ert-deftest gloss-find-lists-each-place-as-an-xref ()
  (setq gloss-find-test--answer
        (vector (list :uri "file:///w/sources/tr%E1%BA%A7n.md"
                      :range (list :start (list :line 2 :character 13) :end (list :line 3 :character 15))
                      :citation "[@trần2020, ll. 3-4]" :context "Ký ức là một sự tái tạo đầy tưởng tượng."
                      :likeness 1)))
  (gloss-find-test--with-server
   (let ((xrefs (gloss--find-xrefs "sự tái tạo")))
     (should (equal gloss-find-test--sent (list "gloss.find" (vector (list :text "sự tái tạo")))))
     (should (= (length xrefs) 1))
     (should (equal (xref-item-summary (car xrefs))
                    "[@trần2020, ll. 3-4] Ký ức là một sự tái tạo đầy tưởng tượng."))
     (let ((location (xref-item-location (car xrefs))))
       (should (equal (xref-location-group location) "/w/sources/trần.md"))
       (should (= (xref-location-line location) 3))))))

(ert-deftest gloss-find-says-how-alike-the-closest-passages-are ()
  (setq gloss-find-test--answer
        (vector (list :uri "file:///w/sources/a.txt"
                      :range (list :start (list :line 0 :character 0) :end (list :line 0 :character 5))
                      :citation "[@a, l. 1]" :context "the saving method" :likeness 0.834)))
  (gloss-find-test--with-server
   (should (equal (xref-item-summary (car (gloss--find-xrefs "the savings method")))
                  "83% alike [@a, l. 1] the saving method"))))

(ert-deftest gloss-find-reports-a-phrase-found-nowhere ()
  (setq gloss-find-test--answer [])
  (gloss-find-test--with-server
   (should (null (gloss--find-xrefs "zyx")))
   (should (equal (gloss-find "zyx") "gloss: \"zyx\" is in no source"))))

(ert-deftest gloss-find-opens-extracted-text-read-only ()
  "A PDF's place opens in its extracted text in Gloss's cache, which is read-only; other files are not."
  (let* ((cache (make-temp-file "gloss-cache-" t))
         (process-environment (cons (concat "XDG_CACHE_HOME=" cache) process-environment))
         (text (expand-file-name "gloss/texts/1f2e3d.txt" cache))
         (other (expand-file-name "notes.txt" cache)))
    (unwind-protect
        (progn
          (make-directory (file-name-directory text) t)
          (write-region "Rivers and memory\n" nil text nil 'silent)
          (write-region "Mine\n" nil other nil 'silent)
          (setq gloss-find-test--answer
                (vector (list :uri (concat "file://" text)
                              :range (list :start (list :line 0 :character 11) :end (list :line 0 :character 17))
                              :citation "[@smith2020, p. 213]" :context "Rivers and memory" :likeness 1)))
          (gloss-find-test--with-server
           (let ((marker (xref-location-marker (xref-item-location (car (gloss--find-xrefs "memory"))))))
             (with-current-buffer (marker-buffer marker)
               (goto-char marker)
               (should (equal buffer-file-name text))
               (should (looking-at "memory"))
               (should buffer-read-only)
               (kill-buffer))))
          (with-current-buffer (find-file-noselect other)
            (should-not buffer-read-only)
            (kill-buffer)))
      (delete-directory cache t))))

(ert-deftest gloss-says-what-to-set-when-the-binary-is-missing ()
  "Starting Gloss without the `gloss' program is a `user-error' naming the program and `gloss-command'."
  (dolist (command '(("/no/such/folder/gloss" "lsp") ("gloss-not-installed-anywhere" "lsp")))
    (let* ((gloss-command command)
           (err (should-error (gloss--contact nil) :type 'user-error)))
      (should (string-match-p (regexp-quote (car command)) (cadr err)))
      (should (string-match-p "gloss-command" (cadr err)))))
  (let ((gloss-command (list (expand-file-name "emacs" invocation-directory) "lsp")))
    (should (equal (gloss--contact nil) (cons 'gloss-server gloss-command)))))

(ert-deftest gloss-ensure-says-once-when-the-binary-is-missing ()
  "`eglot-ensure' in a note without the `gloss' program warns once and starts nothing."
  (let ((gloss-command '("/no/such/folder/gloss" "lsp"))
        (gloss--told-missing nil)
        (warnings nil)
        (post-command-hook nil))
    (cl-letf (((symbol-function 'display-warning)
               (lambda (type message &optional level &rest _) (push (list type message level) warnings))))
      (with-temp-buffer
        (setq buffer-file-name "/tmp/gloss-find-test-note.md")
        (markdown-mode)
        (eglot-ensure)
        (eglot-ensure)
        (setq buffer-file-name nil)))
    ;; Eglot would connect from `post-command-hook'.
    (should-not (cl-some (lambda (f) (and (functionp f) (string-match-p "eglot--connect" (format "%S" f))))
                         post-command-hook))
    (should (= (length warnings) 1))
    (should (eq (nth 0 (car warnings)) 'gloss))
    (should (eq (nth 2 (car warnings)) :error))
    (should (string-match-p "‘/no/such/folder/gloss’ is not an executable" (nth 1 (car warnings))))))

;;; gloss-find-test.el ends here
