#!/usr/bin/env python3
"""Every article number the course cites is an article of the 2023 Laws, cited for its topic.

The one table is tests/data/fide-laws-2023.tsv (number, what it says, topic words). This test
reads every text a student sees in the bundled lessons, quiz generators and puzzles (the
`en = "…", fa = "…", ar = "…"` tables of lessons/**/*.lua, and their comments), every lesson's
`rules`, every engine reason's article (engine/include/arbiter/reasons/*.def) with its English
template, the lesson checker's list of citable articles (it must be the table's), and the FIDE references of docs/*.md.
It fails, naming file and line, when:
  - a number is not an article of the table (3.7.5, the 2018 A.4.2 for the rapid penalty);
  - the English sentence that cites an article (for an engine reason: its English template)
    contains none of that article's topic words (9.1.2.2, recording "=", cited for touching a
    piece; 4.6, the ways to promote, cited for releasing a piece);
  - the Persian or Arabic text of a table cites other articles than its English text.

Usage: test_articles.py SOURCE_ROOT [FILE...]   (FILEs: check only these lesson files)"""
import glob
import os
import re
import sys

NATIVE = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٫", "01234567890123456789.")
# An article: 1.2 ... 12.9.9 (a chapter alone is too ambiguous in prose), A.3, C.13.6, III.4,
# and the pseudo-articles "960.1" some texts used for Chess960 (they must fail; "960" alone is
# the name Chess960, as in «شطرنج ۹۶۰»).
ARTICLE = re.compile(r"(?<![\w.\-/])((?:1[0-2]|[1-9])(?:\.\d{1,2}){1,4}|[A-D](?:\.\d{1,2})+|(?:III|II|I)"
                     r"(?:\.\d{1,2})+|960\.\d)(?![\w]|\.\d)")
RANGE = re.compile(r"\s*[–-]\s*$")
STRING = re.compile(r'\b(en|fa|ar)\s*=\s*"((?:[^"\\\n]|\\.)*)"')
COMMENT = re.compile(r"--[^\n]*")
# a sentence ends at . ! ? ; (not after an abbreviation: App., Art., e.g., e.p.) or a line break
SENTENCE_END = re.compile(r"(?<!e\.p)(?<!\bApp)(?<!\bArt)(?<!\bArts)(?<!e\.g)(?<!i\.e)(?<!\d)[.!?;](?=\s|$)|\n")
# "Right:", "Not quite —" open many texts: not a topic word
VERDICT = re.compile(r"^\s*(?:right|correct|yes|no|wrong|not right|not quite)\s*[:,—–-]\s*", re.I)
# "Guidelines II" written out: the chapter
GUIDELINES = re.compile(r"\bGuidelines?\s+(III|II|I)\b(?!\.)")


def load_table(root):
    table = {}
    # the table of this test's own tree: the same check on an older tree (where it may be missing)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "fide-laws-2023.tsv")
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 3:
            raise SystemExit("%s:%d: want 3 tab-separated columns, got %d" % (path, n, len(cols)))
        number, _title, words = cols
        if number in table:
            raise SystemExit("%s:%d: %s twice" % (path, n, number))
        table[number] = [w for w in words.split("|") if w]
    return table


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def sentence_around(text, start, end):
    """The sentence of `text` holding text[start:end]; a citation that opens a sentence ("7.5.3
    treats it as…") or closes one ("…a new queen (3.7.3.3).") belongs to that sentence."""
    left = 0
    for m in SENTENCE_END.finditer(text, 0, start):
        left = m.end()
    m = SENTENCE_END.search(text, end)
    right = m.start() if m else len(text)
    return text[left:right]


class Checker:
    def __init__(self, root):
        self.root = root
        self.table = load_table(root)
        self.failures = []
        self.checked = 0

    def fail(self, where, message):
        self.failures.append("%s: %s" % (where, message))

    def rel(self, path):
        return os.path.relpath(path, self.root)

    def known(self, number, where, what):
        self.checked += 1
        if number not in self.table:
            self.fail(where, "%s cites %s, which is not an article of the 2023 Laws" % (what, number))
            return False
        return True

    def topic(self, number, sentence, where, what):
        words = self.table.get(number)
        if words is None:
            return
        low = VERDICT.sub("", sentence).lower().replace("’", "'")
        if not words:
            self.fail(where, "%s cites %s, a heading: cite the article that says it (\"%s\")" %
                      (what, number, sentence.strip()[:160]))
        elif not any(w in low for w in words):
            self.fail(where, "%s cites %s for a topic it does not cover: \"%s\" (its topic words: %s)" %
                      (what, number, sentence.strip()[:200], ", ".join(words[:6])))

    def citations(self, text):
        """(number, start, end) of every article number in a text (native digits read as 0-9);
        a range 7.5.1–7.5.5 gives both ends."""
        plain = text.translate(NATIVE)
        out = []
        for m in ARTICLE.finditer(plain):
            # a range's ends ("3.7.3.1–3.7.3.2") are checked as articles, not for their topic
            ranged = bool(RANGE.search(plain[:m.start(1)])) or bool(re.match(r"\s*[–-]\s*\S", plain[m.end(1):]))
            out.append((m.group(1), m.start(1), m.end(1), ranged))
        for m in GUIDELINES.finditer(plain):
            out.append((m.group(1), m.start(1), m.end(1), False))
        return out, plain

    # ---- lessons, quizzes, puzzles ----

    def lua_file(self, path):
        src = open(path, encoding="utf-8").read()
        where_file = self.rel(path)
        # texts: consecutive en, fa, ar strings form one text of three languages
        strings = [(m.group(1), m.group(2), m.start()) for m in STRING.finditer(src)]
        i = 0
        while i < len(strings):
            lang, body, at = strings[i]
            group = {lang: (body, at)}
            if lang == "en" and i + 2 < len(strings) and strings[i + 1][0] == "fa" and strings[i + 2][0] == "ar":
                group["fa"] = strings[i + 1][1:]
                group["ar"] = strings[i + 2][1:]
                i += 3
            else:
                i += 1
            self.text_group(group, where_file, src)
        # comments: a block of comment lines is one note; each article it cites must be in the
        # table and its topic in the note or in the file's English texts
        english = " ".join(body for lang, body, _ in strings if lang == "en")
        for m in re.finditer(r"(?:^[ \t]*--[^\n]*\n?)+", src, re.M):
            cited, plain = self.citations(m.group(0))
            where = "%s:%d" % (where_file, line_of(src, m.start()))
            for number, start, end, ranged in cited:
                if self.known(number, where, "a comment") and not ranged:
                    self.topic(number, plain + " " + english, where, "a comment (with the file's English texts)")
        # rules = { "3.8.2", ... }: each an article of the table whose topic the lesson's English
        # texts speak of somewhere
        for m in re.finditer(r"\brules\s*=\s*\{([^}]*)\}", src):
            for r in re.finditer(r'"([^"]*)"', m.group(1)):
                where = "%s:%d" % (where_file, line_of(src, m.start(1) + r.start()))
                if self.known(r.group(1), where, "rules"):
                    self.topic(r.group(1), english, where, "rules (the lesson's English texts)")

    def text_group(self, group, where_file, src):
        sets = {}
        for lang, (body, at) in group.items():
            where = "%s:%d" % (where_file, line_of(src, at))
            cited, plain = self.citations(body)
            sets[lang] = sorted(set(n for n, _, _, _ in cited))
            for number, start, end, ranged in cited:
                if self.known(number, where, "the %s text" % lang) and lang == "en" and not ranged:
                    self.topic(number, sentence_around(plain, start, end), where, "the en text")
        if "fa" in sets and "ar" in sets:
            where = "%s:%d" % (where_file, line_of(src, group["en"][1]))
            for lang in ("fa", "ar"):
                if sets[lang] != sets["en"]:
                    self.fail(where, "the %s text cites %s, the en text %s" %
                              (lang, ", ".join(sets[lang]) or "nothing", ", ".join(sets["en"]) or "nothing"))

    # ---- the engine's reasons ----

    def engine(self):
        templates = {}
        for path in glob.glob(os.path.join(self.root, "engine/messages/en/*.txt")):
            for line in open(path, encoding="utf-8"):
                key, sep, value = line.partition("=")
                if sep and not line.lstrip().startswith("#"):
                    templates[key.strip()] = value.strip()
        for path in sorted(glob.glob(os.path.join(self.root, "engine/include/arbiter/reasons/*.def"))):
            src = open(path, encoding="utf-8").read()
            for m in re.finditer(r'ARB_REASON\((\w+),\s*"([^"]*)"', src):
                code, article = m.group(1), m.group(2)
                where = "%s:%d" % (self.rel(path), line_of(src, m.start()))
                for part in article.split(","):
                    ends = [a.strip() for a in part.strip().split("-") if a.strip()]
                    for a in ends:
                        a = a[len("App. "):] if a.startswith("App. ") else a
                        if self.known(a, where, "reason %s" % code) and len(ends) == 1:
                            self.topic(a, templates.get(code, ""), where, "reason %s (its English template)" % code)
        # the articles a context cites instead of the code's own (arb_reason_cite: a Chess960
        # castling), each for the code named last before the call
        for path in sorted(glob.glob(os.path.join(self.root, "engine/src/*.c"))):
            src = open(path, encoding="utf-8").read()
            for m in re.finditer(r'arb_reason_cite\([^,;]+,\s*"([^"]+)"\)', src):
                codes = re.findall(r"ARB_R_(\w+)", src[:m.start()])
                code = codes[-1] if codes else "?"
                where = "%s:%d" % (self.rel(path), line_of(src, m.start()))
                if self.known(m.group(1), where, "reason %s in its context" % code):
                    self.topic(m.group(1), templates.get(code, ""), where,
                               "reason %s in its context (its English template)" % code)

    # ---- the lesson checker's citable articles, docs ----

    def checker_list(self):
        """The lesson checker takes its citable articles from the table at build time (lua/embed.py
        fills the placeholder): no second list."""
        path = os.path.join(self.root, "lua/checker.lua")
        src = open(path, encoding="utf-8").read()
        self.checked += 1
        if "--[[FIDE_ARTICLES]]" not in src:
            self.fail(self.rel(path), "the lesson checker does not take its articles from tests/data/fide-laws-2023.tsv")

    def docs(self):
        ref = re.compile(r"(?:FIDE|Art(?:icle)?s?\.?|App(?:endix)?\.?|Guidelines?)\s+((?:[\w.]+(?:\s*(?:,|and|or|–|-)\s*)?)+)")
        for path in sorted(glob.glob(os.path.join(self.root, "docs/*.md"))):
            src = open(path, encoding="utf-8").read()
            for m in ref.finditer(src):
                where = "%s:%d" % (self.rel(path), line_of(src, m.start()))
                row = src[src.rfind("\n", 0, m.start()) + 1:src.find("\n", m.start())]
                cited, _ = self.citations(m.group(1))
                for number, _, _, ranged in cited:
                    # in a table row, the row says what the article is cited for
                    if self.known(number, where, "a FIDE reference") and row.startswith("|") and not ranged:
                        self.topic(number, row, where, "a FIDE reference (its table row)")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    c = Checker(sys.argv[1])
    files = sys.argv[2:] or sorted(glob.glob(os.path.join(c.root, "lessons/*.lua")) +
                                   glob.glob(os.path.join(c.root, "lessons/*/*.lua")))
    for f in files:
        c.lua_file(f)
    if not sys.argv[2:]:
        c.engine()
        c.checker_list()
        c.docs()
    for f in c.failures:
        print(f)
    print("%d citations checked: %d passed, %d failed" % (c.checked, c.checked - len(c.failures), len(c.failures)))
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
