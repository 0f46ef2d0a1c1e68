/* Answers written straight onto a socket (wire.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <linux/sockios.h>

#include "wire.h"

bool ad_wire_render(ad_wire_answer *a, int status, const char *phrase, aj_code code, long long limit,
                    const char *detail)
{
    aj_error e;
    aj_fail(&e, code, NULL);
    e.limit = limit;
    if (detail)
        snprintf(e.detail, sizeof e.detail, "%s", detail);
    json_t *obj = aj_error_json(&e, "en");
    size_t len = 0;
    char *text = obj ? aj_dumps(obj, &len) : NULL;
    json_decref(obj);
    bool ok = text && len < sizeof a->body;
    a->status = status;
    a->phrase = phrase;
    a->retry_after = -1;
    a->body_len = 0;
    if (ok) {
        memcpy(a->body, text, len + 1);
        a->body_len = len;
    }
    free(text);
    return ok;
}

/* Whether len more bytes surely fit the socket's send buffer: what is queued and not yet
 * acknowledged, plus len, within a quarter of its size (the kernel counts its own overhead
 * against the buffer too). */
static bool room_for(int fd, size_t len)
{
    int queued = 0, sndbuf = 0;
    socklen_t optlen = sizeof sndbuf;
    if (ioctl(fd, SIOCOUTQ, &queued) != 0 || getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &optlen) != 0)
        return false;
    return queued >= 0 && sndbuf > 0 && (size_t)queued + len <= (size_t)sndbuf / 4;
}

size_t ad_wire_write(int fd, const ad_wire_answer *a)
{
    if (!a->body_len)
        return 0;
    char date[40], retry[48] = "";
    struct tm tm;
    time_t now = time(NULL);
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime_r(&now, &tm));
    if (a->retry_after >= 0)
        snprintf(retry, sizeof retry, "Retry-After: %ld\r\n", a->retry_after);
    char out[800];
    int n = snprintf(out, sizeof out,
                     "HTTP/1.1 %d %s\r\nDate: %s\r\nConnection: close\r\nContent-Type: application/json\r\n"
                     "Content-Language: en\r\n%sContent-Length: %zu\r\n\r\n%s",
                     a->status, a->phrase, date, retry, a->body_len, a->body);
    if (n <= 0 || (size_t)n >= sizeof out || !room_for(fd, (size_t)n))
        return 0;
    ssize_t sent = send(fd, out, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
    return sent == n ? a->body_len : 0;
}
