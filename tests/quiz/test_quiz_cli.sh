#!/bin/sh
# arbiter quiz: the same questions in two separate processes (determinism across runs), JSON
# lines, ids that grade in a third process, exit codes, bad arguments refused.
set -u
ARB="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$1"; then :; else echo "FAIL: $2"; fail=1; fi; }

for g in $("$ARB" quiz list | sed 's/.*"id":"\([^"]*\)".*/\1/' | sed -n '/^[a-z0-9-]*$/p' | sort -u); do
  "$ARB" quiz generate --generator "$g" --seed 99 --count 40 > "$tmp/a" || { echo "FAIL: generate $g"; fail=1; }
  "$ARB" quiz generate --generator "$g" --seed 99 --count 40 > "$tmp/b"
  check "cmp -s '$tmp/a' '$tmp/b'" "$g: two runs differ"
  check "[ \$(wc -l < '$tmp/a') -eq 40 ]" "$g: not 40 lines"
  check "[ \$(sort -u '$tmp/a' | wc -l) -eq 40 ]" "$g: duplicate lines"
  # The question at index 5 alone, by --index, is line 6 of the batch when nothing was skipped.
  id=$(sed -n 1p "$tmp/a" | sed 's/^{"id":"\([^"]*\)".*/\1/')
  "$ARB" quiz grade "$id" "definitely-not-an-answer" > "$tmp/g"
  check "[ \$? -eq 1 ]" "$g: wrong answer did not exit 1"
  check "grep -q '\"correct\":false' '$tmp/g'" "$g: wrong answer not graded false"
  expected=$(sed 's/^{"id":"[^"]*","correct":[a-z]*,"expected":"\([^"]*\)".*/\1/' "$tmp/g")
  "$ARB" quiz grade "$id" "$expected" > "$tmp/g2"
  check "[ \$? -eq 0 ] && grep -q '\"correct\":true' '$tmp/g2'" "$g: the expected answer '$expected' is not correct"
done

"$ARB" quiz generate --generator status --seed 5 --count 3 --lang fa > "$tmp/fa"
check "grep -q 'نوبت' '$tmp/fa'" "Persian prompt missing"
"$ARB" quiz generate --generator status --seed 5 --count 3 --lang ar > "$tmp/ar"
check "grep -q 'الدور' '$tmp/ar'" "Arabic prompt missing"
"$ARB" quiz generate --generator status --seed 5 --count 3 --difficulty hard > "$tmp/h"
check "grep -q 'status:5:0:difficulty=hard' '$tmp/h'" "difficulty missing from the id"

"$ARB" quiz generate --generator nope --seed 1 --count 1 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "unknown generator accepted"
"$ARB" quiz generate --generator status --seed -1 --count 1 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "negative seed accepted"
"$ARB" quiz generate --generator status --seed 1 --count 1 --difficulty nope >/dev/null 2>&1
check "[ \$? -eq 2 ]" "bad difficulty accepted"
"$ARB" quiz generate --generator status --seed 1 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "missing --count accepted"
"$ARB" quiz grade "status:1" yes >/dev/null 2>&1
check "[ \$? -eq 2 ]" "malformed id accepted"
"$ARB" quiz generate --generator status --seed 1 --count 2 --lang xx >/dev/null 2>&1
check "[ \$? -eq 2 ]" "bad language accepted"
exit $fail
