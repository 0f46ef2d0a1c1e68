# bench/lib.sh: what the HTTP benchmarks (bench/http/run.sh, bench/http/ab.sh, bench/scale/run.sh)
# share: the tools they need, a temporary directory whose servers are stopped on exit, a free
# loopback port, a process's CPU time, waiting for a server to answer, and wrk's POST script and
# figures. Sourced by them (`. "$HERE/../lib.sh"`), not run.

# bench_require WHO TOOL...: exits 1, naming the first TOOL that is not installed.
bench_require() {
  local who=$1 tool
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$who: $tool is required" >&2; exit 1; }
  done
}

# bench_tmp: TMP, a new temporary directory, and PIDS, the servers started (append each one's
# PID); on exit every one of them is stopped and TMP removed.
bench_tmp() {
  TMP=$(mktemp -d)
  PIDS=()
  trap bench_cleanup EXIT
}
bench_cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$TMP"
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# CPU time (user + system, clock ticks of TICK_US microseconds) used so far by a process.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
TICK_US=$((1000000 / $(getconf CLK_TCK)))

# wait_http URL: until something answers there, 10 s at the most.
wait_http() {
  local _
  for _ in $(seq 100); do curl -s -o /dev/null "$1" && break; sleep 0.1; done
}

# wrk_post_script FILE: the wrk script that POSTs the JSON body in $BODY.
wrk_post_script() {
  cat > "$1" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("BODY")
LUA
}

# WRK_MS: an awk function, ms(v), that reads one of wrk's latencies (850.00us, 1.20ms, 2.01s) in ms.
WRK_MS='function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }'

# wrk_figures: wrk --latency's output (stdin) -> "rps p50_ms p99_ms requests non2xx".
wrk_figures() {
  awk "$WRK_MS"'
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
    / requests in / { total = $1 } /Non-2xx/ { bad = $NF }
    END { printf "%.0f %.3f %.3f %d %s\n", rps, p50, p99, total, (bad ? bad : 0) }'
}
