#!/bin/sh
# Issue 26, measured: `arbiter annotate --json` (one thread) against a chess library replaying the
# same games with its per-ply rule questions (replay.mjs: chess.js 1.4.0 under node; python-chess,
# which the issue names, is not installable here), in alternating runs of the same session, on the
# file's first GAMES games (default 300: chess.js takes about 60 ms of CPU a game); the median CPU
# seconds of each, games/s per core and the ratio. Then arbiter alone over the whole file (games/s
# per core), and its peak RSS over the file and over the file four times (flat: it streams).
# The file: any PGN; by default pgns/Carlsen.pgn and pgns/Korchnoi.pgn of a clone of
# Destaq/chess-graph (7,418 real games, 5 MB).
# usage: [GAMES=N] bench/annotate/run.sh BUILD_DIR CHESS_GRAPH_CLONE_OR_PGN [RUNS]
set -eu
build=$1
src=$2
runs=${3:-5}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -f "$src" ]; then cp "$src" "$tmp/games.pgn"; else
  for f in pgns/Carlsen.pgn pgns/Korchnoi.pgn; do
    if [ -f "$src/$f" ]; then cat "$src/$f"; else git -C "$src" show "HEAD:$f"; fi; printf '\n'
  done > "$tmp/games.pgn"
fi
awk -v n="${GAMES:-300}" '/^\[Event / { g++ } g > n { exit } { print }' "$tmp/games.pgn" > "$tmp/pair.pgn"
cache=${ARB_NPM_CACHE:-$build/npm-cache}
[ -f "$cache/node_modules/chess.js/package.json" ] ||
  npm install --silent --no-audit --no-fund --prefix "$cache" chess.js@1.4.0 >/dev/null
chessjs=$(cd "$cache/node_modules/chess.js" && pwd)
cpu() { # CPU seconds (user + system) of a command, its output kept in $tmp/out
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err"
  awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: > "$tmp/a"; : > "$tmp/b"; : > "$tmp/ratio"
i=0
while [ $i -lt "$runs" ]; do
  a=$(cpu "$build/cli/arbiter" annotate --json --jobs 1 "$tmp/pair.pgn")
  games=$(wc -l < "$tmp/out")
  b=$(cpu node "$here/replay.mjs" "$chessjs" "$tmp/pair.pgn")
  echo "$a" >> "$tmp/a"; echo "$b" >> "$tmp/b"
  awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f\n", b / a }' >> "$tmp/ratio"
  i=$((i + 1))
done
tail -1 "$tmp/out"
ma=$(median < "$tmp/a"); mb=$(median < "$tmp/b"); mr=$(median < "$tmp/ratio")
echo "the first $games games ($(wc -c < "$tmp/pair.pgn") bytes), $runs alternating runs, median CPU seconds"
awk -v g="$games" -v a="$ma" -v b="$mb" -v r="$mr" 'BEGIN {
  printf "arbiter annotate --json --jobs 1: %.2f s, %.0f games/s per core\n", a, g / a
  printf "chess.js replay with per-ply checks: %.2f s, %.0f games/s per core\n", b, g / b
  printf "ratio (chess.js / arbiter, median of the pairs): %.1f\n", r }'
a=$(cpu "$build/cli/arbiter" annotate --json --jobs 1 "$tmp/games.pgn")
all=$(wc -l < "$tmp/out")
awk -v g="$all" -v a="$a" -v b="$(wc -c < "$tmp/games.pgn")" 'BEGIN {
  printf "arbiter over the whole file: %d games (%d bytes), %.2f s of CPU, %.0f games/s per core\n", g, b, a, g / a }'
for k in 1 4; do
  : > "$tmp/big.pgn"; j=0; while [ $j -lt $k ]; do cat "$tmp/games.pgn" >> "$tmp/big.pgn"; j=$((j + 1)); done
  /usr/bin/time -f '%M' -o "$tmp/time" "$build/cli/arbiter" annotate --json "$tmp/big.pgn" > /dev/null 2>&1
  echo "peak RSS over the file x$k ($(wc -c < "$tmp/big.pgn") bytes): $(cat "$tmp/time") KiB"
done
