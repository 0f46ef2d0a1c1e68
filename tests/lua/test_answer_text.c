/* Answers as Persian and Arabic students type them (lua/answer_text.c): digits, letters, ZWNJ,
 * tatweel, bidi marks, punctuation, the yes / no / none words, square lists, and texts that do
 * not fit (never cut inside a character). */
#include <string.h>

#include "answer_text.h"
#include "harness.h"

static const char *fold(const char *in)
{
    static char out[256];
    CHECK_MSG(arbl_answer_fold(in, out, sizeof out), "fold('%s') did not fit", in);
    return out;
}

static const char *word(const char *in)
{
    const char *w = arbl_answer_word(in);
    return w ? w : "(none of them)";
}

/* Whether s is well-formed UTF-8. */
static bool valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = *p < 0x80 ? 1 : (*p >> 5) == 6 ? 2 : (*p >> 4) == 14 ? 3 : (*p >> 3) == 30 ? 4 : 0;
        if (!n)
            return false;
        for (int i = 1; i < n; i++)
            if ((p[i] & 0xC0) != 0x80)
                return false;
        p += n;
    }
    return true;
}

static void test_fold(void)
{
    harness_begin("answer.fold.digits");
    CHECK_STR(fold("۳۳"), "33");         /* Persian */
    CHECK_STR(fold("٣٣"), "33");         /* Arabic-Indic */
    CHECK_STR(fold("d۱"), "d1");
    CHECK_STR(fold("Nf۳"), "Nf3");       /* a move keeps its letters' case */
    CHECK_STR(fold("e۵d٦"), "e5d6");
    CHECK_STR(fold("١٢٣٤٥٦٧٨٩٠"), "1234567890");
    CHECK_STR(fold("۰۱۲۳۴۵۶۷۸۹"), "0123456789");

    harness_begin("answer.fold.marks_and_spaces");
    CHECK_STR(fold("  \u2066e4\u2069\u200f "), "e4");         /* isolates and RLM copied from a text */
    CHECK_STR(fold("نـــعم"), "نعم");                          /* tatweel */
    CHECK_STR(fold("c3،f6"), "c3,f6");                         /* Arabic comma */
    CHECK_STR(fold("c3\u00a0\u00a0 f6\tg7\n"), "c3 f6 g7");    /* any space, once */
    CHECK_STR(fold("هیچ\u200cکدام"), "هیچ\u200cکدام");          /* ZWNJ stays inside a word */
    CHECK_STR(fold("a\xff" "b"), "a\xef\xbf\xbd" "b");         /* malformed byte: U+FFFD */
    CHECK(valid_utf8(fold("\xc3\x28\xe2\x82\xf0\x90\x28")));

    harness_begin("answer.fold.never_splits_a_character");
    char small[7];
    CHECK(!arbl_answer_fold("بله بله", small, sizeof small)); /* does not fit: false ... */
    CHECK(valid_utf8(small));                                 /* ... and whole letters only */
    CHECK_STR(small, "بله");
}

static void test_words(void)
{
    harness_begin("answer.words.english");
    CHECK_STR(word("true"), "yes");
    CHECK_STR(word(" YES "), "yes");
    CHECK_STR(word("False."), "no");
    CHECK_STR(word("none"), "none");
    CHECK_STR(word("-"), "none");
    CHECK_STR(word("maybe"), "(none of them)");

    harness_begin("answer.words.persian");
    CHECK_STR(word("بله"), "yes");
    CHECK_STR(word("بلی"), "yes");
    CHECK_STR(word("آره"), "yes");
    CHECK_STR(word("درست"), "yes");
    CHECK_STR(word("صحیح"), "yes");
    CHECK_STR(word("نه"), "no");       /* the everyday "no" */
    CHECK_STR(word("خیر"), "no");
    CHECK_STR(word("خير"), "no");      /* with Arabic yeh (older Windows keyboards) */
    CHECK_STR(word("نادرست"), "no");
    CHECK_STR(word("غلط"), "no");
    CHECK_STR(word("هیچ"), "none");
    CHECK_STR(word("هیچ‌کدام"), "none"); /* the label the quiz shows */
    CHECK_STR(word("هیچکدام"), "none");  /* without ZWNJ */
    CHECK_STR(word("هیچ کدام"), "none"); /* with a space */
    CHECK_STR(word("هيچ كدام"), "none"); /* Arabic yeh and kaf */

    harness_begin("answer.words.arabic");
    CHECK_STR(word("نعم"), "yes");
    CHECK_STR(word("صح"), "yes");
    CHECK_STR(word("صحيح"), "yes");
    CHECK_STR(word("صحیح"), "yes");    /* typed with Persian yeh */
    CHECK_STR(word("لا"), "no");
    CHECK_STR(word("خطأ"), "no");
    CHECK_STR(word("خطا"), "no");      /* without hamza, as most people type it */
    CHECK_STR(word("خاطئ"), "no");
    CHECK_STR(word("لا شيء"), "none");
    CHECK_STR(word("لا شىء"), "none");  /* alef maksura for yeh */
    CHECK_STR(word("لاشيء"), "none");
    CHECK_STR(word("لا شيءَ"), "none"); /* with a haraka */
    CHECK_STR(word("لا شيء مما سبق"), "none");
}

static void test_squares(void)
{
    char sq[ARBL_ANSWER_SQUARES_MAX][3], bad[32];
    harness_begin("answer.squares.separators");
    CHECK_INT(arbl_answer_squares("c3 f6", sq, 64, bad, sizeof bad), 2);
    CHECK_STR(sq[0], "c3");
    CHECK_STR(sq[1], "f6");
    CHECK_INT(arbl_answer_squares("C3,F6;c3", sq, 64, bad, sizeof bad), 2); /* once each, lower case */
    CHECK_INT(arbl_answer_squares("c3، f6", sq, 64, bad, sizeof bad), 2);
    CHECK_INT(arbl_answer_squares("d2 و f1", sq, 64, bad, sizeof bad), 2);  /* Persian "and" */
    CHECK_INT(arbl_answer_squares("d2 وf1", sq, 64, bad, sizeof bad), 2);   /* Arabic "and", joined */
    CHECK_STR(sq[1], "f1");
    CHECK_INT(arbl_answer_squares("d۲ و f۱", sq, 64, bad, sizeof bad), 2);  /* Persian digits */
    CHECK_STR(sq[0], "d2");
    CHECK_INT(arbl_answer_squares("d٢، f١", sq, 64, bad, sizeof bad), 2);   /* Arabic-Indic digits */

    harness_begin("answer.squares.none_words");
    CHECK_INT(arbl_answer_squares("none", sq, 64, bad, sizeof bad), 0);
    CHECK_INT(arbl_answer_squares("هیچ‌کدام", sq, 64, bad, sizeof bad), 0);
    CHECK_INT(arbl_answer_squares("لا شيء", sq, 64, bad, sizeof bad), 0);

    harness_begin("answer.squares.bad_token");
    CHECK_INT(arbl_answer_squares("c3 z9", sq, 64, bad, sizeof bad), -1);
    CHECK_STR(bad, "z9");
    CHECK_INT(arbl_answer_squares("c3 هیچ", sq, 64, bad, sizeof bad), -1);
    CHECK_STR(bad, "هیچ");
    char tiny[4];
    CHECK_INT(arbl_answer_squares("شاه", sq, 64, tiny, sizeof tiny), -1);
    CHECK(valid_utf8(tiny)); /* the bad token, cut at a character */
    CHECK_STR(tiny, "ش");
}

int main(void)
{
    test_fold();
    test_words();
    test_squares();
    return harness_finish();
}
