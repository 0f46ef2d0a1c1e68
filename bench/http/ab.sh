#!/usr/bin/env bash
# bench/http/ab.sh: the hot path of two revisions measured against each other in one run. Builds
# arbiterd of REV_A and REV_B (git archive of each into a temp dir, release build, nothing of the
# work tree), then runs the same rows for both, interleaved (A B A B ...; ROUNDS rounds), with the
# libmicrohttpd constant reply (bench/http_ceiling, the floor) in every round too, and prints each
# row's median CPU per request (the server's own user + system time / answered requests: steadier
# than requests/s on a machine the client shares), B/A, and each against the floor.
# Usage: bench/http/ab.sh REV_A REV_B   env: ROUNDS (3), DURATION (s per run, 10), CONNS (32),
#        WRK_THREADS (1), ARBITERD_THREADS (1), ROWS ("move move+game analyze"), KEEP (a dir: keep
#        the builds there and reuse them next time), TASKSET (e.g. "taskset -c 1": the servers' CPUs)
# Needs wrk, git, meson, ninja, curl. A revision is anything git names (a commit, main, HEAD).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# shellcheck source=bench/lib.sh
. "$HERE/../lib.sh"
[ $# -eq 2 ] || { echo "usage: bench/http/ab.sh REV_A REV_B" >&2; exit 2; }
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
CONNS=${CONNS:-32}
WRK_THREADS=${WRK_THREADS:-1}
ARBITERD_THREADS=${ARBITERD_THREADS:-1}
ROWS=${ROWS:-move move+game analyze}
TASKSET=${TASKSET:-}
bench_require bench/http/ab.sh wrk git meson ninja curl

bench_tmp
BUILDS=${KEEP:-$TMP}
mkdir -p "$BUILDS"

# build REV -> the directory of its build (arbiterd and http_ceiling), reused when KEEP has it
build() {
  local sha dir
  sha=$(git -C "$ROOT" rev-parse --verify "$1^{commit}")
  dir=$BUILDS/$sha
  if [ ! -x "$dir/build/daemon/arbiterd" ]; then
    rm -rf "$dir" && mkdir -p "$dir/src"
    git -C "$ROOT" archive "$sha" | tar -x -C "$dir/src"
    meson setup "$dir/build" "$dir/src" -Dbuildtype=release >"$dir/setup.log" 2>&1 ||
      { echo "bench/http/ab.sh: meson setup of $1 failed: $dir/setup.log" >&2; exit 1; }
    ninja -C "$dir/build" daemon/arbiterd >"$dir/build.log" 2>&1 ||
      { echo "bench/http/ab.sh: build of $1 failed: $dir/build.log" >&2; exit 1; }
    ninja -C "$dir/build" bench/http_ceiling >>"$dir/build.log" 2>&1 || true
  fi
  echo "$dir/build"
}

echo "== building $1 and $2 (release)" >&2
A_BUILD=$(build "$1")
B_BUILD=$(build "$2")
CEILING=$B_BUILD/bench/http_ceiling
[ -x "$CEILING" ] || CEILING=$A_BUILD/bench/http_ceiling

wrk_post_script "$TMP/post.lua"
# The same requests as bench/http/run.sh.
MOVE_BODY='{"fen":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3","move":"Bb5"}'
GAME_BODY='{"moves":["e4","e5","Nf3","Nc6","Bb5","a6","Ba4","Nf6","O-O","Be7","Re1","b5","Bb3","d6","c3","O-O","h3","Nb8","d4","Nbd7","c4","c6","cxb5","axb5","Nc3","Bb7","Bg5","b4","Nb1","h6","Bh4","c5","dxe5","Nxe4","Bxe7","Qxe7","exd6","Qf6","Nbd2","Nxd6"],"move":"Nc4"}'
ANALYZE_BODY='{"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}'
body_of() { case $1 in move) echo "$MOVE_BODY" ;; move+game) echo "$GAME_BODY" ;; analyze) echo "$ANALYZE_BODY" ;;
  *) echo "bench/http/ab.sh: unknown row $1 (move, move+game, analyze)" >&2; exit 2 ;; esac; }
path_of() { echo "/v1/${1%%+*}"; }


# measure PID PORT PATH BODY -> "cpu_us_per_request rps p99_ms"
measure() {
  local t0 t1 out
  curl -s -o /dev/null -H 'Content-Type: application/json' -d "$4" "http://127.0.0.1:$2$3" # warm
  t0=$(cpu_ticks "$1")
  out=$(BODY="$4" wrk -t"$WRK_THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$TMP/post.lua" "http://127.0.0.1:$2$3")
  t1=$(cpu_ticks "$1")
  echo "$out" | awk -v t=$((t1 - t0)) -v us=$TICK_US -v d="$DURATION" "$WRK_MS"'
    /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 } /Non-2xx/ { bad = $NF }
    END { n = rps * d; if (bad > 0) { print "bench/http/ab.sh: non-2xx answers" > "/dev/stderr" }
          printf "%.2f %.0f %.3f\n", (n > 0 ? t * us / n : 0), rps, p99 }'
}

# serve NAME BINARY... : starts a server, waits for it, prints "PID PORT"
serve() {
  local port pid
  port=$(free_port)
  if [ "$1" = floor ]; then
    $TASKSET "$2" "$port" "$ARBITERD_THREADS" &
  else
    $TASKSET "$2" --listen "127.0.0.1:$port" --threads "$ARBITERD_THREADS" --log-level warn --lessons "$TMP" \
      2>>"$TMP/$1.log" &
  fi
  pid=$!
  PIDS+=($pid)
  wait_http "http://127.0.0.1:$port/"
  echo "$pid $port"
}

declare -A SAMPLES=()
echo "== $ROUNDS rounds, A B interleaved: wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s, --threads $ARBITERD_THREADS," \
     "$(nproc) cores, load $(uptime | sed 's/.*load average: //')"
echo "   A = $1 ($(git -C "$ROOT" rev-parse --short "$1")), B = $2 ($(git -C "$ROOT" rev-parse --short "$2"))"
for round in $(seq "$ROUNDS"); do
  for who in floor A B; do
    case $who in floor) bin=$CEILING ;; A) bin=$A_BUILD/daemon/arbiterd ;; B) bin=$B_BUILD/daemon/arbiterd ;; esac
    [ -x "$bin" ] || continue
    read -r pid port < <(serve "$who" "$bin")
    for row in $ROWS; do
      [ $who = floor ] && [ $row != move ] && continue # the floor answers a constant: one row
      read -r cpu rps p99 < <(measure "$pid" "$port" "$(path_of "$row")" "$(body_of "$row")")
      SAMPLES[$who,$row]="${SAMPLES[$who,$row]:-} $cpu"
      printf '   round %d %-5s %-10s %8s us/req %8s req/s  p99 %s ms\n' "$round" "$who" "$row" "$cpu" "$rps" "$p99"
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
FLOOR=$(echo "${SAMPLES[floor,move]:-}" | median)
echo "== medians of $ROUNDS (CPU us per request; floor: the libmicrohttpd constant reply, $FLOOR us)"
printf '%-10s %10s %10s %8s %10s %10s\n' row A B B/A 'A/floor' 'B/floor'
for row in $ROWS; do
  a=$(echo "${SAMPLES[A,$row]}" | median); b=$(echo "${SAMPLES[B,$row]}" | median)
  awk -v r="$row" -v a="$a" -v b="$b" -v f="${FLOOR:-0}" 'BEGIN {
    printf "%-10s %10.2f %10.2f %8.3f %10s %10s\n", r, a, b, (a > 0 ? b / a : 0),
      (f > 0 ? sprintf("%.2fx", a / f) : "-"), (f > 0 ? sprintf("%.2fx", b / f) : "-") }'
done
