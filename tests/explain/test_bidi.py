#!/usr/bin/env python3
"""The bidi check: Persian and Arabic texts as they are shown, laid out by FriBidi (the Unicode
bidirectional algorithm as browsers and terminals apply it), must show every move, square and
other Latin token as it is written, in a right-to-left paragraph and in a first-strong ("auto")
one, which must resolve right-to-left. «⁦1.e4⁩» must not read «e4.1», «b8=Q+» not «+b8=Q».

Texts: every engine code rendered in fa and ar (dump_messages, n = 1 and 11, default digits);
every fa/ar string of the lessons, quizzes, puzzles and Lua runtimes, isolated as they are served
(isolate_text: arb_message_isolate); web/i18n.js as the page shows it. Before any of that, the
check is shown to catch planted defects (a Persian move number, a check sign, a text starting
with a move), so it cannot pass by reading nothing.

Usage: test_bidi.py DUMP_MESSAGES ISOLATE_TEXT REPO_ROOT
Needs libfribidi (Debian: libfribidi0). Prints FAIL lines and "N passed, N failed"."""
import ctypes
import ctypes.util
import glob
import os
import re
import subprocess
import sys

PAR_LTR, PAR_RTL, PAR_ON = 0x110, 0x111, 0x40
CONTROLS = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"))
# A run of Latin tokens as a reader reads it: moves with their numbers and signs, squares, FEN
# words; tokens joined by single spaces («1.e4 e5»). Trailing . , : ; ) are sentence punctuation.
TOKEN = r"[A-Za-z0-9][A-Za-z0-9=+#\-./'_]*[A-Za-z0-9+#]|[A-Za-z]"
# A move number in Persian or Arabic digits belongs to its move («۱.e4» must read so, not «e4.۱»).
RUN = re.compile(r"(?<![A-Za-z0-9=+#\-./'_۰-۹٠-٩])(?:[۰-۹٠-٩]+\.(?:\.\.)?)?(?:%s)(?: (?:%s))*" % (TOKEN, TOKEN))
ARABIC_SCRIPT = re.compile("[\u0600-\u06ff]")


def load_fribidi():
    name = ctypes.util.find_library("fribidi") or "libfribidi.so.0"
    try:
        lib = ctypes.CDLL(name)
    except OSError as e:
        sys.exit("FAIL: libfribidi is not installed (Debian: libfribidi0): %s" % e)
    lib.fribidi_log2vis.restype = ctypes.c_int
    return lib


def visual(lib, text, base):
    """(the visual string, the resolved paragraph direction) of text in a paragraph of base."""
    n = len(text)
    src = (ctypes.c_uint32 * max(n, 1))(*[ord(ch) for ch in text])
    out = (ctypes.c_uint32 * max(n, 1))()
    pbase = ctypes.c_uint32(base)
    if n and not lib.fribidi_log2vis(src, n, ctypes.byref(pbase), out, None, None, None):
        return None, None
    return "".join(chr(out[i]) for i in range(n)), pbase.value


def runs(text):
    """The Latin runs a reader must find intact: those with a letter (a bare number is not one)."""
    plain = text.translate(CONTROLS)
    return [m.group(0) for m in RUN.finditer(plain) if re.search("[A-Za-z]", m.group(0))]


def defects(lib, text):
    """What a right-to-left reader would see wrong in text, as short reasons (empty: none)."""
    found = []
    for base, name in ((PAR_RTL, "rtl"), (PAR_ON, "auto")):
        vis, resolved = visual(lib, text, base)
        if vis is None:
            return ["fribidi refused the text"]
        vis = vis.translate(CONTROLS)
        for r in runs(text):
            if r not in vis:
                found.append("%s: '%s' does not read as written" % (name, r))
        if base == PAR_ON and ARABIC_SCRIPT.search(text) and resolved != PAR_RTL:
            found.append("auto: the paragraph is laid out left-to-right (it starts with a Latin token)")
    return found


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def check(self, ok, where, text, why):
        if ok:
            self.passed += 1
            return
        self.failed += 1
        if self.failed <= 30 or os.environ.get("LANGUAGE_CHECK_ALL"):
            print("FAIL bidi: %s: %s\n    %s" % (where, why, text))


LUA_STRING = re.compile(r"\b(fa|ar)\s*=\s*\"((?:[^\"\\\n]|\\.)*)\"")


def lua_texts(path):
    src = open(path, encoding="utf-8").read()
    for m in LUA_STRING.finditer(src):
        text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda e: chr(int(e.group(1), 16)), m.group(2))
        text = re.sub(r"\\(.)", lambda e: {"n": " ", "t": " "}.get(e.group(1), e.group(1)), text)
        # a template's {parameters} are filled (and isolated) at run time: a word stands in
        text = re.sub(r"\{[^{}]*\}", "مهره", text)
        yield m.group(1), src.count("\n", 0, m.start()) + 1, text


JS_ROW = re.compile(r"\b(fa|ar)\s*:\s*(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`]*`)")


def js_texts(path):
    src = open(path, encoding="utf-8").read()
    for m in JS_ROW.finditer(src):
        text = m.group(2)[1:-1]
        text = re.sub(r"\$\{[^}]*\}|\{[^{}]*\}", "مهره", text)
        yield m.group(1), src.count("\n", 0, m.start()) + 1, text


def isolate(tool, lang, texts):
    out = subprocess.run([tool, lang], input="\n".join(texts) + "\n", check=True, stdout=subprocess.PIPE,
                         universal_newlines=True, encoding="utf-8").stdout
    lines = out.split("\n")
    return lines[:len(texts)]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    dump, tool, root = sys.argv[1:]
    lib = load_fribidi()
    c = Checks()
    # The check catches what the reviews saw (2026-12 Persian F5, F6; Arabic H4), and passes
    # the same texts once isolated: it cannot pass by reading nothing.
    planted = [("fa", "سفید ۱.e4 را بازی کرده است و سیاه ۱...e5 را."),
               ("fa", "بازیکنان 1.Nf3 Nf6 2.Ng1 Ng8 را بازی کردند."),
               ("ar", "صحيح: b8=Q+ — المربع ثم = ثم حرف القطعة."),
               ("fa", "O-O-O: شاه به c1 و رخ به d1 می‌رود.")]
    for lang, text in planted:
        c.check(bool(defects(lib, text)), "planted (%s)" % lang, text, "the check missed a planted defect")
    fixed = [("fa", "سفید 1.e4 را بازی کرده است و سیاه 1...e5 را."), planted[1], planted[2], planted[3]]
    for (lang, text), good in zip(fixed, isolate(tool, "fa", [t for _, t in fixed])):
        d = defects(lib, good)
        c.check(not d, "planted, isolated (%s)" % lang, good, "; ".join(d))

    # Engine explanations.
    out = subprocess.run([dump], check=True, stdout=subprocess.PIPE).stdout.decode("utf-8")
    seen = set()
    for line in out.splitlines():
        lang, digits, code, n, m, text = line.split("\t", 5)
        if lang in ("fa", "ar") and digits == "default" and n in ("1", "11") and m in ("0", "1") and text not in seen:
            seen.add(text)
            d = defects(lib, text)
            c.check(not d, "%s %s (n=%s)" % (lang, code, n), text, "; ".join(d))
    c.check(len(seen) > 1000, "dump", "", "only %d engine texts read" % len(seen))

    # Lesson, quiz, puzzle and runtime prose, as served.
    files = sorted(glob.glob(os.path.join(root, "lessons", "*.lua")) +
                   glob.glob(os.path.join(root, "lessons", "quizzes", "*.lua")) +
                   glob.glob(os.path.join(root, "lessons", "puzzles", "*.lua")) +
                   glob.glob(os.path.join(root, "lua", "*prelude.lua")) +
                   [os.path.join(root, "lua", "common.lua"), os.path.join(root, "lua", "library.lua")])
    count = 0
    for lang in ("fa", "ar"):
        items = [(p, line, t) for p in files for l, line, t in lua_texts(p) if l == lang]
        for (p, line, _), shown in zip(items, isolate(tool, lang, [t for _, _, t in items])):
            d = defects(lib, shown)
            c.check(not d, "%s:%d (%s)" % (os.path.relpath(p, root), line, lang), shown, "; ".join(d))
            count += 1
    c.check(count > 1000, "lessons", "", "only %d lesson texts read" % count)

    # The mate file's sources in Persian and Arabic (lessons/puzzles/puzzles.<lang>.txt), as served.
    for lang in ("fa", "ar"):
        path = os.path.join(root, "lessons", "puzzles", "puzzles.%s.txt" % lang)
        items = [(n, l.split("|", 1)[1].strip()) for n, l in enumerate(open(path, encoding="utf-8"), 1)
                 if l.strip() and not l.startswith("#") and "|" in l]
        for (n, _), shown in zip(items, isolate(tool, lang, [t for _, t in items])):
            d = defects(lib, shown)
            c.check(not d, "%s:%d (%s)" % (os.path.relpath(path, root), n, lang), shown, "; ".join(d))
        c.check(len(items) >= 50, path, "", "only %d sources read" % len(items))

    # The page's own strings, as it shows them.
    web = os.path.join(root, "web", "i18n.js")
    for lang, line, text in js_texts(web):
        d = defects(lib, text)
        c.check(not d, "web/i18n.js:%d (%s)" % (line, lang), text, "; ".join(d))

    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
