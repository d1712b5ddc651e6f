" pgnls: the pgnls language server as an ALE linter for PGN and CTL-PGN.
"
" Options (set them before the first PGN file is opened):
"   g:pgnls_executable  the pgnls binary (default: 'pgnls' from $PATH)
"   g:pgnls_settings    the pgnls settings section, e.g.
"                       {'lineLength': 79, 'diagnostics': {'line-too-long': 'off'}}
"                       sent as initializationOptions and with
"                       workspace/didChangeConfiguration
"   g:pgnls_max_diagnostics  diagnostics published per file at most unless
"                       g:pgnls_settings sets maxDiagnostics (default 500:
"                       ALE takes about half a millisecond for each, every
"                       publication, where the server's own default is 2,000)
" Buffer-local b:pgnls_executable and b:pgnls_settings override them.
"
" Formatting: ALE has no LSP formatting, so the fixer 'pgnls' (registered
" by the ftplugins) runs `pgnls fmt` on the buffer: :ALEFix pgnls, or
" :PgnlsFormat, or g:ale_fixers = {'pgn': ['pgnls'], 'ctlpgn': ['pgnls']}
" with g:ale_fix_on_save = 1.

function! pgnls#Executable(buffer) abort
    return getbufvar(a:buffer, 'pgnls_executable', get(g:, 'pgnls_executable', 'pgnls'))
endfunction

function! pgnls#Settings(buffer) abort
    let l:settings = copy(getbufvar(a:buffer, 'pgnls_settings', get(g:, 'pgnls_settings', {})))
    if !has_key(l:settings, 'maxDiagnostics')
        let l:settings.maxDiagnostics = get(g:, 'pgnls_max_diagnostics', 500)
    endif
    return l:settings
endfunction

" The workspace root: the nearest directory holding .git, else the file's.
function! pgnls#ProjectRoot(buffer) abort
    let l:git = ale#path#FindNearestDirectory(a:buffer, '.git')

    return !empty(l:git) ? fnamemodify(l:git, ':h:h') : fnamemodify(bufname(a:buffer), ':p:h')
endfunction

" pgnls#Define registers the pgnls linter for a filetype.
function! pgnls#Define(filetype) abort
    call ale#linter#Define(a:filetype, {
    \   'name': 'pgnls',
    \   'lsp': 'stdio',
    \   'executable': function('pgnls#Executable'),
    \   'command': '%e serve',
    \   'project_root': function('pgnls#ProjectRoot'),
    \   'initialization_options': function('pgnls#Settings'),
    \   'lsp_config': {buffer -> {'pgnls': pgnls#Settings(buffer)}},
    \})
endfunction

" pgnls#Fix is the ALE fixer: `pgnls fmt` reads the buffer on standard
" input and writes it formatted on standard output. ALE takes standard
" output only, so pgnls's messages never reach the buffer, and it keeps
" the buffer as it is when the output is empty (pgnls missing, a usage
" error). A game pgnls cannot format (a syntax error, an illegal move) is
" written as it is; fmt then exits 2 and says why on standard error,
" which ALE does not show (its diagnostics show the error itself).
" The settings lineLength, dialect and ctlpgn.symbols become flags.
function! pgnls#Fix(buffer) abort
    let l:settings = pgnls#Settings(a:buffer)
    let l:flags = ''
    let l:width = get(l:settings, 'lineLength', 0)

    if type(l:width) is v:t_number && l:width >= 20
        let l:flags .= ' --width ' . l:width
    endif

    let l:dialect = get(l:settings, 'dialect', 'auto')

    if index(['pgn', 'ctl-pgn'], l:dialect) < 0
        let l:dialect = getbufvar(a:buffer, '&filetype') is# 'ctlpgn' ? 'ctl-pgn' : 'auto'
    endif

    let l:flags .= ' --dialect ' . l:dialect
    let l:ctlpgn = get(l:settings, 'ctlpgn', {})
    let l:symbols = type(l:ctlpgn) is v:t_dict ? get(l:ctlpgn, 'symbols', 'keep') : 'keep'

    if index(['ascii', 'unicode'], l:symbols) >= 0
        let l:flags .= ' --ctl-style ' . l:symbols
    endif

    return {'command': ale#Escape(pgnls#Executable(a:buffer)) . ' fmt' . l:flags}
endfunction

" pgnls#RegisterFixer makes 'pgnls' an ALE fixer name (:ALEFixSuggest
" lists it). It does nothing when ALE is not loaded.
function! pgnls#RegisterFixer() abort
    if get(s:, 'fixer_registered', 0) || !exists('g:loaded_ale')
        return
    endif

    call ale#fix#registry#Add('pgnls', 'pgnls#Fix', ['pgn', 'ctlpgn'],
    \   'Format PGN and CTL-PGN with pgnls fmt.')
    let s:fixer_registered = 1
endfunction
