" pgnls: filetypes for chess game files.
"   *.pgn      PGN      filetype pgn
"   *.ctl-pgn  CTL-PGN  filetype ctlpgn  (C'escacs)
autocmd BufNewFile,BufRead *.pgn setfiletype pgn
autocmd BufNewFile,BufRead *.ctl-pgn setfiletype ctlpgn
