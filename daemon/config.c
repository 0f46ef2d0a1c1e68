/* arbiterd settings from the command line and a `key = value` config file: one table of
 * options drives both parsers and --help. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "arbiter.h"

#ifndef AD_DEFAULT_CONFIG
#define AD_DEFAULT_CONFIG "/etc/arbiter/arbiterd.conf"
#endif
#ifndef AD_DEFAULT_LESSONS
#define AD_DEFAULT_LESSONS "lessons"
#endif

enum opt_type { OPT_STRING, OPT_LONG, OPT_LEVEL, OPT_FLAG, OPT_ORIGIN };

static const struct option {
    const char *name;
    enum opt_type type;
    size_t offset, size;
    long min, max;
    const char *arg, *help;
} options[] = {
#define S(f) offsetof(ad_config, f), sizeof(((ad_config *)0)->f)
    {"listen", OPT_STRING, S(listen), 0, 0, "HOST:PORT", "address to listen on (default 127.0.0.1:8080; [::1]:8080 for IPv6; port 0 picks one)"},
    {"probe-listen", OPT_STRING, S(probe_listen), 0, 0, "HOST:PORT", "also listen here for /v1/health and /metrics only, on a thread of their own, so probes never wait behind searches (default: none)"},
    {"lessons", OPT_STRING, S(lessons), 0, 0, "DIR", "lessons directory (default " AD_DEFAULT_LESSONS ")"},
    {"threads", OPT_LONG, S(threads), 0, 256, "N", "polling threads (default 0: one per core, at most 16, fewer if the task limit says so)"},
    {"script-threads", OPT_LONG, S(script_threads), 0, 1024, "N", "work threads that run scripts and searches, off the polling threads (default 0: four per polling thread, fewer if the task limit says so)"},
    {"log-level", OPT_LEVEL, S(log_level), 0, 3, "LEVEL", "error, warn, info (default: one line per request) or debug"},
    {"max-body", OPT_LONG, S(max_body), 64, 64L << 20, "BYTES", "largest request body, else 413 (default 65536)"},
    {"max-uri", OPT_LONG, S(max_uri), 16, 1L << 20, "BYTES", "longest request target, else 414 (default 2048)"},
    {"max-headers", OPT_LONG, S(max_headers), 256, 1L << 20, "BYTES", "largest total of request headers, else 431 (default 8192)"},
    {"max-connections", OPT_LONG, S(max_connections), 1, 1L << 20, "N", "open connections in all (default 1024)"},
    {"max-per-ip", OPT_LONG, S(max_per_ip), 0, 1L << 20, "N", "open connections per client address, 0 for no limit (default 256)"},
    {"timeout", OPT_LONG, S(timeout), 0, 3600, "SECONDS", "idle connection timeout, 0 for none (default 10)"},
    {"request-timeout", OPT_LONG, S(request_timeout), 0, 3600, "SECONDS", "whole-request deadline: request line, headers and body must be in this long after the connection is ready, else it is closed (slow clients; default 30, 0 for none)"},
    {"stall-timeout-ms", OPT_LONG, S(stall_timeout_ms), 0, 3600000, "MS", "a polling or work thread running one request longer than this is hung: health answers 503 and the systemd watchdog is not pinged (default 20000, 0 for never)"},
    {"max-inflight", OPT_LONG, S(max_inflight), 1, 1L << 20, "N", "requests in progress before 503 (default 512)"},
    {"max-uploads-per-ip", OPT_LONG, S(max_uploads_per_ip), 0, 1L << 20, "N", "request bodies still arriving from one client address; past it a body must arrive within 2 s, else 429. Bodies in progress never count against max-inflight (default 16, 0 for no limit)"},
    {"max-heavy", OPT_LONG, S(max_heavy), 0, 4096, "N", "searches (perft...) in progress before 503 (default 0: threads - 1, at least 1)"},
    {"heavy-queue", OPT_LONG, S(heavy_queue), 0, 100000, "N", "searches that may wait for a free slot, 0 to refuse at once (default 256)"},
    {"heavy-wait-ms", OPT_LONG, S(heavy_wait_ms), 1, 600000, "MS", "how long a search waits for a slot before 503 (default 10000)"},
    {"retry-after", OPT_LONG, S(retry_after), 0, 3600, "SECONDS", "Retry-After of 503 replies (default 1)"},
    {"drain-timeout", OPT_LONG, S(drain_timeout), 0, 3600, "SECONDS", "how long SIGTERM waits for in-flight requests (default 15)"},
    {"drain-grace", OPT_LONG, S(drain_grace), 0, 3600, "SECONDS", "after SIGTERM, keep serving while /v1/health answers 503 draining, so balancers stop sending (default 0)"},
    {"max-moves", OPT_LONG, S(max_moves), 0, 12000, "N", "entries in a request's moves list (default 1000)"},
    {"max-json-depth", OPT_LONG, S(max_json_depth), 2, 1000, "N", "nesting depth of request JSON (default 32)"},
    {"perft-max-depth", OPT_LONG, S(perft_max_depth), 0, 12, "N", "largest perft depth (default 7)"},
    {"perft-max-nodes", OPT_LONG, S(perft_max_nodes), 0, LONG_MAX, "N", "perft budget in interior nodes, 0 for none (default 5000000)"},
    {"memory-limit", OPT_LONG, S(memory_limit), 8192, 16L << 20, "BYTES", "libmicrohttpd per-connection memory pool (default 16384)"},
    {"lesson-memory", OPT_LONG, S(lesson_memory), 0, 1L << 30, "BYTES", "memory budget of one lesson script run, 0 for the default (8 MiB)"},
    {"lesson-instructions", OPT_LONG, S(lesson_instructions), 0, LONG_MAX, "N", "instruction budget of one lesson answer, 0 for the default (20000000)"},
    {"lesson-time-ms", OPT_LONG, S(lesson_time_ms), 0, 60000, "MS", "wall-clock budget of one lesson answer, 0 for the default (500)"},
    {"quiz-memory", OPT_LONG, S(quiz_memory), 0, 1L << 30, "BYTES", "memory budget of the script state of one quiz request, 0 for the default (8 MiB)"},
    {"quiz-instructions", OPT_LONG, S(quiz_instructions), 0, LONG_MAX, "N", "instruction budget of one generated question or one grading, 0 for the default (20000000)"},
    {"quiz-time-ms", OPT_LONG, S(quiz_time_ms), 0, 60000, "MS", "wall-clock budget of one generated question or one grading, 0 for the default (500)"},
    {"lesson-cache-entries", OPT_LONG, S(lesson_cache_entries), 0, 1L << 24, "N", "lesson answers cached (dropped on reload), 0 for no cache (default 4096)"},
    {"lesson-cache-bytes", OPT_LONG, S(lesson_cache_bytes), 0, 1L << 34, "BYTES", "bytes the lesson answer cache may hold, 0 for no cache (default 8388608)"},
    {"cors-origin", OPT_ORIGIN, S(cors_origins), 0, 0, "ORIGIN", "let browser pages from ORIGIN (scheme://host[:port], or * for any) call the API; repeatable (default: none, no CORS)"},
    {"no-web", OPT_FLAG, S(no_web), 0, 0, NULL, "do not serve the playground page (GET / and /web/...)"},
    {"lesson-preview", OPT_FLAG, S(lesson_preview), 0, 0, NULL, "serve /v1/lessons/preview, which runs lesson files sent by clients (off by default)"},
    {"print-port", OPT_FLAG, S(print_port), 0, 0, NULL, "print the bound port on stdout once listening"},
    {"check-lessons", OPT_STRING, S(check_lessons), 0, 0, "DIR", "dry run: load DIR (lessons, DIR/quizzes) as a reload would, print each problem as file:line, exit 0 if every file passes, else 1"},
    {"watch", OPT_FLAG, S(watch), 0, 0, NULL, "reload when a file of the lessons directory changes (inotify; for authoring)"},
#undef S
};
#define NOPTIONS (sizeof options / sizeof options[0])

static const char *const levels[] = {"error", "warn", "info", "debug"};

void ad_config_defaults(ad_config *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->listen, "127.0.0.1:8080");
    snprintf(c->lessons, sizeof c->lessons, "%s", AD_DEFAULT_LESSONS);
    c->log_level = 2;
    c->lesson_cache_entries = 4096;
    c->lesson_cache_bytes = 8L << 20;
    c->max_body = 65536;
    c->max_uri = 2048;
    c->max_headers = 8192;
    c->max_connections = 1024;
    c->max_per_ip = 256;
    c->timeout = 10;
    c->request_timeout = 30;
    c->stall_timeout_ms = 20000;
    c->max_inflight = 512;
    c->max_uploads_per_ip = 16;
    c->retry_after = 1;
    c->heavy_queue = 256;
    c->heavy_wait_ms = 10000;
    c->drain_timeout = 15;
    c->max_moves = 1000;
    c->max_json_depth = 32;
    c->perft_max_depth = 7;
    c->perft_max_nodes = 5000000;
    c->memory_limit = 16384;
}

void ad_config_usage(FILE *to)
{
    fprintf(to, "arbiterd %s: the Arbiter HTTP JSON API.\n"
                "usage: arbiterd [--config FILE] [OPTION VALUE]...\n\n"
                "  --config FILE          settings file (default " AD_DEFAULT_CONFIG " if it exists):\n"
                "                         lines 'name = value' with the option names below, '#' comments\n",
            arb_version());
    for (size_t i = 0; i < NOPTIONS; i++) {
        char left[48];
        snprintf(left, sizeof left, "--%s%s%s", options[i].name, options[i].arg ? " " : "",
                 options[i].arg ? options[i].arg : "");
        fprintf(to, "  %-22s %s\n", left, options[i].help);
    }
    fprintf(to, "  --help, --version\n\n"
                "Signals: SIGTERM/SIGINT drain in-flight requests and exit 0; SIGHUP reloads lessons.\n"
                "Socket activation (LISTEN_FDS) replaces --listen. See docs/operations.md.\n");
}

static const struct option *find_option(const char *name)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if (strcmp(options[i].name, name) == 0)
            return &options[i];
    return NULL;
}

/* An origin as browsers send it (scheme://host[:port], no path), or "*". */
static bool origin_ok(const char *v)
{
    if (strcmp(v, "*") == 0)
        return true;
    const char *host = strncmp(v, "http://", 7) == 0 ? v + 7 : strncmp(v, "https://", 8) == 0 ? v + 8 : NULL;
    if (!host || !*host)
        return false;
    for (const char *p = host; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(".-:[]", *p))
            return false;
    return true;
}

/* Sets one option from text; prints why and returns false if the value is bad. */
static bool set_option(ad_config *c, const struct option *o, const char *value, const char *where)
{
    char *field = (char *)c + o->offset;
    switch (o->type) {
    case OPT_STRING:
        if (strlen(value) >= o->size) {
            fprintf(stderr, "arbiterd: %s: --%s value is too long\n", where, o->name);
            return false;
        }
        memcpy(field, value, strlen(value) + 1);
        return true;
    case OPT_FLAG:
        if (strcmp(value, "true") == 0 || strcmp(value, "1") == 0 || strcmp(value, "yes") == 0)
            *(bool *)field = true;
        else if (strcmp(value, "false") == 0 || strcmp(value, "0") == 0 || strcmp(value, "no") == 0)
            *(bool *)field = false;
        else {
            fprintf(stderr, "arbiterd: %s: %s must be true or false\n", where, o->name);
            return false;
        }
        return true;
    case OPT_ORIGIN: { /* appended: the option may be given several times */
        if (!origin_ok(value)) {
            fprintf(stderr, "arbiterd: %s: --%s must be * or scheme://host[:port] (no path): '%s'\n", where, o->name,
                    value);
            return false;
        }
        size_t used = strlen(field);
        if (used + 1 + strlen(value) >= o->size) {
            fprintf(stderr, "arbiterd: %s: too many --%s values\n", where, o->name);
            return false;
        }
        snprintf(field + used, o->size - used, "%s%s", used ? " " : "", value);
        return true;
    }
    case OPT_LEVEL:
        for (long i = 0; i < 4; i++)
            if (strcmp(value, levels[i]) == 0) {
                *(long *)field = i;
                return true;
            }
        fprintf(stderr, "arbiterd: %s: log level must be error, warn, info or debug\n", where);
        return false;
    case OPT_LONG: {
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        if (errno || end == value || *end || v < o->min || v > o->max) {
            fprintf(stderr, "arbiterd: %s: --%s must be a whole number from %ld to %ld\n", where, o->name,
                    o->min, o->max);
            return false;
        }
        *(long *)field = v;
        return true;
    }
    }
    return false;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static bool load_file(ad_config *c, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "arbiterd: cannot read config file %s: %s\n", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "arbiterd: config file %s is a directory, not a file\n", path);
        fclose(f);
        return false;
    }
    char line[1024];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char where[600];
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        size_t n = strlen(line);
        int next = n == sizeof line - 1 && line[n - 1] != '\n' ? getc(f) : EOF;
        if (next != EOF) {
            /* never parse the rest of a long line as a line of its own */
            fprintf(stderr, "arbiterd: %s: line longer than %zu bytes\n", where, sizeof line - 1);
            ok = false;
            break;
        }
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            fprintf(stderr, "arbiterd: %s: expected 'name = value'\n", where);
            ok = false;
            break;
        }
        *eq = '\0';
        char *name = trim(s), *value = trim(eq + 1);
        const struct option *o = find_option(name);
        if (!o) {
            fprintf(stderr, "arbiterd: %s: unknown setting '%s'\n", where, name);
            ok = false;
            break;
        }
        ok = set_option(c, o, value, where);
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "arbiterd: cannot read config file %s: %s\n", path, strerror(errno));
        ok = false;
    }
    fclose(f);
    if (ok)
        snprintf(c->config_path, sizeof c->config_path, "%s", path);
    return ok;
}

/* Applies the command line; with only_config, just finds --config. */
static int apply_args(ad_config *c, int argc, char **argv, const char **config, bool only_config)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            if (!only_config)
                ad_config_usage(stdout);
            return 1;
        }
        if (strcmp(a, "--version") == 0) {
            if (!only_config)
                printf("arbiterd %s\n", arb_version());
            return 1;
        }
        if (strncmp(a, "--", 2) != 0) {
            fprintf(stderr, "arbiterd: unexpected argument '%s' (see --help)\n", a);
            return -1;
        }
        const char *name = a + 2, *value = NULL;
        char namebuf[64];
        const char *eq = strchr(name, '=');
        if (eq) {
            snprintf(namebuf, sizeof namebuf, "%.*s", (int)(eq - name), name);
            name = namebuf;
            value = eq + 1;
        }
        bool is_config = strcmp(name, "config") == 0;
        const struct option *o = is_config ? NULL : find_option(name);
        if (!is_config && !o) {
            fprintf(stderr, "arbiterd: unknown option '%s' (see --help)\n", a);
            return -1;
        }
        if (!value && o && o->type == OPT_FLAG)
            value = "true";
        if (!value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "arbiterd: option '%s' needs a value\n", a);
                return -1;
            }
            value = argv[++i];
        }
        if (is_config)
            *config = value;
        else if (!only_config && !set_option(c, o, value, "command line"))
            return -1;
    }
    return 0;
}

int ad_config_load(ad_config *c, int argc, char **argv)
{
    ad_config_defaults(c);
    const char *config = NULL;
    int r = apply_args(c, argc, argv, &config, true);
    if (r < 0)
        return -1;
    if (r == 0) {
        if (config) {
            if (!load_file(c, config))
                return -1;
        } else if (access(AD_DEFAULT_CONFIG, F_OK) == 0 && !load_file(c, AD_DEFAULT_CONFIG)) {
            return -1;
        }
    }
    return apply_args(c, argc, argv, &config, false);
}

bool ad_config_split_listen(const char *listen, char *host, size_t hostcap, unsigned *port)
{
    const char *colon, *hs = listen;
    size_t hl;
    if (listen[0] == '[') {
        const char *close = strchr(listen, ']');
        if (!close || close[1] != ':')
            return false;
        hs = listen + 1;
        hl = (size_t)(close - hs);
        colon = close + 1;
    } else {
        colon = strrchr(listen, ':');
        if (!colon)
            return false;
        hl = (size_t)(colon - listen);
    }
    if (hl == 0 || hl >= hostcap)
        return false;
    memcpy(host, hs, hl);
    host[hl] = '\0';
    char *end;
    long p = strtol(colon + 1, &end, 10);
    if (end == colon + 1 || *end || p < 0 || p > 65535)
        return false;
    *port = (unsigned)p;
    return true;
}
