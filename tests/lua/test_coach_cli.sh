#!/bin/sh
# The coach's toolkit as a coach runs it: `arbiter lesson check` and `arbiter quiz check` on
# files with the authoring review's mistakes print file:line errors and exit 1; `quiz list
# --dir` exits non-zero when a generator fails. Usage: test_coach_cli.sh ARBITER DATA_DIR
set -u
ARB="$1"
DATA="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$1"; then :; else echo "FAIL: $2"; fail=1; fi; }

cd "$DATA" || exit 1
"$ARB" lesson check coach/sucess.lua > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 1 ]" "lesson check sucess.lua: not exit 1"
check "grep -qxF \"coach/sucess.lua:16: step 1: error: move_task: unknown field 'sucess' (did you mean 'success'?)\" '$tmp/err'" \
  "lesson check sucess.lua: $(cat "$tmp/err")"
check "[ ! -s '$tmp/out' ]" "lesson check printed ok for a broken file"

"$ARB" lesson check coach/dup/a.lua coach/dup/b.lua > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 1 ]" "duplicate ids: not exit 1"
check "grep -qxF \"coach/dup/b.lua:5: error: another lesson already has the id 'coach-dup': coach/dup/a.lua\" '$tmp/err'" \
  "duplicate ids: $(cat "$tmp/err")"
check "grep -qxF 'coach/dup/a.lua: ok' '$tmp/out'" "duplicate ids: the first file is not ok"

"$ARB" lesson check coach > /dev/null 2> "$tmp/err"
check "[ \$? -eq 1 ] && grep -q 'is a directory' '$tmp/err'" "a directory: $(cat "$tmp/err")"
exit $fail
