/* Engine results as JSON: explanations, legal moves, analysis, move results, validation and
 * perft. Every shape here is API.md's; the CLI's --json prints the same objects. */
#include <stdio.h>
#include <string.h>

#include "arbiter_json.h"

#define TEXT_MAX 1024

static const char *const field_names[6] = {"board", "side", "castling", "en_passant", "halfmove", "fullmove"};

const char *aj_color_name(arb_color c)
{
    return c == ARB_WHITE ? "white" : "black";
}

static json_t *square_json(int sq)
{
    char name[3];
    arb_square_name(sq, name);
    return json_string(name);
}

/* "N" for a white knight, "n" for a black one (FEN letters). */
static json_t *piece_json(arb_piece p)
{
    static const char letters[] = "?PNBRQK?";
    char s[2] = {letters[ARB_PIECE_TYPE(p)], '\0'};
    if (ARB_PIECE_COLOR(p) == ARB_BLACK && s[0] != '?')
        s[0] = (char)(s[0] - 'A' + 'a');
    return json_string(s);
}

json_t *aj_reason_json(const arb_reason *r, const char *lang)
{
    char text[TEXT_MAX];
    arb_reason_render(r, lang, text, sizeof text);
    unsigned flags = arb_reason_params(r->code);
    const char *article = arb_reason_article(r->code);
    const char *name = arb_reason_name(r->code);

    json_t *o = json_object();
    json_object_set_new(o, "code", json_string(name ? name : "unknown"));
    json_object_set_new(o, "text", json_string(text));
    json_t *squares = json_array();
    for (int i = 0; i < r->nsquares && i < ARB_REASON_MAX_SQUARES; i++)
        if (r->squares[i] < 64)
            json_array_append_new(squares, square_json(r->squares[i]));
    json_object_set_new(o, "squares", squares);
    if (article && article[0]) {
        char rule[32];
        snprintf(rule, sizeof rule, "FIDE %s", article);
        json_object_set_new(o, "rule", json_string(rule));
    } else {
        json_object_set_new(o, "rule", json_null());
    }

    json_t *params = json_object();
    if (flags & ARB_P_PIECE)
        json_object_set_new(params, "piece", piece_json(r->piece));
    if (flags & ARB_P_BY)
        json_object_set_new(params, "by", piece_json(r->by));
    if (flags & ARB_P_N)
        json_object_set_new(params, "n", json_integer(r->n));
    if (flags & ARB_P_M)
        json_object_set_new(params, "m", json_integer(r->m));
    if (flags & ARB_P_FIELD)
        json_object_set_new(params, "field", json_string(field_names[r->field <= 5 ? r->field : 0]));
    if ((flags & ARB_P_OFFSET) && r->offset >= 0)
        json_object_set_new(params, "offset", json_integer(r->offset + 1));
    if (flags & ARB_P_FOUND) {
        size_t n = strnlen(r->found, sizeof r->found);
        json_t *found = json_stringn(r->found, n);
        json_object_set_new(params, "found", found ? found : json_string("?"));
    }
    if (flags & ARB_P_SIDE)
        json_object_set_new(params, "side", json_string(r->side == ARB_KINGSIDE ? "kingside" : "queenside"));
    if ((flags & ARB_P_MOVE) && r->move[0])
        json_object_set_new(params, "move", json_stringn(r->move, strnlen(r->move, sizeof r->move)));
    json_object_set_new(o, "params", params);
    return o;
}

static json_t *move_pair_json(const arb_position *pos, arb_move m)
{
    char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
    arb_move_uci(pos, m, uci, sizeof uci);
    arb_move_san(pos, m, san, sizeof san);
    json_t *o = json_object();
    json_object_set_new(o, "uci", json_string(uci));
    json_object_set_new(o, "san", json_string(san));
    return o;
}

json_t *aj_legal_moves_json(const arb_position *pos)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, move_pair_json(pos, moves[i]));
    return a;
}

const char *aj_status_name(const arb_position *pos)
{
    if (arb_count_legal_moves(pos) > 0)
        return "ongoing";
    return arb_in_check(pos) ? "checkmate" : "stalemate";
}

const char *aj_result_name(const arb_position *pos)
{
    if (arb_count_legal_moves(pos) > 0)
        return "*";
    if (!arb_in_check(pos))
        return "1/2-1/2";
    return pos->side == ARB_WHITE ? "0-1" : "1-0";
}

static json_t *fen_json(const arb_position *pos)
{
    char fen[ARB_FEN_MAX];
    arb_position_fen(pos, fen, sizeof fen);
    return json_string(fen);
}

json_t *aj_analyze_json(const aj_position *p, const char *lang)
{
    const arb_position *pos = aj_current(p);
    json_t *o = json_object();
    json_object_set_new(o, "fen", fen_json(pos));
    json_object_set_new(o, "turn", json_string(aj_color_name((arb_color)pos->side)));
    arb_bitboard checkers = arb_checkers(pos);
    json_object_set_new(o, "check", json_boolean(checkers != 0));
    json_t *cs = json_array();
    for (arb_bitboard b = checkers; b; b &= b - 1)
        json_array_append_new(cs, square_json(__builtin_ctzll(b)));
    json_object_set_new(o, "checkers", cs);
    json_object_set_new(o, "legal_moves", aj_legal_moves_json(pos));
    json_object_set_new(o, "status", json_string(aj_status_name(pos)));
    json_object_set_new(o, "result", json_string(aj_result_name(pos)));
    json_object_set_new(o, "plies", json_integer(p->game.nplies));
    (void)lang; /* claims, castling and explanations join here as the engine provides them */
    return o;
}

json_t *aj_move_json(const aj_position *p, const char *text, const char *lang)
{
    const arb_position *pos = aj_current(p);
    arb_move m;
    arb_reason why;
    arb_status st = arb_parse_move(pos, text, &m, &why);
    json_t *o = json_object();
    json_object_set_new(o, "move", json_string(text));
    if (st != ARB_OK) {
        json_object_set_new(o, "legal", json_false());
        json_t *reasons = json_array();
        json_array_append_new(reasons, aj_reason_json(&why, lang));
        json_object_set_new(o, "reasons", reasons);
        return o;
    }
    char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
    arb_move_uci(pos, m, uci, sizeof uci);
    arb_move_san(pos, m, san, sizeof san);
    arb_position after = *pos;
    arb_position_play(&after, m);
    json_object_set_new(o, "legal", json_true());
    json_object_set_new(o, "uci", json_string(uci));
    json_object_set_new(o, "san", json_string(san));
    json_object_set_new(o, "fen_after", fen_json(&after));
    json_object_set_new(o, "status_after", json_string(aj_status_name(&after)));
    json_object_set_new(o, "check_after", json_boolean(arb_in_check(&after)));
    return o;
}

json_t *aj_validate_json(const char *fen, arb_variant variant, const char *lang)
{
    json_t *problems = json_array();
    arb_position pos;
    arb_reason why;
    bool valid = false;
    if (arb_position_from_fen_unchecked(&pos, fen, variant, &why) != ARB_OK) {
        json_array_append_new(problems, aj_reason_json(&why, lang));
    } else {
        arb_reason board[16];
        int n = arb_position_board_problems(&pos, board, 16);
        for (int i = 0; i < n && i < 16; i++)
            json_array_append_new(problems, aj_reason_json(&board[i], lang));
        /* The full parse also checks castling rights and the en passant square. */
        if (n == 0) {
            if (arb_position_from_fen(&pos, fen, variant, &why) == ARB_OK)
                valid = true;
            else
                json_array_append_new(problems, aj_reason_json(&why, lang));
        }
    }
    json_t *o = json_object();
    json_object_set_new(o, "valid", json_boolean(valid));
    if (valid)
        json_object_set_new(o, "fen", fen_json(&pos));
    json_object_set_new(o, "problems", problems);
    return o;
}

arb_status aj_perft(const arb_position *pos, int depth, bool divide, uint64_t max_interior,
                    aj_perft_result *out)
{
    out->nodes = 0;
    out->nmoves = 0;
    out->interior = 0;
    out->divided = false;
    if (depth < 0)
        return ARB_ERR_RANGE;
    /* perft(k) costs about perft(k - 1) move generations: grow k while the last one fits. */
    if (max_interior > 0) {
        uint64_t prev = 1;
        for (int k = 1; k < depth; k++) {
            /* Refuse without searching when the branching so far says perft(k) is far over. */
            if (k > 1 && out->interior > 0 && out->interior / prev * out->interior > 4 * max_interior)
                return ARB_ERR_LIMIT;
            prev = k > 1 ? out->interior : 1;
            out->interior = arb_perft(pos, k);
            if (out->interior > max_interior)
                return ARB_ERR_LIMIT;
        }
    }
    if (divide && depth > 0) {
        out->divided = true;
        out->nmoves = arb_perft_divide(pos, depth, out->moves, out->counts);
        for (int i = 0; i < out->nmoves; i++)
            out->nodes += out->counts[i];
    } else {
        out->nodes = arb_perft(pos, depth);
    }
    return ARB_OK;
}

json_t *aj_perft_json(const arb_position *pos, int depth, const aj_perft_result *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "fen", fen_json(pos));
    json_object_set_new(o, "depth", json_integer(depth));
    json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes));
    if (r->divided) {
        json_t *d = json_array();
        for (int i = 0; i < r->nmoves; i++) {
            json_t *m = move_pair_json(pos, r->moves[i]);
            json_object_set_new(m, "nodes", json_integer((json_int_t)r->counts[i]));
            json_array_append_new(d, m);
        }
        json_object_set_new(o, "divide", d);
    }
    return o;
}
