" Batch test of the pgnls ALE linter in Vim, run by .ci/editors:
"
"   vim -N -u NONE -i NONE -n -es -S editors/vim/test/test.vim </dev/null
"
" Environment: PGNLS_VIM_DIR (editors/vim), PGNLS_TEST_WORK (holds
" illegal.pgn, illegal.ctl-pgn, broken.pgn, messy.ctl-pgn and the pgnls
" fmt output of the last two, NAME.expected), PGNLS_TEST_CTL_ILLEGAL ("1" when pgnls
" check reports an *illegal* code for illegal.ctl-pgn), PGNLS_TEST_RESULTS
" (result lines "pass|fail|skip TAB name TAB detail"). pgnls must be on
" PATH. Exits 0 when nothing failed, 1 otherwise.

let s:results = []

function! s:Record(status, name, detail) abort
    let l:detail = type(a:detail) == v:t_string ? a:detail : string(a:detail)
    call add(s:results, a:status . "\t" . a:name . "\t" . substitute(l:detail, '[\t\n\r]\+', ' ', 'g'))
endfunction

function! s:Check(name, ok, detail) abort
    call s:Record(a:ok ? 'pass' : 'fail', a:name, a:detail)
    return a:ok
endfunction

function! s:Now() abort
    return reltimefloat(reltime())
endfunction

" s:Wait runs the event loop until Cond() is true or ms pass.
function! s:Wait(Cond, ms) abort
    let l:deadline = s:Now() + a:ms / 1000.0
    while !a:Cond() && s:Now() < l:deadline
        sleep 20m
    endwhile
    return a:Cond()
endfunction

function! s:Find(needle) abort
    for l:lnum in range(1, line('$'))
        let l:col = stridx(getline(l:lnum), a:needle)
        if l:col >= 0
            return [l:lnum, l:col + 1]
        endif
    endfor
    throw 'not found: ' . a:needle
endfunction

function! s:Diagnostic(buffer, Match) abort
    for l:item in ale#engine#GetLoclist(a:buffer)
        if get(l:item, 'linter_name', '') is# 'pgnls' && a:Match(get(l:item, 'code', ''))
            return l:item
        endif
    endfor
    return {}
endfunction

function! s:Codes(buffer) abort
    return map(copy(ale#engine#GetLoclist(a:buffer)), {_, d -> d.lnum . ':' . d.col . ' ' . get(d, 'code', '')})
endfunction

function! s:Connection() abort
    for l:conn in values(ale#lsp#GetConnections())
        if get(l:conn, 'initialized', 0)
            return l:conn
        endif
    endfor
    return {}
endfunction

function! s:PreviewLines() abort
    let l:buf = bufnr('ALEPreviewWindow')
    return l:buf > 0 ? getbufline(l:buf, 1, '$') : []
endfunction

function! s:Lines(path) abort
    return readfile($PGNLS_TEST_WORK . '/' . a:path)
endfunction

" s:Fix runs an ALE fix command (ALEFix pgnls, PgnlsFormat) and waits for
" ALE to apply it (User ALEFixPost). Returns 1 when it finished.
function! s:Fix(command) abort
    let s:fixed = 0
    augroup pgnls_test_fix
        autocmd!
        autocmd User ALEFixPost let s:fixed = 1
    augroup END
    execute a:command
    return s:Wait({-> s:fixed}, 10000)
endfunction

" s:Stderr tells whether the buffer holds a message of pgnls fmt or of
" the shell instead of games.
function! s:Stderr() abort
    return search('left unformatted\|pgnls fmt:\|not found\|No such file', 'nw') > 0
endfunction

function! s:Run() abort
    execute 'set runtimepath^=' . fnameescape($PGNLS_VIM_DIR)
    packadd ale
    filetype plugin on
    let g:ale_hover_to_preview = 1
    let g:pgnls_settings = {'lineLength': 79, 'tagOrder': 'lenient'}
    " As the README advises: ALE shows errors only by default.
    let g:ale_lsp_show_message_severity = 'information'
    call s:Record('pass', 'vim', printf('Vim %d.%d.%d', v:version / 100, v:version % 100, v:versionlong % 10000))

    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/illegal.pgn')
    let l:pgn = bufnr('')
    call s:Check('filetype pgn for *.pgn', &filetype is# 'pgn', &filetype)
    call s:Check('ALE knows the pgnls linter', index(map(ale#linter#Get('pgn'), 'v:val.name'), 'pgnls') >= 0, map(ale#linter#Get('pgn'), 'v:val.name . " " . v:val.command'))
    ALELint
    let l:IsIllegal = {code -> code is# 'illegal-move'}
    call s:Wait({-> !empty(s:Diagnostic(l:pgn, l:IsIllegal))}, 15000)
    let l:d = s:Diagnostic(l:pgn, l:IsIllegal)
    let [l:kl, l:kc] = s:Find('Ke3')
    call s:Check('pgn: illegal-move on Ke3',
    \   !empty(l:d) && l:d.lnum == l:kl && l:d.col == l:kc && l:d.type is# 'E',
    \   empty(l:d) ? s:Codes(l:pgn) : l:d.lnum . ':' . l:d.col . ' ' . l:d.text)

    let l:conn = s:Connection()
    if get(get(l:conn, 'capabilities', {}), 'hover', 0)
        let [l:nl, l:nc] = s:Find('$1')
        call cursor(l:nl, l:nc + 1)
        ALEHover
        call s:Wait({-> !empty(s:PreviewLines())}, 10000)
        let l:text = join(s:PreviewLines(), "\n")
        call s:Check('pgn: hover on NAG $1 says "good move"', tolower(l:text) =~# 'good move', l:text[:120])
        " A move: what a terminal shows, first a line that says what the
        " move is, then the text board (its rank 8 line), no image, no
        " Markdown marks.
        let [l:ml, l:mc] = s:Find('1. e4')
        call cursor(l:ml, l:mc + 3)
        let l:before = join(s:PreviewLines(), "\n")
        ALEHover
        call s:Wait({-> join(s:PreviewLines(), "\n") isnot# l:before && !empty(s:PreviewLines())}, 10000)
        let l:lines = filter(s:PreviewLines(), 'v:val =~# ''\S''')
        let l:text = join(l:lines, "\n")
        call s:Check('pgn: ALEHover on move e4 says what the move is first, then the text board, no image or Markdown marks',
        \   len(l:lines) > 1 && stridx(l:lines[0], 'Move 1. e4 — White pawn from e2 to e4.') == 0
        \   && l:lines[1] =~# '^\s*8 [.a-zA-Z]\( [.a-zA-Z]\)\{7}' && l:text !~# 'data:image' && stridx(l:text, '**') < 0 && stridx(l:text, '`') < 0,
        \   l:text[:160])
    else
        call s:Record('skip', 'pgn: hover on NAG $1', 'server has no hoverProvider yet')
    endif

    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/illegal.ctl-pgn')
    let l:ctl = bufnr('')
    call s:Check('filetype ctlpgn for *.ctl-pgn', &filetype is# 'ctlpgn', &filetype)
    if $PGNLS_TEST_CTL_ILLEGAL is# '1'
        ALELint
        let l:HasIllegal = {code -> code =~# 'illegal'}
        call s:Wait({-> !empty(s:Diagnostic(l:ctl, l:HasIllegal))}, 15000)
        let l:d = s:Diagnostic(l:ctl, l:HasIllegal)
        let [l:el, l:ec] = s:Find('EE5-E11')
        call s:Check('ctl-pgn: illegal diagnostic on EE5-E11', !empty(l:d) && l:d.lnum == l:el,
        \   empty(l:d) ? s:Codes(l:ctl) : l:d.lnum . ':' . l:d.col . ' ' . l:d.code . ': ' . l:d.text)
    else
        call s:Record('skip', 'ctl-pgn: illegal diagnostic on EE5-E11', 'pgnls check reports no *illegal* code for it yet')
    endif

    " Formatting, as the README advises: ALE's fixer 'pgnls' runs pgnls fmt
    " and takes its standard output only.
    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/messy.ctl-pgn')
    call s:Check('ctl-pgn: :PgnlsFormat formats like pgnls fmt',
    \   exists(':PgnlsFormat') == 2 && s:Fix('PgnlsFormat') && getline(1, '$') ==# s:Lines('messy.ctl-pgn.expected'),
    \   exists(':PgnlsFormat') == 2 ? getline(1, '$') : 'no :PgnlsFormat')
    set nomodified
    execute 'edit ' . fnameescape($PGNLS_TEST_WORK . '/broken.pgn')
    let l:before = getline(1, '$')
    call s:Check('pgn: ALEFix pgnls formats the other games and leaves the illegal one as it is',
    \   s:Fix('ALEFix pgnls') && getline(1, '$') ==# s:Lines('broken.pgn.expected'), getline(1, '$'))
    call s:Check('pgn: ALEFix pgnls keeps the messages of pgnls fmt out of the buffer', !s:Stderr(), getline(1, '$'))
    call setline(1, l:before)
    let b:pgnls_executable = 'pgnls-not-installed'
    call s:Check('pgn: ALEFix pgnls without pgnls leaves the buffer as it was',
    \   s:Fix('ALEFix pgnls') && getline(1, '$') ==# l:before, getline(1, '$'))
    unlet b:pgnls_executable
    " Format on save, with the fixer in b:ale_fixers.
    let b:ale_fixers = ['pgnls']
    let b:ale_fix_on_save = 1
    let s:fixed = 0
    write
    call s:Wait({-> s:fixed && !&modified}, 10000)
    call s:Check('pgn: ale_fix_on_save writes the pgnls fmt output', readfile(expand('%:p')) ==# s:Lines('broken.pgn.expected'), readfile(expand('%:p')))
    let b:ale_fix_on_save = 0

    " Without ALE: Vim's filter takes stderr too ('shellredir' is
    " '>%s 2>&1') and replaces the lines whatever the exit status.
    call setline(1, l:before)
    silent %!pgnls fmt 2>/dev/null
    call s:Check('pgn: :%!pgnls fmt 2>/dev/null gives the pgnls fmt output, no messages, exit 2',
    \   getline(1, '$') ==# s:Lines('broken.pgn.expected') && v:shell_error == 2, 'exit ' . v:shell_error)
    call setline(1, l:before)
    silent %!pgnls fmt
    call s:Check('pgn: plain :%!pgnls fmt puts the message into the buffer (why the README redirects it)',
    \   s:Stderr(), getline(1, '$'))
    set nomodified

    " The cap: 2,100 games with a missing roster tag each (warnings) and an
    " illegal move in the last one, 2,101 diagnostics. ALE gets 500 (the
    " plugin's g:pgnls_max_diagnostics), the illegal move among them, and a
    " message gives the total.
    let l:big = $PGNLS_TEST_WORK . '/big.pgn'
    call writefile(repeat(['[Event "x"]', '', '1. e4 e5 *', ''], 2099) + ['[Event "x"]', '', '1. e4 Ke7 *'], l:big)
    messages clear
    execute 'edit ' . fnameescape(l:big)
    let l:bigbuf = bufnr('')
    ALELint
    call s:Wait({-> !empty(s:Diagnostic(l:bigbuf, l:IsIllegal))}, 15000)
    let l:d = s:Diagnostic(l:bigbuf, l:IsIllegal)
    let l:n = len(ale#engine#GetLoclist(l:bigbuf))
    call s:Check('cap: the illegal move at the end of a big file is shown', !empty(l:d) && l:d.lnum == 8399 && l:d.type is# 'E', l:n . ' diagnostics')
    call s:Check('cap: 500 diagnostics published (g:pgnls_max_diagnostics)', l:n == 500, l:n)
    " ALE echoes a message that fits on the command line and shows a
    " longer one, as this is, in its preview window.
    let l:Told = {-> matchstr(execute('messages') . "\n" . join(s:PreviewLines(), ' '), 'big\.pgn has \d\+ diagnostics[^\n]*')}
    call s:Wait({-> !empty(l:Told())}, 15000)
    call s:Check('cap: a message states the true total, 2101', l:Told() =~# 'big\.pgn has 2101 diagnostics; 500 are shown', l:Told())
endfunction

try
    call s:Run()
catch
    call s:Record('fail', 'test script error', v:exception . ' at ' . v:throwpoint)
endtry

call writefile(s:results, $PGNLS_TEST_RESULTS)
if exists('*ale#lsp#StopAll')
    call ale#lsp#StopAll()
endif
if !empty(filter(copy(s:results), 'v:val =~# "^fail"'))
    cquit 1
endif
qall!
