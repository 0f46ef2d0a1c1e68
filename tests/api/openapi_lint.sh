#!/usr/bin/env bash
# api.openapi_lint: docs/openapi.json passes `redocly lint` (@redocly/cli, pinned) with no error
# and no warning. The CLI is installed from npm into a cache folder on first use.
# Usage: openapi_lint.sh OPENAPI_JSON CACHE_DIR
set -euo pipefail
doc=$1
cache=$2
version=2.77.0
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed (scripts/deps)"; exit 1; }
# Redocly CLI 2 needs Node 20.19 or later; Debian 12's own nodejs is 18: say so, as a skip.
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' || {
  echo "SKIP: @redocly/cli $version needs Node >= 20.19, this is $(node --version)"; exit 77; }
bin="$cache/node_modules/.bin/redocly"
if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "$version" ]; then
  mkdir -p "$cache"
  npm install --silent --no-audit --no-fund --prefix "$cache" "@redocly/cli@$version" >/dev/null
fi
out=$("$bin" lint --format=stylish "$doc" 2>&1) || { echo "$out"; echo "1 passed, 1 failed"; exit 1; }
echo "$out" | grep -v '^ *$' | grep -iv 'deprecation\|node.js\|║\|╔\|╚' || true
# With warnings redocly still exits 0 but says "You have N warnings" instead of this line.
if ! echo "$out" | grep -q 'Your API description is valid' || echo "$out" | grep -q 'You have [0-9]* warning'; then
  echo "redocly lint reported warnings"; echo "0 passed, 1 failed"; exit 1
fi
echo "1 passed, 0 failed"
