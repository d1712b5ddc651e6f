" ALE linter: the pgnls language server for CTL-PGN (see autoload/pgnls.vim).
call pgnls#Define('ctlpgn')
