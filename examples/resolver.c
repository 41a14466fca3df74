/*
 * Resolver: strict IDNA2008 lookup (RFC 5891 §5) before getaddrinfo().
 *
 * XN_IDNA2008_MAP maps the input first (case, width: UTS #46's mapping),
 * XN_ALLOW_ROOT_DOT accepts the fully qualified names resolvers see
 * ("example.com."), and the result is lower-case A-labels.  This example
 * prints the name it would pass to getaddrinfo() rather than ask the
 * network.
 *
 *   cc resolver.c $(pkg-config --cflags --libs xn) && ./a.out
 */
#include <stdio.h>
#include <string.h>
#include <xn.h>

/* The name to hand to the resolver, in ace; returns 0, or -1 (EAI_NONAME in
 * a real resolver) with the rules the name breaks. */
static int lookup_name(const char *name, char *ace, size_t ace_cap)
{
    xn_report rep = XN_REPORT_INIT;
    size_t len;
    int rc = xn_idna2008_lookup(name, strlen(name), ace, ace_cap, &len,
                                XN_IDNA2008_MAP | XN_ALLOW_ROOT_DOT, &rep);
    if (rc != XN_OK) {
        char codes[64];
        xn_errors_format(rep.errors, codes, sizeof codes);
        printf("%s: not a valid IDNA2008 name: %s (%s)\n", name, xn_strerror(rc), codes);
        return -1;
    }
    return 0;
}

int main(void)
{
    static const char *const names[] = {
        "example.com.",
        "B\u00FCcher.Example",
        "\u2603.example", /* ☃: DISALLOWED in IDNA2008 */
        "www.xn--4cab6c.se.",
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        char ace[XN_DOMAIN_MAX];
        if (lookup_name(names[i], ace, sizeof ace) == 0)
            printf("getaddrinfo(\"%s\")\n", ace);
    }
    return 0;
}
