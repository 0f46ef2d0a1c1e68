#!/bin/sh
# Issue 12 §4, one command: the undecided rate of dead-position sides at /v1/dead's default
# budget on a hard set built from data nobody here made up, every verdict cross-checked
# (bench/dead_hard.c):
#  - the CHA test vectors (../shared/data/cha, community-submitted hard positions, labelled),
#    each with its three mirror images (labels carried over) and three positions a few seeded
#    random plies later;
#  - the final positions of 30,000 real lichess timeout games (miguel-ambrona/D3-Chess,
#    tests/lichess-30K-games.txt, GPL-3.0 data: read from a clone, never copied here), with
#    their mirror images.
# usage: bench/dead_hard.sh [BUILD_DIR [D3_CHESS_CLONE_OR_FILE]]   (about 8 CPU minutes)
set -eu
build=${1:-build}
d3=${2:-${D3_CHESS:-}}
here=$(dirname "$0")/..
cha=${ARB_CHA_VECTORS:-$here/../shared/data/cha/test-vector.txt}
lichess=
if [ -f "$d3" ]; then
    lichess=$d3
elif [ -d "$d3" ]; then
    lichess=$(mktemp)
    trap 'rm -f "$lichess"' EXIT
    if [ -f "$d3/tests/lichess-30K-games.txt" ]; then
        cp "$d3/tests/lichess-30K-games.txt" "$lichess"
    else # a bare mirror (git directory)
        git -C "$d3" show HEAD:tests/lichess-30K-games.txt >"$lichess"
    fi
else
    echo "no D3-Chess clone given (argument 2 or \$D3_CHESS): the lichess positions are skipped" >&2
fi
"$build/bench/bench_dead_hard" --mirrors --descend 3 "$cha"
if [ -n "$lichess" ]; then
    "$build/bench/bench_dead_hard" --mirrors "$lichess"
fi
