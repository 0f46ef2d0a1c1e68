/* Lists a folder's *.lua scripts in name order for the lesson and quiz loaders. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_dir.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

int arbl_each_script(const char *dir, int (*load)(void *ctx, const char *path), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    bool failed = false;
    while (!failed && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
            continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            char **nn = realloc(names, ncap * sizeof *names);
            if (!nn) {
                failed = true;
                break;
            }
            names = nn;
            cap = ncap;
        }
        if (!(names[n] = strdup(e->d_name)))
            failed = true;
        else
            n++;
    }
    closedir(d);
    if (failed) {
        free_names(names, n);
        return -1;
    }
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    int added = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        /* A path that does not fit is skipped rather than truncated into another file's name. */
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i]) < sizeof path)
            added += load(ctx, path);
    }
    free_names(names, n);
    return added;
}
