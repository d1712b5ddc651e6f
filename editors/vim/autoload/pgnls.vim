" pgnls: the pgnls language server as an ALE linter for PGN and CTL-PGN.
"
" Options (set them before the first PGN file is opened):
"   g:pgnls_executable  the pgnls binary (default: 'pgnls' from $PATH)
"   g:pgnls_settings    the pgnls settings section, e.g.
"                       {'lineLength': 79, 'diagnostics': {'line-too-long': 'off'}}
"                       sent as initializationOptions and with
"                       workspace/didChangeConfiguration
" Buffer-local b:pgnls_executable and b:pgnls_settings override them.

function! pgnls#Executable(buffer) abort
    return getbufvar(a:buffer, 'pgnls_executable', get(g:, 'pgnls_executable', 'pgnls'))
endfunction

function! pgnls#Settings(buffer) abort
    return getbufvar(a:buffer, 'pgnls_settings', get(g:, 'pgnls_settings', {}))
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
