/* Engine results as JSON, the building blocks: explanations, squares, pieces, moves, FEN; and
 * perft. Every shape here is API.md's; the CLI's --json prints the same objects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"


const char *aj_color_name(arb_color c)
{
    return c == ARB_WHITE ? "white" : "black";
}

json_t *aj_square_json(int sq)
{
    char name[3];
    arb_square_name(sq, name);
    return json_stringn_nocheck(name, 2);
}

json_t *aj_piece_json(arb_piece p)
{
    static const char letters[] = "?PNBRQK?";
    char s[2] = {letters[ARB_PIECE_TYPE(p) & 7], '\0'};
    if (ARB_PIECE_COLOR(p) == ARB_BLACK && s[0] != '?')
        s[0] = (char)(s[0] - 'A' + 'a');
    return json_stringn_nocheck(s, 1);
}

json_t *aj_piece_type_json(arb_piece p)
{
    static const char letters[] = "?PNBRQK?";
    return json_stringn_nocheck(&letters[ARB_PIECE_TYPE(p) & 7], 1);
}

void aj_param_set(json_t *params, const arb_param *p)
{
    switch (p->kind) {
    case ARB_PARAM_PIECE: { /* API.md: piece letters in upper case ("N", "B"); the colour beside each */
        char color_key[24];
        /* a reason about a side (too_many_pieces) has its colour and no piece, never "?" */
        if (ARB_PIECE_TYPE(p->piece) != ARB_NO_TYPE)
            json_object_set_new_nocheck(params, p->name, aj_piece_type_json(p->piece));
        snprintf(color_key, sizeof color_key, "%s_color", p->name);
        json_object_set_new(params, color_key, json_string(aj_color_name((arb_color)ARB_PIECE_COLOR(p->piece))));
        break;
    }
    case ARB_PARAM_NUMBER:
        json_object_set_new_nocheck(params, p->name, json_integer(p->number));
        break;
    case ARB_PARAM_FIELD:
        json_object_set_new_nocheck(params, p->name, json_string(arb_fen_field_name((int)p->number)));
        break;
    case ARB_PARAM_TEXT:
    case ARB_PARAM_SIDE: {
        json_t *t = json_stringn(p->text, p->len); /* NULL when the text is not UTF-8 */
        json_object_set_new_nocheck(params, p->name, t ? t : json_string("?"));
        break;
    }
    }
}

json_t *aj_reason_json(const arb_reason *r, const char *lang)
{
    char text[ARB_REASON_TEXT_MAX]; /* holds any sentence (reason.h) */
    arb_reason_render(r, lang, text, sizeof text);
    const char *article = arb_reason_citation(r);
    const char *name = arb_reason_name(r->code);

    json_t *o = json_object();
    json_object_set_new_nocheck(o, "code", json_string(name ? name : "unknown"));
    json_object_set_new_nocheck(o, "text", json_string(text));
    json_t *squares = json_array();
    for (int i = 0; i < r->nsquares && i < ARB_REASON_MAX_SQUARES; i++)
        if (r->squares[i] < 64)
            json_array_append_new(squares, aj_square_json(r->squares[i]));
    json_object_set_new_nocheck(o, "squares", squares);
    if (article && article[0]) {
        char rule[32];
        int n = snprintf(rule, sizeof rule, "FIDE %s", article);
        json_object_set_new_nocheck(o, "rule", json_stringn_nocheck(rule, n > 0 && (size_t)n < sizeof rule ? (size_t)n : 0));
    } else {
        json_object_set_new_nocheck(o, "rule", json_null());
    }

    json_t *params = json_object();
    arb_param list[ARB_REASON_MAX_PARAMS];
    for (int i = 0, n = arb_reason_param_list(r, list); i < n; i++)
        aj_param_set(params, &list[i]);
    json_object_set_new_nocheck(o, "params", params);
    return o;
}

json_t *aj_reasons_json(const arb_reason *r, int n, int cap, const char *lang)
{
    json_t *a = json_array();
    for (int i = 0; i < n && i < cap; i++)
        json_array_append_new(a, aj_reason_json(&r[i], lang));
    return a;
}

void aj_move_pair_set(json_t *o, const arb_position *pos, arb_move m)
{
    char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
    size_t nu = arb_move_uci(pos, m, uci, sizeof uci);
    size_t ns = arb_move_san(pos, m, san, sizeof san);
    json_object_set_new_nocheck(o, "uci", json_stringn_nocheck(uci, nu < sizeof uci ? nu : strlen(uci)));
    json_object_set_new_nocheck(o, "san", json_stringn_nocheck(san, ns < sizeof san ? ns : strlen(san)));
}

json_t *aj_move_pair_json(const arb_position *pos, arb_move m)
{
    json_t *o = json_object();
    aj_move_pair_set(o, pos, m);
    return o;
}

json_t *aj_legal_moves_json(const arb_position *pos)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, aj_move_pair_json(pos, moves[i]));
    return a;
}

/* A JSON string of a move text (UCI or SAN: letters, digits, "+#=-"; escaped as aj_dumps would
 * all the same). */
static char *put_move_text(char *q, const char *t, size_t n)
{
    *q++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c < 0x20 || c == '"' || c == '\\') { /* never in a move's text; as aj_dumps writes it */
            static const char hex[] = "0123456789ABCDEF";
            if (c == '"' || c == '\\') {
                *q++ = '\\', *q++ = (char)c;
            } else {
                memcpy(q, "\\u00", 4);
                q += 4;
                *q++ = hex[c >> 4], *q++ = hex[c & 15];
            }
        } else {
            *q++ = (char)c;
        }
    }
    *q++ = '"';
    return q;
}

json_t *aj_legal_moves_raw(const arb_position *pos)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    /* per move at most {"uci":,"san":} (16) and each text escaped six bytes a byte */
    enum { PER = 16 + 2 * 6 * ARB_MOVE_TEXT_MAX };
    char *text = malloc(2 + (size_t)n * (PER + 1)), *q = text;
    if (!text)
        return NULL;
    *q++ = '[';
    for (int i = 0; i < n; i++) {
        char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
        size_t nu = arb_move_uci(pos, moves[i], uci, sizeof uci);
        size_t ns = arb_move_san(pos, moves[i], san, sizeof san);
        if (i)
            *q++ = ',';
        memcpy(q, "{\"uci\":", 7);
        q = put_move_text(q + 7, uci, nu < sizeof uci ? nu : strlen(uci));
        memcpy(q, ",\"san\":", 7);
        q = put_move_text(q + 7, san, ns < sizeof san ? ns : strlen(san));
        *q++ = '}';
    }
    *q++ = ']';
    json_t *o = aj_raw_json(text, (size_t)(q - text));
    free(text);
    return o;
}

json_t *aj_fen_json(const arb_position *pos)
{
    char fen[ARB_FEN_MAX];
    size_t n = arb_position_fen(pos, fen, sizeof fen);
    return json_stringn_nocheck(fen, n < sizeof fen ? n : strlen(fen));
}

json_t *aj_perft_json(const arb_position *pos, int depth, const arb_perft_result *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "fen", aj_fen_json(pos));
    json_object_set_new(o, "depth", json_integer(depth));
    json_object_set_new(o, "nodes", json_integer((json_int_t)r->nodes));
    if (r->divided) {
        json_t *d = json_array();
        for (int i = 0; i < r->nmoves; i++) {
            json_t *m = aj_move_pair_json(pos, r->moves[i]);
            json_object_set_new(m, "nodes", json_integer((json_int_t)r->counts[i]));
            json_array_append_new(d, m);
        }
        json_object_set_new(o, "divide", d);
    }
    return o;
}
