/* Moves as text: UCI in and out, SAN out, lenient SAN in (App. C). */
#ifndef ARBITER_NOTATION_H
#define ARBITER_NOTATION_H

#include "arbiter/position.h"

/* Longest move text written by the engine (SAN "Qa1xb2=Q#" style or UCI) plus NUL. */
#define ARB_MOVE_TEXT_MAX 12
/* Longest move text the parsers read (longer input is malformed). */
#define ARB_MOVE_INPUT_MAX 32

/* UCI: "e2e4", "e7e8q". Castling as e1g1 in standard chess, king-takes-rook (e1h1) in
 * Chess960 (per the position's variant). */
ARB_API size_t arb_move_uci(const arb_position *pos, arb_move move, char *buf, size_t cap);

/* Parse UCI. In standard chess castling is accepted as e1g1 or e1h1. Returns ARB_OK with the
 * legal move, ARB_ERR_SYNTAX if malformed, ARB_ERR_ILLEGAL if well formed but not legal
 * (then *move holds the move as read, kind NORMAL or promotion, for explanation). */
ARB_API arb_status arb_parse_uci(const arb_position *pos, const char *text, arb_move *move, arb_reason *why);

/* SAN with minimal disambiguation, =Q, O-O / O-O-O, + and #. */
ARB_API size_t arb_move_san(const arb_position *pos, arb_move move, char *buf, size_t cap);

/* Lenient SAN: 0-0, O-O, e8Q, e8=Q, e8/Q, exd6e.p., over-disambiguated Nbd7 or Ng1f3, trailing
 * + # ! ? and annotations. ARB_ERR_SYNTAX (why: san_malformed with the offset),
 * ARB_ERR_ILLEGAL (no_piece_can_move_there), or ARB_ERR_AMBIGUOUS (ambiguous: the squares of
 * the candidate pieces). */
ARB_API arb_status arb_parse_san(const arb_position *pos, const char *text, arb_move *move, arb_reason *why);

/* SAN or UCI, whichever the text is. */
ARB_API arb_status arb_parse_move(const arb_position *pos, const char *text, arb_move *move, arb_reason *why);

/* The move number written before a move of a line: "16." numbers a White move, "16..." or
 * "16…" a Black one; number is -1 when the move has none. */
typedef struct arb_line_number {
    long number;
    bool black;
} arb_line_number;

/* A line of moves as people write it ("1. Qb8+ Nxb8 2. Rd8#", "16.Qb8+", "1...Kd8", "e4 e5"),
 * read one move at a time: the next move's text after *at (white space and move numbers, a
 * number followed by dots or an ellipsis, read past), its length in *len, and *at moved past it;
 * NULL when no move is left. When num is not NULL it gets the move number written before that
 * move (the last one, if several are; -1 if none), for a reader that checks it. The text of a
 * move is not checked (the parsers above read it). */
ARB_API const char *arb_line_next(const char **at, size_t *len, arb_line_number *num);

#endif
