/* arbiterd logging: leveled lines on stderr (journald-friendly priority prefixes). */
#ifndef AD_LOG_H
#define AD_LOG_H

enum { AD_LOG_ERROR = 0, AD_LOG_WARN = 1, AD_LOG_INFO = 2, AD_LOG_DEBUG = 3 };

/* Set once at start-up, before any thread runs. */
void ad_log_init(int level);
int ad_log_level(void);
void ad_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
