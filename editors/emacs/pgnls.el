;;; pgnls.el --- PGN and CTL-PGN modes using the pgnls language server -*- lexical-binding: t; -*-

;; Author: The pgnls authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: languages, games
;; URL: https://github.com/pgnls/pgnls

;;; Commentary:

;; Major modes for chess game files and their registration with eglot:
;;
;;   pgn-mode      *.pgn       PGN
;;   ctl-pgn-mode  *.ctl-pgn   CTL-PGN, the notation of C'escacs
;;
;; Both run `pgnls serve' (from `exec-path') through eglot.  Either load
;; this file (see README.md) or copy the parts you need into your init file.
;;
;;   (add-to-list 'load-path "/path/to/pgnls/editors/emacs")
;;   (require 'pgnls)
;;   (add-hook 'pgn-mode-hook #'eglot-ensure)    ; ctl-pgn-mode runs it too
;;   (setq pgnls-format-on-save t)               ; optional

;;; Code:

(require 'eglot)

(defgroup pgnls nil
  "Chess game files with the pgnls language server."
  :group 'languages
  :prefix "pgnls-")

(defcustom pgnls-command '("pgnls" "serve")
  "Command that runs the pgnls language server on stdin and stdout."
  :type '(repeat string))

(defcustom pgnls-settings '(:lineLength 79 :dialect "auto" :tagOrder "lenient")
  "The pgnls settings section, as a plist.
Keys: :lineLength (number), :dialect (\"auto\", \"pgn\", \"ctl-pgn\"),
:tagOrder (\"strict\", \"lenient\"), :ctlpgn (plist with :symbols \"keep\",
\"ascii\" or \"unicode\", :reader \"full\" or \"minimal\"), :maxDiagnostics
\(see `pgnls-max-diagnostics'), :diagnostics (plist from a code keyword
to \"error\", \"warning\", \"info\", \"hint\" or \"off\"), :engine (plist
for the code action \"Analyse game\": :path, :depth, :nodes, :movetime,
:threads, :hash, :multipv), e.g.
  (:lineLength 100 :diagnostics (:line-too-long \"off\"))
Sent as initializationOptions and with workspace/didChangeConfiguration."
  :type 'plist)

(defcustom pgnls-max-diagnostics 100
  "Diagnostics the server publishes per file at most, unless `pgnls-settings'
sets :maxDiagnostics (0: no limit).  The server's own default is 2,000, too
many for eglot: it finds each diagnostic's place by counting lines from the
top of the buffer, so on a 30 MB database one publication of 2,000 froze
Emacs 28 for about two minutes, 500 for 1.5 s and 100 for a quarter of a
second (diagnostics near the top; more near the end).  The server picks
the errors first, those of the game being edited first, and says how many
there are in all; `pgnls check' lists them all."
  :type 'natnum)

(defcustom pgnls-format-on-save nil
  "When non-nil, format PGN and CTL-PGN buffers with pgnls before saving."
  :type 'boolean)

(defcustom pgnls-eldoc-lines 1
  "Lines of a hover that ElDoc shows in the echo area in PGN buffers.
The first line of a pgnls hover says in words what is at point (\"Move
12... Nf6 — Black knight from g8 to f6.\"); the board and the details
follow, which `eldoc-doc-buffer' shows whole.  With more lines the echo
area shows a slice of the board and \"(Documentation truncated...)\".
This is `eldoc-echo-area-use-multiline-p' in PGN and CTL-PGN buffers;
nil leaves that as it is."
  :type '(choice (const :tag "As `eldoc-echo-area-use-multiline-p' says" nil)
                 (integer :tag "Lines")))

(defvar pgn-mode-syntax-table
  (let ((st (make-syntax-table)))
    ;; { ... } comments (style a) and ; comments to the end of the line (style b).
    (modify-syntax-entry ?\{ "<" st)
    (modify-syntax-entry ?\} ">" st)
    (modify-syntax-entry ?\; "< b" st)
    (modify-syntax-entry ?\n "> b" st)
    (modify-syntax-entry ?\" "\"" st)
    (modify-syntax-entry ?\\ "\\" st)
    (modify-syntax-entry ?\[ "(]" st)
    (modify-syntax-entry ?\] ")[" st)
    (modify-syntax-entry ?\( "()" st)
    (modify-syntax-entry ?\) ")(" st)
    (dolist (c '(?- ?+ ?# ?= ?$ ?@ ?× ?‐ ?∞ ?^ ?& ?* ?/))
      (modify-syntax-entry c "_" st))
    (dolist (c '(?! ?? ?◇ ?. ?, ?: ?…))
      (modify-syntax-entry c "." st))
    st)
  "Syntax table of `pgn-mode' and `ctl-pgn-mode'.")

(defconst pgn-font-lock-keywords
  `(("^\\s-*\\[\\s-*\\([A-Za-z0-9_]+\\)" 1 font-lock-keyword-face)
    ("\\_<\\(1-0\\|0-1\\|1/2-1/2\\|3-0\\|0-3\\|1-1\\|2-1\\|1-2\\)\\_>" 1 font-lock-constant-face)
    ("\\(?:^\\|\\s-\\)\\(\\*\\)\\(?:\\s-\\|$\\)" 1 font-lock-constant-face)
    ("\\.*\\_<[0-9]+\\(?:\\.+\\|\\?\\)" . font-lock-comment-delimiter-face)
    ("\\$\\[?[0-9]+\\]?" . font-lock-builtin-face)
    ("\\(?:[!?]\\{1,2\\}\\|◇\\)" . font-lock-builtin-face)
    ("\\(?:O-O\\(?:-O\\)?\\|K[RT][KDRT][-‐][A-Z]+\\)" . font-lock-function-name-face)
    ("[+#]\\(?:∞\\|\\^\\|\\+\\)?\\|\\^\\+" . font-lock-warning-face))
  "Highlighting of `pgn-mode' and `ctl-pgn-mode'.")

;;;###autoload
(define-derived-mode pgn-mode prog-mode "PGN"
  "Major mode for PGN chess game files."
  :syntax-table pgn-mode-syntax-table
  (setq-local comment-start "; ")
  (setq-local comment-end "")
  (setq-local comment-start-skip ";+\\s-*\\|{\\s-*")
  (setq-local font-lock-defaults '(pgn-font-lock-keywords))
  (when pgnls-eldoc-lines
    (setq-local eldoc-echo-area-use-multiline-p pgnls-eldoc-lines))
  (add-hook 'before-save-hook #'pgnls--format-before-save nil t))

;;;###autoload
(define-derived-mode ctl-pgn-mode pgn-mode "CTL-PGN"
  "Major mode for CTL-PGN files.
CTL-PGN is the notation of the hexagonal chess variant C'escacs.")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.pgn\\'" . pgn-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.ctl-pgn\\'" . ctl-pgn-mode))

;; Files from older chess software are often Latin-1.  Emacs would read a
;; file that is not valid UTF-8 as raw bytes, which eglot cannot send to
;; the server; pgnls reads such bytes as Windows-1252, and so does Emacs
;; with this function.  The coding system a file is read with is the one
;; it is saved with.

(defun pgnls--bytes-coding-system ()
  "Return the coding system for the undecoded bytes of the current buffer.
Valid UTF-8 (or ASCII) gives `utf-8', or `utf-8-with-signature' after
a byte-order mark.  Anything else gives `windows-1252', or
`iso-latin-1' when a byte that Windows-1252 leaves undefined (81, 8D,
8F, 90, 9D) is there, so that no byte is decoded as a raw byte."
  (save-excursion
    (goto-char (point-min))
    (skip-chars-forward "\0-\177")
    (cond
     ((eobp) 'utf-8)
     ((not (memq 'eight-bit (find-charset-string
                             (decode-coding-region (point) (point-max) 'utf-8 t))))
      (goto-char (point-min))
      (if (looking-at-p "\357\273\277") 'utf-8-with-signature 'utf-8))
     ((progn (goto-char (point-min))
             (skip-chars-forward "^\201\215\217\220\235")
             (eobp))
      'windows-1252)
     (t 'iso-latin-1))))

;;;###autoload
(defun pgnls-file-coding-system (arguments)
  "Return the coding system of a PGN or CTL-PGN file for I/O ARGUMENTS.
ARGUMENTS is the list `find-operation-coding-system' was called with.
Reading a file that is valid UTF-8 gives `utf-8' (or
`utf-8-with-signature'), any other `windows-1252', as pgnls reads it
\(see `pgnls--bytes-coding-system').  Emacs then saves the file in the
coding system it was read with.  Writing a buffer that has no coding
system of its own, such as a new file, gives `utf-8'.  A coding
system given by `coding-system-for-read', a `coding:' tag or
`auto-coding-alist' takes precedence, as always."
  (let ((target (nth 1 arguments)))
    (cond
     ((not (eq (car arguments) 'insert-file-contents)) 'utf-8)
     ;; (FILENAME . BUFFER): BUFFER holds the undecoded text, e.g. of a
     ;; compressed file (jka-compr) or an archive member.
     ((consp target)
      (with-current-buffer (cdr target) (pgnls--bytes-coding-system)))
     ((and (stringp target) (file-regular-p target) (file-readable-p target))
      (with-temp-buffer
        (set-buffer-multibyte nil)
        (insert-file-contents-literally target)
        (pgnls--bytes-coding-system)))
     (t 'utf-8))))

;;;###autoload
(modify-coding-system-alist
 'file "\\.\\(?:[Cc][Tt][Ll]-\\)?[Pp][Gg][Nn]\\'" #'pgnls-file-coding-system)

(defun pgnls--settings ()
  "The settings sent to the server: `pgnls-settings', with
`pgnls-max-diagnostics' as :maxDiagnostics unless it sets that."
  (if (plist-member pgnls-settings :maxDiagnostics)
      pgnls-settings
    (append pgnls-settings (list :maxDiagnostics pgnls-max-diagnostics))))

(defun pgnls--contact (&optional _interactive)
  "The eglot contact for pgnls: the command and its initializationOptions."
  (append pgnls-command (list :initializationOptions (pgnls--settings))))

;; eglot names the languages after the modes: "pgn" and "ctl-pgn".
(add-to-list 'eglot-server-programs '((pgn-mode ctl-pgn-mode) . pgnls--contact))

;; The settings go to the server with workspace/didChangeConfiguration when
;; eglot connects: each PGN buffer gets `(:pgnls ,(pgnls--settings))' as its
;; `eglot-workspace-configuration' unless one is set already (globally or
;; as a directory-local variable, which is applied after the mode).
(defun pgnls--workspace-configuration ()
  "Give the buffer a workspace configuration with the pgnls section."
  (unless (default-value 'eglot-workspace-configuration)
    (setq-local eglot-workspace-configuration (list :pgnls (pgnls--settings)))))

(add-hook 'pgn-mode-hook #'pgnls--workspace-configuration)

(defun pgnls-update-settings ()
  "Send the current `pgnls-settings' (with `pgnls-max-diagnostics') to the
server of this buffer."
  (interactive)
  (pgnls--workspace-configuration)
  (when (eglot-current-server)
    (eglot-signal-didChangeConfiguration (eglot-current-server))))

(defun pgnls--format-before-save ()
  "Format the buffer with pgnls when `pgnls-format-on-save' is set."
  (when (and pgnls-format-on-save
             (eglot-current-server)
             (eglot--server-capable :documentFormattingProvider))
    (eglot-format-buffer)))

;;; The board at point

;; `pgnls-board' shows the board at point in a side window: the text of
;; the server's pgnls/board answer (the diagram of the text hovers, the
;; side to move, last move, FEN or PDTL, eval and clock, the moves of the
;; line around the current one, and the explorer: the moves the games of
;; the workspace play from the position, with their scores, and the
;; latest of those games).  The window widens to the longest line,
;; up to `pgnls-board-max-width'; longer lines (a C'escacs PDTL) wrap.  It follows point, eldoc-style: after
;; each command in a PGN buffer eglot manages, once point has stayed
;; still for `pgnls-board-delay' seconds.  `pgnls-board-next' and
;; `pgnls-board-previous' move point through the moves of its line;
;; `pgnls-play' plays a move at point.

(defcustom pgnls-board-delay 0.08
  "Seconds point must stay still before the board follows it."
  :type 'number)

(defcustom pgnls-board-display-action
  '((display-buffer-reuse-window display-buffer-in-side-window)
    (side . right) (window-width . 46))
  "The action `pgnls-board' displays the board buffer with.
See `display-buffer'."
  :type 'sexp)

(defcustom pgnls-board-max-width 0.5
  "The widest the board window grows to show its longest line whole.
A float is a fraction of the frame's width, an integer a number of
columns.  Lines longer than that wrap; the window never narrows."
  :type '(choice (float :tag "Fraction of the frame's width")
                 (integer :tag "Columns")))

(defconst pgnls--board-buffer-name "*pgnls board*"
  "The name of the board buffer.")

(defvar pgnls--board-timer nil
  "The timer of the next update of the board, or nil.")

(defvar pgnls--board-asked nil
  "The buffer, point and modification count the board was last asked for.")

(defvar pgnls--board-seq 0
  "The number of the last pgnls/board request; older answers are dropped.")

(define-derived-mode pgnls-board-mode special-mode "PGN board"
  "Major mode of the board buffer of `pgnls-board'.
Long lines wrap, at spaces where they can: the FEN or PDTL line must
not be cut, and a side window narrower than
`truncate-partial-width-windows' would otherwise cut it."
  (setq-local truncate-lines nil)
  (setq-local truncate-partial-width-windows nil)
  (setq-local word-wrap t)
  (add-hook 'kill-buffer-hook #'pgnls--board-stop nil t))

(defun pgnls--board-buffer ()
  "Return the live board buffer, or nil."
  (get-buffer pgnls--board-buffer-name))

(defun pgnls--board-stop ()
  "Stop following point: the board buffer is going away."
  (remove-hook 'post-command-hook #'pgnls--board-schedule)
  (when pgnls--board-timer
    (cancel-timer pgnls--board-timer)
    (setq pgnls--board-timer nil)))

(defun pgnls--board-fit (window)
  "Widen WINDOW, the board's window, to show its longest line whole.
It grows up to `pgnls-board-max-width' and as far as the windows beside
it let it, and never narrows, so that they do not move with each
position."
  (let* ((longest (with-current-buffer (window-buffer window)
                    (apply #'max 0 (mapcar #'string-width (split-string (buffer-string) "\n")))))
         (limit (if (floatp pgnls-board-max-width)
                    (floor (* pgnls-board-max-width
                              (window-total-width (frame-root-window (window-frame window)))))
                  pgnls-board-max-width))
         (want (- (min longest limit) (window-max-chars-per-line window)))
         (delta (if (> want 0) (window-resizable window want t) 0)))
    (when (> delta 0)
      (window-resize window delta t))))

(defun pgnls--board-show (text)
  "Show TEXT in the board buffer, from its top."
  (let ((buffer (pgnls--board-buffer)))
    (when buffer
      (with-current-buffer buffer
        (let ((inhibit-read-only t))
          (erase-buffer)
          (insert text)
          (goto-char (point-min))))
      (dolist (window (get-buffer-window-list buffer nil t))
        (pgnls--board-fit window)
        (set-window-point window 1)))))

(defun pgnls--board-text (result)
  "The text to show for RESULT, an answer to pgnls/board."
  (let ((text (plist-get result :text)))
    (if (stringp text) text "No game at point.")))

(defun pgnls--board-params ()
  "The pgnls/board params for point, after sending pending changes."
  (eglot--signal-textDocument/didChange)
  (eglot--TextDocumentPositionParams))

(defun pgnls--board-update ()
  "Ask the server for the board at point and show it.
Does nothing outside a PGN buffer eglot manages, and when point and
the buffer are where they were at the last request."
  (let ((asked (list (current-buffer) (point) (buffer-modified-tick))))
    (when (and (pgnls--board-buffer)
               (derived-mode-p 'pgn-mode)
               (eglot-managed-p)
               (not (equal asked pgnls--board-asked)))
      (setq pgnls--board-asked asked)
      (let ((seq (setq pgnls--board-seq (1+ pgnls--board-seq))))
        (jsonrpc-async-request
         ;; The explorer over the workspace's games ends the board's text.
         (eglot--current-server-or-lose) :pgnls/board (append (pgnls--board-params) '(:explorer t))
         :success-fn (lambda (result)
                       (when (= seq pgnls--board-seq)
                         (pgnls--board-show (pgnls--board-text result))))
         :error-fn (lambda (err)
                     (when (= seq pgnls--board-seq)
                       (pgnls--board-show (format "pgnls/board failed: %s" (plist-get err :message)))))
         :timeout-fn #'ignore)))))

(defun pgnls--board-schedule ()
  "Update the board once point stays still (in `post-command-hook').
Only commands that end in a PGN buffer count."
  (when (derived-mode-p 'pgn-mode)
    (when pgnls--board-timer
      (cancel-timer pgnls--board-timer))
    (setq pgnls--board-timer
          (run-at-time pgnls-board-delay nil
                       (lambda ()
                         (setq pgnls--board-timer nil)
                         (with-current-buffer (window-buffer (selected-window))
                           (pgnls--board-update)))))))

;;;###autoload
(defun pgnls-board ()
  "Show the board at point in a side window; it then follows point.
The board is drawn by the server.  It follows point in the PGN and
CTL-PGN buffers eglot manages, until its buffer is killed."
  (interactive)
  (let ((buffer (get-buffer-create pgnls--board-buffer-name)))
    (with-current-buffer buffer
      (unless (derived-mode-p 'pgnls-board-mode)
        (pgnls-board-mode)))
    (display-buffer buffer pgnls-board-display-action)
    (add-hook 'post-command-hook #'pgnls--board-schedule)
    (setq pgnls--board-asked nil)
    (pgnls--board-update)))

(defun pgnls--board-step (delta)
  "Move point DELTA moves along its line; return non-nil if it moved.
The position before the first move is one step before it."
  (let* ((board (jsonrpc-request (eglot--current-server-or-lose) :pgnls/board (pgnls--board-params)))
         (moves (plist-get board :moves))
         (target (and board (+ (plist-get board :current) delta)))
         (pos (cond ((null target) nil)
                    ((= target -1) (plist-get board :lineStart))
                    ((and (>= target 0) (< target (length moves)))
                     (plist-get (plist-get (aref moves target) :range) :start)))))
    (when pos
      (goto-char (eglot--lsp-position-to-point pos))
      t)))

(defun pgnls-board-next ()
  "Move point to the next move of its line (main line or variation)."
  (interactive)
  (unless (pgnls--board-step 1)
    (message "pgnls: no next move in this line")))

(defun pgnls-board-previous ()
  "Move point to the previous move of its line, or to the line's start."
  (interactive)
  (unless (pgnls--board-step -1)
    (message "pgnls: at the start of the line")))

;;; Playing moves at point

(defun pgnls--legal-moves ()
  "The legal moves at point, in SAN and in UCI, from pgnls/legalMoves.
Each once: a CTL-AN move without a check mark is the same in both."
  (let ((moves (jsonrpc-request (eglot--current-server-or-lose) :pgnls/legalMoves (pgnls--board-params))))
    (delete-dups
     (apply #'append
            (mapcar (lambda (m) (list (plist-get m :san) (plist-get m :uci)))
                    moves)))))

;;;###autoload
(defun pgnls-play (move)
  "Play MOVE (SAN or UCI: Nf3, g1f3, O-O, e1g1, N@f3; CTL-AN in CTL-PGN) at point.
The move is played after the move at point (else the last move before
it): at the end of the line it is appended with its number; inside the
line, where the next move differs, it opens a variation there; where the
next move or a variation there starts with it, point only moves onto it.
The server checks the move and writes the edit (pgnls.play, applied with
workspace/applyEdit without asking, undone with `undo'); point goes onto
the move.  Interactively, the legal moves at point complete."
  (interactive (list (completing-read "Play: " (pgnls--legal-moves) nil nil)))
  (let* ((params (pgnls--board-params))
         ;; The edit is the one asked for: eglot need not confirm it.
         (result (let ((eglot-confirm-server-initiated-edits nil))
                   (jsonrpc-request (eglot--current-server-or-lose) :workspace/executeCommand
                                    (list :command "pgnls.play"
                                          :arguments (vector (append params (list :move move)))))))
         (pos (plist-get result :position)))
    (when pos
      (goto-char (eglot--lsp-position-to-point pos)))))

;;; Copying a game without comments, variations, NAGs, clocks

(defconst pgnls-strip-items
  '("comments" "variations" "nags" "clk,emt,eval" "commands" "clk" "emt" "eval" "cal" "csl" "tags" "results")
  "The items of `pgnls-copy-game' offered for completion (pgnls fmt --strip).")

;;;###autoload
(defun pgnls-copy-game (strip)
  "Copy the game at point without STRIP to the kill ring.
STRIP is a comma-separated list of the items of pgnls fmt --strip:
comments, variations, nags, clk,emt,eval (clocks and evaluations),
commands (every [%...] command), tags, results.  The server writes the
game in export form without them (pgnls.copyGame, the code of pgnls
fmt --strip); the buffer is not changed.  Returns the text copied."
  (interactive (list (completing-read "Copy game without: " pgnls-strip-items nil nil)))
  (let* ((result (jsonrpc-request (eglot--current-server-or-lose) :workspace/executeCommand
                                  (list :command "pgnls.copyGame"
                                        :arguments (vector (append (pgnls--board-params) (list :strip strip))))))
         (text (replace-regexp-in-string "\r\n" "\n" (plist-get result :text))))
    (kill-new text)
    (message "pgnls: game copied without %s" strip)
    text))

(provide 'pgnls)
;;; pgnls.el ends here
