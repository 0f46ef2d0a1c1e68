/* systemd integration: readiness/stopping/watchdog notifications and socket activation.
 * Without libsystemd (meson -Dsystemd=disabled) notifications are no-ops and LISTEN_FDS is
 * read directly. */
#ifndef AD_SD_H
#define AD_SD_H

#include <stdbool.h>
#include <stdint.h>

/* The first socket passed by socket activation, or -1. */
int ad_sd_listen_fd(void);
/* sd_notify(0, state) when built with libsystemd and NOTIFY_SOCKET is set. */
void ad_sd_notify(const char *state);
/* The watchdog interval in microseconds (0: no watchdog). */
uint64_t ad_sd_watchdog_usec(void);

#endif
