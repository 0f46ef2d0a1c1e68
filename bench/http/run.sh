#!/usr/bin/env bash
# bench/http: wrk on loopback against the built arbiterd and two reference Node.js servers
# (chessops, chess.js; installed from npm into a temp dir) for POST /v1/move and /v1/analyze.
# Prints requests/s, p50/p99 latency, ratios and arbiterd's resident memory. Builds nothing.
# Usage: bench/http/run.sh [BUILD_DIR]   env: DURATION (s, 10), CONNS (32), WRK_THREADS (1),
#        ARBITERD_THREADS (1), SOAK (s, 0: after the table, load /v1/move this long and sample RSS)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${1:-$ROOT/build}
ARBITERD=$BUILD/daemon/arbiterd
DURATION=${DURATION:-10}
CONNS=${CONNS:-32}
WRK_THREADS=${WRK_THREADS:-1}
ARBITERD_THREADS=${ARBITERD_THREADS:-1}
SOAK=${SOAK:-0}

for tool in wrk node npm curl; do
  command -v $tool >/dev/null || { echo "bench/http: $tool is required" >&2; exit 1; }
done
[ -x "$ARBITERD" ] || { echo "bench/http: build arbiterd first ($ARBITERD not found)" >&2; exit 1; }

TMP=$(mktemp -d)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

echo "== installing reference servers (npm: chessops@0.15, chess.js@1.4) into $TMP"
cp "$HERE/server.mjs" "$TMP/"
(cd "$TMP" && echo '{"type":"module","private":true}' > package.json &&
  npm install --silent --no-audit --no-fund chessops@0.15 chess.js@1.4 >/dev/null)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

P_ARB=$(free_port)
"$ARBITERD" --listen 127.0.0.1:$P_ARB --threads "$ARBITERD_THREADS" --log-level warn --lessons "$TMP" 2>"$TMP/arbiterd.log" &
ARB_PID=$!
PIDS+=($ARB_PID)
P_OPS=$(free_port)
node "$TMP/server.mjs" chessops $P_OPS >/dev/null &
PIDS+=($!)
P_CJS=$(free_port)
node "$TMP/server.mjs" chess.js $P_CJS >/dev/null &
PIDS+=($!)

MOVE_BODY='{"fen":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3","move":"Bb5"}'
ANALYZE_BODY='{"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}'

for port in $P_ARB $P_OPS $P_CJS; do
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
done

echo "== sample answers to POST /v1/move"
for name_port in arbiterd:$P_ARB chessops:$P_OPS chess.js:$P_CJS; do
  printf '%-9s %s\n' "${name_port%%:*}" "$(curl -s -H 'Content-Type: application/json' -d "$MOVE_BODY" "http://127.0.0.1:${name_port##*:}/v1/move")"
done

cat > "$TMP/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("BODY")
LUA

rss_kb() { awk '/^VmRSS/ {print $2}' /proc/$ARB_PID/status; }
hwm_kb() { awk '/^VmHWM/ {print $2}' /proc/$ARB_PID/status; }

# run NAME PORT PATH BODY -> "rps p50_ms p99_ms"
run() {
  local out
  out=$(BODY="$4" wrk -t"$WRK_THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$TMP/post.lua" "http://127.0.0.1:$2$3")
  echo "$out" > "$TMP/wrk-$1-${3//\//_}.txt"
  echo "$out" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
    /Non-2xx/ { bad = $NF } /Socket errors/ { err = $0 }
    END { printf "%.0f %.3f %.3f %s\n", rps, p50, p99, (bad ? bad : 0) }'
}

echo "== wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s, arbiterd --threads $ARBITERD_THREADS, $(nproc) cores"
printf '%-10s %-9s %12s %10s %10s %8s\n' endpoint server 'req/s' 'p50 ms' 'p99 ms' non-2xx
for ep in move analyze; do
  body=$MOVE_BODY; [ $ep = analyze ] && body=$ANALYZE_BODY
  declare -A RPS=()
  for name_port in arbiterd:$P_ARB chessops:$P_OPS chess.js:$P_CJS; do
    name=${name_port%%:*}; port=${name_port##*:}
    read -r rps p50 p99 bad < <(run "$name" "$port" "/v1/$ep" "$body")
    RPS[$name]=$rps
    printf '%-10s %-9s %12s %10s %10s %8s\n' "/v1/$ep" "$name" "$rps" "$p50" "$p99" "$bad"
    if [ $name = arbiterd ]; then echo "           arbiterd RSS after run: $(rss_kb) kB (peak $(hwm_kb) kB)"; fi
  done
  awk -v a="${RPS[arbiterd]}" -v o="${RPS[chessops]}" -v c="${RPS[chess.js]}" -v ep="$ep" \
    'BEGIN { printf "/v1/%s ratios: arbiterd/chessops %.1fx, arbiterd/chess.js %.1fx\n", ep, a / o, a / c }'
done

if [ "$SOAK" -gt 0 ]; then
  echo "== soak: POST /v1/move for ${SOAK}s, arbiterd RSS every 30 s (kB)"
  BODY="$MOVE_BODY" wrk -t"$WRK_THREADS" -c"$CONNS" -d"${SOAK}s" -s "$TMP/post.lua" "http://127.0.0.1:$P_ARB/v1/move" > "$TMP/soak.txt" &
  WRK_PID=$!
  for _ in $(seq $((SOAK / 30))); do sleep 30; printf '%s ' "$(rss_kb)"; done
  wait $WRK_PID
  echo; grep Requests/sec "$TMP/soak.txt"
fi
echo "arbiterd final RSS $(rss_kb) kB, peak $(hwm_kb) kB"
