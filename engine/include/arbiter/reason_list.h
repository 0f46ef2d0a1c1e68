/* The one table of explanation codes: name, the FIDE article it cites ("" when none), and the
 * parameters a reason of that code fills in (ARB_P_* flags, see reason.h). Included with
 * ARB_REASON defined; a correction to an article number is one edit here. */

/* FEN and notation input (syntax): field and offset say where. */
ARB_REASON(fen_empty,              "",          ARB_P_NONE)
ARB_REASON(fen_too_long,           "",          ARB_P_N)
ARB_REASON(fen_bad_character,      "",          ARB_P_FIELD | ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_missing_field,      "",          ARB_P_FIELD | ARB_P_OFFSET)
ARB_REASON(fen_extra_field,        "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_bad_piece,          "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_bad_digit,          "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_rank_too_long,      "",          ARB_P_OFFSET | ARB_P_N | ARB_P_M)
ARB_REASON(fen_rank_too_short,     "",          ARB_P_OFFSET | ARB_P_N | ARB_P_M)
ARB_REASON(fen_too_many_ranks,     "",          ARB_P_OFFSET)
ARB_REASON(fen_too_few_ranks,      "",          ARB_P_OFFSET | ARB_P_N)
ARB_REASON(fen_bad_side,           "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_bad_castling,       "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_castling_repeated,  "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_castling_no_king,   "3.8.2.1",   ARB_P_OFFSET | ARB_P_FOUND | ARB_P_PIECE)
ARB_REASON(fen_castling_no_rook,   "3.8.2.1",   ARB_P_OFFSET | ARB_P_FOUND | ARB_P_PIECE | ARB_P_SIDE)
ARB_REASON(fen_bad_ep,             "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(fen_ep_wrong_rank,      "3.7.3.1",   ARB_P_OFFSET | ARB_P_SQ1 | ARB_P_N)
ARB_REASON(fen_ep_no_pawn,         "3.7.3.1",   ARB_P_OFFSET | ARB_P_SQ1 | ARB_P_SQ2 | ARB_P_PIECE)
ARB_REASON(fen_ep_occupied,        "3.7.3.1",   ARB_P_OFFSET | ARB_P_SQ1 | ARB_P_BY)
ARB_REASON(fen_bad_number,         "",          ARB_P_FIELD | ARB_P_OFFSET | ARB_P_FOUND)

/* Positions that cannot be played from (FIDE 3.10 and the material on the board). */
ARB_REASON(missing_king,           "3.10.3",    ARB_P_PIECE)
ARB_REASON(too_many_kings,         "3.10.3",    ARB_P_PIECE | ARB_P_N)
ARB_REASON(pawn_on_back_rank,      "3.7.3.3",   ARB_P_PIECE | ARB_P_SQ1)
ARB_REASON(opposite_check,         "3.9",       ARB_P_PIECE | ARB_P_SQ1 | ARB_P_BY | ARB_P_SQ2)

/* Move input. */
ARB_REASON(uci_malformed,          "",          ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(san_malformed,          "App. C",    ARB_P_OFFSET | ARB_P_FOUND)
ARB_REASON(no_piece_can_move_there,"3.10.1",    ARB_P_FOUND)
ARB_REASON(ambiguous,              "App. C",    ARB_P_FOUND | ARB_P_N | ARB_P_SQUARES)
ARB_REASON(illegal_move,           "3.10.1",    ARB_P_FOUND)
