/* Loaded with LD_PRELOAD by daemon.mhd_pin: a libmicrohttpd that says it is another version, so
 * that arbiterd's start-up check (daemon/refusals.c) can be seen to leave the library's refusal
 * pages alone. Nothing else of the library changes. */
const char *MHD_get_version(void);

const char *MHD_get_version(void)
{
    return "0.9.99-test";
}
