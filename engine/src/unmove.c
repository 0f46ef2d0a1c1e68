/* The move that led here (explain.h, arb_unmove): a move taken back on the board shown, the
 * position before checked by the validator, the move by the move explainer, and the result
 * compared with the board shown. What retro puzzles ask ("what was the last move?"). */
#include <stdio.h>
#include <string.h>

#include "arbiter/explain.h"
#include "arbiter/notation.h"
#include "internal.h"

const char *arb_unmove_result_name(arb_unmove_result r)
{
    static const char *const names[] = {"ok", "no_piece", "from_taken", "before_illegal", "not_legal", "elsewhere"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "unknown";
}

/* The FEN letter of a piece ("N", "n"). */
static char fen_letter(arb_piece p)
{
    char c = " PNBRQK"[ARB_PIECE_TYPE(p) <= ARB_KING ? ARB_PIECE_TYPE(p) : 0];
    return ARB_PIECE_COLOR(p) == ARB_BLACK && c != ' ' ? (char)(c - 'A' + 'a') : c;
}

/* The first n space-separated fields of a FEN, as one string. */
static void fen_head(const arb_position *pos, int n, char *out, size_t cap)
{
    char fen[ARB_FEN_MAX];
    arb_position_fen(pos, fen, sizeof fen);
    char *p = fen;
    for (int i = 0; *p && i < n; p++)
        if (*p == ' ')
            i++;
    if (p > fen && p[-1] == ' ')
        p[-1] = 0;
    snprintf(out, cap, "%s", fen);
}

arb_unmove_result arb_unmove(const arb_position *pos, int from, int to, arb_piece_type promotion,
                             arb_piece_type captured, arb_position *before, arb_move *move, arb_reason *out,
                             int cap, int *nreasons)
{
    *nreasons = 0;
    arb_color mover = pos->side == ARB_WHITE ? ARB_BLACK : ARB_WHITE;
    arb_piece board[64];
    memcpy(board, pos->board, sizeof board);
    arb_piece piece = board[to];
    if (!piece || ARB_PIECE_COLOR(piece) != mover || (promotion != ARB_NO_TYPE && ARB_PIECE_TYPE(piece) != promotion))
        return ARB_UNMOVE_NO_PIECE;
    if (board[from])
        return ARB_UNMOVE_FROM_TAKEN;
    board[from] = promotion != ARB_NO_TYPE ? ARB_PIECE(mover, ARB_PAWN) : piece;
    board[to] = captured != ARB_NO_TYPE ? ARB_PIECE(pos->side, captured) : 0;
    /* the position before: this board, the mover to move, the same rights, no en passant */
    char fen[ARB_FEN_MAX + 16], shown[ARB_FEN_MAX];
    size_t len = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = fen_letter(board[ARB_SQ(file, rank)]);
            if (c == ' ') {
                empty++;
                continue;
            }
            if (empty)
                fen[len++] = (char)('0' + empty);
            empty = 0;
            fen[len++] = c;
        }
        if (empty)
            fen[len++] = (char)('0' + empty);
        if (rank)
            fen[len++] = '/';
    }
    char castling[ARB_FEN_MAX];
    fen_head(pos, 3, castling, sizeof castling);
    const char *rights = strrchr(castling, ' ');
    snprintf(fen + len, sizeof fen - len, " %c %s - 0 1", mover == ARB_WHITE ? 'w' : 'b', rights ? rights + 1 : "-");
    int n = arb_validate(fen, pos->variant, out, cap);
    if (n > 0) {
        *nreasons = n < cap ? n : cap;
        return ARB_UNMOVE_BEFORE_ILLEGAL;
    }
    if (arb_position_from_fen(before, fen, pos->variant, NULL) != ARB_OK)
        return ARB_UNMOVE_BEFORE_ILLEGAL; /* the validator accepts only what the parser reads */
    char uci[8];
    arb_square_name(from, uci);
    arb_square_name(to, uci + 2);
    uci[4] = promotion != ARB_NO_TYPE ? (char)("  nbrq"[promotion]) : 0;
    uci[5] = 0;
    n = arb_explain_text(before, NULL, uci, move, out, cap);
    if (n > 0) {
        *nreasons = n < cap ? n : cap;
        return ARB_UNMOVE_NOT_LEGAL;
    }
    arb_position after = *before;
    arb_position_play(&after, *move);
    fen_head(pos, 4, shown, sizeof shown);
    char got[ARB_FEN_MAX];
    fen_head(&after, 4, got, sizeof got);
    return strcmp(got, shown) == 0 ? ARB_UNMOVE_OK : ARB_UNMOVE_ELSEWHERE;
}
