#!/usr/bin/env bash
# arbiter mate and arbiter puzzle check as users call them: verdicts, keys, exit statuses.
# Usage: test_cli_solver.sh PATH/TO/arbiter PATH/TO/puzzles.txt
set -u
arbiter=$1 puzzles=$2
passed=0 failed=0
check() { # name, condition result (0 = pass), details
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: $3"; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
opera="4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16"

out=$("$arbiter" mate "$opera" 2); rc=$?
check cli.mate.found "$([ $rc -eq 0 ] && grep -qx 'mate in 2' <<<"$out" && grep -qx 'keys: Qb8+' <<<"$out"; echo $?)" "$out"
check cli.mate.line "$(grep -qx 'line: 16. Qb8+ Nxb8 17. Rd8#' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" mate "$opera" 1); rc=$?
check cli.mate.none "$([ $rc -eq 1 ] && grep -qx 'no mate in 1' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" mate "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2" 1)
check cli.mate.black "$(grep -qx 'line: 2... Qh4#' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" mate --budget 100 "$opera" 3 2>&1); rc=$?
check cli.mate.budget "$([ $rc -eq 3 ] && grep -q 'code: solver_limit' <<<"$out"; echo $?)" "exit $rc: $out"
"$arbiter" mate "$opera" 0 >/dev/null 2>&1; rc=$?; check cli.mate.n_zero "$([ $rc -eq 2 ]; echo $?)" "exit $rc"
"$arbiter" mate "$opera" 99 >/dev/null 2>&1; rc=$?; check cli.mate.n_big "$([ $rc -eq 2 ]; echo $?)" "exit $rc"
"$arbiter" mate "$opera" 2x >/dev/null 2>&1; rc=$?; check cli.mate.n_junk "$([ $rc -eq 2 ]; echo $?)" "exit $rc"
"$arbiter" mate --budget -5 "$opera" 2 >/dev/null 2>&1; rc=$?; check cli.mate.bad_budget "$([ $rc -eq 2 ]; echo $?)" "exit $rc"
"$arbiter" mate "8/8/8/8/8/8/8/8 w - - 0 1" 2 >/dev/null 2>&1; rc=$?; check cli.mate.bad_fen "$([ $rc -eq 2 ]; echo $?)" "exit $rc"

out=$("$arbiter" puzzle check "$puzzles"); rc=$?
check cli.puzzle.bundled "$([ $rc -eq 0 ] && tail -n1 <<<"$out" | grep -q ' 0 failed$'; echo $?)" "$(tail -n3 <<<"$out")"
check cli.puzzle.one_line_each "$([ "$(grep -c '^ok ' <<<"$out")" -ge 50 ]; echo $?)" "$(tail -n1 <<<"$out")"

cat >"$tmp/bad.txt" <<'PUZ'
# good, too short (mate in 1 claimed 2), wrong keys, no mate, bad FEN, bad N, too few fields
good | 2 | 4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16 | Qb8+ | test
short | 2 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | test
keys | 2 | 4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16 | Rxd7 | test
none | 1 | 4k3/8/8/8/8/8/8/4K3 w - - 0 1 | Kd2 | test
fen | 1 | 4k3/8/8/8/8/8/8/8 w - - 0 1 | Kd2 | test
n | 12 | 4k3/8/8/8/8/8/8/4K3 w - - 0 1 | Kd2 | test
fields | 1 | 4k3/8/8/8/8/8/8/4K3 w - - 0 1
PUZ
out=$("$arbiter" puzzle check "$tmp/bad.txt"); rc=$?
check cli.puzzle.fail_exit "$([ $rc -eq 1 ]; echo $?)" "exit $rc"
check cli.puzzle.summary "$(tail -n1 <<<"$out" | grep -qx '7 puzzles: 1 ok (1 with a unique key, 0 cooked), 6 failed'; echo $?)" "$out"
check cli.puzzle.shorter "$(grep -q '^FAIL short.*mate in 1 exists' <<<"$out"; echo $?)" "$out"
check cli.puzzle.keys "$(grep -q "^FAIL keys.*solver finds 'Qb8+'" <<<"$out"; echo $?)" "$out"
check cli.puzzle.none "$(grep -q '^FAIL none.*no forced mate in 1' <<<"$out"; echo $?)" "$out"
check cli.puzzle.fen "$(grep -q '^FAIL fen.*bad FEN' <<<"$out"; echo $?)" "$out"
check cli.puzzle.n "$(grep -q '^FAIL n ' <<<"$out"; echo $?)" "$out"
check cli.puzzle.fields "$(grep -q '^FAIL (line 8): expected 5 fields' <<<"$out"; echo $?)" "$out"
head -c 5000 /dev/zero | tr '\0' 'x' >"$tmp/long.txt"
out=$("$arbiter" puzzle check "$tmp/long.txt"); rc=$?
check cli.puzzle.oversized_line "$([ $rc -eq 1 ] && grep -q 'longer than' <<<"$out"; echo $?)" "$out"
"$arbiter" puzzle check "$tmp/missing.txt" >/dev/null 2>&1; rc=$?
check cli.puzzle.missing_file "$([ $rc -eq 2 ]; echo $?)" "exit $rc"
"$arbiter" puzzle frob "$puzzles" >/dev/null 2>&1; rc=$?
check cli.puzzle.usage "$([ $rc -eq 2 ]; echo $?)" "exit $rc"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
