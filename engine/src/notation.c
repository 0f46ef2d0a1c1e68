/* Moves as text: UCI in and out, SAN out with minimal disambiguation, lenient SAN in. */
#include <string.h>

#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "internal.h"

static const char piece_letters[] = " PNBRQK";
static const char promo_letters[] = "nbrq";

/* offset counts characters, not bytes: «اسب» is three characters (six bytes) long. */
static void set_error(arb_reason *why, arb_reason_code code, const char *text, int offset)
{
    if (!why)
        return;
    *why = arb_reason_make(code);
    int chars = offset;
    for (int i = 0; text && offset > 0 && i < offset && text[i]; i++)
        if (((unsigned char)text[i] & 0xC0) == 0x80)
            chars--;
    why->offset = chars;
    arb_strlcpy(why->found, text ? text : "", sizeof why->found);
}

/* Where the move sends the king when castling; otherwise its destination. */
static int shown_target(const arb_position *pos, arb_move m)
{
    if (ARB_MOVE_KIND(m) != ARB_MOVE_CASTLE)
        return ARB_MOVE_TO(m);
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
    return castle_king_to((arb_color)pos->side, to > from ? ARB_KINGSIDE : ARB_QUEENSIDE);
}

size_t arb_move_uci(const arb_position *pos, arb_move m, char *buf, size_t cap)
{
    char out[8];
    int to = pos->variant == ARB_CHESS960 ? ARB_MOVE_TO(m) : shown_target(pos, m);
    arb_square_name(ARB_MOVE_FROM(m), out);
    arb_square_name(to, out + 2);
    if (ARB_MOVE_IS_PROMO(m)) {
        out[4] = promo_letters[ARB_MOVE_KIND(m) - ARB_MOVE_PROMO_N];
        out[5] = '\0';
    }
    return arb_strlcpy(buf, out, cap);
}

static bool looks_like_uci(const char *s, size_t len)
{
    if (len != 4 && len != 5)
        return false;
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '8')
        return false;
    return len == 4 || strchr("nbrqNBRQ", s[4]) != NULL;
}

arb_status arb_parse_uci(const arb_position *pos, const char *text, arb_move *move, arb_reason *why)
{
    size_t len = text ? strnlen(text, ARB_MOVE_INPUT_MAX + 1) : 0;
    if (!looks_like_uci(text ? text : "", len)) {
        int off = 0;
        if (text)
            while (off < (int)len && off < 4 && ((off % 2 == 0) ? (text[off] >= 'a' && text[off] <= 'h')
                                                                : (text[off] >= '1' && text[off] <= '8')))
                off++;
        set_error(why, ARB_R_uci_malformed, len > ARB_MOVE_INPUT_MAX ? "" : text, off);
        return ARB_ERR_SYNTAX;
    }
    int from = ARB_SQ(text[0] - 'a', text[1] - '1'), to = ARB_SQ(text[2] - 'a', text[3] - '1');
    int promo = -1;
    if (len == 5) {
        char c = text[4] >= 'A' && text[4] <= 'Z' ? (char)(text[4] + 32) : text[4];
        promo = (int)(strchr(promo_letters, c) - promo_letters);
    }
    arb_move moves[ARB_MAX_MOVES];
    /* every target of the piece: a standard castling's e1g1 is the king taking its rook here */
    int n = arb_legal_moves_between(pos, sq_bb(from), ~0ull, moves);
    for (int i = 0; i < n; i++) {
        arb_move m = moves[i];
        bool to_ok = ARB_MOVE_TO(m) == to;
        if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE && pos->variant == ARB_STANDARD)
            to_ok = to_ok || shown_target(pos, m) == to;
        if (!to_ok)
            continue;
        if (ARB_MOVE_IS_PROMO(m) ? (ARB_MOVE_KIND(m) - ARB_MOVE_PROMO_N) != promo : promo >= 0)
            continue;
        *move = m;
        return ARB_OK;
    }
    *move = ARB_MAKE_MOVE(from, to, promo >= 0 ? ARB_MOVE_PROMO_N + promo : ARB_MOVE_NORMAL);
    set_error(why, ARB_R_illegal_move, text, -1);
    return ARB_ERR_ILLEGAL;
}

size_t arb_move_san(const arb_position *pos, arb_move m, char *buf, size_t cap)
{
    char out[ARB_MOVE_TEXT_MAX + 4];
    size_t n = 0;
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
    arb_piece_type type = ARB_PIECE_TYPE(pos->board[from]);
    if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE) {
        memcpy(out, to > from ? "O-O" : "O-O-O", to > from ? 3 : 5);
        n = to > from ? 3 : 5;
    } else {
        bool capture = pos->board[to] || ARB_MOVE_KIND(m) == ARB_MOVE_EN_PASSANT;
        if (type == ARB_PAWN) {
            if (capture) {
                out[n++] = (char)('a' + ARB_FILE(from));
                out[n++] = 'x';
            }
        } else {
            out[n++] = piece_letters[type];
            /* Disambiguate among other pieces of the same kind that can reach the square. */
            arb_move moves[ARB_MAX_MOVES];
            int count = arb_legal_moves_between(pos, arb_pieces(pos, (arb_color)pos->side, type) & ~sq_bb(from),
                                                sq_bb(to), moves);
            bool others = false, same_file = false, same_rank = false;
            for (int i = 0; i < count; i++) { /* each is a rival: same kind, same square */
                int f = ARB_MOVE_FROM(moves[i]);
                others = true;
                same_file |= ARB_FILE(f) == ARB_FILE(from);
                same_rank |= ARB_RANK(f) == ARB_RANK(from);
            }
            if (others && (!same_file || same_rank))
                out[n++] = (char)('a' + ARB_FILE(from));
            if (others && same_file)
                out[n++] = (char)('1' + ARB_RANK(from));
            if (capture)
                out[n++] = 'x';
        }
        arb_square_name(to, out + n);
        n += 2;
        if (ARB_MOVE_IS_PROMO(m)) {
            out[n++] = '=';
            out[n++] = piece_letters[ARB_MOVE_PROMO_TYPE(m)];
        }
    }
    arb_position after = *pos;
    arb_position_play(&after, m);
    if (arb_in_check(&after))
        out[n++] = arb_count_legal_moves(&after) ? '+' : '#';
    out[n] = '\0';
    return arb_strlcpy(buf, out, cap);
}

struct san {
    arb_piece_type piece;
    int from_file, from_rank, to, promo; /* -1 when not given */
    bool capture, castle, long_castle;
};

static bool is_promo_letter(char c)
{
    switch (c) {
    case 'Q': case 'R': case 'B': case 'N': case 'q': case 'r': case 'b': case 'n': return true;
    default: return false;
    }
}

static bool is_decoration(char c)
{
    return c == '+' || c == '#' || c == '!' || c == '?' || c == ' ' || c == '\t';
}

/* Strips decorations (check marks, annotation glyphs, "e.p.") from the end; returns the length. */
static size_t strip_suffixes(const char *s, size_t len)
{
    for (;;) {
        while (len && is_decoration(s[len - 1]))
            len--;
        if (len >= 4 && memcmp(s + len - 4, "e.p.", 4) == 0)
            len -= 4;
        else if (len >= 2 && memcmp(s + len - 2, "ep", 2) == 0 && len > 2 && s[len - 3] >= '1' && s[len - 3] <= '8')
            len -= 2;
        else
            return len;
    }
}

static bool parse_san_text(const char *s, size_t len, struct san *out, int *bad_offset)
{
    *out = (struct san){ARB_PAWN, -1, -1, -1, -1, false, false, false};
    *bad_offset = 0;
    if (len && (s[0] == 'O' || s[0] == '0' || s[0] == 'o')) {
        static const char *const castles[] = {"O-O-O", "0-0-0", "o-o-o", "O-O", "0-0", "o-o"};
        for (int i = 0; i < 6; i++) {
            size_t cl = i < 3 ? 5 : 3;
            if (len == cl && memcmp(s, castles[i], cl) == 0) {
                out->castle = true;
                out->long_castle = i < 3;
                return true;
            }
        }
    }
    size_t i = 0;
    switch (len ? s[0] : 0) {
    case 'N': out->piece = ARB_KNIGHT, i = 1; break;
    case 'B': out->piece = ARB_BISHOP, i = 1; break;
    case 'R': out->piece = ARB_ROOK, i = 1; break;
    case 'Q': out->piece = ARB_QUEEN, i = 1; break;
    case 'K': out->piece = ARB_KING, i = 1; break;
    default: break;
    }
    /* Promotion suffix: "=Q", "/Q", "(Q)" or a bare letter after the last rank. */
    if (len >= 2 && out->piece == ARB_PAWN) {
        char last = s[len - 1];
        size_t cut = 0;
        if (last == ')' && len >= 3 && s[len - 3] == '(') {
            last = s[len - 2];
            cut = 3;
        } else if (is_promo_letter(last)) {
            cut = (s[len - 2] == '=' || s[len - 2] == '/') ? 2 : 1;
        }
        if (cut) {
            const char *p = strchr("nbrq", last >= 'A' && last <= 'Z' ? last + 32 : last);
            if (!p) {
                *bad_offset = (int)(len - 1);
                return false;
            }
            out->promo = (int)(p - "nbrq");
            len -= cut;
        }
    }
    if (len < i + 2 || s[len - 2] < 'a' || s[len - 2] > 'h' || s[len - 1] < '1' || s[len - 1] > '8') {
        *bad_offset = (int)(len >= i + 2 ? len - 2 : len);
        return false;
    }
    out->to = ARB_SQ(s[len - 2] - 'a', s[len - 1] - '1');
    size_t end = len - 2;
    if (i < end && s[i] >= 'a' && s[i] <= 'h')
        out->from_file = s[i++] - 'a';
    if (i < end && s[i] >= '1' && s[i] <= '8')
        out->from_rank = s[i++] - '1';
    if (i < end && (s[i] == 'x' || s[i] == ':' || s[i] == '-')) {
        out->capture = s[i] != '-';
        i++;
    }
    if (i != end) {
        *bad_offset = (int)i;
        return false;
    }
    if (out->piece == ARB_PAWN && out->capture && out->from_file < 0) {
        *bad_offset = 0;
        return false;
    }
    return true;
}

static arb_status parse_san(const arb_position *pos, const char *text, size_t raw, arb_move *move, arb_reason *why);

arb_status arb_parse_san(const arb_position *pos, const char *text, arb_move *move, arb_reason *why)
{
    return parse_san(pos, text, text ? strnlen(text, ARB_MOVE_INPUT_MAX + 1) : 0, move, why);
}

/* raw: strnlen(text, ARB_MOVE_INPUT_MAX + 1) */
static arb_status parse_san(const arb_position *pos, const char *text, size_t raw, arb_move *move, arb_reason *why)
{
    if (!text || raw == 0 || raw > ARB_MOVE_INPUT_MAX) {
        set_error(why, ARB_R_san_malformed, raw > ARB_MOVE_INPUT_MAX ? "" : text, 0);
        return ARB_ERR_SYNTAX;
    }
    size_t start = 0;
    while (text[start] == ' ' || text[start] == '\t')
        start++;
    const char *s = text + start;
    size_t len = strip_suffixes(s, raw - start);
    struct san san;
    int bad;
    if (!parse_san_text(s, len, &san, &bad)) {
        set_error(why, ARB_R_san_malformed, text, (int)start + bad);
        return ARB_ERR_SYNTAX;
    }
    arb_move moves[ARB_MAX_MOVES], found[ARB_MAX_MOVES];
    /* Only the moves the text can mean: its piece type, to its square (castling: the king's). */
    arb_color us = (arb_color)pos->side;
    int n = san.castle ? arb_legal_moves_between(pos, sq_bb(pos->king_square[us]), ~0ull, moves)
                       : arb_legal_moves_between(pos, arb_pieces(pos, us, san.piece), sq_bb(san.to), moves);
    int hits = 0;
    for (int i = 0; i < n; i++) {
        arb_move m = moves[i];
        int from = ARB_MOVE_FROM(m);
        bool castle = ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE;
        if (san.castle) {
            if (castle && (ARB_MOVE_TO(m) < from) == san.long_castle)
                found[hits++] = m;
            continue;
        }
        if (castle || ARB_PIECE_TYPE(pos->board[from]) != san.piece || ARB_MOVE_TO(m) != san.to)
            continue;
        if (san.from_file >= 0 && ARB_FILE(from) != san.from_file)
            continue;
        if (san.from_rank >= 0 && ARB_RANK(from) != san.from_rank)
            continue;
        if (san.piece == ARB_PAWN && san.from_file < 0 && ARB_FILE(from) != ARB_FILE(san.to))
            continue;
        if (ARB_MOVE_IS_PROMO(m) ? (ARB_MOVE_KIND(m) - ARB_MOVE_PROMO_N) != san.promo : san.promo >= 0)
            continue;
        found[hits++] = m;
    }
    if (hits == 1) {
        *move = found[0];
        return ARB_OK;
    }
    if (hits == 0) {
        set_error(why, ARB_R_no_piece_can_move_there, text, -1);
        return ARB_ERR_ILLEGAL;
    }
    set_error(why, ARB_R_ambiguous, text, -1);
    if (why) {
        why->n = hits;
        why->piece = pos->board[ARB_MOVE_FROM(found[0])];
        for (int i = 0; i < hits; i++)
            arb_reason_add_square(why, ARB_MOVE_FROM(found[i]));
    }
    return ARB_ERR_AMBIGUOUS;
}

void arb_found_as_typed(struct arb_reason *r, int n, const char *folded, const char *typed)
{
    if (!r || !folded || !typed || strcmp(folded, typed) == 0)
        return;
    char cut[sizeof r->found];
    arb_strlcpy(cut, folded, sizeof cut);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].found, cut) == 0)
            arb_strlcpy(r[i].found, typed, sizeof r[i].found);
}

arb_status arb_parse_move(const arb_position *pos, const char *text, arb_move *move, arb_reason *why)
{
    char folded[ARB_MOVE_INPUT_MAX * 2 + 2];
    const char *typed = text;
    if (text && strnlen(text, sizeof folded) < sizeof folded)
        text = fold_native_digits(text, folded, sizeof folded); /* «e۴», «Nf۳» */
    size_t len = text ? strnlen(text, ARB_MOVE_INPUT_MAX + 1) : 0;
    arb_status st = text && looks_like_uci(text, len) ? arb_parse_uci(pos, text, move, why)
                                                      : parse_san(pos, text, len, move, why);
    if (st != ARB_OK && why)
        arb_found_as_typed(why, 1, text, typed); /* the learner reads what they typed */
    return st;
}

/* ---- a line of moves ---- */

static bool line_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

const char *arb_line_next(const char **at, size_t *len, arb_line_number *num)
{
    const char *p = *at;
    if (num)
        *num = (arb_line_number){-1, false};
    for (;;) {
        while (line_space(*p))
            p++;
        if (!*p) {
            *at = p;
            return NULL;
        }
        const char *start = p, *q = p;
        long number = 0;
        while (*q >= '0' && *q <= '9') {
            /* ten digits or more read as 1000000000: no game's move number, and no overflow */
            number = number < 100000000L ? number * 10 + (*q - '0') : 1000000000L;
            q++;
        }
        int dots = 0;
        for (;;) /* a move number: "1.", "16...", "16…", or "1.e4" written together */
            if (q > p && *q == '.')
                q++, dots++;
            else if (q > p && strncmp(q, "\xe2\x80\xa6", 3) == 0) /* an ellipsis: three dots */
                q += 3, dots += 3;
            else
                break;
        if (dots > 0) {
            start = q;
            if (num)
                *num = (arb_line_number){number, dots > 1};
        }
        const char *end = start;
        while (*end && !line_space(*end))
            end++;
        p = end;
        if (end > start) {
            *at = end;
            *len = (size_t)(end - start);
            return start;
        }
    }
}
