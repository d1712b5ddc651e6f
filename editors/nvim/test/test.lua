-- Headless Neovim test of the pgnls plugin, run by .ci/editors:
--
--   nvim --headless -u NONE -i NONE -n -c 'luafile editors/nvim/test/test.lua'
--
-- The plugin is loaded as a user would load it (runtimepath, filetype
-- detection, require('pgnls').setup()), with pgnls taken from PATH. The
-- environment gives:
--   PGNLS_NVIM_PLUGIN   the plugin directory (editors/nvim)
--   PGNLS_TEST_WORK     a scratch directory holding copies of editors/testdata
--                       (illegal.pgn, illegal.ctl-pgn, messy.pgn,
--                       messy.ctl-pgn, error-and-info.pgn, broken.pgn,
--                       legacy-check.ctl-pgn) and
--                       messy.pgn.expected, messy.ctl-pgn.expected,
--                       broken.pgn.expected (the output of pgnls fmt)
--   PGNLS_TEST_CTL_ILLEGAL  "1" when `pgnls check` reports a code containing
--                       "illegal" for illegal.ctl-pgn: the server must too
--   PGNLS_TEST_RESULTS  where to write the results, one line per check:
--                       "pass|fail|skip<TAB>name<TAB>detail"
-- It ends with :qall! when every check passed or was skipped, else :cquit 1.
-- Features the server does not announce in its capabilities (hover,
-- completion, formatting) are skipped, not failed.

local plugin = assert(os.getenv('PGNLS_NVIM_PLUGIN'), 'PGNLS_NVIM_PLUGIN not set')
local work = assert(os.getenv('PGNLS_TEST_WORK'), 'PGNLS_TEST_WORK not set')
local results_path = assert(os.getenv('PGNLS_TEST_RESULTS'), 'PGNLS_TEST_RESULTS not set')
local ctl_illegal_expected = os.getenv('PGNLS_TEST_CTL_ILLEGAL') == '1'

local results = {}

local function record(status, name, detail)
  detail = tostring(detail or ''):gsub('[\r\n\t]+', ' ')
  table.insert(results, string.format('%s\t%s\t%s', status, name, detail))
end

local function check(name, ok, detail)
  record(ok and 'pass' or 'fail', name, detail)
  return ok
end

local function finish()
  local f = assert(io.open(results_path, 'w'))
  f:write(table.concat(results, '\n') .. '\n')
  f:close()
  local failed = false
  for _, line in ipairs(results) do
    if line:sub(1, 4) == 'fail' then
      failed = true
    end
  end
  local pgnls = package.loaded['pgnls']
  if pgnls then
    pgnls.stop()
    vim.wait(2000, function()
      return #vim.tbl_filter(function(c)
        return c.name == 'pgnls'
      end, vim.lsp.get_active_clients()) == 0
    end, 50)
  end
  if failed then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

local function read_file(path)
  local f = io.open(path, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

local function find(bufnr, needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then
      -- ASCII lines: bytes are UTF-16 code units
      return i - 1, col - 1
    end
  end
  error('not found in buffer: ' .. needle)
end

local function hover_text(result)
  if result == nil or result.contents == nil then
    return ''
  end
  local c = result.contents
  if type(c) == 'string' then
    return c
  end
  if c.value then
    return c.value
  end
  local parts = {}
  for _, item in ipairs(c) do
    table.insert(parts, type(item) == 'string' and item or item.value or '')
  end
  return table.concat(parts, '\n')
end

-- request sends a request to the pgnls client of bufnr and waits for it.
local function request(bufnr, method, params)
  local client = require('pgnls').client_for(bufnr)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, 5000)
  if not responses then
    return nil, err or 'no response'
  end
  local r = responses[client.id]
  if r == nil then
    return nil, 'no response from pgnls'
  end
  if r.err or r.error then
    return nil, vim.inspect(r.err or r.error)
  end
  return r.result
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

local function wait_client(bufnr)
  local pgnls = require('pgnls')
  vim.wait(15000, function()
    local c = pgnls.client_for(bufnr)
    return c ~= nil and c.initialized == true
  end, 20)
  return pgnls.client_for(bufnr)
end

local function codes(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out, string.format('%d:%d %s', d.lnum + 1, d.col + 1, tostring(d.code)))
  end
  return table.concat(out, ', ')
end

local function wait_diagnostic(bufnr, match)
  local found
  vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if type(d.code) == 'string' and match(d.code) then
        found = d
        return true
      end
    end
    return false
  end, 20)
  return found
end

local function write_file(path, text)
  local f = assert(io.open(path, 'wb'))
  f:write(text)
  f:close()
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
end

-- omni_complete types keys (ending in <C-x><C-o>) in Insert mode, as a
-- user would, and returns the words of the popup menu, or nil. With
-- accept, it then takes the selected item (<C-y>) and also returns the
-- line and the cursor column (1-based, in Insert mode) after that. A
-- timer reads the menu and leaves Insert mode, which ends the feedkeys
-- call.
local function omni_complete(keys, accept)
  local words, line, col, ticks, accepted = nil, nil, nil, 0, nil
  local function key(k)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), 'n', false)
  end
  vim.fn.timer_start(20, function(timer)
    ticks = ticks + 1
    if accepted then
      -- Neovim 0.11+ expands the item's snippet after <C-y>, from an
      -- event: on a busy machine that takes more than one tick.
      if vim.api.nvim_get_current_line():find('"', 1, true) or ticks - accepted > 50 then
        line, col = vim.api.nvim_get_current_line(), vim.fn.col('.')
        vim.fn.timer_stop(timer)
        key('<Esc>')
      end
    elseif vim.fn.pumvisible() == 1 then
      words = vim.tbl_map(function(item)
        return item.word
      end, vim.fn.complete_info({ 'items' }).items or {})
      if accept then
        accepted = ticks
        key('<C-y>')
      else
        vim.fn.timer_stop(timer)
        key('<C-e><Esc>')
      end
    elseif ticks > 250 then
      vim.fn.timer_stop(timer)
      key('<C-e><Esc>')
    end
  end, { ['repeat'] = -1 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'tx!', false)
  return words, line, col
end

-- omni_accept types keys (ending in <C-x><C-o>) in Insert mode, takes
-- the first item of the popup menu (<C-y>), types typed and leaves
-- Insert mode, as a user would. It returns the words of the menu (nil:
-- no menu: a single match is inserted without one, unless 'completeopt'
-- holds "menuone") and the line right after the item was taken. A timer
-- reads the menu, takes the item, waits for what the client does after
-- that (Neovim 0.11+ expands the item's snippet from an event: on a busy
-- machine that takes more than one tick), then types the rest, whose
-- <Esc> ends the feedkeys call. line is the line as typed, before the
-- completion.
local function omni_accept(keys, line, typed)
  local words, taken, ticks, accepted, sent = nil, nil, 0, nil, false
  local function key(k)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), 'n', false)
  end
  local timer = vim.fn.timer_start(20, function(timer)
    ticks = ticks + 1
    if accepted then
      if vim.api.nvim_get_current_line():find('"]', 1, true) or ticks - accepted > 50 then
        taken = vim.api.nvim_get_current_line()
        vim.fn.timer_stop(timer)
        sent = true
        key(typed .. '<Esc>')
      end
    elseif vim.fn.pumvisible() == 1 then
      words = vim.tbl_map(function(item)
        return item.word
      end, vim.fn.complete_info({ 'items' }).items or {})
      accepted = ticks
      key('<C-y>')
    elseif vim.api.nvim_get_current_line() ~= line then
      accepted = ticks -- the only match, inserted
    elseif ticks > 250 then
      vim.fn.timer_stop(timer)
      key('<C-e><Esc>')
    end
  end, { ['repeat'] = -1 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'tx!', false)
  if not sent then
    -- Neovim 0.11+ ends that call in Select mode, over the placeholder
    -- of the snippet it expanded (the "!" flag keeps only Insert mode):
    -- type there.
    vim.fn.timer_stop(timer)
    taken = taken or vim.api.nvim_get_current_line()
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(typed .. '<Esc>', true, false, true), 'tx', false)
  end
  return words, taken
end

-- preview_windows returns the names of the buffers shown in preview
-- windows ('previewwindow': the [Scratch] [Preview] window that
-- completion opens for an item's documentation with 'completeopt'
-- holding "preview").
local function preview_windows()
  local out = {}
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.wo[w].previewwindow then
      table.insert(out, vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(w)) .. ': '
        .. table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, 2, false), ' '))
    end
  end
  return out
end

-- ts_concealed tells whether treesitter conceals the byte at row, col
-- (0-based) of bufnr, and what it shows instead. Neovim 0.10+ draws
-- Markdown hovers with treesitter, whose conceal does not show in
-- synconcealed().
local function ts_concealed(bufnr, row, col)
  if not (vim.treesitter and vim.treesitter.highlighter and vim.treesitter.highlighter.active[bufnr]) then
    return false
  end
  -- A redraw parses what changed; headless Neovim does not redraw.
  vim.treesitter.get_parser(bufnr):parse(true)
  for _, c in ipairs(vim.treesitter.get_captures_at_pos(bufnr, row, col)) do
    local md = c.metadata or {}
    local conceal = md.conceal or (md[c.id] and md[c.id].conceal)
    if conceal then
      return true, conceal
    end
  end
  return false
end

-- visible_text returns the lines of window win as they are shown:
-- without the characters that syntax or treesitter conceals
-- ('conceallevel').
local function visible_text(win)
  local out = {}
  vim.api.nvim_win_call(win, function()
    local buf = vim.api.nvim_get_current_buf()
    for i, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
      local shown = {}
      for c = 1, #l do
        local sc = vim.fn.synconcealed(i, c)
        local tc, with = ts_concealed(buf, i - 1, c - 1)
        if sc[1] == 1 then
          table.insert(shown, sc[2])
        elseif tc then
          -- A treesitter conceal replaces the node with one character.
          local prev = c > 1 and ts_concealed(buf, i - 1, c - 2)
          table.insert(shown, prev and '' or with)
        else
          table.insert(shown, l:sub(c, c))
        end
      end
      table.insert(out, table.concat(shown))
    end
  end)
  return out
end

-- hover_float runs K and returns the float's lines as shown, or nil and
-- why not.
local function hover_float()
  local ok, err = pcall(vim.cmd, 'normal K') -- not normal!: the buffer's mapping
  if not ok then
    return nil, err
  end
  local lines
  vim.wait(5000, function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' then
        lines = visible_text(w)
        vim.api.nvim_win_close(w, true)
        return true
      end
    end
    return false
  end, 20)
  return lines, lines == nil and 'no float' or nil
end

-- terminal_hover_problem tells what makes hover text on move (shown as
-- "Move " .. label) unfit for a terminal, or returns nil: an image,
-- Markdown marks (fences, emphasis, single backticks, and for a plain
-- text hover rules and table rows too), a first line that does not say
-- in words what the move is, or no text board after it.
local function terminal_hover_problem(text, label, plain)
  local first = text:match('^%s*([^\n]*)') or ''
  local rest = text:match('^%s*[^\n]*\n(.*)$') or ''
  if not text:match('%S') then
    return 'empty'
  elseif text:find('data:image', 1, true) then
    return 'holds a data:image'
  elseif text:find('```', 1, true) then
    return 'holds a ``` fence'
  elseif text:find('**', 1, true) then
    return 'holds ** emphasis'
  elseif text:find('`', 1, true) then
    return 'holds a ` code mark: ' .. text:match('[^\n]*`[^\n]*')
  elseif plain and (text:find('\n%-%-%-+\n') or text:find('\n|[^\n]*|\n')) then
    return 'holds a Markdown rule or table row'
  elseif first:find('Move ' .. label .. ' ', 1, true) ~= 1 then
    return string.format('starts with %q, not "Move %s"', first, label)
  elseif not rest:find('\n8 [%.%a]' .. string.rep(' [%.%a]', 7)) and not rest:find('^%s*8 [%.%a]' .. string.rep(' [%.%a]', 7)) then
    return 'no text board after the first line'
  end
  return nil
end

-- line_signs returns the diagnostic signs placed on line lnum (1-based)
-- of bufnr, each as {name, priority}, the one shown first first. Neovim
-- 0.10 places signs as extmarks, before it with sign_place().
local function line_signs(bufnr, lnum)
  local out = {}
  if vim.fn.has('nvim-0.10') == 1 then
    local marks = vim.api.nvim_buf_get_extmarks(bufnr, -1, { lnum - 1, 0 }, { lnum - 1, -1 }, { details = true, type = 'sign' })
    for _, m in ipairs(marks) do
      local d = m[4]
      if d.sign_hl_group and d.sign_hl_group:find('^DiagnosticSign') then
        table.insert(out, { name = d.sign_hl_group, priority = d.priority or 0 })
      end
    end
    table.sort(out, function(a, b)
      return a.priority > b.priority
    end)
    return out
  end
  local placed = vim.fn.sign_getplaced(bufnr, { group = '*', lnum = lnum })
  for _, s in ipairs(placed[1] and placed[1].signs or {}) do
    if s.name:find('^DiagnosticSign') ~= nil then
      table.insert(out, { name = s.name, priority = s.priority })
    end
  end
  return out
end

-- virtual_text returns the virtual text chunks that vim.diagnostic shows
-- for namespace ns on line lnum (0-based) of bufnr.
local function virtual_text(bufnr, ns, lnum)
  local meta = vim.diagnostic.get_namespace(ns)
  local vt_ns = meta and meta.user_data and meta.user_data.virt_text_ns
  if vt_ns == nil then
    return nil
  end
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, vt_ns, { lnum, 0 }, { lnum, -1 }, { details = true })) do
    if m[4] and m[4].virt_text then
      return m[4].virt_text
    end
  end
  return nil
end

local function run()
  -- Load the plugin exactly as a user's config would.
  vim.opt.runtimepath:prepend(plugin)
  -- Neovim turns syntax on by default; -u NONE leaves it off.
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')
  local pgnls = require('pgnls')
  pgnls.setup({
    settings = {
      lineLength = 79,
      tagOrder = 'lenient',
      dialect = 'auto',
      diagnostics = {},
      -- "Analyse game": stockfish (.ci/run installs it), a small search.
      engine = { nodes = 2000, threads = 1 },
    },
    format_on_save = true,
  })
  check('default cmd is pgnls serve from PATH', vim.deep_equal(pgnls.config.cmd, { 'pgnls', 'serve' }), vim.fn.exepath('pgnls'))

  -- PGN: filetype, server start, illegal-move diagnostic, NAG hover.
  local pgn = open(work .. '/illegal.pgn')
  check('ftdetect *.pgn', vim.bo[pgn].filetype == 'pgn', vim.bo[pgn].filetype)
  local client = wait_client(pgn)
  if not check('server starts for pgn', client ~= nil, 'pgnls client attached and initialized') then
    return
  end
  local caps = client.server_capabilities or {}

  local d = wait_diagnostic(pgn, function(c)
    return c == 'illegal-move'
  end)
  local kl, kc = find(pgn, 'Ke3')
  check(
    'pgn: illegal-move diagnostic on Ke3',
    d ~= nil and d.lnum == kl and d.col == kc and d.severity == vim.diagnostic.severity.ERROR,
    d and string.format('%d:%d %s', d.lnum + 1, d.col + 1, d.message) or ('got: ' .. codes(pgn))
  )

  if caps.hoverProvider then
    local l, c = find(pgn, '$1')
    local res, err = request(pgn, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(pgn) },
      position = { line = l, character = c + 1 },
    })
    local text = hover_text(res)
    check('pgn: hover on NAG $1 says "good move"', text:lower():find('good move', 1, true) ~= nil, err or text:sub(1, 120))
  else
    record('skip', 'pgn: hover on NAG $1', 'server has no hoverProvider yet')
  end

  -- What Neovim 0.8+ sets on attach (omnifunc, formatexpr) and 0.10+
  -- maps (K), the plugin sets on 0.7; on later versions Neovim's own
  -- defaults must pass the same checks.
  check('pgn: omnifunc is vim.lsp.omnifunc', vim.bo[pgn].omnifunc == 'v:lua.vim.lsp.omnifunc', vim.bo[pgn].omnifunc)
  check('pgn: formatexpr is vim.lsp.formatexpr()', vim.bo[pgn].formatexpr == 'v:lua.vim.lsp.formatexpr()', vim.bo[pgn].formatexpr)
  do
    local l, c = find(pgn, '$1')
    vim.api.nvim_win_set_cursor(0, { l + 1, c + 1 })
    local lines, why = hover_float()
    local text = lines and table.concat(lines, ' ') or ''
    check('pgn: K shows the hover of NAG $1 in a float', text:lower():find('good move', 1, true) ~= nil, why or text:sub(1, 120))
  end

  -- Hover on a move, for a terminal: no image; first a line that says
  -- what the move does, then the text board. Neovim 0.7-0.9 draw
  -- Markdown hovers with its syntax file, which leaves single backticks
  -- (code) as they are: the plugin asks those for plain text, which must
  -- hold no Markdown at all; 0.10+ conceal what the server's Markdown
  -- marks. What Neovim shows in the float must have no marks left, for
  -- the cursor on the move and on its square (a rule and a list then).
  if caps.hoverProvider then
    local l, c = find(pgn, '1. e4')
    local res, err = request(pgn, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(pgn) },
      position = { line = l, character = c + 3 },
    })
    local raw = hover_text(res)
    check('pgn: hover on move e4 sends no image', raw:match('%S') ~= nil and not raw:find('data:image', 1, true), err or raw:sub(1, 120))
    local plain = res and type(res.contents) == 'table' and res.contents.kind == 'plaintext'
    check('pgn: hovers are plain text before Neovim 0.10, else Markdown',
      plain == (vim.fn.has('nvim-0.10') == 0), res and vim.inspect(res.contents.kind))
    local kl, kc = find(pgn, 'Ke3')
    for _, at in ipairs({ { l, c + 3, '1. e4', 'the square of' }, { kl, kc, '2. Ke3', 'the illegal move' } }) do
      vim.api.nvim_win_set_cursor(0, { at[1] + 1, at[2] })
      local lines, why = hover_float()
      local shown = lines and table.concat(lines, '\n') or ''
      why = why or terminal_hover_problem(shown, at[3], plain)
      check('pgn: K on ' .. at[4] .. ' ' .. at[3] .. ' shows what the move does, then the text board, no image or Markdown marks',
        why == nil, (why and why .. ': ' or '') .. shown:sub(1, 160))
    end
  else
    record('skip', 'pgn: hover on move e4', 'server has no hoverProvider yet')
  end

  -- severity_sort, on pgnls's namespace only: on a line with an error
  -- and an info after it, the sign and the virtual text are the error's.
  local sev = open(work .. '/error-and-info.pgn')
  wait_client(sev)
  wait_diagnostic(sev, function(c)
    return c == 'unverified-moves'
  end)
  local sl = find(sev, 'Ke3')
  local got = {}
  for _, dg in ipairs(vim.diagnostic.get(sev, { lnum = sl })) do
    table.insert(got, string.format('%s/%d', tostring(dg.code), dg.severity))
  end
  if check('error-and-info.pgn: an error and an info on one line', #got == 2, table.concat(got, ' ')) then
    local signs = line_signs(sev, sl + 1)
    local top = signs[1]
    check(
      'error-and-info.pgn: the sign shown is the error',
      top ~= nil and top.name == 'DiagnosticSignError' and (signs[2] == nil or signs[2].priority < top.priority),
      vim.inspect(vim.tbl_map(function(sg)
        return sg.name .. '@' .. sg.priority
      end, signs))
    )
    local ns = vim.lsp.diagnostic.get_namespace(client.id)
    if vim.diagnostic.config(nil, ns).virtual_text then
      local vt = virtual_text(sev, ns, sl)
      local last = vt and vt[#vt]
      check(
        'error-and-info.pgn: the virtual text shows the error',
        last ~= nil and last[2] == 'DiagnosticVirtualTextError' and last[1]:find('Ke3', 1, true) ~= nil,
        vim.inspect(vt)
      )
    else
      -- Neovim 0.11+ has virtual text off by default: the float lists
      -- the line's diagnostics, the error first.
      vim.api.nvim_win_set_cursor(0, { sl + 1, 0 })
      local fbuf, fwin = vim.diagnostic.open_float({ scope = 'line' })
      local flines = fbuf and vim.api.nvim_buf_get_lines(fbuf, 0, -1, false) or {}
      if fwin then
        vim.api.nvim_win_close(fwin, true)
      end
      local first = flines[2] or ''
      check('error-and-info.pgn: the diagnostic float lists the error first', first:find('Ke3', 1, true) ~= nil, table.concat(flines, ' | '))
    end
    check('severity_sort is set on the pgnls namespace', vim.diagnostic.config(nil, ns).severity_sort == true, vim.inspect(vim.diagnostic.config(nil, ns)))
    check('the global vim.diagnostic.config() is left as it is', not vim.diagnostic.config().severity_sort, vim.inspect(vim.diagnostic.config().severity_sort))
  end

  -- CTL-PGN: filetype, the same client, legality diagnostic, hex hover.
  local ctl = open(work .. '/illegal.ctl-pgn')
  check('ftdetect *.ctl-pgn', vim.bo[ctl].filetype == 'ctlpgn', vim.bo[ctl].filetype)
  local ctl_client = wait_client(ctl)
  check('one server for both filetypes', ctl_client ~= nil and ctl_client.id == client.id, ctl_client and ctl_client.id)
  if ctl_illegal_expected then
    local cd = wait_diagnostic(ctl, function(c)
      return c:find('illegal', 1, true) ~= nil
    end)
    local el = find(ctl, 'EE5-E11')
    check(
      'ctl-pgn: illegal diagnostic on EE5-E11',
      cd ~= nil and cd.lnum == el,
      cd and string.format('%d:%d %s: %s', cd.lnum + 1, cd.col + 1, cd.code, cd.message) or ('got: ' .. codes(ctl))
    )
  else
    record('skip', 'ctl-pgn: illegal diagnostic on EE5-E11', 'pgnls check reports no *illegal* code for it yet')
  end
  if caps.hoverProvider then
    local l, c = find(ctl, 'H12')
    local res, err = request(ctl, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(ctl) },
      position = { line = l, character = c + 1 },
    })
    local text = hover_text(res)
    check('ctl-pgn: hover on hex H12', text:match('%S') ~= nil, err or text:sub(1, 120))
  else
    record('skip', 'ctl-pgn: hover on hex H12', 'server has no hoverProvider yet')
  end

  -- CTL-PGN: the quick fix of a move on a line holding '×', through
  -- vim.lsp.buf.code_action() as a user asks for it. Neovim 0.7 to 0.10
  -- send the context's diagnostics with byte columns (vim.diagnostic's),
  -- which '×' (two bytes) sets apart from the UTF-16 columns pgnls sent.
  if caps.codeActionProvider then
    local lc = open(work .. '/legacy-check.ctl-pgn')
    wait_client(lc)
    local d = wait_diagnostic(lc, function(c)
      return c == 'ctl-legacy-check'
    end)
    local row, col = find(lc, 'JC13×RG1^+') -- byte column: the cursor's unit
    vim.api.nvim_win_set_cursor(0, { row + 1, col })
    local titles, applied
    local select = vim.ui.select
    vim.ui.select = function(items, opts, on_choice)
      titles = {}
      local pick
      for i, item in ipairs(items) do
        local title = opts.format_item(item)
        table.insert(titles, title)
        if title == 'Write JC13×RG1+^' then
          pick = i
        end
      end
      if pick then
        on_choice(items[pick], pick)
        applied = true
      else
        on_choice(nil, nil)
      end
    end
    local ok_ca, err_ca = pcall(vim.lsp.buf.code_action)
    vim.wait(5000, function()
      return titles ~= nil
    end, 20)
    vim.ui.select = select
    local line = vim.api.nvim_buf_get_lines(lc, row, row + 1, false)[1]
    check(
      "ctl-pgn: code action on a line with '×' offers and applies Write JC13×RG1+^",
      d ~= nil and applied == true and line == '32. RI3×GG1, JC13×RG1+^:',
      string.format(
        '%s; diagnostic %s; actions %s; line %q',
        ok_ca and 'requested' or tostring(err_ca),
        d and string.format('%d:%d-%d:%d', d.lnum, d.col, d.end_lnum, d.end_col) or 'none (' .. codes(lc) .. ')',
        titles and table.concat(titles, ' | ') or 'none offered',
        tostring(line)
      )
    )
  else
    record('skip', "ctl-pgn: code action on a line with '×'", 'server has no codeActionProvider')
  end

  -- "Analyse game", as a user asks for it: the code action's command
  -- runs the engine in the background and the annotations come back as
  -- one workspace/applyEdit, which Neovim applies to the buffer.
  if caps.executeCommandProvider then
    local path = work .. '/analyse.pgn'
    local f = assert(io.open(path, 'w'))
    f:write('[Event "Analyse"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n')
    f:close()
    local an = open(path)
    wait_client(an)
    local row = find(an, '1. e4')
    vim.api.nvim_win_set_cursor(0, { row + 1, 3 })
    local titles
    local select = vim.ui.select
    vim.ui.select = function(items, opts, on_choice)
      titles = {}
      local pick
      for i, item in ipairs(items) do
        local title = opts.format_item(item)
        table.insert(titles, title)
        if title:sub(1, 12) == 'Analyse game' then
          pick = i
        end
      end
      on_choice(pick and items[pick] or nil, pick)
    end
    local ok_ca, err_ca = pcall(vim.lsp.buf.code_action)
    local annotated = vim.wait(30000, function()
      local line = vim.api.nvim_buf_get_lines(an, row, row + 1, false)[1] or ''
      return line:find('[%eval', 1, true) ~= nil
    end, 50)
    vim.ui.select = select
    local line = vim.api.nvim_buf_get_lines(an, row, row + 1, false)[1]
    check(
      'pgn: code action "Analyse game" annotates the game with the engine',
      annotated and line:find('^1%. e4 {%[%%eval %-?%d+%.%d%d%]} e5 {%[%%eval') ~= nil,
      string.format('%s; actions %s; line %q', ok_ca and 'requested' or tostring(err_ca),
        titles and table.concat(titles, ' | ') or 'none offered', tostring(line))
    )
    vim.cmd('bwipeout! ' .. an)
  else
    record('skip', 'pgn: code action "Analyse game"', 'server has no executeCommandProvider')
  end

  -- "Strip comments", a source action on the game at the cursor, as a
  -- user picks it from vim.lsp.buf.code_action(): the game loses its
  -- comments (the [%clk] one too), the next game keeps its own.
  if caps.codeActionProvider then
    local path = work .. '/strip.pgn'
    local f = assert(io.open(path, 'w'))
    local roster = '[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n'
    f:write('[Event "One"]\n' .. roster .. '1. e4 { [%clk 0:05:00] best } e5 *\n\n'
      .. '[Event "Two"]\n[Result "*"]\n\n1. d4 { kept } d5 *\n')
    f:close()
    local st = open(path)
    wait_client(st)
    local row = find(st, '1. e4')
    vim.api.nvim_win_set_cursor(0, { row + 1, 3 })
    local titles
    local select = vim.ui.select
    vim.ui.select = function(items, opts, on_choice)
      titles = {}
      local pick
      for i, item in ipairs(items) do
        local title = opts.format_item(item)
        table.insert(titles, title)
        if title == 'Strip comments' then
          pick = i
        end
      end
      on_choice(pick and items[pick] or nil, pick)
    end
    local ok_ca, err_ca = pcall(vim.lsp.buf.code_action)
    local want = '[Event "One"]\n' .. roster .. '1. e4 e5 *\n\n[Event "Two"]\n[Result "*"]\n\n1. d4 { kept } d5 *\n'
    local stripped = vim.wait(5000, function()
      return buffer_text(st) == want
    end, 20)
    vim.ui.select = select
    check(
      'pgn: source action "Strip comments" strips the game at the cursor only',
      stripped,
      string.format('%s; actions %s; text %q', ok_ca and 'requested' or tostring(err_ca),
        titles and table.concat(titles, ' | ') or 'none offered', buffer_text(st))
    )
    vim.cmd('bwipeout! ' .. st)
  else
    record('skip', 'pgn: source action "Strip comments"', 'server has no codeActionProvider')
  end

  -- The quick fix of a near-duplicate, through vim.lsp.buf.code_action():
  -- the truncated copy goes, its Annotator tag goes to the longer game,
  -- as pgnls dedupe leaves the file (dups.pgn.expected).
  if caps.codeActionProvider then
    local dups = open(work .. '/dups.pgn')
    wait_client(dups)
    local d = wait_diagnostic(dups, function(c)
      return c == 'near-duplicate-game'
    end)
    local titles, applied
    if d then
      vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
      local select = vim.ui.select
      vim.ui.select = function(items, opts, on_choice)
        titles = {}
        local pick
        for i, item in ipairs(items) do
          local title = opts.format_item(item)
          table.insert(titles, title)
          if title == 'Remove this duplicate (keep the longer copy)' then
            pick = i
          end
        end
        if pick then
          on_choice(items[pick], pick)
          applied = true
        else
          on_choice(nil, nil)
        end
      end
      pcall(vim.lsp.buf.code_action)
      vim.wait(5000, function()
        return titles ~= nil
      end, 20)
      vim.ui.select = select
    end
    local want = read_file(work .. '/dups.pgn.expected')
    local got = buffer_text(dups)
    check(
      'pgn: quick fix Remove this duplicate (keep the longer copy)',
      d ~= nil and applied == true and got == want,
      string.format(
        'diagnostic %s; actions %s; %d lines, want %d',
        d and string.format('%d:%d', d.lnum + 1, d.col + 1) or 'none (' .. codes(dups) .. ')',
        titles and table.concat(titles, ' | ') or 'none offered',
        select(2, got:gsub('\n', '')),
        want and select(2, want:gsub('\n', '')) or -1
      )
    )
  else
    record('skip', 'pgn: quick fix Remove this duplicate', 'server has no codeActionProvider')
  end

  -- Tag completion, then format on save.
  local messy_path = work .. '/messy.pgn'
  local original = read_file(messy_path)
  local expected = read_file(messy_path .. '.expected')
  local messy = open(messy_path)
  wait_client(messy)
  if caps.completionProvider then
    local eco = find(messy, '[ECO ')
    vim.api.nvim_buf_set_lines(messy, eco + 1, eco + 1, false, { '[' })
    local res, err = request(messy, 'textDocument/completion', {
      textDocument = { uri = vim.uri_from_bufnr(messy) },
      position = { line = eco + 1, character = 1 },
      context = { triggerKind = 2, triggerCharacter = '[' },
    })
    local items = res and (res.items or res) or {}
    local labels = {}
    local known = 0
    local standard = {
      'Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'Annotator', 'ECO', 'FEN', 'SetUp',
      'PlyCount', 'TimeControl', 'Termination', 'WhiteElo', 'BlackElo', 'Opening', 'Variation', 'Mode',
    }
    for _, item in ipairs(items) do
      table.insert(labels, item.label)
      if vim.tbl_contains(standard, item.label) then
        known = known + 1
      end
    end
    check(
      'pgn: tag name completion after [',
      known > 0,
      err or string.format('%d items: %s', #labels, table.concat(vim.list_slice(labels, 1, 12), ' '))
    )
    vim.api.nvim_buf_set_lines(messy, eco + 1, eco + 2, false, {})
  else
    record('skip', 'pgn: tag name completion after [', 'server has no completionProvider yet')
  end

  -- Completion with <C-x><C-o> (omnifunc), in a copy that is not saved.
  if caps.completionProvider then
    local omni_path = work .. '/omni.pgn'
    write_file(omni_path, original)
    local omni = open(omni_path)
    wait_client(omni)
    vim.api.nvim_win_set_cursor(0, { find(omni, '[ECO ') + 1, 0 })
    local words, line, col = omni_complete('o[<C-x><C-o>', true)
    local tags = vim.tbl_filter(function(w)
      -- 0.7 shows the inserted text (Event "), 0.11+ the label.
      return w:match('^%u%a+') ~= nil
    end, words or {})
    check('pgn: <C-x><C-o> after [ lists tag names', #tags > 0,
      words and string.format('%d items: %s', #words, table.concat(vim.list_slice(words, 1, 8), ' | ')) or 'no popup menu')
    -- Taking the item leaves the cursor inside the value's quotes.
    local before = line and col and line:sub(1, col - 1) or ''
    check('pgn: the completed tag leaves the cursor inside its quotes', before:match('^%[%u%a+ "[^"]*$') ~= nil,
      line and string.format('%q, cursor at column %d', line, col) or 'nothing taken')
    vim.cmd('silent! pclose')
    -- A tag name completed and its value typed: the whole tag is written,
    -- closed, with the value between the quotes (a placeholder, today's
    -- date for a date tag, is replaced by what is typed, and stays when
    -- nothing is); no [Scratch] [Preview] window is left open (a menu
    -- of several tags shows their documentation there, with 'completeopt'
    -- "menu,preview", the default before 0.11), and the line has no
    -- error. A single match is inserted without a menu, and the
    -- completion ends with the next key: Neovim 0.11+ expands the
    -- snippet then, after that key is typed, so a placeholder is not
    -- replaced by the value typed there; the plugin, which expands it on
    -- 0.7-0.10, does it before.
    local cases = {
      { 'WhiteFi', 'FIDE 123', '^%[WhiteFideId "FIDE 123"%]$' },
      { 'Black', '2700', '^%[Black%a+ "2700"%]$' },
      { 'UTC', '2024.01.02', '^%[UTCDate "2024%.01%.02"%]$' },
      { 'EventD', '', '^%[EventDate "%d%d%d%d%.%d%d%.%d%d"%]$' },
    }
    if vim.fn.has('nvim-0.11') == 0 then
      table.insert(cases, { 'EventS', 'Acme', '^%[EventSponsor "Acme"%]$' })
      table.insert(cases, { 'PlyC', '42', '^%[PlyCount "42"%]$' })
    end
    for _, tc in ipairs(cases) do
      local row = find(omni, '[ECO ') + 1
      vim.api.nvim_win_set_cursor(0, { row, 0 })
      local menu, taken = omni_accept('o[' .. tc[1] .. '<C-x><C-o>', '[' .. tc[1], tc[2])
      local got = vim.api.nvim_buf_get_lines(omni, row, row + 1, false)[1]
      check('pgn: completing [' .. tc[1] .. ' writes the whole tag, the cursor inside its quotes', got ~= nil and got:match(tc[3]) ~= nil,
        string.format('%q, then typing %q gave %q; menu: %s', tostring(taken), tc[2], tostring(got),
          menu and table.concat(vim.list_slice(menu, 1, 3), ' | ') or 'none (one match)'))
      local previews = preview_windows()
      check('pgn: no preview window is left open after completing [' .. tc[1], #previews == 0, table.concat(previews, ' | '))
      vim.cmd('silent! pclose')
      local errors = {}
      vim.wait(3000, function()
        errors = vim.diagnostic.get(omni, { lnum = row, severity = vim.diagnostic.severity.ERROR })
        return false
      end, 100)
      check('pgn: no error on the completed tag [' .. tc[1], #errors == 0,
        table.concat(vim.tbl_map(function(d) return tostring(d.code) .. ': ' .. d.message end, errors), ' | '))
    end
  else
    record('skip', 'pgn: <C-x><C-o> after [ lists tag names', 'server has no completionProvider yet')
  end

  -- gq (formatexpr, range formatting) and :PgnlsFormat, in copies.
  if caps.documentRangeFormattingProvider then
    local gq_path = work .. '/gq.pgn'
    write_file(gq_path, original)
    local gq = open(gq_path)
    wait_client(gq)
    vim.cmd('normal! gg')
    vim.cmd('normal gqG')
    check('pgn: gqG formats through formatexpr', buffer_text(gq) == expected, buffer_text(gq))
  else
    record('skip', 'pgn: gqG formats through formatexpr', 'server has no documentRangeFormattingProvider yet')
  end
  local ctl_expected = read_file(work .. '/messy.ctl-pgn.expected')
  local mctl = open(work .. '/messy.ctl-pgn')
  wait_client(mctl)
  if caps.documentFormattingProvider then
    local ok_cmd, cmd_err = pcall(vim.cmd, 'PgnlsFormat')
    check('ctl-pgn: :PgnlsFormat formats the buffer', ok_cmd and buffer_text(mctl) == ctl_expected,
      ok_cmd and buffer_text(mctl) or cmd_err)
  else
    record('skip', 'ctl-pgn: :PgnlsFormat formats the buffer', 'server has no documentFormattingProvider yet')
  end

  -- A game pgnls cannot format is left as it is, and a message says so.
  if caps.documentFormattingProvider then
    local shown = {}
    local show = vim.lsp.handlers['window/showMessage']
    vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
      table.insert(shown, result and result.message or '')
      return show(err, result, ctx, config)
    end
    local broken = open(work .. '/broken.pgn')
    wait_client(broken)
    vim.cmd('PgnlsFormat')
    vim.wait(3000, function()
      return #shown > 0
    end, 20)
    vim.lsp.handlers['window/showMessage'] = show
    -- The message names the illegal move's line and column (ASCII), not
    -- the game's first line.
    local kl, kc = find(broken, 'Ke3')
    local at = string.format('line %d, column %d: move Ke3 is not legal', kl + 1, kc + 1)
    local message = table.concat(shown, ' | ')
    check('pgn: :PgnlsFormat formats the other games and leaves the illegal one as it is',
      buffer_text(broken) == read_file(work .. '/broken.pgn.expected'), buffer_text(broken))
    check('pgn: formatting says which game it left as it was, at the move that stopped it',
      message:find('left as it was', 1, true) ~= nil and message:find(at, 1, true) ~= nil,
      (message ~= '' and message or 'no window/showMessage') .. '; want ' .. at)
  else
    record('skip', 'pgn: formatting leaves the illegal game as it is', 'server has no documentFormattingProvider yet')
  end

  open(messy_path)
  vim.cmd('write')
  local written = read_file(messy_path)
  local formatted = buffer_text(messy)
  if caps.documentFormattingProvider then
    check('pgn: format on save writes pgnls fmt output', written == expected, written == expected and '' or ('on disk:\n' .. tostring(written)))
    check('pgn: formatted buffer', formatted == expected, formatted == expected and '' or formatted)
  else
    check('pgn: write without formatting support keeps the file', written == original, 'server has no documentFormattingProvider yet')
    record('skip', 'pgn: format on save writes pgnls fmt output', 'server has no documentFormattingProvider yet')
  end

  -- A formatting of many games (more edits than Neovim applies one by
  -- one in good time) is applied as one change: the buffer becomes what
  -- `pgnls fmt` writes, and the cursor stays on its move.
  if caps.documentFormattingProvider then
    local many_path = work .. '/many.pgn'
    local games = {}
    for i = 1, 300 do
      table.insert(games, string.format('[Event "E"]\n[White "P%d"]\n[Black "Q"]\n[Result "*"]\n[Site "S"]\n[Date "?"]\n[Round "?"]\n\n1.e4 e5 {g%d} 2.Nf3 Nc6 *\n', i, i))
    end
    write_file(many_path, table.concat(games, '\n'))
    local expected_many = vim.fn.system({ 'pgnls', 'fmt', many_path })
    local many = open(many_path)
    wait_client(many)
    local l = find(many, '"P150"')
    local ml, mc = l + 7, 18 -- in "Nf3" on the movetext line of game 150
    vim.api.nvim_win_set_cursor(0, { ml + 1, mc })
    local word_before = vim.fn.expand('<cword>')
    local t0 = vim.loop.hrtime()
    vim.cmd('PgnlsFormat')
    local ms = (vim.loop.hrtime() - t0) / 1e6
    local got = table.concat(vim.api.nvim_buf_get_lines(many, 0, -1, false), '\n') .. '\n'
    check('many: formatting 300 games gives pgnls fmt output', got == expected_many, string.format('%.0f ms', ms))
    local cur = vim.api.nvim_win_get_cursor(0)
    local line = vim.api.nvim_get_current_line()
    local upto = table.concat(vim.api.nvim_buf_get_lines(many, 0, cur[1] - 1, false), '\n') .. '\n' .. line:sub(1, cur[2])
    local marker = upto:match('.*{(g%d+)}')
    check('many: the cursor stays on its move',
      word_before == 'Nf3' and vim.fn.expand('<cword>') == 'Nf3' and marker == 'g150',
      string.format('%s -> %s at %d:%d after %s: %s', word_before, vim.fn.expand('<cword>'), cur[1], cur[2], tostring(marker), line))
  else
    record('skip', 'many: formatting 300 games', 'server has no documentFormattingProvider yet')
  end

  -- The cap: 2,100 games with a missing roster tag each (warnings) and an
  -- illegal move in the last one, 2,101 diagnostics. Neovim gets at most
  -- 2,000, and the illegal move is among them; a window message gives
  -- the true total once the analysis is complete (before that, only "at
  -- least N").
  local cap_shown = {}
  local show_message = vim.lsp.handlers['window/showMessage']
  vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
    table.insert(cap_shown, result and result.message or '')
    return show_message(err, result, ctx, config)
  end
  local big_path = work .. '/big.pgn'
  write_file(big_path, string.rep('[Event "x"]\n\n1. e4 e5 *\n\n', 2099) .. '[Event "x"]\n\n1. e4 Ke7 *\n')
  local big = open(big_path)
  local illegal = wait_diagnostic(big, function(c) return c == 'illegal-move' end)
  local total_message
  vim.wait(15000, function()
    for _, m in ipairs(cap_shown) do
      if m:find('big%.pgn has %d+ diagnostics') then -- not "has at least N"
        total_message = m
        return true
      end
    end
    return false
  end, 20)
  local n = #vim.diagnostic.get(big)
  check('cap: the illegal move at the end of a big file is shown', illegal ~= nil, codes(big):sub(-200))
  check('cap: at most 2000 diagnostics published', n <= 2000 and n > 1000, tostring(n))
  check('cap: the window message states the true total, 2101',
    total_message ~= nil and total_message:find('big.pgn has 2101 diagnostics; 2000 are shown', 1, true) ~= nil,
    total_message or ('messages: ' .. (#cap_shown > 0 and table.concat(cap_shown, ' | ') or 'no window/showMessage')))

  -- 20,000 games with a warning each and no error: when the analysis
  -- takes longer than a batch (200 ms), the server publishes what it has
  -- done with "at least N", and the complete publication then holds the
  -- same first 2,000 warnings, so it is not sent again; the true total
  -- must still be told.
  local warnings_path = work .. '/warnings.pgn'
  write_file(warnings_path, string.rep('[Event "x"]\n\n1. e4 e5 *\n\n', 20000))
  open(warnings_path)
  total_message = nil
  vim.wait(15000, function()
    for _, m in ipairs(cap_shown) do
      if m:find('warnings%.pgn has %d+ diagnostics') then -- not "has at least N"
        total_message = m
        return true
      end
    end
    return false
  end, 20)
  vim.lsp.handlers['window/showMessage'] = show_message
  check('cap: the window message states the true total, 20000, after partial results',
    total_message ~= nil and total_message:find('warnings.pgn has 20000 diagnostics; 2000 are shown', 1, true) ~= nil,
    total_message or ('messages: ' .. (#cap_shown > 0 and table.concat(cap_shown, ' | ') or 'no window/showMessage')))
end

-- The board at the cursor is checked in Neovim's main loop, as a user
-- sees it: Neovim fires CursorMoved itself between events, not while a
-- script runs (nor in vim.wait()). The checks run in a coroutine that
-- sleeps on timers, so that the main loop runs in between.
local board_co

local function sleep(ms)
  vim.defer_fn(function()
    assert(coroutine.resume(board_co))
  end, ms)
  coroutine.yield()
end

-- wait_for sleeps until cond() holds, at most ms milliseconds.
local function wait_for(cond, ms)
  local deadline = vim.loop.hrtime() + ms * 1e6
  while not cond() do
    if vim.loop.hrtime() > deadline then
      return false
    end
    sleep(20)
  end
  return true
end

-- board_window returns the window of the board split and its lines.
local function board_window()
  for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    local b = vim.api.nvim_win_get_buf(w)
    if vim.api.nvim_buf_get_name(b):find('pgnls://board', 1, true) then
      return w, vim.api.nvim_buf_get_lines(b, 0, -1, false)
    end
  end
  return nil, {}
end

-- board_has waits until the board holds every line of want, and
-- returns whether it does and the board's text.
local function board_has(want)
  local text = ''
  local found = wait_for(function()
    local _, lines = board_window()
    text = table.concat(lines, '\n')
    for _, w in ipairs(want) do
      if not vim.tbl_contains(lines, w) then
        return false
      end
    end
    return true
  end, 5000)
  return found, text
end

local function board_test()
  local buf = open(work .. '/board.pgn')
  local client = wait_client(buf)
  local caps = client and client.server_capabilities or {}
  if not (type(caps.experimental) == 'table' and caps.experimental.board) then
    record('skip', 'board: :PgnlsBoard', 'the server does not announce pgnls/board')
    return
  end
  local src = vim.api.nvim_get_current_win()
  local l, c = find(buf, '1. e4')
  vim.api.nvim_win_set_cursor(src, { l + 1, c + 3 })
  vim.cmd('PgnlsBoard')
  local win = board_window()
  check('board: :PgnlsBoard opens a split and leaves the cursor in the PGN window',
    win ~= nil and win ~= src and vim.api.nvim_get_current_win() == src, tostring(win))
  local ok, text = board_has({
    '4 . . . . P . . .',
    'Black to move · ply 1 · main line',
    'Eval 0.3 · clock 0:05:00',
    'FEN rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    '> 1. e4',
  })
  check('board: the split shows the position after 1. e4, its eval and clock', ok, text)

  -- A later move: the cursor moves, Neovim fires CursorMoved, the board
  -- follows (debounced).
  l, c = find(buf, 'Nf3')
  vim.api.nvim_win_set_cursor(src, { l + 1, c + 1 })
  ok, text = board_has({
    '3 . . . . . N . .',
    'FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
    'Arrows green f3-e5',
    '> 2. Nf3',
  })
  check('board: moving the cursor to 2. Nf3 shows its position', ok, text)

  -- :PgnlsBoardNext and :PgnlsBoardPrev, typed: the cursor goes to the
  -- next move of the line (2... Nc6, not the variation's d6) and back.
  local function typed(keys)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'n', false)
  end
  local nl, nc = find(buf, 'Nc6')
  typed(':PgnlsBoardNext<CR>')
  local moved = wait_for(function()
    local cur = vim.api.nvim_win_get_cursor(src)
    return cur[1] == nl + 1 and cur[2] == nc
  end, 3000)
  local cur = vim.api.nvim_win_get_cursor(src)
  check(':PgnlsBoardNext moves the cursor to the next move, 2... Nc6', moved, string.format('cursor at %d:%d, Nc6 at %d:%d', cur[1], cur[2], nl + 1, nc))
  ok, text = board_has({ 'FEN r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', '> 2... Nc6  (d6)' })
  check('board: after :PgnlsBoardNext the board shows 2... Nc6', ok, text)
  typed(':PgnlsBoardPrev<CR>')
  moved = wait_for(function()
    local c2 = vim.api.nvim_win_get_cursor(src)
    return c2[1] == l + 1 and c2[2] == c
  end, 3000)
  cur = vim.api.nvim_win_get_cursor(src)
  check(':PgnlsBoardPrev moves the cursor back to 2. Nf3', moved, string.format('cursor at %d:%d, Nf3 at %d:%d', cur[1], cur[2], l + 1, c))

  -- Another buffer in the same window: the board follows it (C'escacs,
  -- the PDTL and the hex board).
  local ctl = open(work .. '/illegal.ctl-pgn')
  wait_client(ctl)
  l, c = find(ctl, 'H6-H12')
  vim.api.nvim_win_set_cursor(0, { l + 1, c })
  ok, text = board_has({ 'Last move 1. H6-H12 (H6-H12)', '   P T A B C D E F G H I K L X Z' })
  check("board: follows the cursor into a C'escacs record", ok and text:find('\nPDTL /28:', 1, true) ~= nil, text)

  -- Closing the split wipes the board and its autocommands.
  win = board_window()
  vim.api.nvim_win_close(win, true)
  sleep(20)
  check('board: closing the split removes its autocommands', not pcall(vim.api.nvim_get_autocmds, { group = 'pgnls_board' }),
    vim.inspect(select(2, pcall(vim.api.nvim_get_autocmds, { group = 'pgnls_board' }))))
end

-- The workspace search as a user meets it: the folder of the files (the
-- plugin's root) is the workspace; vim.lsp.buf.workspace_symbol() and
-- vim.lsp.buf.references() fill the quickfix list.
local function qf_files(items)
  local files = {}
  for _, it in ipairs(items) do
    files[vim.fn.fnamemodify(vim.fn.bufname(it.bufnr), ':t')] = true
  end
  return vim.tbl_keys(files)
end

local function workspace_test()
  local buf = open(work .. '/board.pgn')
  local client = wait_client(buf)
  local caps = client and client.server_capabilities or {}
  if not (caps.workspaceSymbolProvider and caps.referencesProvider) then
    record('skip', 'workspace: symbols and references', 'the server does not announce them')
    return
  end
  -- The index is built in the background: ask again (three times at
  -- most) until the answer has want items. Each answer is awaited, so
  -- that no late one fills the list of the next question.
  local function fill(ask, want)
    local items = {}
    for _ = 1, 3 do
      vim.fn.setqflist({}, 'r')
      ask()
      wait_for(function()
        return #vim.fn.getqflist() > 0
      end, 20000)
      items = vim.fn.getqflist()
      if #items >= want then
        break
      end
      sleep(1000)
    end
    vim.cmd('cclose')
    return items
  end
  local items = fill(function()
    vim.lsp.buf.workspace_symbol('fischer')
  end, 2)
  local texts = {}
  for _, it in ipairs(items) do
    table.insert(texts, it.text)
  end
  local files = qf_files(items)
  table.sort(files)
  check('workspace: workspace_symbol("fischer") lists the games of the unopened files in the quickfix list',
    #items >= 2 and vim.tbl_contains(files, 'messy.pgn') and table.concat(texts, ' '):find('Fischer', 1, true) ~= nil,
    table.concat(files, ', ') .. ': ' .. table.concat(texts, ' | '))
  items = fill(function()
    vim.lsp.buf.workspace_symbol('Black ~ Spassky and Plies > 20')
  end, 1)
  check('workspace: workspace_symbol with a --where query', #items >= 1 and vim.tbl_contains(qf_files(items), 'messy.pgn'),
    vim.inspect(qf_files(items)))

  vim.api.nvim_set_current_buf(buf)
  local l, c = find(buf, 'e4')
  vim.api.nvim_win_set_cursor(0, { l + 1, c })
  items = fill(function()
    vim.lsp.buf.references()
  end, 4)
  files = qf_files(items)
  table.sort(files)
  local here = false
  for _, it in ipairs(items) do
    if it.bufnr == buf and it.lnum == l + 1 and it.col == c + 1 then
      here = true
    end
  end
  check('workspace: references on 1. e4 list the games reaching it, in files not opened, into the quickfix list',
    #items >= 4 and here and vim.tbl_contains(files, 'illegal.pgn') and vim.tbl_contains(files, 'latin1.pgn'),
    string.format('%d items in %s', #items, table.concat(files, ', ')))
end

-- play_test plays moves with :PgnlsPlay, typed as a user types it, and
-- checks its completion of the legal moves.
local function play_test()
  local path = work .. '/play.pgn'
  local f = assert(io.open(path, 'w'))
  f:write('[Event "play"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 *\n')
  f:close()
  local buf = open(path)
  local client = wait_client(buf)
  local caps = client and client.server_capabilities or {}
  if not (type(caps.executeCommandProvider) == 'table' and vim.tbl_contains(caps.executeCommandProvider.commands or {}, 'pgnls.play')) then
    record('skip', ':PgnlsPlay', 'the server does not announce pgnls.play')
    return
  end
  local win = vim.api.nvim_get_current_win()
  local function typed(keys)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'n', false)
  end
  local function text()
    return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  end
  local function cursor_on(word)
    local l, c = find(buf, word)
    local cur = vim.api.nvim_win_get_cursor(win)
    return cur[1] == l + 1 and cur[2] == c
  end

  -- Completion of the legal moves after 1... e5, in SAN and UCI.
  local l, c = find(buf, 'e5')
  vim.api.nvim_win_set_cursor(win, { l + 1, c })
  local items = vim.fn.getcompletion('PgnlsPlay N', 'cmdline')
  check(':PgnlsPlay completes the legal moves starting with N', vim.tbl_contains(items, 'Nf3') and vim.tbl_contains(items, 'Nc3')
    and not vim.tbl_contains(items, 'Nf6'), table.concat(items, ' '))
  items = vim.fn.getcompletion('PgnlsPlay g1', 'cmdline')
  check(':PgnlsPlay completes moves in UCI', vim.tbl_contains(items, 'g1f3'), table.concat(items, ' '))

  -- At the end of the line the move is appended, with its number.
  typed(':PgnlsPlay Nf3<CR>')
  local ok = wait_for(function()
    return text():find('1. e4 e5 2. Nf3 *', 1, true) ~= nil and cursor_on('Nf3')
  end, 5000)
  check(':PgnlsPlay Nf3 at the end of the line appends 2. Nf3 and puts the cursor on it', ok, text())

  -- Inside the line a different move opens a variation; UCI works.
  l, c = find(buf, 'e4')
  vim.api.nvim_win_set_cursor(win, { l + 1, c })
  typed(':PgnlsPlay c7c5<CR>')
  ok = wait_for(function()
    return text():find('1. e4 e5 (1... c5) 2. Nf3 *', 1, true) ~= nil and cursor_on('c5')
  end, 5000)
  check(':PgnlsPlay c7c5 inside the line opens the variation (1... c5)', ok, text())

  -- The same move again steps into the variation: no edit.
  l, c = find(buf, 'e4')
  vim.api.nvim_win_set_cursor(win, { l + 1, c })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  typed(':PgnlsPlay c5<CR>')
  ok = wait_for(function()
    return cursor_on('c5')
  end, 5000)
  check(':PgnlsPlay c5 where the variation starts with it moves the cursor, no edit', ok and vim.api.nvim_buf_get_changedtick(buf) == tick, text())
  vim.cmd('silent! write')
end

-- play_ctl_test plays moves in CTL-AN with :PgnlsPlay in a CTL-PGN
-- record (C'escacs): White's king and king's rook at home, a pawn one
-- step from promotion.
local function play_ctl_test()
  local path = work .. '/play.ctl-pgn'
  local f = assert(io.open(path, 'w'))
  f:write('[Variant "C\'escacs"]\n[Event "play"]\n[Site "?"]\n[Date "2026-12-08"]\n[Round "-"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n'
    .. '[PDTL "/27:1k/26:1P1/3:3R/1:1K/ w KR- - 0 1"]\n\n*\n')
  f:close()
  local buf = open(path)
  wait_client(buf)
  local win = vim.api.nvim_get_current_win()
  local function typed(keys)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'n', false)
  end
  local function text()
    return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  end
  local l, c = find(buf, '*')
  vim.api.nvim_win_set_cursor(win, { l + 1, c })
  local items = vim.fn.getcompletion('PgnlsPlay F26', 'cmdline')
  local once = {}
  for _, it in ipairs(items) do
    once[it] = (once[it] or 0) + 1
  end
  check(':PgnlsPlay completes the CTL-AN moves of a C\'escacs record (the promotions of the pawn), each once',
    vim.tbl_contains(items, 'F26-F28=R+^') and vim.tbl_contains(items, 'F26-F28=N') and once['F26-F28=N'] == 1, table.concat(items, ' '))
  -- A castling, given as its CTL-AN: appended as the first move pair.
  typed(':PgnlsPlay KRK-HIO<CR>')
  local ok = wait_for(function()
    return text():find('\n1. KRK-HIO:\n*', 1, true) ~= nil
  end, 5000)
  check(':PgnlsPlay KRK-HIO in a CTL-PGN record writes the castling as move 1', ok, text())
  -- The record's letters or the standard ones, with or without the
  -- check mark: a promotion with its check mark, at the start, opens a
  -- variation after the pair.
  l = find(buf, 'PDTL')
  vim.api.nvim_win_set_cursor(win, { l + 2, 0 }) -- the empty line before the moves
  typed(':PgnlsPlay F26-F28=R+^<CR>')
  ok = wait_for(function()
    return text():find('\n1. KRK-HIO:\n(1. F26-F28=R+^)\n*', 1, true) ~= nil
  end, 5000)
  check(':PgnlsPlay F26-F28=R+^ at the start of the record opens the variation (1. F26-F28=R+^)', ok, text())
  vim.cmd('silent! write')
end

-- copy_test runs :PgnlsCopyGame: the game at the cursor, stripped as
-- pgnls fmt --strip writes it, in the unnamed register; the buffer is
-- not changed.
local function copy_test()
  local path = work .. '/copy.pgn'
  local f = assert(io.open(path, 'w'))
  f:write('[Event "copy"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n'
    .. '1. e4 { [%clk 0:05:00] best } e5 $1 (1... c5 { Sicilian }) *\n')
  f:close()
  local buf = open(path)
  local client = wait_client(buf)
  local caps = client and client.server_capabilities or {}
  if not (type(caps.executeCommandProvider) == 'table' and vim.tbl_contains(caps.executeCommandProvider.commands or {}, 'pgnls.copyGame')) then
    record('fail', ':PgnlsCopyGame', 'the server does not announce pgnls.copyGame')
    return
  end
  local win = vim.api.nvim_get_current_win()
  local l, c = find(buf, 'e5')
  vim.api.nvim_win_set_cursor(win, { l + 1, c })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  local items = vim.fn.getcompletion('PgnlsCopyGame va', 'cmdline')
  check(':PgnlsCopyGame completes the strip items', vim.tbl_contains(items, 'variations'), table.concat(items, ' '))
  for _, tc in ipairs({
    { 'comments', '1. e4 e5 $1 (1... c5) *' },
    { 'variations', '1. e4 {[%clk 0:05:00] best} 1... e5 $1 *' },
    { 'nags', '1. e4 {[%clk 0:05:00] best} 1... e5 (1... c5 {Sicilian}) *' },
    { 'clk,emt,eval', '1. e4 {best} 1... e5 $1 (1... c5 {Sicilian}) *' },
  }) do
    vim.fn.setreg('"', 'nothing yet')
    vim.cmd('PgnlsCopyGame ' .. tc[1])
    local ok = wait_for(function()
      return vim.fn.getreg('"'):find(tc[2], 1, true) ~= nil
    end, 5000)
    local reg = vim.fn.getreg('"')
    check(':PgnlsCopyGame ' .. tc[1] .. ' puts the stripped game in the register', ok and reg:find('[Event "copy"]', 1, true) == 1
      and vim.fn.getregtype('"') == 'V', reg)
  end
  check(':PgnlsCopyGame leaves the buffer as it was', vim.api.nvim_buf_get_changedtick(buf) == tick, buffer_text(buf))
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  record('fail', 'test script error', err)
  finish()
else
  board_co = coroutine.create(function()
    local bok, berr = xpcall(board_test, debug.traceback)
    if not bok then
      record('fail', 'board test script error', berr)
    end
    local wok, werr = xpcall(workspace_test, debug.traceback)
    if not wok then
      record('fail', 'workspace test script error', werr)
    end
    bok, berr = xpcall(play_test, debug.traceback)
    if not bok then
      record('fail', 'play test script error', berr)
    end
    bok, berr = xpcall(play_ctl_test, debug.traceback)
    if not bok then
      record('fail', 'CTL-PGN play test script error', berr)
    end
    bok, berr = xpcall(copy_test, debug.traceback)
    if not bok then
      record('fail', 'copy test script error', berr)
    end
    finish()
  end)
  vim.schedule(function()
    assert(coroutine.resume(board_co))
  end)
end
