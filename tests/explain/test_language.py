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
  copula      no doubled copula: «… است است», «الإجابة هي يخسر …» (a label glued into a verdict)
  negation    no «هیچ» in a clause whose verb is positive («هیچ حرکتی … گذشته است»)
  ids         no English id (both, kingside, fifty_moves, draw) in Persian or Arabic text, isolated or not
  counts      no small count after «عددها» («مربعات عددها 2»): 0, 1 and 2 take their own forms
  choices     one digit system in a quiz question and its choices (prompt «۲۷» next to a choice «27»)
  separator   no full stop between Persian or Arabic-Indic digits: «(۹٫۵٫۳)», never «(۹.۵.۳)»
  sources     every puzzle's source in fa and ar (lessons/puzzles/puzzles.<lang>.txt for the mate
              file, source = {en=, fa=, ar=} in a script), with no English prose: only moves
              stay Latin («Fool's mate» or «constructed for Arbiter» on the Persian page is a defect)

Texts read: the engine dump; every fa/ar string of the lessons, quizzes, puzzles and Lua
runtimes; the puzzles' sources; the page's strings (web/i18n.js); and every quiz generator's question in fa and ar
with the verdict of every choice and of a wrong free answer (the CLI, when given). Glossary terms
are matched bare and after the Arabic article (ال، لل، وال، بال، فال). Before reading anything
the checks are run on planted defects and must catch each one.

Usage: test_language.py DUMP_MESSAGES REPO_ROOT [--cli ARBITER] [--texts FILE...]
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
LATIN_TOKEN = re.compile(r"(?<![0-9\-])0-0(?:-0)?[+#]?(?![0-9\-])|\$\d+|[A-Za-z0-9][A-Za-z0-9=+#/\-_.:]*[A-Za-z][A-Za-z0-9=+#/\-_.:]*|"
                         r"[A-Za-z][A-Za-z0-9=+#/\-_.:]*")
# (castling written with zeros, 0-0 and 0-0-0, is a move as Appendix C.13 writes it: Latin, like e4)

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
        if getattr(self, "quiet", False):
            return
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
    """A term's pattern: in Arabic from a word's start, after proclitics (و ف ب ل) and the
    article (ال, and لل for لـ + ال), so «مكشوش» is found in «المكشوش» and «للمكشوش», and
    «قلة القطع» in «وقلة القطع» but not in «النقلة القطعة»; a term written with its article
    («الكش مات») is found after the proclitics too. Elsewhere anywhere, so that «مجاز» is found
    in «غیرمجاز» too."""
    key = (lang, term)
    if key not in _patterns:
        if lang == "ar" and term[0].isalpha():
            if term.startswith("ال"):  # the article is part of the term: «الكش مات», «للكش مات»
                _patterns[key] = re.compile(r"(?<!\w)[وفب]{0,2}(?:ال|لل)" + re.escape(term[2:]))
            else:
                _patterns[key] = re.compile(r"(?<!\w)(?:[وفب]?(?:ال|لل)|[وفبل]{0,2})" + re.escape(term))
        else:
            _patterns[key] = re.compile(re.escape(term))
    return _patterns[key]


# Latin words that are names, not English prose: programs, formats, the page's credits.
LATIN_NAMES = {"arbiterd", "lua", "fen", "pgn", "uci", "san", "utf", "windows", "json", "http", "https", "mit",
               "adoube", "passant",  # the French terms, glossed once: «j'adoube»، «(en passant)»
               # Appendix C's example letter (F, fou) and Appendix D's German announcements (D.2.1)
               "fou", "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
               # template syntax left in a Lua text once its {parameters} are blanked
               "plural", "select", "zero", "one", "two", "few", "many", "other"}
ENGLISH_ID = re.compile(r"(?<![A-Za-z0-9/\-_.'])[a-z][a-z_]{2,}(?![A-Za-z0-9/\-_'])")
FA_NEGATIVE = re.compile(r"(?<!\w)(?:نمی‌\S+|نیست\S*|نه|ن\S+(?:د|ند|ید|یم|ه|است))(?!\w)")
FA_POSITIVE = re.compile(r"(?<!\w)(?:می‌\S+|است|هست|دارد|دارند|شد|شده|گذشته)(?!\w)")


def english_id(text):
    """An English identifier (a choice id, a code) in a Persian or Arabic text, or None."""
    for m in ENGLISH_ID.finditer(text):
        w = m.group(0)
        if w in LATIN_NAMES or set(w) <= set("pnbrqkw"):  # FEN piece letters
            continue
        return w
    return None


def negation_defect(text):
    """A Persian clause with «هیچ» and a positive verb only: «هیچ حرکتی … گذشته است»."""
    for clause in re.split(r"[:؛;.!?؟()«»]", outside_isolates(text)):
        clause = re.sub(r"(?<!\w)(?:بدون|بی)[ ‌]هیچ", " ", clause)  # «بدون هیچ ادعایی» needs no negation
        if re.search(r"(?<!\w)هیچ", clause) and FA_POSITIVE.search(clause) and not FA_NEGATIVE.search(clause):
            return clause.strip()
    return None


def copula_defect(lang, text):
    if lang == "fa":
        m = re.search(r"(?<!\w)است[.،:؛]?\s+است(?!\w)", text)
        return m and m.group(0)
    if lang == "ar":
        m = re.search(r"الإجابة هي [يت]\S*", text)
        return m and m.group(0)
    return None


def small_count_defect(lang, text):
    if lang != "ar":
        return None
    for m in re.finditer(r"عددها\s*،?\s*([0-9٠-٩]+)", outside_isolates(text)):
        if number_value(m.group(1)) in (1, 2):  # (a zero branch no real count reaches: review L17)
            return m.group(0)
    return None


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
        w = english_id(text)
        c.check("ids", w is None, where, text, "English id '%s' (show the label in the language)" % w)
        d = copula_defect(lang, text)
        c.check("copula", not d, where, text, "doubled copula '%s': quote the label" % d)
    if lang == "fa":
        d = negation_defect(text)
        c.check("negation", d is None, where, text, "«هیچ» with a positive verb: '%s'" % d)
    d = small_count_defect(lang, text)
    c.check("counts", d is None, where, text, "'%s': a small count needs its own form (plural branches)" % d)
    systems = digit_systems(text)
    c.check("digits", len(systems) <= 1, where, text, "mixed digit systems %s" % sorted(systems))
    m = re.search(r"[۰-۹٠-٩]\.[۰-۹٠-٩]", text)
    c.check("separator", m is None, where, text,
            "'%s': Persian and Arabic-Indic digits take the decimal separator «٫» (۹٫۳), not a full stop" %
            (m.group(0) if m else ""))
    want = {("en", "default"): "latin", ("en", "latin"): "latin", ("en", "native"): "latin",
            ("fa", "default"): "persian", ("fa", "native"): "persian", ("fa", "latin"): "latin",
            ("ar", "default"): "latin", ("ar", "latin"): "latin", ("ar", "native"): "arabic"}[(lang, digits)]
    c.check("digits", systems <= {want}, where, text, "digits %s where %s belong" % (sorted(systems), want))
    if rendered:
        d = plural_defect(lang, text)
        c.check("plurals", d is None, where, text, d or "")
        c.check("complete", "{" not in text.replace("«}»", ""), where, text, "unexpanded parameter")


def template_words(text):
    """A template's own words: {parameters} blanked, plural and select branches kept."""
    t = re.sub(r"\{\w+(?:\.\w+)?\}", " ", text)
    t = re.sub(r"\{\w+(?:\.\w+)?,\s*(?:plural|select),", " ", t)
    t = re.sub(r"(?:=\d+|[a-z_]+)\s*\{", " ", t)
    return t.replace("}", " ").replace("#", " ")


LUA_STRING = re.compile(r"\b(en|fa|ar)\s*=\s*\"((?:[^\"\\\n]|\\.)*)\"")


def lua_texts(path):
    """(lang, line, text) for every {en=, fa=, ar=} string of a Lua file."""
    src = open(path, encoding="utf-8").read()
    for m in LUA_STRING.finditer(src):
        text = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda e: chr(int(e.group(1), 16)), m.group(2))
        text = re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), text)
        yield m.group(1), src.count("\n", 0, m.start()) + 1, text


def web_texts(path):
    """(lang, line, text) for every string of the page's fa and ar tables (web/i18n.js)."""
    src = open(path, encoding="utf-8").read()
    for lang in ("fa", "ar"):
        m = re.search(r"^const %s = \{\n(.*?)^\}" % lang, src, re.S | re.M)
        if not m:
            continue
        for s in re.finditer(r"\"((?:[^\"\\\n]|\\.)*)\"|`([^`]*)`", m.group(1)):
            text = s.group(1) if s.group(1) is not None else s.group(2)
            text = re.sub(r"\$\{[^}]*\}", " ", text)  # what the page fills in (numbers in the language's digits)
            yield lang, src.count("\n", 0, m.start(1) + s.start()) + 1, text


def quiz_texts(cli):
    """(where, lang, digits systems check text, texts) for one question of every generator in fa
    and ar: the prompt and choices, and the verdict of every choice (or of a wrong free answer)."""
    import concurrent.futures
    import json
    gens = [json.loads(l)["id"] for l in subprocess.run([cli, "quiz", "list"], check=True, stdout=subprocess.PIPE)
            .stdout.decode("utf-8").splitlines() if l.strip()]
    jobs = []
    for g in gens:
        for lang in ("fa", "ar"):
            out = subprocess.run([cli, "quiz", "generate", "--generator", g, "--seed", "7", "--count", "1",
                                  "--lang", lang], check=True, stdout=subprocess.PIPE).stdout.decode("utf-8")
            q = json.loads(out.splitlines()[0])
            yield "%s (%s) question" % (q["id"], lang), lang, [q["prompt"]] + [ch["text"] for ch in q["choices"]], True
            answers = [ch["id"] for ch in q["choices"]] + ([ch["text"] for ch in q["choices"][:1]])
            answers += ["Ka1", "نمی‌دانم" if lang == "fa" else "لا أعرف"]
            for a in answers:
                jobs.append((q["id"], lang, a))

    def grade(job):
        qid, lang, a = job
        for _ in range(3):  # a loaded machine may run a grading past its wall-clock budget: try again
            r = subprocess.run([cli, "quiz", "grade", "--lang", lang, qid, a], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            try:
                return job, [e["text"] for e in json.loads(r.stdout.decode("utf-8"))["explanations"]], ""
            except (ValueError, KeyError):
                err = r.stderr.decode("utf-8", "replace").strip()
        return job, None, err
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for (qid, lang, a), texts, err in pool.map(grade, jobs):
            yield "%s (%s) answered '%s'" % (qid, lang, a), lang, texts, err


PLANTED = [  # (check name, lang, text): every new check must catch its planted defect
    ("copula", "fa", "درست نیست: پاسخ سیاه برنده است است."),
    ("copula", "ar", "ليس صحيحًا: الإجابة هي يخسر اللاعب الذي لعب النقلة."),
    ("negation", "fa", "ادعا نادرست است: از آخرین حرکت پیاده هیچ حرکتی از هر بازیکن گذشته است."),
    ("ids", "fa", "«1» جزو گزینه‌ها نیست (\u2066both\u2069، \u2066kingside\u2069 و \u2066none\u2069)."),
    ("ids", "ar", "ليس من بين الخيارات (\u2066fifty_moves\u2069 و\u2066draw\u2069)."),
    ("counts", "ar", "ما زال الأبيض قادرًا على الإماتة: مثلًا في أنصاف نقلات عددها 1، آخرها Bd4#."),
    ("glossary", "ar", "لا يجوز للملك المكشوش أن يبيّت."),
    ("glossary", "ar", "هل ما زال أحد الطرفين قادرًا على الكش مات؟"),
    ("glossary", "fa", "رخ در سطر هشتم کیش می‌دهد و پیاده اریب می‌زند."),
    ("separator", "fa", "ادعای نادرست دو دقیقه به وقت حریف می‌افزاید (۹.۵.۳)."),
    ("choices", "fa", ["نوبت سیاه است. سیاه چند حرکت قانونی دارد؟ (۳۳ یا کمتر)", "27", "۲۶"]),
    ("sources", "fa", "constructed for Arbiter: back-rank mate"),
    ("sources", "ar", "Fool's mate: 1.f3 e5 2.g4 Qh4# (classic opening miniature)"),
    ("sources", "fa", None),
]


SAN = re.compile(r"^(?:[a-h]|O-O(?:-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?)[+#]?[?!]*$")


def english_prose(text):
    """A Latin word that is not a move (SAN) or a file (the h-file) in a Persian or Arabic text, or None."""
    for w in re.findall(r"[A-Za-z][A-Za-z0-9=+#\-'’]*[?!]*", outside_isolates(text)):
        if not SAN.match(w.rstrip(".,;:)")):
            return w
    return None


def source_texts(root):
    """(where, lang, text) for every puzzle's source in fa and ar as the page shows it: the mate
    file's translations (None where a puzzle has none: the English is shown), and each script's
    source (its English when it is a plain string)."""
    mate = os.path.join(root, "lessons", "puzzles", "puzzles.txt")
    ids = [l.split("|")[0].strip() for l in open(mate, encoding="utf-8") if l.strip() and not l.startswith("#")]
    for lang in ("fa", "ar"):
        path = os.path.join(root, "lessons", "puzzles", "puzzles.%s.txt" % lang)
        have = {}
        if os.path.exists(path):
            for n, l in enumerate(open(path, encoding="utf-8"), 1):
                if l.strip() and not l.startswith("#") and "|" in l:
                    have[l.split("|")[0].strip()] = (n, l.split("|", 1)[1].strip())
        for i in ids:
            n, text = have.get(i, (0, None))
            yield "lessons/puzzles/puzzles.%s.txt:%d (%s)" % (lang, n, i), lang, text
    for path in sorted(glob.glob(os.path.join(root, "lessons", "puzzles", "*.lua"))):
        src = open(path, encoding="utf-8").read()
        m = re.search(r"^\s*source\s*=\s*(\{.*?\}|\"(?:[^\"\\]|\\.)*\")", src, re.S | re.M)
        where = "%s source" % os.path.relpath(path, root)
        for lang in ("fa", "ar"):
            if not m:
                yield where, lang, None
            elif m.group(1).startswith('"'):
                yield where, lang, m.group(1)[1:-1]  # a plain string: shown as it is in every language
            else:
                t = re.search(r"\b%s\s*=\s*\"((?:[^\"\\]|\\.)*)\"" % lang, m.group(1))
                yield where, lang, t.group(1) if t else None


def check_source(c, lang, where, text, never):
    c.check("sources", text is not None, where, "", "no %s source: the English one is shown" % lang)
    if text is None:
        return
    w = english_prose(text)
    c.check("sources", w is None, where, text, "English '%s' in the %s source" % (w, lang))
    check_text(c, lang, "default", where, text, never, False)


def check_choices(c, lang, where, texts):
    """One digit system across a question and its choices (and the language's)."""
    systems = set()
    for t in texts:
        systems |= digit_systems(t)
    want = {"fa": "persian", "ar": "latin"}[lang]
    c.check("choices", systems <= {want}, where, " · ".join(texts), "digits %s in one question" % sorted(systems))


def self_test(never):
    """Runs every planted defect through its check: a check that misses one is itself a defect."""
    ok = True
    for name, lang, text in PLANTED:
        probe = Checks()
        probe.quiet = True
        if name == "choices":
            check_choices(probe, lang, "planted", text)
        elif name == "sources":
            check_source(probe, lang, "planted", text, never)
        else:
            check_text(probe, lang, "default", "planted", text, never, True)
        if not probe.failed.get(name):
            print("FAIL self-test: the %s check missed a planted defect: %s" % (name, text))
            ok = False
    return ok


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    dump, root = args[0], args[1]
    cli = args[args.index("--cli") + 1] if "--cli" in args else None
    never = read_glossary(root)
    c = Checks()
    c.check("self-test", self_test(never), "planted defects", "", "a check missed its planted defect")
    if "--texts" in args:
        files = [f for f in args[args.index("--texts") + 1:]]
    else:
        files = sorted(glob.glob(os.path.join(root, "lessons", "*.lua")) +
                       glob.glob(os.path.join(root, "lessons", "quizzes", "*.lua")) +
                       glob.glob(os.path.join(root, "lessons", "puzzles", "*.lua")) +
                       [os.path.join(root, "lua", f) for f in
                        ("common.lua", "library.lua", "prelude.lua", "quiz_prelude.lua", "puzzle_prelude.lua")])
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
            # templates' own {parameters} are filled at run time: check the words around them,
            # and the words of every plural and select branch
            check_text(c, lang, "default", "%s:%d (%s)" % (os.path.relpath(path, root), line, lang),
                       template_words(text), never, False)
    if "--texts" not in args:
        for where, lang, text in source_texts(root):
            check_source(c, lang, where, text, never)
        for lang, line, text in web_texts(os.path.join(root, "web", "i18n.js")):
            check_text(c, lang, "default", "web/i18n.js:%d (%s)" % (line, lang), text, never, False)
    if cli:
        seen = 0
        for where, lang, texts, question in quiz_texts(cli):
            if texts is None:  # (question holds the CLI's error)
                c.check("coverage", False, where, question, "the CLI gave no verdict")
                continue
            if question is True:
                check_choices(c, lang, where, texts)
            for t in texts:
                check_text(c, lang, "default", where, t, never, True)
                seen += 1
        c.check("coverage", seen > 300, "quizzes", "", "only %d quiz texts read" % seen)
    return c.finish()


if __name__ == "__main__":
    sys.exit(main())
