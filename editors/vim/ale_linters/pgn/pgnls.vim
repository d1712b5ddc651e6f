" ALE linter: the pgnls language server for PGN (see autoload/pgnls.vim).
call pgnls#Define('pgn')
