#!/bin/sh
# Issue 26, measured against data nobody here made up: the 30,000 lichess games of
# miguel-ambrona/D3-Chess (tests/lichess-30K-games.txt: the final position of each of "the first
# 30K lichess games from March 2020 that ended in victory by timeout", as "<FEN> <game id>"; the
# player to move is the one who ran out of time, as the analyzer reads the file) become PGN games
# with that position, the loss on time as their Result and Termination "Time forfeit", and
# `arbiter annotate` re-scores them by the Laws. Printed: how many it re-scores as draws, by how
# (6.9: time_forfeit_draw; 5.2.2: the position was dead already), and the comparison with the
# analyzer's authors' published list of unfairly scored lichess games (tests/unfair.txt, the
# newest version the clone holds): the games of the 30K in both, in one only, with their ids.
# The data is GPL-3.0 and read from a clone, never copied here.
# usage: bench/annotate/lichess.sh BUILD_DIR D3_CHESS_CLONE [JOBS]   (a few CPU minutes)
set -eu
build=${1:-build}
d3=${2:-${D3_CHESS:-}}
jobs=${3:-2}
[ -d "$d3" ] || { echo "usage: $0 BUILD_DIR D3_CHESS_CLONE_OR_MIRROR [JOBS]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
show() { # path in the clone: a work tree or a bare mirror (git directory)
  if [ -f "$d3/$1" ]; then cat "$d3/$1"; else git -C "$d3" show "HEAD:$1"; fi
}
show tests/lichess-30K-games.txt > "$tmp/30k.txt"
# the newest tests/unfair.txt the clone holds (a mirror may leave the largest version out)
: > "$tmp/unfair.txt"
if [ -f "$d3/tests/unfair.txt" ]; then cp "$d3/tests/unfair.txt" "$tmp/unfair.txt"; else
  for c in $(git -C "$d3" log --format=%h -- tests/unfair.txt); do
    if git -C "$d3" show "$c:tests/unfair.txt" > "$tmp/unfair.txt" 2>/dev/null; then
      echo "unfair.txt: version $c ($(git -C "$d3" log -1 --format='%ad %s' --date=short "$c"))"; break; fi
  done
fi
awk '{ fen = $1 " " $2 " " $3 " " $4 " " $5 " " $6; id = $7
       result = ($2 == "w") ? "0-1" : "1-0"
       printf "[Event \"lichess timeout\"]\n[Site \"https://lichess.org/%s\"]\n[Result \"%s\"]\n", id, result
       printf "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s\n\n", fen, result }' \
  "$tmp/30k.txt" > "$tmp/30k.pgn"
start=$(date +%s)
"$build/cli/arbiter" annotate --json --jobs "$jobs" "$tmp/30k.pgn" > "$tmp/out.jsonl" 2> "$tmp/err.txt"
end=$(date +%s)
tail -1 "$tmp/err.txt"
echo "annotated in $((end - start)) s (wall, --jobs $jobs)"
python3 - "$tmp/out.jsonl" "$tmp/unfair.txt" <<'PY'
import collections, json, sys
games = [json.loads(l) for l in open(sys.argv[1])]
draws = [g for g in games if g.get("result") == "1/2-1/2"]
by = collections.Counter(g["termination"] for g in draws)
unknown = [g for g in games if any(x["code"] == "search_budget_spent" for e in g.get("events", [])
                                   for x in e.get("explanations", []))]
ids = lambda gs: {g["tags"]["Site"].rsplit("/", 1)[1].lower(): g for g in gs}
drawn = ids(draws)
published = {line.split()[-1].lower() for line in open(sys.argv[2]) if line.strip()}
in_30k = {g["tags"]["Site"].rsplit("/", 1)[1].lower() for g in games} & published
print("games: %d, re-scored as draws: %d (%s)" % (len(games), len(draws),
      ", ".join("%s %d" % kv for kv in sorted(by.items()))))
print("undecided searches (the loss stands, never a draw on a guess): %d" % len(unknown))
print("published as unfairly scored (unfair.txt) among these games: %d" % len(in_30k))
print("in both: %d; Arbiter only: %d; published only: %d" % (len(set(drawn) & in_30k), len(set(drawn) - in_30k),
                                                              len(in_30k - set(drawn))))
for i in sorted(set(drawn) | in_30k):
    g = drawn.get(i)
    where = "both" if i in drawn and i in in_30k else "arbiter only" if i in drawn else "published only"
    print("  %-14s %-9s %s %s" % (where, i, g["termination"] if g else "-", g["start"] if g else ""))
PY
