/* Renders every explanation code in every language and digit choice with representative
 * parameters (every piece, n and m in 0, 1, 2, 3, 11, 100, both sides, one to eight squares)
 * and prints one line per text: lang TAB digits TAB code TAB n TAB m TAB text. Read by
 * tests/explain/test_language.py, which checks the texts against docs/glossary.md. */
#include <stdio.h>

#include "arbiter.h"

static const int counts[] = {0, 1, 2, 3, 11, 100};
static const arb_piece_type types[] = {ARB_PAWN, ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_KING};

static void emit(const arb_reason *r, const char *lang, const char *digits_name, arb_digits digits)
{
    char text[2048];
    arb_reason_render_digits(r, lang, digits, text, sizeof text);
    printf("%s\t%s\t%s\t%d\t%d\t%s\n", lang, digits_name, arb_reason_name(r->code), r->n, r->m, text);
}

int main(void)
{
    static const struct {
        const char *name;
        arb_digits d;
    } digit_choices[] = {{"default", ARB_DIGITS_DEFAULT}, {"latin", ARB_DIGITS_LATIN}, {"native", ARB_DIGITS_NATIVE}};
    static const int squares[] = {12, 28, 36, 1, 21, 62, 57, 7};
    for (const char *const *lang = arb_languages(); *lang; lang++)
        for (unsigned code = 0; code < ARB_REASON_COUNT; code++)
            for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
                for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
                    for (int vary_m = 0; vary_m < 2; vary_m++) {
                        arb_reason r = arb_reason_make((arb_reason_code)code);
                        r.piece = ARB_PIECE(t % 2 ? ARB_BLACK : ARB_WHITE, types[t]);
                        r.by = ARB_PIECE(t % 2 ? ARB_WHITE : ARB_BLACK, types[(t + 2) % 6]);
                        r.n = vary_m ? 5 : counts[k];
                        r.m = counts[k];
                        r.side = t % 2 ? ARB_QUEENSIDE : ARB_KINGSIDE;
                        r.field = (uint8_t)(t % 6);
                        r.offset = 6;
                        int nsq = counts[k] < 3 ? 3 : counts[k] > 8 ? 8 : counts[k];
                        for (int i = 0; i < nsq; i++)
                            arb_reason_add_square(&r, squares[i]);
                        snprintf(r.found, sizeof r.found, "%s", t % 2 ? "Nf3" : "x9");
                        snprintf(r.move, sizeof r.move, "%s", t % 2 ? "O-O-O" : "e8=Q+");
                        for (size_t d = 0; d < 3; d++)
                            emit(&r, *lang, digit_choices[d].name, digit_choices[d].d);
                    }
    return 0;
}
