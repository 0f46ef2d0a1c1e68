#!/usr/bin/env bash
# api.openapi_lint: docs/openapi.json is valid OpenAPI 3.1 for a strict validator
# (@seriousme/openapi-schema-validator, and every schema compiled by ajv in strict mode, with every
# example checked against its schema: openapi_strict.cjs) and passes `redocly lint` (@redocly/cli)
# with no error and no warning. The tools (pinned) are installed from npm into a cache folder on
# first use ($ARB_NPM_CACHE when set).
# Usage: openapi_lint.sh OPENAPI_JSON CACHE_DIR
set -euo pipefail
doc=$1
# A folder of its own in the cache: the npm installs of other tests (the browser tests install
# into the cache's top folder) never rewrite this one's node_modules while it runs.
cache=${ARB_NPM_CACHE:-$2}/openapi-lint
here=$(cd "$(dirname "$0")" && pwd)
redocly_version=2.77.0 redocly_old_version=1.34.5 validator_version=2.11.0 ajv_version=8.20.0
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed (scripts/deps)"; exit 1; }
need() { # package@version: installed into the cache unless it is there already
  local pkg=${1%@*} version=${1##*@}
  local have
  have=$(node -p "require('$cache/node_modules/$pkg/package.json').version" 2>/dev/null || true)
  if [ "$have" != "$version" ]; then
    mkdir -p "$cache"
    flock "$cache/.install.lock" npm install --silent --no-audit --no-fund --no-save --prefix "$cache" "$1" >/dev/null
  fi
}
need "@seriousme/openapi-schema-validator@$validator_version"
need "ajv@$ajv_version"
node "$here/openapi_strict.cjs" "$doc" "$(cd "$cache" && pwd)" || { echo "0 passed, 1 failed"; exit 1; }
# Redocly CLI 2 needs Node 20.19 or later; on an older Node (Debian 12's nodejs is 18.19)
# Redocly CLI 1.34.5 (Node 18.17 or later, the same recommended rules) lints instead: never a skip.
if node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  need "@redocly/cli@$redocly_version"
else
  need "@redocly/cli@$redocly_old_version"
fi
bin="$cache/node_modules/.bin/redocly"
out=$("$bin" lint --config "$here/redocly.yaml" --format=stylish "$doc" 2>&1) || { echo "$out"; echo "1 passed, 1 failed"; exit 1; }
echo "$out" | grep -v '^ *$' | grep -iv 'deprecation\|node.js\|║\|╔\|╚' || true
# With warnings redocly still exits 0 but says "You have N warnings" instead of this line.
if ! echo "$out" | grep -q 'Your API description is valid' || echo "$out" | grep -q 'You have [0-9]* warning'; then
  echo "redocly lint reported warnings"; echo "1 passed, 1 failed"; exit 1
fi
echo "2 passed, 0 failed"
