/* FEN, X-FEN and Shredder-FEN: parsing with precise errors (field, offset, what was found)
 * and canonical output. */
#include <string.h>

#include "internal.h"

enum { F_BOARD, F_SIDE, F_CASTLING, F_EP, F_HALFMOVE, F_FULLMOVE };

struct cursor {
    const char *text;
    size_t pos;
};

static arb_status fail(arb_reason *why, arb_reason_code code, int field, size_t offset, arb_status st)
{
    if (why) {
        *why = arb_reason_make(code);
        why->field = (uint8_t)field;
        why->offset = (int32_t)offset;
    }
    return st;
}

/* The character at s as found (its whole UTF-8 sequence: «پ», not half of it). */
static void set_found_char(arb_reason *why, const char *s)
{
    if (why)
        arb_utf8_char_copy(why->found, sizeof why->found, s);
}

/* Copies the field starting at offset (up to whitespace) into why->found. */
static void set_found_token(arb_reason *why, const char *text, size_t offset)
{
    if (!why)
        return;
    size_t n = 0;
    while (text[offset + n] && text[offset + n] != ' ' && text[offset + n] != '\t' && n + 1 < sizeof why->found)
        n++;
    if (text[offset + n] && text[offset + n] != ' ' && text[offset + n] != '\t')
        n = arb_utf8_cut(text + offset, n); /* cut: at a character boundary */
    memcpy(why->found, text + offset, n);
    why->found[n] = '\0';
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

static void skip_spaces(struct cursor *c)
{
    while (is_space(c->text[c->pos]))
        c->pos++;
}

static arb_status parse_board(arb_position *pos, struct cursor *c, arb_reason *why)
{
    static const char letters[] = "PNBRQK";
    int rank = 7, file = 0;
    size_t rank_start = c->pos;
    for (;; c->pos++) {
        char ch = c->text[c->pos];
        if (ch == '/' || ch == '\0' || is_space(ch)) {
            if (file < 8) {
                arb_status st = fail(why, ARB_R_fen_rank_too_short, F_BOARD, rank_start, ARB_ERR_SYNTAX);
                if (why) {
                    why->n = rank + 1;
                    why->m = file;
                }
                return st;
            }
            if (ch != '/') {
                if (rank > 0) {
                    arb_status st = fail(why, ARB_R_fen_too_few_ranks, F_BOARD, c->pos, ARB_ERR_SYNTAX);
                    if (why)
                        why->n = 8 - rank;
                    return st;
                }
                return ARB_OK;
            }
            if (rank == 0)
                return fail(why, ARB_R_fen_too_many_ranks, F_BOARD, c->pos, ARB_ERR_SYNTAX);
            rank--;
            file = 0;
            rank_start = c->pos + 1;
            continue;
        }
        int add;
        if (ch >= '1' && ch <= '8') {
            add = ch - '0';
        } else if (ch == '0' || ch == '9') {
            fail(why, ARB_R_fen_bad_digit, F_BOARD, c->pos, ARB_ERR_SYNTAX);
            set_found_char(why, c->text + c->pos);
            return ARB_ERR_SYNTAX;
        } else {
            char upper = (ch >= 'a' && ch <= 'z') ? (char)(ch - 32) : ch;
            const char *hit = (upper >= 'A' && upper <= 'Z') ? strchr(letters, upper) : NULL;
            if (!hit) {
                fail(why, ARB_R_fen_bad_piece, F_BOARD, c->pos, ARB_ERR_SYNTAX);
                set_found_char(why, c->text + c->pos);
                return ARB_ERR_SYNTAX;
            }
            add = 1;
            if (file < 8) {
                arb_color color = (ch == upper) ? ARB_WHITE : ARB_BLACK;
                put_piece(pos, ARB_PIECE(color, (arb_piece_type)(hit - letters + 1)), ARB_SQ(file, rank));
            }
        }
        file += add;
        if (file > 8) {
            arb_status st = fail(why, ARB_R_fen_rank_too_long, F_BOARD, rank_start, ARB_ERR_SYNTAX);
            if (why) {
                why->n = rank + 1;
                /* Count every square this rank describes, for the message. */
                int total = 0;
                for (size_t i = rank_start; c->text[i] && c->text[i] != '/' && !is_space(c->text[i]); i++)
                    total += (c->text[i] >= '1' && c->text[i] <= '9') ? c->text[i] - '0' : 1;
                why->m = total;
            }
            return st;
        }
    }
}

/* The king of colour c on its back rank, or ARB_NO_SQUARE. */
static int back_rank_king(const arb_position *pos, arb_color c)
{
    arb_bitboard kings = arb_pieces(pos, c, ARB_KING) & (c == ARB_WHITE ? RANK_1_BB : RANK_8_BB);
    return kings ? lsb(kings) : ARB_NO_SQUARE;
}

static arb_status parse_castling_letter(arb_position *pos, char ch, size_t offset, arb_variant variant,
                                        arb_reason *why)
{
    arb_color c = (ch >= 'a' && ch <= 'z') ? ARB_BLACK : ARB_WHITE;
    char upper = (c == ARB_BLACK) ? (char)(ch - 32) : ch;
    int back = c == ARB_WHITE ? 0 : 7;
    int ksq = back_rank_king(pos, c);
    if (variant == ARB_STANDARD && ksq != ARB_SQ(4, back))
        ksq = ARB_NO_SQUARE;
    if (ksq == ARB_NO_SQUARE) {
        fail(why, ARB_R_fen_castling_no_king, F_CASTLING, offset, ARB_ERR_ILLEGAL);
        { char one[2] = {ch, '\0'}; set_found_char(why, one); }
        if (why)
            why->piece = ARB_PIECE(c, ARB_KING);
        return ARB_ERR_ILLEGAL;
    }
    arb_piece rook = ARB_PIECE(c, ARB_ROOK);
    int side, rsq = ARB_NO_SQUARE;
    if (upper == 'K' || upper == 'Q') {
        side = upper == 'K' ? ARB_KINGSIDE : ARB_QUEENSIDE;
        if (variant == ARB_STANDARD) {
            int sq = ARB_SQ(side == ARB_KINGSIDE ? 7 : 0, back);
            rsq = pos->board[sq] == rook ? sq : ARB_NO_SQUARE;
        } else if (side == ARB_KINGSIDE) {
            for (int f = 7; f > ARB_FILE(ksq) && rsq == ARB_NO_SQUARE; f--)
                if (pos->board[ARB_SQ(f, back)] == rook)
                    rsq = ARB_SQ(f, back);
        } else {
            for (int f = 0; f < ARB_FILE(ksq) && rsq == ARB_NO_SQUARE; f++)
                if (pos->board[ARB_SQ(f, back)] == rook)
                    rsq = ARB_SQ(f, back);
        }
    } else {
        int f = upper - 'A';
        side = f > ARB_FILE(ksq) ? ARB_KINGSIDE : ARB_QUEENSIDE;
        if (pos->board[ARB_SQ(f, back)] == rook && f != ARB_FILE(ksq))
            rsq = ARB_SQ(f, back);
        if (variant == ARB_STANDARD && f != 0 && f != 7)
            rsq = ARB_NO_SQUARE;
    }
    if (rsq == ARB_NO_SQUARE) {
        fail(why, ARB_R_fen_castling_no_rook, F_CASTLING, offset, ARB_ERR_ILLEGAL);
        { char one[2] = {ch, '\0'}; set_found_char(why, one); }
        if (why) {
            why->piece = rook;
            why->side = (uint8_t)side;
        }
        return ARB_ERR_ILLEGAL;
    }
    if (pos->castle_rook[c][side] != ARB_NO_SQUARE) {
        fail(why, ARB_R_fen_castling_repeated, F_CASTLING, offset, ARB_ERR_SYNTAX);
        { char one[2] = {ch, '\0'}; set_found_char(why, one); }
        return ARB_ERR_SYNTAX;
    }
    pos->castle_rook[c][side] = (uint8_t)rsq;
    return ARB_OK;
}

static arb_status parse_castling(arb_position *pos, struct cursor *c, arb_variant variant, arb_reason *why)
{
    const char *t = c->text;
    if (t[c->pos] == '-') {
        c->pos++;
        if (t[c->pos] && !is_space(t[c->pos])) {
            fail(why, ARB_R_fen_bad_castling, F_CASTLING, c->pos, ARB_ERR_SYNTAX);
            set_found_char(why, t + c->pos);
            return ARB_ERR_SYNTAX;
        }
        return ARB_OK;
    }
    for (; t[c->pos] && !is_space(t[c->pos]); c->pos++) {
        char ch = t[c->pos];
        bool letter = (ch >= 'A' && ch <= 'H') || (ch >= 'a' && ch <= 'h') || ch == 'K' || ch == 'Q' ||
                      ch == 'k' || ch == 'q';
        if (!letter) {
            fail(why, ARB_R_fen_bad_castling, F_CASTLING, c->pos, ARB_ERR_SYNTAX);
            set_found_char(why, t + c->pos);
            return ARB_ERR_SYNTAX;
        }
        arb_status st = parse_castling_letter(pos, ch, c->pos, variant, why);
        if (st != ARB_OK)
            return st;
    }
    return ARB_OK;
}

static arb_status parse_ep(arb_position *pos, struct cursor *c, arb_reason *why)
{
    const char *t = c->text;
    size_t start = c->pos;
    if (t[start] == '-' && (t[start + 1] == '\0' || is_space(t[start + 1]))) {
        c->pos++;
        return ARB_OK;
    }
    bool ok = t[start] >= 'a' && t[start] <= 'h' && t[start + 1] >= '1' && t[start + 1] <= '8' &&
              (t[start + 2] == '\0' || is_space(t[start + 2]));
    if (!ok) {
        fail(why, ARB_R_fen_bad_ep, F_EP, start, ARB_ERR_SYNTAX);
        set_found_token(why, t, start);
        return ARB_ERR_SYNTAX;
    }
    c->pos += 2;
    int sq = ARB_SQ(t[start] - 'a', t[start + 1] - '1');
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int want_rank = us == ARB_WHITE ? 5 : 2;
    if (ARB_RANK(sq) != want_rank) {
        fail(why, ARB_R_fen_ep_wrong_rank, F_EP, start, ARB_ERR_ILLEGAL);
        if (why) {
            arb_reason_add_square(why, sq);
            why->n = want_rank + 1;
        }
        return ARB_ERR_ILLEGAL;
    }
    int pawn_sq = us == ARB_WHITE ? sq - 8 : sq + 8;
    int origin = us == ARB_WHITE ? sq + 8 : sq - 8;
    if (pos->board[pawn_sq] != ARB_PIECE(them, ARB_PAWN)) {
        fail(why, ARB_R_fen_ep_no_pawn, F_EP, start, ARB_ERR_ILLEGAL);
        if (why) {
            arb_reason_add_square(why, sq);
            arb_reason_add_square(why, pawn_sq);
            why->piece = ARB_PIECE(them, ARB_PAWN);
        }
        return ARB_ERR_ILLEGAL;
    }
    int busy = pos->board[sq] ? sq : pos->board[origin] ? origin : ARB_NO_SQUARE;
    if (busy != ARB_NO_SQUARE) {
        fail(why, ARB_R_fen_ep_occupied, F_EP, start, ARB_ERR_ILLEGAL);
        if (why) {
            arb_reason_add_square(why, busy);
            why->by = pos->board[busy];
        }
        return ARB_ERR_ILLEGAL;
    }
    pos->ep_square = (uint8_t)sq;
    return ARB_OK;
}

static arb_status parse_number(struct cursor *c, int field, unsigned *out, arb_reason *why)
{
    const char *t = c->text;
    size_t start = c->pos;
    unsigned long v = 0;
    while (t[c->pos] >= '0' && t[c->pos] <= '9' && c->pos - start < 6) {
        v = v * 10 + (unsigned long)(t[c->pos] - '0');
        c->pos++;
    }
    if (c->pos == start || v > 65535 || (t[c->pos] && !is_space(t[c->pos]))) {
        fail(why, ARB_R_fen_bad_number, field, start, ARB_ERR_SYNTAX);
        set_found_token(why, t, start);
        return ARB_ERR_SYNTAX;
    }
    *out = (unsigned)v;
    return ARB_OK;
}

/* Moves the cursor to the next field; false (with the error set) when it is missing. */
static bool next_field(struct cursor *c, int field, arb_reason *why)
{
    skip_spaces(c);
    if (c->text[c->pos] == '\0') {
        fail(why, ARB_R_fen_missing_field, field, c->pos, ARB_ERR_SYNTAX);
        return false;
    }
    return true;
}

arb_status arb_fen_parse_bytes(arb_position *pos, const char *fen, arb_variant variant, arb_reason *why)
{
    memset(pos, 0, sizeof *pos);
    pos->ep_square = ARB_NO_SQUARE;
    memset(pos->castle_rook, ARB_NO_SQUARE, sizeof pos->castle_rook);
    pos->king_square[0] = pos->king_square[1] = ARB_NO_SQUARE;
    pos->variant = (uint8_t)variant;
    pos->fullmove_number = 1;
    if (!fen)
        return fail(why, ARB_R_fen_empty, F_BOARD, 0, ARB_ERR_SYNTAX);
    if (strcmp(fen, ARB_START_POS) == 0) /* as UCI and every Arbiter input write the start */
        fen = ARB_START_FEN;
    size_t len = strnlen(fen, ARB_FEN_MAX_INPUT + 1);
    if (len > ARB_FEN_MAX_INPUT) {
        arb_status st = fail(why, ARB_R_fen_too_long, F_BOARD, ARB_FEN_MAX_INPUT, ARB_ERR_SYNTAX);
        if (why)
            why->n = ARB_FEN_MAX_INPUT;
        return st;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)fen[i];
        if (ch < 0x20 && ch != '\t') {
            fail(why, ARB_R_fen_bad_character, F_BOARD, i, ARB_ERR_SYNTAX);
            if (why)
                arb_strlcpy(why->found, "\\n", sizeof why->found);
            return ARB_ERR_SYNTAX;
        }
    }
    struct cursor c = {fen, 0};
    skip_spaces(&c);
    if (fen[c.pos] == '\0')
        return fail(why, ARB_R_fen_empty, F_BOARD, 0, ARB_ERR_SYNTAX);

    arb_status st = parse_board(pos, &c, why);
    if (st != ARB_OK)
        return st;
    for (int col = 0; col < 2; col++) {
        arb_bitboard k = arb_pieces(pos, (arb_color)col, ARB_KING);
        if (k)
            pos->king_square[col] = (uint8_t)lsb(k);
    }

    if (!next_field(&c, F_SIDE, why))
        return ARB_ERR_SYNTAX;
    char side = fen[c.pos];
    if ((side != 'w' && side != 'b') || (fen[c.pos + 1] && !is_space(fen[c.pos + 1]))) {
        fail(why, ARB_R_fen_bad_side, F_SIDE, c.pos, ARB_ERR_SYNTAX);
        set_found_token(why, fen, c.pos);
        return ARB_ERR_SYNTAX;
    }
    pos->side = side == 'w' ? ARB_WHITE : ARB_BLACK;
    c.pos++;

    if (!next_field(&c, F_CASTLING, why))
        return ARB_ERR_SYNTAX;
    if ((st = parse_castling(pos, &c, variant, why)) != ARB_OK)
        return st;
    if (!next_field(&c, F_EP, why))
        return ARB_ERR_SYNTAX;
    if ((st = parse_ep(pos, &c, why)) != ARB_OK)
        return st;

    /* The clocks are optional (EPD-style four-field FENs). */
    skip_spaces(&c);
    if (fen[c.pos]) {
        unsigned v;
        if ((st = parse_number(&c, F_HALFMOVE, &v, why)) != ARB_OK)
            return st;
        pos->halfmove_clock = (uint16_t)v;
        skip_spaces(&c);
        if (fen[c.pos]) {
            if ((st = parse_number(&c, F_FULLMOVE, &v, why)) != ARB_OK)
                return st;
            pos->fullmove_number = v == 0 ? 1 : v;
        }
    }
    skip_spaces(&c);
    if (fen[c.pos]) {
        fail(why, ARB_R_fen_extra_field, F_FULLMOVE, c.pos, ARB_ERR_SYNTAX);
        set_found_token(why, fen, c.pos);
        return ARB_ERR_SYNTAX;
    }
    pos->key = arb_compute_key(pos);
    return ARB_OK;
}

arb_status arb_position_from_fen_unchecked(arb_position *pos, const char *fen, arb_variant variant,
                                           arb_reason *why)
{
    arb_status st = arb_fen_parse_bytes(pos, fen, variant, why);
    if (st != ARB_OK && why && fen && why->offset > 0 && strcmp(fen, ARB_START_POS) != 0)
        why->offset = arb_utf8_chars(fen, why->offset);
    return st;
}

arb_status arb_position_from_fen(arb_position *pos, const char *fen, arb_variant variant, arb_reason *why)
{
    arb_status st = arb_position_from_fen_unchecked(pos, fen, variant, why);
    if (st != ARB_OK)
        return st;
    arb_reason first;
    if (arb_position_board_problems(pos, &first, 1) > 0) {
        if (why)
            *why = first;
        return ARB_ERR_ILLEGAL;
    }
    return ARB_OK;
}

int arb_position_board_problems(const arb_position *pos, arb_reason *out, int cap)
{
    int n = 0;
#define ADD(r)             \
    do {                   \
        if (n < cap)       \
            out[n] = (r);  \
        n++;               \
    } while (0)
    for (int c = 0; c < 2; c++) {
        int kings = popcount(arb_pieces(pos, (arb_color)c, ARB_KING));
        if (kings != 1) {
            arb_reason r = arb_reason_make(kings == 0 ? ARB_R_missing_king : ARB_R_too_many_kings);
            r.piece = ARB_PIECE(c, ARB_KING);
            r.n = kings;
            ADD(r);
        }
    }
    /* The bound every move list rests on (ARB_MAX_MOVES, arbiter/types.h). */
    for (int c = 0; c < 2; c++) {
        int all = popcount(pos->by_color[c]);
        if (all > ARB_MAX_SIDE_PIECES) {
            arb_reason r = arb_reason_make(ARB_R_too_many_pieces);
            r.piece = ARB_PIECE(c, ARB_NO_TYPE);
            r.n = all;
            ADD(r);
        }
    }
    arb_bitboard back = pos->by_type[ARB_PAWN] & (RANK_1_BB | RANK_8_BB);
    while (back) {
        int sq = pop_lsb(&back);
        arb_reason r = arb_reason_make(ARB_R_pawn_on_back_rank);
        r.piece = pos->board[sq];
        arb_reason_add_square(&r, sq);
        ADD(r);
    }
    arb_color them = (arb_color)!pos->side;
    arb_bitboard their_king = arb_pieces(pos, them, ARB_KING);
    if (popcount(their_king) == 1) {
        int ksq = lsb(their_king);
        arb_bitboard checkers = arb_attackers(pos, ksq, (arb_color)pos->side, arb_occupied(pos));
        arb_bitboard kings = checkers & pos->by_type[ARB_KING];
        checkers &= ~kings;
        if (kings) {
            /* a king gives no check: the kings stand side by side (3.10.3 through 3.8.1) */
            arb_reason r = arb_reason_make(ARB_R_kings_adjacent);
            int wk = them == ARB_WHITE ? ksq : lsb(kings), bk = them == ARB_WHITE ? lsb(kings) : ksq;
            arb_reason_add_square(&r, wk); /* white's king first, as validate names them */
            arb_reason_add_square(&r, bk);
            ADD(r);
        }
        if (checkers) {
            arb_reason r = arb_reason_make(ARB_R_opposite_check);
            r.piece = ARB_PIECE(them, ARB_KING);
            arb_reason_add_square(&r, ksq);
            r.by = pos->board[lsb(checkers)];
            while (checkers)
                arb_reason_add_square(&r, pop_lsb(&checkers));
            ADD(r);
        }
    }
#undef ADD
    return n;
}

/* X-FEN letter for a castling right: K/Q when the rook is the outermost one on its side (or in
 * standard chess), else the rook's file (Shredder style). */
static char castling_letter(const arb_position *pos, arb_color c, int side)
{
    int rsq = pos->castle_rook[c][side];
    int back = c == ARB_WHITE ? 0 : 7;
    bool outermost = true;
    if (pos->variant == ARB_CHESS960) {
        int step = side == ARB_KINGSIDE ? 1 : -1;
        for (int f = ARB_FILE(rsq) + step; f >= 0 && f < 8; f += step)
            if (pos->board[ARB_SQ(f, back)] == ARB_PIECE(c, ARB_ROOK))
                outermost = false;
    }
    char letter = outermost ? (side == ARB_KINGSIDE ? 'K' : 'Q') : (char)('A' + ARB_FILE(rsq));
    return c == ARB_WHITE ? letter : (char)(letter + 32);
}

static size_t append(char *buf, size_t cap, size_t len, const char *s)
{
    for (; *s; s++, len++)
        if (len + 1 < cap)
            buf[len] = *s;
    if (cap)
        buf[len < cap ? len : cap - 1] = '\0';
    return len;
}

size_t arb_position_fen(const arb_position *pos, char *buf, size_t cap)
{
    static const char letters[] = " PNBRQK";
    char tmp[ARB_FEN_MAX];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            arb_piece p = pos->board[ARB_SQ(file, rank)];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                tmp[n++] = (char)('0' + empty);
            empty = 0;
            char ch = letters[ARB_PIECE_TYPE(p)];
            tmp[n++] = ARB_PIECE_COLOR(p) == ARB_WHITE ? ch : (char)(ch + 32);
        }
        if (empty)
            tmp[n++] = (char)('0' + empty);
        if (rank)
            tmp[n++] = '/';
    }
    tmp[n++] = ' ';
    tmp[n++] = pos->side == ARB_WHITE ? 'w' : 'b';
    tmp[n++] = ' ';
    size_t before = n;
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++)
            if (pos->castle_rook[c][side] != ARB_NO_SQUARE)
                tmp[n++] = castling_letter(pos, (arb_color)c, side);
    if (n == before)
        tmp[n++] = '-';
    tmp[n++] = ' ';
    if (pos->ep_square != ARB_NO_SQUARE) {
        arb_square_name(pos->ep_square, tmp + n);
        n += 2;
    } else {
        tmp[n++] = '-';
    }
    tmp[n] = '\0';
    char clocks[24];
    int w = 0;
    char *p = clocks;
    unsigned vals[2] = {pos->halfmove_clock, pos->fullmove_number};
    for (int i = 0; i < 2; i++) {
        char digits[12];
        int d = 0;
        unsigned v = vals[i];
        do {
            digits[d++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        p[w++] = ' ';
        while (d)
            p[w++] = digits[--d];
    }
    clocks[w] = '\0';
    size_t len = append(buf, cap, 0, tmp);
    return append(buf, cap, len, clocks);
}
