/*
 * A program that converts one name and exits, as most programs that meet
 * IDNA do (curl, wget, ping, getent): idn2_lookup_u8() once on argv[1],
 * the result printed.  Built against the system's libidn2; run with
 * LD_LIBRARY_PATH at xn's compat/idn2 it loads xn's libidn2.so.0 instead
 * (bench/process-cost.py compares the two).
 */
#include <idn2.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    uint8_t *out = NULL;
    int rc;
    if (argc != 2) {
        fprintf(stderr, "usage: one-name NAME\n");
        return 2;
    }
    rc = idn2_lookup_u8((const uint8_t *)argv[1], &out, 0);
    if (rc != IDN2_OK) {
        fprintf(stderr, "one-name: %s\n", idn2_strerror(rc));
        return 1;
    }
    puts((const char *)out);
    idn2_free(out);
    return 0;
}
