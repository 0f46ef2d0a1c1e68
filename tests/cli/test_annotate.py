#!/usr/bin/env python3
"""cli.annotate: `arbiter annotate` as users call it. The hand-made games' expected events through
--json; the text report; stdin; --jobs N in file order; --shard I/N (N = 1, 2, 7 and more: every game
once, the merged shards byte for byte the --shard 1/1 output); --write read back by `arbiter pgn`,
by annotate itself and by chess.js when its cache is there; memory flat over a file 4 times larger;
a game over --max-game-mib; the progress line only on a terminal; exit codes.
Usage: test_annotate.py ARBITER DATA_DIR NPM_CACHE   (chess.js 1.4.0 is installed there when missing)"""
import fcntl
import json
import os
import pty
import resource
import subprocess
import sys
import tempfile

ARBITER, DATA = sys.argv[1], sys.argv[2]
CACHE = os.path.abspath(sys.argv[3])
CHESSJS = os.path.join(CACHE, "node_modules", "chess.js")


def install_chessjs():
    """chess.js from npm into the cache, as rules_annotate_reference does (one installer at a time)."""
    os.makedirs(CACHE, exist_ok=True)
    with open(os.path.join(CACHE, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        pkg = os.path.join(CHESSJS, "package.json")
        if not os.path.exists(pkg) or '"version": "1.4.0"' not in open(pkg).read():
            subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", CACHE,
                            "chess.js@1.4.0"], capture_output=True)
EVENTS = os.path.join(DATA, "pgn", "annotate-events.pgn")
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL %s %s" % (name, detail))


def run(*args, stdin=None, check_rc=None):
    p = subprocess.run([ARBITER, "annotate", *args], input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def tags_of(pgn_text):
    """Per game (in order) its tags, from the blocks of a PGN text."""
    games, cur = [], None
    for line in pgn_text.splitlines():
        if line.startswith("[Event "):
            cur = {}
            games.append(cur)
        if cur is not None and line.startswith("[") and '"' in line:
            name = line[1:line.index(" ")]
            cur[name] = line[line.index('"') + 1:line.rindex('"')]
    return games


tmp = tempfile.mkdtemp(prefix="arb-annotate-")
events_text = open(EVENTS, encoding="utf-8").read()
expected = tags_of(events_text)

# --json: one line per game, the events the Expect tags list, the result and mis-scoring
rc, out, err = run("--json", EVENTS)
lines = out.decode().splitlines()
check("cli.annotate.json.rc", rc == 0, err.decode())
check("cli.annotate.json.one_line_per_game", len(lines) == len(expected), "%d lines" % len(lines))
for i, (line, exp) in enumerate(zip(lines, expected)):
    g = json.loads(line)
    got = "; ".join("%d %s" % (e["ply"], e["code"]) for e in g["events"])
    check("cli.annotate.json.events." + exp["Event"], got == exp["Expect"], "%r != %r" % (got, exp["Expect"]))
    check("cli.annotate.json.result." + exp["Event"], g["result"] == exp["ExpectResult"] and
          g["termination"] == exp["ExpectTermination"] and
          str(g["mis_scored"]).lower() == exp["ExpectMisScored"], line[:200])
    check("cli.annotate.json.numbered", g["game"] == i + 1 and g["line"] > 0)
    for e in g["events"]:
        check("cli.annotate.json.event_shape", all(k in e for k in ("ply", "code", "text", "rule", "params",
                                                                   "squares", "move", "explanations")))
summary = err.decode().strip().splitlines()[-1]
check("cli.annotate.json.total_on_stderr", "25 games, 8 mis-scored" in summary, summary)

# the text report: a line per event, the result line, the total
rc, out, _ = run(EVENTS)
text = out.decode()
check("cli.annotate.text.event", "ply 4 (2...Qh4#): Checkmate: the white king on e1" in text)
check("cli.annotate.text.result", "result: 1/2-1/2 (time_forfeit_draw); the Result tag says 1-0: mis-scored" in text)
check("cli.annotate.text.total", text.rstrip().splitlines()[-1].startswith(EVENTS + ": 25 games, 8 mis-scored; events:"))
rc, out, _ = run("--lang", "fa", EVENTS)
check("cli.annotate.text.persian", "برای سومین بار" in out.decode())

# a larger file: the events and the real classics, many times over
big = os.path.join(tmp, "big.pgn")
with open(big, "w", encoding="utf-8") as f:
    classics = open(os.path.join(DATA, "pgn", "classics.pgn"), encoding="utf-8").read()
    for _ in range(10):
        f.write((classics + "\n") * 4 + events_text + "\n")
rc, whole, _ = run("--json", big)
ngames = len(whole.splitlines())
check("cli.annotate.big.games", ngames == 10 * (4 * 3 + 25), "%d" % ngames)

# stdin (no FILE, and -) gives the same lines
with open(big, "rb") as f:
    data = f.read()
check("cli.annotate.stdin", run("--json", stdin=data)[1] == whole)
check("cli.annotate.stdin_dash", run("--json", "-", stdin=data)[1] == whole)

# --jobs N: the same output in file order
for jobs in ("2", "4"):
    check("cli.annotate.jobs." + jobs, run("--json", "--jobs", jobs, big)[1] == whole)

# --shard I/N: N processes cover every game once; merged, byte for byte --shard 1/1
one = run("--json", "--shard", "1/1", big)[1]
check("cli.annotate.shard.no_line", b'"line":' not in one and one.count(b"\n") == ngames)
stripped = b"\n".join(l.split(b',"line":')[0] + b"," + l.split(b',"line":')[1].split(b",", 1)[1]
                      for l in whole.splitlines()) + b"\n"
check("cli.annotate.shard.same_games_as_whole", stripped == one)
for n in (2, 7, 13):
    parts = [run("--json", "--shard", "%d/%d" % (i, n), big)[1] for i in range(1, n + 1)]
    offsets = [json.loads(l)["offset"] for p in parts for l in p.splitlines()]
    check("cli.annotate.shard.%d.each_game_once" % n, len(offsets) == ngames and len(set(offsets)) == ngames)
    merged = os.path.join(tmp, "merged-%d.jsonl" % n)
    with open(merged, "wb") as f:
        f.write(b"".join(parts))
    check("cli.annotate.shard.%d.merge" % n, run("--merge", merged)[1] == one)
check("cli.annotate.shard.needs_a_file", run("--json", "--shard", "1/2", stdin=data)[0] == 2)
check("cli.annotate.shard.bad", run("--shard", "3/2", big)[0] == 2)

# --write: the PGN with the events as comments, everything else as it was
rc, written, err = run("--write", EVENTS)
wfile = os.path.join(tmp, "written.pgn")
with open(wfile, "wb") as f:
    f.write(written)
check("cli.annotate.write.rc", rc == 0, err.decode())
check("cli.annotate.write.comment", b"Qh4# {Checkmate: the white king on e1" in written)
check("cli.annotate.write.keeps_the_rest", written.replace(b" {", b"{").count(b"[Event ") == 25 and
      b"[%clk 0:00:00]" in written)
again = run("--json", wfile)[1].splitlines()
for a, b in zip(again, lines):
    ea = [(e["ply"], e["code"]) for e in json.loads(a)["events"]]
    eb = [(e["ply"], e["code"]) for e in json.loads(b)["events"]]
    check("cli.annotate.write.same_events_read_back", ea == eb, "%s != %s" % (ea, eb))
p = subprocess.run([ARBITER, "pgn", wfile], capture_output=True)
refused = p.stderr.decode().count("(pgn_illegal_move)")
check("cli.annotate.write.arbiter_pgn_reads_it", p.stdout.decode().count("\ngame ") + 1 == 23 and refused == 2,
      "%d refused" % refused)  # the two games with an illegal move stay refused at that move
install_chessjs()
if os.path.isdir(CHESSJS):
    js = r"""
const {Chess} = require(process.argv[1]);
const text = require('fs').readFileSync(process.argv[2], 'utf8');
let ok = 0, bad = 0;
for (const block of text.replace(/^%.*$/gm, '').split(/\n(?=\[Event )/)) {
  if (!block.trim().startsWith('[')) continue;
  const c = new Chess();
  try { c.loadPgn(block); ok++; } catch (e) { bad++; }
}
console.log(ok + ' ' + bad);
"""
    p = subprocess.run(["node", "-e", js, CHESSJS, wfile], capture_output=True)
    check("cli.annotate.write.chessjs_reads_it", p.stdout.decode().split() == ["23", "2"], p.stdout + p.stderr)
else:
    check("cli.annotate.write.chessjs_installed", False, "npm could not install chess.js into " + CACHE)

# memory: flat over a file 4 times larger (the file is streamed, never held whole)
def max_rss(path):
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        # under AddressSanitizer freed blocks wait in a quarantine (256 MiB): what the process holds,
        # not what the tool keeps; a release build ignores the variable
        os.execve(ARBITER, [ARBITER, "annotate", "--json", path],
                  dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=0:thread_local_quarantine_size_kb=0"))
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss  # KiB


small, large = os.path.join(tmp, "small.pgn"), os.path.join(tmp, "large.pgn")
for path, copies in ((small, 800), (large, 4000)):  # real games, 1 and 5 MB
    with open(path, "w", encoding="utf-8") as f:
        f.write((classics + "\n") * copies)
rs, rl = max_rss(small), max_rss(large)
more = (os.path.getsize(large) - os.path.getsize(small)) / 2**20
check("cli.annotate.memory_flat", (rl - rs) / 1024 < more / 4,
      "%.1f MiB more resident for %.1f MiB more input (%d KiB, %d KiB)" % ((rl - rs) / 1024, more, rs, rl))

# a game over the limit is skipped whole and said (exit 1), the next one is read
huge = os.path.join(tmp, "huge.pgn")
with open(huge, "w") as f:
    f.write('[Event "big"]\n\n1. e4 {' + "x" * (3 << 20) + '} e5 *\n\n[Event "next"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')
rc, out, _ = run("--json", "--max-game-mib", "1", huge)
games = [json.loads(l) for l in out.splitlines()]
check("cli.annotate.too_large", rc == 1 and len(games) == 2 and games[0]["error"]["explanation"]["code"] ==
      "pgn_game_too_large" and games[1]["events"][0]["code"] == "checkmate", out[:300])

# the report's frame speaks the asked language too, not only the events (a game that cannot be
# read, one over the limit, the result line, the total): no English word of the frame is left
BROKEN = os.path.join(DATA, "pgn", "broken-tag-line.pgn")
FRAME_EN = ("game ", "line ", "ply ", "plies", "Result tag", "result:", "cannot be read", "mis-scored", "games",
            "unreadable", "events:", "unfinished", "on the board")
rc, out, _ = run(BROKEN)
text = out.decode()
check("cli.annotate.frame.en", "game 3 (line 18): cannot be read: line 18, column 8: " in text and
      "game 1 (line 1): Fool - Mate, 4 plies, Result tag 1/2-1/2" in text and
      ": 4 games (1 unreadable), 1 mis-scored; events: checkmate 1" in text, text)
for lang, words in (("fa", ["بازی ۳ (سطر ۱۸): خوانده نمی‌شود: سطر ۱۸، ستون ۸: ", "نیم‌حرکت ۴ (⁦2...Qh4#⁩): مات",
                            "نتیجه: ⁦0-1⁩ (⁦checkmate⁩، روی صفحه)؛ اما برچسب نتیجه ⁦1/2-1/2⁩ است",
                            "۴ بازی (۱ بازی خوانده نشد)، ۱ بازی با نتیجهٔ نادرست؛ رویدادها: "]),
                    ("ar", ["المباراة 3 (السطر 18): تتعذّر قراءتها: السطر 18، العمود 8: ", "نصف النقلة 4 (⁦2...Qh4#⁩): كش مات",
                            "النتيجة: ⁦0-1⁩ (⁦checkmate⁩، على الرقعة)؛ لكن وسم النتيجة يقول ⁦1/2-1/2⁩",
                            "عدد المباريات 4 (تعذّرت قراءة 1 منها)، وعدد النتائج المسجّلة خطأً 1؛ الأحداث: "])):
    rc, out, _ = run("--lang", lang, BROKEN)
    text = out.decode()
    frame = "\n".join(l.split(" [")[0] for l in text.splitlines())  # the frame and texts, not the code tags
    check("cli.annotate.frame." + lang, all(w in text for w in words) and
          not [w for w in FRAME_EN if w in frame.replace(BROKEN, "")], text)
    rc, out, _ = run("--lang", lang, "--max-game-mib", "1", huge)
    text = out.decode()
    check("cli.annotate.frame.too_large_" + lang, rc == 1 and ("بازی ۱ (سطر ۱): خوانده نمی‌شود: " if lang == "fa" else
          "المباراة 1 (السطر 1): تتعذّر قراءتها: ") in text and "game " not in text, text[:400])
    rc, out, err = run("--lang", lang, "--write", BROKEN)
    check("cli.annotate.frame.write_" + lang, ("⁦18:8⁩: خوانده نمی‌شود و بی‌تغییر رونویسی شد" if lang == "fa" else
          "⁦18:8⁩: تتعذّر قراءتها، فنُسخت كما هي") in err.decode(), err.decode())

# the progress line: on a terminal only
rc, _, err = run(big)
check("cli.annotate.progress.not_on_a_pipe", b"games/s" not in err)
pid, fd = pty.fork()
if pid == 0:
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.execv(ARBITER, [ARBITER, "annotate", big])
seen = b""
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
os.waitpid(pid, 0)
check("cli.annotate.progress.on_a_terminal", b"games/s" in seen and b"mis-scored" in seen, seen[-200:])

# exit codes
check("cli.annotate.exit.missing_file", run(os.path.join(tmp, "none.pgn"))[0] == 2)
check("cli.annotate.exit.bad_option", run("--jobs", "0", EVENTS)[0] == 2)
check("cli.annotate.exit.json_and_write", run("--json", "--write", EVENTS)[0] == 2)
check("cli.annotate.exit.unreadable_game", run(os.path.join(DATA, "pgn", "malformed.pgn"))[0] == 1)
latin = run("--json", os.path.join(DATA, "pgn", "latin1.pgn"))[1].decode()
check("cli.annotate.latin1_warned", "pgn_encoding_converted" in latin)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
