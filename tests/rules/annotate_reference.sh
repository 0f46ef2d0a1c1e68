#!/usr/bin/env bash
# rules_annotate_reference: the events tests/data/pgn/annotate-events.pgn expects by hand, checked
# against two references that share no code with Arbiter: chess.js (npm, installed into a cache
# folder on first use) ply by ply (annotate_reference.mjs), and pgn-extract (Debian) game by game:
# the games it finds with a threefold repetition, fifty moves, a final checkmate or stalemate are
# the games whose Expect tag says so.
# Usage: annotate_reference.sh PGN CACHE_DIR
set -euo pipefail
pgn=$1
cache=$2
here=$(dirname "$0")
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed (scripts/deps)"; exit 1; }
command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ] || { echo "pgn-extract is needed (scripts/deps)"; exit 1; }
extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ ! -f "$cache/node_modules/chess.js/package.json" ] ||
   ! grep -q '"version": "1.4.0"' "$cache/node_modules/chess.js/package.json"; then
  mkdir -p "$cache"
  # one installer at a time (cli.annotate installs into the same cache)
  flock "$cache/.lock" npm install --silent --no-audit --no-fund --prefix "$cache" chess.js@1.4.0 >/dev/null
fi
cache=$(cd "$cache" && pwd)
out=$(node "$here/annotate_reference.mjs" "$cache/node_modules/chess.js" "$pgn") || true
echo "$out"
agree=$(echo "$out" | sed -n 's/^chess.js: \([0-9]*\) games agree.*, \([0-9]*\) do not$/\1 \2/p')
[ -n "$agree" ] || { echo "chess.js did not run"; echo "0 passed, 1 failed"; exit 1; }

# pgn-extract, game by game: its filters against the games whose expectations say the same
passed=0 failed=0
check() { # FLAG "expected Event names" "found Event names"
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL pgn-extract $1: expected [$2], found [$3]"; fi
}
events_of() { sed -n 's/^\[Event "\(.*\)"\]$/\1/p' | sort | paste -sd'|' -; }
expected() { # the games whose Expect tag matches the awk condition on its events
  awk -v want="$1" '/^\[Event "/ { ev = substr($0, 9, length($0) - 10) }
    /^\[Expect "/ { e = substr($0, 10, length($0) - 11); if (e ~ want) print "[Event \"" ev "\"]" }' "$pgn" | events_of
}
for flag in repetition fifty checkmate stalemate; do
  case $flag in
    repetition) want='threefold_available' ;;
    fifty) want='fifty_moves_available' ;;
    # a game that ends in checkmate or stalemate: the ending is its last event before any tag event
    checkmate) want='[0-9]+ checkmate(; [0-9]+ result_tag_mismatch)?$' ;;
    stalemate) want='[0-9]+ stalemate(; [0-9]+ result_tag_mismatch)?$' ;;
  esac
  check "--$flag" "$(expected "$want")" "$("$extract" "--$flag" -s "$pgn" 2>/dev/null | events_of)"
done
echo "pgn-extract: $passed filters agree"
set -- $agree
passed=$((passed + $1)) failed=$((failed + $2))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
