#!/usr/bin/env bash
# bench/http: wrk on loopback against the built arbiterd and two reference Node.js servers
# (chessops, chess.js; installed from npm into a temp dir) for POST /v1/move (a FEN and a move;
# then the moves of a game so far and a move: "move+game") and /v1/analyze,
# then arbiterd alone answering lesson steps (POST /v1/lessons/{id}/steps/{n}/answer, bundled
# lessons: a correct move, an illegal one explained by the engine, a true/false question), with
# the answer cache on and off, and distinct answers (cache misses).
# Prints requests/s, p50/p99 latency, ratios, each server's own CPU time per request (immune to
# the client and to other load sharing the cores) and arbiterd's resident memory. Builds nothing.
# Two ceilings run in the same table: "mhd-const" (BUILD/bench/http_ceiling: libmicrohttpd set up
# like arbiterd, answering a constant reply, no JSON, no chess) and "node-bare" (Node's http
# parsing the body, no chess): whatever a server adds to them costs time, so mhd-const/chessops
# bounds the ratio arbiterd can show on the machine at hand.
# Usage: bench/http/run.sh [BUILD_DIR]   env: DURATION (s, 10), CONNS (32), WRK_THREADS (1),
#        ARBITERD_THREADS (1), SOAK (s, 0: after the table, load /v1/move this long and sample RSS),
#        LESSON_THREADS (arbiterd threads for the lesson scenario: 0 = one per core),
#        ONLY=lessons (skip npm and the move/analyze table: the lesson scenario only),
#        ONLY=table (the move/analyze table only), ENDPOINTS (rows of the table: "move move+game analyze")
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
ARBITERD_THREADS=${ARBITERD_THREADS:-1}
SOAK=${SOAK:-0}
LESSON_THREADS=${LESSON_THREADS:-0}
ONLY=${ONLY:-}
ENDPOINTS=${ENDPOINTS:-move move+game analyze}

TOOLS="wrk node npm curl"; [ "$ONLY" = lessons ] && TOOLS="wrk curl"
# shellcheck disable=SC2086
bench_require bench/http $TOOLS
[ -x "$ARBITERD" ] || { echo "bench/http: build arbiterd first ($ARBITERD not found)" >&2; exit 1; }
CEILING=$BUILD/bench/http_ceiling

bench_tmp
wrk_post_script "$TMP/post.lua"

# run_wrk PORT PATH BODY -> "rps p50_ms p99_ms requests non2xx"
run_wrk() {
  BODY="$3" wrk -t"$WRK_THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$TMP/post.lua" "http://127.0.0.1:$1$2" | wrk_figures
}

# distinct.lua: every request a new answer (never in the answer cache: each one runs the script).
cat > "$TMP/distinct.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"answer":"x' .. n .. '"}')
end
LUA

# Lesson steps: arbiterd with the bundled lessons; each answer the cache does not hold runs the
# lesson's script in a fresh sandbox (see docs/lessons.md). Twice: with the answer cache
# (repeated answers are hits) and without it (every request runs the script); then distinct
# answers (misses) with the cache on.
lesson_scenario() {
  lesson_run "answer cache on (repeats are hits)" ""
  lesson_run "answer cache off (every answer runs its script)" "--lesson-cache-entries 0"
}

lesson_run() {
  local port pid
  port=$(free_port)
  # shellcheck disable=SC2086
  "$ARBITERD" --listen 127.0.0.1:$port --threads "$LESSON_THREADS" --log-level warn --lessons "$ROOT/lessons" $2 \
    2>"$TMP/arbiterd-lessons.log" &
  pid=$!
  PIDS+=($pid)
  wait_http "http://127.0.0.1:$port/v1/health"
  echo "== lesson steps, $1: wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s, arbiterd --threads $LESSON_THREADS, $(nproc) cores, load: $(uptime | sed 's/.*load average: //')"
  printf '%-44s %-14s %10s %8s %8s %8s\n' path answer 'req/s' 'p50 ms' 'p99 ms' non-2xx
  local spec path body
  for spec in 'illegal-moves/steps/2|{"answer":"Kd2"}' 'illegal-moves/steps/2|{"answer":"Nc3"}' \
              'castling-blocked/steps/3|{"answer":"true"}'; do
    path="/v1/lessons/${spec%%|*}/answer"; body=${spec#*|}
    read -r rps p50 p99 _ bad < <(run_wrk "$port" "$path" "$body")
    printf '%-44s %-14s %10s %8s %8s %8s\n' "$path" "$(echo "$body" | sed 's/.*"answer":"\([^"]*\)".*/\1/')" \
      "$rps" "$p50" "$p99" "$bad"
  done
  if [ -z "$2" ]; then
    local out rps
    out=$(wrk -t"$WRK_THREADS" -c"$CONNS" -d"${DURATION}s" --latency -s "$TMP/distinct.lua" \
      "http://127.0.0.1:$port/v1/lessons/castling-blocked/steps/3/answer")
    rps=$(echo "$out" | awk '/^Requests\/sec/ {printf "%.0f", $2}')
    printf '%-44s %-14s %10s %8s %8s %8s\n' /v1/lessons/castling-blocked/steps/3/answer 'x1, x2, ...' "$rps" \
      "$(echo "$out" | awk '/^ +50%/ {print $2}')" "$(echo "$out" | awk '/^ +99%/ {print $2}')" \
      "$(echo "$out" | awk '/Non-2xx/ {n = $NF} END {print n + 0}')"
    echo "           cache: $(curl -s "http://127.0.0.1:$port/metrics" | awk '/^arbiterd_lesson_cache_(hits_total|misses_total|entries|bytes) / {printf "%s=%s ", substr($1, 23), $2}')"
  fi
  echo "           arbiterd RSS after the lesson runs: $(awk '/^VmRSS/ {print $2}' /proc/$pid/status) kB; load: $(uptime | sed 's/.*load average: //')"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

if [ "$ONLY" = lessons ]; then
  lesson_scenario
  exit 0
fi

echo "== installing reference servers (npm: chessops@0.15, chess.js@1.4) into $TMP"
cp "$HERE/server.mjs" "$TMP/"
(cd "$TMP" && echo '{"type":"module","private":true}' > package.json &&
  npm install --silent --no-audit --no-fund chessops@0.15 chess.js@1.4 >/dev/null)

P_ARB=$(free_port)
"$ARBITERD" --listen 127.0.0.1:$P_ARB --threads "$ARBITERD_THREADS" --log-level warn --lessons "$TMP" 2>"$TMP/arbiterd.log" &
ARB_PID=$!
PIDS+=($ARB_PID)
P_OPS=$(free_port)
node "$TMP/server.mjs" chessops $P_OPS >/dev/null &
PIDS+=($!)
OPS_PID=$!
P_CJS=$(free_port)
node "$TMP/server.mjs" chess.js $P_CJS >/dev/null &
PIDS+=($!)
CJS_PID=$!
P_NODE=$(free_port)
node "$TMP/server.mjs" none $P_NODE >/dev/null &
PIDS+=($!)
NODE_PID=$!
SERVERS="arbiterd:$P_ARB chessops:$P_OPS chess.js:$P_CJS node-bare:$P_NODE"
if [ -x "$CEILING" ]; then
  P_MHD=$(free_port)
  "$CEILING" $P_MHD "$ARBITERD_THREADS" &
  PIDS+=($!)
  MHD_PID=$!
  SERVERS="$SERVERS mhd-const:$P_MHD"
else
  echo "bench/http: $CEILING not built: no mhd-const ceiling row" >&2
fi

MOVE_BODY='{"fen":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3","move":"Bb5"}'
# The request a teaching app sends during a game: the moves so far (40 plies of a Ruy Lopez,
# SAN) and the move to judge; each server replays the game first.
GAME_BODY='{"moves":["e4","e5","Nf3","Nc6","Bb5","a6","Ba4","Nf6","O-O","Be7","Re1","b5","Bb3","d6","c3","O-O","h3","Nb8","d4","Nbd7","c4","c6","cxb5","axb5","Nc3","Bb7","Bg5","b4","Nb1","h6","Bh4","c5","dxe5","Nxe4","Bxe7","Qxe7","exd6","Qf6","Nbd2","Nxd6"],"move":"Nc4"}'
ANALYZE_BODY='{"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}'

for port in $P_ARB $P_OPS $P_CJS $P_NODE ${P_MHD:-}; do
  wait_http "http://127.0.0.1:$port/"
done

for sample in move move+game; do
  echo "== sample answers to POST /v1/move ($sample)"
  body=$MOVE_BODY; [ $sample = move ] || body=$GAME_BODY
  for name_port in arbiterd:$P_ARB chessops:$P_OPS chess.js:$P_CJS; do
    printf '%-9s %s\n' "${name_port%%:*}" "$(curl -s -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:${name_port##*:}/v1/move")"
  done
done

rss_kb() { awk '/^VmRSS/ {print $2}' /proc/$ARB_PID/status; }
hwm_kb() { awk '/^VmHWM/ {print $2}' /proc/$ARB_PID/status; }

echo "== wrk -t$WRK_THREADS -c$CONNS -d${DURATION}s, arbiterd --threads $ARBITERD_THREADS, $(nproc) cores"
echo "   (cpu us/req: the server's own CPU time, user + system, per answered request: what it costs"
echo "    whatever the client and the other load on the machine do; capacity/core = 1e6 / that)"
printf '%-14s %-9s %12s %10s %10s %8s %12s %14s\n' endpoint server 'req/s' 'p50 ms' 'p99 ms' non-2xx 'cpu us/req' 'capacity/core'
declare -A PID_OF=([arbiterd]=$ARB_PID [chessops]=$OPS_PID [chess.js]=$CJS_PID [node-bare]=$NODE_PID [mhd-const]=${MHD_PID:-0})
for ep in $ENDPOINTS; do
  case $ep in
    move) body=$MOVE_BODY ;; move+game) body=$GAME_BODY ;; analyze) body=$ANALYZE_BODY ;;
    *) echo "bench/http: unknown endpoint $ep in ENDPOINTS (move, move+game, analyze)" >&2; exit 2 ;;
  esac
  declare -A RPS=() CAP=()
  for name_port in $SERVERS; do
    name=${name_port%%:*}; port=${name_port##*:}
    t0=$(cpu_ticks "${PID_OF[$name]}")
    read -r rps p50 p99 _ bad < <(run_wrk "$port" "/v1/${ep%%+*}" "$body")
    t1=$(cpu_ticks "${PID_OF[$name]}")
    RPS[$name]=$rps
    read -r cpu cap < <(awk -v t=$((t1 - t0)) -v us=$TICK_US -v r="$rps" -v d="$DURATION" \
      'BEGIN { n = r * d; c = n > 0 ? t * us / n : 0; printf "%.1f %.0f\n", c, (c > 0 ? 1e6 / c : 0) }')
    CAP[$name]=$cap
    printf '%-14s %-9s %12s %10s %10s %8s %12s %14s\n' "/v1/$ep" "$name" "$rps" "$p50" "$p99" "$bad" "$cpu" "$cap"
    if [ $name = arbiterd ]; then echo "           arbiterd RSS after run: $(rss_kb) kB (peak $(hwm_kb) kB)"; fi
  done
  awk -v a="${RPS[arbiterd]}" -v o="${RPS[chessops]}" -v c="${RPS[chess.js]}" -v ep="$ep" \
    'BEGIN { printf "/v1/%s ratios: arbiterd/chessops %.1fx, arbiterd/chess.js %.1fx\n", ep, a / o, a / c }'
  awk -v a="${RPS[arbiterd]}" -v o="${RPS[chessops]}" -v m="${RPS[mhd-const]:-0}" -v n="${RPS[node-bare]}" -v ep="$ep" \
    'BEGIN { printf "/v1/%s ceilings: node-bare/chessops %.1fx", ep, n / o;
             if (m > 0) printf ", mhd-const/chessops %.1fx (arbiterd cannot go past it); arbiterd at %.0f%% of mhd-const", m / o, 100 * a / m;
             printf "\n" }'
  awk -v a="${CAP[arbiterd]}" -v o="${CAP[chessops]}" -v c="${CAP[chess.js]}" -v ep="$ep" \
    'BEGIN { if (o > 0 && c > 0) printf "/v1/%s capacity ratios (CPU per request): arbiterd/chessops %.1fx, arbiterd/chess.js %.1fx\n", ep, a / o, a / c }'
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
[ "$ONLY" = table ] || lesson_scenario
