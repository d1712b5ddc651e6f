-- pgnls: the pgnls language server for PGN and CTL-PGN buffers.
--
--   require('pgnls').setup({
--     cmd = { 'pgnls', 'serve' },       -- default: pgnls from PATH
--     settings = { lineLength = 79 },   -- the "pgnls" settings section
--     format_on_save = false,
--   })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client,
-- vim.lsp.buf.formatting_sync) and on 0.8 and later (vim.lsp.start,
-- vim.lsp.buf.format). Filetypes: pgn (*.pgn) and ctlpgn (*.ctl-pgn), set
-- by ftdetect/pgnls.vim.
--
-- In each buffer it attaches to, it defines :PgnlsFormat, and it gives
-- Neovim 0.7 what 0.8 and later set by themselves: 'omnifunc' and
-- 'formatexpr' (0.8+) and K for hover (0.10+), unless the user set them.
-- The diagnostics of pgnls are shown with severity_sort (option
-- diagnostic), through the client's diagnostic namespace, so the global
-- vim.diagnostic.config() is left as it is.
local M = {}

local uv = vim.loop

M.name = 'pgnls'

local defaults = {
  -- The server command. It must speak LSP on stdin/stdout.
  cmd = { 'pgnls', 'serve' },
  -- The pgnls settings section, e.g. { lineLength = 79, dialect = 'auto',
  -- tagOrder = 'lenient', ctlpgn = { symbols = 'keep' },
  -- diagnostics = { ['line-too-long'] = 'off' } }. Sent as
  -- initializationOptions and with workspace/didChangeConfiguration as
  -- { pgnls = settings }.
  settings = {},
  -- Format the buffer with the server before each :write.
  format_on_save = false,
  -- Milliseconds to wait for formatting before a write goes on without it.
  format_timeout_ms = 2000,
  -- Filetypes to start the server for.
  filetypes = { 'pgn', 'ctlpgn' },
  -- The workspace root is the nearest parent directory holding one of
  -- these; without one, the directory of the file.
  root_markers = { '.git' },
  -- vim.diagnostic.config() options for the diagnostics of pgnls only
  -- (set on its namespace). severity_sort shows the error of a line, not
  -- an info after it, in the sign column and the virtual text.
  diagnostic = { severity_sort = true },
  -- Passed on to the client as they are (optional).
  on_attach = nil,
  capabilities = nil,
  handlers = nil,
}

M.config = vim.deepcopy(defaults)

-- Client ids by root directory (Neovim 0.7, which has no vim.lsp.start).
local clients_by_root = {}

local has_start = type(vim.lsp.start) == 'function'
local has_format = type(vim.lsp.buf.format) == 'function'
local has_methods = vim.fn.has('nvim-0.11') == 1 -- client:notify() style
-- Neovim 0.8 sets 'omnifunc' and 'formatexpr' on attach, 0.10 maps K to
-- hover (vim.lsp._set_defaults); the plugin does it only before that.
local sets_options = vim.fn.has('nvim-0.8') == 1
local maps_hover = vim.fn.has('nvim-0.10') == 1

-- clients returns the pgnls clients, of bufnr when given.
local function clients(bufnr)
  if type(vim.lsp.get_clients) == 'function' then -- 0.10+
    return vim.lsp.get_clients({ name = M.name, bufnr = bufnr })
  end
  local all = bufnr and vim.lsp.buf_get_clients(bufnr) or vim.lsp.get_active_clients()
  return vim.tbl_filter(function(c)
    return c.name == M.name
  end, vim.tbl_values(all))
end

local function notify(client, method, params)
  if has_methods then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

local function settings_table()
  local s = M.config.settings
  if s == nil or next(s) == nil then
    return vim.empty_dict()
  end
  return s
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ':h')
end

-- find_root returns the nearest ancestor of path holding a root marker,
-- else the directory of path (or the working directory for a new buffer).
local function find_root(path)
  if path == nil or path == '' then
    return vim.fn.getcwd()
  end
  path = vim.fn.fnamemodify(path, ':p')
  local dir = dirname(path)
  local cur = dir
  while cur and cur ~= '' do
    for _, marker in ipairs(M.config.root_markers or {}) do
      if uv.fs_stat(cur .. '/' .. marker) then
        return cur
      end
    end
    local parent = dirname(cur)
    if parent == cur then
      break
    end
    cur = parent
  end
  return dir
end

-- supports_formatting tells whether the server said it formats documents.
local function supports_formatting(client)
  local caps = client.server_capabilities or {}
  if caps.documentFormattingProvider then
    return true
  end
  local resolved = client.resolved_capabilities -- Neovim 0.7
  return resolved ~= nil and resolved.document_formatting == true
end

-- client_for returns the running pgnls client attached to bufnr, if any.
function M.client_for(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  return clients(bufnr)[1]
end

-- format formats bufnr (default: the current buffer) with pgnls, waiting
-- at most timeout_ms. It does nothing when the server does not format.
function M.format(bufnr, timeout_ms)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  timeout_ms = timeout_ms or M.config.format_timeout_ms
  local client = M.client_for(bufnr)
  if client == nil or not supports_formatting(client) then
    return false
  end
  if has_format then
    vim.lsp.buf.format({
      bufnr = bufnr,
      timeout_ms = timeout_ms,
      filter = function(c)
        return c.name == M.name
      end,
    })
  else
    vim.api.nvim_buf_call(bufnr, function()
      vim.lsp.buf.formatting_sync(nil, timeout_ms)
    end)
  end
  return true
end

-- set_defaults gives bufnr, on the Neovim versions that do not do it
-- themselves, what 0.8+ (options) and 0.10+ (K) set on attach, each only
-- when the server offers the feature and the user left it unset.
local function set_defaults(client, bufnr)
  local caps = client.server_capabilities or {}
  local bo = vim.bo[bufnr]
  if not sets_options then
    if caps.completionProvider and bo.omnifunc == '' then
      bo.omnifunc = 'v:lua.vim.lsp.omnifunc'
    end
    if caps.documentRangeFormattingProvider and bo.formatexpr == '' and bo.formatprg == '' then
      bo.formatexpr = 'v:lua.vim.lsp.formatexpr()'
    end
  end
  if not maps_hover and caps.hoverProvider then
    vim.api.nvim_buf_call(bufnr, function()
      if vim.fn.maparg('K', 'n', false, false) == '' then
        vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'pgnls: hover' })
      end
    end)
  end
end

local function on_attach(client, bufnr)
  set_defaults(client, bufnr)
  -- The client's namespace holds the diagnostics of pgnls, in every
  -- buffer; configuring it leaves other servers and the global config be.
  if next(M.config.diagnostic or {}) ~= nil then
    vim.diagnostic.config(M.config.diagnostic, vim.lsp.diagnostic.get_namespace(client.id))
  end
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsFormat', function()
    M.format(bufnr)
  end, { bar = true, desc = 'pgnls: format the buffer' })
  if M.config.format_on_save then
    local group = vim.api.nvim_create_augroup('pgnls_format_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd('BufWritePre', {
      group = group,
      buffer = bufnr,
      desc = 'pgnls: format before writing',
      callback = function()
        M.format(bufnr)
      end,
    })
  end
  if M.config.on_attach then
    M.config.on_attach(client, bufnr)
  end
end

-- client_config returns the vim.lsp client configuration for bufnr.
function M.client_config(bufnr)
  local cfg = M.config
  local root = find_root(vim.api.nvim_buf_get_name(bufnr))
  local settings = settings_table()
  return {
    name = M.name,
    cmd = cfg.cmd,
    root_dir = root,
    workspace_folders = {
      { uri = vim.uri_from_fname(root), name = root },
    },
    init_options = settings,
    settings = { pgnls = settings },
    capabilities = cfg.capabilities or vim.lsp.protocol.make_client_capabilities(),
    handlers = cfg.handlers,
    flags = { debounce_text_changes = 150 },
    on_init = function(client)
      notify(client, 'workspace/didChangeConfiguration', { settings = { pgnls = settings } })
    end,
    on_attach = on_attach,
  }
end

-- attach starts pgnls for bufnr, or attaches bufnr to the client already
-- running for its root directory.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  if vim.fn.executable(M.config.cmd[1]) ~= 1 then
    vim.notify_once(
      string.format('pgnls: %q is not executable; install pgnls or set cmd in require("pgnls").setup()', M.config.cmd[1]),
      vim.log.levels.WARN
    )
    return nil
  end
  local config = M.client_config(bufnr)
  if has_start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients_by_root[config.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or client.is_stopped() then
    id = vim.lsp.start_client(config)
    if id == nil then
      return nil
    end
    clients_by_root[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

-- stop stops every pgnls client.
function M.stop()
  for _, client in ipairs(clients(nil)) do
    vim.lsp.stop_client(client.id)
  end
  clients_by_root = {}
end

-- setup configures pgnls and starts it for every buffer of the filetypes,
-- open now or later. Calling it again replaces the configuration.
function M.setup(opts)
  opts = opts or {}
  vim.validate({
    cmd = { opts.cmd, 'table', true },
    settings = { opts.settings, 'table', true },
    diagnostic = { opts.diagnostic, 'table', true },
    format_on_save = { opts.format_on_save, 'boolean', true },
    filetypes = { opts.filetypes, 'table', true },
  })
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts)
  -- Lists are replaced, not merged.
  if opts.cmd then
    M.config.cmd = opts.cmd
  end
  if opts.filetypes then
    M.config.filetypes = opts.filetypes
  end
  local group = vim.api.nvim_create_augroup('pgnls', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    desc = 'pgnls: start the language server',
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.config.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

return M
