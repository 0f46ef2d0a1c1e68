/* Build-time generator of the engine's attack tables: leaper attacks, between/line masks and
 * magic-bitboard slider tables. Emits one C file of const data, so the engine has no global
 * mutable state and no initialisation call. Magic numbers are found here with a fixed-seed PRNG. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t bb;

static bb rng_state = 0x9E3779B97F4A7C15ull;

static bb rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static bb bit(int f, int r)
{
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? 1ull << (r * 8 + f) : 0;
}

static bb slide(int sq, bb occ, const int dirs[4][2])
{
    bb out = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            bb b = 1ull << (r * 8 + f);
            out |= b;
            if (occ & b)
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return out;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Relevant occupancy: the ray squares whose occupancy matters (edges excluded). */
static bb relevant_mask(int sq, const int dirs[4][2])
{
    bb out = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f + dirs[d][0] >= 0 && f + dirs[d][0] < 8 && r + dirs[d][1] >= 0 && r + dirs[d][1] < 8) {
            out |= 1ull << (r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return out;
}

struct magic {
    bb mask, magic;
    unsigned offset, shift;
};

static bb table[102400 + 5248];
static unsigned table_size;

static void find_magic(int sq, const int dirs[4][2], struct magic *m)
{
    static bb occs[4096], refs[4096], used[4096];
    bb mask = relevant_mask(sq, dirs);
    int bits = __builtin_popcountll(mask), n = 0;
    bb sub = 0;
    do {
        occs[n] = sub;
        refs[n] = slide(sq, sub, dirs);
        n++;
        sub = (sub - mask) & mask;
    } while (sub);
    m->mask = mask;
    m->shift = 64 - bits;
    m->offset = table_size;
    for (;;) {
        bb magic = rng_next() & rng_next() & rng_next();
        if (__builtin_popcountll((mask * magic) >> 56) < 6)
            continue;
        memset(used, 0, sizeof(bb) * (size_t)n);
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            unsigned idx = (unsigned)((occs[i] * magic) >> m->shift);
            if (used[idx] == 0)
                used[idx] = refs[i];
            else if (used[idx] != refs[i])
                ok = 0;
        }
        if (ok) {
            m->magic = magic;
            for (int i = 0; i < n; i++)
                table[table_size + ((occs[i] * magic) >> m->shift)] = refs[i];
            table_size += 1u << bits;
            return;
        }
    }
}

/* Writes n values; rows > 0 nests them in braces, rows values per inner array. */
static void emit_array(FILE *out, const char *decl, const bb *v, int n, int rows)
{
    fprintf(out, "%s = {\n", decl);
    for (int i = 0; i < n; i++) {
        if (rows && i % rows == 0)
            fprintf(out, "{");
        fprintf(out, "0x%016" PRIx64 "u,%s", v[i], (i % 4 == 3) ? "\n" : " ");
        if (rows && i % rows == rows - 1)
            fprintf(out, "},\n");
    }
    fprintf(out, "};\n\n");
}

static void emit_magics(FILE *out, const char *name, const struct magic *m)
{
    fprintf(out, "const struct arb_magic %s[64] = {\n", name);
    for (int sq = 0; sq < 64; sq++)
        fprintf(out, "{0x%016" PRIx64 "u, 0x%016" PRIx64 "u, %u, %u},\n", m[sq].mask, m[sq].magic,
                m[sq].offset, m[sq].shift);
    fprintf(out, "};\n\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_tables OUTPUT.c\n");
        return 2;
    }
    static bb knight[64], king[64], pawn[2][64], between[64][64], line[64][64];
    static struct magic rook[64], bishop[64];
    for (int sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8;
        knight[sq] = bit(f + 1, r + 2) | bit(f - 1, r + 2) | bit(f + 2, r + 1) | bit(f - 2, r + 1) |
                     bit(f + 1, r - 2) | bit(f - 1, r - 2) | bit(f + 2, r - 1) | bit(f - 2, r - 1);
        king[sq] = bit(f + 1, r) | bit(f - 1, r) | bit(f, r + 1) | bit(f, r - 1) |
                   bit(f + 1, r + 1) | bit(f - 1, r + 1) | bit(f + 1, r - 1) | bit(f - 1, r - 1);
        pawn[0][sq] = bit(f + 1, r + 1) | bit(f - 1, r + 1);
        pawn[1][sq] = bit(f + 1, r - 1) | bit(f - 1, r - 1);
    }
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            bb ba = 1ull << a, bbit = 1ull << b;
            if (a == b)
                continue;
            const int (*dirs)[2] = NULL;
            if (slide(a, 0, rook_dirs) & bbit)
                dirs = rook_dirs;
            else if (slide(a, 0, bishop_dirs) & bbit)
                dirs = bishop_dirs;
            if (!dirs)
                continue;
            between[a][b] = slide(a, bbit, dirs) & slide(b, ba, dirs);
            line[a][b] = (slide(a, 0, dirs) & slide(b, 0, dirs)) | ba | bbit;
        }
    }
    for (int sq = 0; sq < 64; sq++)
        find_magic(sq, rook_dirs, &rook[sq]);
    for (int sq = 0; sq < 64; sq++)
        find_magic(sq, bishop_dirs, &bishop[sq]);

    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by engine/gen/gen_tables.c: attack tables. Do not edit. */\n");
    fprintf(out, "#include \"tables.h\"\n\n");
    emit_array(out, "const arb_bitboard arb_knight_attacks[64]", knight, 64, 0);
    emit_array(out, "const arb_bitboard arb_king_attacks[64]", king, 64, 0);
    emit_array(out, "const arb_bitboard arb_pawn_attacks[2][64]", &pawn[0][0], 128, 64);
    emit_array(out, "const arb_bitboard arb_between[64][64]", &between[0][0], 4096, 64);
    emit_array(out, "const arb_bitboard arb_line[64][64]", &line[0][0], 4096, 64);
    emit_magics(out, "arb_rook_magics", rook);
    emit_magics(out, "arb_bishop_magics", bishop);
    char decl[96];
    snprintf(decl, sizeof decl, "const arb_bitboard arb_slider_table[%u]", table_size);
    emit_array(out, decl, table, (int)table_size, 0);
    if (fclose(out) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
