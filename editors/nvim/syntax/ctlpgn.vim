" pgnls: syntax highlighting for CTL-PGN, the notation of C'escacs
" (filetype ctlpgn).
if exists('b:current_syntax')
  finish
endif

syn match   ctlEscape       "^%.*$"
syn region  ctlTag          matchgroup=ctlTagBracket start="\[" end="\]\|$" oneline contains=ctlTagName,ctlTagValue
syn match   ctlTagName      "\[\@<=\s*\w\+" contained
syn region  ctlTagValue     start=+"+ skip=+\\[\\"]+ end=+"\|$+ oneline contained
syn region  ctlComment      start="{" end="}" contains=ctlPlayer,ctlRef
syn match   ctlPlayer       "@[WB]\>:\=" contained
syn match   ctlRef          "\~[A-Za-z]\%(\[[dlc]\]\)\=\%([PTABCDEFGHIKLXZ]\d\{1,2}\)\=\|#\d\+\%(\.\d\+\)\=\%(\[[#0-9.]\+\]\)\=\%(@[WB]\)\=\|\$\d\+" contained
syn match   ctlLineComment  ";.*$"
syn match   ctlMoveNumber   "\.*\d\+[.?]"
syn match   ctlNesting      "\.\+\ze\s*[({]"
syn match   ctlEllipsis     "…\|\.\.\.\ze\s*,"
syn match   ctlResult       "\%(^\|\s\)\zs\%(3-0\|0-3\|1-1\|2-1\|1-2\|\*\)\ze\%(\s\|$\)"
syn match   ctlPiece        "\%(^\|[ ,.]\)\zs[KDVRGNJEPABCFLTSWQ]\ze[PTABCDEFGHIKLXZ]\d"
syn match   ctlCapture      "[×*@]\|@@"
syn match   ctlCheck        "+∞\|+^\|^+\|++\|+\|#"
syn match   ctlDraw         "(=)"
syn match   ctlEnd          ":"
syn match   ctlLabel        "(\@<=\$\[\d\+\]"
syn match   ctlGlyph        "[!?]\{1,2}\|◇"
syn match   ctlNag          "\$\d\+"

hi def link ctlEscape       Comment
hi def link ctlTagBracket   Delimiter
hi def link ctlTagName      Identifier
hi def link ctlTagValue     String
hi def link ctlComment      Comment
hi def link ctlPlayer       Label
hi def link ctlRef          Underlined
hi def link ctlLineComment  Comment
hi def link ctlMoveNumber   Number
hi def link ctlNesting      Delimiter
hi def link ctlEllipsis     Special
hi def link ctlResult       Constant
hi def link ctlPiece        Type
hi def link ctlCapture      Operator
hi def link ctlCheck        Special
hi def link ctlDraw         Statement
hi def link ctlEnd          Statement
hi def link ctlLabel        Label
hi def link ctlGlyph        Special
hi def link ctlNag          Special

let b:current_syntax = 'ctlpgn'
