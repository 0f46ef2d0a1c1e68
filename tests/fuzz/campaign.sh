#!/usr/bin/env bash
# Runs libFuzzer campaigns: every fuzz_* binary of a -Dfuzzers=enabled build (ASan+UBSan) for
# SECONDS each, two at a time, on a scratch copy of its corpus (the repository's corpus is only
# read); crashes land in OUT/NAME/. Prints one line per target: runs, coverage, findings.
# Usage: tests/fuzz/campaign.sh BUILD_DIR SECONDS OUT [NAME...]
set -uo pipefail
build=$1 secs=$2 out=$3
shift 3
src=$(cd "$(dirname "$0")" && pwd)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(cd "$build/tests/fuzz" && for f in fuzz_*; do [ -f "$f" ] && echo "${f#fuzz_}"; done))
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run() {
  local name=$1 seeds dict=()
  case $name in fen|move|pgn|extreme) seeds=$src/corpus/$name ;; *) seeds=$src/corpus/endpoint-$name; dict=(-dict="$src/endpoint.dict") ;; esac
  mkdir -p "$out/$name/corpus"
  cp -n "$seeds"/* "$out/$name/corpus/"
  "$build/tests/fuzz/fuzz_$name" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$out/$name/" "${dict[@]}" "$out/$name/corpus" >"$out/$name/log" 2>&1
  local runs cov crashes
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$name/log" | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$out/$name/log" | tail -1)
  crashes=$(ls "$out/$name" | grep -cE '^(crash|timeout|oom|leak)-')
  echo "$name: ${secs}s, ${runs:-?} inputs, $cov, corpus $(ls "$out/$name/corpus" | wc -l) files, $crashes findings"
}
for ((i = 0; i < ${#names[@]}; i += 2)); do
  run "${names[i]}" &
  [ $((i + 1)) -lt ${#names[@]} ] && run "${names[i + 1]}" &
  wait
done
