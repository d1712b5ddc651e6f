" pgnls: CTL-PGN (C'escacs) buffers. Comments are { ... } or ; to the end of the line.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1
setlocal commentstring=;\ %s
setlocal comments=:;
let b:undo_ftplugin = 'setlocal commentstring< comments<'

" :PgnlsFormat formats the buffer with pgnls fmt through ALE's fixer
" (see autoload/pgnls.vim); without ALE there is no such command.
if exists('g:loaded_ale')
  call pgnls#RegisterFixer()
  command! -buffer -bar PgnlsFormat ALEFix pgnls
  let b:undo_ftplugin .= ' | delcommand -buffer PgnlsFormat'
endif
