/* Basic types shared by the whole engine: squares, colours, pieces, moves, bitboards.
 * Everything here is plain data; the functions that work on it live in the other headers. */
#ifndef ARBITER_TYPES_H
#define ARBITER_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(ARB_BUILDING_LIBRARY) && defined(__GNUC__)
#define ARB_API __attribute__((visibility("default")))
#else
#define ARB_API
#endif

typedef uint64_t arb_bitboard;

/* Squares 0..63: a1 = 0, b1 = 1, ..., h8 = 63. */
enum {
    ARB_A1, ARB_B1, ARB_C1, ARB_D1, ARB_E1, ARB_F1, ARB_G1, ARB_H1,
    ARB_A8 = 56, ARB_H8 = 63,
    ARB_NO_SQUARE = 64
};
#define ARB_SQ(file, rank) ((rank) * 8 + (file))
#define ARB_FILE(sq) ((sq) & 7)
#define ARB_RANK(sq) ((sq) >> 3)

typedef enum arb_color { ARB_WHITE = 0, ARB_BLACK = 1 } arb_color;

typedef enum arb_piece_type {
    ARB_NO_TYPE = 0, ARB_PAWN, ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_KING
} arb_piece_type;

/* A piece is its type with the colour in bit 3: 0 is an empty square. */
typedef uint8_t arb_piece;
#define ARB_PIECE(color, type) ((arb_piece)((type) | ((color) << 3)))
#define ARB_PIECE_TYPE(p) ((arb_piece_type)((p) & 7))
#define ARB_PIECE_COLOR(p) ((arb_color)((p) >> 3))

enum { ARB_KINGSIDE = 0, ARB_QUEENSIDE = 1 };

typedef enum arb_variant { ARB_STANDARD = 0, ARB_CHESS960 = 1 } arb_variant;

/* A move in 16 bits: from (6), to (6), kind (4). Castling is stored as king-takes-rook
 * (to = the rook's square) so standard chess and Chess960 share one representation. */
typedef uint16_t arb_move;
enum arb_move_kind {
    ARB_MOVE_NORMAL = 0,
    ARB_MOVE_DOUBLE_PUSH = 1,
    ARB_MOVE_EN_PASSANT = 2,
    ARB_MOVE_CASTLE = 3,
    ARB_MOVE_PROMO_N = 4 + 0, ARB_MOVE_PROMO_B = 4 + 1, ARB_MOVE_PROMO_R = 4 + 2, ARB_MOVE_PROMO_Q = 4 + 3
};
#define ARB_MOVE_NONE ((arb_move)0)
#define ARB_MAKE_MOVE(from, to, kind) ((arb_move)((from) | ((to) << 6) | ((kind) << 12)))
#define ARB_MOVE_FROM(m) ((int)((m) & 63))
#define ARB_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define ARB_MOVE_KIND(m) ((int)((m) >> 12))
#define ARB_MOVE_IS_PROMO(m) (ARB_MOVE_KIND(m) >= ARB_MOVE_PROMO_N)
/* Promotion piece type of a promotion move (knight, bishop, rook or queen). */
#define ARB_MOVE_PROMO_TYPE(m) ((arb_piece_type)(ARB_MOVE_KIND(m) - 4 + ARB_KNIGHT))

/* At most this many pieces of one colour, king and pawns included: the parser refuses more
 * (too_many_pieces; a side starts with 16 and no move adds a piece, FIDE 3.10.3), so every
 * position the engine plays on has at most 16 a side, and playing a move keeps it so. */
#define ARB_MAX_SIDE_PIECES 16

/* Capacity of a legal-move list, proven for every position the parser accepts (not only the
 * reachable ones, whose known maximum is 218). A side has one king and at most 15 other pieces.
 * No piece has more moves than a queen on d4, d5, e4 or e5 of an empty board: 14 along the rank
 * and file, 13 along the diagonals, 27 (occupancy only shortens a ray; a capture ends one). A
 * rook has at most 14, a bishop 13, a knight 8, a pawn 12 (three destination squares on the last
 * rank, four promotions each; en passant is one of its two diagonals). The king has 8 steps and
 * at most 2 castlings. So 15 * 27 + 8 + 2 = 415 moves at most (movegen.c asserts the sum). The
 * densest boards the 2026-12 review's search found: 263 moves with 26 queens (which the parser
 * now refuses), 239 with 15. */
#define ARB_MAX_MOVES 416

/* Status codes of fallible engine calls. */
typedef enum arb_status {
    ARB_OK = 0,
    ARB_ERR_SYNTAX,      /* malformed text (FEN, SAN, UCI, ...) */
    ARB_ERR_ILLEGAL,     /* well formed but not allowed in this position */
    ARB_ERR_AMBIGUOUS,   /* SAN that matches more than one legal move */
    ARB_ERR_RANGE,       /* an argument outside its documented range */
    ARB_ERR_LIMIT        /* a search or size budget ran out */
} arb_status;

#endif
