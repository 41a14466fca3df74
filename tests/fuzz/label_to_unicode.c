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
    FUZZ_INPUT(in, flags);
    fuzz_result l, n;

    l = fuzz_convert(FUZZ_LABEL_TO_UNICODE, in, size, flags);
    n = fuzz_convert(FUZZ_TO_UNICODE, in, size, flags);
    fuzz_check_utf8(&l, "label_to_unicode");
    if (l.rc == XN_OK) {
        FUZZ_ASSERT(!memchr(l.out, '.', l.len), "flags 0x%X: label \"%s\" -> \"%s\" has a dot",
                    flags, fuzz_show(in, size), fuzz_show(l.out, l.len));
        if (!(flags & XN_TRANSITIONAL))
            fuzz_check_idempotent(FUZZ_LABEL_TO_UNICODE, in, size, &l, flags);
    }
    fuzz_check_label_as_name(in, size, &l, &n, flags);
    return fuzz_end(in, &l, &n);
}
