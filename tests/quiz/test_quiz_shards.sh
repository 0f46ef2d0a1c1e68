#!/bin/sh
# arbiter quiz generate --indices: index ranges made apart (three shards at once through
# xargs -P, uneven sizes) concatenate byte-identically to the single-machine output, for every
# bundled generator with and without a parameter; a range is the same whatever run it is part
# of; every question of a --count batch is the line of its index; bad combinations are refused.
set -u
ARB="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$1"; then :; else echo "FAIL: $2"; fail=1; fi; }
N=60
export ARB tmp

for g in $("$ARB" quiz list | sed 's/.*"id":"\([^"]*\)".*/\1/' | sed -n '/^[a-z0-9-]*$/p' | sort -u); do
  for extra in "" "--difficulty hard"; do
    export g extra
    # shellcheck disable=SC2086
    "$ARB" quiz generate --generator "$g" --seed 11 --index 0 --indices $N $extra > "$tmp/all" 2>"$tmp/err" ||
      { echo "FAIL: $g $extra: single run: $(cat "$tmp/err")"; fail=1; }
    rm -f "$tmp"/shard-*
    # shellcheck disable=SC2016
    printf '0 21\n21 8\n29 31\n' | xargs -P 3 -L 1 sh -c \
      '"$ARB" quiz generate --generator "$g" --seed 11 --index "$0" --indices "$1" $extra > "$tmp/shard-$(printf %03d "$0")" 2>/dev/null'
    check "[ \$? -eq 0 ]" "$g $extra: a shard failed"
    cat "$tmp/shard-000" "$tmp/shard-021" "$tmp/shard-029" > "$tmp/joined"
    check "cmp -s '$tmp/all' '$tmp/joined'" "$g $extra: the shards do not concatenate to the single run"
    # One line per index that made a question, in index order.
    check "[ \$(wc -l < '$tmp/all') -ge $((N * 9 / 10)) ]" "$g $extra: fewer than 90% of the indices made a question"
    # The middle of a longer run is the same range made alone.
    # shellcheck disable=SC2086
    "$ARB" quiz generate --generator "$g" --seed 11 --index 40 --indices 10 $extra > "$tmp/mid" 2>/dev/null
    grep -E "^\{\"id\":\"$g:11:(4[0-9])[:\"]" "$tmp/all" > "$tmp/mid-of-all"
    check "cmp -s '$tmp/mid' '$tmp/mid-of-all'" "$g $extra: indices 40..49 differ between runs"
  done
  # A --count batch skips repeats but never changes a question: each of its lines is the line of
  # its index in the --indices output.
  "$ARB" quiz generate --generator "$g" --seed 11 --count 30 > "$tmp/batch" 2>/dev/null
  "$ARB" quiz generate --generator "$g" --seed 11 --index 0 --indices $N > "$tmp/all" 2>/dev/null
  missing=$(grep -vxFf "$tmp/all" "$tmp/batch" | wc -l)
  check "[ $missing -eq 0 ]" "$g: $missing batch questions are not the line of their index"
done

"$ARB" quiz generate --generator status --seed 1 --count 2 --indices 2 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "--count with --indices accepted"
"$ARB" quiz generate --generator status --seed 1 --index 9007199254740990 --indices 5 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "a range past 2^53 accepted"
"$ARB" quiz generate --generator status --seed 1 --indices -1 >/dev/null 2>&1
check "[ \$? -eq 2 ]" "negative --indices accepted"
"$ARB" quiz generate --generator status --seed 1 --index 5 --indices 0 > "$tmp/none"
check "[ \$? -eq 0 ] && [ ! -s '$tmp/none' ]" "an empty range is not an empty output"
# A range is bounded like a batch (a few question budgets and a share per question), not by one
# question's budget: 3000 indices of can-castle take about 1 s; on main they stopped after
# 500 ms ("time budget of the request (500 ms) ran out").
"$ARB" quiz generate --generator can-castle --seed 1 --index 0 --indices 3000 > "$tmp/long" 2> "$tmp/err"
check "[ \$? -eq 0 ] && [ \$(wc -l < '$tmp/long') -ge 2900 ]" "a long range stopped: $(wc -l < "$tmp/long") lines, $(cat "$tmp/err")"
[ $fail -eq 0 ] && echo "quiz shards: every generator, 2 parameter sets, 3 shards each: identical"
exit $fail
