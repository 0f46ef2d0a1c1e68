/* systemd integration: sd_notify and sd_listen_fds from libsystemd when the meson `systemd`
 * feature found it; otherwise LISTEN_FDS/LISTEN_PID are read here and notifications skipped. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sd.h"

#ifdef AD_HAVE_SYSTEMD
#include <systemd/sd-daemon.h>

int ad_sd_listen_fd(void)
{
    int n = sd_listen_fds(1);
    return n >= 1 ? SD_LISTEN_FDS_START : -1;
}

void ad_sd_notify(const char *state)
{
    sd_notify(0, state);
}

uint64_t ad_sd_watchdog_usec(void)
{
    uint64_t usec = 0;
    return sd_watchdog_enabled(0, &usec) > 0 ? usec : 0;
}

#else

int ad_sd_listen_fd(void)
{
    const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");
    if (!pid || !fds || strtol(pid, NULL, 10) != (long)getpid() || strtol(fds, NULL, 10) < 1)
        return -1;
    unsetenv("LISTEN_PID");
    unsetenv("LISTEN_FDS");
    unsetenv("LISTEN_FDNAMES");
    return 3;
}

void ad_sd_notify(const char *state)
{
    (void)state;
}

uint64_t ad_sd_watchdog_usec(void)
{
    return 0;
}

#endif
