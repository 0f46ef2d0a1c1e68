/* Answers as students type them (see answer_text.h): one reading of digits, letters, spaces and
 * the yes / no / none words for the lesson runtime, the quiz runtime and the daemon's cache key. */
#include "answer_text.h"
#include "utf8_text.h"

#include <stdlib.h>
#include <string.h>

#define DROP 0xFFFFFFFFu

/* What one typed character is read as: a digit, ASCII punctuation, a space, DROP, or itself. */
static uint32_t fold_cp(uint32_t cp)
{
    if (cp >= 0x06F0 && cp <= 0x06F9) /* Persian digits */
        return '0' + (cp - 0x06F0);
    if (cp >= 0x0660 && cp <= 0x0669) /* Arabic-Indic digits */
        return '0' + (cp - 0x0660);
    if (cp >= 0xFF10 && cp <= 0xFF19) /* full-width digits */
        return '0' + (cp - 0xFF10);
    switch (cp) {
    case 0x060C: return ',';          /* Arabic comma */
    case 0x061B: return ';';          /* Arabic semicolon */
    case 0x061F: return '?';          /* Arabic question mark */
    case 0x0640:                      /* tatweel */
    case 0x061C: case 0x200B: case 0x200E: case 0x200F: case 0xFEFF:
        return DROP;                  /* marks that carry no letter */
    case 0x00A0: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: case 0x7F:
        return ' ';
    default:
        break;
    }
    if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) /* bidi embeddings */
        return DROP;
    if (cp < 0x20 || (cp >= 0x2000 && cp <= 0x200A))
        return ' ';
    return cp;
}

/* How a letter is compared: one spelling for the Arabic and Persian variants of a letter. */
static uint32_t key_cp(uint32_t cp)
{
    if (cp >= 'A' && cp <= 'Z')
        return cp - 'A' + 'a';
    if ((cp >= 0x064B && cp <= 0x065F) || cp == 0x0670) /* harakat, superscript alef */
        return DROP;
    switch (cp) {
    case ' ': case 0x200C: case 0x200D: /* «هیچ کدام» = «هیچ‌کدام» = «هیچکدام» */
        return DROP;
    case 0x064A: case 0x0649: case 0x0626: return 0x06CC; /* ي ى ئ → ی */
    case 0x0643: return 0x06A9;                           /* ك → ک */
    case 0x0623: case 0x0625: case 0x0622: case 0x0671: return 0x0627; /* أ إ آ ٱ → ا */
    case 0x0624: return 0x0648;                           /* ؤ → و */
    case 0x0629: case 0x06C0: return 0x0647;              /* ة ۀ → ه */
    default: return cp;
    }
}

bool arbl_answer_fold(const char *in, char *out, size_t cap)
{
    arbl_utf8_writer w = {out, cap, 0, false};
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    bool space = false;
    while (*s) {
        size_t len;
        uint32_t cp = fold_cp(arbl_utf8_next(s, &len));
        s += len;
        if (cp == DROP)
            continue;
        if (cp == ' ') {
            space = w.n > 0;
            continue;
        }
        if (space)
            arbl_utf8_put(&w, ' ');
        space = false;
        arbl_utf8_put(&w, cp);
    }
    return arbl_utf8_finish(&w);
}

bool arbl_answer_key(const char *in, char *out, size_t cap)
{
    if (!arbl_answer_fold(in, out, cap))
        return false;
    /* every mapping keeps or shortens a character's bytes, so this rewrites out in place */
    arbl_utf8_writer w = {out, cap, 0, false};
    const unsigned char *s = (const unsigned char *)out;
    while (*s) {
        size_t len;
        uint32_t cp = key_cp(arbl_utf8_next(s, &len));
        s += len;
        if (cp != DROP)
            arbl_utf8_put(&w, cp);
    }
    while (w.n && strchr(".!?", out[w.n - 1]))
        w.n--;
    return arbl_utf8_finish(&w);
}

/* Each list: the words as people write them; they are compared through arbl_answer_key. */
static const char *const yes_words[] = {
    "true", "t", "yes", "y", "correct", "right",
    "درست", "درسته", "بله", "بلی", "آره", "آری", "صحیح",
    "صح", "صحيح", "صحيحة", "نعم", "أجل", "بلى", NULL};
static const char *const no_words[] = {
    "false", "f", "no", "n", "wrong",
    "نادرست", "نادرسته", "خیر", "نخیر", "نه", "غلط", "اشتباه",
    "خطأ", "خاطئ", "خاطئة", "لا", "كلا", NULL};
static const char *const none_words[] = {
    "none", "-", "nothing", "neither", "no squares",
    "هیچ", "هیچ‌کدام", "هیچ‌یک", "هیچی", "هیچ خانه‌ای",
    "لا شيء", "لا شيء مما سبق", "ولا واحد", "لا أحد", "لا يوجد", "ولا أي منهما", NULL};

static bool in_list(const char *key, const char *const *list)
{
    char k[64];
    for (; *list; list++)
        if (arbl_answer_key(*list, k, sizeof k) && strcmp(k, key) == 0)
            return true;
    return false;
}

const char *arbl_answer_word(const char *in)
{
    char key[128];
    if (!arbl_answer_key(in, key, sizeof key) || !*key)
        return NULL;
    if (in_list(key, yes_words))
        return "yes";
    if (in_list(key, no_words))
        return "no";
    if (in_list(key, none_words))
        return "none";
    return NULL;
}

#define SEPARATORS " ,;/&+"

/* "و" (Persian and Arabic "and"), as a word of its own or written onto the next square. */
static const char waw[] = "\xD9\x88";

static bool square_token(const char *t, char sq[3])
{
    if (strncmp(t, waw, 2) == 0)
        t += 2;
    if (strlen(t) != 2)
        return false;
    char f = (char)(t[0] | 0x20), r = t[1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8')
        return false;
    sq[0] = f;
    sq[1] = r;
    sq[2] = 0;
    return true;
}

int arbl_answer_squares(const char *in, char squares[][3], int cap, char *bad, size_t badcap)
{
    if (badcap)
        bad[0] = 0;
    const char *w = arbl_answer_word(in);
    if (w && strcmp(w, "none") == 0)
        return 0;
    size_t n = strlen(in ? in : "");
    char *text = malloc(3 * n + 1); /* a malformed byte grows into U+FFFD, three bytes */
    if (!text)
        return -1;
    arbl_answer_fold(in, text, 3 * n + 1);
    int count = 0;
    for (char *t = text, *end; *t; t = end) {
        t += strspn(t, SEPARATORS);
        if (!*t)
            break;
        end = t + strcspn(t, SEPARATORS);
        if (*end)
            *end++ = 0;
        char sq[3];
        if (strcmp(t, waw) == 0 || strcmp(t, "and") == 0)
            continue;
        if (!square_token(t, sq)) {
            if (badcap) {
                arbl_utf8_writer b = {bad, badcap, 0, false};
                size_t len;
                for (const unsigned char *s = (const unsigned char *)t; *s && !b.full; s += len)
                    arbl_utf8_put(&b, arbl_utf8_next(s, &len));
                arbl_utf8_finish(&b);
            }
            free(text);
            return -1;
        }
        bool seen = false;
        for (int i = 0; i < count && !seen; i++)
            seen = strcmp(squares[i], sq) == 0;
        if (!seen && count < cap)
            memcpy(squares[count++], sq, 3);
    }
    free(text);
    return count;
}
