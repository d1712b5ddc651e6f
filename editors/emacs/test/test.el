;;; test.el --- batch test of pgnls.el with eglot -*- lexical-binding: t; coding: utf-8 -*-

;; Run by .ci/editors:
;;
;;   emacs --batch -Q -l editors/emacs/test/test.el
;;
;; Environment: PGNLS_EMACS_DIR (editors/emacs), PGNLS_TEST_WORK (holds
;; illegal.pgn, illegal.ctl-pgn, messy.pgn, broken.pgn and
;; broken.pgn.expected (pgnls fmt output), latin1.pgn, a Windows-1252
;; file, and utf8.pgn, the same text in UTF-8), PGNLS_TEST_RESULTS (result lines
;; "pass|fail|skip TAB name TAB detail").  pgnls must be on PATH.  Exit
;; status 0 when nothing failed.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

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

;; Hover on a move, for terminal clients: plain text, no Markdown, no
;; image; first a line that says in words what the move is ("Move 1. e4
;; — White pawn from e2 to e4."), which ElDoc shows in the echo area,
;; then the text board.
(defun pgnls-test-hover-looks-plain (text label)
  "Return nil if hover TEXT on the move LABEL (\"1. e4\") is fit for a
terminal, else why not."
  (let* ((lines (split-string (string-trim-left text) "\n"))
         (first (car lines)))
    (cond ((string-empty-p (string-trim text)) "empty")
          ((string-match-p "data:image" text) "holds a data:image")
          ((string-match-p "```" text) "holds a ``` fence")
          ((string-match-p "\\*\\*" text) "holds ** emphasis")
          ((string-match-p "`" text) "holds a ` code mark")
          ((string-match-p "^\\(---+\\||.*|\\)$" text) "holds a Markdown rule or table row")
          ((not (string-prefix-p (concat "Move " label " — ") first))
           (format "starts with %S, not \"Move %s — \"" first label))
          ((not (cl-some (lambda (l) (string-match-p "\\`8 [.A-Za-z]\\( [.A-Za-z]\\)\\{7\\}\\'" l)) (cdr lines)))
           "no text board after the first line"))))

(defun pgnls-test-file-bytes (file)
  "The bytes of FILE, as a unibyte string."
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert-file-contents-literally file)
    (buffer-string)))

(defun pgnls-test-diagnostic (code)
  "Wait for a Flymake diagnostic of CODE in the current buffer."
  (pgnls-test-wait
   (lambda ()
     (cl-find-if (lambda (d) (string-match-p (format "\\[%s\\]" code) (flymake-diagnostic-text d)))
                 (flymake-diagnostics)))))

(defun pgnls-test-raw-bytes-p ()
  "Non-nil when the current buffer holds raw bytes (undecoded)."
  (memq 'eight-bit (find-charset-region (point-min) (point-max))))

(defun pgnls-test-encoding (name coding text)
  "Open the file NAME, expect it read with CODING, save it, compare bytes.
TEXT must be in the buffer.  Also checks that eglot manages it and
shows the illegal move on Ke3."
  (let* ((file (expand-file-name name (getenv "PGNLS_TEST_WORK")))
         (before (pgnls-test-file-bytes file)))
    (find-file file)
    ;; eglot manages the buffer (find-file-hook); Flymake defers its first
    ;; check to the next command, which batch mode never runs.
    (when (pgnls-test-wait (lambda () (and (eglot-managed-p) flymake-mode)) 5)
      (flymake-start))
    (pgnls-test-check (format "%s: read as %s, no raw bytes" name coding)
                      (and (eq (coding-system-base buffer-file-coding-system) coding)
                           (not (pgnls-test-raw-bytes-p))
                           (save-excursion (goto-char (point-min)) (search-forward text nil t)))
                      (format "%s; %S" buffer-file-coding-system
                              (buffer-substring (point-min) (min (point-max) (+ (point-min) 40)))))
    (let ((diag (pgnls-test-diagnostic "illegal-move"))
          (ke3 (save-excursion (goto-char (point-min)) (search-forward "Ke3") (match-beginning 0))))
      (pgnls-test-check (format "%s: eglot shows illegal-move on Ke3 after non-ASCII text" name)
                        (and diag (eglot-managed-p) (= (flymake-diagnostic-beg diag) ke3))
                        (if diag (format "at %d, Ke3 at %d" (flymake-diagnostic-beg diag) ke3)
                          (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) " | "))))
    (set-buffer-modified-p t)
    (save-buffer)
    (pgnls-test-check (format "%s: saving writes the same bytes" name)
                      (equal (pgnls-test-file-bytes file) before)
                      (format "%S" (pgnls-test-file-bytes file)))
    (goto-char (point-max))
    (insert "{é}\n")
    (save-buffer)
    (let ((want (concat before (encode-coding-string "{é}\n" coding))))
      (pgnls-test-check (format "%s: an added é is saved in %s" name coding)
                        (equal (pgnls-test-file-bytes file) want)
                        (format "%S" (substring (pgnls-test-file-bytes file) -8))))
    (kill-buffer)))

(defun pgnls-test-board-has (lines)
  "Wait until the board buffer holds every line of LINES.
Return (OK . TEXT), TEXT being what the board shows."
  (let* ((text "")
         (ok (pgnls-test-wait
              (lambda ()
                (setq text (if (get-buffer "*pgnls board*")
                               (with-current-buffer "*pgnls board*" (buffer-string))
                             ""))
                (let ((shown (split-string text "\n")))
                  (cl-every (lambda (l) (member l shown)) lines)))
              5)))
    (cons ok text)))

(defun pgnls-test-board-whole ()
  "Return nil if the board window shows every line of the board whole,
else the first line it cuts.  A line is whole when it fits in the window
or when the window wraps long lines (`truncate-lines' off, and not
turned on by `truncate-partial-width-windows' for a narrow window)."
  (let* ((window (get-buffer-window "*pgnls board*"))
         (wraps (and window
                     (not (buffer-local-value 'truncate-lines (window-buffer window)))
                     (not (truncated-partial-width-window-p window)))))
    (if (not window)
        "no board window"
      (cl-find-if (lambda (l) (and (not wraps) (> (string-width l) (window-max-chars-per-line window))))
                  (split-string (with-current-buffer "*pgnls board*" (buffer-string)) "\n")))))

(defun pgnls-test-board ()
  "Check `pgnls-board' and the stepping commands on board.pgn.
Point moves by keyboard macros, which run commands through the command
loop as typed keys do, with `post-command-hook' (batch mode has no
command loop of its own)."
  (goto-char (point-min))
  (search-forward "1. e4")
  (backward-char 1)
  ;; A frame of 160 columns: the board window may grow to 80.
  (set-frame-size nil 160 40)
  (let ((pgn-window (selected-window))
        (start (point)))
    (pgnls-board)
    (let ((board-window (get-buffer-window "*pgnls board*")))
      (pgnls-test-check "board: pgnls-board shows the board in a side window, point stays in the PGN buffer"
                        (and board-window (window-parameter board-window 'window-side)
                             (eq (selected-window) pgn-window) (= (point) start))
                        (format "%S side %S, selected %S" board-window
                                (and board-window (window-parameter board-window 'window-side)) (selected-window))))
    (let ((r (pgnls-test-board-has
              '("4 . . . . P . . ."
                "Black to move · ply 1 · main line"
                "Eval 0.3 · clock 0:05:00"
                "FEN rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
                "> 1. e4"))))
      (pgnls-test-check "board: the side window shows the position after 1. e4, its eval and clock" (car r) (cdr r)))
    (let ((cut (pgnls-test-board-whole))
          (fen (with-current-buffer "*pgnls board*"
                 (goto-char (point-min))
                 (and (re-search-forward "^FEN .*$" nil t) (match-string 0))))
          (window (get-buffer-window "*pgnls board*")))
      (pgnls-test-check "board: the side window cuts no line (the FEN)" (null cut)
                        (format "%S in a window of %d columns" cut (window-max-chars-per-line window)))
      ;; It widens to the FEN line (64 columns), within half the frame.
      (pgnls-test-check "board: the side window widens to show the FEN line whole"
                        (and fen (<= (string-width fen) (window-max-chars-per-line window))
                             (<= (window-total-width window) 80))
                        (format "%d columns for %S" (window-max-chars-per-line window) fen)))
    ;; A later move, found with isearch: the board follows point.
    (execute-kbd-macro (kbd "C-s Nf3 RET"))
    (let ((r (pgnls-test-board-has
              '("3 . . . . . N . ."
                "FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
                "Arrows green f3-e5"
                "> 2. Nf3"))))
      (pgnls-test-check "board: moving point to 2. Nf3 shows its position" (car r) (cdr r)))
    ;; The stepping commands on the keys README.md suggests.
    (define-key pgn-mode-map (kbd "C-c C-n") #'pgnls-board-next)
    (define-key pgn-mode-map (kbd "C-c C-p") #'pgnls-board-previous)
    (let ((nc6 (save-excursion (goto-char (point-min)) (search-forward "Nc6") (match-beginning 0)))
          (nf3 (save-excursion (goto-char (point-min)) (search-forward "Nf3") (match-beginning 0))))
      (execute-kbd-macro (kbd "C-c C-n"))
      (pgnls-test-check "board: pgnls-board-next moves point to the next move, 2... Nc6"
                        (= (point) nc6) (format "point %d, Nc6 at %d" (point) nc6))
      (let ((r (pgnls-test-board-has
                '("FEN r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" "> 2... Nc6  (d6)"))))
        (pgnls-test-check "board: after pgnls-board-next the board shows 2... Nc6" (car r) (cdr r)))
      (execute-kbd-macro (kbd "C-c C-p"))
      (pgnls-test-check "board: pgnls-board-previous moves point back to 2. Nf3"
                        (= (point) nf3) (format "point %d, Nf3 at %d" (point) nf3)))
    ;; Another buffer in the window: the board follows it into a
    ;; C'escacs record, whose PDTL line is longer than any window.
    (execute-kbd-macro (kbd "C-x b illegal.ctl-pgn RET C-s H6-H12 RET"))
    (let ((r (pgnls-test-board-has '("Last move 1. H6-H12 (H6-H12)"))))
      (pgnls-test-check "board: follows point into a C'escacs record"
                        (and (car r) (string-match-p "^PDTL /28:" (cdr r))) (cdr r)))
    (let ((cut (pgnls-test-board-whole)))
      (pgnls-test-check "board: the side window cuts no line (the PDTL)" (null cut)
                        (format "%S in a window of %d columns" cut
                                (window-max-chars-per-line (get-buffer-window "*pgnls board*")))))
    ;; Killing the board buffer stops following point.
    (kill-buffer "*pgnls board*")
    (pgnls-test-check "board: killing the board buffer stops following point"
                      (not (memq 'pgnls--board-schedule post-command-hook))
                      (format "%S" post-command-hook))))

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
  ;; Hover on a move: eglot announces plaintext only, so the server must
  ;; send plain text, without the image and Markdown meant for VS Code.
  (goto-char (point-min))
  (search-forward "1. e4")
  (backward-char 1)
  (let* ((result (jsonrpc-request (eglot-current-server) :textDocument/hover
                                  (eglot--TextDocumentPositionParams)))
         (contents (plist-get result :contents))
         (text (pgnls-test-hover-text contents))
         (why (pgnls-test-hover-looks-plain text "1. e4")))
    (pgnls-test-check "pgn: hover on move e4 is plaintext"
                      (equal (plist-get contents :kind) "plaintext")
                      (format "kind %S" (plist-get contents :kind)))
    (pgnls-test-check "pgn: hover on move e4 has no image or Markdown, says what the move is first, then the board"
                      (null why)
                      (or why (substring text 0 (min 120 (length text))))))
  ;; The first line of a hover says in words what is under point: ElDoc
  ;; shows it in the echo area.
  (dolist (tc '(("1. e4" 3 "Move 1. e4 — White pawn from e2 to e4.")
                ("Ke3" 0 "Move 2. Ke3 — illegal here: no white king can reach e3; the white king is on e1.")
                ("$1" 1 "NAG $1 — good move (traditional \"!\"); the suffix ! stands for it.")
                ("[Event" 1 "Tag Event (Seven Tag Roster, tag 1 of 7) — Name of the tournament or match event.")
                ("\"*\"" 1 "Result * — unfinished, unknown or abandoned.")))
    (goto-char (point-min))
    (search-forward (car tc))
    (goto-char (+ (match-beginning 0) (nth 1 tc)))
    (let* ((result (jsonrpc-request (eglot-current-server) :textDocument/hover
                                    (eglot--TextDocumentPositionParams)))
           (first (car (split-string (pgnls-test-hover-text (plist-get result :contents)) "\n"))))
      (pgnls-test-check (format "pgn: the hover's first line on %s says what it is" (car tc))
                        (equal first (nth 2 tc))
                        (format "%S" first))))
  ;; What ElDoc shows in the echo area for the hover on a move, through
  ;; eglot's ElDoc function and ElDoc's echo area display: the first line
  ;; only, not a slice of the board with "(Documentation truncated…)".
  (goto-char (point-min))
  (search-forward "1. e4")
  (backward-char 1)
  (let ((doc nil) (shown nil))
    (eglot-hover-eldoc-function (lambda (info &rest plist) (setq doc (cons info plist))))
    (pgnls-test-wait (lambda () doc) 5)
    (cl-letf (((symbol-function 'eldoc--message) (lambda (s) (setq shown s))))
      (let ((this-command nil) (last-command 'next-line))
        (when doc (eldoc-display-in-echo-area (list doc) nil))))
    (pgnls-test-check "pgn: ElDoc's echo area shows the hover's first line only"
                      (equal shown "Move 1. e4 — White pawn from e2 to e4.")
                      (format "%S" shown)))
  ;; Tag completion leaves point inside the value's quotes (eglot 1.9
  ;; without yasnippet takes no snippets: a plain text edit).
  (find-file (expand-file-name "messy.pgn" (getenv "PGNLS_TEST_WORK")))
  (goto-char (point-min))
  (search-forward "[ECO ")
  (end-of-line)
  (insert "\n[Annot")
  (let ((done (completion-at-point))
        (line (buffer-substring (line-beginning-position) (point))))
    (pgnls-test-check "pgn: completing [Annot leaves point inside the quotes"
                      (and done (string-match-p "\\`\\[Annotator \"[^\"]*\\'" line))
                      (format "%S, then %S" line (buffer-substring (point) (line-end-position)))))
  (set-buffer-modified-p nil)
  (kill-buffer)
  ;; Formatting leaves a game with an illegal move as it is and says so.
  (find-file (expand-file-name "broken.pgn" (getenv "PGNLS_TEST_WORK")))
  (let* ((start (with-current-buffer (messages-buffer) (point-max)))
         ;; The message names the illegal move's line and column, not the
         ;; game's first line.
         (at (save-excursion (goto-char (point-min))
                             (search-forward "Ke3")
                             (goto-char (match-beginning 0))
                             (format "line %d, column %d: move Ke3 is not legal"
                                     (line-number-at-pos) (1+ (current-column))))))
    (eglot-format-buffer)
    (let ((message (pgnls-test-wait
                    (lambda ()
                      (with-current-buffer (messages-buffer)
                        (save-excursion
                          (goto-char start)
                          (and (re-search-forward "^.*left as it was.*$" nil t) (match-string 0)))))
                    5))
          (expected (with-temp-buffer
                      (insert-file-contents (expand-file-name "broken.pgn.expected" (getenv "PGNLS_TEST_WORK")))
                      (buffer-string))))
      (pgnls-test-check "pgn: eglot-format-buffer formats the other games and leaves the illegal one as it is"
                        (equal (buffer-string) expected)
                        (buffer-string))
      (pgnls-test-check "pgn: formatting says which game it left as it was, at the move that stopped it"
                        (and message (string-match-p (regexp-quote at) message))
                        (format "%s; want %s" (or message "no message") at))))
  (set-buffer-modified-p nil)
  (kill-buffer)
  ;; Encodings: a Windows-1252 file is read as such (not as raw bytes,
  ;; which eglot cannot send) and saved as such; UTF-8 stays UTF-8.
  (pgnls-test-encoding "latin1.pgn" 'windows-1252 "500 €\"]")
  (pgnls-test-encoding "utf8.pgn" 'utf-8 "Müller’s “idea”")
  ;; 81 is not a Windows-1252 character: ISO Latin-1 reads it as U+0081.
  (let ((coding-system-for-write 'no-conversion))
    (write-region (concat "[White \"M\374ller\"]\n\n1. e4 {\201} e5 2. Ke3 *\n") nil
                  (expand-file-name "c1.pgn" (getenv "PGNLS_TEST_WORK"))))
  (pgnls-test-encoding "c1.pgn" 'iso-latin-1 "{\u0081}")
  ;; The cap: 2,100 games with a missing roster tag each (warnings) and
  ;; an illegal move in the last one, 2,101 diagnostics.  eglot gets at
  ;; most 2,000, the illegal move among them, and a message gives the
  ;; true total.
  (let ((file (expand-file-name "big.pgn" (getenv "PGNLS_TEST_WORK")))
        (start (with-current-buffer (messages-buffer) (point-max))))
    (with-temp-file file
      (dotimes (_ 2099) (insert "[Event \"x\"]\n\n1. e4 e5 *\n\n"))
      (insert "[Event \"x\"]\n\n1. e4 Ke7 *\n"))
    (find-file file)
    (when (pgnls-test-wait (lambda () (and (eglot-managed-p) flymake-mode)) 5)
      (flymake-start))
    (let ((diag (pgnls-test-diagnostic "illegal-move"))
          (message (pgnls-test-wait
                    (lambda ()
                      (with-current-buffer (messages-buffer)
                        (save-excursion
                          (goto-char start)
                          (and (re-search-forward "^.*big\\.pgn has [0-9]+ diagnostics.*$" nil t)
                               (match-string 0)))))
                    15))
          (n (length (flymake-diagnostics))))
      (pgnls-test-check "cap: the illegal move at the end of a big file is shown"
                        (and diag (eq (flymake-diagnostic-type diag) 'eglot-error))
                        (format "%d diagnostics" n))
      ;; pgnls.el's pgnls-max-diagnostics (100), which eglot 1.9's null
      ;; answer to workspace/configuration must not undo.
      (pgnls-test-check "cap: 100 diagnostics published (pgnls-max-diagnostics)" (= n 100) n)
      (pgnls-test-check "cap: a message states the true total, 2101"
                        (and message (string-match-p "big\\.pgn has 2101 diagnostics; 100 are shown" message))
                        (or message "no message"))
      ;; M-x pgnls-update-settings reaches the server: eglot 1.9 answers
      ;; its workspace/configuration with null, so the settings of the
      ;; notification apply.
      (let ((pgnls-settings (append '(:maxDiagnostics 50) pgnls-settings)))
        (pgnls-update-settings)
        (pgnls-test-check "settings: pgnls-update-settings brings :maxDiagnostics 50"
                          (pgnls-test-wait (lambda () (= (length (flymake-diagnostics)) 50)) 15)
                          (length (flymake-diagnostics)))))
    (set-buffer-modified-p nil)
    (kill-buffer))
  (find-file (expand-file-name "illegal.ctl-pgn" (getenv "PGNLS_TEST_WORK")))
  (pgnls-test-check "ctl-pgn-mode for *.ctl-pgn" (eq major-mode 'ctl-pgn-mode) major-mode)
  ;; The board at point.
  (find-file (expand-file-name "board.pgn" (getenv "PGNLS_TEST_WORK")))
  (pgnls-test-wait #'eglot-managed-p 5)
  (if (eglot--server-capable :experimental :board)
      (pgnls-test-board)
    (pgnls-test-record "skip" "board: pgnls-board" "the server does not announce pgnls/board"))
  ;; The workspace search through xref, as xref-find-apropos and
  ;; xref-find-references ask eglot.
  (find-file (expand-file-name "board.pgn" (getenv "PGNLS_TEST_WORK")))
  (if (and (eglot--server-capable :workspaceSymbolProvider) (eglot--server-capable :referencesProvider))
      (pgnls-test-workspace)
    (pgnls-test-record "skip" "workspace: xref" "the server does not announce workspace symbols and references"))
  ;; Playing moves at point.
  (let ((file (expand-file-name "play.pgn" (getenv "PGNLS_TEST_WORK"))))
    (with-temp-file file
      (insert "[Event \"play\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
    (find-file file)
    (pgnls-test-wait #'eglot-managed-p 5)
    (if (eglot--server-capable :executeCommandProvider)
        (pgnls-test-play)
      (pgnls-test-record "skip" "pgnls-play" "the server does not announce pgnls.play")))
;; Playing moves in CTL-AN at point in a CTL-PGN record (C'escacs):
  ;; White's king and king's rook at home, a pawn one step from promotion.
  (let ((file (expand-file-name "play.ctl-pgn" (getenv "PGNLS_TEST_WORK"))))
    (with-temp-file file
      (insert "[Variant \"C'escacs\"]\n[Event \"play\"]\n[Site \"?\"]\n[Date \"2026-12-08\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
              "[PDTL \"/27:1k/26:1P1/3:3R/1:1K/ w KR- - 0 1\"]\n\n*\n"))
    (find-file file)
    (pgnls-test-wait #'eglot-managed-p 5)
    (if (eglot--server-capable :executeCommandProvider)
        (pgnls-test-play-ctl)
      (pgnls-test-record "skip" "pgnls-play in CTL-PGN" "the server does not announce pgnls.play")))
  ;; Copying the game at point without comments, variations, NAGs, clocks.
  (let ((file (expand-file-name "copy.pgn" (getenv "PGNLS_TEST_WORK"))))
    (with-temp-file file
      (insert "[Event \"copy\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
              "1. e4 { [%clk 0:05:00] best } e5 $1 (1... c5 { Sicilian }) *\n"))
    (find-file file)
    (pgnls-test-wait #'eglot-managed-p 5)
    (pgnls-test-copy)))

(defun pgnls-test-copy ()
  "Check `pgnls-copy-game' in copy.pgn."
  (goto-char (point-min))
  (search-forward "e5")
  (let ((tick (buffer-chars-modified-tick)))
    (dolist (tc '(("comments" "1. e4 e5 $1 (1... c5) *")
                  ("variations" "1. e4 {[%clk 0:05:00] best} 1... e5 $1 *")
                  ("nags" "1. e4 {[%clk 0:05:00] best} 1... e5 (1... c5 {Sicilian}) *")
                  ("clk,emt,eval" "1. e4 {best} 1... e5 $1 (1... c5 {Sicilian}) *")))
      (let ((text (condition-case err (pgnls-copy-game (car tc)) (error (format "error: %S" err)))))
        (pgnls-test-check (format "pgnls-copy-game %s puts the stripped game on the kill ring" (car tc))
                          (and (string-prefix-p "[Event \"copy\"]" (current-kill 0))
                               (string-match-p (regexp-quote (cadr tc)) (current-kill 0)))
                          text)))
    (pgnls-test-check "pgnls-copy-game leaves the buffer as it was"
                      (= tick (buffer-chars-modified-tick)) (buffer-string))))

(defun pgnls-test-xref-files (xrefs)
  "The names of the files of XREFS, sorted, without repeats."
  (sort (delete-dups (mapcar (lambda (x) (file-name-nondirectory (xref-location-group (xref-item-location x)))) xrefs))
        #'string<))

(defun pgnls-test-workspace ()
  "Check workspace symbols and references through xref's backend.
The index is built in the background: ask again until it answers."
  (let* ((backend (xref-find-backend))
         (symbols nil))
    (pgnls-test-wait (lambda () (setq symbols (xref-backend-apropos backend "fischer"))) 20)
    (pgnls-test-check "workspace: xref-find-apropos \"fischer\" finds the games of unopened files"
                      (and (>= (length symbols) 2) (member "messy.pgn" (pgnls-test-xref-files symbols)))
                      (pgnls-test-xref-files symbols))
    (goto-char (point-min))
    (search-forward "1. e4")
    (backward-char 1)
    (let (refs)
      (pgnls-test-wait (lambda ()
                         (setq refs (xref-backend-references backend (xref-backend-identifier-at-point backend)))
                         (>= (length refs) 4))
                       20)
      (pgnls-test-check "workspace: xref-find-references on 1. e4 lists the games reaching it, in unopened files"
                        (and (>= (length refs) 4) (member "illegal.pgn" (pgnls-test-xref-files refs)))
                        (format "%d in %S" (length refs) (pgnls-test-xref-files refs))))))

(defun pgnls-test-play ()
  "Check `pgnls-play' and its completion in play.pgn."
  (goto-char (point-min))
  (search-forward "e5")
  (backward-char 2)
  (let ((moves (pgnls--legal-moves)))
    (pgnls-test-check "pgnls-play completes the legal moves, SAN and UCI"
                      (and (member "Nf3" moves) (member "g1f3" moves) (not (member "Nf6" moves)))
                      (string-join moves " ")))
  (pgnls-play "Nf3")
  (pgnls-test-check "pgnls-play Nf3 at the end of the line appends 2. Nf3, point on it"
                    (and (string-match-p "1\\. e4 e5 2\\. Nf3 \\*" (buffer-string))
                         (looking-at "Nf3"))
                    (format "%S at %S" (buffer-string) (buffer-substring (point) (line-end-position))))
  (goto-char (point-min))
  (search-forward "1. e4")
  (backward-char 2)
  (pgnls-play "c7c5")
  (pgnls-test-check "pgnls-play c7c5 inside the line opens the variation (1... c5)"
                    (and (string-match-p "1\\. e4 e5 (1\\.\\.\\. c5) 2\\. Nf3 \\*" (buffer-string))
                         (looking-at "c5"))
                    (format "%S at %S" (buffer-string) (buffer-substring (point) (line-end-position))))
  (set-buffer-modified-p nil))

(defun pgnls-test-play-ctl ()
  "Check `pgnls-play' with moves in CTL-AN in play.ctl-pgn."
  (goto-char (point-min))
  (search-forward "\n*")
  (backward-char 1)
  (let ((moves (pgnls--legal-moves)))
    (pgnls-test-check "pgnls-play completes the CTL-AN moves of a C'escacs record, each once"
                      (and (member "KRK-HIO" moves) (member "F26-F28=R+^" moves)
                           (= 1 (seq-count (lambda (m) (equal m "KRK-HIO")) moves)))
                      (string-join moves " ")))
  (pgnls-play "KRK-HIO")
  (pgnls-test-check "pgnls-play KRK-HIO in a CTL-PGN record writes the castling as move 1, point on it"
                    (and (string-search "\n1. KRK-HIO:\n*" (buffer-string))
                         (looking-at "KRK-HIO"))
                    (format "%S at %S" (buffer-string) (buffer-substring (point) (line-end-position))))
  (goto-char (point-min))
  (search-forward "PDTL")
  (forward-line 1)
  (pgnls-play "F26-F28=R+^")
  (pgnls-test-check "pgnls-play F26-F28=R+^ at the start of the record opens the variation (1. F26-F28=R+^)"
                    (and (string-search "\n1. KRK-HIO:\n(1. F26-F28=R+^)\n*" (buffer-string))
                         (looking-at "F26-F28"))
                    (format "%S at %S" (buffer-string) (buffer-substring (point) (line-end-position))))
  (set-buffer-modified-p nil))

(condition-case err
    (pgnls-test-run)
  (error (pgnls-test-record "fail" "test script error" (error-message-string err))))
(pgnls-test-finish)

;;; test.el ends here
