/* Test helper: an answer as a student types it on a Persian or Arabic keyboard (for the lesson
 * and quiz tests, which must grade it as the answer written in ASCII). */
#ifndef ARB_TEST_TYPED_ANSWER_H
#define ARB_TEST_TYPED_ANSWER_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The answer as a student types it on a Persian (fa) or Arabic (ar) keyboard: native digits,
 * the language's yes / no / none word, squares joined with «،» or «و». */
static inline void typed_answer(const char *answer, const char *lang, char *out, size_t cap)
{
    bool fa = strcmp(lang, "fa") == 0;
    const char *word = strcmp(answer, "none") == 0                                ? (fa ? "هیچ‌کدام" : "لا شيء")
                       : strcmp(answer, "yes") == 0 || strcmp(answer, "true") == 0 ? (fa ? "بله" : "صحيح")
                       : strcmp(answer, "no") == 0 || strcmp(answer, "false") == 0 ? (fa ? "نه" : "خطا")
                                                                                   : NULL;
    if (word) {
        snprintf(out, cap, "%s", word);
        return;
    }
    size_t n = 0;
    for (const char *p = answer; *p && n + 8 < cap; p++) {
        if (*p >= '0' && *p <= '9') { /* ۰-۹ is U+06F0.., ٠-٩ U+0660.. */
            out[n++] = fa ? (char)0xDB : (char)0xD9;
            out[n++] = (char)((fa ? 0xB0 : 0xA0) + (*p - '0'));
        } else if (*p == ' ') {
            const char *sep = fa ? "، " : " و";
            memcpy(out + n, sep, strlen(sep));
            n += strlen(sep);
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

#endif
