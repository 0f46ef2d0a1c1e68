#!/usr/bin/env bash
# Runs one of the playground's browser tests: Debian's chromium, headless, driven by
# puppeteer-core, with axe-core for the accessibility checks (both installed with npm into a
# cache folder on first use; the full `puppeteer` package would download a browser of its own).
# Skips (77) only when chromium or node is absent.
# usage: run.sh ARBITERD SOURCE_DIR SHOTS_DIR TEST.mjs
set -euo pipefail
arbiterd=$1 src=$2 shots=$3 test=$4
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: the browser tests need chromium, node and npm (apt-get install chromium nodejs npm)"
  exit 77
fi
cache=${ARB_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/arbiter-npm}
puppeteer=24.9.0 axe=4.10.3
version() { node -p "try{require('$cache/node_modules/$1/package.json').version}catch(e){''}"; }
# One install at a time: the web tests may start together.
mkdir -p "$cache"
(
  flock 9
  if [ "$(version puppeteer-core)" != "$puppeteer" ] || [ "$(version axe-core)" != "$axe" ]; then
    npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "puppeteer-core@$puppeteer" "axe-core@$axe" >&2
  fi
) 9>"$cache/.install.lock"
export CHROMIUM PUPPETEER_DIR="$cache/node_modules"
exec node "$src/tests/web/$test" "$arbiterd" "$src/lessons" "$shots"
