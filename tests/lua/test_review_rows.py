#!/usr/bin/env python3
"""The sixteen rule errors of the teaching review (/work/shared/reviews/2026-12-teaching-review.md,
section 2), one check each, run against a source tree and its arbiter CLI. Every check failed on
the tree the review read (main before issue 22) and passes after the fixes: nothing is taught or
graded wrong again without this test saying which row.

Usage: test_review_rows.py SOURCE_ROOT ARBITER_CLI [ROW...]"""
import json
import os
import re
import subprocess
import sys

ROOT, CLI = sys.argv[1], sys.argv[2]
ONLY = {int(a) for a in sys.argv[3:]}
failures = []
passed = 0


def check(row, ok, what):
    global passed
    if ok:
        passed += 1
    else:
        failures.append((row, what))
        print("FAIL row %d: %s" % (row, what))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def en_strings(text):
    return re.findall(r'\ben\s*=\s*"((?:[^"\\\n]|\\.)*)"', text)


def run(*args):
    r = subprocess.run([CLI] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "replace")


def questions(gen, seeds, level=None, lang="en"):
    args = ["quiz", "generate", "--generator", gen, "--seed", str(seeds), "--count", "1", "--lang", lang]
    if level:
        args += ["--param", "difficulty=" + level]
    out = []
    for s in range(1, seeds + 1):
        args[5] = str(s)
        rc, text = run(*args)
        if rc == 0 and text.strip():
            out.append(json.loads(text.splitlines()[0]))
    if not out:
        check(0, False, "%s generated no question (%s)" % (gen, text.strip()[:120]))
    return out


def grade(qid, answer, lang="en"):
    rc, text = run("quiz", "grade", "--lang", lang, qid, answer)
    try:
        return json.loads(text)
    except ValueError:
        return {"correct": None, "explanations": [], "raw": text}


def steps_of(text):
    """The step blocks of a lesson file: the text from one step constructor to the next."""
    starts = [m.start() for m in re.finditer(r"\n\s*(teach|choice|true_false|move_task|which_squares)\s*\{", text)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def row(n):
    return not ONLY or n in ONLY


# 1. draw-rule: K+B v K is a dead position (5.2.2); no choice offers "insufficient material" as a
#    rule of its own beside "dead position".
if row(1):
    bad = []
    for level in ("easy", "medium", "hard"):
        for q in questions("draw-rule", 12, level):
            for ch in q["choices"]:
                t = ch["text"].lower()
                if "insufficient material" in t and "dead position" not in t:
                    bad.append((q["id"], ch["text"]))
    check(1, not bad, "draw-rule offers insufficient material as its own rule: %s" % bad[:2])

# 2. t10: the second illegal move loses in FIDE-rated play; no event regulation changes the count.
if row(2):
    texts = en_strings(read("lessons/t10-illegal-move-penalties.lua"))
    bad = [t for t in texts if re.search(r"regulations (?:may )?allow[^.]*illegal moves", t, re.I)
           and not re.search(r"not (?:one )?an event's regulations may change|before 2014", t)]
    check(2, not bad, "t10 teaches that regulations may allow more illegal moves: %s" % [b[:80] for b in bad])

# 3. rapid and blitz without supervision: A.5.2 taught (a lesson names it) and asked (the quiz's
#    illegal move that stands); t10's and t12's rapid/blitz prompts say an arbiter supervises.
if row(3):
    lessons = [read("lessons/" + f) for f in sorted(os.listdir(os.path.join(ROOT, "lessons"))) if f.endswith(".lua")]
    taught = set()
    for t in lessons:
        m = re.search(r"rules\s*=\s*\{([^}]*)\}", t)
        if m:
            taught |= set(re.findall(r'"([^"]+)"', m.group(1)))
    check(3, {"A.4", "A.5.2", "A.5.4", "A.5.5", "B.2", "B.3"} <= taught,
          "no lesson teaches A.4, A.5.2, A.5.4, A.5.5, B.2, B.3 (taught: %s)" % sorted(a for a in taught if a[:1] in "AB"))
    stands = 0
    for q in questions("illegal-penalty", 30, "hard"):
        g = grade(q["id"], "stands")
        if g.get("correct") and any(e["code"] == "illegal_move_stands" for e in g["explanations"]):
            stands += 1
    check(3, stands > 0, "illegal-penalty never asks the unsupervised game where the illegal move stands (A.5.2)")
    for f in ("lessons/t10-illegal-move-penalties.lua", "lessons/t12-arbiter-scenarios.lua"):
        for t in en_strings(read(f)):
            if re.match(r"(A (?:rapid|blitz) game|Blitz|Rapid)\b[^.]*illegal move", t) and \
                    not re.search(r"supervis|arbiter for this game|one arbiter", t):
                check(3, False, "%s: a rapid/blitz illegal move without saying it is supervised: %s" % (f, t[:90]))

# 4. touch-move: one true answer per question (a touch that binds nothing must not make three
#    offered moves and "any legal move" all right).
if row(4):
    bad = []
    for level in ("easy", "medium", "hard"):
        for q in questions("touch-move", 15, level):
            m = re.search(r"touched the (?:piece|pieces) on ([a-h1-8, and]+?)(?:,? in that order)?[.?]", q["prompt"])
            squares = re.findall(r"[a-h][1-8]", m.group(1)) if m else []
            if not squares:
                continue
            rc, text = run("touch", "--json", q["fen"], *squares)
            try:
                t = json.loads(text)
            except ValueError:
                continue
            allowed = {mv["san"].rstrip("+#") for mv in t.get("moves", [])}
            true = 0
            for ch in q["choices"]:
                if ch["id"] == "any":
                    true += 1 if t.get("any") else 0
                    continue
                san = ch["text"].strip().rstrip("+#")
                if not re.fullmatch(r"(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[QRBN])?|O-O(?:-O)?)", san):
                    continue
                if run("explain", q["fen"], san)[0] == 0:  # a legal move White may play?
                    true += 1 if (t.get("any") or san in allowed) else 0
            if true > 1:
                bad.append(q["id"])
    check(4, not bad, "touch-move questions with more than one true answer: %s" % bad[:4])

# 5. t01: only clearly accidental contact is not a deliberate touch (4.2.2).
if row(5):
    texts = en_strings(read("lessons/t01-touch-move.lua"))
    bad = [t for t in texts if "without saying so" in t and "accidental" not in t]
    check(5, not bad and any("accidental" in t for t in texts), "t01 on touching without saying so: %s" % bad[:1])

# 6. stalemate-06: the rook keeps checking; White need not take it, and Rg2+ works too.
if row(6):
    text = read("lessons/puzzles/stalemate-06-desperado.lua")
    texts = en_strings(text)
    check(6, not any("must take it" in t for t in texts) and any("Rg2+" in t for t in texts),
          "stalemate-06 says White must take the rook, or leaves out Rg2+")

# 7. t08: with the bishop on a1 and the king on h1 the mate needs a promotion; say so.
if row(7):
    blocks = [b for b in steps_of(read("lessons/t08-flag-fall-traps.lua")) if "4K2p/B6k b" in b]
    ok = bool(blocks) and all(re.search(r"promot", " ".join(en_strings(b))) for b in blocks)
    check(7, ok, "t08's dark-bishop step does not say the mate needs the pawn to promote")

# 8. illegal-penalty: the rapid penalty is A.3 (2023), not the 2018 A.4.2.
if row(8):
    for f in ("lessons/quizzes/illegal-penalty.lua", "docs/quizzes.md"):
        t = read(f)
        check(8, not re.search(r"A\.4\.2 \((?:rapid|blitz)\)|A\.4\.2[^.\n]*one minute", t), "%s cites A.4.2 for the rapid penalty" % f)

# 9, 14, 15. article numbers of the 2023 Laws, each cited for its topic (the table in tests/data).
ART_FILES = {
    9: ["lessons/i04-promotion.lua", "lessons/t02-draw-offers-resignation.lua", "lessons/t04-fifty-moves.lua",
        "lessons/t05-claim-procedure.lua", "lessons/t09-touch-move-details.lua"],
    14: ["lessons/c03-chess960-castling-forms.lua"],
    15: ["lessons/c01-chess960-setup.lua"],
}
for n, files in sorted(ART_FILES.items()):
    if row(n):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test_articles.py")
        r = subprocess.run([sys.executable, script, ROOT] + [os.path.join(ROOT, f) for f in files],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = r.stdout.decode("utf-8", "replace")
        check(n, r.returncode == 0, "article citations: %s" % out.strip().splitlines()[0][:200] if out.strip() else "")
        if n == 9:
            t = read("lessons/t04-fifty-moves.lua")
            check(9, "(9.5.2)" not in t and "(9.5.3)" in t, "t04: the written move must be played is 9.5.3")

# 10. the fifty-move counts are per player: clock 97 with White to move is White 48, Black 49.
if row(10):
    rc, out = run("outcome", "--claim", "fifty_moves", "8/8/4k3/8/8/4K3/8/R7 w - - 97 120")
    check(10, re.search(r"White has made (?:\w+ )?48|White 48", out) and re.search(r"Black (?:has made )?49|Black 49", out),
          "fifty_wrong counts: %s" % out.strip()[:200])
    texts = en_strings(read("lessons/t04-fifty-moves.lua"))
    check(10, not any(re.search(r"\b49 moves each\b", t) for t in texts), "t04 says '49 moves each'")

# 11. Appendix C: Ra8 and Ne5 are correct records; 0-0 and b8Q the FIDE forms; plain UCI (g1f3)
#     is not scoresheet notation.
if row(11):
    for f in ("lessons/b08-notation.lua", "lessons/t13-recording-moves.lua"):
        text = read(f)
        rights = [r for m in re.finditer(r"right\s*=\s*\{([^}]*)\}", text) for r in re.findall(r'"([^"]*)"', m.group(1))]
        # a piece's move in plain UCI (g1f3: no piece letter); a pawn's e4d5 is the long form
        uci = [r for m in re.finditer(r"right\s*=\s*\{([^}]*)\}", text)
               for lst in [re.findall(r'"([^"]*)"', m.group(1))] if any(re.match(r"[KQRBN]", x) for x in lst)
               for r in lst if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", r)]
        uci += [r for r in rights if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]", r)]  # b7b8q: not b7b8Q
        check(11, not uci, "%s accepts plain UCI as written on the scoresheet: %s" % (f, uci))
    text = read("lessons/b08-notation.lua")
    rights = [r for m in re.finditer(r"right\s*=\s*\{([^}]*)\}", text) for r in re.findall(r'"([^"]*)"', m.group(1))]
    check(11, "0-0" in rights and any(re.fullmatch(r"[a-h]8Q\+?", r) for r in rights),
          "b08 does not accept 0-0 and the promotion written d8Q (C.11, C.13)")
    for b in steps_of(text):
        ids = dict(re.findall(r'\{\s*id\s*=\s*"(\w+)",\s*text\s*=\s*\{\s*en\s*=\s*"([^"]*)"', b))
        ans = re.search(r'answer\s*=\s*"(\w+)"', b)
        if ans and {"Ne5", "Nxe5"} <= set(ids.values()):
            check(11, ids.get(ans.group(1)) not in ("Ne5", "Nxe5") or "NOT" not in b,
                  "b08 marks Ne5 or Nxe5 wrong for a capture")
            check(11, ids.get(ans.group(1)) != "Nxe5", "b08 marks Ne5 wrong for a capture (x is optional, C.9)")
        if ans and {"Ra8", "Ra8+", "Ra8#"} <= set(ids.values()):
            check(11, "How is the move written?" not in b, "b08 marks Ra8 wrong (# is optional, C.13)")

# 12. every position a lesson shows can arise; i01's castling board cannot.
if row(12):
    rc, out = run("validate", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
    check(12, rc != 0, "validate calls the unreachable castling board valid")
    bad = []
    for f in sorted(os.listdir(os.path.join(ROOT, "lessons"))):
        if not f.endswith(".lua") or f.startswith("c"):
            continue
        for fen in re.findall(r'fen\s*=\s*"([^"]+)"', read("lessons/" + f)):
            rc, out = run("validate", fen)
            if rc != 0:
                bad.append((f, fen))
    check(12, not bad, "lesson positions that cannot arise: %s" % bad[:3])

# 13. retro-04: the prompt says how a capture is written, and the text names no move the judge refuses.
if row(13):
    texts = en_strings(read("lessons/puzzles/retro-04-pawn-check.lua"))
    check(13, any(re.search(r"xn\b.*knight|capture adds", t) for t in texts[:1]),
          "retro-04's prompt does not say how a capture is written")
    check(13, not any("e7e5" in t for t in texts), "retro-04 names e7e5, which its judge refuses")

# 16. draw-rule, nothing applies: the counts, and no wrong claim's penalty (nobody claimed).
if row(16):
    found = 0
    for level in ("easy", "medium", "hard"):
        for q in questions("draw-rule", 12, level):
            g = grade(q["id"], "none")
            if not g.get("correct"):
                continue
            found += 1
            w = grade(q["id"], "repetition")
            check(16, not any(e["code"].startswith("claim_penalty") for e in w["explanations"]),
                  "%s: a wrong choice on a 'none' question shows a claim penalty" % q["id"])
            g2 = grade(q["id"], "none")
            check(16, not any(e["code"].startswith("claim_penalty") for e in g2["explanations"]),
                  "%s: the right answer 'none' shows a claim penalty" % q["id"])
    check(16, found > 0, "no draw-rule question whose answer is 'none'")

rows = sorted({r for r, _ in failures})
print("%d passed, %d failed%s" % (passed, len(failures), (" (rows %s)" % ", ".join(map(str, rows))) if rows else ""))
sys.exit(1 if failures else 0)
