#!/usr/bin/env bash
# The arbiter CLI as users call it: output formats, exit statuses, errors with field and offset.
# Usage: test_cli.sh PATH/TO/arbiter
set -u
arbiter=$1
passed=0 failed=0
check() { # name, condition result (0 = pass), details
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: $3"; fi
}
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

out=$("$arbiter" perft startpos 3); check cli.perft.last_line "$([ "$(tail -n1 <<<"$out")" = 8902 ]; echo $?)" "$out"
out=$("$arbiter" perft --divide "$kiwi" 2)
sum=$(grep ': ' <<<"$out" | awk -F': ' '{s += $2} END {print s}')
check cli.perft.divide_sums "$([ "$sum" = 2039 ] && [ "$(tail -n1 <<<"$out")" = 2039 ] && [ "$(grep -c ': ' <<<"$out")" = 48 ]; echo $?)" "$out"
out=$("$arbiter" perft --variant chess960 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" 3)
check cli.perft.chess960 "$([ "$(tail -n1 <<<"$out")" = 12189 ]; echo $?)" "$out"
"$arbiter" perft startpos 99 >/dev/null 2>&1; check cli.perft.depth_cap "$([ $? -eq 2 ]; echo $?)" "depth 99 accepted"
"$arbiter" perft startpos x >/dev/null 2>&1; check cli.perft.depth_not_number "$([ $? -eq 2 ]; echo $?)" "depth x accepted"

out=$("$arbiter" moves startpos)
check cli.moves.count "$([ "$(wc -l <<<"$out")" = 20 ]; echo $?)" "$out"
check cli.moves.format "$(grep -qx 'e2e4 e4' <<<"$out" && grep -qx 'g1f3 Nf3' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" moves "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
check cli.moves.castling_standard "$(grep -qx 'e1g1 O-O' <<<"$out" && grep -qx 'e1c1 O-O-O' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" moves --variant chess960 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
check cli.moves.castling_960 "$(grep -qx 'e1h1 O-O' <<<"$out" && grep -qx 'e1a1 O-O-O' <<<"$out"; echo $?)" "$out"

out=$("$arbiter" fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
check cli.fen.canonical "$([ "$out" = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ]; echo $?)" "$out"
err=$("$arbiter" fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1" 2>&1 >/dev/null); rc=$?
check cli.fen.error_exit_status "$([ $rc -eq 1 ]; echo $?)" "exit $rc"
check cli.fen.error_field_offset "$(grep -q 'field: castling, character: 49' <<<"$err"; echo $?)" "$err"
check cli.fen.error_code "$(grep -q 'code: fen_bad_castling' <<<"$err"; echo $?)" "$err"
err=$("$arbiter" fen --lang fa "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 2>&1 >/dev/null)
check cli.fen.error_persian "$(grep -q 'رقم' <<<"$err" && grep -q 'character: 19' <<<"$err"; echo $?)" "$err"
"$arbiter" fen "$(head -c 5000 /dev/zero | tr '\0' 'p')" >/dev/null 2>&1; rc=$?
check cli.fen.oversized "$([ $rc -eq 1 ]; echo $?)" "exit $rc"
"$arbiter" frobnicate >/dev/null 2>&1; check cli.unknown_command "$([ $? -eq 2 ]; echo $?)" "accepted"
"$arbiter" moves --bogus startpos >/dev/null 2>&1; check cli.unknown_option "$([ $? -eq 2 ]; echo $?)" "accepted"

# FIDE 2023: resigning against a side that cannot mate is a draw (5.1.2); --time-control sets a
# wrong claim's penalty too (one minute in rapid and blitz, App. A.3)
out=$("$arbiter" outcome --resign white "8/8/4k3/8/8/3QK3/8/8 w - - 0 1")
check cli.outcome.resign_draw "$(grep -qx 'result: 1/2-1/2' <<<"$out" && grep -q '(resignation_draw)' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" outcome --time-control blitz --claim threefold startpos Nf3)
check cli.outcome.claim_blitz "$(grep -q '\[FIDE 9.5.3, A.3\].*(claim_penalty_time_rapid)' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" outcome --claim threefold startpos Nf3)
check cli.outcome.claim_standard "$(grep -q '(claim_penalty_time)$' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" status "k7/8/8/8/8/8/8/K7 w - - 0 1")
check cli.status.dead_is_drawn "$([ "$(head -n1 <<<"$out")" = insufficient_material ] && grep -q '(material_kings_only\|material_kings_only, FIDE' <<<"$out"; echo $?)" "$out"
out=$("$arbiter" status startpos)
check cli.status.ongoing "$([ "$out" = ongoing ]; echo $?)" "$out"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
