" Batch test of the vimrc snippet in editors/vim/README.md, run by
" .ci/editors:
"
"   vim -N -u NONE -i NONE -n -es -S editors/vim/test/snippet.vim </dev/null
"
" It takes the first vim code block after the heading "### As a vimrc
" snippet" from the README, as it is written, and sources it after
" `packadd ale` (the README asks for `packadd! ale` before it). Then it
" opens illegal.pgn, waits for the illegal-move diagnostic and formats
" broken.pgn with :ALEFix.
"
" Environment: PGNLS_VIM_README (editors/vim/README.md), PGNLS_TEST_WORK
" (holds illegal.pgn, broken.pgn and broken.pgn.expected, the pgnls fmt
" output), PGNLS_TEST_RESULTS (result lines "pass|fail|skip TAB name TAB
" detail"). pgnls must be on PATH. Exits 0 when nothing failed.

let s:results = []

function! s:Check(name, ok, detail) abort
    let l:detail = type(a:detail) == v:t_string ? a:detail : string(a:detail)
    call add(s:results, (a:ok ? 'pass' : 'fail') . "\t" . a:name . "\t" . substitute(l:detail, '[\t\n\r]\+', ' ', 'g'))
    return a:ok
endfunction

function! s:Wait(Cond, ms) abort
    let l:deadline = reltimefloat(reltime()) + a:ms / 1000.0
    while !a:Cond() && reltimefloat(reltime()) < l:deadline
        sleep 20m
    endwhile
    return a:Cond()
endfunction

" s:Snippet returns the lines of the code block after the heading.
function! s:Snippet() abort
    let l:lines = readfile($PGNLS_VIM_README)
    let l:at = index(l:lines, '### As a vimrc snippet')
    let l:start = l:at < 0 ? -1 : index(l:lines, '```vim', l:at)
    let l:end = l:start < 0 ? -1 : index(l:lines, '```', l:start + 1)
    return l:end < 0 ? [] : l:lines[l:start + 1 : l:end - 1]
endfunction

function! s:Run() abort
    packadd ale
    filetype plugin on
    let l:snippet = s:Snippet()
    if !s:Check('README has the vimrc snippet', !empty(l:snippet), $PGNLS_VIM_README)
        return
    endif
    let l:file = tempname() . '.vim'
    call writefile(l:snippet, l:file)
    execute 'source ' . fnameescape(l:file)

    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/illegal.pgn')
    call s:Check('snippet: filetype pgn', &filetype is# 'pgn', &filetype)
    let l:buffer = bufnr('')
    ALELint
    let l:Found = {-> filter(copy(ale#engine#GetLoclist(l:buffer)), {_, d -> get(d, 'code', '') is# 'illegal-move'})}
    call s:Wait({-> !empty(l:Found())}, 15000)
    call s:Check('snippet: illegal-move diagnostic', !empty(l:Found()), ale#engine#GetLoclist(l:buffer))

    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/broken.pgn')
    let s:fixed = 0
    autocmd User ALEFixPost let s:fixed = 1
    ALEFix
    call s:Wait({-> s:fixed}, 10000)
    call s:Check('snippet: :ALEFix formats like pgnls fmt, messages left out',
    \   getline(1, '$') ==# readfile($PGNLS_TEST_WORK . '/broken.pgn.expected'), getline(1, '$'))
    set nomodified
endfunction

try
    call s:Run()
catch
    call s:Check('test script error', 0, v:exception . ' at ' . v:throwpoint)
endtry

call writefile(s:results, $PGNLS_TEST_RESULTS)
if exists('*ale#lsp#StopAll')
    call ale#lsp#StopAll()
endif
if !empty(filter(copy(s:results), 'v:val =~# "^fail"'))
    cquit 1
endif
qall!
