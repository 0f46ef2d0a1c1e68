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

static const char *const vocabulary_prefixes[] = {"piece.", "color.", "side.", "field.", "moves.", "list.", "@", NULL};

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
        unsigned have = arb_reason_params(c);
        for (const char *p = strchr(t, '{'); p; p = strchr(p + 1, '{')) {
            const char *close = strchr(p, '}');
            CHECK_MSG(close != NULL, "%s: %s has an unclosed {", cat->lang, arb_reason_name(c));
            if (!close)
                break;
            size_t len = (size_t)(close - p - 1);
            bool known = false;
            for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
                if (strlen(params[i].name) == len && memcmp(params[i].name, p + 1, len) == 0) {
                    known = true;
                    CHECK_MSG(have & params[i].flag, "%s: %s names {%s}, which the code does not provide", cat->lang,
                              arb_reason_name(c), params[i].name);
                }
            }
            CHECK_MSG(known, "%s: %s names an unknown parameter {%.*s}", cat->lang, arb_reason_name(c), (int)len, p + 1);
        }
    }
    /* Every key is a code or vocabulary: a misspelt code name would otherwise go unnoticed. */
    for (size_t i = 0; i < cat->count; i++) {
        const char *key = cat->entries[i].key;
        bool ok = code_of(key) >= 0;
        for (const char *const *v = vocabulary_prefixes; !ok && *v; v++)
            ok = strncmp(key, *v, strlen(*v)) == 0;
        CHECK_MSG(ok, "%s: key %s is neither a code nor vocabulary", cat->lang, key);
    }
    /* The vocabulary the renderer asks for. */
    static const char *const vocab[] = {"piece.P", "piece.N", "piece.B", "piece.R", "piece.Q", "piece.K", "piece.?",
                                        "color.white", "color.black", "side.kingside", "side.queenside",
                                        "moves.P", "moves.N", "moves.B", "moves.R", "moves.Q", "moves.K", "moves.?",
                                        "field.0", "field.1", "field.2", "field.3", "field.4", "field.5"};
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
    CHECK_STR(buf, "اسب در \xE2\x81\xA6" "c3\xE2\x81\xA9 از سوی فیل در \xE2\x81\xA6" "b4\xE2\x81\xA9 آچمز است: "
                   "اگر از این خط بیرون برود، شاه شما در \xE2\x81\xA6" "e1\xE2\x81\xA9 کیش می‌شود.");
    arb_reason_render(&r[0], "ar", buf, sizeof buf);
    CHECK_STR(buf, "الحصان في \xE2\x81\xA6" "c3\xE2\x81\xA9 مثبّت بواسطة الفيل في \xE2\x81\xA6" "b4\xE2\x81\xA9: "
                   "إن غادر هذا الخط انكشف ملكك في \xE2\x81\xA6" "e1\xE2\x81\xA9 للكش.");

    harness_begin("catalogs.sample_native_digits");
    CHECK(arb_position_from_fen(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ARB_STANDARD, &why) == ARB_OK);
    arb_reason v[4];
    CHECK_INT(arb_validate("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", ARB_STANDARD, v, 4), 1);
    arb_reason_render(&v[0], "en", buf, sizeof buf);
    CHECK_STR(buf, "There are 9 white pawns; each side starts with 8 and can never have more.");
    arb_reason_render_opts(&v[0], "fa", true, buf, sizeof buf);
    CHECK_STR(buf, "سفید ۹ پیاده دارد؛ هر طرف با ۸ پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
    arb_reason_render_opts(&v[0], "ar", true, buf, sizeof buf);
    CHECK_STR(buf, "لدى الأبيض ٩ بيادق؛ يبدأ كل طرف بثمانية بيادق ولا يمكن أن يملك أكثر.");
    arb_reason_render(&v[0], "fa", buf, sizeof buf);
    CHECK_STR(buf, "سفید 9 پیاده دارد؛ هر طرف با ۸ پیاده آغاز می‌کند و هرگز بیشتر نمی‌تواند داشته باشد.");
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
    return harness_finish();
}
