/*
 * Property: xn_label_to_ascii() on any bytes, with flags taken from the
 * last two input bytes (as in to_ascii.c), never crashes, reads only its
 * input, writes only within its capacity, gives XN_E_BUFFER_TOO_SMALL with
 * the exact size to every too-small capacity (fuzz_convert()), and:
 *  - on success the output is one label: ASCII, without a '.' (a label
 *    separator anywhere, also one the mapping produces, is V5), in every
 *    profile, XN_URL_RULES included;
 *  - it agrees with xn_to_ascii(): when the label function succeeds, the
 *    name function succeeds with the same output, and when the name
 *    function succeeds with an output without '.', the label function
 *    succeeds with it too;
 *  - it is idempotent: xn_label_to_ascii(output) gives the output.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, flags);
    fuzz_result l, n;

    l = fuzz_convert(FUZZ_LABEL_TO_ASCII, in, size, flags);
    n = fuzz_convert(FUZZ_TO_ASCII, in, size, flags);
    if (l.rc == XN_OK) {
        size_t i;
        for (i = 0; i < l.len; i++)
            FUZZ_ASSERT(l.out[i] != '.' && (unsigned char)l.out[i] < 0x80,
                        "flags 0x%X: label \"%s\" -> \"%s\": not one ASCII label", flags,
                        fuzz_show(in, size), fuzz_show(l.out, l.len));
        fuzz_check_idempotent(FUZZ_LABEL_TO_ASCII, in, size, &l, flags);
    }
    fuzz_check_label_as_name(in, size, &l, &n, flags);
    return fuzz_end(in, &l, &n);
}
