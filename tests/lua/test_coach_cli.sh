#!/bin/sh
# The coach's toolkit as a coach runs it: `arbiter lesson check` and `arbiter quiz check` on
# files with the authoring review's mistakes print file:line errors and exit 1; `quiz list
# --dir` exits non-zero when a generator fails; `lesson play` exits 1 when the lesson's script
# fails while answering, and a read of an undefined global is a check error with its line.
# Usage: test_coach_cli.sh ARBITER DATA_DIR
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
# trap.lua passes its check and runs away when e4 is answered (the instruction budget): the
# session goes on, and the exit status says a script failed.
printf 'e4\nNf3\nquit\n' | "$ARB" lesson play trap.lua > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 1 ]" "lesson play with a script failure: not exit 1"
check "grep -qE \"trap.lua:7: (instruction|time) budget\" '$tmp/err'" "lesson play: the failure is not said with its line: $(cat "$tmp/err")"
check "grep -q '✓' '$tmp/out'" "lesson play stopped after the failure: $(cat "$tmp/out")"
printf 'Nf3\nquit\n' | "$ARB" lesson play trap.lua > /dev/null 2>&1
check "[ \$? -eq 0 ]" "lesson play without a failure: not exit 0"

# A misspelled local passed on (gmae for game) reads an undefined global as nil: the check says so.
"$ARB" lesson check coach/gmae.lua > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 1 ]" "lesson check gmae.lua: not exit 1"
check "grep -qxF \"coach/gmae.lua:12: error: 'gmae' is not defined: a global read as nil (did you mean 'game'?)\" '$tmp/err'" \
  "lesson check gmae.lua: $(cat "$tmp/err")"
exit $fail
