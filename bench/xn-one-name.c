/*
 * one-name.c's twin on libxn itself: xn_to_ascii() once on argv[1], the
 * result printed, as a resolver or mail server linking libxn directly
 * converts a name.  bench/process-cost.py sets it beside one-name on the
 * system's libidn2: what a process that needs only libxn pays.
 */
#include <stdio.h>
#include <string.h>

#include "xn.h"

int main(int argc, char **argv)
{
    char out[XN_DOMAIN_MAX];
    size_t len = 0;
    int rc;
    if (argc != 2) {
        fprintf(stderr, "usage: xn-one-name NAME\n");
        return 2;
    }
    rc = xn_to_ascii(argv[1], strlen(argv[1]), out, sizeof out, &len, 0, NULL);
    if (rc != XN_OK) {
        fprintf(stderr, "xn-one-name: %s\n", xn_strerror(rc));
        return 1;
    }
    puts(out);
    return 0;
}
