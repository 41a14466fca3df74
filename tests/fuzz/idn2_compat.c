/*
 * Property: the libidn2-compatible entry points (compat/idn2) on any bytes
 * never crash, leak or read past their input, and:
 *  - on failure they hand out no string (the output pointer is NULL);
 *  - idn2_lookup_u8 and idn2_to_ascii_8z agree, and so do the UTF-32 form
 *    idn2_to_ascii_4z on the same text;
 *  - a successful default lookup gives ASCII, and looking that up again
 *    gives it back unchanged;
 *  - a successful idn2_to_unicode_8z8z gives well-formed UTF-8;
 *  - idn2_register_u8 of a label that succeeds agrees with the lookup
 *    without mapping (IDN2_NO_TR46).
 * The first byte picks the flags (a libidn2 flag set, or the byte itself,
 * unknown bits included); the rest, up to a NUL, is the name.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "idn2.h"

static const int flag_sets[] = {
    0,
    IDN2_NONTRANSITIONAL,
    IDN2_TRANSITIONAL,
    IDN2_NO_TR46,
    IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL,
    IDN2_USE_STD3_ASCII_RULES | IDN2_NONTRANSITIONAL,
    IDN2_USE_STD3_ASCII_RULES | IDN2_TRANSITIONAL,
    IDN2_NO_TR46 | IDN2_NFC_INPUT,
};

/* Text to UTF-32 the simple way (the fuzzer's text is checked by the
 * library, not here): NULL when it is not well-formed UTF-8. */
static uint32_t *to_u32(const char *s)
{
    size_t n = strlen(s), k = 0, i = 0;
    uint32_t *w = malloc((n + 1) * sizeof *w);
    if (!w)
        abort();
    while (i < n) {
        size_t len = test_utf8_get((const unsigned char *)s + i, n - i, &w[k], false);
        if (!len) {
            free(w);
            return NULL;
        }
        k++;
        i += len;
    }
    w[k] = 0;
    return w;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int flags, rc, rc2;
    char *in, *a = NULL, *b = NULL;
    uint8_t *l = NULL, *again = NULL, *reg = NULL;
    uint32_t *w;

    fuzz_set_input(data, size);
    if (size == 0)
        return 0;
    flags = data[0] < 0xF0 ? flag_sets[data[0] % (sizeof flag_sets / sizeof flag_sets[0])]
                           : (int)data[0] - 0xF0 + 0x100; /* unknown bits */
    /* The name ends at a NUL, as libidn2's strings do: an exact-size
     * NUL-terminated copy, so that ASan sees any read past it. */
    in = malloc(size);
    if (!in)
        abort();
    memcpy(in, data + 1, size - 1);
    in[size - 1] = '\0';

    rc = idn2_lookup_u8((const uint8_t *)in, &l, flags);
    FUZZ_ASSERT((rc == IDN2_OK) == (l != NULL) || (rc == IDN2_OK && in[0] == '\0'),
                "lookup %s: output %s", idn2_strerror_name(rc), l ? "on failure" : "missing");
    rc2 = idn2_to_ascii_8z(in, &a, flags);
    FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK || strcmp(a, (char *)l) == 0),
                "to_ascii_8z %s differs from lookup_u8 %s", idn2_strerror_name(rc2),
                idn2_strerror_name(rc));
    w = to_u32(in);
    if (w) {
        char *c = NULL;
        rc2 = idn2_to_ascii_4z(w, &c, flags);
        FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK || strcmp(c, (char *)l) == 0),
                    "to_ascii_4z %s differs from lookup_u8 %s", idn2_strerror_name(rc2),
                    idn2_strerror_name(rc));
        free(c);
        free(w);
    }
    if (rc == IDN2_OK && (flags == 0 || flags == IDN2_NONTRANSITIONAL)) {
        size_t i;
        for (i = 0; l[i]; i++)
            FUZZ_ASSERT(l[i] < 0x80, "lookup output \"%s\" is not ASCII",
                        fuzz_show(l, strlen((char *)l)));
        rc2 = idn2_lookup_u8(l, &again, flags);
        FUZZ_ASSERT(rc2 == IDN2_OK && strcmp((char *)again, (char *)l) == 0,
                    "lookup of its own output \"%s\": %s", fuzz_show(l, strlen((char *)l)),
                    idn2_strerror_name(rc2));
        if (!strchr(in, '.') && in[0]) {
            /* Registration maps nothing: it agrees with lookup without
             * the UTS #46 mapping. */
            uint8_t *plain = NULL;
            int rc3 = idn2_lookup_u8((const uint8_t *)in, &plain, IDN2_NO_TR46);
            rc2 = idn2_register_u8((const uint8_t *)in, NULL, &reg, 0);
            if (rc2 == IDN2_OK)
                FUZZ_ASSERT(rc3 == IDN2_OK && strcmp((char *)reg, (char *)plain) == 0,
                            "register \"%s\" and lookup (NO_TR46) %s differ", (char *)reg,
                            idn2_strerror_name(rc3));
            else
                FUZZ_ASSERT(reg == NULL, "register output on failure");
            free(plain);
        }
    }
    rc2 = idn2_to_unicode_8z8z(in, &b, flags);
    if (rc2 == IDN2_OK && b)
        FUZZ_ASSERT(fuzz_utf8_valid(b, strlen(b)), "to_unicode output is no UTF-8");
    else
        FUZZ_ASSERT(b == NULL, "to_unicode output on failure");
    free(l);
    free(a);
    free(b);
    free(again);
    free(reg);
    free(in);
    return 0;
}
