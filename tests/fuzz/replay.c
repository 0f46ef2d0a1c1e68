/* Without libFuzzer: runs a fuzz target over every file named on the command line (the seed
 * corpus; a directory stands for its files, in name order), plus deterministic mutations of
 * each (2000, or N with `-m N` first), so every build exercises it. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static uint32_t rng = 0x2545F491u;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* Runs the target on the file and on `mutations` mutations of it; returns the runs, -1 on error. */
static int replay_file(const char *path, int mutations)
{
    static uint8_t buf[1 << 16], work[1 << 16];
    static const char alphabet[] = " /-xO0189KQkqe=+#[]{}()\":,\\";
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    int runs = 1;
    for (int m = 0; m < mutations; m++) {
        size_t len = n;
        memcpy(work, buf, n);
        int edits = 1 + (int)(next() % 4);
        for (int e = 0; e < edits && len; e++) {
            size_t at = next() % len;
            switch (next() % 4) {
            case 0: work[at] = (uint8_t)next(); break;              /* flip a byte */
            case 1: len = at; break;                                 /* truncate */
            case 2: memmove(work + at, work + at + 1, len - at - 1); len--; break; /* delete */
            default: work[at] = (uint8_t)alphabet[next() % (sizeof alphabet - 1)]; break;
            }
        }
        LLVMFuzzerTestOneInput(work, len);
        runs++;
    }
    return runs;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's regular files in name order, each replayed. */
static int replay_dir(const char *dir, int mutations)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                return -1;
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[count] = malloc(len);
        if (!names[count])
            return -1;
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, by_name);
    int runs = 0;
    for (size_t i = 0; i < count; i++) {
        int r = runs >= 0 ? replay_file(names[i], mutations) : 0;
        runs = r < 0 ? -1 : runs + r;
        free(names[i]);
    }
    free(names);
    if (count == 0) {
        fprintf(stderr, "%s: an empty corpus\n", dir);
        return -1;
    }
    return runs;
}

int main(int argc, char **argv)
{
    int mutations = 2000, first = 1, runs = 0;
    if (argc > 2 && strcmp(argv[1], "-m") == 0) {
        mutations = atoi(argv[2]);
        first = 3;
    }
    for (int i = first; i < argc; i++) {
        struct stat st;
        int r = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? replay_dir(argv[i], mutations)
                                                              : replay_file(argv[i], mutations);
        if (r < 0)
            return 1;
        runs += r;
    }
    printf("%d passed, 0 failed\n", runs);
    return 0;
}
