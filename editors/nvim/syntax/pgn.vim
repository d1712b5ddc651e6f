" pgnls: syntax highlighting for PGN (filetype pgn).
if exists('b:current_syntax')
  finish
endif

syn match   pgnEscape       "^%.*$"
syn region  pgnTag          matchgroup=pgnTagBracket start="\[" end="\]\|$" oneline contains=pgnTagName,pgnTagValue
syn match   pgnTagName      "\[\@<=\s*\w\+" contained
syn region  pgnTagValue     start=+"+ skip=+\\[\\"]+ end=+"\|$+ oneline contained contains=pgnEscapeChar
syn match   pgnEscapeChar   +\\[\\"]+ contained
syn region  pgnComment      start="{" end="}" contains=pgnCommand
syn match   pgnCommand      "\[%\w\+[^\]}]*\]" contained
syn match   pgnLineComment  ";.*$"
syn match   pgnMoveNumber   "\<\d\+\s*\.\+"
syn match   pgnResult       "\%(^\|\s\)\zs\%(1-0\|0-1\|1/2-1/2\|\*\)\ze\%(\s\|$\)"
syn match   pgnCastling     "\<\%(O-O\%(-O\)\=\|0-0\%(-0\)\=\)"
syn match   pgnPiece        "\<[KQRBN]\ze[a-h1-8x]"
syn match   pgnCheck        "[a-h1-8QRBNO]\zs\%(+\|#\)"
syn match   pgnNag          "\$\d\+"
syn match   pgnGlyph        "[!?]\{1,2}"
syn match   pgnParen        "[()]"

hi def link pgnEscape       Comment
hi def link pgnTagBracket   Delimiter
hi def link pgnTagName      Identifier
hi def link pgnTagValue     String
hi def link pgnEscapeChar   SpecialChar
hi def link pgnComment      Comment
hi def link pgnCommand      PreProc
hi def link pgnLineComment  Comment
hi def link pgnMoveNumber   Number
hi def link pgnResult       Constant
hi def link pgnCastling     Statement
hi def link pgnPiece        Type
hi def link pgnCheck        Special
hi def link pgnNag          Special
hi def link pgnGlyph        Special
hi def link pgnParen        Delimiter

let b:current_syntax = 'pgn'
