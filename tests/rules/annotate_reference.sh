#!/usr/bin/env bash
# rules_annotate_reference: the events tests/data/pgn/annotate-events.pgn expects by hand, checked
# against two references that share no code with Arbiter: chess.js (npm, installed into a cache
# folder on first use) ply by ply (annotate_reference.mjs), and pgn-extract (Debian) game by game:
# the games it finds with a threefold repetition, fifty moves, a final checkmate or stalemate are
# the games whose Expect tag says so.
# Then real games nobody here wrote (tests/data/pgn/real, SOURCES.md there): `arbiter annotate
# --json` on each file, its events checked by chess.js ply by ply (and its result against the
# ExpectResult tags), its games with a final mate, a stalemate, a fifty-move stretch found by
# pgn-extract exactly; pgn-extract's repeated games must be among Arbiter's (it counts a position
# after a double pawn step as new even when no en passant capture is possible, which 9.2.3.1 does
# not: Arbiter and chess.js find the two extra repetitions of carlsen-selection.pgn).
# Usage: annotate_reference.sh PGN CACHE_DIR [ARBITER REAL_PGN...]
set -euo pipefail
pgn=$1
cache=$2
arbiter=${3:-}
shift 2
[ $# -gt 0 ] && shift
here=$(dirname "$0")
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed (scripts/deps)"; exit 1; }
command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ] || { echo "pgn-extract is needed (scripts/deps)"; exit 1; }
extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ ! -f "$cache/node_modules/chess.js/package.json" ] ||
   ! grep -q '"version": "1.4.0"' "$cache/node_modules/chess.js/package.json"; then
  mkdir -p "$cache"
  # one installer at a time (cli.annotate installs into the same cache)
  flock "$cache/.lock" npm install --silent --no-audit --no-fund --prefix "$cache" chess.js@1.4.0 >/dev/null
fi
cache=$(cd "$cache" && pwd)
out=$(node "$here/annotate_reference.mjs" "$cache/node_modules/chess.js" "$pgn") || true
echo "$out"
agree=$(echo "$out" | sed -n 's/^chess.js: \([0-9]*\) games agree.*, \([0-9]*\) do not$/\1 \2/p')
[ -n "$agree" ] || { echo "chess.js did not run"; echo "0 passed, 1 failed"; exit 1; }

# pgn-extract, game by game: its filters against the games whose expectations say the same
passed=0 failed=0
check() { # FLAG "expected Event names" "found Event names"
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL pgn-extract $1: expected [$2], found [$3]"; fi
}
events_of() { sed -n 's/^\[Event "\(.*\)"\]$/\1/p' | sort | paste -sd'|' -; }
expected() { # the games whose Expect tag matches the awk condition on its events
  awk -v want="$1" '/^\[Event "/ { ev = substr($0, 9, length($0) - 10) }
    /^\[Expect "/ { e = substr($0, 10, length($0) - 11); if (e ~ want) print "[Event \"" ev "\"]" }' "$pgn" | events_of
}
for flag in repetition fifty checkmate stalemate; do
  case $flag in
    repetition) want='threefold_available' ;;
    fifty) want='fifty_moves_available' ;;
    # a game that ends in checkmate or stalemate: the ending is its last event before any tag event
    checkmate) want='[0-9]+ checkmate(; [0-9]+ result_tag_mismatch)?$' ;;
    stalemate) want='[0-9]+ stalemate(; [0-9]+ result_tag_mismatch)?$' ;;
  esac
  check "--$flag" "$(expected "$want")" "$("$extract" "--$flag" -s "$pgn" 2>/dev/null | events_of)"
done
echo "pgn-extract: $passed filters agree"
read -r ok ko <<< "$agree"
passed=$((passed + ok)) failed=$((failed + ko))

# real games
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for real in "$@"; do
  name=$(basename "$real")
  "$arbiter" annotate --json "$real" > "$tmp/$name.jsonl" 2> "$tmp/$name.err" || {
    failed=$((failed + 1)); echo "FAIL $name: arbiter annotate: $(tail -1 "$tmp/$name.err")"; continue; }
  if out=$(node "$here/annotate_reference.mjs" "$cache/node_modules/chess.js" "$real" "$tmp/$name.jsonl"); then
    passed=$((passed + 1)); echo "$name: $(echo "$out" | tail -1)"
  else
    failed=$((failed + 1)); echo "$out" | sed "s/^/$name: /"
  fi
  for flag in repetition fifty checkmate stalemate; do
    "$extract" "--$flag" -s "$real" > "$tmp/$name.$flag.pgn" 2>/dev/null || true
  done
  if python3 - "$real" "$tmp/$name" <<'PY'
import json, re, sys
real, base = sys.argv[1], sys.argv[2]
def key(tags):
    return tuple(tags.get(t) for t in ("Site", "Date", "Round", "White", "Black", "FEN"))
def games(path):
    text = open(path, encoding="utf-8").read()
    return {key(dict(re.findall(r'^\[(\w+) "(.*)"\]$', b, re.M))) for b in re.split(r'\n(?=\[Event )', text) if "[Event " in b}
annotated = [json.loads(l) for l in open(base + ".jsonl")]
def arbiter(pred):
    return {key(g["tags"]) for g in annotated if pred(g)}
codes = lambda g: {e["code"] for e in g.get("events", [])}
ours = {
    "repetition": arbiter(lambda g: "threefold_available" in codes(g)),
    "fifty": arbiter(lambda g: "fifty_moves_available" in codes(g)),
    "checkmate": arbiter(lambda g: g.get("termination") == "checkmate" and g["end_ply"] == g["plies"]),
    "stalemate": arbiter(lambda g: g.get("termination") == "stalemate" and g["end_ply"] == g["plies"]),
}
bad = 0
for flag, mine in ours.items():
    theirs = games("%s.%s.pgn" % (base, flag))
    ok = theirs <= mine if flag == "repetition" else theirs == mine
    print("  pgn-extract --%s: %d games, Arbiter %d%s" % (flag, len(theirs), len(mine), "" if ok else ": FAIL"))
    for k in sorted(map(str, theirs ^ mine)):
        print("    %s: %s" % ("Arbiter only" if flag == "repetition" and ok else "differs", k))
    bad += not ok
sys.exit(1 if bad else 0)
PY
  then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name: pgn-extract and Arbiter disagree"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
