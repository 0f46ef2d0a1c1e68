#!/usr/bin/env bash
# bench/scale: requests/s through HAProxy (deploy/haproxy/haproxy.cfg as shipped) to 1, 2 and 3
# arbiterd instances on loopback, with a mixed load (move, analyze, lesson answer, quiz
# grading; one request of each in turn per connection), and the CPU each request cost: arbiterd's
# (all instances) and HAProxy's, user + system, from /proc. Ports are picked free at run time.
# Usage: bench/scale/run.sh [BUILD_DIR]   env: DURATION (s, 10), CONNS (32), WRK_THREADS (1),
#        INSTANCE_THREADS (arbiterd --threads per instance, 1), COUNTS ("1 2 3")
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# shellcheck source=bench/lib.sh
. "$HERE/../lib.sh"
BUILD=${1:-$ROOT/build}
ARBITERD=$BUILD/daemon/arbiterd
DURATION=${DURATION:-10}
CONNS=${CONNS:-32}
WRK_THREADS=${WRK_THREADS:-1}
INSTANCE_THREADS=${INSTANCE_THREADS:-1}
COUNTS=${COUNTS:-1 2 3}
bench_require bench/scale wrk haproxy curl python3
[ -x "$ARBITERD" ] || { echo "bench/scale: build arbiterd first ($ARBITERD not found)" >&2; exit 1; }

bench_tmp

cat > "$TMP/mix.lua" <<'LUA'
-- One request of each kind in turn on every connection.
local mix = {
  {"/v1/move", '{"fen":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3","move":"Bb5"}'},
  {"/v1/analyze", '{"moves":["e4","e5","Nf3","Nc6","Bb5","a6"]}'},
  {"/v1/lessons/illegal-moves/steps/2/answer", '{"answer":"Nc3"}'},
  {"/v1/quizzes/answer", '{"id":"can-castle:42:0","answer":"kingside"}'},
}
local i = 0
request = function()
  i = i % #mix + 1
  return wrk.format("POST", mix[i][1], {["Content-Type"] = "application/json"}, mix[i][2])
end
LUA

echo "== bench/scale: wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s through HAProxy $(haproxy -v | awk 'NR==1 {print $3}'),"
echo "   arbiterd --threads $INSTANCE_THREADS per instance, $(nproc) cores, load: $(uptime | sed 's/.*load average: //')"
echo "   mix: move, analyze, lesson answer, quiz grading in turn (cpu us/req: user + system per answered request)"
printf '%-10s %10s %8s %8s %8s %16s %14s %12s\n' instances 'req/s' 'p50 ms' 'p99 ms' non-2xx 'arbiterd us/req' 'haproxy us/req' 'total us/req'
for n in $COUNTS; do
  arb=()
  env_args=()
  for i in $(seq 1 3); do
    if [ "$i" -le "$n" ]; then
      port=$(free_port)
      "$ARBITERD" --listen 127.0.0.1:$port --threads "$INSTANCE_THREADS" --log-level warn --lessons "$ROOT/lessons" \
        2>"$TMP/arbiterd-$n-$i.log" &
      arb+=($!)
      PIDS+=($!)
      wait_http "http://127.0.0.1:$port/v1/health"
    else
      port=$(free_port) # nothing listens: HAProxy's check marks the server down before the run
    fi
    env_args+=("ARBITER_$i=127.0.0.1:$port")
  done
  front=$(free_port)
  env "${env_args[@]}" ARBITER_BIND=127.0.0.1:$front haproxy -db -f "$ROOT/deploy/haproxy/haproxy.cfg" >/dev/null 2>&1 &
  hap=$!
  PIDS+=($hap)
  wait_http "http://127.0.0.1:$front/v1/health"
  sleep 1.5 # the absent servers are marked down (fall 2 x inter 500ms)
  before_arb=0; for p in "${arb[@]}"; do before_arb=$((before_arb + $(cpu_ticks $p))); done
  before_hap=$(cpu_ticks $hap)
  out=$(wrk -t"$WRK_THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$TMP/mix.lua" "http://127.0.0.1:$front")
  after_arb=0; for p in "${arb[@]}"; do after_arb=$((after_arb + $(cpu_ticks $p))); done
  after_hap=$(cpu_ticks $hap)
  echo "$out" > "$TMP/wrk-$n.txt"
  read -r rps p50 p99 total bad < <(echo "$out" | wrk_figures)
  ok=$((total - bad)); [ "$ok" -gt 0 ] || ok=1
  a=$(( (after_arb - before_arb) * TICK_US / ok )); h=$(( (after_hap - before_hap) * TICK_US / ok ))
  printf '%-10s %10s %8s %8s %8s %16s %14s %12s\n' "$n" "$rps" "$p50" "$p99" "$bad" "$a" "$h" "$((a + h))"
  kill "$hap" "${arb[@]}" 2>/dev/null || true
  wait "$hap" "${arb[@]}" 2>/dev/null || true
done
