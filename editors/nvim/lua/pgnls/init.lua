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
-- In each buffer it attaches to, it defines :PgnlsFormat and the board
-- commands of pgnls.board (:PgnlsBoard, :PgnlsBoardNext, :PgnlsBoardPrev,
-- :PgnlsPlay, :PgnlsCopyGame),
-- and it gives
-- Neovim 0.7 what 0.8 and later set by themselves: 'omnifunc' and
-- 'formatexpr' (0.8+) and K for hover (0.10+), unless the user set them.
-- The diagnostics of pgnls are shown with severity_sort (option
-- diagnostic), through the client's diagnostic namespace, so the global
-- vim.diagnostic.config() is left as it is.
--
-- Unless the user gives capabilities, it also tells the server what the
-- Neovim it runs in shows (see M.capabilities): plain-text hovers before
-- 0.10, whose Markdown float leaves `code` marks as they are; plain-text
-- completion documentation and snippets before 0.11, whose omnifunc
-- neither renders the one nor expands the other: the plugin expands the
-- server's snippets itself once an item is taken (CompleteDone), so that
-- a completed tag name writes the whole tag, `[Name ""]`, with the
-- cursor between the quotes. After a completion it closes the
-- [Scratch] [Preview] window that 'completeopt' "preview" opened for the
-- documentation.
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
  -- :PgnlsBoard (lua/pgnls/board.lua): the command that opens the
  -- board's split, run from the window of the PGN buffer, and how long
  -- the cursor must stay still before the board is updated.
  board = { split = 'botright 44vsplit', debounce_ms = 80 },
  -- Passed on to the client as they are (optional).
  on_attach = nil,
  capabilities = nil,
  handlers = nil,
}

M.config = vim.deepcopy(defaults)

-- Client ids by root directory (Neovim 0.7, which has no vim.lsp.start).
local clients_by_root = {}

local has_start = type(vim.lsp.start) == 'function'
local has_methods = vim.fn.has('nvim-0.11') == 1 -- client:notify() style
-- Neovim 0.10 draws Markdown hovers with treesitter, which conceals the
-- marks; before, its Markdown syntax leaves `code` marks in the float.
local renders_hover_markdown = vim.fn.has('nvim-0.10') == 1
-- Neovim 0.11's omnifunc (vim.lsp.completion) expands snippets and shows
-- documentation as Markdown; before, it inserts a snippet's text as it
-- parses it, the cursor after it, and shows documentation as it is.
local expands_snippets = vim.fn.has('nvim-0.11') == 1
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

-- Past this many edits, a formatting is applied as one change of the
-- buffer (see apply_many): Neovim 0.7 copies the whole buffer for each
-- change it reports to the server, so the thousands of edits of a big
-- file applied one by one take minutes.
local many_edits = 100

-- byte_col returns the byte column in line of an LSP character offset in
-- the client's encoding, clamped to the line.
function M.byte_col(line, character, encoding)
  if encoding == 'utf-8' then
    return math.min(character, #line)
  end
  local ok, col = pcall(vim.str_byteindex, line, character, encoding ~= 'utf-32')
  if not ok then
    return #line
  end
  return col
end

-- words returns the words (runs of ASCII letters and digits: "9.Bc2"
-- and "9. Bc2" have the same words) of s, each as { start, stop, text }
-- with 0-based start and exclusive stop.
local function words(s)
  local out = {}
  for a, w, b in s:gmatch('()(%w+)()') do
    table.insert(out, { a - 1, b - 1, w })
  end
  return out
end

-- follow returns where offset k of old lands in new, the text an edit
-- put in its place: on the same occurrence of the same word (the word at
-- k or the next one), at the same place in it, so that the cursor stays
-- on its move or tag when only the layout around it changes; else as far
-- into new as it was into old.
local function follow(old, new, k)
  local ow = words(old)
  local target, nth, off
  for _, w in ipairs(ow) do
    if k < w[2] then
      target, off = w[3], math.max(k - w[1], 0)
      break
    end
  end
  if target == nil then
    return math.min(k, #new)
  end
  nth = 0
  for _, w in ipairs(ow) do
    if w[3] == target then
      nth = nth + 1
    end
    if k < w[2] then
      break
    end
  end
  local seen = 0
  for _, w in ipairs(words(new)) do
    if w[3] == target then
      seen = seen + 1
      if seen == nth then
        return w[1] + math.min(off, #target - 1)
      end
    end
  end
  return math.min(k, #new)
end

-- apply_many applies edits (LSP TextEdits, in the client's encoding) to
-- bufnr as one change of the lines from the first edit to the last, and
-- keeps the cursor of each window on bufnr on its word (see follow).
local function apply_many(bufnr, edits, encoding)
  table.sort(edits, function(a, b)
    local x, y = a.range.start, b.range.start
    return x.line < y.line or x.line == y.line and x.character < y.character
  end)
  local count = vim.api.nvim_buf_line_count(bufnr)
  local first = math.min(edits[1].range.start.line, count - 1)
  local last = first
  for _, e in ipairs(edits) do
    last = math.max(last, math.min(e.range['end'].line, count - 1))
  end
  local lines = vim.api.nvim_buf_get_lines(bufnr, first, last + 1, false)
  local starts, at = {}, 0 -- offset of each line in the text of lines
  for i, l in ipairs(lines) do
    starts[i] = at
    at = at + #l + 1
  end
  local old = table.concat(lines, '\n')
  local function offset(pos)
    local row = pos.line - first + 1
    if row > #lines then
      return #old
    end
    return starts[row] + M.byte_col(lines[row], pos.character, encoding)
  end
  local cursors = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_buf(win) == bufnr then
      local c = vim.api.nvim_win_get_cursor(win)
      if c[1] - 1 >= first and c[1] - 1 <= last then
        cursors[win] = { old = starts[c[1] - first] + c[2] }
      end
    end
  end
  -- The edits, in offsets of old, each grown to whole words (a formatter's
  -- edit may start inside the word the cursor is on).
  local spans = {}
  for _, e in ipairs(edits) do
    local a, b = offset(e.range.start), offset(e.range['end'])
    local prev = spans[#spans]
    if prev == nil or a >= prev.b then
      table.insert(spans, { a = a, b = b, text = e.newText:gsub('\r\n', '\n') })
    end
  end
  for i, sp in ipairs(spans) do
    local floor = i > 1 and spans[i - 1].b or 0
    local ceil = i < #spans and spans[i + 1].a or #old
    local a, b = sp.a, sp.b
    while a > floor and old:sub(a, a):match('%S') do
      a = a - 1
    end
    while b < ceil and old:sub(b + 1, b + 1):match('%S') do
      b = b + 1
    end
    sp.text = old:sub(a + 1, sp.a) .. sp.text .. old:sub(sp.b + 1, b)
    sp.a, sp.b = a, b
  end
  local pieces, pos, delta = {}, 0, 0
  for _, sp in ipairs(spans) do
    local a, b, text = sp.a, sp.b, sp.text
    table.insert(pieces, old:sub(pos + 1, a))
    table.insert(pieces, text)
    for _, c in pairs(cursors) do
      if c.new == nil and c.old < a then
        c.new = c.old + delta
      elseif c.new == nil and c.old < b then
        c.new = a + delta + follow(old:sub(a + 1, b), text, c.old - a)
      end
    end
    delta = delta + #text - (b - a)
    pos = b
  end
  table.insert(pieces, old:sub(pos + 1))
  local new = table.concat(pieces)
  vim.api.nvim_buf_set_lines(bufnr, first, last + 1, false, vim.split(new, '\n', { plain = true }))
  for win, c in pairs(cursors) do
    local k = c.new or (c.old + delta)
    local before = new:sub(1, k)
    local _, row = before:gsub('\n', '')
    local col = k - (before:match('.*()\n') or 0)
    pcall(vim.api.nvim_win_set_cursor, win, { first + row + 1, col })
  end
end

-- format formats bufnr (default: the current buffer) with pgnls, waiting
-- at most timeout_ms. It does nothing when the server does not format.
-- A formatting of many edits (a big file) is applied as one change of
-- the buffer, keeping the cursor on its word; a small one by Neovim.
function M.format(bufnr, timeout_ms)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  timeout_ms = timeout_ms or M.config.format_timeout_ms
  local client = M.client_for(bufnr)
  if client == nil or not supports_formatting(client) then
    return false
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, options = { tabSize = 8, insertSpaces = false } }
  local response, err = client.request_sync('textDocument/formatting', params, timeout_ms, bufnr)
  if response == nil or response.err then
    vim.notify('pgnls: formatting failed: ' .. tostring(err or (response and vim.inspect(response.err))), vim.log.levels.WARN)
    return false
  end
  local edits = response.result or {}
  if #edits == 0 then
    return true
  end
  local encoding = client.offset_encoding or 'utf-16'
  if #edits > many_edits then
    apply_many(bufnr, edits, encoding)
  else
    vim.lsp.util.apply_text_edits(edits, bufnr, encoding)
  end
  return true
end

-- parse_snippet reads a snippet of the TextMate syntax the server sends
-- (tabstops "$1" and "${1}", placeholders "${1:text}", "\\" escapes of
-- "$", "}" and "\\") and returns its text (placeholders written out) and
-- its tabstops, each as { n = number, start = byte, stop = byte } (0-based,
-- stop exclusive) in that text; nil for anything else (choices,
-- variables, nested placeholders), which the plugin leaves as inserted.
function M.parse_snippet(s)
  local text, stops = {}, {}
  local pos, i = 0, 1
  local function lit(ch)
    table.insert(text, ch)
    pos = pos + #ch
  end
  while i <= #s do
    local c = s:sub(i, i)
    if c == '\\' and i < #s then
      lit(s:sub(i + 1, i + 1))
      i = i + 2
    elseif c == '$' then
      local n, j = s:match('^(%d+)()', i + 1)
      if n then
        table.insert(stops, { n = tonumber(n), start = pos, stop = pos })
        i = j
      else
        n, j = s:match('^{(%d+)()', i + 1)
        if n == nil then
          return nil
        end
        local start = pos
        if s:sub(j, j) == ':' then
          j = j + 1
          while j <= #s and s:sub(j, j) ~= '}' do
            local d = s:sub(j, j)
            if d == '\\' and j < #s then
              lit(s:sub(j + 1, j + 1))
              j = j + 2
            elseif d == '$' then
              return nil
            else
              lit(d)
              j = j + 1
            end
          end
        end
        if s:sub(j, j) ~= '}' then
          return nil
        end
        table.insert(stops, { n = tonumber(n), start = start, stop = pos })
        i = j + 1
      end
    else
      lit(c)
      i = i + 1
    end
  end
  return table.concat(text), stops
end

-- first_stop returns the tabstop the cursor goes to: the lowest above
-- 0, else $0, else nil.
local function first_stop(stops)
  local best
  for _, st in ipairs(stops) do
    if st.n > 0 and (best == nil or best.n == 0 or st.n < best.n) or st.n == 0 and best == nil then
      best = st
    end
  end
  return best
end

-- The default value a completion took out of a tag (see
-- expand_completed), put back if Insert mode is left with nothing typed:
-- { buf, row (1-based), col (byte), default, line (the line as left) }.
local taken_default

-- expand_completed writes the snippet of the item just taken from the
-- completion menu (v:completed_item), which Neovim 0.7-0.10 inserted as
-- text (as they parse it), the cursor after it: the snippet's text
-- without the placeholder of its first tabstop, the cursor there. A
-- completed tag name so becomes `[Name ""]`, the cursor between the
-- quotes; a placeholder (a default value, such as today's date) comes
-- back when Insert mode is left with nothing typed. Typing replaces it
-- as a snippet engine's Select mode would, without that mode, which a
-- completion ended by a typed character (a single match, inserted
-- without a menu) cannot enter before that character is inserted. Items
-- of other servers attached to the buffer are expanded alike: Neovim
-- inserted their snippets as text too.
local function expand_completed(bufnr)
  taken_default = nil
  local item = vim.v.completed_item
  local data = type(item) == 'table' and item.user_data
  local lsp = type(data) == 'table' and type(data.nvim) == 'table' and data.nvim.lsp
  local ci = type(lsp) == 'table' and lsp.completion_item
  if type(ci) ~= 'table' or ci.insertTextFormat ~= 2 or type(item.word) ~= 'string' then
    return
  end
  local snippet = type(ci.textEdit) == 'table' and ci.textEdit.newText or ci.insertText or ci.label
  local text, stops = M.parse_snippet(snippet or '')
  local stop = text and first_stop(stops)
  if stop == nil or text:find('\n', 1, true) then
    return
  end
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local start = col - #item.word
  if start < 0 or vim.api.nvim_get_current_line():sub(start + 1, col) ~= item.word then
    return
  end
  local default = text:sub(stop.start + 1, stop.stop)
  vim.api.nvim_buf_set_text(bufnr, row - 1, start, row - 1, col, { text:sub(1, stop.start) .. text:sub(stop.stop + 1) })
  vim.api.nvim_win_set_cursor(0, { row, start + stop.start })
  if default ~= '' then
    taken_default = { buf = bufnr, row = row, col = start + stop.start, default = default, line = vim.api.nvim_get_current_line() }
  end
end

-- restore_default puts back the default value expand_completed took out
-- when nothing was typed in its place.
local function restore_default(bufnr)
  local t = taken_default
  taken_default = nil
  if t == nil or t.buf ~= bufnr then
    return
  end
  if vim.api.nvim_buf_get_lines(bufnr, t.row - 1, t.row, false)[1] == t.line then
    vim.api.nvim_buf_set_text(bufnr, t.row - 1, t.col, t.row - 1, t.col, { t.default })
  end
end

-- close_preview closes the windows that completion opened to show an
-- item's documentation ('completeopt' "preview": a [Scratch] buffer in
-- the preview window), once the completion is over.
local function close_preview()
  if vim.fn.pumvisible() == 1 then
    return
  end
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    local buf = vim.api.nvim_win_get_buf(win)
    if vim.wo[win].previewwindow and vim.bo[buf].buftype == 'nofile' and vim.api.nvim_buf_get_name(buf) == '' then
      pcall(vim.api.nvim_win_close, win, true)
    end
  end
end

-- M.capabilities returns the client capabilities the plugin announces
-- when the user gives none: Neovim's, with what the Neovim it runs in
-- shows. Hovers in plain text before 0.10 (see renders_hover_markdown);
-- before 0.11, completion documentation in plain text and snippets,
-- which the plugin expands (expand_completed). The order of the formats
-- is the client's preference.
function M.capabilities()
  local caps = vim.lsp.protocol.make_client_capabilities()
  local td = caps.textDocument
  if not renders_hover_markdown then
    td.hover = td.hover or {}
    td.hover.contentFormat = { 'plaintext' }
  end
  if not expands_snippets then
    td.completion = td.completion or {}
    td.completion.completionItem = td.completion.completionItem or {}
    td.completion.completionItem.documentationFormat = { 'plaintext' }
    td.completion.completionItem.snippetSupport = true
  end
  return caps
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
  local group = vim.api.nvim_create_augroup('pgnls_complete_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('CompleteDone', {
    group = group,
    buffer = bufnr,
    desc = 'pgnls: expand the snippet of a completion, close its preview window',
    callback = function()
      if M.config.capabilities == nil and not expands_snippets then
        expand_completed(bufnr)
      end
      vim.schedule(close_preview)
    end,
  })
  vim.api.nvim_create_autocmd('InsertLeave', {
    group = group,
    buffer = bufnr,
    desc = 'pgnls: put back the default value of a completed tag left empty',
    callback = function()
      restore_default(bufnr)
    end,
  })
  -- The client's namespace holds the diagnostics of pgnls, in every
  -- buffer; configuring it leaves other servers and the global config be.
  if next(M.config.diagnostic or {}) ~= nil then
    vim.diagnostic.config(M.config.diagnostic, vim.lsp.diagnostic.get_namespace(client.id))
  end
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsFormat', function()
    M.format(bufnr)
  end, { bar = true, desc = 'pgnls: format the buffer' })
  local board = require('pgnls.board')
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsBoard', board.open, { bar = true, desc = 'pgnls: show the board at the cursor in a split' })
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsBoardNext', board.next, { bar = true, desc = 'pgnls: go to the next move of the line' })
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsBoardPrev', board.prev, { bar = true, desc = 'pgnls: go to the previous move of the line' })
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsPlay', function(opts)
    board.play(opts.args)
  end, { nargs = 1, complete = board.complete_moves, desc = 'pgnls: play a move (SAN or UCI; CTL-AN in CTL-PGN) at the cursor' })
  vim.api.nvim_buf_create_user_command(bufnr, 'PgnlsCopyGame', function(opts)
    board.copy_game(opts.args)
  end, { nargs = 1, complete = board.complete_strip, desc = 'pgnls: copy the game at the cursor without comments, variations, nags or clk,emt,eval' })
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
    capabilities = cfg.capabilities or M.capabilities(),
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
    board = { opts.board, 'table', true },
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
