/*
 * Mail server: the domain of an address in ASCII before the MX lookup.
 *
 * xn_email_to_ascii() splits the address at its last '@', converts the
 * domain (UTS #46 ToASCII, every check on) and keeps the local part as it
 * is; an address with no '@' or an empty part is XN_E_BAD_ADDRESS, never a
 * crash.  smtputf8 says whether the local part needs the SMTPUTF8 extension.
 *
 *   cc mail.c $(pkg-config --cflags --libs xn) && ./a.out
 */
#include <stdio.h>
#include <string.h>
#include <xn.h>

/* Writes the address to use on the wire into out; returns 0, or -1 after
 * logging why the address is refused. */
static int address_for_smtp(const char *address, char *out, size_t out_cap)
{
    xn_report rep = XN_REPORT_INIT;
    size_t len;
    int smtputf8;
    int rc = xn_email_to_ascii(address, strlen(address), out, out_cap, &len, 0, &rep,
                               &smtputf8);
    if (rc == XN_E_INVALID_DOMAIN) {
        char codes[64];
        xn_errors_format(rep.errors, codes, sizeof codes);
        printf("rejecting %s: %s in label %zu of the domain\n", address, codes, rep.label);
        return -1;
    }
    if (rc != XN_OK) {
        printf("rejecting %s: %s\n", address, xn_strerror(rc));
        return -1;
    }
    if (smtputf8)
        printf("%s needs SMTPUTF8\n", out);
    return 0;
}

int main(void)
{
    static const char *const addresses[] = {
        "info@b\u00FCcher.example",
        "\u7528\u6237@\u4F8B\u5B50.\u5E7F\u544A", /* 用户@例子.广告 */
        "postmaster@-bad-.example",
        "no-at-sign.example",
    };
    size_t i;
    for (i = 0; i < sizeof addresses / sizeof addresses[0]; i++) {
        char wire[512]; /* a local part may be longer than any domain */
        if (address_for_smtp(addresses[i], wire, sizeof wire) == 0)
            printf("%s\n", wire);
    }
    return 0;
}
