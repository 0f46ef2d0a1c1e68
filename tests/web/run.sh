#!/usr/bin/env bash
# Runs the playground's browser tests: Debian's chromium, headless, driven by puppeteer-core
# (installed with npm into a cache folder on first use; the full `puppeteer` package would
# download a browser of its own). Skips (77) only when chromium or node is absent.
# usage: run.sh ARBITERD SOURCE_DIR SHOTS_DIR
set -euo pipefail
arbiterd=$1 src=$2 shots=$3
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: the browser tests need chromium, node and npm (apt-get install chromium nodejs npm)"
  exit 77
fi
cache=${ARB_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/arbiter-npm}
version=24.9.0
if [ "$(node -p "try{require('$cache/node_modules/puppeteer-core/package.json').version}catch(e){''}")" != "$version" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "puppeteer-core@$version" >&2
fi
export CHROMIUM PUPPETEER_DIR="$cache/node_modules"
exec node "$src/tests/web/test_playground.mjs" "$arbiterd" "$src/lessons" "$shots"
