#!/usr/bin/env bash
# The playground's speed, measured by driving the page in Debian's chromium (issue 21, "speed
# stays"): first contentful paint of a cold load, and illegal drop -> explanation shown. Prints the
# medians with their bounds (50 ms for the explanation, 300 ms for the first paint); exits 1 when a
# median is over its bound. Never part of the test suite: timings belong here.
# usage: bench/web/run.sh [BUILD_DIR [RUNS [OTHER_BUILD_DIR]]]   (the npm cache as tests/web/run.sh)
#   With OTHER_BUILD_DIR (e.g. main's build) its page is A, BUILD_DIR's B, runs alternating, and the
#   B/A ratio of the medians is printed: on a loaded machine the ratio is the number to read.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
runs=${2:-20}
other=${3:-}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
cache=${ARB_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/arbiter-npm}
if [ ! -f "$cache/node_modules/puppeteer-core/package.json" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error puppeteer-core@24.9.0 axe-core@4.10.3 >&2
fi
export CHROMIUM PUPPETEER_DIR="$cache/node_modules"
exec node "$here/page.mjs" "$here/../../lessons" "$runs" ${other:+"$other/daemon/arbiterd"} "$build/daemon/arbiterd"
