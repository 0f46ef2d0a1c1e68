#!/usr/bin/env bash
# api.client_types: web/arbiter-api.d.ts is what openapi-typescript (pinned) generates from
# docs/openapi.json, and tests/api/ts/typed_client.ts, an app layer calling every operation
# through web/arbiter-client.js and its declarations, compiles with tsc --strict --noEmit. The
# tools are installed from npm into a cache folder on first use ($ARB_NPM_CACHE when set).
# Usage: client_types.sh OPENAPI_JSON CACHE_DIR [--write]  (--write regenerates web/arbiter-api.d.ts)
set -euo pipefail
doc=$1
# A folder of its own in the cache: the npm installs of other tests (the browser tests install
# into the cache's top folder) never rewrite this one's node_modules while it runs.
cache=${ARB_NPM_CACHE:-$2}/client-types
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# openapi-typescript 7 needs TypeScript 5 (a plain `npm i typescript` now brings 7, which it cannot use)
oat_version=7.13.0 ts_version=5.9.3
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed (scripts/deps --test)"; exit 1; }
for pkg in "openapi-typescript@$oat_version" "typescript@$ts_version"; do
  have=$(node -p "require('$cache/node_modules/${pkg%@*}/package.json').version" 2>/dev/null || true)
  if [ "$have" != "${pkg##*@}" ]; then
    mkdir -p "$cache"
    flock "$cache/.install.lock" npm install --silent --no-audit --no-fund --no-save --prefix "$cache" "openapi-typescript@$oat_version" \
      "typescript@$ts_version" >/dev/null
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cache/node_modules/.bin/openapi-typescript" "$doc" -o "$tmp/arbiter-api.d.ts" >/dev/null 2>&1
passed=0 failed=0
if [ "${3:-}" = --write ]; then
  cp "$tmp/arbiter-api.d.ts" "$root/web/arbiter-api.d.ts"
  echo "wrote web/arbiter-api.d.ts"
elif cmp -s "$tmp/arbiter-api.d.ts" "$root/web/arbiter-api.d.ts"; then
  passed=$((passed + 1))
else
  echo "FAIL: web/arbiter-api.d.ts is not what openapi-typescript makes of docs/openapi.json (run tests/api/client_types.sh docs/openapi.json build/npm-cache --write)"
  diff "$tmp/arbiter-api.d.ts" "$root/web/arbiter-api.d.ts" | head -20
  failed=$((failed + 1))
fi
if out=$("$cache/node_modules/.bin/tsc" -p "$here/ts" 2>&1); then
  passed=$((passed + 1))
else
  echo "FAIL: tsc --strict over tests/api/ts/typed_client.ts:"; echo "$out" | head -30
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
