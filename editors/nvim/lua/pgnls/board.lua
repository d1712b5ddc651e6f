-- pgnls.board: the board at the cursor, in a scratch split that follows
-- the cursor, and stepping through the moves of a line.
--
--   :PgnlsBoard      open the split (require('pgnls.board').open())
--   :PgnlsBoardNext  move the cursor to the next move of its line
--   :PgnlsBoardPrev  move the cursor to the previous move (or the start)
--   :PgnlsPlay MOVE  play MOVE (SAN or UCI: Nf3, g1f3, O-O, e1g1, N@f3;
--                    CTL-AN in CTL-PGN: H6-H12, KRK-HIO) at
--                    the cursor: appended at the end of the line, else a
--                    new variation (or the cursor steps onto the move when
--                    the text has it there); completes the legal moves
--
-- The board is the text of the server's pgnls/board answer, drawn by the
-- server (the diagram of the text hovers, the side to move, last move,
-- FEN or PDTL, eval and clock, the line's moves around the current one,
-- and the explorer: the moves the workspace's games play from the
-- position, with their scores, and the latest of those games), so that
-- every terminal client shows the same board. The split is
-- updated when the cursor stops moving (CursorMoved, debounced) in a
-- buffer pgnls is attached to, and when such a buffer is entered or
-- changed. Works on Neovim 0.7 and later.
local B = {}

local uv = vim.uv or vim.loop
local has_methods = vim.fn.has('nvim-0.11') == 1 -- client:request() style

-- The board's buffer (nil when closed), its timer and the number of the
-- last request sent: an answer to an older one is dropped.
local state = { buf = nil, timer = nil, seq = 0 }

local function pgnls()
  return require('pgnls')
end

local function request(client, method, params, handler, bufnr)
  if has_methods then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function request_sync(client, method, params, timeout_ms, bufnr)
  if has_methods then
    return client:request_sync(method, params, timeout_ms, bufnr)
  end
  return client.request_sync(method, params, timeout_ms, bufnr)
end

-- board_params returns the client of the buffer of window win and the
-- pgnls/board params for its cursor, or nil when pgnls is not attached.
local function board_params(win)
  local bufnr = vim.api.nvim_win_get_buf(win)
  local client = pgnls().client_for(bufnr)
  if client == nil then
    return nil
  end
  return client, vim.lsp.util.make_position_params(win, client.offset_encoding or 'utf-16'), bufnr
end

-- show puts lines in the board's buffer.
local function show(lines)
  local buf = state.buf
  if buf == nil or not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
end

-- lines returns the lines to show for an answer to pgnls/board.
local function lines(err, result)
  if err then
    return { 'pgnls/board failed: ' .. tostring(err.message or vim.inspect(err)) }
  end
  if result == nil or result == vim.NIL or type(result.text) ~= 'string' then
    return { 'No game at the cursor.' }
  end
  return vim.split(result.text, '\n', { plain = true })
end

-- update asks the server for the board at the cursor of the current
-- window and shows it, if pgnls is attached to its buffer.
function B.update()
  local win = vim.api.nvim_get_current_win()
  if state.buf == nil or vim.api.nvim_win_get_buf(win) == state.buf then
    return
  end
  local client, params, bufnr = board_params(win)
  if client == nil then
    return
  end
  -- The explorer over the workspace's games ends the board's text.
  params.explorer = true
  state.seq = state.seq + 1
  local seq = state.seq
  request(client, 'pgnls/board', params, function(err, result)
    if seq == state.seq then
      show(lines(err, result))
    end
  end, bufnr)
end

-- schedule updates the board once the cursor has stayed still for
-- board.debounce_ms.
local function schedule()
  if state.buf == nil or vim.api.nvim_get_current_buf() == state.buf then
    return
  end
  state.timer = state.timer or uv.new_timer()
  state.timer:stop()
  state.timer:start(pgnls().config.board.debounce_ms or 80, 0, vim.schedule_wrap(B.update))
end

-- closed forgets the board when its buffer goes away.
local function closed()
  state.buf = nil
  if state.timer then
    state.timer:stop()
  end
  pcall(vim.api.nvim_del_augroup_by_name, 'pgnls_board')
end

-- window returns a window of the current tab page that shows the board.
local function window()
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(win) == state.buf then
      return win
    end
  end
  return nil
end

-- open shows the board for the cursor of the current window in a
-- split (board.split, run from the current window; the cursor stays
-- there), or updates it when the tab page shows it already.
function B.open()
  local src = vim.api.nvim_get_current_win()
  if state.buf == nil or not vim.api.nvim_buf_is_valid(state.buf) then
    local buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].swapfile = false
    vim.bo[buf].modifiable = false
    pcall(vim.api.nvim_buf_set_name, buf, 'pgnls://board')
    vim.bo[buf].filetype = 'pgnlsboard'
    state.buf = buf
    local group = vim.api.nvim_create_augroup('pgnls_board', { clear = true })
    vim.api.nvim_create_autocmd({ 'CursorMoved', 'CursorMovedI', 'BufEnter', 'TextChanged', 'TextChangedI' }, {
      group = group,
      desc = 'pgnls: update the board at the cursor',
      callback = schedule,
    })
    vim.api.nvim_create_autocmd('BufWipeout', { group = group, buffer = buf, callback = closed })
  end
  if window() == nil then
    vim.cmd(pgnls().config.board.split or 'botright 44vsplit')
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, state.buf)
    for option, value in pairs({
      number = false,
      relativenumber = false,
      signcolumn = 'no',
      foldcolumn = '0',
      list = false,
      spell = false,
      cursorline = false,
      wrap = true,
      linebreak = true,
      winfixwidth = true,
      winfixheight = true,
    }) do
      vim.wo[win][option] = value
    end
    vim.api.nvim_set_current_win(src)
  end
  B.update()
end

-- step moves the cursor of the current window by delta moves in its
-- line (the position before the first move is one step before it), as
-- the server lists them; it stays where it is at either end. It returns
-- whether the cursor moved.
function B.step(delta)
  local win = vim.api.nvim_get_current_win()
  local client, params, bufnr = board_params(win)
  if client == nil then
    return false
  end
  local response = request_sync(client, 'pgnls/board', params, 2000, bufnr)
  local b = response and response.result
  if b == nil or b == vim.NIL then
    return false
  end
  local target = b.current + delta -- 0-based; -1 is the line's start
  local pos
  if target == -1 then
    pos = b.lineStart
  elseif target >= 0 and target < #b.moves then
    pos = b.moves[target + 1].range.start
  else
    return false
  end
  local line = vim.api.nvim_buf_get_lines(bufnr, pos.line, pos.line + 1, false)[1] or ''
  local col = pgnls().byte_col(line, pos.character, client.offset_encoding or 'utf-16')
  vim.api.nvim_win_set_cursor(win, { pos.line + 1, col })
  return true
end

-- next moves the cursor to the next move of its line.
function B.next()
  return B.step(1)
end

-- prev moves the cursor to the previous move of its line, or to the
-- line's start from its first move.
function B.prev()
  return B.step(-1)
end

-- to_col returns the byte column of the LSP character p.character in
-- line (UTF-16 unless the client speaks UTF-8 or UTF-32).
local function to_col(client, line, character)
  local enc = client.offset_encoding or 'utf-16'
  if enc == 'utf-8' then
    return math.min(character, #line)
  end
  local ok, col = pcall(vim.str_byteindex, line, character, enc == 'utf-16')
  if ok then
    return col
  end
  return #line
end

-- play plays move (SAN or UCI) at the cursor of the current window with
-- the server's pgnls.play command: the server applies the edit with
-- workspace/applyEdit (Neovim's handler applies it), then answers where
-- the move is, where the cursor goes. done(err) is called at the end,
-- when given.
function B.play(move, done)
  local win = vim.api.nvim_get_current_win()
  local client, params, bufnr = board_params(win)
  if client == nil then
    vim.notify('pgnls is not attached to this buffer', vim.log.levels.WARN)
    return
  end
  local args = { textDocument = params.textDocument, position = params.position, move = move }
  request(client, 'workspace/executeCommand', { command = 'pgnls.play', arguments = { args } }, function(err, result)
    if err then
      vim.notify('pgnls: ' .. tostring(err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif type(result) == 'table' and type(result.position) == 'table' and vim.api.nvim_win_is_valid(win)
      and vim.api.nvim_win_get_buf(win) == bufnr then
      local p = result.position
      local line = vim.api.nvim_buf_get_lines(bufnr, p.line, p.line + 1, false)[1] or ''
      vim.api.nvim_win_set_cursor(win, { p.line + 1, to_col(client, line, p.character) })
      schedule()
    end
    if done then
      done(err)
    end
  end, bufnr)
end

-- copy_game puts in the registers the game at the cursor of the current
-- window without what strip names (the items of pgnls fmt --strip:
-- "comments", "variations", "nags", "clk,emt,eval", ...), as the
-- server's pgnls.copyGame writes it: in the unnamed register, and in the
-- clipboard ("+") when Neovim has one. done(err, text) is called at the
-- end, when given.
function B.copy_game(strip, done)
  local client, params, bufnr = board_params(vim.api.nvim_get_current_win())
  if client == nil then
    vim.notify('pgnls is not attached to this buffer', vim.log.levels.WARN)
    return
  end
  local args = { textDocument = params.textDocument, position = params.position, strip = strip }
  request(client, 'workspace/executeCommand', { command = 'pgnls.copyGame', arguments = { args } }, function(err, result)
    local text
    if err then
      vim.notify('pgnls: ' .. tostring(err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif type(result) == 'table' and type(result.text) == 'string' then
      text = result.text:gsub('\r\n', '\n')
      local lines = vim.split(text:gsub('\n$', ''), '\n', { plain = true })
      vim.fn.setreg('"', lines, 'l')
      if vim.fn.has('clipboard') == 1 then
        pcall(vim.fn.setreg, '+', lines, 'l')
      end
      vim.notify('pgnls: game copied without ' .. strip:gsub(',', ', '), vim.log.levels.INFO)
    end
    if done then
      done(err, text)
    end
  end, bufnr)
end

-- strip_items are the items :PgnlsCopyGame completes (pgnls fmt --strip).
local strip_items = { 'comments', 'variations', 'nags', 'clk,emt,eval', 'commands', 'clk', 'emt', 'eval', 'cal', 'csl', 'tags', 'results' }

-- complete_strip completes the argument of :PgnlsCopyGame.
function B.complete_strip(arglead)
  local out = {}
  for _, item in ipairs(strip_items) do
    if item:sub(1, #arglead) == arglead then
      table.insert(out, item)
    end
  end
  return out
end

-- complete_moves completes the argument of :PgnlsPlay: the legal moves at
-- the cursor, in SAN and in UCI, that start with arglead, each once (a
-- CTL-AN move without a check mark is the same in both).
function B.complete_moves(arglead)
  local client, params, bufnr = board_params(vim.api.nvim_get_current_win())
  if client == nil then
    return {}
  end
  local resp = request_sync(client, 'pgnls/legalMoves', params, 1000, bufnr)
  if type(resp) ~= 'table' or resp.err or type(resp.result) ~= 'table' then
    return {}
  end
  local out, seen = {}, {}
  for _, m in ipairs(resp.result) do
    for _, s in ipairs({ m.san, m.uci }) do
      if type(s) == 'string' and s:sub(1, #arglead) == arglead and not seen[s] then
        seen[s] = true
        table.insert(out, s)
      end
    end
  end
  return out
end

return B
