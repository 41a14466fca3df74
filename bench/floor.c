/*
 * A floor for the ToASCII benchmark: the name copied, NUL-terminated,
 * behind a call into a shared library of its own, as bench calls
 * xn_to_ascii() in libxn.so (a call through the PLT, arguments as
 * xn_to_ascii() takes them).  What such a call costs on top of memcpy is
 * no work of xn's; bench prints xn's ratio to both floors.
 */
#include <stddef.h>
#include <string.h>

int bench_floor_copy(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                     unsigned flags, void *report);

int
bench_floor_copy(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                 unsigned flags, void *report)
{
    (void)flags, (void)report;
    if (n >= cap)
        return -1;
    memcpy(out, in, n);
    out[n] = '\0';
    *out_len = n;
    return 0;
}
