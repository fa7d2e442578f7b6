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

;;; gloss-find-test.el ends here
