/* A chess position: bitboards, side to move, castling rights as rook squares, en passant,
 * clocks and the Polyglot Zobrist key. FEN/X-FEN/Shredder-FEN in and out, playing a move,
 * and the attack queries that explanations are built from. */
#ifndef ARBITER_POSITION_H
#define ARBITER_POSITION_H

#include "arbiter/reason.h"
#include "arbiter/types.h"

/* Plain data, safe to copy: copying a position is how a move is undone. */
typedef struct arb_position {
    arb_bitboard by_color[2];
    arb_bitboard by_type[7];          /* indexed by arb_piece_type; [0] unused */
    arb_piece board[64];
    uint8_t side;                     /* arb_color to move */
    uint8_t ep_square;                /* square behind a pawn that just advanced two, or ARB_NO_SQUARE */
    uint8_t castle_rook[2][2];        /* [color][ARB_KINGSIDE/ARB_QUEENSIDE]: rook square or ARB_NO_SQUARE */
    uint8_t king_square[2];
    uint8_t variant;                  /* arb_variant: how castling is written (FEN, UCI) */
    uint16_t halfmove_clock;          /* plies since the last capture or pawn move; stops at 65535
                                       * (from 150 on the game has ended, 9.6.2: no rule needs more) */
    uint32_t fullmove_number;         /* counts on past 65535, the most a FEN may say (docs/api.md) */
    uint64_t key;                     /* Polyglot-compatible Zobrist key */
} arb_position;

#define ARB_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* The word every FEN input reads as ARB_START_FEN (the FEN parser, validation, warnings). */
#define ARB_START_POS "startpos"
/* Longest FEN the parser accepts (longer input is rejected, not truncated). */
#define ARB_FEN_MAX_INPUT 256
/* Buffer size always enough for arb_position_fen. */
#define ARB_FEN_MAX 112

/* Parse a FEN (standard), X-FEN or Shredder-FEN; 4-field EPD-style FENs default the clocks to
 * "0 1"; the word "startpos" (ARB_START_POS) is the start position, as UCI writes it. On success the position is playable: one king each, at most ARB_MAX_SIDE_PIECES (16)
 * pieces of each colour (what every move list's size rests on), no pawn on a back rank, the side
 * not to move not in check, castling rights and en passant square consistent with the board.
 * On failure returns ARB_ERR_SYNTAX (text) or ARB_ERR_ILLEGAL (board), leaves *pos unspecified
 * and describes the first problem in *why (field, offset, what was found) if why is not NULL. */
ARB_API arb_status arb_position_from_fen(arb_position *pos, const char *fen, arb_variant variant,
                                         arb_reason *why);

/* Like arb_position_from_fen but stops after the text is understood: the board may have no
 * king, nine queens or the wrong side in check. Used by validation to report every problem. */
ARB_API arb_status arb_position_from_fen_unchecked(arb_position *pos, const char *fen,
                                                   arb_variant variant, arb_reason *why);

/* Problems that make a parsed board unplayable (no/extra kings, more than 16 pieces of a colour,
 * pawns on back ranks, the side not to move in check); at most cap are written; returns how many
 * there are: at most ARB_BOARD_PROBLEMS_MAX. */
#define ARB_BOARD_PROBLEMS_MAX (2 + 2 + 16 + 1) /* kings, piece counts, back-rank pawns, check */
ARB_API int arb_position_board_problems(const arb_position *pos, arb_reason *out, int cap);

/* Canonical FEN: Shredder-style castling letters only where X-FEN's KQkq would be ambiguous
 * (Chess960 with an inner rook); en passant square as stored. Returns the length. */
ARB_API size_t arb_position_fen(const arb_position *pos, char *buf, size_t cap);

/* Start positions. n in 0..959 (Scharnagl numbering; 518 is the standard set-up). */
ARB_API void arb_position_start(arb_position *pos);
ARB_API arb_status arb_position_chess960(arb_position *pos, int n);

/* Play a legal move (one produced by the move generator or the parsers) in place. */
ARB_API void arb_position_play(arb_position *pos, arb_move move);

/* Pass the move to the other side (used by searches; never part of a game). */
ARB_API void arb_position_pass(arb_position *pos);

/* Attack queries. */
ARB_API arb_bitboard arb_attackers(const arb_position *pos, int sq, arb_color by, arb_bitboard occupied);
ARB_API arb_bitboard arb_checkers(const arb_position *pos);
ARB_API bool arb_in_check(const arb_position *pos);
/* Pieces of `color` pinned to their own king; pinners gets the matching enemy sliders. */
ARB_API arb_bitboard arb_pinned(const arb_position *pos, arb_color color, arb_bitboard *pinners);
/* The enemy slider pinning the piece on sq to its king, or ARB_NO_SQUARE. */
ARB_API int arb_pinner_of(const arb_position *pos, int sq);
/* Squares a piece on sq attacks given the occupancy (pawns: captures only). */
ARB_API arb_bitboard arb_piece_attacks(arb_piece piece, int sq, arb_bitboard occupied);

static inline arb_bitboard arb_occupied(const arb_position *pos)
{
    return pos->by_color[0] | pos->by_color[1];
}

static inline arb_bitboard arb_pieces(const arb_position *pos, arb_color c, arb_piece_type t)
{
    return pos->by_color[c] & pos->by_type[t];
}

/* Square names: "e4" <-> 28. arb_square_parse returns ARB_NO_SQUARE for anything else. */
ARB_API int arb_square_parse(const char *s);
ARB_API void arb_square_name(int sq, char out[3]);

#endif
