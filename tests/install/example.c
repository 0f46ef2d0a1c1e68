/* A program from outside the project, built against the installed engine with pkg-config
 * (install.pkg_config): a move count, perft, an explanation rendered in two languages, and the
 * reason table read through the installed reasons/ .def files. */
#include <arbiter.h>
#include <stdio.h>

int main(void)
{
    arb_position pos;
    if (arb_position_from_fen(&pos, ARB_START_FEN, ARB_STANDARD, NULL) != ARB_OK)
        return 1;
    printf("moves %d perft3 %llu\n", arb_count_legal_moves(&pos), (unsigned long long)arb_perft(&pos, 3));
    if (arb_position_from_fen(&pos, "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", ARB_STANDARD, NULL) != ARB_OK)
        return 1;
    arb_reason r[ARB_EXPLAIN_MAX];
    arb_move m;
    int n = arb_explain_text(&pos, NULL, "Nd5", &m, r, ARB_EXPLAIN_MAX);
    printf("reasons %d first %s\n", n, n > 0 ? arb_reason_name(r[0].code) : "-");
    char text[ARB_REASON_TEXT_MAX];
    for (const char *const *lang = arb_languages(); *lang; lang++) {
        arb_reason_render(&r[0], *lang, text, sizeof text);
        printf("%s: %s\n", *lang, text);
    }
    int codes = 0;
#define ARB_REASON(name, article, params) codes++;
#include <arbiter/reason_list.h>
#undef ARB_REASON
    printf("codes %d of %d\n", codes, (int)ARB_REASON_COUNT);
    return 0;
}
