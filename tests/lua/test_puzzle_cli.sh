#!/bin/sh
# cli_puzzle_check_wrong: `arbiter puzzle check` exit codes and messages: a puzzle whose answer
# the engine refuses is exit 1 naming its line; a missing file is exit 2; usage is exit 2.
arbiter=$1 data=$2
fail=0
out=$("$arbiter" puzzle check "$data/wrong-puzzle.lua" 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL wrong puzzle: exit $rc"; fail=1; }
echo "$out" | grep -q "wrong-puzzle.lua:9: error: the engine counts 3 legal moves, not 5" || { echo "FAIL message: $out"; fail=1; }
echo "$out" | grep -q "1 puzzle scripts: 0 ok, 1 failed" || { echo "FAIL summary: $out"; fail=1; }
"$arbiter" puzzle check "$data/no-such-puzzle.lua" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || { echo "FAIL missing file: exit $rc"; fail=1; }
"$arbiter" puzzle check >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || { echo "FAIL usage: exit $rc"; fail=1; }
"$arbiter" help puzzle | grep -q "exit: 0 all puzzles right, 1 a puzzle is wrong, 2 usage error" || { echo "FAIL help"; fail=1; }
[ $fail -eq 0 ] && echo "6 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
