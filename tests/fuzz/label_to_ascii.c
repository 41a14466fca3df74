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
    unsigned flags;
    char *in;
    fuzz_result l, n;

    fuzz_set_input(data, size);
    flags = fuzz_flags(&data, &size);
    in = fuzz_copy(data, size);
    l = fuzz_convert(FUZZ_LABEL_TO_ASCII, in, size, flags);
    n = fuzz_convert(FUZZ_TO_ASCII, in, size, flags);
    if (l.rc == XN_OK) {
        fuzz_result again;
        size_t i;
        for (i = 0; i < l.len; i++)
            FUZZ_ASSERT(l.out[i] != '.' && (unsigned char)l.out[i] < 0x80,
                        "flags 0x%X: label \"%s\" -> \"%s\": not one ASCII label", flags,
                        fuzz_show(in, size), fuzz_show(l.out, l.len));
        FUZZ_ASSERT(n.rc == XN_OK && n.len == l.len && memcmp(n.out, l.out, l.len) == 0,
                    "flags 0x%X: label \"%s\" -> \"%s\", as a name %s \"%s\"", flags,
                    fuzz_show(in, size), fuzz_show(l.out, l.len), xn_strerror_name(n.rc),
                    n.out ? fuzz_show(n.out, n.len) : "");
        again = fuzz_convert(FUZZ_LABEL_TO_ASCII, l.out, l.len, flags);
        FUZZ_ASSERT(again.rc == XN_OK && again.len == l.len &&
                        memcmp(again.out, l.out, l.len) == 0,
                    "not idempotent, flags 0x%X: \"%s\" -> \"%s\" -> %s", flags,
                    fuzz_show(in, size), fuzz_show(l.out, l.len), xn_strerror_name(again.rc));
        fuzz_result_free(&again);
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
