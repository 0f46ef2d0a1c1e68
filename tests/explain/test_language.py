#!/usr/bin/env python3
"""The language checks: every explanation code rendered in en, fa and ar (every piece, n and m
in 0, 1, 2, 3, 11, 100, each digit choice; from dump_messages), and every text of the lessons,
quizzes, puzzles and Lua runtimes, against docs/glossary.md:

  glossary    no variant from the glossary's "never" columns, no phrase it forbids
  letters     no Persian letter (گ چ پ ژ ک ی) in Arabic, no Arabic ي/ك in Persian
  english     no English word (none, true, false, null, any) in Persian or Arabic
  digits      one digit system per text (squares, moves, FENs and codes aside), and the
              language's default: Persian digits in fa, Latin in ar, or the one asked for
  plurals     no count that disagrees with its noun: "1 bishops", "2 minute", "(s)",
              «2 دقيقة», «3 دقيقة», «11 دقائق», «۲ دقیقه‌ها»
  complete    no unexpanded {parameter} in a rendered explanation

Usage: test_language.py DUMP_MESSAGES REPO_ROOT [--texts FILE...]
With --texts only those Lua files are checked (no engine dump): the way to try a new lesson.
Prints one FAIL line per defect (at most 20 per check) and "N passed, N failed"."""
import glob
import os
import re
import subprocess
import sys

LRI, PDI = "\u2066", "\u2069"
PERSIAN_LETTERS_IN_ARABIC = "گچپژکی"
ARABIC_LETTERS_IN_PERSIAN = "يك"
ENGLISH_WORDS = re.compile(r"(?<![A-Za-z])(none|true|false|null|nil|any)(?![A-Za-z])", re.I)
LATIN_DIGITS, PERSIAN_DIGITS, ARABIC_DIGITS = "0123456789", "۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩"
# A Latin token: a square, move, FEN, code, UCI move or NAG ($0). Its digits are not counted.
LATIN_TOKEN = re.compile(r"\$\d+|[A-Za-z0-9][A-Za-z0-9=+#/\-_.:]*[A-Za-z][A-Za-z0-9=+#/\-_.:]*|"
                         r"[A-Za-z][A-Za-z0-9=+#/\-_.:]*")

EN_NOUNS = ("move minute time square piece pawn bishop knight rook queen king position ply character tag "
            "byte rank annotation level man").split()
AR_SINGULAR = ("دقيقة مرة نقلة مربع مربعًا قطعة بيدق بيدقًا ملك ملكًا وضع وضعًا حرف حرفًا صف صفًا وسم وسمًا "
               "فيل فيلًا حصان رخ وزير").split()
AR_PLURAL = "دقائق مرات نقلات مربعات قطع بيادق ملوك أوضاع أحرف صفوف أوسمة مستويات أفيال أحصنة رموز".split()


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = {}

    def check(self, name, ok, where, text, why):
        if ok:
            self.passed += 1
            return
        n = self.failed.get(name, 0) + 1
        self.failed[name] = n
        if n <= 20 or os.environ.get("LANGUAGE_CHECK_ALL"):
            print("FAIL %s: %s: %s\n    %s" % (name, where, why, text))

    def finish(self):
        failed = sum(self.failed.values())
        for name, n in sorted(self.failed.items()):
            print("  %s: %d defects" % (name, n))
        print("%d passed, %d failed" % (self.passed, failed))
        return 1 if failed else 0


def read_glossary(root):
    """{lang: [forbidden variant, ...]} from the glossary's tables."""
    never = {"en": [], "fa": [], "ar": []}
    text = open(os.path.join(root, "docs", "glossary.md"), encoding="utf-8").read()
    terms = text.split("## Terms", 1)[1].split("\n## ", 1)[0]
    for line in terms.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("concept",) or set(cells[0]) <= set("-"):
            continue
        for lang, cell in (("fa", cells[4]), ("ar", cells[5])):
            never[lang] += [v.strip() for v in cell.split("·") if v.strip()]
    phrases = text.split("## Phrases no template may produce", 1)[1].split("\n## ", 1)[0]
    for line in phrases.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("never",) and not set(cells[0]) <= set("-"):
            for v in cells[0].split("·"):
                for lang in never:
                    never[lang].append(v.strip())
    return never


def outside_isolates(text):
    """The text with every left-to-right isolate (and what it holds) taken out."""
    return re.sub(LRI + "[^" + PDI + "]*" + PDI, " ", text)


def digit_systems(text):
    """Which digit systems the text writes numbers in, Latin tokens and isolates aside."""
    rest = LATIN_TOKEN.sub(" ", outside_isolates(text))
    found = set()
    for ch in rest:
        if ch in LATIN_DIGITS:
            found.add("latin")
        elif ch in PERSIAN_DIGITS:
            found.add("persian")
        elif ch in ARABIC_DIGITS:
            found.add("arabic")
    return found


def number_value(s):
    table = {ord(a): ord(b) for a, b in zip(PERSIAN_DIGITS + ARABIC_DIGITS, LATIN_DIGITS * 2)}
    return int(s.translate(table))


def plural_defect(lang, text):
    """A count that disagrees with its noun, or None."""
    rest = outside_isolates(text)
    if "(s)" in rest:
        return "'(s)' instead of a plural form"
    if lang == "en":
        for m in re.finditer(r"(?<![\w.])(\d+) ([a-z]+)\b", rest):
            n, word = int(m.group(1)), m.group(2)
            if n == 1 and word.endswith("s") and word[:-1] in EN_NOUNS + ["plie"]:
                return "'%s %s': singular needed" % (n, word)
            if n != 1 and word in EN_NOUNS:
                return "'%s %s': plural needed" % (n, word)
    elif lang == "fa":
        m = re.search(r"[۰-۹0-9]+ \S+\u200cها(?:ی)?(?!\S)", rest)
        if m:
            return "'%s': a count takes the singular in Persian" % m.group(0)
        m = re.search(r"(?<![۰-۹0-9])[۱1] (?:حرکت|بار|دقیقه|مهره|پیاده)", rest)
        if m:
            return "'%s': one is written یک before its noun" % m.group(0)
    elif lang == "ar":
        for m in re.finditer(r"(?<![\w])([0-9٠-٩]+) (\S+)", rest):
            n, word = number_value(m.group(1)), m.group(2).rstrip("،.:؛)")
            if n in (0, 1, 2) and (word in AR_SINGULAR or word in AR_PLURAL):
                return "'%s': %d takes a word form (واحد، مثنى، لا …), not a numeral" % (m.group(0), n)
            if 3 <= n % 100 <= 10 and word in AR_SINGULAR:
                return "'%s': 3 to 10 take the plural" % m.group(0)
            if (n % 100 >= 11 or n % 100 in (0, 1, 2)) and n > 10 and word in AR_PLURAL:
                return "'%s': 11 and more take the singular" % m.group(0)
    return None


_patterns = {}


def forbidden(lang, term):
    """A term's pattern: in Arabic from a word's start (a proclitic و ف ب ل may come first, so
    «قلة القطع» is found in «وقلة القطع» but not in «النقلة القطعة»); elsewhere anywhere, so
    that «مجاز» is found in «غیرمجاز» too."""
    key = (lang, term)
    if key not in _patterns:
        start = r"(?<!\w)[وفبل]{0,2}" if lang == "ar" and term[0].isalpha() else ""
        _patterns[key] = re.compile(start + re.escape(term))
    return _patterns[key]


def check_text(c, lang, digits, where, text, never, rendered):
    """Every check that applies to one text."""
    for v in never[lang]:
        c.check("glossary", not forbidden(lang, v).search(text), where, text,
                "off-glossary '%s' (docs/glossary.md)" % v)
    if lang == "ar":
        bad = [ch for ch in text if ch in PERSIAN_LETTERS_IN_ARABIC]
        c.check("letters", not bad, where, text, "Persian letter %s in Arabic" % "".join(sorted(set(bad))))
    if lang == "fa":
        bad = [ch for ch in text if ch in ARABIC_LETTERS_IN_PERSIAN]
        c.check("letters", not bad, where, text, "Arabic %s in Persian" % "".join(sorted(set(bad))))
        m = re.search(r"(?<!\w)(?:پیاده|مهره) (?:سفید|سیاه)", text)
        c.check("grammar", m is None, where, text, "'%s': the ezafe (پیادهٔ سفید)" % (m.group(0) if m else ""))
    if lang in ("fa", "ar"):
        m = ENGLISH_WORDS.search(text)
        c.check("english", m is None, where, text, "English word '%s'" % (m.group(0) if m else ""))
    systems = digit_systems(text)
    c.check("digits", len(systems) <= 1, where, text, "mixed digit systems %s" % sorted(systems))
    want = {("en", "default"): "latin", ("en", "latin"): "latin", ("en", "native"): "latin",
            ("fa", "default"): "persian", ("fa", "native"): "persian", ("fa", "latin"): "latin",
            ("ar", "default"): "latin", ("ar", "latin"): "latin", ("ar", "native"): "arabic"}[(lang, digits)]
    c.check("digits", systems <= {want}, where, text, "digits %s where %s belong" % (sorted(systems), want))
    if rendered:
        d = plural_defect(lang, text)
        c.check("plurals", d is None, where, text, d or "")
        c.check("complete", "{" not in text.replace("«}»", ""), where, text, "unexpanded parameter")


LUA_STRING = re.compile(r"\b(en|fa|ar)\s*=\s*\"((?:[^\"\\\n]|\\.)*)\"")


def lua_texts(path):
    """(lang, line, text) for every {en=, fa=, ar=} string of a Lua file."""
    src = open(path, encoding="utf-8").read()
    for m in LUA_STRING.finditer(src):
        text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda e: chr(int(e.group(1), 16)), m.group(2))
        text = re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), text)
        yield m.group(1), src.count("\n", 0, m.start()) + 1, text


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    dump, root = args[0], args[1]
    never = read_glossary(root)
    c = Checks()
    if "--texts" in args:
        files = args[args.index("--texts") + 1:]
    else:
        files = sorted(glob.glob(os.path.join(root, "lessons", "*.lua")) +
                       glob.glob(os.path.join(root, "lessons", "quizzes", "*.lua")) +
                       glob.glob(os.path.join(root, "lessons", "puzzles", "*.lua")) +
                       [os.path.join(root, "lua", "prelude.lua"), os.path.join(root, "lua", "quiz_prelude.lua"),
                        os.path.join(root, "lua", "puzzle_prelude.lua")])
        out = subprocess.run([dump], check=True, stdout=subprocess.PIPE).stdout.decode("utf-8")
        seen = 0
        for line in out.splitlines():
            lang, digits, code, n, m, text = line.split("\t", 5)
            check_text(c, lang, digits, "%s %s (n=%s, m=%s, digits %s)" % (lang, code, n, m, digits), text,
                       never, True)
            seen += 1
        c.check("coverage", seen > 100000, "dump", "", "only %d rendered texts" % seen)
    for path in files:
        for lang, line, text in lua_texts(path):
            c.check("glossary", "ـ{" not in text, "%s:%d (%s)" % (os.path.relpath(path, root), line, lang), text,
                    "a prefix glued to a parameter (لـ{side}): use a vocabulary form ({side.li})")
            # templates' own {parameters} are filled at run time: check the words around them
            check_text(c, lang, "default", "%s:%d (%s)" % (os.path.relpath(path, root), line, lang),
                       re.sub(r"\{[^{}]*\}", " ", text), never, False)
    return c.finish()


if __name__ == "__main__":
    sys.exit(main())
