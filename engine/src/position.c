/* Position state: Zobrist keys, playing moves in place, attack queries, start positions. */
#include <string.h>

#include "internal.h"

uint64_t arb_castle_key(const arb_position *pos)
{
    uint64_t k = 0;
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++)
            if (pos->castle_rook[c][side] != ARB_NO_SQUARE)
                k ^= ZOBRIST_CASTLE(2 * c + side);
    return k;
}

uint64_t arb_ep_key(const arb_position *pos)
{
    int ep = pos->ep_square;
    if (ep == ARB_NO_SQUARE)
        return 0;
    arb_color us = (arb_color)pos->side;
    /* A pawn of the side to move that attacks ep is one that stands beside the pushed pawn. */
    if (arb_pawn_attacks[!us][ep] & arb_pieces(pos, us, ARB_PAWN))
        return ZOBRIST_EP(ARB_FILE(ep));
    return 0;
}

uint64_t arb_compute_key(const arb_position *pos)
{
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq])
            k ^= zobrist_piece(pos->board[sq], sq);
    k ^= arb_castle_key(pos) ^ arb_ep_key(pos);
    if (pos->side == ARB_WHITE)
        k ^= ZOBRIST_TURN;
    return k;
}

void arb_position_play(arb_position *pos, arb_move m)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m), kind = ARB_MOVE_KIND(m);
    pos->key ^= arb_castle_key(pos) ^ arb_ep_key(pos);
    if (pos->halfmove_clock < UINT16_MAX)
        pos->halfmove_clock++;
    pos->ep_square = ARB_NO_SQUARE;

    if (kind == ARB_MOVE_CASTLE) {
        int side = to > from ? ARB_KINGSIDE : ARB_QUEENSIDE;
        int kto = castle_king_to(us, side), rto = castle_rook_to(us, side);
        remove_piece(pos, from);
        remove_piece(pos, to);
        put_piece(pos, ARB_PIECE(us, ARB_KING), kto);
        put_piece(pos, ARB_PIECE(us, ARB_ROOK), rto);
        pos->king_square[us] = (uint8_t)kto;
        pos->castle_rook[us][0] = pos->castle_rook[us][1] = ARB_NO_SQUARE;
    } else {
        arb_piece piece = pos->board[from];
        if (kind == ARB_MOVE_EN_PASSANT) {
            remove_piece(pos, us == ARB_WHITE ? to - 8 : to + 8);
        } else if (pos->board[to]) {
            remove_piece(pos, to);
            pos->halfmove_clock = 0;
            for (int side = 0; side < 2; side++)
                if (pos->castle_rook[them][side] == to)
                    pos->castle_rook[them][side] = ARB_NO_SQUARE;
        }
        remove_piece(pos, from);
        put_piece(pos, ARB_MOVE_IS_PROMO(m) ? ARB_PIECE(us, ARB_MOVE_PROMO_TYPE(m)) : piece, to);
        switch (ARB_PIECE_TYPE(piece)) {
        case ARB_PAWN:
            pos->halfmove_clock = 0;
            if (kind == ARB_MOVE_DOUBLE_PUSH)
                pos->ep_square = (uint8_t)((from + to) / 2);
            break;
        case ARB_KING:
            pos->king_square[us] = (uint8_t)to;
            pos->castle_rook[us][0] = pos->castle_rook[us][1] = ARB_NO_SQUARE;
            break;
        case ARB_ROOK:
            for (int side = 0; side < 2; side++)
                if (pos->castle_rook[us][side] == from)
                    pos->castle_rook[us][side] = ARB_NO_SQUARE;
            break;
        default:
            break;
        }
    }
    if (us == ARB_BLACK && pos->fullmove_number < UINT32_MAX)
        pos->fullmove_number++;
    pos->side = (uint8_t)them;
    pos->key ^= ZOBRIST_TURN ^ arb_castle_key(pos) ^ arb_ep_key(pos);
}

void arb_position_pass(arb_position *pos)
{
    pos->key ^= arb_ep_key(pos);
    pos->ep_square = ARB_NO_SQUARE;
    pos->side = (uint8_t)!pos->side;
    pos->key ^= ZOBRIST_TURN;
}

arb_bitboard arb_attackers(const arb_position *pos, int sq, arb_color by, arb_bitboard occ)
{
    const arb_bitboard *t = pos->by_type;
    arb_bitboard queens = t[ARB_QUEEN];
    arb_bitboard a = (arb_pawn_attacks[!by][sq] & t[ARB_PAWN]) | (arb_knight_attacks[sq] & t[ARB_KNIGHT]) |
                     (arb_king_attacks[sq] & t[ARB_KING]) |
                     (rook_attacks(sq, occ) & (t[ARB_ROOK] | queens)) |
                     (bishop_attacks(sq, occ) & (t[ARB_BISHOP] | queens));
    return a & pos->by_color[by] & occ;
}

arb_bitboard arb_checkers(const arb_position *pos)
{
    int ksq = pos->king_square[pos->side];
    if (ksq == ARB_NO_SQUARE)
        return 0;
    return arb_attackers(pos, ksq, (arb_color)!pos->side, arb_occupied(pos));
}

bool arb_in_check(const arb_position *pos)
{
    return arb_checkers(pos) != 0;
}

arb_bitboard arb_pinned(const arb_position *pos, arb_color color, arb_bitboard *pinners)
{
    int ksq = pos->king_square[color];
    arb_bitboard pinned = 0, found = 0;
    if (ksq != ARB_NO_SQUARE) {
        arb_color them = (arb_color)!color;
        arb_bitboard q = pos->by_type[ARB_QUEEN];
        arb_bitboard snipers = ((rook_attacks(ksq, 0) & (pos->by_type[ARB_ROOK] | q)) |
                                (bishop_attacks(ksq, 0) & (pos->by_type[ARB_BISHOP] | q))) &
                               pos->by_color[them];
        arb_bitboard occ = arb_occupied(pos);
        while (snipers) {
            int s = pop_lsb(&snipers);
            arb_bitboard b = arb_between[ksq][s] & occ;
            if (b && !(b & (b - 1)) && (b & pos->by_color[color])) {
                pinned |= b;
                found |= sq_bb(s);
            }
        }
    }
    if (pinners)
        *pinners = found;
    return pinned;
}

int arb_pinner_of(const arb_position *pos, int sq)
{
    arb_piece p = pos->board[sq];
    if (!p)
        return ARB_NO_SQUARE;
    arb_color c = ARB_PIECE_COLOR(p);
    arb_bitboard pinners;
    if (!(arb_pinned(pos, c, &pinners) & sq_bb(sq)))
        return ARB_NO_SQUARE;
    int ksq = pos->king_square[c];
    while (pinners) {
        int s = pop_lsb(&pinners);
        if (arb_between[ksq][s] & sq_bb(sq))
            return s;
    }
    return ARB_NO_SQUARE;
}

arb_bitboard arb_piece_attacks(arb_piece piece, int sq, arb_bitboard occ)
{
    switch (ARB_PIECE_TYPE(piece)) {
    case ARB_PAWN: return arb_pawn_attacks[ARB_PIECE_COLOR(piece)][sq];
    case ARB_KNIGHT: return arb_knight_attacks[sq];
    case ARB_BISHOP: return bishop_attacks(sq, occ);
    case ARB_ROOK: return rook_attacks(sq, occ);
    case ARB_QUEEN: return queen_attacks(sq, occ);
    case ARB_KING: return arb_king_attacks[sq];
    default: return 0;
    }
}

int arb_square_parse(const char *s)
{
    if (!s || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] != '\0')
        return ARB_NO_SQUARE;
    return ARB_SQ(s[0] - 'a', s[1] - '1');
}

void arb_square_name(int sq, char out[3])
{
    if (sq < 0 || sq > 63) {
        out[0] = '-';
        out[1] = '\0';
        return;
    }
    out[0] = (char)('a' + ARB_FILE(sq));
    out[1] = (char)('1' + ARB_RANK(sq));
    out[2] = '\0';
}

void arb_position_start(arb_position *pos)
{
    arb_position_chess960(pos, 518);
    pos->variant = ARB_STANDARD;
}

arb_status arb_position_chess960(arb_position *pos, int n)
{
    if (n < 0 || n > 959)
        return ARB_ERR_RANGE;
    /* Scharnagl numbering: light bishop, dark bishop, queen, knight pair, then R K R. */
    static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    arb_piece_type rank[8] = {0};
    rank[2 * (n % 4) + 1] = ARB_BISHOP;
    n /= 4;
    rank[2 * (n % 4)] = ARB_BISHOP;
    n /= 4;
    int free_files[8], nfree;
    int q = n % 6;
    n /= 6;
    nfree = 0;
    for (int f = 0; f < 8; f++)
        if (!rank[f])
            free_files[nfree++] = f;
    rank[free_files[q]] = ARB_QUEEN;
    nfree = 0;
    for (int f = 0; f < 8; f++)
        if (!rank[f])
            free_files[nfree++] = f;
    rank[free_files[knights[n][0]]] = ARB_KNIGHT;
    rank[free_files[knights[n][1]]] = ARB_KNIGHT;
    static const arb_piece_type rkr[3] = {ARB_ROOK, ARB_KING, ARB_ROOK};
    for (int f = 0, i = 0; f < 8; f++)
        if (!rank[f])
            rank[f] = rkr[i++];

    memset(pos, 0, sizeof *pos);
    pos->ep_square = ARB_NO_SQUARE;
    pos->variant = ARB_CHESS960;
    pos->fullmove_number = 1;
    for (int f = 0; f < 8; f++) {
        put_piece(pos, ARB_PIECE(ARB_WHITE, rank[f]), ARB_SQ(f, 0));
        put_piece(pos, ARB_PIECE(ARB_WHITE, ARB_PAWN), ARB_SQ(f, 1));
        put_piece(pos, ARB_PIECE(ARB_BLACK, ARB_PAWN), ARB_SQ(f, 6));
        put_piece(pos, ARB_PIECE(ARB_BLACK, rank[f]), ARB_SQ(f, 7));
    }
    for (int c = 0; c < 2; c++) {
        int back = c == ARB_WHITE ? 0 : 7;
        int ksq = lsb(arb_pieces(pos, (arb_color)c, ARB_KING));
        pos->king_square[c] = (uint8_t)ksq;
        arb_bitboard rooks = arb_pieces(pos, (arb_color)c, ARB_ROOK) & (back ? RANK_8_BB : RANK_1_BB);
        int r1 = lsb(rooks), r2 = 63 - __builtin_clzll(rooks);
        pos->castle_rook[c][ARB_QUEENSIDE] = (uint8_t)r1;
        pos->castle_rook[c][ARB_KINGSIDE] = (uint8_t)r2;
    }
    pos->key = arb_compute_key(pos);
    return ARB_OK;
}

size_t arb_utf8_cut(const char *s, size_t n)
{
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

size_t arb_strlcpy(char *dst, const char *src, size_t cap)
{
    size_t n = strlen(src);
    if (cap) {
        size_t k = n < cap - 1 ? n : arb_utf8_cut(src, cap - 1);
        memcpy(dst, src, k);
        dst[k] = '\0';
    }
    return n;
}

int arb_utf8_chars(const char *text, int bytes)
{
    int n = 0;
    for (int i = 0; text && i < bytes; i++)
        n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
}

void arb_utf8_char_copy(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    if (cap == 0)
        return;
    if (s[0]) {
        n = 1;
        while (n < 4 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n++;
        if (n + 1 > cap)
            n = 0;
        memcpy(out, s, n);
    }
    out[n] = '\0';
}
