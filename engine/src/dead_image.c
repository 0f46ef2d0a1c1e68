/* Mirror images of a position for the helpmate search: the rules are symmetric under swapping
 * the colours (with the board turned) and, without castling rights, under reversing the files.
 * A helpmate or a proof in the image is one in the position; the search's move ordering is not
 * symmetric (its target corners), so an image is sometimes decided where the position is not. */
#include "dead_internal.h"
#include "internal.h"

static int image_square(int sq, int kind)
{
    if (kind & DEAD_IMAGE_FILES)
        sq ^= 7;
    if (kind & DEAD_IMAGE_COLORS)
        sq ^= 56;
    return sq;
}

bool dead_image(const arb_position *pos, int kind, arb_position *out)
{
    bool rights = false;
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++)
            rights |= pos->castle_rook[c][side] != ARB_NO_SQUARE;
    /* Reversed files turn kingside into queenside with the king on the wrong file: no image. */
    if (kind <= 0 || kind > 3 || ((kind & DEAD_IMAGE_FILES) && rights))
        return false;
    bool swap = kind & DEAD_IMAGE_COLORS;
    *out = *pos;
    for (int i = 0; i < 2; i++)
        out->by_color[i] = 0;
    for (int t = 0; t < 7; t++)
        out->by_type[t] = 0;
    for (int sq = 0; sq < 64; sq++)
        out->board[sq] = 0;
    out->key = 0;
    for (int sq = 0; sq < 64; sq++) {
        arb_piece p = pos->board[sq];
        if (!p)
            continue;
        arb_color c = ARB_PIECE_COLOR(p);
        put_piece(out, ARB_PIECE(swap ? (arb_color)!c : c, ARB_PIECE_TYPE(p)), image_square(sq, kind));
    }
    for (int c = 0; c < 2; c++) {
        int to = swap ? !c : c;
        out->king_square[to] = (uint8_t)image_square(pos->king_square[c], kind);
        for (int side = 0; side < 2; side++) {
            int r = pos->castle_rook[c][side];
            out->castle_rook[to][side] = (uint8_t)(r == ARB_NO_SQUARE ? r : image_square(r, kind));
        }
    }
    out->side = (uint8_t)(swap ? !pos->side : pos->side);
    out->ep_square = (uint8_t)(pos->ep_square == ARB_NO_SQUARE ? pos->ep_square : image_square(pos->ep_square, kind));
    out->key = arb_compute_key(out);
    return true;
}

arb_move dead_image_move(arb_move m, int kind)
{
    int from = image_square(ARB_MOVE_FROM(m), kind), to = image_square(ARB_MOVE_TO(m), kind);
    return (arb_move)((m & ~(arb_move)0xFFF) | (arb_move)from | (arb_move)(to << 6));
}
