/* The public attack queries that explanations are built from: attackers of a square, checkers,
 * pinned pieces with their pinners, piece attacks. Expected sets are worked out by hand. */
#include "arbiter.h"
#include "harness.h"

static arb_bitboard squares(const char *list)
{
    arb_bitboard b = 0;
    for (const char *p = list; p[0] && p[1]; p += (p[2] == ' ') ? 3 : 2) {
        char name[3] = {p[0], p[1], '\0'};
        int sq = arb_square_parse(name);
        if (sq != ARB_NO_SQUARE)
            b |= 1ull << sq;
    }
    return b;
}

static arb_position at(const char *fen)
{
    arb_position pos;
    CHECK_INT(arb_position_from_fen(&pos, fen, ARB_STANDARD, NULL), ARB_OK);
    return pos;
}

int main(void)
{
    harness_begin("attacks.attackers.start_f3");
    arb_position start = at(ARB_START_FEN);
    CHECK(arb_attackers(&start, arb_square_parse("f3"), ARB_WHITE, arb_occupied(&start)) == squares("e2 g2 g1"));
    CHECK(arb_attackers(&start, arb_square_parse("f3"), ARB_BLACK, arb_occupied(&start)) == 0);
    CHECK(arb_attackers(&start, arb_square_parse("d1"), ARB_WHITE, arb_occupied(&start)) == squares("e1"));

    harness_begin("attacks.attackers.xray_occupancy");
    arb_position rooks = at("4k3/8/8/8/8/8/8/R2RK3 w - - 0 1");
    int a8 = arb_square_parse("a8");
    CHECK(arb_attackers(&rooks, a8, ARB_WHITE, arb_occupied(&rooks)) == squares("a1"));
    /* Without the d1 rook in the way nothing changes for a8; for d8 the d1 rook attacks. */
    CHECK(arb_attackers(&rooks, arb_square_parse("d8"), ARB_WHITE, arb_occupied(&rooks)) == squares("d1"));
    CHECK(arb_attackers(&rooks, arb_square_parse("e1"), ARB_WHITE, arb_occupied(&rooks)) == squares("d1"));
    CHECK(arb_attackers(&rooks, arb_square_parse("e1"), ARB_WHITE, arb_occupied(&rooks) & ~squares("d1")) == squares("a1"));

    harness_begin("attacks.checkers.double_check");
    arb_position dbl = at("4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1");
    CHECK(arb_checkers(&dbl) == squares("b5 e1"));
    CHECK(arb_in_check(&dbl));
    CHECK(!arb_in_check(&start));

    harness_begin("attacks.checkers.pawn_and_knight");
    arb_position pawn = at("8/8/8/8/5k2/8/4P3/4K3 w - - 0 1");
    CHECK(arb_checkers(&pawn) == 0);
    arb_position knight2 = at("8/8/8/8/8/3n1k2/8/4K3 w - - 0 1");
    CHECK(arb_checkers(&knight2) == squares("d3"));

    harness_begin("attacks.pinned.with_pinners");
    /* Knight c3 pinned by the bishop b4; the e2 pawn is pinned by the rook on e8 only if alone. */
    arb_position pins = at("4r1k1/8/8/8/1b6/2N5/4P3/4K3 w - - 0 1");
    arb_bitboard pinners;
    CHECK(arb_pinned(&pins, ARB_WHITE, &pinners) == squares("c3 e2"));
    CHECK(pinners == squares("b4 e8"));
    CHECK_INT(arb_pinner_of(&pins, arb_square_parse("c3")), arb_square_parse("b4"));
    CHECK_INT(arb_pinner_of(&pins, arb_square_parse("e2")), arb_square_parse("e8"));
    CHECK_INT(arb_pinner_of(&pins, arb_square_parse("e1")), ARB_NO_SQUARE);
    CHECK_INT(arb_pinner_of(&pins, arb_square_parse("a1")), ARB_NO_SQUARE);

    harness_begin("attacks.pinned.two_blockers_not_pinned");
    arb_position two = at("4r1k1/8/8/8/8/4N3/4P3/4K3 w - - 0 1");
    CHECK(arb_pinned(&two, ARB_WHITE, NULL) == 0);
    harness_begin("attacks.pinned.enemy_blocker_not_pinned");
    arb_position enemy = at("4r1k1/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    CHECK(arb_pinned(&enemy, ARB_WHITE, NULL) == 0);
    /* A pinned piece still attacks (FIDE 3.1). */
    harness_begin("attacks.pinned_piece_still_attacks");
    CHECK(arb_attackers(&pins, arb_square_parse("d5"), ARB_WHITE, arb_occupied(&pins)) == squares("c3"));

    harness_begin("attacks.piece_attacks");
    CHECK(arb_piece_attacks(ARB_PIECE(ARB_WHITE, ARB_KNIGHT), arb_square_parse("a1"), 0) == squares("b3 c2"));
    CHECK(arb_piece_attacks(ARB_PIECE(ARB_BLACK, ARB_PAWN), arb_square_parse("e5"), 0) == squares("d4 f4"));
    CHECK(arb_piece_attacks(ARB_PIECE(ARB_WHITE, ARB_PAWN), arb_square_parse("a2"), 0) == squares("b3"));
    CHECK(arb_piece_attacks(ARB_PIECE(ARB_WHITE, ARB_ROOK), arb_square_parse("a1"), squares("a3 c1")) ==
          squares("a2 a3 b1 c1"));
    CHECK(arb_piece_attacks(ARB_PIECE(ARB_WHITE, ARB_BISHOP), arb_square_parse("d4"), squares("f6")) ==
          squares("c3 b2 a1 e5 f6 c5 b6 a7 e3 f2 g1"));
    return harness_finish();
}
