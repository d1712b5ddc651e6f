-- pgnls without the pgnls plugin, for nvim-lspconfig users.
-- The plugin's ftdetect (or these two lines) gives the filetypes:
vim.cmd([[
  autocmd BufNewFile,BufRead *.pgn setfiletype pgn
  autocmd BufNewFile,BufRead *.ctl-pgn setfiletype ctlpgn
]])

local settings = {
  lineLength = 79,
  dialect = 'auto', -- 'auto' | 'pgn' | 'ctl-pgn'
  tagOrder = 'lenient', -- 'strict' | 'lenient'
  ctlpgn = { symbols = 'keep' }, -- 'keep' | 'ascii' | 'unicode'
  diagnostics = { ['line-too-long'] = 'off' }, -- code -> 'error'|'warning'|'info'|'hint'|'off'
}

if vim.fn.has('nvim-0.11') == 1 then
  -- Neovim 0.11+: the built-in configuration API, no plugin needed.
  vim.lsp.config('pgnls', {
    cmd = { 'pgnls', 'serve' },
    filetypes = { 'pgn', 'ctlpgn' },
    root_markers = { '.git' },
    init_options = settings,
    settings = { pgnls = settings },
  })
  vim.lsp.enable('pgnls')
else
  -- nvim-lspconfig (any version): register pgnls as a custom server.
  local lspconfig = require('lspconfig')
  local configs = require('lspconfig.configs')
  if not configs.pgnls then
    configs.pgnls = {
      default_config = {
        cmd = { 'pgnls', 'serve' },
        filetypes = { 'pgn', 'ctlpgn' },
        root_dir = function(fname)
          return lspconfig.util.root_pattern('.git')(fname) or vim.fn.fnamemodify(fname, ':p:h')
        end,
        single_file_support = true,
        settings = { pgnls = {} },
      },
      docs = { description = 'pgnls: PGN and CTL-PGN language server' },
    }
  end
  lspconfig.pgnls.setup({
    init_options = settings,
    settings = { pgnls = settings },
  })
end

-- Format on save (0.8+; on 0.7 use vim.lsp.buf.formatting_sync()).
vim.api.nvim_create_autocmd('BufWritePre', {
  pattern = { '*.pgn', '*.ctl-pgn' },
  callback = function(args)
    vim.lsp.buf.format({ bufnr = args.buf, name = 'pgnls', timeout_ms = 2000 })
  end,
})
