/* The message catalogs: every explanation code has a template in every shipped language, no
 * template names a parameter its code does not provide, every key is a code or known
 * vocabulary, and rendered text is valid UTF-8 (with Latin isolates in right-to-left text).
 * Also exact renderings of one reason in each language. */
#include "arbiter.h"
#include "catalog.h"
#include "harness.h"

/* Template parameter names and the ARB_P_* flag each needs. */
static const struct {
    const char *name;
    unsigned flag;
} params[] = {
    {"piece", ARB_P_PIECE}, {"piece_color", ARB_P_PIECE}, {"piece_moves", ARB_P_PIECE},
    {"by", ARB_P_BY},       {"by_color", ARB_P_BY},       {"sq1", ARB_P_SQ1},
    {"sq2", ARB_P_SQ2},     {"sq3", ARB_P_SQ3},           {"squares", ARB_P_SQUARES},
    {"n", ARB_P_N},         {"m", ARB_P_M},               {"field", ARB_P_FIELD},
    {"offset", ARB_P_OFFSET}, {"found", ARB_P_FOUND},     {"side", ARB_P_SIDE},
    {"move", ARB_P_MOVE},
};

static int code_of(const char *name)
{
    for (unsigned c = 0; c < ARB_REASON_COUNT; c++)
        if (strcmp(arb_reason_name(c), name) == 0)
            return (int)c;
    return -1;
}

static bool valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int extra = *p < 0x80 ? 0 : (*p >> 5) == 6 ? 1 : (*p >> 4) == 14 ? 2 : (*p >> 3) == 30 ? 3 : -1;
        if (extra < 0 || (extra == 1 && *p < 0xC2))
            return false;
        p++;
        for (int i = 0; i < extra; i++, p++)
            if ((*p & 0xC0) != 0x80)
                return false;
    }
    return true;
}

static const char *const vocabulary_prefixes[] = {"piece.", "color.", "side.", "field.", "moves.", "list.",
                                                   "ordinal.", "ordinal_f.", "quote.", "report.", "@", NULL};

/* The vocabulary prefix of a word parameter ("piece" for {piece} and {by}), or NULL. */
static const char *word_prefix(const char *name, size_t n)
{
    static const struct {
        const char *param, *prefix;
    } words[] = {{"piece", "piece."}, {"by", "piece."}, {"piece_color", "color."}, {"by_color", "color."},
                 {"side", "side."},   {"field", "field."}, {"piece_moves", "moves."}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].param) == n && memcmp(words[i].param, name, n) == 0)
            return words[i].prefix;
    return NULL;
}

/* Whether the catalog (or English) has some key "prefix<anything>.form". */
static bool has_form(const struct arb_catalog *cat, const char *prefix, const char *form, size_t formlen)
{
    const struct arb_catalog *cats[2] = {cat, &arb_catalogs[0]};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < cats[k]->count; i++) {
            const char *key = cats[k]->entries[i].key;
            size_t kl = strlen(key);
            if (strncmp(key, prefix, strlen(prefix)) == 0 && kl > formlen + 1 && key[kl - formlen - 1] == '.' &&
                memcmp(key + kl - formlen, form, formlen) == 0)
                return true;
        }
    return false;
}

/* The plural categories a language uses (CLDR), from the engine's own rules. */
static bool category_used(const char *lang, const char *cat, size_t n)
{
    for (long v = 0; v <= 1000; v++) {
        const char *c = arb_plural_category(lang, v);
        if (strlen(c) == n && memcmp(c, cat, n) == 0)
            return true;
    }
    return false;
}

struct tmpl_check {
    const struct arb_catalog *cat;
    const char *code;
    unsigned have;
};

static const char *close_of(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; p++) {
        if (*p == '{')
            depth++;
        else if (*p == '}' && --depth == 0)
            return p;
    }
    return NULL;
}

static void check_span(const struct tmpl_check *t, const char *p, const char *end);

/* "one {…} other {…}": every key a category of the language (plural) or any word (select),
 * an "other" branch, and every branch checked in turn. */
static void check_branches(const struct tmpl_check *t, const char *p, const char *end, bool plural)
{
    bool other = false;
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        if (p >= end)
            break;
        const char *key = p;
        while (p < end && *p != ' ' && *p != '{')
            p++;
        size_t kl = (size_t)(p - key);
        while (p < end && *p == ' ')
            p++;
        const char *close = p < end && *p == '{' ? close_of(p, end) : NULL;
        CHECK_MSG(close && kl, "%s: %s has a malformed branch near '%.20s'", t->cat->lang, t->code, key);
        if (!close || !kl)
            return;
        if (kl == 5 && memcmp(key, "other", 5) == 0)
            other = true;
        if (plural && key[0] != '=')
            CHECK_MSG(category_used(t->cat->lang, key, kl), "%s: %s has a plural branch '%.*s' %s never selects",
                      t->cat->lang, t->code, (int)kl, key, t->cat->lang);
        check_span(t, p + 1, close);
        p = close + 1;
    }
    CHECK_MSG(other, "%s: %s has a plural or select group without 'other'", t->cat->lang, t->code);
}

/* One {…} group: a parameter the code provides, a form the vocabulary has, a fixed number, or
 * a plural/select group. */
static void check_group(const struct tmpl_check *t, const char *p, const char *end)
{
    const char *comma = memchr(p, ',', (size_t)(end - p));
    const char *head_end = comma ? comma : end;
    bool digits = head_end > p;
    for (const char *q = p; q < head_end; q++)
        digits = digits && *q >= '0' && *q <= '9';
    if (digits && !comma)
        return;
    const char *dot = memchr(p, '.', (size_t)(head_end - p));
    size_t len = (size_t)((dot ? dot : head_end) - p);
    bool known = false;
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        if (strlen(params[i].name) == len && memcmp(params[i].name, p, len) == 0) {
            known = true;
            CHECK_MSG(t->have & params[i].flag, "%s: %s names {%s}, which the code does not provide", t->cat->lang,
                      t->code, params[i].name);
        }
    }
    CHECK_MSG(known, "%s: %s names an unknown parameter {%.*s}", t->cat->lang, t->code, (int)len, p);
    if (dot) {
        const char *form = dot + 1;
        size_t fl = (size_t)(head_end - form);
        const char *prefix = word_prefix(p, len);
        bool ok = prefix ? has_form(t->cat, prefix, form, fl)
                         : (fl == 5 && memcmp(form, "count", 5) == 0) || has_form(t->cat, "", form, fl);
        if (!prefix && !ok) { /* number forms: ordinal.3, ordinal.other */
            char key[64];
            snprintf(key, sizeof key, "%.*s.other", (int)fl, form);
            ok = arb_catalog_lookup(t->cat, key) != NULL;
        }
        CHECK_MSG(ok, "%s: %s asks for a form '%.*s' that no vocabulary entry has", t->cat->lang, t->code, (int)fl,
                  form);
    }
    if (comma) {
        const char *kind = comma + 1;
        while (kind < end && *kind == ' ')
            kind++;
        bool plural = strncmp(kind, "plural,", 7) == 0, select = strncmp(kind, "select,", 7) == 0;
        CHECK_MSG(plural || select, "%s: %s has a group that is neither plural nor select", t->cat->lang, t->code);
        if (plural || select)
            check_branches(t, kind + 7, end, plural);
    }
}

static void check_span(const struct tmpl_check *t, const char *p, const char *end)
{
    while (p < end) {
        if (*p != '{') {
            p++;
            continue;
        }
        const char *close = close_of(p, end);
        CHECK_MSG(close != NULL, "%s: %s has an unclosed {", t->cat->lang, t->code);
        if (!close)
            return;
        check_group(t, p + 1, close);
        p = close + 1;
    }
}

static void check_catalog(const struct arb_catalog *cat)
{
    char name[64];
    snprintf(name, sizeof name, "catalogs.%s.complete", cat->lang);
    harness_begin(name);
    for (unsigned c = 0; c < ARB_REASON_COUNT; c++) {
        const char *t = arb_catalog_lookup(cat, arb_reason_name(c));
        CHECK_MSG(t != NULL, "%s: no template for %s", cat->lang, arb_reason_name(c));
        if (!t)
            continue;
        CHECK_MSG(valid_utf8(t), "%s: %s is not valid UTF-8", cat->lang, arb_reason_name(c));
        struct tmpl_check tc = {cat, arb_reason_name(c), arb_reason_params(c)};
        check_span(&tc, t, t + strlen(t));
    }
    /* Every key is a code or vocabulary: a misspelt code name would otherwise go unnoticed. */
    for (size_t i = 0; i < cat->count; i++) {
        const char *key = cat->entries[i].key;
        bool ok = code_of(key) >= 0;
        for (const char *const *v = vocabulary_prefixes; !ok && *v; v++)
            ok = strncmp(key, *v, strlen(*v)) == 0;
        CHECK_MSG(ok, "%s: key %s is neither a code nor vocabulary", cat->lang, key);
    }
    /* The vocabulary the renderer asks for, and the settings. */
    static const char *const vocab[] = {"piece.P", "piece.N", "piece.B", "piece.R", "piece.Q", "piece.K", "piece.?",
                                        "color.white", "color.black", "side.kingside", "side.queenside",
                                        "moves.P", "moves.N", "moves.B", "moves.R", "moves.Q", "moves.K", "moves.?",
                                        "field.0", "field.1", "field.2", "field.3", "field.4", "field.5",
                                        "ordinal.1", "ordinal.9", "ordinal.other", "list.separator", "list.last", "quote.open", "quote.close",
                                        /* the frame of the CLI's reports (arbiter pgn) */
                                        "report.start", "report.after", "report.pgn_game", "report.pgn_warning",
                                        "report.pgn_more_warnings", "report.pgn_ending", "report.pgn_claim",
                                        "report.pgn_no_ending", "report.pgn_result_differs",
                                        /* arbiter lesson play, arbiter annotate */
                                        "report.play_help", "report.play_step", "report.play_to_move",
                                        "report.play_no_hint", "report.play_cmd_hint", "report.play_cmd_quit",
                                        "report.ann_line", "report.ann_byte", "report.ann_game",
                                        "report.ann_unreadable", "report.ann_too_large", "report.ann_no_tag",
                                        "report.ann_ply", "report.ann_as_recorded", "report.ann_result_unfinished",
                                        "report.ann_result_recorded", "report.ann_result_undecided",
                                        "report.ann_result", "report.ann_total", "report.ann_no_events",
                                        "report.ann_progress", "report.ann_copied_unchanged",
                                        "report.ann_where_error", "report.ann_all_files",
                                        "@plural", "@digits"};
    for (size_t i = 0; i < sizeof vocab / sizeof vocab[0]; i++)
        CHECK_MSG(arb_catalog_lookup(cat, vocab[i]) != NULL, "%s: vocabulary %s missing", cat->lang, vocab[i]);
}

/* Renders every code with every parameter filled, in every language, both digit styles. */
static void check_rendering(void)
{
    harness_begin("catalogs.render_all");
    for (const char *const *lang = arb_languages(); *lang; lang++) {
        const struct arb_catalog *cat = arb_catalog_find(*lang);
        const char *rtl = cat ? arb_catalog_lookup(cat, "@rtl") : NULL;
        for (unsigned c = 0; c < ARB_REASON_COUNT; c++) {
            arb_reason r = arb_reason_make((arb_reason_code)c);
            r.piece = ARB_PIECE(ARB_BLACK, ARB_KNIGHT);
            r.by = ARB_PIECE(ARB_WHITE, ARB_QUEEN);
            arb_reason_add_square(&r, 12);
            arb_reason_add_square(&r, 28);
            arb_reason_add_square(&r, 36);
            r.n = 12;
            r.m = 3;
            r.offset = 7;
            r.field = 2;
            r.side = ARB_QUEENSIDE;
            snprintf(r.found, sizeof r.found, "Nf3");
            snprintf(r.move, sizeof r.move, "Kxe2+");
            for (int digits = 0; digits < 2; digits++) {
                char buf[1024];
                size_t need = arb_reason_render_opts(&r, *lang, digits, buf, sizeof buf);
                CHECK_MSG(need < sizeof buf, "%s %s: %zu bytes", *lang, arb_reason_name(c), need);
                CHECK_MSG(valid_utf8(buf), "%s %s: invalid UTF-8", *lang, arb_reason_name(c));
                CHECK_MSG(!strchr(buf, '{'), "%s %s: unexpanded parameter in '%s'", *lang, arb_reason_name(c), buf);
                const struct arb_catalog *own = arb_catalog_find(*lang);
                const char *tmpl = own ? arb_catalog_lookup(own, arb_reason_name(c)) : NULL;
                if (rtl && rtl[0] == '1' && tmpl && strstr(tmpl, "{sq1}"))
                    CHECK_MSG(strstr(buf, "\xE2\x81\xA6" "e2" "\xE2\x81\xA9") != NULL, "%s %s: square not isolated",
                              *lang, arb_reason_name(c));
                /* Truncation never splits a character. */
                char small[17];
                arb_reason_render_opts(&r, *lang, digits, small, sizeof small);
                CHECK_MSG(valid_utf8(small), "%s %s: truncated text is invalid UTF-8", *lang, arb_reason_name(c));
            }
        }
    }
}

/* One explanation rendered in the three languages, exactly. */
static void check_sample(void)
{
    harness_begin("catalogs.sample_pinned");
    arb_position pos;
    arb_reason why;
    CHECK(arb_position_from_fen(&pos, "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", ARB_STANDARD, &why) == ARB_OK);
    arb_reason r[4];
    CHECK_INT(arb_explain_move(&pos, NULL, 18, 28, ARB_NO_TYPE, r, 4), 1);
    char buf[512];
    arb_reason_render(&r[0], "en", buf, sizeof buf);
    CHECK_STR(buf, "The knight on c3 is pinned by the bishop on b4: leaving that line would expose your king on e1 "
                   "to check.");
    arb_reason_render(&r[0], "fa", buf, sizeof buf);
    CHECK_STR(buf, "اسب \xE2\x81\xA6" "c3\xE2\x81\xA9 از سوی فیل \xE2\x81\xA6" "b4\xE2\x81\xA9 آچمز است: "
                   "اگر از این خط بیرون برود، شاه شما در \xE2\x81\xA6" "e1\xE2\x81\xA9 کیش می‌شود.");
    arb_reason_render(&r[0], "ar", buf, sizeof buf);
    CHECK_STR(buf, "الحصان في \xE2\x81\xA6" "c3\xE2\x81\xA9 يثبّته الفيل في \xE2\x81\xA6" "b4\xE2\x81\xA9: "
                   "إن غادر هذا الخط انكشف ملكك في \xE2\x81\xA6" "e1\xE2\x81\xA9 للكش.");

    harness_begin("catalogs.sample_native_digits");
    CHECK(arb_position_from_fen(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ARB_STANDARD, &why) == ARB_OK);
    arb_reason v[4];
    CHECK_INT(arb_validate("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", ARB_STANDARD, v, 4), 1);
    arb_reason_render(&v[0], "en", buf, sizeof buf);
    CHECK_STR(buf, "White has 9 pawns; each side starts with 8 and can never have more.");
    arb_reason_render_opts(&v[0], "fa", true, buf, sizeof buf);
    CHECK_STR(buf, "سفید ۹ پیاده دارد؛ هر طرف با ۸ پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
    arb_reason_render_opts(&v[0], "ar", true, buf, sizeof buf);
    CHECK_STR(buf, "لدى الأبيض ٩ بيادق؛ يبدأ كل طرف بثمانية بيادق ولا يمكن أن يملك أكثر.");
    /* Persian writes Persian digits by default, Arabic Latin ones; the fixed 8 follows too. */
    arb_reason_render(&v[0], "fa", buf, sizeof buf);
    CHECK_STR(buf, "سفید ۹ پیاده دارد؛ هر طرف با ۸ پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
    arb_reason_render_digits(&v[0], "fa", ARB_DIGITS_LATIN, buf, sizeof buf);
    CHECK_STR(buf, "سفید 9 پیاده دارد؛ هر طرف با 8 پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
    arb_reason_render(&v[0], "fa-u-nu-latn", buf, sizeof buf);
    CHECK_STR(buf, "سفید 9 پیاده دارد؛ هر طرف با 8 پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
    arb_reason_render(&v[0], "ar", buf, sizeof buf);
    CHECK_STR(buf, "لدى الأبيض 9 بيادق؛ يبدأ كل طرف بثمانية بيادق ولا يمكن أن يملك أكثر.");
}

/* A reason of code with the given pieces, numbers and squares (a1 = 0), rendered in lang. */
static const char *render(arb_reason_code code, const char *lang, arb_piece piece, arb_piece by, int n, int m,
                          const int *squares, int nsquares)
{
    static char buf[1024];
    arb_reason r = arb_reason_make(code);
    r.piece = piece;
    r.by = by;
    r.n = n;
    r.m = m;
    r.side = ARB_KINGSIDE;
    for (int i = 0; i < nsquares; i++)
        arb_reason_add_square(&r, squares[i]);
    arb_reason_render(&r, lang, buf, sizeof buf);
    return buf;
}

#define LRI "\xE2\x81\xA6"
#define PDI "\xE2\x81\xA9"

/* The defects the language review quotes, rendered the way they must read now. */
static void check_grammar(void)
{
    const arb_piece WN = ARB_PIECE(ARB_WHITE, ARB_KNIGHT), WP = ARB_PIECE(ARB_WHITE, ARB_PAWN),
                    BK = ARB_PIECE(ARB_BLACK, ARB_KING), WK = ARB_PIECE(ARB_WHITE, ARB_KING),
                    WB = ARB_PIECE(ARB_WHITE, ARB_BISHOP), BR = ARB_PIECE(ARB_BLACK, ARB_ROOK);
    const int b1f3[] = {1, 21}, h8[] = {63}, f7[] = {53}, e3[] = {20};

    harness_begin("catalogs.grammar.plural");
    CHECK_STR(render(ARB_R_claim_penalty_time, "en", 0, 0, 1, 0, NULL, 0),
              "For a wrong claim the arbiter adds one minute to the opponent's clock, and the game goes on.");
    CHECK_STR(render(ARB_R_claim_penalty_time, "ar", 0, 0, 1, 0, NULL, 0),
              "بسبب المطالبة الخاطئة يضيف الحكم دقيقة واحدة إلى وقت الخصم، وتستمر المباراة.");
    CHECK_STR(render(ARB_R_claim_penalty_time, "ar", 0, 0, 2, 0, NULL, 0),
              "بسبب المطالبة الخاطئة يضيف الحكم دقيقتين إلى وقت الخصم، وتستمر المباراة.");
    CHECK_STR(render(ARB_R_claim_penalty_time, "ar", 0, 0, 3, 0, NULL, 0),
              "بسبب المطالبة الخاطئة يضيف الحكم 3 دقائق إلى وقت الخصم، وتستمر المباراة.");
    CHECK_STR(render(ARB_R_claim_penalty_time, "fa", 0, 0, 2, 0, NULL, 0),
              "برای ادعای نادرست، داور ۲ دقیقه به وقت حریف می‌افزاید و بازی ادامه می‌یابد.");
    CHECK_STR(render(ARB_R_threefold_wrong, "ar", 0, 0, 2, 0, NULL, 0),
              "المطالبة غير صحيحة: ظهر الوضع الحالي مرتين فقط، والتعادل بالتكرار يتطلب ثلاث مرات.");
    CHECK_STR(render(ARB_R_threefold_wrong, "en", 0, 0, 1, 0, NULL, 0),
              "The claim is wrong: the position on the board has appeared only once; a draw by repetition needs "
              "three times.");
    CHECK(strstr(render(ARB_R_cannot_mate_bishops_one_color, "en", WB, 0, 1, 0, e3, 1),
                 "White has only one bishop (e3), and") != NULL);
    CHECK(strstr(render(ARB_R_too_many_kings, "ar", WK, 0, 2, 0, NULL, 0), "على الرقعة ملكان أبيضان؛") != NULL);

    harness_begin("catalogs.grammar.forms");
    CHECK_STR(render(ARB_R_missing_king, "ar", BK, 0, 0, 0, NULL, 0), "لا يوجد ملك أسود على الرقعة؛ لكل طرف ملك واحد بالضبط.");
    CHECK_STR(render(ARB_R_castling_no_rook, "ar", BR, 0, 0, 0, h8, 1),
              "لا يوجد رخ أسود في " LRI "h8" PDI " للتبييت القصير: لقد تحرّك أو أُخذ.");
    CHECK_STR(render(ARB_R_flight_own_piece, "fa", 0, WP, 0, 0, f7, 1),
              "شاه نمی‌تواند به " LRI "f7" PDI " برود: پیادهٔ خودی آنجاست.");
    CHECK(strstr(render(ARB_R_ambiguous, "fa", WN, 0, 2, 0, b1f3, 2), "اسب‌های " LRI "b1" PDI " و " LRI "f3" PDI " هر دو")
          != NULL);
    CHECK(strstr(render(ARB_R_ambiguous, "ar", WN, 0, 2, 0, b1f3, 2),
                 "نقلتين مختلفتين: الحصانان في " LRI "b1" PDI " و" LRI "f3" PDI " يستطيع كلاهما") != NULL);
    CHECK(strstr(render(ARB_R_ambiguous, "en", WN, 0, 2, 0, b1f3, 2), "two different moves: both knights (b1 and f3)")
          != NULL);
    CHECK(strstr(render(ARB_R_castling960_no_rook, "fa", WK, 0, 0, 0, NULL, 0), "شاه شاه") == NULL);

    harness_begin("catalogs.grammar.ordinals");
    CHECK(strstr(render(ARB_R_illegal_moves_loss, "en", WK, BK, 3, 0, NULL, 0), "This is White's third illegal move")
          != NULL);
    CHECK(strstr(render(ARB_R_illegal_moves_loss, "fa", WK, BK, 3, 0, NULL, 0), "این سومین حرکت غیرقانونی سفید است")
          != NULL);
    CHECK(strstr(render(ARB_R_illegal_moves_loss, "ar", WK, BK, 2, 0, NULL, 0), "هذه هي النقلة غير القانونية الثانية التي")
          != NULL);
    CHECK(strstr(render(ARB_R_illegal_moves_loss, "ar", WK, BK, 12, 0, NULL, 0), "غير القانونية رقم 12 التي") != NULL);

    harness_begin("catalogs.grammar.start_of_game");
    CHECK_STR(render(ARB_R_repetition_at, "en", 0, 0, 1, 0, NULL, 0), "The position occurred at the start of the game.");
    CHECK_STR(render(ARB_R_repetition_at, "fa", 0, 0, 5, 8, NULL, 0), "این وضعیت پس از نیم‌حرکت ۸ پیش آمد (در حرکت ۵).");
}

int main(void)
{
    int langs = 0;
    for (const struct arb_catalog *c = arb_catalogs; c->lang; c++, langs++)
        check_catalog(c);
    harness_begin("catalogs.languages");
    CHECK_INT(langs, 3);
    for (const char *const *l = arb_languages(); *l; l++)
        CHECK_MSG(arb_catalog_find(*l) != NULL, "language %s has no catalog", *l);
    check_rendering();
    check_sample();
    check_grammar();
    return harness_finish();
}
