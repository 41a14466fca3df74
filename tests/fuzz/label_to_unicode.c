/*
 * Property: xn_label_to_unicode() on any bytes, with flags taken from the
 * last two input bytes (as in to_ascii.c), never crashes, reads only its
 * input, writes only within its capacity, gives XN_E_BUFFER_TOO_SMALL with
 * the exact size to every too-small capacity (fuzz_convert()), and:
 *  - its output (on success and on XN_E_INVALID_DOMAIN) is UTF-8;
 *  - on success the output is one label, without a '.';
 *  - it agrees with xn_to_unicode(): when the label function succeeds, the
 *    name function succeeds with the same output, and when the name
 *    function succeeds with an output without '.', so does the label
 *    function;
 *  - without XN_TRANSITIONAL it is idempotent on success.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned flags;
    char *in;
    fuzz_result l, n;

    fuzz_set_input(data, size);
    flags = fuzz_flags(&data, &size);
    in = fuzz_copy(data, size);
    l = fuzz_convert(FUZZ_LABEL_TO_UNICODE, in, size, flags);
    n = fuzz_convert(FUZZ_TO_UNICODE, in, size, flags);
    if (l.out)
        FUZZ_ASSERT(fuzz_utf8_valid(l.out, l.len), "output \"%s\" is no UTF-8",
                    fuzz_show(l.out, l.len));
    if (l.rc == XN_OK) {
        FUZZ_ASSERT(!memchr(l.out, '.', l.len), "flags 0x%X: label \"%s\" -> \"%s\" has a dot",
                    flags, fuzz_show(in, size), fuzz_show(l.out, l.len));
        FUZZ_ASSERT(n.rc == XN_OK && n.len == l.len && memcmp(n.out, l.out, l.len) == 0,
                    "flags 0x%X: label \"%s\" -> \"%s\", as a name %s \"%s\"", flags,
                    fuzz_show(in, size), fuzz_show(l.out, l.len), xn_strerror_name(n.rc),
                    n.out ? fuzz_show(n.out, n.len) : "");
        if (!(flags & XN_TRANSITIONAL)) {
            fuzz_result again = fuzz_convert(FUZZ_LABEL_TO_UNICODE, l.out, l.len, flags);
            FUZZ_ASSERT(again.rc == XN_OK && again.len == l.len &&
                            memcmp(again.out, l.out, l.len) == 0,
                        "not idempotent, flags 0x%X: \"%s\" -> \"%s\" -> %s", flags,
                        fuzz_show(in, size), fuzz_show(l.out, l.len),
                        xn_strerror_name(again.rc));
            fuzz_result_free(&again);
        }
    }
    if (n.rc == XN_OK && !memchr(n.out, '.', n.len))
        FUZZ_ASSERT(l.rc == XN_OK,
                    "flags 0x%X: name \"%s\" -> \"%s\" (one label), as a label %s 0x%llX",
                    flags, fuzz_show(in, size), fuzz_show(n.out, n.len),
                    xn_strerror_name(l.rc), (unsigned long long)l.report.errors);
    fuzz_result_free(&l);
    fuzz_result_free(&n);
    free(in);
    return 0;
}
