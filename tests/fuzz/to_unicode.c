/*
 * Property: xn_to_unicode() on any bytes, with flags taken from the last
 * two input bytes (as in to_ascii.c), never crashes, reads only its input
 * and writes only within its capacity, and:
 *  - caller-buffer results equal the xn_to_unicode_alloc() results, and
 *    every too-small capacity gives XN_E_BUFFER_TOO_SMALL with the exact
 *    size (fuzz_convert() in fuzz_util.c), also when rules were violated
 *    (XN_E_INVALID_DOMAIN still yields the converted name);
 *  - the output, on success and on XN_E_INVALID_DOMAIN, is well-formed
 *    UTF-8;
 *  - on success no label of the output begins with "xn--" (any case) and
 *    no ASCII letter is upper case;
 *  - ToUnicode is idempotent on success: xn_to_unicode(output) succeeds
 *    with the output (without XN_TRANSITIONAL, which would map the
 *    deviations that decoded labels keep).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, flags);
    fuzz_result r;

    r = fuzz_convert(false, in, size, flags);
    fuzz_check_utf8(&r, "ToUnicode");
    if (r.rc == XN_OK) {
        size_t i, start = 0;
        for (i = 0; i <= r.len; i++) {
            if (i < r.len && r.out[i] != '.') {
                FUZZ_ASSERT(!(r.out[i] >= 'A' && r.out[i] <= 'Z'),
                            "ToUnicode output \"%s\" has upper case", fuzz_show(r.out, r.len));
                continue;
            }
            FUZZ_ASSERT(i - start < 4 || (r.out[start] | 0x20) != 'x' ||
                            (r.out[start + 1] | 0x20) != 'n' || r.out[start + 2] != '-' ||
                            r.out[start + 3] != '-',
                        "ToUnicode succeeded with an \"xn--\" label left: \"%s\"",
                        fuzz_show(r.out, r.len));
            start = i + 1;
        }
        if (!(flags & XN_TRANSITIONAL))
            fuzz_check_idempotent(FUZZ_TO_UNICODE, in, size, &r, flags);
    }
    return fuzz_end(in, &r, NULL);
}
