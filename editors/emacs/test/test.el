;;; test.el --- batch test of pgnls.el with eglot -*- lexical-binding: t; -*-

;; Run by .ci/editors:
;;
;;   emacs --batch -Q -l editors/emacs/test/test.el
;;
;; Environment: PGNLS_EMACS_DIR (editors/emacs), PGNLS_TEST_WORK (holds
;; illegal.pgn), PGNLS_TEST_RESULTS (result lines "pass|fail|skip TAB name
;; TAB detail").  pgnls must be on PATH.  Exit status 0 when nothing failed.

;;; Code:

(require 'cl-lib)

(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (when (file-directory-p dir)
    (add-to-list 'load-path dir)))
(add-to-list 'load-path (getenv "PGNLS_EMACS_DIR"))
(setq exec-path (append (split-string (or (getenv "PATH") "") path-separator) exec-path))

(defvar pgnls-test-results nil)

(defun pgnls-test-record (status name &optional detail)
  (push (format "%s\t%s\t%s" status name
                (replace-regexp-in-string "[\t\n\r]+" " " (format "%s" (or detail ""))))
        pgnls-test-results))

(defun pgnls-test-check (name ok &optional detail)
  (pgnls-test-record (if ok "pass" "fail") name detail)
  ok)

(defun pgnls-test-wait (pred &optional seconds)
  "Run the event loop until PRED returns non-nil or SECONDS pass."
  (let ((deadline (+ (float-time) (or seconds 15)))
        result)
    (while (and (not (setq result (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    result))

(defun pgnls-test-finish ()
  (with-temp-file (getenv "PGNLS_TEST_RESULTS")
    (insert (mapconcat #'identity (reverse pgnls-test-results) "\n") "\n"))
  (ignore-errors
    (let ((server (eglot-current-server)))
      (when server (eglot-shutdown server))))
  (kill-emacs (if (cl-some (lambda (l) (string-prefix-p "fail" l)) pgnls-test-results) 1 0)))

(defun pgnls-test-hover-text (contents)
  (cond ((stringp contents) contents)
        ((and (listp contents) (plist-get contents :value)) (plist-get contents :value))
        ((vectorp contents) (mapconcat #'pgnls-test-hover-text contents "\n"))
        (t (format "%s" contents))))

(defun pgnls-test-run ()
  (require 'pgnls)
  (setq eglot-sync-connect t)
  (pgnls-test-record "pass" "emacs and eglot"
                     (format "Emacs %s, eglot %s" emacs-version
                             (or (ignore-errors (pkg-info-version-info 'eglot))
                                 (and (locate-library "eglot")
                                      (file-name-nondirectory
                                       (directory-file-name
                                        (file-name-directory (locate-library "eglot"))))))))
  (find-file (expand-file-name "illegal.pgn" (getenv "PGNLS_TEST_WORK")))
  (pgnls-test-check "pgn-mode for *.pgn" (eq major-mode 'pgn-mode) major-mode)
  ;; In batch mode eglot-ensure waits for a command loop that never runs.
  (apply #'eglot--connect (eglot--guess-contact))
  (let ((server (pgnls-test-wait #'eglot-current-server 10)))
    (unless (pgnls-test-check "eglot connects to pgnls serve" server)
      (error "no server")))
  (let ((diag (pgnls-test-wait
               (lambda ()
                 (cl-find-if (lambda (d) (string-match-p "\\[illegal-move\\]" (flymake-diagnostic-text d)))
                             (flymake-diagnostics)))))
        (ke3 (save-excursion (goto-char (point-min)) (search-forward "Ke3") (match-beginning 0))))
    (pgnls-test-check "pgn: flymake shows illegal-move on Ke3"
                      (and diag (= (flymake-diagnostic-beg diag) ke3)
                           (eq (flymake-diagnostic-type diag) 'eglot-error))
                      (if diag (flymake-diagnostic-text diag)
                        (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) " | "))))
  (if (eglot--server-capable :hoverProvider)
      (progn
        (goto-char (point-min))
        (search-forward "$1")
        (backward-char 1)
        (let* ((result (jsonrpc-request (eglot-current-server) :textDocument/hover
                                        (eglot--TextDocumentPositionParams)))
               (text (pgnls-test-hover-text (plist-get result :contents))))
          (pgnls-test-check "pgn: hover on NAG $1 says \"good move\""
                            (string-match-p "good move" (downcase text))
                            (substring text 0 (min 120 (length text))))))
    (pgnls-test-record "skip" "pgn: hover on NAG $1" "server has no hoverProvider yet"))
  (find-file (expand-file-name "illegal.ctl-pgn" (getenv "PGNLS_TEST_WORK")))
  (pgnls-test-check "ctl-pgn-mode for *.ctl-pgn" (eq major-mode 'ctl-pgn-mode) major-mode))

(condition-case err
    (pgnls-test-run)
  (error (pgnls-test-record "fail" "test script error" (error-message-string err))))
(pgnls-test-finish)

;;; test.el ends here
