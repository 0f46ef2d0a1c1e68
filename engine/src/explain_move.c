/* Why a move is illegal: from the most fundamental reason (no piece, wrong colour, the piece
 * does not move that way, something in the way) to king safety (check, pins). Also text moves
 * (SAN/UCI) that cannot be parsed or played. */
#include <string.h>

#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "explain_internal.h"
#include "internal.h"

/* Appends the castling explanation for `side` to the list. */
static void add_castling(struct rlist *l, const arb_position *pos, const arb_game *hist, arb_color us, int side)
{
    int room;
    arb_reason *tail = rl_tail(l, &room);
    l->n += arb_explain_castling(pos, hist, us, side, tail, room);
}

/* Is a king move from -> to written as castling? Standard chess: two squares sideways from the
 * king's start square (e1g1, e1c1) or onto a corner rook (e1h1); Chess960: onto an own rook on
 * the back rank. `king_here` is false when the from-square is empty (the king has left). */
static bool castling_intent(const arb_position *pos, arb_color us, int from, int to, bool king_here, int *side)
{
    int back = us == ARB_WHITE ? 0 : 7;
    if (ARB_RANK(from) != back || ARB_RANK(to) != back || from == to)
        return false;
    *side = to > from ? ARB_KINGSIDE : ARB_QUEENSIDE;
    arb_piece rook = ARB_PIECE(us, ARB_ROOK);
    if (pos->variant == ARB_STANDARD) {
        if (ARB_FILE(from) != 4)
            return false;
        if (ARB_FILE(to) == 6 || ARB_FILE(to) == 2)
            return true;
        return king_here && (ARB_FILE(to) == 7 || ARB_FILE(to) == 0) && pos->board[to] == rook;
    }
    return king_here && pos->board[to] == rook;
}

/* Pawn geometry: adds the pattern reasons and sets the move kind. Returns whether the move has a
 * pawn's shape (one or two forward, one diagonally), so promotion can be judged. */
static bool pawn_pattern(struct rlist *l, const arb_position *pos, const arb_game *hist, int from, int to,
                         int *kind)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    arb_piece p = pos->board[from], target = pos->board[to];
    int fwd = us == ARB_WHITE ? 1 : -1;
    int dr = (ARB_RANK(to) - ARB_RANK(from)) * fwd, df = ARB_FILE(to) - ARB_FILE(from);
    int adf = df < 0 ? -df : df;
    arb_reason *r;
    if (dr < 0) {
        r = rl_add(l, ARB_R_pawn_backwards);
        r->piece = p;
        rl_add_squares(r, from, to, -1);
        return false;
    }
    if (dr == 0 || adf > 1 || dr > 2 || (dr == 2 && adf != 0)) {
        r = rl_add(l, ARB_R_wrong_pattern);
        r->piece = p;
        rl_add_squares(r, from, to, -1);
        return false;
    }
    if (adf == 0) {
        if (dr == 2) {
            int start = us == ARB_WHITE ? 1 : 6;
            if (ARB_RANK(from) != start) {
                r = rl_add(l, ARB_R_pawn_double_not_from_start);
                r->piece = p;
                r->n = start + 1;
                rl_add_squares(r, from, to, -1);
                return true;
            }
            *kind = ARB_MOVE_DOUBLE_PUSH;
            int mid = from + 8 * fwd;
            if (pos->board[mid]) {
                r = rl_add(l, ARB_R_pawn_blocked);
                r->piece = p;
                r->by = pos->board[mid];
                rl_add_squares(r, from, to, mid);
            }
        }
        if (target) {
            r = rl_add(l, ARB_R_pawn_blocked);
            r->piece = p;
            r->by = target;
            rl_add_squares(r, from, to, to);
        }
        return true;
    }
    /* One square diagonally forward. */
    if (target && ARB_PIECE_COLOR(target) == us) {
        r = rl_add(l, ARB_R_own_piece_on_target);
        r->piece = p;
        r->by = target;
        rl_add_squares(r, from, to, -1);
    } else if (!target) {
        if (to == pos->ep_square) {
            *kind = ARB_MOVE_EN_PASSANT;
            return true;
        }
        int beside = to - 8 * fwd;
        int ep_rank = us == ARB_WHITE ? 4 : 3;
        if (pos->board[beside] == ARB_PIECE(them, ARB_PAWN) && ARB_RANK(from) == ep_rank) {
            r = rl_add(l, ARB_R_en_passant_unavailable);
            r->piece = p;
            r->by = pos->board[beside];
            rl_add_squares(r, from, to, beside);
            /* The history may show when that pawn made its double step. */
            for (int ply = hist ? hist->nplies - 1 : -1; ply >= 0; ply--) {
                arb_move m = hist->moves[ply];
                if (ARB_MOVE_TO(m) != beside)
                    continue;
                if (ARB_MOVE_KIND(m) == ARB_MOVE_DOUBLE_PUSH) {
                    r = rl_add(l, ARB_R_en_passant_too_late);
                    r->by = pos->board[beside];
                    rl_add_squares(r, from, to, beside);
                    arb_explain_history_move(hist, ply, r);
                }
                break;
            }
        } else {
            r = rl_add(l, ARB_R_pawn_diagonal_needs_capture);
            r->piece = p;
            rl_add_squares(r, from, to, -1);
        }
    }
    return true;
}

/* Reasons about the king after a move whose pattern is right. */
static void king_safety(struct rlist *l, const arb_position *pos, int from, int to, int kind)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    arb_piece p = pos->board[from];
    if (pos->king_square[us] == ARB_NO_SQUARE)
        return;
    arb_position after = *pos;
    arb_position_play(&after, ARB_MAKE_MOVE(from, to, kind));
    int ksq = after.king_square[us];
    arb_bitboard att = arb_attackers(&after, ksq, them, arb_occupied(&after));
    if (!att)
        return;
    arb_reason *r;
    if (ARB_PIECE_TYPE(p) != ARB_KING) {
        arb_bitboard before = arb_checkers(pos);
        arb_bitboard still = att & before;
        if (still) {
            r = rl_add(l, ARB_R_still_in_check);
            r->piece = p;
            r->by = pos->board[lsb(still)];
            r->n = popcount(before);
            rl_add_squares(r, from, to, lsb(still));
            for (arb_bitboard b = still & (still - 1); b;)
                arb_reason_add_square(r, pop_lsb(&b));
        }
        int pinner = arb_pinner_of(pos, from);
        if (pinner != ARB_NO_SQUARE && (att & sq_bb(pinner))) {
            r = rl_add(l, ARB_R_pinned);
            r->piece = p;
            r->by = pos->board[pinner];
            rl_add_squares(r, from, pinner, pos->king_square[us]);
            att &= ~sq_bb(pinner);
        }
        att &= ~before;
    }
    while (att) {
        int a = pop_lsb(&att);
        r = rl_add(l, ARB_R_leaves_king_in_check);
        r->piece = p;
        r->by = after.board[a];
        rl_add_squares(r, from, to, a);
    }
}

int arb_explain_move(const arb_position *pos, const arb_game *history, int from, int to, arb_piece_type promo,
                     arb_reason *out, int cap)
{
    if (!pos || from < 0 || from > 63 || to < 0 || to > 63 || (int)promo < ARB_NO_TYPE || promo > ARB_KING)
        return -1;
    struct rlist l = rlist_make(out, cap);
    const arb_game *hist = arb_explain_history(history, pos);
    arb_color us = (arb_color)pos->side;
    arb_piece p = pos->board[from];
    arb_reason *r;
    int side;
    if (!p) {
        r = rl_add(&l, ARB_R_no_piece);
        arb_reason_add_square(r, from);
        /* e1g1 with the king gone from e1: say why castling is over. */
        if (castling_intent(pos, us, from, to, false, &side))
            add_castling(&l, pos, hist, us, side);
        return l.n;
    }
    if (ARB_PIECE_COLOR(p) != us) {
        r = rl_add(&l, ARB_R_opponent_piece);
        r->piece = p;
        arb_reason_add_square(r, from);
        return l.n;
    }
    if (from == to) {
        r = rl_add(&l, ARB_R_same_square);
        r->piece = p;
        arb_reason_add_square(r, from);
        return l.n;
    }
    arb_piece_type type = ARB_PIECE_TYPE(p);
    if (promo != ARB_NO_TYPE && type != ARB_PAWN) {
        r = rl_add(&l, ARB_R_promotion_not_a_pawn);
        r->piece = p;
        r->by = ARB_PIECE(us, promo);
        arb_reason_add_square(r, from);
        return l.n;
    }
    if (type == ARB_KING && castling_intent(pos, us, from, to, true, &side)) {
        add_castling(&l, pos, hist, us, side);
        return l.n;
    }

    arb_bitboard occ = arb_occupied(pos);
    arb_piece target = pos->board[to];
    int kind = ARB_MOVE_NORMAL;
    bool pattern_ok = true;
    switch (type) {
    case ARB_PAWN: {
        int last = us == ARB_WHITE ? 7 : 0;
        bool shape = pawn_pattern(&l, pos, hist, from, to, &kind);
        if (shape && ARB_RANK(to) == last) {
            if (promo == ARB_NO_TYPE || promo == ARB_PAWN || promo == ARB_KING) {
                r = rl_add(&l, promo == ARB_NO_TYPE ? ARB_R_promotion_required : ARB_R_promotion_invalid_piece);
                r->piece = p;
                if (promo != ARB_NO_TYPE)
                    r->by = ARB_PIECE(us, promo);
                rl_add_squares(r, from, to, -1);
            } else {
                kind = ARB_MOVE_PROMO_N + (promo - ARB_KNIGHT);
            }
        } else if (shape && promo != ARB_NO_TYPE) {
            r = rl_add(&l, ARB_R_promotion_not_on_last_rank);
            r->piece = p;
            r->by = ARB_PIECE(us, promo);
            rl_add_squares(r, from, to, -1);
        }
        pattern_ok = l.n == 0;
        break;
    }
    case ARB_KNIGHT:
    case ARB_KING:
        pattern_ok = (arb_piece_attacks(p, from, 0) & sq_bb(to)) != 0;
        break;
    default: {
        pattern_ok = (arb_piece_attacks(p, from, 0) & sq_bb(to)) != 0;
        if (!pattern_ok)
            break;
        arb_bitboard blockers = arb_between[from][to] & occ;
        while (blockers) {
            /* Nearest to the moving piece first. */
            int b = to > from ? lsb(blockers) : 63 - __builtin_clzll(blockers);
            blockers &= ~sq_bb(b);
            r = rl_add(&l, ARB_R_path_blocked);
            r->piece = p;
            r->by = pos->board[b];
            rl_add_squares(r, from, to, b);
        }
        break;
    }
    }
    if (type != ARB_PAWN) {
        if (!pattern_ok) {
            /* The pattern reason goes first. */
            r = rl_add(&l, ARB_R_wrong_pattern);
            r->piece = p;
            rl_add_squares(r, from, to, -1);
        }
        if (target && ARB_PIECE_COLOR(target) == us) {
            r = rl_add(&l, ARB_R_own_piece_on_target);
            r->piece = p;
            r->by = target;
            rl_add_squares(r, from, to, -1);
        }
    }
    if (l.n)
        return l.n;
    king_safety(&l, pos, from, to, kind);
    return l.n;
}

/* ---- Text moves ---------------------------------------------------------------------------- */

static bool is_file(char c)
{
    return c >= 'a' && c <= 'h';
}

static bool is_rank(char c)
{
    return c >= '1' && c <= '8';
}

/* What a SAN text asks for, read as leniently as arb_parse_san reads it. */
struct san_req {
    bool castle;
    int side;
    arb_piece_type piece, promo;
    int file, rank, to; /* -1 when not given */
};

static bool read_san(const char *text, struct san_req *q)
{
    *q = (struct san_req){false, 0, ARB_PAWN, ARB_NO_TYPE, -1, -1, -1};
    size_t len = strnlen(text, ARB_MOVE_INPUT_MAX + 1);
    if (len > ARB_MOVE_INPUT_MAX)
        return false;
    while (len && (text[0] == ' ' || text[0] == '\t'))
        text++, len--;
    for (bool again = true; again;) {
        again = false;
        while (len && strchr("+#!? \t", text[len - 1]))
            len--, again = true;
        if (len >= 4 && memcmp(text + len - 4, "e.p.", 4) == 0)
            len -= 4, again = true;
        else if (len > 2 && memcmp(text + len - 2, "ep", 2) == 0 && is_rank(text[len - 3]))
            len -= 2, again = true;
    }
    static const char *const castles[] = {"O-O-O", "0-0-0", "o-o-o", "O-O", "0-0", "o-o"};
    for (int i = 0; i < 6; i++) {
        if (len == strlen(castles[i]) && memcmp(text, castles[i], len) == 0) {
            q->castle = true;
            q->side = i < 3 ? ARB_QUEENSIDE : ARB_KINGSIDE;
            return true;
        }
    }
    static const char letters[] = "PNBRQK";
    size_t i = 0;
    if (len && strchr("NBRQK", text[0]) && text[0]) {
        q->piece = (arb_piece_type)(strchr(letters, text[0]) - letters + 1);
        i = 1;
    }
    if (q->piece == ARB_PAWN && len >= 3) {
        char last = text[len - 1];
        size_t cut = 0;
        if (last == ')' && len >= 4 && text[len - 3] == '(') {
            last = text[len - 2];
            cut = 3;
        } else if (strchr("QRBNqrbn", last)) {
            cut = (text[len - 2] == '=' || text[len - 2] == '/') ? 2 : 1;
        }
        if (cut) {
            const char *pr = strchr("nbrq", last >= 'A' && last <= 'Z' ? last + 32 : last);
            if (!pr)
                return false;
            q->promo = (arb_piece_type)(ARB_KNIGHT + (pr - "nbrq"));
            len -= cut;
        }
    }
    if (len < i + 2 || !is_file(text[len - 2]) || !is_rank(text[len - 1]))
        return false;
    q->to = ARB_SQ(text[len - 2] - 'a', text[len - 1] - '1');
    if (i < len - 2 && is_file(text[i]))
        q->file = text[i++] - 'a';
    if (i < len - 2 && is_rank(text[i]))
        q->rank = text[i++] - '1';
    return true;
}

/* The pieces a SAN move may mean: every piece of the kind (matching the file/rank given); for
 * a pawn push, the nearest own pawn behind the square; for a pawn capture, the pawn on the
 * given file one rank back. */
static arb_bitboard san_candidates(const arb_position *pos, const struct san_req *q)
{
    arb_color us = (arb_color)pos->side;
    arb_bitboard c = arb_pieces(pos, us, q->piece);
    if (q->piece == ARB_PAWN) {
        int fwd = us == ARB_WHITE ? 8 : -8;
        if (q->file >= 0 && q->file != ARB_FILE(q->to)) {
            int sq = ARB_SQ(q->file, ARB_RANK(q->to)) - fwd;
            return sq >= 0 && sq < 64 ? c & sq_bb(sq) : 0;
        }
        for (int sq = q->to - fwd; sq >= 0 && sq < 64; sq -= fwd)
            if (pos->board[sq])
                return c & sq_bb(sq);
        return 0;
    }
    for (arb_bitboard b = c; b;) {
        int sq = pop_lsb(&b);
        if ((q->file >= 0 && ARB_FILE(sq) != q->file) || (q->rank >= 0 && ARB_RANK(sq) != q->rank))
            c &= ~sq_bb(sq);
    }
    return c;
}

static bool uci_squares(const char *t, size_t len, int *from, int *to)
{
    if (len < 4 || !is_file(t[0]) || !is_rank(t[1]) || !is_file(t[2]) || !is_rank(t[3]))
        return false;
    *from = ARB_SQ(t[0] - 'a', t[1] - '1');
    *to = ARB_SQ(t[2] - 'a', t[3] - '1');
    return true;
}

static arb_piece_type promo_type(char c)
{
    switch (c | 32) {
    case 'n': return ARB_KNIGHT;
    case 'b': return ARB_BISHOP;
    case 'r': return ARB_ROOK;
    case 'q': return ARB_QUEEN;
    case 'k': return ARB_KING;
    case 'p': return ARB_PAWN;
    default: return ARB_NO_TYPE;
    }
}

static void add_move_reasons(struct rlist *l, const arb_position *pos, const arb_game *hist, int from, int to,
                             arb_piece_type promo)
{
    int room;
    arb_reason *tail = rl_tail(l, &room);
    int k = arb_explain_move(pos, hist, from, to, promo, tail, room);
    if (k > 0)
        l->n += k;
}

/* A move typed as people type it, not as algebraic notation writes it: the text as meant in
 * `out` and san_spelling's kind (1 a small piece letter "nf3", 2 a pawn's letter "Pe4", 3
 * capital files "E2E4" "NF3", 4 a figurine "♘f3"), or 0 when it is none of these. */
static int respell(const char *text, char *out, size_t cap)
{
    static const char figurines[] = "KQRBNPKQRBNP"; /* U+2654 .. U+265F: white, then black */
    size_t n = 0, len = strnlen(text, ARB_MOVE_INPUT_MAX + 1);
    int kind = 0;
    if (len > ARB_MOVE_INPUT_MAX || cap < len + 1)
        return 0;
    for (size_t i = 0; i < len; i++) { /* figurines become letters (a pawn's: nothing) */
        const unsigned char *u = (const unsigned char *)text + i;
        if (i + 2 < len && u[0] == 0xE2 && u[1] == 0x99 && u[2] >= 0x94 && u[2] <= 0x9F) {
            char c = figurines[u[2] - 0x94];
            if (c != 'P')
                out[n++] = c;
            i += 2;
            kind = kind ? kind : c == 'P' ? 2 : 4; /* ♙e4: a pawn move names no piece */
        } else {
            out[n++] = text[i];
        }
    }
    out[n] = '\0';
    if ((out[0] == 'P' || out[0] == 'p') && n >= 3 && (is_file(out[1]) || out[1] == 'x' || (out[1] >= 'A' && out[1] <= 'H'))) {
        memmove(out, out + 1, n--); /* Pe4: a pawn is named by no letter */
        kind = kind ? kind : 2;
    }
    if (n >= 3 && strchr("nrqk", out[0]) && (is_file(out[1]) || is_rank(out[1]) || out[1] == 'x' ||
                                            (out[1] >= 'A' && out[1] <= 'H'))) {
        out[0] = (char)(out[0] - 32); /* nf3: a piece's letter is a capital */
        kind = kind ? kind : 1;
    }
    for (size_t i = strchr("KQRBN", out[0]) && n > 2 ? 1 : 0; i < n; i++) { /* E2E4, NF3, EXD5 */
        bool square = out[i] >= 'A' && out[i] <= 'H' && i + 1 < n && is_rank(out[i + 1]);
        bool file_of_capture = out[i] >= 'A' && out[i] <= 'H' && i + 1 < n && (out[i + 1] == 'X' || out[i + 1] == 'x');
        if (square || file_of_capture || (out[i] == 'X' && i > 0)) {
            out[i] = (char)(out[i] + 32);
            kind = kind ? kind : 3;
        }
    }
    return kind;
}

static int explain_folded(const arb_position *pos, const arb_game *history, const char *text, arb_move *move,
                          arb_reason *out, int cap);

int arb_explain_text(const arb_position *pos, const arb_game *history, const char *text, arb_move *move,
                     arb_reason *out, int cap)
{
    char folded[ARB_MOVE_INPUT_MAX * 2 + 2];
    const char *typed = text;
    if (text && strnlen(text, sizeof folded) < sizeof folded)
        text = fold_native_digits(text, folded, sizeof folded); /* «e۴» is e4, as the runtimes read it */
    int n = explain_folded(pos, history, text, move, out, cap);
    if (n > 0)
        arb_found_as_typed(out, n < cap ? n : cap, text, typed); /* echoed as typed: «e۵» */
    return n;
}

static int explain_folded(const arb_position *pos, const arb_game *history, const char *text, arb_move *move,
                          arb_reason *out, int cap)
{
    struct rlist l = rlist_make(out, cap);
    arb_move m;
    arb_reason why;
    if (!pos)
        return -1;
    arb_status st = arb_parse_move(pos, text, &m, &why);
    if (st == ARB_OK) {
        if (move)
            *move = m;
        return 0;
    }
    size_t len = text ? strnlen(text, ARB_MOVE_INPUT_MAX + 1) : 0;
    int from = ARB_NO_SQUARE, to = ARB_NO_SQUARE;
    bool uci = len <= 5 && uci_squares(text ? text : "", len, &from, &to);
    if (st == ARB_ERR_SYNTAX && uci && len == 5 && (promo_type(text[4]) == ARB_KING || promo_type(text[4]) == ARB_PAWN)) {
        /* e7e8k: well formed but for the promotion piece; why, then the summary. */
        add_move_reasons(&l, pos, history, from, to, promo_type(text[4]));
        arb_strlcpy(rl_add(&l, ARB_R_illegal_move)->found, text, sizeof why.found);
        return l.n;
    }
    if (st == ARB_ERR_ILLEGAL && uci && (len == 4 || len == 5)) {
        /* UCI names the piece by its square (a board drag): its own reasons first (pinned, the
         * wrong pattern, ...), as for SAN, and the summary that the move is not legal after them */
        add_move_reasons(&l, pos, history, from, to, len == 5 ? promo_type(text[4]) : ARB_NO_TYPE);
        rl_copy(&l, &why);
        return l.n;
    }
    if (st == ARB_ERR_SYNTAX && len >= 4 && len < 16 && text[len - 2] == '=' &&
        (promo_type(text[len - 1]) == ARB_KING || promo_type(text[len - 1]) == ARB_PAWN)) {
        /* a8=K, exd8=P: well formed but for the promotion piece; the rule, not a syntax error */
        char stem[16];
        memcpy(stem, text, len - 2);
        stem[len - 2] = '\0';
        struct san_req q;
        arb_bitboard c = read_san(stem, &q) && !q.castle && q.piece == ARB_PAWN ? san_candidates(pos, &q) : 0;
        if (c && !(c & (c - 1))) { /* why, then the summary, as for e7e8k */
            add_move_reasons(&l, pos, history, lsb(c), q.to, promo_type(text[len - 1]));
            arb_strlcpy(rl_add(&l, ARB_R_illegal_move)->found, text, sizeof why.found);
            return l.n;
        }
    }
    char meant[ARB_MOVE_INPUT_MAX + 1];
    int kind = st == ARB_ERR_SYNTAX && !uci ? respell(text ? text : "", meant, sizeof meant) : 0;
    if (st == ARB_ERR_ILLEGAL && text && text[0] == 'b' && len < sizeof meant) {
        /* bc4: a pawn on the b-file finds no move; the bishop would (a small piece letter) */
        arb_move bm;
        memcpy(meant, text, len + 1);
        meant[0] = 'B';
        kind = arb_parse_move(pos, meant, &bm, NULL) == ARB_OK ? 1 : 0;
    }
    if (kind) {
        /* what was meant: said, then (when it is not legal either) why, as for the move as meant */
        arb_move mm;
        arb_reason mw;
        arb_status ms = arb_parse_move(pos, meant, &mm, &mw);
        if (ms != ARB_ERR_SYNTAX) {
            arb_reason *r = rl_add(&l, ARB_R_san_spelling);
            arb_strlcpy(r->found, text, sizeof r->found);
            arb_strlcpy(r->move, meant, sizeof r->move);
            r->n = kind;
            if (ms != ARB_OK) {
                int room;
                arb_reason *tail = rl_tail(&l, &room);
                int k = explain_folded(pos, history, meant, NULL, tail, room);
                if (k > 0)
                    l.n += k;
            }
            return l.n;
        }
    }
    rl_copy(&l, &why);
    if (st != ARB_ERR_ILLEGAL)
        return l.n;
    struct san_req q;
    if (!read_san(text, &q))
        return l.n;
    const arb_game *hist = arb_explain_history(history, pos);
    if (q.castle) {
        /* the castling's own reasons first (king moved, path blocked, ...), then the summary */
        if (l.n == 1 && why.code == ARB_R_no_piece_can_move_there) {
            l.n = 0;
            add_castling(&l, pos, hist, (arb_color)pos->side, q.side);
            arb_strlcpy(rl_add(&l, ARB_R_illegal_move)->found, why.found, sizeof why.found);
        } else {
            add_castling(&l, pos, hist, (arb_color)pos->side, q.side);
        }
        return l.n;
    }
    arb_bitboard c = san_candidates(pos, &q);
    if (!c && q.piece == ARB_PAWN && q.file >= 0 && q.file != ARB_FILE(q.to)) {
        /* exd5 from the start: after the summary (as for Nd4), the square it takes is empty, and
         * no own pawn stands where the capture would come from */
        int fwd = pos->side == ARB_WHITE ? 8 : -8, src = ARB_SQ(q.file, ARB_RANK(q.to)) - fwd;
        if (src >= 0 && src < 64 && (q.file - ARB_FILE(q.to) == 1 || q.file - ARB_FILE(q.to) == -1)) {
            if (!pos->board[q.to] && q.to != pos->ep_square) {
                arb_reason *r = rl_add(&l, ARB_R_nothing_to_capture);
                arb_reason_add_square(r, q.to);
                arb_strlcpy(r->found, text, sizeof r->found);
            }
            arb_reason *r = rl_add(&l, ARB_R_no_pawn_to_capture);
            arb_reason_add_square(r, src);
            arb_reason_add_square(r, q.to);
            r->piece = ARB_PIECE(pos->side, ARB_PAWN);
            return l.n;
        }
    }
    if (!arb_pieces(pos, (arb_color)pos->side, q.piece)) {
        arb_reason *r = rl_add(&l, ARB_R_no_piece_of_type);
        r->piece = ARB_PIECE(pos->side, q.piece);
        arb_strlcpy(r->found, text, sizeof r->found);
    }
    /* The pieces whose way of moving reaches the square are the ones the player meant: when
     * there are any, the others (wrong_pattern: "the knight on g1 cannot reach d5") are noise. */
    arb_bitboard shaped = 0;
    for (arb_bitboard b = c; b;) {
        int sq = pop_lsb(&b);
        arb_reason tmp[ARB_EXPLAIN_MAX];
        struct rlist t = rlist_make(tmp, ARB_EXPLAIN_MAX);
        add_move_reasons(&t, pos, hist, sq, q.to, q.promo);
        if (t.n == 0 || tmp[0].code != ARB_R_wrong_pattern)
            shaped |= sq_bb(sq);
    }
    if (shaped)
        c = shaped;
    /* A piece that moves that way exists (a pinned knight can still jump to d5): its own reason
     * (pinned, path blocked, ...) comes first, and the summary after it says the move is not
     * legal rather than that no piece can play it. */
    bool lead_with_piece = shaped && l.n == 1 && why.code == ARB_R_no_piece_can_move_there;
    if (lead_with_piece)
        l.n = 0;
    while (c)
        add_move_reasons(&l, pos, hist, pop_lsb(&c), q.to, q.promo);
    if (lead_with_piece)
        arb_strlcpy(rl_add(&l, ARB_R_illegal_move)->found, why.found, sizeof why.found);
    return l.n;
}
