/* The playground's files (web/), embedded at build time by embed_web.py: served with no file
 * system access, so an installed arbiterd needs nothing beside its binary. */
#ifndef AD_WEB_FILES_H
#define AD_WEB_FILES_H

typedef struct ad_web_file {
    const char *path;           /* relative to web/, e.g. "app.js", "vendor/cm-chessboard/..." */
    const char *content_type;
    const char *data;
    unsigned long len;
    const char *etag;           /* quoted, as sent */
    const char *gz;             /* its gzip, for text files of 1 KiB or more (else NULL) */
    unsigned long gz_len;
    const char *gz_etag;        /* the gzip's own tag, quoted */
} ad_web_file;

extern const ad_web_file ad_web_files[];     /* sorted by path (strcmp order) */
extern const unsigned long ad_web_file_count;

#endif
