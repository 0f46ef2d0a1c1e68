/* Answers as students type them, read the same way by the lesson and the quiz runtimes:
 * Persian and Arabic-Indic digits, Arabic and Persian yeh and kaf, ZWNJ, tatweel, bidi marks,
 * Arabic punctuation, and the yes / no / none words of English, Persian and Arabic. */
#ifndef ARBL_ANSWER_TEXT_H
#define ARBL_ANSWER_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The answer as the runtimes parse it, into out (valid UTF-8, NUL-terminated): digits ۰-۹ and
 * ٠-٩ (and full-width) become 0-9, «،» «؛» «؟» become , ; ?, tatweel and bidi controls go,
 * any space becomes one ASCII space, surrounding space is removed; malformed UTF-8 becomes
 * U+FFFD. Letters keep their case ("Nf3" stays "Nf3"). False when it does not fit cap bytes. */
bool arbl_answer_fold(const char *in, char *out, size_t cap);

/* The key two spellings of one word share: arbl_answer_fold, then ASCII lower case, without
 * spaces, ZWNJ, harakat and trailing . ! ? ; Arabic yeh/alef maksura and kaf as Persian ی and
 * ک, alef with hamza or madda as bare alef, teh marbuta as heh («هیچ کدام», «هیچ‌کدام» and
 * «هيچكدام» are one key). False when it does not fit cap bytes. */
bool arbl_answer_key(const char *in, char *out, size_t cap);

/* "yes", "no" or "none" when the answer is one of those words in English, Persian or Arabic
 * («بله», «نه», «هیچ», «نعم», «لا», «صحيح», «لا شيء», true, false, ...), else NULL. */
const char *arbl_answer_word(const char *in);

#define ARBL_ANSWER_SQUARES_MAX 64

/* Squares given as "c3 f6", "C3,f6", «c3، f6», «d2 و f1», «d۲ وf1» or a none word: how many
 * (each once, in the order given, lower case, at most ARBL_ANSWER_SQUARES_MAX), or -1 with the
 * first token that is not a square copied into bad (truncated at a character boundary). */
int arbl_answer_squares(const char *in, char squares[][3], int cap, char *bad, size_t badcap);

#endif
