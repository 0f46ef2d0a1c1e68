/* A tiny test harness: named checks that report file:line and keep going, and a summary line
 * "N passed, N failed" that CI reads. One executable per subsystem, registered in meson. */
#ifndef ARB_TEST_HARNESS_H
#define ARB_TEST_HARNESS_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

extern int harness_passed, harness_failed;
extern const char *harness_current;

/* Starts a named test case (stable dotted name, e.g. "fen.reject.bad_piece"). */
void harness_begin(const char *name);
/* Prints the summary and returns the process exit status. */
int harness_finish(void);
void harness_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void harness_pass(void);

/* The process's peak resident size (VmHWM) in KiB since harness_reset_peak(), for tests that
 * bound memory (Linux; -1 elsewhere). */
void harness_reset_peak(void);
long harness_peak_kib(void);
/* What kib of C memory may show as resident: with AddressSanitizer its shadow and redzones too. */
#if defined(__SANITIZE_ADDRESS__)
#define HARNESS_RSS_FOR(kib) (2 * (kib) + 2048)
#else
#define HARNESS_RSS_FOR(kib) ((kib) + 1024)
#endif

#define CHECK(cond)                                                   \
    do {                                                              \
        if (cond)                                                     \
            harness_pass();                                           \
        else                                                          \
            harness_fail(__FILE__, __LINE__, "%s", #cond);            \
    } while (0)

#define CHECK_MSG(cond, ...)                                          \
    do {                                                              \
        if (cond)                                                     \
            harness_pass();                                           \
        else                                                          \
            harness_fail(__FILE__, __LINE__, __VA_ARGS__);            \
    } while (0)

#define CHECK_INT(got, want)                                                                    \
    do {                                                                                        \
        long long g_ = (long long)(got), w_ = (long long)(want);                                \
        CHECK_MSG(g_ == w_, "%s == %lld, expected %lld", #got, g_, w_);                         \
    } while (0)

#define CHECK_STR(got, want)                                                                    \
    do {                                                                                        \
        const char *g_ = (got), *w_ = (want);                                                   \
        CHECK_MSG(g_ && w_ && strcmp(g_, w_) == 0, "%s == \"%s\", expected \"%s\"", #got,       \
                  g_ ? g_ : "(null)", w_ ? w_ : "(null)");                                      \
    } while (0)

/* Path of a file under tests/data (the build passes the source dir). */
const char *harness_data_path(const char *name);

#endif
