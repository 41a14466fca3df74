/*
 * Browser or HTTP client: the URL Standard's host processing.
 *
 * XN_WHATWG is the URL Standard's "domain to ASCII" (beStrict=false): what
 * browsers do with the host of a URL.  The ASCII form goes to the resolver,
 * the cache and comparisons; the Unicode form is for showing, and only when
 * ToUnicode succeeds (on a violation it still writes its best effort, which
 * must not be shown as if it were the name).
 *
 *   cc http.c $(pkg-config --cflags --libs xn) && ./a.out
 */
#include <stdio.h>
#include <string.h>
#include <xn.h>

/* Fills host (ASCII) and shown (for the address bar); returns 0, or -1 when
 * the host is not a valid domain (the URL fails to parse). */
static int process_host(const char *input, char *host, size_t host_cap, char *shown,
                        size_t shown_cap)
{
    size_t len, shown_len;
    if (xn_to_ascii(input, strlen(input), host, host_cap, &len, XN_WHATWG, NULL) != XN_OK)
        return -1; /* domain to ASCII failed */
    /* host is lower-case ASCII.  Show Unicode only when it converts back. */
    if (xn_to_unicode(host, len, shown, shown_cap, &shown_len, XN_WHATWG, NULL) != XN_OK &&
        len < shown_cap)
        memcpy(shown, host, len + 1);
    return 0;
}

int main(void)
{
    static const char *const inputs[] = {
        "B\u00FCcher.Example",
        "a_b.example",              /* no STD3 rules in URLs */
        "xn--a.example",            /* ASCII: the 2026 fallback keeps it */
        "exa mple.com",             /* a forbidden domain code point */
    };
    size_t i;
    for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        char host[1024], shown[1024];
        if (process_host(inputs[i], host, sizeof host, shown, sizeof shown) == 0)
            printf("%s -> %s (shown as %s)\n", inputs[i], host, shown);
        else
            printf("%s -> URL parse failure\n", inputs[i]);
    }
    return 0;
}
