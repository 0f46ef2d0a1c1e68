/* arbiterd settings: defaults, the command line and the config file (same names in both). */
#ifndef AD_CONFIG_H
#define AD_CONFIG_H

#include <stdbool.h>
#include <stdio.h>

typedef struct ad_config {
    char listen[128];           /* HOST:PORT, [V6]:PORT; port 0 picks a free one */
    char probe_listen[128];     /* HOST:PORT of the probe listener (health, metrics only), or "" */
    char lessons[512];          /* lessons directory */
    char config_path[512];      /* the config file that was read, or "" */
    long threads;               /* polling threads; 0: one per core */
    long script_threads;        /* script threads; 0: four per polling thread */
    long log_level;             /* 0 error, 1 warn, 2 info (one line per request), 3 debug */
    long max_body;              /* bytes of a request body (413) */
    long max_uri;               /* bytes of the request target (414) */
    long max_headers;           /* bytes of all request headers (431) */
    long max_connections;       /* open connections in all */
    long max_per_ip;            /* open connections per client address */
    long timeout;               /* seconds a connection may stay idle (slow clients) */
    long request_timeout;       /* seconds from a connection being ready to its request being in; 0: none */
    long stall_timeout_ms;      /* a handler running longer is a hung polling thread; 0: never */
    long max_inflight;          /* requests being handled at once (bodies complete) before 503 */
    long max_uploads_per_ip;    /* request bodies arriving from one address before the next gets 2 s; 0: no limit */
    long max_heavy;             /* searches (perft, ...) at once before 503; 0: threads - 1, at least 1 */
    long retry_after;           /* seconds, in 503 replies */
    long heavy_queue;           /* searches that may wait for a slot (0: refuse at once) */
    long heavy_wait_ms;         /* how long one may wait before 503 */
    long drain_timeout;         /* seconds SIGTERM waits for in-flight requests */
    long drain_grace;           /* seconds SIGTERM keeps serving, health 503, before closing the socket */
    long max_moves;             /* entries in a request's `moves` */
    long max_json_depth;        /* nesting depth of request JSON */
    long perft_max_depth;       /* `depth` cap of /v1/perft */
    long perft_max_nodes;       /* search budget of /v1/perft: interior nodes */
    long memory_limit;          /* bytes of libmicrohttpd's per-connection pool */
    long lesson_memory;         /* bytes a lesson script's state may hold; 0: the runtime's default */
    long lesson_instructions;   /* Lua instructions per lesson answer; 0: the runtime's default */
    long lesson_time_ms;        /* wall-clock milliseconds per lesson answer; 0: the runtime's default */
    long quiz_memory;           /* bytes the script state of one quiz request may hold; 0: default */
    long quiz_instructions;     /* Lua instructions per generated question or grading; 0: default */
    long quiz_time_ms;          /* wall-clock milliseconds per question or grading; 0: default */
    long lesson_cache_entries;  /* answers kept per lesson set; 0: no answer cache */
    long lesson_cache_bytes;    /* bytes the answer cache may hold; 0: no answer cache */
    char cors_origins[1024];    /* origins browsers may call from, space-separated ("*": any); "": no CORS */
    bool no_web;                /* do not serve the playground (GET / and /web/...) */
    bool lesson_preview;        /* serve /v1/lessons/preview: run lesson files sent by clients */
    bool print_port;            /* print the bound port on stdout once listening (for tests) */
    char check_lessons[512];    /* dry run: check this lessons directory and exit ("" to serve) */
    bool watch;                 /* reload when a file of the lessons directory changes */
} ad_config;

void ad_config_defaults(ad_config *c);

/* Parses argv (and the config file it names, or the default one if it exists) into *c.
 * Returns 0 to run, 1 when the process should exit 0 (--help, --version), -1 on error (printed). */
int ad_config_load(ad_config *c, int argc, char **argv);

/* Writes --help text. */
void ad_config_usage(FILE *to);

/* Splits c->listen into host and port; false if malformed. */
bool ad_config_split_listen(const char *listen, char *host, size_t hostcap, unsigned *port);

#endif
