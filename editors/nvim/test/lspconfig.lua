-- Headless Neovim 0.11+ test of editors/nvim/examples/lspconfig.lua, the
-- setup without the pgnls plugin (vim.lsp.config), run by .ci/editors:
--
--   nvim --headless -u NONE -i NONE -n -c 'luafile editors/nvim/test/lspconfig.lua'
--
-- The example is sourced as a user's init.lua would be, with pgnls taken
-- from PATH. The environment gives PGNLS_NVIM_PLUGIN (editors/nvim),
-- PGNLS_TEST_WORK (the fixtures of test.lua: illegal.pgn, messy.pgn and
-- messy.pgn.expected) and PGNLS_TEST_RESULTS (one line per check,
-- "pass|fail<TAB>name<TAB>detail"). It ends with :qall! when every check
-- passed, else :cquit 1.

local plugin = assert(os.getenv('PGNLS_NVIM_PLUGIN'), 'PGNLS_NVIM_PLUGIN not set')
local work = assert(os.getenv('PGNLS_TEST_WORK'), 'PGNLS_TEST_WORK not set')
local results_path = assert(os.getenv('PGNLS_TEST_RESULTS'), 'PGNLS_TEST_RESULTS not set')

local results = {}
local failed = false

local function check(name, ok, detail)
  detail = tostring(detail or ''):gsub('[\r\n\t]+', ' ')
  table.insert(results, string.format('%s\tlspconfig example: %s\t%s', ok and 'pass' or 'fail', name, detail))
  failed = failed or not ok
  return ok
end

local function read_file(path)
  local f = assert(io.open(path, 'rb'))
  local s = f:read('*a')
  f:close()
  return s
end

-- client waits for the initialized pgnls client of bufnr.
local function client(bufnr)
  local c
  vim.wait(15000, function()
    c = vim.lsp.get_clients({ bufnr = bufnr, name = 'pgnls' })[1]
    return c ~= nil and c.initialized == true
  end, 20)
  return c
end

local function run()
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')
  vim.cmd('source ' .. vim.fn.fnameescape(plugin .. '/examples/lspconfig.lua'))

  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/illegal.pgn'))
  local buf = vim.api.nvim_get_current_buf()
  check('the filetype is pgn', vim.bo[buf].filetype == 'pgn', vim.bo[buf].filetype)
  local c = client(buf)
  if not check('vim.lsp.enable starts pgnls', c ~= nil, c and c.name or 'no client') then
    return
  end
  local found
  vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'illegal-move' then
        found = d
        return true
      end
    end
    return false
  end, 20)
  check('illegal-move diagnostic', found ~= nil, found and found.message or 'none')
  check("Neovim's own omnifunc", vim.bo[buf].omnifunc == 'v:lua.vim.lsp.omnifunc', vim.bo[buf].omnifunc)

  -- Format on save, from the example's BufWritePre autocommand.
  vim.cmd('edit ' .. vim.fn.fnameescape(work .. '/messy.pgn'))
  local messy = vim.api.nvim_get_current_buf()
  client(messy)
  vim.cmd('silent write')
  local want = read_file(work .. '/messy.pgn.expected')
  local got = read_file(work .. '/messy.pgn')
  check('format on save writes pgnls fmt output', got == want, #got .. ' bytes, want ' .. #want)
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  check('runs without a Lua error', false, err)
end
local f = assert(io.open(results_path, 'w'))
f:write(table.concat(results, '\n') .. '\n')
f:close()
for _, c in ipairs(vim.lsp.get_clients({ name = 'pgnls' })) do
  c:stop()
end
vim.wait(2000, function()
  return #vim.lsp.get_clients({ name = 'pgnls' }) == 0
end, 50)
if failed then
  vim.cmd('cquit 1')
else
  vim.cmd('qall!')
end
