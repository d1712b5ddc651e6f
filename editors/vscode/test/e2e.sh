#!/usr/bin/env bash
# The pgnls extension in a real VS Code: code-server 4.100.3 (VS Code
# 1.100.3, from npm) with the .vsix installed, driven in headless Chromium
# by test/e2e.mjs (playwright-core). Checks the CTL-PGN language mode, the
# error squiggle and its hover, a hover with a board diagram (first, and
# whole), the board panel that follows the cursor (arrows of a lichess
# study, stepping keys and commands, move list, flip, copy FEN, lichess
# URL, edits, the active editor, themes, playing moves on the chess and
# the C'escacs hex boards, and its delay on a 4 MB file),
# format on save on disk, a Latin-1 file opened with the extension's
# defaults, reopened as UTF-8 (the server's error, message, declined
# formatting and quick fix) and by pgnls.reopenWithEncoding, a database
# not UTF-8 past 1.2 MB reopened by the extension, Format Document keeping
# the cursor and view on 300 games and 1.35-4.1 MB databases (from
# ../shared/testdata), with code-server's default auto-save, the [ctl-pgn] default
# of the ambiguous-character highlight, and the diagnostic codes in the
# Settings editor; takes the screenshots docs/screenshots/vscode-*.png.
#
#   bash editors/vscode/test/e2e.sh [VSIX]
#
# VSIX defaults to editors/vscode/pgnls-linux-x64.vsix; it is built when
# missing. .ci/editors runs this only when PGNLS_E2E_VSCODE=1.
# Environment:
#   PGNLS_E2E_CACHE        where code-server is installed (default
#                          editors/vscode/.e2e, ignored by git); kept between
#                          runs, so only the first run pays for the install
#   PGNLS_E2E_SCREENSHOTS  where the screenshots go (default docs/screenshots)
#   PGNLS_E2E_KEEP         when set, the run's directory (workspace, user
#                          data, logs such as the pgnls output channel's)
#                          is kept; its path is printed
# Installs Debian packages (chromium, the -dev packages code-server's
# native modules build with, ripgrep) when they are missing. The first run
# takes about 6 minutes on 2 cores, later runs under a minute.
set -euo pipefail
vsc="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$vsc/../.." && pwd)"
version=4.100.3
cache="${PGNLS_E2E_CACHE:-$vsc/.e2e}"
shots="${PGNLS_E2E_SCREENSHOTS:-$root/docs/screenshots}"
vsix="${1:-$vsc/pgnls-linux-x64.vsix}"
started=$SECONDS

step() { printf '\n--- e2e: %s\n' "$*"; }

step "packages"
export DEBIAN_FRONTEND=noninteractive
need=()
for p in chromium fonts-dejavu-core libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config ripgrep \
	build-essential python3 curl; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if [ ! -f "$vsix" ]; then
	step "build the .vsix"
	(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$vsc/bin/pgnls" ./cmd/pgnls)
	(cd "$vsc" && npm ci --no-audit --no-fund --prefer-offline &&
		npx --no-install vsce package --no-dependencies --target linux-x64 --out "$vsix" </dev/null)
fi
[ -d "$vsc/node_modules/playwright-core" ] || (cd "$vsc" && npm ci --no-audit --no-fund --prefer-offline)

cs_dir="$cache/code-server-$version"
cs="$cs_dir/node_modules/code-server"
if [ ! -f "$cs_dir/.installed" ]; then
	step "install code-server $version (first run only)"
	t0=$SECONDS
	rm -rf "$cs_dir"
	mkdir -p "$cs_dir"
	# Install scripts would download prebuilt binaries (ripgrep, native
	# modules) from outside the npm registry: skip them, then do by hand
	# what code-server's postinstall.sh does and build the native modules
	# against the local Node headers.
	export npm_config_nodedir=/usr npm_config_yes=true
	(cd "$cs_dir" && echo '{"name":"pgnls-e2e","private":true}' >package.json &&
		npm install --ignore-scripts --no-audit --no-fund --prefer-offline "code-server@$version" >/dev/null)
	(cd "$cs/lib/vscode" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline >/dev/null &&
		ln -sfn node_modules node_modules.asar)
	(cd "$cs/lib/vscode/extensions" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline >/dev/null)
	mkdir -p "$cs/lib/vscode/node_modules/@vscode/ripgrep/bin"
	ln -sf "$(command -v rg)" "$cs/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
	# node-pty's post-install step fails after its build (it wants a
	# compile_commands.json); the build itself is what matters.
	(cd "$cs/lib/vscode" && npm rebuild @vscode/spdlog kerberos native-watchdog @vscode/deviceid >/dev/null &&
		{ npm rebuild node-pty >/dev/null 2>&1 || true; } && test -f node_modules/node-pty/build/Release/pty.node)
	(cd "$cs_dir" && npm rebuild argon2 >/dev/null)
	touch "$cs_dir/.installed"
	echo "code-server installed in $((SECONDS - t0)) s"
fi

run="$(mktemp -d "${TMPDIR:-/tmp}/pgnls-e2e.XXXXXX")"
cs_pid=""
cleanup() {
	if [ -n "$cs_pid" ]; then
		kill "$cs_pid" 2>/dev/null || true
		wait "$cs_pid" 2>/dev/null || true
	fi
	if [ -n "${PGNLS_E2E_KEEP:-}" ]; then echo "kept $run"; else rm -rf "$run"; fi
}
trap cleanup EXIT

# code-server and Chromium get their own HOME and XDG dirs.
export HOME="$run/home" XDG_CONFIG_HOME="$run/home/.config" XDG_DATA_HOME="$run/home/.local/share" \
	XDG_CACHE_HOME="$run/home/.cache" XDG_STATE_HOME="$run/home/.local/state" XDG_RUNTIME_DIR="$run/home/run"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
data="$run/data" exts="$run/extensions" ws="$run/workspace"
mkdir -p "$data/User" "$exts" "$ws" "$shots"
cp "$root/editors/testdata/illegal.ctl-pgn" "$root/editors/testdata/messy.ctl-pgn" "$ws/"
# latin1.pgn is Windows-1252 (latin1-b.pgn a copy, latin1.txt the same
# bytes as plain text); glyphs.ctl-pgn holds × and ‐, and its copy
# glyphs.pgn is the same text in the PGN language mode.
# study.pgn is a lichess study with [%cal], [%csl], [%eval] and [%clk].
cp "$vsc/test/fixtures/latin1.pgn" "$vsc/test/fixtures/glyphs.ctl-pgn" "$vsc/test/fixtures/study.pgn" "$ws/"
cp "$vsc/test/fixtures/glyphs.ctl-pgn" "$ws/glyphs.pgn"
# play.pgn is a new game to play moves in on the board.
printf '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n*\n' >"$ws/play.pgn"
# play.ctl-pgn is a C'escacs record to play on the hex board: White's
# king and king's rook at home (leaps and castlings), a pawn that promotes.
cp "$vsc/test/fixtures/play.ctl-pgn" "$ws/"
cp "$vsc/test/fixtures/latin1.pgn" "$ws/latin1.txt"
cp "$vsc/test/fixtures/latin1.pgn" "$ws/latin1-b.pgn"
# kasparov.pgn (pgnmentor-Kasparov.pgn, 1.35 MB, CRLF) has one byte that
# is not UTF-8, 0x82, 1.2 MB in; carlsen.pgn and tal.pgn (4.1 and 1.45 MB)
# are databases to format: from ../shared/testdata, which CI has beside
# the checkout, copied writable (auto-save writes them).
big="$root/../shared/testdata/pgn/big"
for f in Kasparov Carlsen Tal; do
	src="$big/pgnmentor-$f.pgn"
	[ -f "$src" ] || { echo "e2e: $src is missing: ../shared must be beside the checkout" >&2; exit 1; }
	dst="$ws/$(echo "$f" | tr A-Z a-z).pgn"
	cp "$src" "$dst" && chmod 644 "$dst"
done
# e2e.mjs rewrites the workspace settings; a file that exists from the
# start is watched.
mkdir -p "$ws/.vscode" && echo '{}' >"$ws/.vscode/settings.json"
unzip -p "$vsix" extension/bin/pgnls >"$run/pgnls" && chmod +x "$run/pgnls"
"$run/pgnls" fmt "$ws/messy.ctl-pgn" >"$run/messy.ctl-pgn.expected"
"$run/pgnls" fmt "$ws/kasparov.pgn" >"$run/kasparov.pgn.expected"
cat >"$data/User/settings.json" <<'EOF'
{
  "[ctl-pgn]": { "editor.formatOnSave": true },
  "[pgn]": { "editor.formatOnSave": true },
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.colorTheme": "Default Light Modern",
  "security.workspace.trust.enabled": false,
  "extensions.ignoreRecommendations": true,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "telemetry.telemetryLevel": "off",
  "chat.commandCenter.enabled": false,
  "editor.minimap.enabled": false,
  "editor.fontSize": 15,
  "editor.hover.delay": 200,
  "window.commandCenter": false
}
EOF

step "install the extension"
node "$cs/out/node/entry.js" --user-data-dir "$data" --extensions-dir "$exts" --install-extension "$vsix" 2>&1 | tail -n 1

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
step "start code-server on 127.0.0.1:$port"
node "$cs/out/node/entry.js" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
	--disable-workspace-trust --disable-getting-started-override --user-data-dir "$data" --extensions-dir "$exts" \
	"$ws" >"$run/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 1 120); do
	curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
	kill -0 "$cs_pid" 2>/dev/null || { cat "$run/code-server.log"; exit 1; }
	sleep 0.5
done

step "drive VS Code in headless Chromium"
mkdir -p "$run/shots"
rc=0
(cd "$vsc" && PGNLS_E2E_BIN="$run/pgnls" node test/e2e.mjs "http://127.0.0.1:$port/?folder=$ws" "$ws" "$run/messy.ctl-pgn.expected" "$run/shots" "$run/results") || rc=$?
if [ "$rc" = 0 ]; then
	for f in "$run"/shots/vscode-*.png; do
		cp "$f" "$shots/"
		echo "screenshot: $shots/$(basename "$f")"
	done
else
	echo "--- code-server log"
	tail -n 40 "$run/code-server.log"
	mkdir -p "$cache/failure"
	cp "$run"/shots/*.png "$cache/failure/" 2>/dev/null && echo "screenshots of the failed run: $cache/failure/"
fi
p=$(grep -c '^pass' "$run/results" || true)
f=$(grep -c '^fail' "$run/results" || true)
echo "e2e: $((SECONDS - started)) s"
echo "vscode-e2e: $p passed, $f failed"
exit "$rc"
